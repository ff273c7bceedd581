import ArgumentParser
import Foundation
import RefreshSystem
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump render`: one frame of one plugin to a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame of an indicator to a PNG.",
        discussion: "Example: refresh-dump render --plugin Spinner --state pulling:0.6 --theme dark --out frame.png"
    )

    @OptionGroup var plugin: PluginOptions
    @OptionGroup var frame: FrameOptions
    @Option(help: "Where to write the PNG.")
    var out: String = "frame.png"
    @Flag(help: "Render on a transparent background instead of the theme's.")
    var transparent = false
    @Flag(help: "When a plugin draws only the valid part of its input (path data with a late error), exit 0 rather than 2; the warning is printed either way.")
    var lenient = false

    func run() throws {
        let (indicator, warning) = try plugin.makeIndicatorLeniently(plugin.isolation.isolation)
        let frameValue = try frame.spec().frame(refreshLength: indicator.refreshLength)
        indicator.refreshState = frameValue.state
        let image = try FrameRenderer.render(indicator, frame: frameValue, background: transparent ? .clear : nil)
        try OutputFile.makeFolder(containing: out)
        try image.writePNG(to: out)
        print("\(out): \(indicator.info.name) \(frameValue.state) \(image.width)×\(image.height) px")
        // A plugin that fails in destroy has still drawn the frame: it is written, and the fault named.
        try (indicator as? RemoteIndicator)?.close()
        if let warning {
            FileHandle.standardError.write(Data("warning: \(warning); drew the valid part\n".utf8))
            if !lenient { throw ExitCode(2) }
        }
    }
}
