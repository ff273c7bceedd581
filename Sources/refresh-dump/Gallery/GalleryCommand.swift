import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGraphics
import RefreshHandoff
import RefreshLottieExport
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump gallery`: every plugin in its key moments, light and dark, as a strip per plugin,
/// one sheet of them all and a page that names each.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Draw every plugin in its key moments (light and dark): a strip each, one sheet, and a page.",
        discussion: """
            Writes DIR/<plugin id>.png, DIR/gallery.png (the strips stacked, named) and DIR/index.html \
            (each plugin's name, id, version, summary, placement and parameters beside its strip). \
            Without --plugin: every plugin the search path finds (the built-ins and yours). A plugin that \
            fails to load or to draw gets an error card in its place, the others are drawn, and the \
            command exits 1. --export also writes each plugin as Lottie (DIR/<plugin id>.json, -dark.json, \
            .lottie) and links the files from the page. `make gallery` writes the project's into out/gallery.
            Example: refresh-dump gallery --out out/gallery --export
            """
    )

    @Option(name: .long, help: "A plugin to draw (an id, a name or a path; repeatable). Default: every plugin found.")
    var plugin: [String] = []
    @OptionGroup var search: SearchPathOptions
    @OptionGroup var isolation: IsolationOptions
    @Option(help: "Output folder.")
    var out: String = "out/gallery"
    @Option(help: "Pixels per point, 1...4.")
    var scale: Double = 2
    @Flag(help: "Also export each plugin as Lottie (DIR/<id>.json, <id>-dark.json, <id>.lottie, as refresh-dump export writes them) and link the files from the page.")
    var export = false

    /// One plugin's entry: who it is (nil when it did not load), its strip, and what went wrong.
    struct Entry {
        var reference: String
        var info: PluginInfo?
        var file: String
        var failure: String?
        /// The plugin's `.lottie` (with `--export`), or why it could not be written.
        var export: Result<String, ExportFailure>?
    }

    /// Why a plugin's export was not written.
    struct ExportFailure: Error {
        var reason: String
    }

    func run() throws {
        OutputRoots.add(out)
        guard scale.isFinite, (1...4).contains(scale) else { throw ValidationError("--scale must be 1...4") }
        let searchPath = search.searchPath
        let references: [Result<String, PluginError>] = plugin.isEmpty
            ? searchPath.discover().map { $0.map(\.path) }
            : plugin.map { reference in Result { () throws(PluginError) in try searchPath.resolve(reference) } }
        guard !references.isEmpty else { throw ValidationError("no plugins found in \(searchPath.directories.joined(separator: ":"))") }
        try makeDirectory(out)
        var entries: [Entry] = [], strips: [(name: String, image: ImageSurface)] = []
        for reference in references {
            let (entry, strip) = try draw(reference)
            entries.append(entry)
            strips.append((entry.info.map { "\($0.indicator.name) · \($0.indicator.id) \($0.indicator.version)" } ?? entry.reference, strip))
            try strip.writePNG(to: "\(out)/\(entry.file)")
            print(entry.failure.map { "✗ \(entry.reference): \($0)" } ?? "✓ \(entry.info!.indicator.name): \(out)/\(entry.file)")
            switch entry.export {
            case .success(let lottie)?: print("  exported \(out)/\(lottie)")
            case .failure(let failure)?: print("  ✗ export: \(failure.reason)")
            case nil: break
            }
        }
        try GalleryPage.sheet(strips, scale: scale).writePNG(to: "\(out)/gallery.png")
        try OutputFile.write(GalleryPage.html(entries), to: "\(out)/index.html")
        let failed = entries.filter { entry in
            if entry.failure != nil { return true }
            if case .failure? = entry.export { return true }
            return false
        }.count
        print("\(entries.count - failed) of \(entries.count) plugins drawn: \(out)/gallery.png, \(out)/index.html")
        if failed > 0 { throw ExitCode(1) }
    }

    /// Loads and draws one plugin; a failure becomes a strip with the reason on it.
    func draw(_ reference: Result<String, PluginError>) throws -> (Entry, ImageSurface) {
        let path: String
        switch reference {
        case .success(let found): path = found
        case .failure(let error): return try failed(Entry(reference: error.file, file: Self.fileName(error.file)), error)
        }
        var entry = Entry(reference: path, file: Self.fileName(path))
        do {
            let library = try isolation.isolation.load(path)
            entry.info = library.info
            entry.file = Self.fileName(library.info.indicator.id)
            let indicator = try library.makeIndicator(parametersJSON: "{}")
            let (image, errors) = try GalleryStrip.render(indicator, scale: scale)
            entry.failure = errors.first.map { "\($0)" }
            if export { entry.export = exportLottie(indicator, file: entry.file) }
            return (entry, image)
        } catch let error as PluginError {
            return try failed(entry, error)
        }
    }

    /// The light and dark exports and the `.lottie` holding both, named as the strip (`file` without `.png`).
    private func exportLottie(_ indicator: any HostedIndicator, file: String) -> Result<String, ExportFailure> {
        let name = String(file.dropLast(4))
        do {
            try LottieExport.writeFiles(try LottieExport.bothThemes(indicator, info: indicator.info, options: LottieExport.Options()), named: name, in: out)
            return .success("\(name).lottie")
        } catch {
            return .failure(ExportFailure(reason: PlainErrorText.words(error)))
        }
    }

    private func failed(_ entry: Entry, _ error: PluginError) throws -> (Entry, ImageSurface) {
        var entry = entry
        entry.failure = "\(error)"
        return (entry, try GalleryPage.card(entry.failure!, scale: scale))
    }

    /// A PNG file name for an id, or for a library's path (its file name without `.so`): letters,
    /// digits, `.`, `_` and `-` kept, the rest `_`.
    static func fileName(_ name: String) -> String {
        let last = (name as NSString).lastPathComponent
        let base = last.hasSuffix(".so") ? String(last.dropLast(3)) : last
        return String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" }.prefix(100)) + ".png"
    }
}
