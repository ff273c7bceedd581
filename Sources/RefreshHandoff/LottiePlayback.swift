import RefreshHost
import RefreshLottieExport
import RefreshPluginSDK

/// How an app plays the plugin's Lottie export, state by state, and how large it is on screen: the
/// one table every handoff that plays the export is written from (MJRefresh in Swift and
/// Objective-C, its GIF header, SmartRefreshLayout, flutter_easy_refresh, SwiftUI, Compose), and
/// what their tests hold each generated file to.
///
/// | moment | marker | plays | shows for |
/// |---|---|---|---|
/// | pulling, below the trigger | `pulling` | scrubbed: 0 pt → its first frame, the trigger → its last | the pull |
/// | past the trigger, finger down | `eligible` | its motion once, then its last frame stays (looped where the plugin draws it repeating) | the state |
/// | refreshing begins | `refreshingStart` (where the export has one) | once, then `refreshing` | its frames |
/// | refreshing | `refreshing` | looped | the state |
/// | succeeded | `success` | once, then its last frame stays | the result hold, then the edge closes |
/// | failed | `failure` | once, then its last frame stays | the result hold, then the edge closes |
/// | no more data | `noMoreData` | once, then its last frame stays (looped where it repeats) | the state |
/// | past the trigger, finger down, once `eligible` has played | `overpulling` (where the export has it) | scrubbed: the trigger → its first frame, ``overpullReach`` triggers → its last | the pull |
///
/// Only `pulling` and `overpulling` are scrubbed: `pulling` only while the finger pulls below the
/// trigger, `overpulling` only while it pulls past it and `eligible`'s motion has played (its last
/// frame is `overpulling`'s first); a marker that plays is never restarted by a finger's move. A
/// marker the file lacks is skipped, never a crash (without `overpulling`, `eligible`'s last frame stays).
///
/// **Size**: 1 pt of the export is 1 pt on screen, at the size the file says (its `w` and `h`), centred
/// across the header, its bottom on the list's top edge (the edge the pull reveals, as the preview
/// places a frame at the same pull). A header narrower than the export crops its sides; a scene that
/// paints the whole gap (``IndicatorPlacement/stretch``) is exported ``sceneWidth`` wide, so every
/// phone from 320 to 430 pt shows it 1:1 with no empty band, and a wider header (a tablet) scales it
/// up to its width. An export with an over-pull drawn taller (a scene that fills the gap) is that
/// tall, the band at its bottom: pulled past the band, the scene goes on filling the top up to
/// ``overpullReach`` triggers; past the export's height an over-pull shows the header's background.
package struct LottiePlayback: Equatable, Sendable {
    /// How a moment's marker plays.
    package enum Play: String, Sendable {
        /// Not played: the pull sets the frame.
        case scrub
        /// From its first frame over and over.
        case loop
        /// Once from its first frame; then its last frame stays.
        case once
    }

    /// A row of the table.
    package struct Row: Equatable, Sendable {
        /// The marker the export names the moment by.
        package var marker: LottieMarker
        package var play: Play
        /// Seconds the moment shows before the edge closes; nil while its state lasts.
        package var hold: Double?
        /// The marker played when this one has played once, in the same state (`refreshing` after `refreshingStart`).
        package var then: LottieMarker?

        package init(marker: LottieMarker, play: Play, hold: Double? = nil, then: LottieMarker? = nil) {
            (self.marker, self.play, self.hold, self.then) = (marker, play, hold, then)
        }
    }

    /// The rows, in the export's marker order.
    package let rows: [Row]
    /// Points pulled at which `pulling` reaches its last frame (the trigger).
    package let trigger: Double
    /// Whether a header wider than the export scales it up to its width (a scene that paints the
    /// whole gap); otherwise it is shown 1:1, centred.
    package var fillsWidth: Bool { placement == .stretch }
    /// The export's size in points, as `refresh-dump handoff` writes it beside the code: the band,
    /// ``sceneWidth`` wide for a scene that fills the width, as tall as an over-pull drawn taller.
    package let exportSize: Size
    /// The band the export's markers other than `overpulling` are drawn in (render's), and how the indicator sits.
    package let band: Size, placement: IndicatorPlacement

    /// How far `overpulling` goes, in triggers (1: the export has no over-pull).
    package let overpullReach: Double

    /// The width a scene that paints the whole gap is exported at: the widest phone's (430 pt),
    /// so that no phone shows an empty band beside it.
    package static let sceneWidth = 430.0

    /// The table for `spec` (its result hold, its trigger, its placement), its export drawn in a
    /// band of `band` (render's default).
    package init(_ spec: HandoffSpec, band: Size = Defaults.bandSize) {
        trigger = spec.trigger
        (self.band, placement) = (band, spec.placement)
        exportSize = Size(width: spec.placement == .stretch ? max(band.width, Self.sceneWidth) : band.width, height: max(band.height, spec.overpull?.height ?? 0))
        overpullReach = spec.overpull?.reach ?? 1
        rows = LottieMarker.allCases.map { marker in
            switch marker {
            case .pulling: Row(marker: marker, play: .scrub, hold: nil)
            case .eligible, .noMoreData: Row(marker: marker, play: spec.loopingMarkers.contains(marker.rawValue) ? .loop : .once, hold: nil)
            case .refreshingStart: Row(marker: marker, play: .once, then: .refreshing)
            case .refreshing: Row(marker: marker, play: .loop, hold: nil)
            case .success, .failure: Row(marker: marker, play: .once, hold: spec.resultHold)
            case .overpulling: Row(marker: marker, play: .scrub, hold: nil)
            }
        }
    }

    /// The row of `marker`.
    package subscript(_ marker: LottieMarker) -> Row { rows.first { $0.marker == marker }! }

    /// The frame of `pulling` a pull of `points` shows, as a fraction of the marker (0 its first
    /// frame, 1 its last); nil past the trigger, where the pull no longer scrubs.
    package func scrub(atPull points: Double) -> Double? {
        guard trigger > 0, points < trigger else { return nil }
        return max(0, points) / trigger
    }

    /// The frame of `overpulling` a pull of `points` shows, as a fraction of the marker; nil below
    /// the trigger and when the export has no over-pull.
    package func overpullScrub(atPull points: Double) -> Double? {
        guard trigger > 0, overpullReach > 1, points >= trigger else { return nil }
        return min(1, (points - trigger) / (trigger * (overpullReach - 1)))
    }

    /// The scale a header `headerWidth` wide shows an export `exportWidth` wide at.
    package func scale(headerWidth: Double, exportWidth: Double) -> Double {
        guard fillsWidth, exportWidth > 0 else { return 1 }
        return max(1, headerWidth / exportWidth)
    }

    /// The options the export the code plays is written with: ``exportSize``'s width, the band's
    /// height (an over-pull drawn taller makes the export ``exportSize`` tall), the placement, the
    /// rest as `refresh-dump export`'s defaults.
    package var exportOptions: LottieExport.Options {
        var options = LottieExport.Options()
        options.size = Size(width: exportSize.width, height: band.height)
        options.placement = placement
        return options
    }

    /// The table as comment lines for the top of a generated file.
    package var commentLines: [String] {
        ["Playback (RefreshKit's one table for every platform):"]
            + rows.map { row in
                let plays = switch row.play {
                case .scrub where row.marker == .overpulling:
                    overpullReach > 1 ? "scrubbed by the pull past the trigger once eligible has played (\(HandoffSpec.points(trigger)) → \(HandoffSpec.points(trigger * overpullReach)) pt)"
                        : "none in this export: past the trigger, eligible's last frame stays"
                case .scrub: "scrubbed by the pull below the trigger (\(HandoffSpec.points(trigger)) pt)"
                case .loop: "looped"
                case .once: row.then == nil ? "once, then its last frame stays" : "once"
                }
                return "  \(row.marker.rawValue): \(plays)" + (row.then.map { " (where the file has it), then \($0.rawValue)" } ?? "") + (row.hold.map { ", \(Int(($0 * 1000).rounded())) ms, then the edge closes" } ?? "")
            }
            + ["Size: the export is \(HandoffSpec.points(exportSize.width)) × \(HandoffSpec.points(exportSize.height)) pt; 1 pt of it is 1 pt on screen, centred, its bottom on the list's top edge"
                + (fillsWidth ? "; a header wider than the export scales it to the header's width" : "; a narrower header crops its sides")
                + "; an over-pull past its height shows the list's background above it"]
    }
}

extension HandoffSpec {
    /// The animations the Lottie files play, light then dark, as `refresh-dump export` writes them at
    /// the size the code shows them (``LottiePlayback/exportOptions``); the spec then plays each marker
    /// as the export drew it, once or looped (``loopingMarkers``). With `dark`, a second instance of
    /// the plugin, the dark animation is exported by it at the same time; its words in `locale`.
    package mutating func export(_ indicator: any HostedIndicator, dark: (any HostedIndicator)? = nil, locale: String = "en") throws
        -> [(theme: IndicatorEnvironment.ColorScheme, export: LottieExport)] {
        var options = LottiePlayback(self).exportOptions
        options.locale = locale
        let exports = try LottieExport.bothThemes(indicator, dark: dark, info: indicator.info, options: options)
        loopingMarkers = exports[0].export.loopingMarkers
        overpull = exports[0].export.overpull
        return exports
    }
}
