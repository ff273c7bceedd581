import Testing
@testable import RefreshLottieExport

/// How visible a loop's jump is, measured on the frames.
@Suite struct SeamTests {
    @Test func theJumpIsTheShareOfPixelsThatChangeAndTheLargestStep() {
        let first: [UInt32] = [0xFF00_0000, 0xFF10_2030, 0x0000_0000, 0xFFFF_FFFF]
        let drawn: [UInt32] = [0xFF00_0000, 0xFF10_2040, 0x8000_0000, 0xFFFF_FFFF]
        let seam = LottieExport.Seam(drawn, first)
        #expect(seam.changedShare == 0.5)
        #expect(seam.largestStep == 0x80)
        #expect(seam.words == "jumps once a loop: 50.0 % of the pixels change, by up to 128 of 255")
        #expect(LottieExport.Seam(first, first).changedShare == 0)
    }
}
