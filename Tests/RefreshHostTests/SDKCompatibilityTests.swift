import Foundation
import Testing
import TestSupport
import RefreshCore
import RefreshGraphics
import RefreshHost
import RefreshPluginSDK

/// A plugin written against an earlier SDK builds against this one (the build of the test target
/// proves it: the fixtures under Tests/Fixtures/SDKCompat are kept exactly as written) and draws
/// what the template, written against today's API, draws.
@Suite(.leavesNoPluginHost) struct SDKCompatibilityTests {
    static let compatFixtures = ["FixturePluginCompatUntypedReads", "FixturePluginCompatThrowingReads"]

    static let frames: [IndicatorFrame] = [
        IndicatorFrame(size: Size(width: 120, height: 60), scale: 2, state: .pulling(progress: 0.5), progress: 0.5),
        IndicatorFrame(size: Size(width: 120, height: 60), scale: 2, state: .eligible, progress: 1.2),
        IndicatorFrame(size: Size(width: 120, height: 60), scale: 2, state: .refreshing, progress: 1, time: 0.3, stateTime: 0.3),
        IndicatorFrame(size: Size(width: 120, height: 60), scale: 2, state: .finished(.success), progress: 1),
    ]

    @Test(arguments: compatFixtures, ["{}", ##"{"radius": 20, "color": "#0A84FF"}"##])
    func aPluginWrittenAgainstAnEarlierSDKDrawsAsTheTemplateDoes(fixture: String, parameters: String) throws {
        let old = try PluginLibrary(path: fixturePlugin(fixture)).makeIndicator(parametersJSON: parameters)
        let template = try PluginLibrary(path: library("ExampleTemplate")).makeIndicator(parametersJSON: parameters)
        for frame in Self.frames {
            let ours = try FrameRenderer.render(old, frame: frame), theirs = try FrameRenderer.render(template, frame: frame)
            #expect(try ours.pngData() == theirs.pngData(), "\(fixture) \(parameters): \(frame.state)")
        }
    }

    @Test func everySwiftPluginSaysTheSDKItWasBuiltWith() throws {
        for path in Self.compatFixtures.map(fixturePlugin) + ["RefreshSpinner", "ExampleTemplate"].map(library) {
            #expect(try PluginLibrary(path: path).info.sdkVersion == "RefreshPluginSDK \(SDKVersion.current)", "\(path)")
        }
        #expect(try PluginLibrary(path: library("RefreshSpinnerC")).info.sdkVersion == nil, "a C plugin has no SDK")
        let isolated = try PluginIsolation.childProcess().load(library("RefreshSpinner"))
        #expect(isolated.info.sdkVersion == "RefreshPluginSDK \(SDKVersion.current)", "through a plugin-host child too")
    }
}
