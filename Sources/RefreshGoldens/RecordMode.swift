import Foundation

/// When a golden check writes the golden from the frame it was given, rather than only compare:
/// `verify --record`, `REFRESHKIT_RECORD`. Under CI the default is ``never``, so a missing golden
/// fails the build and nothing is written under the golden folder; elsewhere ``missing``.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Every golden is written from this run (what `--update` asks).
    case all
    /// A golden that does not exist yet is written; the others are compared.
    case missing
    /// A golden that is missing or does not match is written over; the others are compared.
    case failed
    /// Nothing is written: a missing golden is a failure.
    case never

    /// `REFRESHKIT_RECORD` when set (an unknown value is an error naming it); else ``never`` when
    /// `CI` is set to anything but `""`, `0` or `false`; else ``missing``.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RecordMode {
        if let text = environment["REFRESHKIT_RECORD"], !text.isEmpty {
            guard let mode = RecordMode(rawValue: text) else {
                throw RecordModeError(description: "REFRESHKIT_RECORD '\(text)': expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return mode
        }
        return runsUnderCI(environment) ? .never : .missing
    }

    /// Whether `environment` says a CI system runs this (`CI` set, and not `""`, `0` or `false`).
    public static func runsUnderCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }
}

/// A record mode that is not one (from the environment); its text names the variable and the value.
public struct RecordModeError: Error, CustomStringConvertible {
    /// The message.
    public var description: String
}
