import ArgumentParser
import Foundation
import RefreshExport
import RefreshGraphics
import RefreshHost
import RefreshGoldens

extension BenchCommand {
    /// Each animation format on the shipped pull-to-refresh band (780×240 px): file size, PSNR of
    /// the decoded frames against the lossless ones, the process's CPU time to encode (libx264
    /// uses threads, so per-process rather than per-thread; ≤ the scenario's length means it keeps
    /// up on one core), and the file's length against the scenario's.
    func exportFormats() throws -> [Result] {
        guard let path = Assets.path("Scenarios/pull-to-refresh.json") else { throw ValidationError("Assets/Scenarios/pull-to-refresh.json is missing") }
        let player = try ScenarioPlayer(scenario: try Scenario.load(path: path), searchPath: search.searchPath)
        let rect = player.windowRect(nil)
        var frames: [ImageSurface] = []
        while try player.advance() { frames.append(try player.render(window: rect, scale: 2, reusing: nil).image) }
        let length = Double(frames.count) * player.frameDuration
        let scratch = try ScratchFolder("export-bench"), folder = scratch.path
        defer { scratch.remove() }
        var results: [Result] = []
        for format in [AnimationFormat.mp4, .gif, .apng, .webp] {
            let file = "\(folder)/band.\(format.fileExtension)"
            let before = Self.processCPUTime()
            let encoder = try format.encoder(path: file, width: frames[0].width, height: frames[0].height, frameRate: 1 / player.frameDuration)
            for frame in frames { try encoder.add(frame, duration: player.frameDuration) }
            try encoder.finish()
            let cpu = Self.processCPUTime() - before
            let size = Double((try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0) / 1024
            let name = format.rawValue.uppercased()
            results.append(Result(name: "\(name) size", value: size, unit: "KB", budget: format == .mp4 ? "≤ 150 KB" : format == .gif ? "≤ 600 KB" : ""))
            results.append(Result(name: "\(name) encode (process CPU)", value: cpu, unit: "s", budget: "≤ \(String(format: "%.2f", length)) s (its length)"))
            // FFmpeg 5.1 cannot decode animated WebP; it is lossless by construction.
            guard format != .webp else { continue }
            let (decoded, decodedLength) = try AnimationReader.read(file)
            var squares = 0.0
            for (i, frame) in frames.enumerated() {
                // What the file shows halfway through the frame's time.
                let t = (Double(i) + 0.5) * player.frameDuration
                let shown = decoded.last { $0.start <= t } ?? decoded[0]
                let comparison = try ImageComparison(expected: frame, actual: shown.image)
                squares += comparison.psnr.isFinite ? 255 * 255 / pow(10, comparison.psnr / 10) : 0
            }
            let mse = squares / Double(frames.count)
            results.append(Result(name: "\(name) PSNR", value: mse == 0 ? 99 : 10 * log10(255 * 255 / mse), unit: "dB", budget: format == .gif ? "≥ 35 dB" : ""))
            // FFmpeg's APNG reader rounds each delay to 1/100000 s; the file holds exact fractions.
            let fileLength = format == .apng ? try AnimationReader.apngDelays(file).reduce(0, +) : decodedLength
            results.append(Result(name: "\(name) length − scenario's", value: (fileLength - length) * 1000, unit: "ms", budget: "0"))
        }
        return results
    }

    /// This process's CPU time (every thread), seconds.
    static func processCPUTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
