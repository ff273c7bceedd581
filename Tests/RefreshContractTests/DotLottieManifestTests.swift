import Foundation
import Testing
@testable import RefreshContract

/// The `.lottie` manifest as the exporter writes it and the Lottie plugin reads it.
@Suite struct DotLottieManifestTests {
    func manifest(_ json: String) throws -> DotLottieManifest { try JSONDecoder().decode(DotLottieManifest.self, from: Data(json.utf8)) }

    /// Version 2's initial animation, else version 1's active one, else the first listed: the plugin
    /// read version 2's only and showed the first animation of an archive of ours.
    @Test func theAnimationShownFirstIsReadFromEitherVersion() throws {
        #expect(try manifest(#"{"version": "2", "animations": [{"id": "a"}, {"id": "b"}], "initial": {"animation": "b"}}"#).firstShown == "b")
        #expect(try manifest(#"{"version": "1", "animations": [{"id": "a"}, {"id": "b"}], "activeAnimationId": "b"}"#).firstShown == "b")
        #expect(try manifest(#"{"animations": [{"id": "a"}, {"id": "b"}], "activeAnimationId": ""}"#).firstShown == "a")
        #expect(try manifest(#"{"animations": []}"#).firstShown == nil)
    }

    /// What the exporter writes is version 1 with the first animation active, and reads back the same.
    @Test func aWrittenManifestReadsBack() throws {
        let written = DotLottieManifest(version1: ["light", "dark"], generator: "RefreshKit")
        let read = try JSONDecoder().decode(DotLottieManifest.self, from: try JSONEncoder().encode(written))
        #expect(read == written && read.firstShown == "light" && read.version == "1")
        #expect(DotLottieManifest.path(of: "light") == "animations/light.json")
    }
}
