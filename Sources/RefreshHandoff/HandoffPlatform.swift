import Foundation
import RefreshHost

/// The platforms a handoff is written for, a file each: MJRefresh (Swift and Objective-C),
/// SmartRefreshLayout (Kotlin), flutter_easy_refresh (Dart), SwiftUI and Jetpack Compose
/// (Material 3); and each of the five again playing the plugin's Lottie export with its platform's
/// Lottie runtime (lottie-ios in Swift and Objective-C, lottie-android, the Flutter lottie package,
/// lottie-compose); MJRefresh's GIF header showing the exported frames; and the web with lottie-web.
package enum HandoffPlatform: String, CaseIterable, Sendable {
    case mjrefreshSwift, mjrefreshObjectiveC, mjrefreshLottie, mjrefreshLottieObjectiveC, mjrefreshGif, smartRefreshLayout, smartRefreshLayoutLottie, easyRefresh, easyRefreshLottie, swiftUI, swiftUILottie, compose, composeLottie, web

    /// The file's name in a handoff folder.
    package var fileName: String {
        switch self {
        case .mjrefreshSwift: "mjrefresh.swift"
        case .mjrefreshObjectiveC: "mjrefresh.m"
        case .mjrefreshLottie: "mjrefresh-lottie.swift"
        case .mjrefreshLottieObjectiveC: "mjrefresh-lottie.m"
        case .mjrefreshGif: "mjrefresh-gif.swift"
        case .smartRefreshLayout: "smartrefreshlayout.kt"
        case .smartRefreshLayoutLottie: "smartrefreshlayout-lottie.kt"
        case .easyRefresh: "easyrefresh.dart"
        case .easyRefreshLottie: "easyrefresh-lottie.dart"
        case .swiftUI: "swiftui.swift"
        case .swiftUILottie: "swiftui-lottie.swift"
        case .compose: "compose.kt"
        case .composeLottie: "compose-lottie.kt"
        case .web: "web-lottie.js"
        }
    }

    /// The platform's name, for a tab.
    package var title: String {
        switch self {
        case .mjrefreshSwift: "MJRefresh (Swift)"
        case .mjrefreshObjectiveC: "MJRefresh (Objective-C)"
        case .mjrefreshLottie: "MJRefresh + Lottie (Swift)"
        case .mjrefreshLottieObjectiveC: "MJRefresh + Lottie (Objective-C)"
        case .mjrefreshGif: "MJRefresh GIF header (Swift)"
        case .smartRefreshLayout: "SmartRefreshLayout (Kotlin)"
        case .smartRefreshLayoutLottie: "SmartRefreshLayout + Lottie (Kotlin)"
        case .easyRefresh: "flutter_easy_refresh (Dart)"
        case .easyRefreshLottie: "flutter_easy_refresh + Lottie (Dart)"
        case .swiftUI: "SwiftUI"
        case .swiftUILottie: "SwiftUI + Lottie"
        case .compose: "Jetpack Compose (Material 3)"
        case .composeLottie: "Jetpack Compose + Lottie"
        case .web: "Web + Lottie (lottie-web)"
        }
    }

    /// The libraries the file is written for, each with its version and how an app adds it
    /// (SwiftPM, CocoaPods, Gradle or pub coordinates): what its calls were read against.
    package var versions: [String] {
        switch self {
        case .mjrefreshSwift, .mjrefreshObjectiveC: MJRefreshHandoff.versions
        case .mjrefreshLottie, .mjrefreshLottieObjectiveC: MJRefreshLottieHandoff.versions
        case .mjrefreshGif: MJRefreshGifHandoff.versions
        case .smartRefreshLayout: SmartRefreshLayoutHandoff.versions
        case .smartRefreshLayoutLottie: SmartRefreshLayoutLottieHandoff.versions
        case .easyRefresh: EasyRefreshHandoff.versions
        case .easyRefreshLottie: EasyRefreshLottieHandoff.versions
        case .swiftUI: SwiftUIHandoff.versions
        case .swiftUILottie: SwiftUILottieHandoff.versions
        case .compose: ComposeHandoff.versions
        case .composeLottie: ComposeLottieHandoff.versions
        case .web: WebLottieHandoff.versions
        }
    }

    /// Whether the file plays the plugin's export (its Lottie, or its frames): written from ``LottiePlayback``.
    package var playsExport: Bool {
        switch self {
        case .mjrefreshLottie, .mjrefreshLottieObjectiveC, .mjrefreshGif, .smartRefreshLayoutLottie, .easyRefreshLottie, .swiftUILottie, .composeLottie, .web: true
        case .mjrefreshSwift, .mjrefreshObjectiveC, .smartRefreshLayout, .easyRefresh, .swiftUI, .compose: false
        }
    }

    /// The code a developer pastes for `spec`, the motion spec and what the library cannot express
    /// in comments at its top.
    package func text(for spec: HandoffSpec) -> String { text(for: spec, motion: spec.motionLines) }

    /// ``text(for:)`` with the motion spec's lines already made (the curve fit behind them is the
    /// dear part, the same for every platform).
    func text(for spec: HandoffSpec, motion: [String]) -> String {
        let (limits, code): ([String], String) = switch self {
        case .mjrefreshSwift: (MJRefreshHandoff.limits(spec), MJRefreshHandoff.swift(spec))
        case .mjrefreshObjectiveC: (MJRefreshHandoff.limits(spec), MJRefreshHandoff.objectiveC(spec))
        case .mjrefreshLottie: (MJRefreshLottieHandoff.limits(spec), MJRefreshLottieHandoff.swift(spec))
        case .mjrefreshLottieObjectiveC: (MJRefreshLottieHandoff.limits(spec), MJRefreshLottieHandoff.objectiveC(spec))
        case .mjrefreshGif: (MJRefreshGifHandoff.limits(spec), MJRefreshGifHandoff.swift(spec))
        case .smartRefreshLayout: (SmartRefreshLayoutHandoff.limits(spec), SmartRefreshLayoutHandoff.kotlin(spec))
        case .smartRefreshLayoutLottie: (SmartRefreshLayoutLottieHandoff.limits(spec), SmartRefreshLayoutLottieHandoff.kotlin(spec))
        case .easyRefresh: (EasyRefreshHandoff.limits(spec), EasyRefreshHandoff.dart(spec))
        case .easyRefreshLottie: (EasyRefreshLottieHandoff.limits(spec), EasyRefreshLottieHandoff.dart(spec))
        case .swiftUI: (SwiftUIHandoff.limits(spec), SwiftUIHandoff.swift(spec))
        case .swiftUILottie: (SwiftUILottieHandoff.limits(spec), SwiftUILottieHandoff.swift(spec))
        case .compose: (ComposeHandoff.limits(spec), ComposeHandoff.kotlin(spec))
        case .composeLottie: (ComposeLottieHandoff.limits(spec), ComposeLottieHandoff.kotlin(spec))
        case .web: (WebLottieHandoff.limits(spec), WebLottieHandoff.javaScript(spec))
        }
        var header = ["Written for " + versions.joined(separator: "; ") + "."]
        header += motion
        if playsExport { header += [""] + LottiePlayback(spec).commentLines }
        header.append("")
        header.append(limits.isEmpty ? "\(title) expresses all of it." : "What \(title) cannot express:")
        header += limits.map { "  - \($0)" }
        return header.map(CodeText.lineComment).map { $0.isEmpty ? "//" : "// \($0)" }.joined(separator: "\n") + "\n\n" + code
    }

    /// A type name made of `name`'s letters and digits ("Water Drop" → "WaterDrop").
    static func typeName(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.first?.isLetter == true ? joined : "Indicator" + joined
    }

    /// `#RRGGBB[AA]` as red, green, blue and alpha in 0...1.
    static func components(_ hex: String) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let digits = Array(hex.dropFirst())
        func byte(_ i: Int) -> Double { Double(Int(String(digits[i..<i + 2]), radix: 16) ?? 0) / 255 }
        return (byte(0), byte(2), byte(4), digits.count == 8 ? byte(6) : 1)
    }
}
