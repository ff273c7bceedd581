import Foundation
import RefreshSystem
import RefreshGoldens
import RefreshHost
import RefreshPluginSDK

/// A motion that did not match its reference, or could not be checked: thrown by
/// ``expectMotion(of:scenario:named:frameTolerance:pixels:record:filePath:)``, which Swift Testing
/// and XCTest both report as the test's failure, with this text.
public struct MotionMismatch: Error, CustomStringConvertible {
    /// The reference's path.
    public var reference: String
    /// What differs, frame by frame, and where the played track was put.
    public var description: String
}

/// Checks the motion of `scenario` (a path, or the name of a scenario RefreshKit ships, such as
/// `pull-to-refresh`) played with `indicator` at every edge against the reference `name` beside
/// the test file (`__Motion__/<TestFile>/<name>.motion.json`), as `verify` compares tracks: events in
/// order and in time (allowed to move `frameTolerance` frames), each frame's states, progress and
/// offset, and with `pixels: .exact` each frame's pixel hash. The reference is written where
/// `record` says (by default `REFRESHKIT_RECORD`, else `never` under CI and `missing` elsewhere).
/// Throws ``MotionMismatch`` on a difference, a missing reference under `never`, or a scenario
/// that cannot be played; the played track then goes to a temporary folder the message names.
///
/// The same check as `RefreshTesting`'s `assertSnapshot(of:as: .motion(scenario:))`, without
/// swift-snapshot-testing.
public func expectMotion<Indicator: RefreshIndicator>(of indicator: Indicator, scenario: String, named name: String, frameTolerance: Int = 0,
                                                      pixels: MotionComparison.PixelCheck = .ignore, record: RecordMode? = nil,
                                                      filePath: StaticString = #filePath) throws {
    let path = referencePath(name: name, filePath: filePath, folder: "__Motion__", kind: "motion.json")
    func mismatch(_ what: String) -> MotionMismatch { MotionMismatch(reference: path, description: "\(name): \(what) (reference: \(path))") }
    let mode: RecordMode
    do {
        mode = try record ?? RecordMode.fromEnvironment()
    } catch {
        throw MotionMismatch(reference: path, description: "\(error)")
    }
    let played: String
    do {
        played = try MotionSnapshot.track(of: indicator, scenario: scenario).fileText()
    } catch {
        throw mismatch("the motion could not be played: \(error)")
    }
    func keep(at file: String) throws {
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try OutputFile.write(played, to: file)
    }
    func write(_ why: String) throws {
        try keep(at: path)
        print("● \(path): \(why)")
    }
    let exists = FileManager.default.fileExists(atPath: path)
    if mode == .all { return try write("recorded (REFRESHKIT_RECORD=all)") }
    guard exists else {
        if mode == .never { throw mismatch("no reference yet, and nothing is recorded under CI (REFRESHKIT_RECORD=missing records it)") }
        return try write("recorded (no reference yet)")
    }
    let reference: String
    do {
        reference = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        throw mismatch("the reference cannot be read: \(error)")
    }
    guard let differences = MotionSnapshot.differences(reference: reference, actual: played, frameTolerance: frameTolerance, pixels: pixels) else { return }
    if mode == .failed { return try write("recorded over a reference that did not match") }
    let actualPath = (failureFolder(filePath: filePath) as NSString).appendingPathComponent(Scenario.safeFileName(name) + ".motion.json")
    // try?: the played track helps the reader; not keeping it changes nothing of the verdict.
    let kept = (try? keep(at: actualPath)) != nil
    throw mismatch("the motion differs from the reference" + (kept ? " (played: \(actualPath))" : "") + ":\n\(differences)")
}
