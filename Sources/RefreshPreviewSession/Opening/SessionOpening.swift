import Foundation
import RefreshPluginSDK
import RefreshHost

extension Session {
    /// What opening a file did.
    package enum OpenOutcome: Equatable {
        /// Shown: what the terminal says ("opened clock.svg with Path Drawing").
        case opened(String)
        /// A scenario: the front end plays it.
        case play(scenario: String)
        /// Not opened: why (also on the card over the list).
        case failed(String)
    }

    /// Opens `path` (``OpenedFile/classify(_:)``): a file for a plugin's parameter sets it and
    /// switches to that plugin; a plugin library or bundle is probed in a child like any plugin on
    /// the search path, added and shown; a params file is applied. What cannot be opened is said
    /// on a card over the list and in the panel; the session goes on. A file dropped on a text
    /// field of the inspector sets that parameter to its path instead.
    package func open(_ path: String) -> OpenOutcome {
        let file = (path as NSString).lastPathComponent
        if let name = textFieldUnderPointer {
            set(name, to: .string(path))
            return said("\(file) dropped on \(name): \(view.message)")
        }
        let opened: OpenedFile
        do {
            opened = try OpenedFile.classify(path)
        } catch {
            return failedToOpen("\(error)")
        }
        switch opened {
        case .parameter(let id, let name, let value):
            guard let index = plugins.firstIndex(where: { $0.id == id }) else {
                return failedToOpen("\(path): no plugin \(id) on the search path to open it with")
            }
            let plugin = plugins[index]
            plugin.overrides[name] = .string(value)
            let error = plugin.applyOverrides()
            pick(index)
            // A file the plugin refuses: its card names the file and what is wrong in it.
            if let error { return failedToOpen("\(file): \(error.reasonDescription)", card: false) }
            return said("opened \(file) with \(plugin.name)")
        case .plugin(let given):
            let library: String
            do { library = try PluginSearchPath.standard().resolve(given) } catch { return failedToOpen("\(error)") }
            return show(library, openedFrom: file)
        case .pluginArchive(let archive):
            do { return show(try PluginArchive.openedBundle(archive).libraryPath, openedFrom: file) } catch { return failedToOpen("\(error)") }
        case .scenario(let scenario):
            return .play(scenario: scenario)
        case .params(let data):
            applyParameters(data, file: path)
            return said(view.message)
        }
    }

    /// The text parameter whose field the pointer is over (where a dropped file lands), if any.
    private var textFieldUnderPointer: String? {
        guard showsPanel, !view.showsGallery, let hover = view.inspector.hover, hover.x >= viewport.width,
              case .text(let name)? = inspectorLayout.target(at: Point(x: hover.x - viewport.width, y: hover.y))?.target else { return nil }
        return name
    }

    /// Shows the plugin at `library` (probed in a child first, as any plugin on the search path,
    /// unless it is already among the session's), opened from `file`.
    private func show(_ library: String, openedFrom file: String) -> OpenOutcome {
        if let known = plugins.firstIndex(where: { $0.path == library }) {
            pick(known)
        } else {
            let probed = PluginProbe.probed([library]).first?.result
            plugins.append(SessionPlugin(path: library, probed: probed, isolation: options.pluginIsolation))
            pick(plugins.count - 1)
        }
        if let error = plugins[current].loadError { return failedToOpen("\(file): \(error.reasonDescription)", card: false) }
        return said("opened \(file): \(plugins[current].name)")
    }

    private func said(_ text: String) -> OpenOutcome {
        view.message = text
        return .opened(text)
    }

    /// Says why a file did not open: in the panel and, unless the plugin's own card already shows
    /// it, on a card over the list.
    private func failedToOpen(_ reason: String, card: Bool = true) -> OpenOutcome {
        view.message = reason
        if card { view.openFailure = reason }
        return .failed(reason)
    }
}
