import Foundation
import Testing
import TestSupport

/// `bench --only lottie`: the Lottie export as a user runs it, for the built-ins nearest its
/// budget — a row of wall time, CPU and weight each, in the JSON too (no time asserted: the
/// bench measures, the test checks it says what it measured).
@Suite(.leavesNoPluginHost) struct BenchLottieTests {
    struct Row: Decodable { var name: String, value: Double, unit: String, budget: String }

    @Test func theLottieExportIsMeasuredForEachOfItsPlugins() async throws {
        let json = scratch("bench-lottie") + "/bench.json"
        let (status, output) = try await refreshDump(["bench", "--only", "lottie", "--json", json])
        #expect(status == 0, "\(output)")
        let rows = try JSONDecoder().decode([Row].self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        for name in ["Spinner", "StoreHouse", "Taurus"] {
            let wall = rows.first { $0.name == "Lottie export \(name) (wall)" }, weight = rows.first { $0.name == "Lottie export \(name) JSON, light" }
            #expect(wall?.budget == "≤ 1.5 s" && (wall?.value ?? 0) > 0, "\(name): \(rows.map(\.name))")
            #expect((weight?.value ?? 0) > 1, "\(name)'s JSON weighs something: \(String(describing: weight))")
        }
    }
}
