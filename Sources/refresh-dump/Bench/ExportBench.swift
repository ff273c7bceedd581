import ArgumentParser
import Foundation
import RefreshSystem
import RefreshAnimationFiles
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
        // In a plugin-host child, as every command draws: a crashing plugin on the search path costs a row, not the bench.
        let player = try ScenarioPlayer(scenario: try Scenario.load(path: path), searchPath: search.searchPath, isolation: .childProcess())
        let rect = player.windowRect(nil)
        var frames: [ImageSurface] = []
        while try player.advance() { frames.append(try player.render(window: rect, scale: 2, reusing: nil).image) }
        let length = Double(frames.count) * player.frameDuration
        let scratch = try ScratchFolder("export-bench"), folder = scratch.path
        defer { scratch.remove() }
        var results: [Result] = []
        var ours: [AnimationFormat: (cpu: Double, size: Double)] = [:]
        for format in [AnimationFormat.mp4, .gif, .apng, .webp] {
            let file = "\(folder)/band.\(format.fileExtension)"
            let before = ProcessClock.seconds(CLOCK_PROCESS_CPUTIME_ID)
            let encoder = try format.encoder(path: file, width: frames[0].width, height: frames[0].height, frameRate: 1 / player.frameDuration, opaque: true)
            for frame in frames { try encoder.add(frame, duration: player.frameDuration) }
            try encoder.finish()
            let cpu = ProcessClock.seconds(CLOCK_PROCESS_CPUTIME_ID) - before
            let size = Double((try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0) / 1024
            let name = format.rawValue.uppercased()
            ours[format] = (cpu, size)
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
        results += try ffmpegComparison(frames, frameRate: 1 / player.frameDuration, in: folder, ours: ours)
        return results
    }

    /// The ffmpeg command line a user would pick instead, on the same frames (as PNG files, which
    /// it pays to decode), when `ffmpeg` is on the PATH: its CPU time and file size for GIF
    /// (palettegen + paletteuse) and APNG, and ours over its.
    func ffmpegComparison(_ frames: [ImageSurface], frameRate: Double, in folder: String,
                          ours: [AnimationFormat: (cpu: Double, size: Double)]) throws -> [Result] {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/ffmpeg" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let ffmpeg = path else {
            print("ffmpeg is not on the PATH: no comparison with its command line (apt-get install ffmpeg)")
            return []
        }
        let pngs = "\(folder)/png"
        try FileManager.default.createDirectory(atPath: pngs, withIntermediateDirectories: true)
        for (i, frame) in frames.enumerated() { try frame.writePNG(to: "\(pngs)/\(String(format: "%04d", i)).png") }
        let rate = String(format: "%.6f", frameRate)
        let commands: [(AnimationFormat, [String])] = [
            (.gif, ["-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "\(folder)/ffmpeg.gif"]),
            (.apng, ["-f", "apng", "-plays", "0", "\(folder)/ffmpeg.apng"]),
        ]
        var results: [Result] = []
        for (format, arguments) in commands {
            // Run as the tools run programs (a stop signal ends it too), and reaped, so its CPU is this process's children's.
            let before = Self.childrenCPUTime()
            let (status, said) = try ChildProgram.run(ffmpeg, ["-v", "error", "-y", "-framerate", rate, "-i", "\(pngs)/%04d.png"] + arguments)
            let cpu = Self.childrenCPUTime() - before
            guard status == 0, let out = arguments.last else {
                throw ValidationError("ffmpeg failed making the \(format.rawValue) (status \(status)): \(PluginError.printable(String(said.suffix(400))))")
            }
            let size = Double((try FileManager.default.attributesOfItem(atPath: out)[.size] as? NSNumber)?.intValue ?? 0) / 1024
            let name = format.rawValue.uppercased()
            results.append(Result(name: "\(name) ffmpeg CLI CPU (decoding PNGs too)", value: cpu, unit: "s", budget: ""))
            results.append(Result(name: "\(name) ffmpeg CLI size", value: size, unit: "KB", budget: ""))
            if let mine = ours[format] {
                results.append(Result(name: "\(name) CPU ours ÷ ffmpeg's", value: mine.cpu / max(cpu, 1e-9), unit: "×", budget: "≤ 1.2"))
                results.append(Result(name: "\(name) size ours ÷ ffmpeg's", value: mine.size / max(size, 1e-9), unit: "×", budget: format == .apng ? "≤ 0.8" : "≤ 1"))
            }
        }
        return results
    }

    /// The user and system time `usage` holds, seconds.
    static func cpuSeconds(_ usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The CPU time (user and system) of this process's children that have ended, seconds.
    static func childrenCPUTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return cpuSeconds(usage)
    }
}
