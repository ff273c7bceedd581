import Foundation
import RefreshSystem
import RefreshCore
import RefreshHost
import RefreshPluginSDK

/// An export as PNG frames for the apps that animate images: each marker's frames at 1×, 2× and
/// 3× (the same frames as the Lottie file), as iOS names them for MJRefresh's `MJRefreshGifHeader`
/// (`setImages:forState:` — the pull's images indexed by the pull, the refreshing images looping)
/// and as Android's resources hold them for an `AnimationDrawable` (an `animation-list` per marker,
/// the dark theme in `drawable-night-*`).
///
/// `FOLDER/ios/light/refreshing_000.png`, `…_000@2x.png`, `…_000@3x.png` (and `ios/dark/dark_refreshing_000.png` …);
/// `FOLDER/android/res/drawable-mdpi/NAME_refreshing_000.png` (`-xhdpi` 2×, `-xxhdpi` 3×,
/// `drawable-night-*` dark) and `FOLDER/android/res/drawable/NAME_refreshing.xml`.
package enum FrameSets {
    /// The scales written, and Android's density folder for each.
    static let scales: [(scale: Double, ios: String, android: String)] = [(1, "", "mdpi"), (2, "@2x", "xhdpi"), (3, "@3x", "xxhdpi")]

    /// Writes `export` (the `theme` export of `indicator`, whose file name is `name`) into `folder`;
    /// the number of files written.
    @discardableResult
    package static func write(_ export: LottieExport, of indicator: any HostedIndicator, theme: IndicatorEnvironment.ColorScheme,
                              name: String, fps: Double, to folder: String) throws -> Int {
        var written = 0
        let prefix = androidName(name)
        for marker in export.markers {
            let frames = Array(export.frames[marker.start..<marker.start + marker.frames])
            let iosMarker = marker.name.replacingOccurrences(of: "@", with: "-")
            let androidMarker = androidName(marker.name)
            // Android's list: every frame, as long as the animation shows it (the dark theme's
            // frames have the same names, so a frame is never left out for being like the last).
            var items: [(drawable: String, milliseconds: Int)] = []
            for (index, frame) in frames.enumerated() {
                let number = String(format: "%03d", index)
                let pngs = try scales.map { scale in
                    var scaled = frame
                    scaled.scale = scale.scale
                    indicator.refreshState = scaled.state
                    return try FrameRenderer.render(indicator, frame: scaled, background: .clear).pngData()
                }
                for ((_, iosSuffix, density), png) in zip(scales, pngs) {
                    // Named apart, so both themes' images can go in one bundle.
                    let ios = "\(folder)/ios/\(theme.rawValue)/\(theme == .dark ? "dark_" : "")\(iosMarker)_\(number)\(iosSuffix).png"
                    try OutputFile.makeFolder(containing: ios)
                    try OutputFile.write(png, to: ios)
                    written += 1
                    let android = "\(folder)/android/res/drawable\(theme == .dark ? "-night" : "")-\(density)/\(prefix)_\(androidMarker)_\(number).png"
                    try OutputFile.makeFolder(containing: android)
                    try OutputFile.write(png, to: android)
                    written += 1
                }
                let milliseconds = Int((Double(index + 1) * 1000 / fps).rounded()) - Int((Double(index) * 1000 / fps).rounded())
                items.append(("\(prefix)_\(androidMarker)_\(number)", milliseconds))
            }
            guard theme == .light else { continue }
            let loops = export.loopingMarkers.contains(marker.name)
            // Handoff's table (LottiePlayback): the pull's markers are scrubbed, not played.
            let base = LottieMarker(rawValue: marker.name.split(separator: "@").first.map(String.init) ?? "")
            let last = max(0, frames.count - 1), reach = String(format: "%g", export.overpull?.reach ?? 1)
            let plays = base == .pulling ? "scrubbed by the pull, not played: selectDrawable(round(pull ÷ trigger × \(last)))"
                : base == .overpulling ? "scrubbed by the pull past the trigger, not played: selectDrawable(round((pull ÷ trigger − 1) ÷ (\(reach) − 1) × \(last)))"
                : loops ? "one loop" : "played once"
            var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- \(Self.xmlComment(name))'s \(marker.name), exported by refresh-dump export (\(plays)); \
            the dark theme's frames are in drawable-night-*. -->
            <animation-list xmlns:android="http://schemas.android.com/apk/res/android" android:oneshot="\(!loops)">

            """
            for item in items {
                xml += "    <item android:drawable=\"@drawable/\(item.drawable)\" android:duration=\"\(max(1, item.milliseconds))\" />\n"
            }
            xml += "</animation-list>\n"
            let list = "\(folder)/android/res/drawable/\(prefix)_\(androidMarker).xml"
            try OutputFile.makeFolder(containing: list)
            try OutputFile.write(xml, to: list)
            written += 1
        }
        return written
    }

    /// `text` as an Android resource name: lower case letters, digits and underscores.
    static func androidName(_ text: String) -> String {
        let name = String(text.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return name.first?.isLetter == true ? name : "frame_" + name
    }

    /// `text` inside an XML comment: no `--` (which would end it, or make the file malformed) and no line break.
    static func xmlComment(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let c: Unicode.Scalar = scalar.properties.generalCategory == .control ? " " : scalar
            if c == "-", result.hasSuffix("-") { result += " " }
            result.unicodeScalars.append(c)
        }
        return result.hasSuffix("-") ? result + " " : result
    }
}
