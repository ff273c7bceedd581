import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump gallery`: a strip per plugin, the sheet and the page; a plugin that crashes gets
/// a card and the others are still drawn.
@Suite(.leavesNoPluginHost) struct GalleryCommandTests {
    @Test func everyPluginFoundGetsAStripTheSheetAndThePage() async throws {
        let out = scratch("gallery-all")
        let (status, output) = try await refreshDump(["gallery", "--out", out, "--scale", "1"])
        #expect(status == 0, "\(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out)
        let strips = files.filter { $0.hasPrefix("dev.refreshkit.") && $0.hasSuffix(".png") }
        #expect(strips.count >= 13, "\(files)")
        #expect(strips.contains("dev.refreshkit.taurus.png"))
        #expect(!files.contains { $0.contains("example") }, "the Template is an example, not in the gallery: \(files)")
        let page = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
        for strip in strips { #expect(page.contains("src=\"\(strip)\""), "\(strip) is on the page") }
        #expect(page.contains("placement: <b>stretch</b>") && page.contains("placement: <b>above</b>"))
        let sheet = try ImageSurface.readPNG(at: "\(out)/gallery.png")
        let strip = try ImageSurface.readPNG(at: "\(out)/dev.refreshkit.spinner.png")
        #expect(sheet.width == strip.width && sheet.height > strips.count * strip.height, "the sheet stacks every strip")
    }

    @Test func aPluginThatCrashesGetsACardAndTheOthersAreDrawn() async throws {
        let out = scratch("gallery-crash")
        let crashing = fixturePlugin("FixturePluginRenderCrashes")
        let (status, output) = try await refreshDump(["gallery", "--plugin", crashing, "--plugin", "Spinner", "--plugin", "No Such Plugin", "--out", out, "--scale", "1", "--export"])
        #expect(status == 1, "\(output)")
        #expect(output.contains("✓ Spinner"), "\(output)")
        #expect(output.contains("1 of 3 plugins drawn"), "\(output)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(files.isSuperset(of: ["dev.refreshkit.spinner.png", "gallery.png", "index.html"]), "\(files)")
        // --export: the drawn plugin's Lottie files, linked from its section; none for the others.
        #expect(files.isSuperset(of: ["dev.refreshkit.spinner.lottie", "dev.refreshkit.spinner.json", "dev.refreshkit.spinner-dark.json"]), "\(files)")
        #expect(files.filter { $0.hasSuffix(".lottie") }.count == 1, "\(files)")
        let page = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
        #expect(page.contains("class=\"error\">✗") || page.contains("class=\"failed\""), "the crash is said on the page")
        #expect(page.contains("No Such Plugin"), "the missing plugin is named")
        #expect(page.contains("<a href=\"dev.refreshkit.spinner.lottie\">"), "the export is linked")
        #expect(!page.contains("<script"), "nothing a plugin says becomes markup")
    }
}
