import Foundation
import RefreshSystem
import RefreshHost
import RefreshLottieExport

extension BenchCommand {
    /// The built-ins the `lottie` section exports: the lightest, and the two that cost the most
    /// (issue 66 measured StoreHouse and Taurus nearest the budget).
    static let lottieExported = ["Spinner", "StoreHouse", "Taurus"]

    /// `refresh-dump export` of each of ``lottieExported`` as a user runs it (a child of this tool,
    /// light and dark, JSON and .lottie): its wall time against the 1.5-s budget, its CPU with its
    /// children's, and the light JSON's weight against 400 KB.
    func lottieExports() throws -> [Result] {
        let scratch = try ScratchFolder("bench-lottie")
        defer { scratch.remove() }
        var results: [Result] = []
        for (index, name) in Self.lottieExported.enumerated() {
            let out = "\(scratch.path)/\(index)"
            let before = Self.childrenCPUTime(), started = ProcessClock.monotonic
            let (status, said) = try runSelf(["export", "--plugin", name, "--out", out] + search.pluginPath.flatMap { ["--plugin-path", $0] })
            let wall = ProcessClock.monotonic - started, cpu = Self.childrenCPUTime() - before
            guard status == 0 else {
                results.append(Result(name: "Lottie export \(name): not measured", value: Double(status), unit: "(status)",
                                      budget: "export ended with status \(status): \(PluginError.printable(String(said.suffix(160))))"))
                continue
            }
            // try?: a file export wrote and cannot be read weighs nothing here; the status said it was written.
            let json = "\(out)/\(LottieExport.fileName(name)).json"
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: json))?[.size] as? NSNumber)?.doubleValue ?? 0
            results.append(Result(name: "Lottie export \(name) (wall)", value: wall, unit: "s", budget: "≤ 1.5 s"))
            results.append(Result(name: "Lottie export \(name) (CPU with children)", value: cpu, unit: "s", budget: ""))
            results.append(Result(name: "Lottie export \(name) JSON, light", value: bytes / 1024, unit: "KB", budget: "≤ 400 KB"))
        }
        return results
    }
}
