import Foundation
import RefreshPluginSDK
import RefreshHost

extension Session {
    /// Whether the gallery shows a plugin still loading (the window keeps drawing until it is there).
    var galleryIsLoading: Bool { view.showsGallery && plugins.contains(where: \.isLoading) }

    /// The gallery's commands while it shows: I closes it, a click on a card picks that plugin, and
    /// the list takes no pointer. Returns whether `command` was the gallery's.
    func performInGallery(_ command: PreviewCommand) -> Bool {
        switch command {
        case .toggleGallery:
            view.showsGallery = false
        case .pointerDown(let p):
            let cards = GalleryOverlay.cardRects(count: plugins.count, in: windowSize)
            guard let index = cards.firstIndex(where: { $0.contains(p) }) else { return true }
            view.showsGallery = false
            pick(index)
        case .pointerMoved, .pointerUp, .wheel:
            break
        default:
            return false
        }
        return true
    }

    /// Opens the gallery, starting every plugin's load so each card fills in.
    func openGallery() {
        view.showsGallery = true
        for plugin in plugins { plugin.loadIfNeeded() }
        view.message = "pick a plugin"
    }

    /// Shows plugin `index` (← →, the gallery, a file opened), its first parameter selected; the
    /// panel names it, with why it did not load.
    func pick(_ index: Int) {
        guard plugins.indices.contains(index) else { return }
        current = index
        selectedParameter = 0
        view.openFailure = nil
        showCurrentPlugin()
        view.message = "\(plugins[index].name)" + (plugins[index].loadError.map { ": \($0)" } ?? "")
    }

    /// Each plugin's card: a bundle's own thumbnail, else the plugin drawn refreshing in the
    /// current theme (kept until the plugin or the theme changes); a broken plugin's reason.
    package func galleryEntries(scale: Double) -> [GalleryOverlay.Entry] {
        plugins.map { plugin in
            let indicator = plugin.indicator
            var entry = GalleryOverlay.Entry(name: plugin.name, version: plugin.version, thumbnail: nil, error: nil)
            if plugin.isLoading { return entry }
            if let failed = indicator as? FailedIndicator { entry.error = failed.error.reasonDescription; return entry }
            let key = "\(plugin.path)|\(view.environment.colorScheme.rawValue)|\(plugin.overridesSignature)"
            if let cached = galleryThumbnails[key] { entry.thumbnail = cached; return entry }
            do {
                let image = try Self.bundleThumbnail(of: plugin.path) ?? renderThumbnail(indicator, scale: scale)
                galleryThumbnails[key] = image
                entry.thumbnail = image
            } catch {
                entry.error = PlainErrorText.words(error)
            }
            return entry
        }
    }

    /// A bundle's thumbnail (`thumbnail` in its manifest), when the library is in a bundle that has one.
    static func bundleThumbnail(of library: String) throws -> ImageSurface? {
        let folder = PathText.folder(of: library)
        guard PluginBundle.isBundle(folder), let name = try PluginBundle(folder: folder).manifest.thumbnail else { return nil }
        return try ImageSurface.readPNG(at: "\(folder)/\(name)")
    }

    /// `indicator`'s signature moment on the band's background: drawn refreshing, half a second
    /// in, or pulled most of the way when that shows far more of it (Water Drop's stretched drop,
    /// not the small spinner it pops into).
    private func renderThumbnail(_ indicator: any HostedIndicator, scale: Double) throws -> ImageSurface {
        let (loading, pulled) = (try Self.thumbnail(indicator, .refreshing, scale: scale, environment: view.environment),
                                 try Self.thumbnail(indicator, .pulling(progress: 0.8), scale: scale, environment: view.environment))
        return Self.ink(pulled) > 1.3 * Self.ink(loading) ? pulled : loading
    }

    /// `indicator` in `state` (half a second into it) at the thumbnail's size.
    static func thumbnail(_ indicator: any HostedIndicator, _ state: RefreshState, scale: Double, environment: IndicatorEnvironment) throws -> ImageSurface {
        var spec = FrameSpec(state: state)
        (spec.size, spec.scale, spec.time, spec.stateTime, spec.environment) = (GalleryOverlay.thumbnailSize, scale, 0.5, 0.5, environment)
        let frame = spec.frame(refreshLength: indicator.refreshLength)
        // A thumbnail is kept: it is the frame asked for, however long the plugin takes.
        guard let remote = indicator as? RemoteIndicator else { return try FrameRenderer.render(indicator, frame: frame) }
        return try remote.waitingForEveryFrame { try FrameRenderer.render(indicator, frame: frame) }
    }

    /// How many pixels of `image` differ from its corner's, the band's background.
    static func ink(_ image: ImageSurface) -> Double {
        let pixels = image.pixelWords()
        guard let background = pixels.first else { return 0 }
        return Double(pixels.reduce(0) { $0 + ($1 == background ? 0 : 1) })
    }
}
