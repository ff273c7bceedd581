import Foundation
import RefreshPluginSDK
import RefreshHost

/// What a file opened in the preview (`--open`, or dropped on the window) is, and so which plugin
/// shows it: an SVG → Path Drawing's `file`; a Lottie JSON or `.lottie` → Lottie's `file`; a
/// folder of PNGs (or one numbered PNG of it) → Image Sequence's `folder`; a plugin library,
/// bundle folder or bundle archive → that plugin; a scenario → played; a params file → applied. Files are read with
/// the caps and messages of files on the command line.
package enum OpenedFile: Equatable, Sendable {
    /// A file for a plugin's parameter.
    case parameter(plugin: String, name: String, value: String)
    /// A plugin library (a bundle stands for its library).
    case plugin(path: String)
    /// A bundle archive (`.refreshplugin.tar.gz`): unpacked and checked as `refresh-dump install` does, then that plugin.
    case pluginArchive(path: String)
    /// A scenario to play.
    case scenario(path: String)
    /// A params file's contents, `{"plugin id": {"parameter": value}}`.
    case params(Data)

    /// The plugins that open files, by id.
    package static let pathDrawing = "dev.refreshkit.path-drawing"
    package static let lottie = "dev.refreshkit.lottie"
    package static let imageSequence = "dev.refreshkit.image-sequence"

    /// The largest JSON file looked into (Lottie files are large; scenarios and params are small).
    static let jsonLimit = 64 << 20

    /// What `path` is; throws why it cannot be opened, naming the file.
    package static func classify(_ path: String) throws(InputFileError) -> OpenedFile {
        func fail(_ reason: String) -> InputFileError { InputFileError(file: path, field: "", reason: reason, kind: "--open") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw fail("no such file") }
        let name = (path as NSString).lastPathComponent.lowercased()
        if isFolder.boolValue {
            if PluginBundle.isBundle(path) { return .plugin(path: path) }
            // try?: an unreadable folder is said just below, as a folder without frames.
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            guard entries.contains(where: { $0.lowercased().hasSuffix(".png") }) else { throw fail("a folder with neither a plugin bundle nor PNG frames") }
            return .parameter(plugin: imageSequence, name: "folder", value: path)
        }
        if name.hasSuffix(".refreshplugin.tar.gz") || name.hasSuffix(".refreshplugin.tgz") { return .pluginArchive(path: path) }
        if name.hasSuffix(".so") { return .plugin(path: path) }
        if name.hasSuffix(".lottie") { return .parameter(plugin: lottie, name: "file", value: path) }
        if name.hasSuffix(".png") {
            guard name.dropLast(4).last?.isNumber == true else { throw fail("one PNG: open the folder of a numbered sequence, or one of its numbered frames") }
            return .parameter(plugin: imageSequence, name: "folder", value: PathText.folder(of: path))
        }
        let data: Data
        do { data = try CappedFile.contents(of: path, limit: jsonLimit) } catch { throw fail(error.description) }
        if name.hasSuffix(".svg") || SVGDocument.looksLikeSVG(data) { return .parameter(plugin: pathDrawing, name: "file", value: path) }
        // try?: text that is not a JSON object is said just below, with what the preview opens.
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("not a file the preview opens (SVG, Lottie JSON or .lottie, PNG frames, a plugin, a scenario or a params file)")
        }
        if object["layers"] != nil && (object["v"] != nil || object["fr"] != nil) { return .parameter(plugin: lottie, name: "file", value: path) }
        if object["steps"] != nil { return .scenario(path: path) }
        // A params file as Save writes it: objects by plugin, and its version.
        let entries = object.filter { $0.key != "version" }
        if !object.isEmpty && entries.values.allSatisfy({ $0 is [String: Any] }) { return .params(data) }
        throw fail("JSON that is neither a Lottie animation (layers), a scenario (steps) nor a params file ({\"version\": 1, \"plugin id\": {\"parameter\": value}})")
    }
}
