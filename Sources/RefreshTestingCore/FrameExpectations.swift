import Foundation
import RefreshGoldens
import RefreshHost
import RefreshPluginSDK

/// A frame that did not match its reference, or could not be checked: thrown by ``expectFrame(of:_:named:tolerance:options:record:filePath:)``,
/// which Swift Testing and XCTest both report as the test's failure, with this text.
public struct FrameMismatch: Error, CustomStringConvertible {
    /// The reference's path.
    public var reference: String
    /// What happened, with the paths of the actual frame and the difference image.
    public var description: String
}

/// Where a test file's references go: `<folder>/<TestFile>/<name>.<kind>` beside it
/// (`__Frames__/…/<name>.png` for frames).
func referencePath(name: String, filePath: StaticString, folder: String = "__Frames__", kind: String = "png") -> String {
    let test = URL(fileURLWithPath: "\(filePath)")
    return test.deletingLastPathComponent().appendingPathComponent(folder).appendingPathComponent(test.deletingPathExtension().lastPathComponent)
        .appendingPathComponent(Scenario.safeFileName(name) + "." + kind).path
}

/// Where a failed check of a test file puts what it saw: a folder of the temporary directory named after the file.
func failureFolder(filePath: StaticString) -> String {
    (NSTemporaryDirectory() as NSString).appendingPathComponent("refreshkit-frame-failures/" + URL(fileURLWithPath: "\(filePath)").deletingPathExtension().lastPathComponent)
}

/// Checks a frame of `indicator` (as `spec` describes it) against the reference `name` beside the
/// test file (`__Frames__/<TestFile>/<name>.png`), with `verify`'s comparator: `tolerance` per
/// channel, then `options` (perceptual threshold, anti-aliasing, pixel budgets). The reference is
/// written where `record` says (by default `REFRESHKIT_RECORD`, else `never` under CI and `missing`
/// elsewhere, as `verify` does). Throws ``FrameMismatch`` on a difference, a missing reference under
/// `never`, or a reference that cannot be read; the actual frame and a difference image go to a
/// temporary folder the message names.
public func expectFrame<Indicator: RefreshIndicator>(of indicator: Indicator, _ spec: FrameSpec, named name: String, tolerance: Int = 3,
                                                     options: PerceptualComparison.Options = .init(), record: RecordMode? = nil,
                                                     filePath: StaticString = #filePath) throws {
    try expect(try IndicatorFrames.image(of: indicator, spec), named: name, tolerance: tolerance, options: options, record: record, filePath: filePath)
}

/// ``expectFrame(of:_:named:tolerance:options:record:filePath:)`` for a sheet of `specs` (every
/// state by default) in one reference.
public func expectFrames<Indicator: RefreshIndicator>(of indicator: Indicator, _ specs: [FrameSpec] = FrameSpec.everyState, named name: String,
                                                      tolerance: Int = 3, options: PerceptualComparison.Options = .init(), record: RecordMode? = nil,
                                                      filePath: StaticString = #filePath) throws {
    try expect(try IndicatorFrames.sheet(of: indicator, specs), named: name, tolerance: tolerance, options: options, record: record, filePath: filePath)
}

private func expect(_ image: ImageSurface, named name: String, tolerance: Int, options: PerceptualComparison.Options, record: RecordMode?,
                    filePath: StaticString) throws {
    let path = referencePath(name: name, filePath: filePath)
    let mode: RecordMode
    do {
        mode = try record ?? RecordMode.fromEnvironment()
    } catch {
        throw FrameMismatch(reference: path, description: "\(error)")
    }
    let outcome = try GoldenImage(path: path, tolerance: tolerance, options: options).check(image, record: mode, failureDirectory: failureFolder(filePath: filePath))
    switch outcome {
    case .recorded(let why): print("● \(path): \(why)")
    case .matched: break
    default: throw FrameMismatch(reference: path, description: "\(name): \(outcome) (reference: \(path))")
    }
}
