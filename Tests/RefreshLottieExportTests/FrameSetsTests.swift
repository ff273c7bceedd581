import Testing
@testable import RefreshLottieExport

/// What the frame sets write beside the images for Android: a plugin's name cannot end the XML comment.
@Suite struct FrameSetsTests {
    @Test func aNameStaysInsideTheXMLComment() {
        for name in ["a --> <x/> <!--", "---", "-", "line\nbreak", "ok"] {
            let comment = FrameSets.xmlComment(name)
            #expect(!comment.contains("--") && !comment.hasSuffix("-") && !comment.contains("\n"), "\(name.debugDescription) → \(comment)")
        }
        #expect(FrameSets.xmlComment("Water Drop") == "Water Drop")
    }
}
