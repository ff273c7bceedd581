import RefreshPluginSDK

/// One indicator in the gallery: its key moments side by side, light above dark, each frame the
/// band a list shows (``FrameRenderer``), labelled. What `refresh-dump gallery` writes per plugin
/// and what the docs show.
package enum GalleryStrip {
    /// A moment of the strip: its label and the frame it draws.
    package struct Moment: Sendable {
        /// What the cell says, e.g. `pulling 0.3`.
        package var label: String
        /// The frame, light; the dark row changes only the theme.
        package var spec: FrameSpec
    }

    /// Pulling at 0.3 and 0.6, eligible, over-pulled, two refreshing frames, success, failure,
    /// and the end of the data (at the bottom edge, where a footer says it).
    package static let moments: [Moment] = {
        func moment(_ label: String, _ state: RefreshState, progress: Double? = nil, time: Double = 0, edge: RefreshEdge = .top) -> Moment {
            var spec = FrameSpec(state: state, progress: progress)
            spec.time = time
            spec.stateTime = time
            spec.edge = edge
            spec.scale = 1
            return Moment(label: label, spec: spec)
        }
        return [
            moment("pulling 0.3", .pulling(progress: 0.3)), moment("pulling 0.6", .pulling(progress: 0.6)),
            moment("eligible", .eligible), moment("over-pulled 1.5", .eligible, progress: 1.5),
            moment("refreshing 0.3 s", .refreshing, time: 0.3), moment("refreshing 0.9 s", .refreshing, time: 0.9),
            moment("success", .finished(.success), time: 0.2), moment("failure", .finished(.failure), time: 0.2),
            moment("no more data (footer)", .noMoreData, edge: .bottom),
        ]
    }()

    static let cell = Size(width: 195, height: 60), gap = 4.0, label = 16.0

    /// The strip for `indicator` at `scale` pixels per point; a frame that fails shows its reason
    /// on an error card in its cell, and its error is returned with the strip.
    package static func render(_ indicator: any HostedIndicator, scale: Double = 1) throws -> (image: ImageSurface, errors: [PluginError]) {
        let columns = Double(moments.count)
        let size = Size(width: gap + columns * (cell.width + gap), height: label + 2 * (cell.height + gap) + gap)
        let strip = try ImageSurface(size: size, scale: scale)
        let canvas = Canvas(surface: strip)
        canvas.clear(Color(red: 0.5, green: 0.5, blue: 0.52))
        var errors: [PluginError] = []
        for (i, moment) in moments.enumerated() {
            let x = gap + Double(i) * (cell.width + gap)
            let text = canvas.makeTextLayout(moment.label, style: TextStyle(fontFamily: "sans-serif", size: 10, width: cell.width, truncation: .end))
            canvas.draw(text, at: Point(x: x, y: 2), color: .white)
            for (row, scheme) in [IndicatorEnvironment.ColorScheme.light, .dark].enumerated() {
                var spec = moment.spec
                spec.environment.colorScheme = scheme
                spec.scale = scale * cell.width / spec.size.width
                let place = Rect(x: x, y: label + Double(row) * (cell.height + gap), width: cell.width, height: cell.height)
                let frame = spec.frame(refreshLength: indicator.refreshLength)
                indicator.refreshState = frame.state
                do {
                    canvas.drawImage(try FrameRenderer.render(indicator, frame: frame), in: place)
                } catch let error as PluginError {
                    errors.append(error)
                    canvas.addRect(place)
                    canvas.fill(.color(FrameRenderer.background(for: scheme)))
                    ErrorCard.draw(error.reasonDescription, in: canvas, rect: place, scheme: scheme)
                }
            }
        }
        return (strip, errors)
    }
}
