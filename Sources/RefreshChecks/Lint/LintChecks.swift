import Foundation
import RefreshPluginSDK
import RefreshHost

extension PluginLint {
    /// More than three flashes in any one second, in any scenario, theme or motion setting.
    func flashes() throws -> (String, [LintFinding]) {
        var worst = (flashes: 0, at: "")
        for scenario in scenarios {
            for scheme in IndicatorEnvironment.ColorScheme.allCases {
                for reduceMotion in [false, true] {
                    var copy = scenario
                    copy.environment.colorScheme = scheme
                    copy.environment.reduceMotion = reduceMotion
                    let player = try ScenarioPlayer(scenario: copy, pluginOverride: plugin)
                    // Half a pixel a point is fine enough for flashes, which are about large areas; the
                    // indicators alone, so the list's own scrolling is not taken for a flash.
                    var counter = FlashCounter(scale: 0.5)
                    var recycled: ImageSurface?
                    repeat {
                        let image = try player.render(scale: 0.5, reusing: recycled, content: false).image
                        recycled = image
                        counter.add(image, time: player.time)
                    } while try player.advance()
                    let found = counter.worst
                    if found.flashes > worst.flashes || worst.at.isEmpty {
                        worst = (found.flashes, "\(scenario.fileName), \(scheme)\(reduceMotion ? ", reduced motion" : ""), \(Self.seconds(found.at))")
                    }
                }
            }
        }
        // Which scenarios, by name: a manifest keeps this line, and "over 1 scenarios" said neither which nor that it was fewer than lint plays.
        let played = scenarios.map(\.fileName).joined(separator: ", ")
        let passed = "at most \(worst.flashes) flash\(worst.flashes == 1 ? "" : "es") in any second over \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") (\(played)), both themes, normal and reduced motion"
        guard worst.flashes > FlashCounter.flashesPerSecond else { return (passed, []) }
        return (passed, [LintFinding(check: Check.flash.rawValue, at: worst.at, figure: "\(worst.flashes) flashes in one second",
                                     limit: "at most \(FlashCounter.flashesPerSecond) (WCAG 2.3.1, over a quarter of a 10° field: \(Int(FlashCounter.areaLimit)) pt²)",
                                     fix: "change brightness more slowly or over a smaller area: at most three light-dark-light pairs a second")])
    }

    /// The ink of every visible state against the band, in both themes, at least 3:1.
    func contrast(_ indicator: any HostedIndicator) throws -> (String, [LintFinding]) {
        let measured = try Self.inkContrasts(of: indicator).map { (ratio: $0.ratio, at: "\($0.scheme), \($0.state), \(Self.seconds($0.time))") }
        guard let lowest = measured.min(by: { $0.ratio < $1.ratio }) else { return ("no state drew enough ink to judge", []) }
        func ratio(_ r: Double) -> String { String(format: "%.2f:1", r) }
        guard lowest.ratio < InkContrast.minimum else { return ("\(ratio(lowest.ratio)) at least (\(lowest.at))", []) }
        let low = measured.filter { $0.ratio < InkContrast.minimum }.sorted { $0.ratio < $1.ratio }
        let others = low.dropFirst().map { "\($0.at) \(ratio($0.ratio))" }
        return ("", [LintFinding(check: Check.contrast.rawValue, at: lowest.at,
                                 figure: "ink contrast \(ratio(lowest.ratio)) against the band" + (others.isEmpty ? "" : "; also under 3:1: " + others.joined(separator: "; ")),
                                 limit: "at least 3:1 (WCAG 1.4.11) for the strongest ink (its 90th percentile, or its strongest 25 pt²)",
                                 fix: "a darker colour on the light band, a lighter one on the dark band (a colour parameter for each theme)")])
    }

    /// Reduced motion that moves as much as normal motion: moved ink a second while refreshing.
    func reducedMotion(_ indicator: any HostedIndicator) throws -> (String, [LintFinding]) {
        func amount(_ reduced: Bool) throws -> Double {
            var measure = MotionAmount(scale: 1)
            for step in 0...120 { measure.add(try Self.frame(indicator, .refreshing, time: Double(step) / 60, reduceMotion: reduced, scale: 1), interval: 1.0 / 60) }
            return measure.perSecond
        }
        let normal = try amount(false), reduced = try amount(true)
        let figures = "\(Int(reduced.rounded())) pt² of ink moved a second with reduced motion, \(Int(normal.rounded())) without"
        // Under 200 pt² a second the animation hardly moves anyway; reduced motion must then at least halve it.
        guard normal >= 200, reduced > normal / 2 else { return (figures, []) }
        return ("", [LintFinding(check: Check.reducedMotion.rawValue, at: "refreshing, light, 0–2 s", figure: figures,
                                 limit: "at most half of normal motion",
                                 fix: "read frame.environment.reduceMotion: hold a still frame, or fade instead of moving")])
    }

    /// A plugin that claims to mirror for right-to-left does.
    func mirroring(_ indicator: any HostedIndicator) throws -> (String, [LintFinding]) {
        guard plugin.info.mirrorsForRightToLeft else { return ("not claimed (REFRESH_PLUGIN_MIRRORS_FOR_RTL), nothing to check", []) }
        var lowest: (overlap: Double, at: String)?
        for (state, time) in Self.visibleStates {
            let ltr = try Self.frame(indicator, state, time: time), rtl = try Self.frame(indicator, state, time: time, direction: .rightToLeft)
            let overlap = MirrorComparison.overlap(leftToRight: ltr, rightToLeft: rtl, background: FrameRenderer.background(for: .light))
            if overlap < lowest?.overlap ?? .infinity { lowest = (overlap, "\(state), \(Self.seconds(time))") }
        }
        guard let lowest else { return ("", []) }
        let figure = "\(Int((lowest.overlap * 100).rounded())) % of the ink where the mirror image puts it"
        guard lowest.overlap < MirrorComparison.minimumOverlap else { return ("\(figure) at least", []) }
        return ("", [LintFinding(check: Check.mirror.rawValue, at: lowest.at, figure: figure,
                                 limit: "\(Int(MirrorComparison.minimumOverlap * 100)) % (in 4-pt cells)",
                                 fix: "flip the drawing when frame.environment.layoutDirection is rightToLeft, or do not claim mirroring")])
    }
}
