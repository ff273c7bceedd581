import Testing
import RefreshGoldens

/// When a golden check writes goldens: `REFRESHKIT_RECORD` when set, never under CI (a missing
/// golden fails the build there), else only the missing ones.
@Suite struct RecordModeTests {
    @Test func theEnvironmentChoosesAndCIWritesNothing() throws {
        #expect(try RecordMode.fromEnvironment([:]) == .missing)
        #expect(try RecordMode.fromEnvironment(["CI": "true"]) == .never)
        for off in ["", "0", "false", "FALSE"] { #expect(try RecordMode.fromEnvironment(["CI": off]) == .missing, "CI=\(off)") }
        #expect(try RecordMode.fromEnvironment(["CI": "1", "REFRESHKIT_RECORD": "all"]) == .all)
        #expect(try RecordMode.fromEnvironment(["REFRESHKIT_RECORD": ""]) == .missing)
        #expect(throws: RecordModeError.self) { try RecordMode.fromEnvironment(["REFRESHKIT_RECORD": "sometimes"]) }
        do { _ = try RecordMode.fromEnvironment(["REFRESHKIT_RECORD": "sometimes"]) } catch {
            #expect("\(error)" == "REFRESHKIT_RECORD 'sometimes': expected one of all, missing, failed, never")
        }
    }
}
