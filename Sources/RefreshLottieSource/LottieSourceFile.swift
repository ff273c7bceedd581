import Foundation
import RefreshPluginSDK

/// A Lottie file read as the Lottie plugin reads it: the JSON of the animation (from a `.lottie`
/// archive, the one chosen), its frames, rate, size and markers checked, with errors people can act
/// on; what `refresh-dump export` wrote of the indicator it came from. No engine is involved: the
/// plugin hands ``json`` to rlottie, the export writes it into its own file.
package struct LottieSourceFile {
    /// The animation's JSON.
    package let json: Data
    /// The folder its images are read from (a JSON file's own, ending in "/").
    package let resources: String
    /// Frames, rate and markers; ``AnimationTimeline/frameCount`` as the file's `op` − `ip` says.
    package let timeline: AnimationTimeline
    /// The composition's size in its own units (`w` × `h`).
    package let width: Double, height: Double
    /// The refresh length of the indicator this animation was exported from (`refresh-dump
    /// export` writes it in `meta.refreshkit`); nil for any other animation.
    package let exportedRefreshLength: Double?
    /// The markers an export of `refresh-dump export` says loop (`meta.refreshkit.loops`); nil for
    /// any other file, or an export written before it said so.
    package let exportedLoops: [String]?
    /// How far an export's `overpulling` reaches, in refresh lengths (`meta.refreshkit.overpullReach`); nil for any other file.
    package let exportedOverpullReach: Double?

    /// The largest Lottie file read: real animations are a few hundred kB.
    package static let fileLimit = 32 << 20

    /// Reads `name` (see `Assets.resolve`). Errors name `parameter`, the file and the problem:
    /// missing, unreadable, not JSON (with line and column), or not a Lottie animation.
    package init(file name: String, parameter: String, animation id: String = "") throws(ParameterError) {
        func fail(_ reason: String) -> ParameterError {
            ParameterError(parameter: parameter, reason: "'\(name)' \(reason)")
        }
        let path = Assets.resolve(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            // A link that leads nowhere is there, though nothing can be read through it.
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK { throw fail("is a symbolic link that leads nowhere (a loop, or its file is gone)") }
            throw fail("does not exist")
        }
        guard !isFolder.boolValue else { throw fail("is a folder, not a Lottie JSON file") }
        var data: Data
        do {
            data = try CappedFile.contents(of: path, limit: Self.fileLimit)
        } catch {
            throw fail(error.reason)
        }
        // A .lottie archive: its animation's JSON, with its images in it. A JSON file's images are
        // beside it: rlottie joins the folder and an asset's "u" + "p" as they are, so it ends in "/".
        resources = PathText.folder(of: path) + "/"
        if DotLottieArchive.isArchive(data) || name.lowercased().hasSuffix(".lottie") {
            do { data = try DotLottieArchive(path: path, animation: id).json } catch { throw fail(error.description) }
        }
        json = data
        let header = try LottieSourceHeader(data, fail: fail)
        (width, height) = (header.width, header.height)
        timeline = AnimationTimeline(name: name, firstFrame: header.firstFrame, frameCount: header.frameCount,
                                     framesPerSecond: header.framesPerSecond, markers: header.markers)
        exportedRefreshLength = header.exportedRefreshLength
        exportedLoops = header.exportedLoops
        exportedOverpullReach = header.exportedOverpullReach
    }
}
