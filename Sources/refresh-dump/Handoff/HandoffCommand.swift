import ArgumentParser
import Foundation
import RefreshCore
import RefreshSystem
import RefreshHandoff
import RefreshLottieExport
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump handoff`: what a developer pastes to rebuild the tuned indicator, a file per
/// platform (MJRefresh in Swift and Objective-C, SmartRefreshLayout, flutter_easy_refresh,
/// SwiftUI, Jetpack Compose), each with the motion spec and what the platform cannot express; and
/// MJRefresh with lottie-ios playing the plugin's Lottie export, written beside it (light and dark).
struct HandoffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handoff",
        abstract: "Write the tuned indicator as code for MJRefresh, SmartRefreshLayout, flutter_easy_refresh, SwiftUI and Jetpack Compose.",
        discussion: "Example: refresh-dump handoff --plugin \"Water Drop\" --param stretch=120 --out handoff"
    )

    @OptionGroup var plugin: PluginOptions
    @Option(help: "The scenario whose edge settings (trigger, hold, timing, placement) to hand off (a file or shipped name).")
    var scenario: String = "pull-to-refresh"
    @Option(help: "Output folder.")
    var out: String = "out/handoff"
    @Option(help: "The locales to export the indicator's words in, BCP 47 tags (en,zh-Hans,ar): a file each, the first's named without its locale; the code plays the app's. Default: every language the plugin says it draws words in, else en.")
    var locale: String?
    @Option(help: "The haptics the code plays: off, threshold or thresholdAndStart. Default: the scenario's, else the preview's (thresholdAndStart: a tick at the trigger, an impact when the finger starts a refresh).")
    var haptics: String?

    func run() throws {
        OutputRoots.add(out)
        let path = try plugin.searchPath.resolve(plugin.plugin)
        let loaded = try plugin.isolation.isolation.load(path)
        let locales = try LocaleList.tags(locale, drawn: loaded.info.drawnLocales)
        let values = try JSONDecoder().decode([String: ParameterValue].self, from: Data(plugin.parametersJSON(for: loaded).utf8))
        let player = try ScenarioPlayer(scenario: Scenario.load(path: scenario), searchPath: plugin.searchPath, pluginOverride: loaded, parameterOverrides: values)
        guard var spec = HandoffSpec(player: player) else { throw ValidationError("--scenario \(scenario): it has no edge to hand off") }
        spec.locales = locales
        if let haptics { spec.haptics = try HapticFeedback.option(haptics) }
        // The dark animation exported beside the light one, by a second plugin-host child.
        let isolation = plugin.isolation.isolation
        let dark = isolation == .inProcess ? nil : try isolation.load(path).makeIndicator(parametersJSON: ParameterValue.json(values))
        let indicator = try loaded.makeIndicator(parametersJSON: ParameterValue.json(values))
        // Each locale's export, light and dark; the first's files carry no locale in their names.
        var exports: [(locale: String, theme: IndicatorEnvironment.ColorScheme, export: LottieExport)] = []
        for tag in locales {
            exports += try spec.export(indicator, dark: dark, locale: tag).map { (tag, $0.theme, $0.export) }
        }
        try OutputFile.makeFolder(out)
        for (platform, text) in spec.files {
            try OutputFile.write(Data(text.utf8), to: "\(out)/\(platform.fileName)")
            print("\(platform.title): \(out)/\(platform.fileName)")
        }
        try OutputFile.write(Data(WebLottieHandoff.demoPage(spec).utf8), to: "\(out)/\(WebLottieHandoff.demoFileName)")
        print("Web demo (a list using web-lottie.js; serve the folder, with lottie-web as ./lottie-web.js): \(out)/\(WebLottieHandoff.demoFileName)")
        for (tag, theme, export) in exports {
            let path = "\(out)/\(LottieExport.fileName(spec.name, theme: theme, locale: tag, primary: tag == locales[0])).json"
            try OutputFile.write(export.json, to: path)
            print("Lottie export (\(theme.rawValue)\(locales.count > 1 ? ", \(tag)" : "")): \(path)")
        }
    }
}
