import Foundation
import RefreshGoldens
import RefreshGraphics
import RefreshHost

extension BenchCommand {
    /// What `verify` spends on one checkpoint's 780×240 pair: a frame against its identical golden,
    /// and against one whose arc ends sooner (the perceptual comparison and the diff image).
    func goldenComparison() throws -> [Result] {
        func frame(changed: Bool) throws -> ImageSurface {
            let canvas = Canvas(surface: try ImageSurface(size: Defaults.bandSize, scale: 2))
            canvas.clear(.white)
            canvas.arc(center: Point(x: 195, y: 50), radius: 20, startAngle: 0, endAngle: changed ? 4.0 : 4.5)
            canvas.stroke(.color(try Color(hex: "#0A84FF")), style: StrokeStyle(lineWidth: 4, cap: .round))
            canvas.draw(canvas.makeTextLayout("Release to refresh", style: TextStyle(size: 13, alignment: .center, width: Defaults.bandSize.width)),
                        at: Point(x: 0, y: 85), color: .black)
            return canvas.surface!
        }
        let golden = try frame(changed: false), same = try frame(changed: false), changed = try frame(changed: true)
        let count = max(10, frames / 10)
        var identical: [Double] = [], differing: [Double] = []
        for _ in 0..<count {
            identical.append(try time { _ = try ImageComparison(expected: golden, actual: same, tolerance: 3) })
            differing.append(try time {
                _ = try ImageComparison(expected: golden, actual: changed, tolerance: 3)
                _ = try PerceptualComparison(expected: golden, actual: changed).diffImage(of: changed)
            })
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return [
            Result(name: "golden compare 780×240, identical (median)", value: median(identical) * 1000, unit: "ms", budget: "per checkpoint"),
            Result(name: "golden compare 780×240, changed + diff (median)", value: median(differing) * 1000, unit: "ms", budget: "per failing checkpoint"),
        ]
    }
}
