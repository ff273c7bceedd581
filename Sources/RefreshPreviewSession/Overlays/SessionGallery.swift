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
    /// not the small spinner it pops into). Pulled to 70 %, short of where an arrow starts to turn
    /// (Label's, at 75 %: at 80 % the card caught it mid-flip).
    private func renderThumbnail(_ indicator: any HostedIndicator, scale: Double) throws -> ImageSurface {
        let (loading, pulled) = (try Self.thumbnail(indicator, .refreshing, scale: scale, environment: view.environment),
                                 try Self.thumbnail(indicator, .pulling(progress: 0.7), scale: scale, environment: view.environment))
        let band = try Self.bandWord(view.environment.colorScheme)
        return Self.ink(pulled, band: band) > 1.3 * Self.ink(loading, band: band) ? pulled : loading
    }

    /// The band's background as one pixel word, drawn as a frame's is.
    static func bandWord(_ scheme: IndicatorEnvironment.ColorScheme) throws -> UInt32 {
        let swatch = try ImageSurface(width: 1, height: 1)
        Canvas(surface: swatch).clear(FrameRenderer.background(for: scheme))
        return swatch.pixelWords()[0]
    }

    /// `indicator` in `state` (half a second into it), filling the thumbnail: a band as tall as the
    /// indicator (at least the thumbnail's height) and of the thumbnail's proportions, drawn at
    /// the scale that makes it the thumbnail's pixels. Phoenix's and Taurus's 120-pt scenes are
    /// drawn whole, smaller (a 72-pt band cut the town off and put the plane on the card's edge).
    static func thumbnail(_ indicator: any HostedIndicator, _ state: RefreshState, scale: Double, environment: IndicatorEnvironment) throws -> ImageSurface {
        let card = GalleryOverlay.thumbnailSize
        let band = max(card.height, indicator.refreshLength.isFinite ? indicator.refreshLength : card.height)
        let shrink = card.height / band
        var spec = FrameSpec(state: state)
        (spec.size, spec.scale, spec.time, spec.stateTime, spec.environment) = (Size(width: card.width / shrink, height: band), scale * shrink, 0.5, 0.5, environment)
        let frame = spec.frame(refreshLength: indicator.refreshLength)
        // A thumbnail is kept: it is the frame asked for, however long the plugin takes.
        guard let remote = indicator as? RemoteIndicator else { return try FrameRenderer.render(indicator, frame: frame) }
        return try remote.waitingForEveryFrame { try FrameRenderer.render(indicator, frame: frame) }
    }

    /// How many pixels of `image` differ from the band's background (`band`): a scene that fills
    /// its band (Phoenix's sky) is all ink. Measured against its corner, as it was, the sky was the
    /// background, and Phoenix's card showed the scene pulled to 70 %, its top still empty.
    static func ink(_ image: ImageSurface, band: UInt32) -> Double {
        Double(image.pixelWords().reduce(0) { $0 + ($1 == band ? 0 : 1) })
    }
}
