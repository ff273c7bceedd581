import Testing
import RefreshPluginSDK
@testable import RefreshLottieExport

/// The export's frames as they are drawn: spans of identical frames found one frame at a time,
/// markers that cut them, and a motion drawn past where it is kept.
@Suite struct FrameStreamTests {
    let spec = IndicatorFrame(size: Size(width: 2, height: 1), state: .refreshing)
    let red: [UInt32] = [0xFFFF_0000, 0xFFFF_0000], blue: [UInt32] = [0xFF00_00FF, 0], clear: [UInt32] = [0, 0]

    @Test func identicalFramesInAMarkerAreOneSpanAndAMarkerBeginsANewOne() {
        var stream = FrameStream()
        stream.begin("pulling")
        for pixels in [clear, clear, red, red, blue] { stream.append(spec, pixels) }
        stream.end(keeping: 5)
        stream.begin("eligible")
        stream.append(spec, blue)
        stream.end(keeping: 1)
        #expect(stream.spans == [.init(start: 0, end: 2, blank: true), .init(start: 2, end: 4, blank: false),
                                 .init(start: 4, end: 5, blank: false), .init(start: 5, end: 6, blank: false)])
        #expect(stream.markers == [.init(name: "pulling", start: 0, frames: 5), .init(name: "eligible", start: 5, frames: 1)])
        #expect(stream.specs.count == 6)
    }

    @Test func framesDrawnPastWhatIsKeptLeaveNoSpanOrSpec() {
        var stream = FrameStream()
        stream.begin("refreshing")
        for pixels in [red, red, blue, red, red] { stream.append(spec, pixels) }
        stream.end(keeping: 3)
        #expect(stream.spans == [.init(start: 0, end: 2, blank: false), .init(start: 2, end: 3, blank: false)])
        #expect(stream.markers == [.init(name: "refreshing", start: 0, frames: 3)])
        #expect(stream.specs.count == 3)
        stream.begin("success")
        for pixels in [red, red] { stream.append(spec, pixels) }
        stream.end(keeping: 1)
        #expect(stream.spans.last == .init(start: 3, end: 4, blank: false) && stream.specs.count == 4)
    }

    @Test func aFingerprintTellsFramesApartAndIsTheSameEveryTime() {
        #expect(FrameStream.fingerprint(red) == FrameStream.fingerprint([0xFFFF_0000, 0xFFFF_0000]))
        #expect(FrameStream.fingerprint(red) != FrameStream.fingerprint(blue))
        #expect(FrameStream.fingerprint(clear) != FrameStream.fingerprint([0, 0, 0]))
        #expect(LottieExport.period([1, 2, 3, 1, 2, 3, 1], longest: 4) == 3)
        #expect(LottieExport.period([1, 2, 3, 1, 2, 4, 1], longest: 4) == nil)
    }
}
