import Foundation
import RefreshPluginSDK
import RefreshHost

extension PluginLint {
    /// Median and 99th-percentile CPU time of a frame at 1×, 2× and 3× (pulling and refreshing
    /// frames of the 390 × 120 band): in process, the library's thread's; in a plugin-host child,
    /// the child's, where the plugin draws (the host's side of the exchange is the host's cost,
    /// not the plugin's).
    func cost(_ indicator: any HostedIndicator) throws -> (String, [LintFinding]) {
        var figures: [String] = [], found: [LintFinding] = []
        for scale in [1.0, 2.0, 3.0] {
            let measured = try FrameCost.samples(indicator, scale: scale, count: 200)
            let (samples, width, height) = (measured.seconds, measured.width, measured.height)
            let p50 = samples[samples.count / 2] * 1000, p99 = samples[samples.count * 99 / 100] * 1000
            let budget = budgetMilliseconds * max(1, scale * scale / 4)
            let figure = String(format: "%.0f×: p50 %.3f ms, p99 %.3f ms", scale, p50, p99)
            figures.append(figure)
            // The median against the budget, the 99th percentile against twice it; a debug build only fails at ten times.
            let over = p50 > budget || p99 > 2 * budget, farOver = p50 > 10 * budget
            if (enforcesBudget && over) || farOver {
                found.append(LintFinding(check: Check.cost.rawValue, at: String(format: "%.0f× (%d × %d px), pulling and refreshing", scale, width, height),
                                         figure: String(format: "p50 %.3f ms, p99 %.3f ms of CPU a frame", p50, p99),
                                         limit: String(format: "p50 %.3f ms, p99 %.3f ms%@", budget, 2 * budget, enforcesBudget ? "" : " (a debug build fails only at ten times)"),
                                         fix: "draw less each frame: cache paths and layouts made from the parameters, avoid blurs and per-pixel work"))
            }
        }
        return (figures.joined(separator: "; ") + String(format: " (budget %.2f ms at 2×)", budgetMilliseconds), found)
    }

    /// An animation a GIF cannot show: a GIF shows at most 50 frames a second, so brightness that
    /// turns back more than 25 times a second (over 1 % of the band) is lost or beats in one.
    func export(_ indicator: any HostedIndicator) throws -> (String, [LintFinding]) {
        // A frame turns back when at least 1 % of its pixels reverse by 0.05.
        var turns = BrightnessTurns(step: 0.05), reversals = 0
        for step in 0...240 {
            let image = try Self.frame(indicator, .refreshing, time: Double(step) * Defaults.frameInterval, scale: 1)
            if let turned = turns.add(image), turned.reversed * 100 >= image.width * image.height { reversals += 1 }
        }
        let rate = Double(reversals) / 2
        let figure = String(format: "%.0f reversals of brightness a second while refreshing (rendered at 120 fps)", rate)
        guard rate > 25 else { return (figure + "; a GIF (50 fps) shows it", []) }
        return ("", [LintFinding(check: Check.export.rawValue, at: "refreshing, light, 0–2 s", figure: figure,
                                 limit: "at most 25 a second for a GIF, which plays 50 frames a second at most (browsers slow faster ones to 10)",
                                 fix: "slow the animation, or export WebP, APNG or MP4 instead of GIF")])
    }
}
