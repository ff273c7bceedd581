import ArgumentParser
import RefreshAnimationFiles

/// `--format`: the animations a command writes besides its PNG frames (`run`, `sweep`).
struct AnimationOptions: ParsableArguments {
    @Option(name: .customLong("format"), help: "Also write an animation: mp4, gif, apng, webp (repeatable or comma-separated; png: the frames, always written).")
    var names: [String] = []

    /// The formats named (comma-separated or repeated), in order, once each; `png` (the frames) is
    /// not an animation. `extra` adds more (`run --webp`).
    func formats(adding extra: [String] = []) throws -> [AnimationFormat] {
        var formats: [AnimationFormat] = []
        for name in (names + extra).flatMap({ $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }) where name != "png" {
            guard let format = AnimationFormat(rawValue: name) else {
                throw ValidationError("--format: '\(name)' is not one of png, mp4, gif, apng, webp")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}
