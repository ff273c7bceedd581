import Foundation
import RefreshSystem
import RefreshPluginSDK
import RefreshHost
import RefreshLottieSource

/// What the Lottie plugin plays, exported as itself: the animation's own layers (a
/// precomposition), showing at each frame of the export the frame the plugin shows (a time remap
/// onto the file's frames: a keyframe a change, one that runs on where it plays on) and placed
/// where the plugin draws it. The plugin's parameters (files, ranges, speed, size) are read as
/// the plugin reads them (``LottiePluginParameters``).
struct SourceAnimation {
    /// Why the plugin's animation cannot be taken into the export whole: its frames are exported instead.
    struct Refusal: Error {
        var reason: String
    }

    /// The file, its JSON, and what each state plays of it.
    let file: LottieSourceFile
    let document: LottieJSON
    let plan: FramePlan
    /// How tall it draws, and whether it is an export that sits against the content as its frame did.
    let height: Double
    let exported: Bool

    /// The most bytes of images beside a JSON file taken into the export.
    static let imageLimit = 16 << 20

    /// The animation the Lottie plugin `indicator` plays in `options`' theme at its edge.
    init(_ indicator: any HostedIndicator, options: LottieExport.Options) throws(Refusal) {
        let parameters = indicator.parameters
        let resources = (indicator as? RemoteIndicator).map { PluginLibrary.resourceDirectory(forLibraryAt: $0.host.path) }
            ?? (indicator as? PluginIndicator)?.library.resourceDirectory
        // A shipped file as the plugin finds it: in its bundle's resources, else the build's assets.
        let files = LottiePluginParameters.files(parameters) { name in
            let installed = resources.map { "\($0)/\((name as NSString).lastPathComponent)" }
            return installed.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil } ?? name
        }
        let animation = parameters[LottiePluginParameters.animation]
        do throws(ParameterError) {
            let light = try LottieSourceFile(file: files.light, parameter: LottiePluginParameters.file.name, animation: animation)
            let dark = options.colorScheme == .dark && files.dark != files.light
            file = dark ? try LottieSourceFile(file: files.dark, parameter: files.darkParameter, animation: animation) : light
            (height, _) = LottiePluginParameters.size(exportedRefreshLength: light.exportedRefreshLength, height: light.height, parameters)
            exported = light.exportedRefreshLength != nil
            plan = try LottiePluginParameters.plan(for: options.edge, in: file.timeline, exportedLoops: file.exportedLoops, parameters)
        } catch {
            throw Refusal(reason: "its file cannot be read here: \(error.description)")
        }
        guard let document = LottieJSON(parsing: file.json), document["layers"]?.elements != nil else {
            throw Refusal(reason: "'\(file.timeline.name)' is not a Lottie animation this export can read")
        }
        self.document = try Self.embeddingImages(Self.keyframesWithValues(document), from: file.resources)
    }

    /// `value` with each keyframe written as Bodymovin wrote them before 5.5 (a keyframe's end
    /// value `e`, the last keyframe only a time) given its value `s`, as the format's schema and
    /// today's players read them: the end value of the keyframe before it.
    static func keyframesWithValues(_ value: LottieJSON) -> LottieJSON {
        switch value {
        case .array(let elements):
            return .array(elements.map(keyframesWithValues))
        case .object(let members):
            var result = LottieJSON.object(members.map { ($0.0, keyframesWithValues($0.1)) })
            if var keyframes = result["k"]?.elements, keyframes.allSatisfy({ $0["t"] != nil }) {
                for index in keyframes.indices.dropFirst() where keyframes[index]["s"] == nil {
                    keyframes[index]["s"] = keyframes[index - 1]["e"]
                }
                result["k"] = .array(keyframes)
            }
            return result
        default:
            return value
        }
    }

    /// `document` with each image it names beside it (`u` + `p`) in it as a data URI.
    private static func embeddingImages(_ document: LottieJSON, from folder: String) throws(Refusal) -> LottieJSON {
        guard var assets = document["assets"]?.elements else { return document }
        var budget = imageLimit
        for (index, asset) in assets.enumerated() {
            guard let name = asset["p"]?.string, !name.hasPrefix("data:") else { continue }
            // The header refused names outside the file's folder.
            let path = folder + (asset["u"]?.string ?? "") + name
            let bytes: Data
            do { bytes = try CappedFile.contents(of: path, limit: budget) } catch {
                throw Refusal(reason: "its image '\(name)' cannot be taken in: \(error.reason)")
            }
            budget -= bytes.count
            let type = name.lowercased().hasSuffix(".png") ? "png" : name.lowercased().hasSuffix(".webp") ? "webp" : "jpeg"
            var embedded = asset
            embedded["u"] = ""
            embedded["p"] = .string("data:image/\(type);base64," + bytes.base64EncodedString())
            embedded["e"] = 1
            assets[index] = embedded
        }
        var result = document
        result["assets"] = .array(assets)
        return result
    }

    /// The layer that shows the animation at each of `specs` (one a frame of the export, at
    /// `fps`), the assets it needs (the file's own, and its layers as a precomposition), and the
    /// frames the composition must last: rlottie takes a remapped time as a share of the whole
    /// composition, so it must be longer than the file's last frame shown.
    func layers(_ specs: [IndicatorFrame], framesPerSecond fps: Double) -> (layers: [LottieJSON], assets: [LottieJSON], frames: Int) {
        var assets = document["assets"]?.elements ?? []
        let id = LottieJSON.freeID("refreshkit-source", among: assets)
        assets.append(["id": .string(id), "nm": .string(file.timeline.name), "layers": document["layers"] ?? .array([])])
        var shown: [Int] = [], places: [Rect] = []
        for spec in specs {
            // Where nothing is drawn (no state to show) the last frame stays: the reveal hides it.
            let frame = plan.frame(for: spec.state, stateTime: spec.stateTime, reduceMotion: spec.environment.reduceMotion) ?? shown.last ?? plan.pulling.first
            shown.append(frame)
            places.append(LottiePluginParameters.placement(in: spec, height: height, aspect: file.width / file.height, exported: exported).rect)
        }
        let layer = LottieLayers.remappedLayer(asset: id, width: file.width, height: file.height, frames: specs.count, shown: shown, places: places, framesPerSecond: fps)
        return ([layer], assets, max(specs.count, (shown.max() ?? 0) + 2))
    }
}
