import Testing
@testable import RefreshGraphics

/// Colour text is read in one place, ``SVGAttributes/color(_:)``: Path Drawing's own colours and
/// the Lottie export's shapes both read it.
@Suite struct SVGColorTests {
    @Test(arguments: [
        ("#ff8000", Color(red: 1, green: 128.0 / 255, blue: 0)),
        ("#F80", Color(red: 1, green: 136.0 / 255, blue: 0)),
        ("#ff800080", Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255)),
        ("rgb(255,128,0)", Color(red: 1, green: 128.0 / 255, blue: 0)),
        ("rgb(100%, 50%, 0%)", Color(red: 1, green: 0.5, blue: 0)),
        (" RGB(300, -4, 0) ", Color(red: 1, green: 0, blue: 0)),
    ])
    func everyFormSVGWritesIsRead(text: String, color: Color) {
        #expect(SVGAttributes.color(text) == color, "\(text)")
    }

    @Test(arguments: ["red", "currentColor", "url(#g)", "#ff80", "rgb(1,2)", "rgb(1,2,3,4)", "rgb(a,b,c)", "rgb(1e999,0,0)", "rgb(1,2,3", ""])
    func whatIsNoColourIsNil(text: String) {
        #expect(SVGAttributes.color(text) == nil, "\(text)")
    }
}
