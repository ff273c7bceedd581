import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGraphics

/// `--shard INDEX/COUNT`: the part of a command's work this process does, for CI job matrices.
/// Without it, `TEST_SHARD_INDEX` of `TEST_TOTAL_SHARDS` (as Bazel and CI runners set them).
struct ShardOptions: ParsableArguments {
    @Option(help: "Do only shard INDEX of COUNT (0-based, e.g. 2/4); default TEST_SHARD_INDEX of TEST_TOTAL_SHARDS when set.")
    var shard: String?

    /// This shard's index and the number of shards; 0 of 1 when not sharded.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (index: Int, count: Int) {
        let text = shard ?? environment["TEST_TOTAL_SHARDS"].map { "\(environment["TEST_SHARD_INDEX"] ?? "0")/\($0)" }
        guard let text else { return (0, 1) }
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], (1...1000).contains(count), (0..<count).contains(index) else {
            throw ValidationError("--shard '\(text)': expected INDEX/COUNT with 0 ≤ INDEX < COUNT ≤ 1000, e.g. 0/4")
        }
        return (index, count)
    }

    /// Bazel's sharding protocol: a runner that shards touches TEST_SHARD_STATUS_FILE.
    static func acknowledge(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let status = environment["TEST_SHARD_STATUS_FILE"] else { return }
        // try?: the runner learns that sharding is understood from the file; one that cannot be made only leaves it guessing.
        try? OutputFile.write([], to: status)
    }
}
