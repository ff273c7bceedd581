import Foundation
import Testing
import RefreshHost
import RefreshPluginSDK
import TestSupport
@testable import RefreshHandoff

/// `refresh-dump handoff` for every built-in: a file per platform, the Swift ones parsed with
/// Swift's own parser, and the Lottie export the lottie-ios file plays.
@Suite(.leavesNoPluginHost) struct HandoffCommandTests {
    static let builtIns = ["Spinner", "Spinner (C)", "Material", "Water Drop", "StoreHouse", "Phoenix", "Taurus", "Bezier Radar", "Rainbow", "Label", "Lottie", "Path Drawing", "Image Sequence"]

    /// Every built-in: a file per platform with its trigger in them, and the Lottie export the
    /// lottie-ios file plays (light and dark, named as that file loads them); the Swift ones parse (swiftc -parse).
    @Test(arguments: builtIns)
    func everyBuiltInGetsItsFiles(name: String) async throws {
        let swiftc = try #require(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "swiftc is on the PATH wherever swift test runs")
        let folder = scratch("handoff-\(Scenario.safeFileName(name))")
        let (status, output) = try await refreshDump(["handoff", "--plugin", name, "--out", folder])
        #expect(status == 0, "\(name): \(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let animation = Scenario.safeFileName(name)
        // Label draws words in three languages: without --locale, a file each (the first's without its tag).
        let others = name == "Label" ? ["zh-Hans", "ar"].flatMap { ["\(animation)-\($0).json", "\(animation)-\($0)-dark.json"] } : []
        #expect(files == (HandoffPlatform.allCases.map(\.fileName) + [WebLottieHandoff.demoFileName, "\(animation).json", "\(animation)-dark.json"] + others).sorted(),
                "\(name): \(files)")
        if name == "Label" {
            let code = try String(contentsOfFile: "\(folder)/mjrefresh-lottie.swift", encoding: .utf8)
            #expect(code.contains(#"static let exportLocales = ["en", "zh-Hans", "ar"]"#), "the code carries every language written")
        }
        let lottie = try String(contentsOfFile: "\(folder)/mjrefresh-lottie.swift", encoding: .utf8)
        #expect(lottie.contains("LottieAnimation.named(Self.exportName(dark: traitCollection.userInterfaceStyle == .dark))")
                && lottie.contains("return \"\(animation)\" + (locale == exportLocales[0] ? \"\" : \"-\" + locale) + (dark ? \"-dark\" : \"\")"), "\(name)")
        let mj = try String(contentsOfFile: "\(folder)/mjrefresh.swift", encoding: .utf8)
        #expect(mj.contains("static let triggerDistance: CGFloat = "), "\(name)")
        // swiftc wants each file name once: copies named for the file.
        let parseFolder = scratch("handoff-parse-\(Scenario.safeFileName(name))")
        var swiftFiles: [String] = []
        for file in ["mjrefresh.swift", "mjrefresh-lottie.swift", "swiftui.swift", "swiftui-lottie.swift"] {
            let copy = "\(parseFolder)/\(file)"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: "\(folder)/\(file)", toPath: copy)
            swiftFiles.append(copy)
        }
        let (parsed, errors) = try await runProgram(swiftc, ["-parse"] + swiftFiles)
        #expect(parsed == 0, "\(errors)")
    }
}
