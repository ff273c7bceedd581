import Foundation
import Testing
import TestSupport
@testable import RefreshHost

/// Load what was checked: a bundle's library reached through a link another thread keeps flipping
/// between the packed Spinner and another library is either the Spinner or refused, never the
/// other one (the hash is taken of the very descriptor that is loaded).
@Suite(.leavesNoPluginHost) struct PluginLinkFlipTests {
    @Test func aLinkFlippedWhileLoadingNeverLoadsTheOtherLibrary() throws {
        let folder = scratchDirectory("link-flip")
        let bundle = folder + "/flip.refreshplugin"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let good = folder + "/good.so", other = folder + "/other.so"
        try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: good)
        try FileManager.default.copyItem(atPath: library("RefreshRainbow"), toPath: other)
        let info = try PluginLibrary(path: library("RefreshSpinner")).info
        let manifest = PluginManifest(describing: info, library: "libFlip.so", sha256: PluginManifest.sha256(of: try Data(contentsOf: URL(fileURLWithPath: good))),
                                      author: "Tests", license: "MIT", thumbnail: nil)
        try manifest.encoded().write(to: URL(fileURLWithPath: bundle + "/plugin.json"))
        let link = bundle + "/libFlip.so"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: good)

        let flipping = Thread {
            for k in 0..<20_000 {
                let staged = bundle + "/.next"
                unlink(staged)
                symlink(k % 2 == 0 ? other : good, staged)
                rename(staged, link)
            }
        }
        flipping.start()
        var loaded = 0, refused = 0, wrong: [String] = []
        for _ in 0..<300 {
            do {
                let id = try PluginLibrary(path: link).info.indicator.id
                if id == "dev.refreshkit.spinner" { loaded += 1 } else { wrong.append(id) }
            } catch {
                if case .libraryDoesNotMatchManifest = error.reason { refused += 1 } else { wrong.append("\(error)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        #expect(loaded + refused == 300)
    }
}
