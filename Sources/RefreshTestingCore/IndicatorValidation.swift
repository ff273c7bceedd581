import CRefreshPlugin
import Foundation
import RefreshChecks
import RefreshHost
import RefreshPluginSDK

/// What `refresh-dump validate` found wrong with an indicator, in its words: thrown by
/// ``validateIndicator(_:level:)``, so a test fails with the lines `validate` prints.
public struct IndicatorValidationFailure: Error, CustomStringConvertible {
    /// Every check's line (`✓ …`, `✗ …`, `⚠ …`).
    public var lines: [String]
    /// The failed checks' lines.
    public var failures: [String] { lines.filter { $0.hasPrefix("✗") } }
    /// The failed checks, one a line.
    public var description: String { "validate: " + failures.joined(separator: "\n") }
}

/// Runs `validate`'s checks on `type`, compiled into this process and reached through the plugin
/// ABI as a host reaches it: the descriptor, the text, the refresh length, every parameter at its
/// limits, every state, edge, placement, theme and motion setting drawn twice (errors, Cairo state
/// left as given, nothing painted outside the frame, the same pixels twice), and the state
/// descriptions. Frame time and memory are not measured here (a test build is a debug build
/// shared with the tests), nor the process's working directory, locale and signal handlers
/// (other tests change them at the same time): `refresh-dump validate` on the built library checks them. Throws
/// ``IndicatorValidationFailure`` with the failed checks' lines, or the load's error.
public func validateIndicator<Indicator: RefreshIndicator>(_ type: Indicator.Type, level: Int = 2) throws {
    var message = [CChar](repeating: 0, count: 1024)
    let raw = message.withUnsafeMutableBufferPointer {
        PluginExport.entry(type, hostABI: UInt32(REFRESH_PLUGIN_ABI_VERSION), error: $0.baseAddress, errorSize: $0.count)
    }
    guard let descriptor = raw else {
        throw IndicatorValidationFailure(lines: ["✗ load: the indicator declined: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)])
    }
    let library = try PluginLibrary(descriptor: descriptor, name: "\(Indicator.self)")
    let indicator = try library.makeIndicator()
    let lines = CheckLines()
    var checks = PluginChecks { lines.all.append($0) }
    checks.level = level
    checks.measuresCost = false
    checks.checksProcess = false
    try checks.run(library, indicator: indicator)
    let failure = IndicatorValidationFailure(lines: lines.all)
    if !failure.failures.isEmpty { throw failure }
}

/// The lines the checks say, collected.
private final class CheckLines { var all: [String] = [] }
