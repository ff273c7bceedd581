import Foundation
import RefreshCore
import RefreshHost
import RefreshChecks
import RefreshPluginSDK

/// `validate --level 3`: what a careless host, or a host of tomorrow, may do to a plugin. Every
/// frame's step is the `render` command that draws it again, so a crash or hang found here is
/// reported with its own reproducer.
extension ValidateChildCommand {
    /// The seed of the fuzzing: the same plugin gets the same frames every time.
    static let fuzzSeed: UInt64 = 0x5EED_F00D

    func fuzz(_ library: PluginLibrary, stage: ValidationStage) throws {
        var random = SeededRandom(seed: Self.fuzzSeed)

        // Hundreds of instances made and dropped: no crash, and memory that does not grow with them.
        step("making and dropping 300 instances")
        let before = Self.residentMegabytes()
        for _ in 0..<300 { _ = try? library.makeIndicator() }  // try?: a refusal is an answer; a crash is what this looks for
        let grown = Self.residentMegabytes() - before
        say(grown < 64 ? "✓ fuzz: 300 instances made and dropped (resident memory \(grown >= 0 ? "+" : "")\(fixed(grown, 1)) MB)"
                       : "✗ fuzz: 300 instances made and dropped left \(fixed(grown, 0)) MB more resident: an instance leaks")

        // Rapid state changes without a frame between them.
        let indicator = try library.makeIndicator()
        let states: [RefreshState] = [.none, .pulling(progress: 0.5), .eligible, .refreshing, .finished(.success), .finished(.failure),
                                      .finished(.noMoreData), .noMoreData, .secondaryEligible, .secondaryOpen, .secondaryClosing]
        step("1000 state changes without a frame")
        for _ in 0..<1000 { indicator.refreshState = states.randomElement(using: &random)! }

        // Frames a host should never send, each in a new state: progress far outside 0...1, extreme
        // times, odd sizes and scales, every edge and theme; a sample drawn twice must agree.
        let progresses: [Double] = [-10, -1, 0, 0.5, 1, 2, 10]
        let times: [Double] = [0, 1e-9, 0.5, 3600, 1e6]
        let sizes: [Size] = [Defaults.bandSize, Size(width: 1, height: 1), Size(width: 2000, height: 8), Size(width: 8, height: 2000), Size(width: 390, height: 600)]
        var failed: [String] = [], differ: [String] = []
        for index in 0..<400 {
            var spec = FrameSpec(state: states.randomElement(using: &random)!)
            if case .pulling = spec.state { spec.state = .pulling(progress: min(max(progresses.randomElement(using: &random)!, 0), 1)) }
            spec.progress = progresses.randomElement(using: &random)!
            spec.time = times.randomElement(using: &random)!
            spec.stateTime = times.randomElement(using: &random)!
            spec.edge = RefreshEdge.allCases.randomElement(using: &random)!
            spec.size = sizes.randomElement(using: &random)!
            spec.scale = [1.0, 2, 3].randomElement(using: &random)!
            spec.environment = IndicatorEnvironment(colorScheme: Bool.random(using: &random) ? .dark : .light, reduceMotion: Bool.random(using: &random),
                                                    locale: ["en", "ar", "zh-Hans"].randomElement(using: &random)!)
            let command = Self.renderCommand(path, spec)
            step("render #\(index): \(command)")
            let frame = spec.frame(refreshLength: indicator.refreshLength)
            indicator.refreshState = frame.state
            do {
                let first = try stage.render(indicator, frame)
                if index % 10 == 0, try stage.render(indicator, frame) != first { differ.append(command) }
            } catch {
                // Refusing a frame this odd is allowed only in words; a crash or hang ends the child above.
                if failed.isEmpty { failed.append("\(command): \(error)") }
            }
        }
        say("✓ fuzz: 400 odd frames drawn in random states" + (failed.isEmpty ? "" : " (some refused with a reason, first: \(failed[0]))"))
        say(differ.isEmpty ? "✓ fuzz: 40 of them drawn twice gave the same pixels"
                           : "✗ fuzz: \(differ.count) frames differ between two draws; draw one again with: \(differ[0])")
    }

    /// The `refresh-dump render` command that draws `spec` with this plugin, in this process.
    static func renderCommand(_ path: String, _ spec: FrameSpec) -> String {
        let state: String = switch spec.state {
        case .pulling(let p): "pulling:\(p)"
        case .finished(let result): "finished:\(result)"
        default: "\(spec.state)"
        }
        var words = ["refresh-dump render --in-process --plugin '\(path)' --state \(state)", "--frame-progress \(spec.progress)",
                     "--time \(spec.time) --state-time \(spec.stateTime) --edge \(spec.edge.rawValue)",
                     "--size \(Int(spec.size.width))x\(Int(spec.size.height)) --scale \(Int(spec.scale))",
                     "--theme \(spec.environment.colorScheme.rawValue) --locale \(spec.environment.locale)"]
        if spec.environment.reduceMotion { words.append("--reduce-motion") }
        return words.joined(separator: " ")
    }

    /// This process's resident memory now, in MB.
    static func residentMegabytes() -> Double {
        // Without /proc the growth reads as 0, which passes; the check is a safeguard, not a measure.
        guard let text = CappedFile.kernelText("/proc/self/statm") else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
