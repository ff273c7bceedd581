import Foundation
import RefreshPluginSDK
import RefreshCore

/// How the simulated list looks.
public struct SceneLayout: Equatable, Sendable {
    /// The visible list, in points.
    public var viewport: Size
    /// The list's axis.
    public var axis: ScrollAxis
    /// Each row's extent along the axis, in points.
    public var rowHeight: Double
    /// The extent of an indicator's frame across its edge, in points; it is anchored to the content.
    public var indicatorExtent: Double

    /// A layout.
    public init(viewport: Size, axis: ScrollAxis = .vertical, rowHeight: Double = Defaults.rowHeight, indicatorExtent: Double = Defaults.bandExtent) {
        self.viewport = viewport
        self.axis = axis
        self.rowHeight = rowHeight
        self.indicatorExtent = indicatorExtent
    }

    /// The list's content with `rows` rows: the rows along the axis, the viewport's extent across it.
    public func contentSize(rows: Int) -> Size {
        axis == .vertical ? Size(width: viewport.width, height: Double(rows) * rowHeight)
                          : Size(width: Double(rows) * rowHeight, height: viewport.height)
    }

    /// Where `edge`'s indicator frame is, in viewport points, for this scroll position and pull,
    /// and the part of it the user sees (in the frame's points; nil for push: the SDK's rule).
    ///
    /// - push: top and leading frames end where the content starts; bottom and trailing frames
    ///   start where the content ends, or at the revealed gap when the content is shorter than the viewport.
    /// - behind: `triggerDistance` deep, fixed at the viewport's edge (drawn under the content).
    /// - above: `triggerDistance` deep, slid in from beyond the viewport's edge by the pull; past
    ///   the trigger it slows and stops one more `triggerDistance` in (``aboveTravel(pull:depth:)``).
    /// - stretch: the gap itself.
    func placedRect(_ edge: RefreshEdge, placement: IndicatorPlacement, triggerDistance: Double, simulation: ScrollSimulation) -> (rect: Rect, draw: Rect?) {
        let pull = simulation.pull(at: edge).distance
        let depth: Double
        switch placement {
        case .push: return (indicatorRect(edge, simulation: simulation), nil)
        case .behind, .above: depth = triggerDistance
        case .stretch: depth = pull
        }
        // How far the frame's outer side is past the viewport's edge (positive: outside).
        let outside = placement == .above ? depth - Self.aboveTravel(pull: pull, depth: depth) : 0
        let v = viewport
        let rect: Rect
        switch edge {
        case .top: rect = Rect(x: 0, y: -outside, width: v.width, height: depth)
        case .bottom: rect = Rect(x: 0, y: v.height - depth + outside, width: v.width, height: depth)
        case .leading: rect = Rect(x: -outside, y: 0, width: depth, height: v.height)
        case .trailing: rect = Rect(x: v.width - depth + outside, y: 0, width: depth, height: v.height)
        }
        return (rect, Rect(x: 0, y: 0, width: rect.width, height: rect.height))
    }

    /// How far an `above` frame `depth` deep has slid in for `pull`: the pull itself up to `depth`,
    /// then Android's SwipeRefreshLayout tension: a pull `extra` past it moves the frame a further
    /// `depth · (t − t²/4)`, `t = min(extra, 2·depth) / depth` — as fast as the pull at first, still
    /// at `t = 2`, so at most `depth` more. The disc floats over the list; it does not ride a long
    /// over-pull down the screen.
    static func aboveTravel(pull: Double, depth: Double) -> Double {
        guard pull > depth, depth > 0 else { return pull }
        let t = min(pull - depth, 2 * depth) / depth
        return depth + depth * (t - t * t / 4)
    }

    /// Where `edge`'s indicator frame is with the push placement, in viewport points.
    /// Top and leading frames end where the content starts; bottom and trailing frames start where
    /// the content ends, or at the revealed gap when the content is shorter than the viewport.
    public func indicatorRect(_ edge: RefreshEdge, simulation: ScrollSimulation) -> Rect {
        let offset = simulation.offset, content = simulation.configuration.contentSize
        let extent = indicatorExtent
        let pull = simulation.pull(at: edge).distance
        switch edge {
        case .top: return Rect(x: 0, y: -offset.y - extent, width: viewport.width, height: extent)
        case .bottom: return Rect(x: 0, y: max(content.height - offset.y, viewport.height - pull), width: viewport.width, height: extent)
        case .leading: return Rect(x: -offset.x - extent, y: 0, width: extent, height: viewport.height)
        case .trailing: return Rect(x: max(content.width - offset.x, viewport.width - pull), y: 0, width: extent, height: viewport.height)
        }
    }

    /// The gap a pull of `pull` points opens at `edge`: the strip of the viewport between its edge and the content.
    func gapRect(_ edge: RefreshEdge, pull: Double) -> Rect {
        let v = viewport
        switch edge {
        case .top: return Rect(x: 0, y: 0, width: v.width, height: min(pull, v.height))
        case .bottom: return Rect(x: 0, y: max(0, v.height - pull), width: v.width, height: min(pull, v.height))
        case .leading: return Rect(x: 0, y: 0, width: min(pull, v.width), height: v.height)
        case .trailing: return Rect(x: max(0, v.width - pull), y: 0, width: min(pull, v.width), height: v.height)
        }
    }

    /// The band of the viewport at `edge` that an `edge` window shows: ``indicatorExtent`` across
    /// the edge (or the whole viewport when it is smaller), the full length along it.
    public func bandRect(at edge: RefreshEdge) -> Rect {
        let v = viewport, band = indicatorExtent
        switch edge {
        case .top: return Rect(x: 0, y: 0, width: v.width, height: min(band, v.height))
        case .bottom: return Rect(x: 0, y: max(0, v.height - band), width: v.width, height: min(band, v.height))
        case .leading: return Rect(x: 0, y: 0, width: min(band, v.width), height: v.height)
        case .trailing: return Rect(x: max(0, v.width - band), y: 0, width: min(band, v.width), height: v.height)
        }
    }
}

/// Draws the simulated list and its indicators: what the preview's window and the headless frames
/// both show.
public enum SceneRenderer {
    /// The skeleton list's colours for a scheme: a row's (or card's) background, its placeholder
    /// ink (avatar, text bars, picture) and its separator (or outline).
    static func listColors(_ scheme: IndicatorEnvironment.ColorScheme) -> (background: Color, ink: Color, separator: Color) {
        scheme == .dark
            ? (Color(red: 0.11, green: 0.11, blue: 0.12), Color(red: 0.23, green: 0.23, blue: 0.25), Color(red: 0.2, green: 0.2, blue: 0.22))
            : (.white, Color(red: 0.89, green: 0.89, blue: 0.91), Color(red: 0.85, green: 0.85, blue: 0.87))
    }

    /// Draws into `canvas`, whose origin is the viewport's top-left, the list at the simulation's
    /// offset (or `placeholder` in its place) and each indicator in its place, as its edge's
    /// placement says: `behind` indicators under the content, the others over it; an `above` edge
    /// does not move the content. An open (or opening) second floor fills its edge's gap with a
    /// page. A failing indicator gets an error card instead; its error is returned so the caller
    /// can report it. Without `drawsContent`, the indicators are drawn alone on the background.
    @discardableResult
    public static func draw(
        in canvas: Canvas, layout: SceneLayout, simulation: ScrollSimulation, container: RefreshContainer,
        indicators: [RefreshEdge: any HostedIndicator], time: Double, environment: IndicatorEnvironment, scale: Double,
        placeholder: ListPlaceholder? = nil, drawsContent: Bool = true
    ) -> [PluginError] {
        draw(in: canvas, layout: layout, moment: ListMoment(simulation: simulation, container: container, time: time, placeholder: placeholder),
             indicators: indicators, environment: environment, scale: scale, drawsContent: drawsContent)
    }

    /// Draws the list at `moment` (a live one, or one the timeline kept) as
    /// ``draw(in:layout:simulation:container:indicators:time:environment:scale:placeholder:drawsContent:)`` does.
    @discardableResult
    package static func draw(
        in canvas: Canvas, layout: SceneLayout, moment: ListMoment,
        indicators: [RefreshEdge: any HostedIndicator], environment: IndicatorEnvironment, scale: Double, drawsContent: Bool = true
    ) -> [PluginError] {
        let viewportRect = Rect(x: 0, y: 0, width: layout.viewport.width, height: layout.viewport.height)
        var errors: [PluginError] = []
        let statuses = moment.statuses, simulation = moment.simulation, time = moment.time, placeholder = moment.placeholder
        canvas.withSavedState {
            canvas.addRect(viewportRect)
            canvas.clip()
            canvas.paint(.color(FrameRenderer.background(for: environment.colorScheme)))
            for (edge, status) in statuses where status.placement == .behind {
                drawIndicator(edge, status, in: canvas, layout: layout, simulation: simulation, indicators: indicators, time: time,
                              environment: environment, scale: scale, errors: &errors)
            }
            // The content moves by every pull except an `above` edge's.
            var offset = simulation.offset
            for (edge, status) in statuses where status.placement == .above {
                let pull = simulation.pull(at: edge).distance
                switch edge {
                case .top: offset.y += pull
                case .bottom: offset.y -= pull
                case .leading: offset.x += pull
                case .trailing: offset.x -= pull
                }
            }
            if !drawsContent {
                // The indicators alone, in their places (what lint judges): no rows, no page.
            } else if let placeholder {
                placeholder.draw(in: canvas, viewport: layout.viewport, time: time, environment: environment)
            } else if layout.axis == .vertical {
                drawRows(canvas, layout: layout, simulation: simulation, offset: offset, environment: environment)
            } else {
                drawCards(canvas, layout: layout, simulation: simulation, offset: offset, environment: environment)
            }
            for (edge, status) in statuses where status.state.isSecondFloor && drawsContent {
                SecondFloorPage.draw(in: canvas, rect: layout.gapRect(edge, pull: simulation.pull(at: edge).distance),
                                     status: status, environment: environment)
            }
            for (edge, status) in statuses where status.placement != .behind {
                drawIndicator(edge, status, in: canvas, layout: layout, simulation: simulation, indicators: indicators, time: time,
                              environment: environment, scale: scale, errors: &errors)
            }
        }
        return errors
    }

    /// Draws one edge's indicator in its place, or the error card where it failed.
    private static func drawIndicator(
        _ edge: RefreshEdge, _ status: RefreshContainer.EdgeStatus, in canvas: Canvas, layout: SceneLayout, simulation: ScrollSimulation,
        indicators: [RefreshEdge: any HostedIndicator], time: Double, environment: IndicatorEnvironment, scale: Double, errors: inout [PluginError]
    ) {
        let viewportRect = Rect(x: 0, y: 0, width: layout.viewport.width, height: layout.viewport.height)
        guard let indicator = indicators[edge] else { return }
        let visibleState = status.state.kind != .none && status.state.kind != .unknown
        guard status.pull.distance > 0 || visibleState else { return }
        let (rect, drawRect) = layout.placedRect(edge, placement: status.placement, triggerDistance: status.triggerDistance, simulation: simulation)
        guard rect.width >= 1, rect.height >= 1, rect.maxX > 0, rect.maxY > 0, rect.minX < viewportRect.maxX, rect.minY < viewportRect.maxY else { return }
        let frame = IndicatorFrame(size: rect.size, scale: scale, edge: edge, state: status.state, progress: status.progress,
                                   pull: status.pull, time: time, stateTime: max(0, time - status.stateStartTime), environment: environment,
                                   placement: status.placement, drawRect: drawRect, secondaryProgress: status.secondaryProgress)
        canvas.withSavedState {
            canvas.translate(x: rect.minX, y: rect.minY)
            canvas.addRect(Rect(x: 0, y: 0, width: rect.width, height: rect.height))
            canvas.clip()
            do throws(PluginError) {
                try indicator.draw(in: canvas, frame: frame)
            } catch {
                errors.append(error)
                // The card fills the part of the band that is on screen, the reason first.
                let onScreen = rect.intersection(viewportRect)
                let visible = Rect(x: onScreen.minX - rect.minX, y: onScreen.minY - rect.minY, width: onScreen.width, height: onScreen.height)
                let message = "\(error.reasonDescription) (\((error.file as NSString).lastPathComponent))"
                ErrorCard.draw(message, in: canvas, rect: visible, scheme: environment.colorScheme)
            }
        }
    }

    /// The rows (or cards) of the content on screen: their indices along the axis.
    static func visibleItems(layout: SceneLayout, simulation: ScrollSimulation, offset: Point) -> ClosedRange<Int>? {
        let axis = layout.axis
        let offset = offset[axis]
        let count = Int((simulation.configuration.contentSize[axis] / layout.rowHeight).rounded(.down))
        let first = max(0, Int(floor(offset / layout.rowHeight)))
        let last = min(count - 1, Int(floor((offset + layout.viewport[axis]) / layout.rowHeight)))
        return count > 0 && first <= last ? first...last : nil
    }

    /// Skeleton rows of a vertical list: an avatar and two text bars each, lengths varying by row;
    /// mirrored (avatar on the right) for a right-to-left locale.
    static func drawRows(_ canvas: Canvas, layout: SceneLayout, simulation: ScrollSimulation, offset: Point, environment: IndicatorEnvironment) {
        guard let items = visibleItems(layout: layout, simulation: simulation, offset: offset) else { return }
        let (rowColor, ink, separator) = listColors(environment.colorScheme)
        let across = layout.viewport.width
        let h = layout.rowHeight
        for row in items {
            canvas.withSavedState {
                canvas.translate(x: 0, y: Double(row) * h - offset.y)
                if environment.layoutDirection == .rightToLeft {
                    canvas.translate(x: across, y: 0)
                    canvas.scale(x: -1, y: 1)
                }
                canvas.addRect(Rect(x: 0, y: 0, width: across, height: h))
                canvas.fill(.color(rowColor))
                let avatar = h * 0.56
                canvas.addEllipse(in: Rect(x: 16, y: (h - avatar) / 2, width: avatar, height: avatar))
                canvas.fill(.color(ink))
                let textLeft = 16 + avatar + 12
                let long = (across - textLeft - 16) * (0.55 + 0.4 * Double((row * 37) % 11) / 10)
                let short = (across - textLeft - 16) * (0.3 + 0.3 * Double((row * 53) % 7) / 6)
                canvas.addRoundedRect(Rect(x: textLeft, y: h * 0.3, width: long, height: h * 0.14), radius: h * 0.07)
                canvas.addRoundedRect(Rect(x: textLeft, y: h * 0.56, width: short, height: h * 0.12), radius: h * 0.06)
                canvas.fill(.color(ink))
                canvas.addRect(Rect(x: textLeft, y: h - 0.5, width: across - textLeft, height: 0.5))
                canvas.fill(.color(separator))
            }
        }
    }

    /// Cards of a horizontal carousel, `rowHeight` apart: a picture and two caption bars each,
    /// centred across the viewport. (The carousel runs left to right in every locale.)
    static func drawCards(_ canvas: Canvas, layout: SceneLayout, simulation: ScrollSimulation, offset: Point, environment: IndicatorEnvironment) {
        guard let items = visibleItems(layout: layout, simulation: simulation, offset: offset) else { return }
        let (cardColor, picture, outline) = listColors(environment.colorScheme)
        let pitch = layout.rowHeight, width = max(4, pitch - 8)
        let height = min(layout.viewport.height - 32, width + 34)  // the picture, two captions and a margin
        let top = (layout.viewport.height - height) / 2
        for item in items {
            let card = Rect(x: Double(item) * pitch - offset.x + 4, y: top, width: width, height: height)
            canvas.addRoundedRect(card, radius: min(12, width / 5))
            canvas.fill(.color(cardColor))
            canvas.addRoundedRect(card.insetBy(0.25), radius: min(12, width / 5))
            canvas.stroke(.color(outline), style: StrokeStyle(lineWidth: 0.5))
            canvas.addRoundedRect(Rect(x: card.minX + 4, y: card.minY + 4, width: width - 8, height: width - 8), radius: min(8, width / 6))
            canvas.fill(.color(picture))
            let long = (width - 8) * (0.6 + 0.4 * Double((item * 37) % 11) / 10)
            let short = (width - 8) * (0.35 + 0.3 * Double((item * 53) % 7) / 6)
            canvas.addRoundedRect(Rect(x: card.minX + 4, y: card.minY + width + 4, width: long, height: 7), radius: 3.5)
            canvas.addRoundedRect(Rect(x: card.minX + 4, y: card.minY + width + 16, width: short, height: 6), radius: 3)
            canvas.fill(.color(picture))
        }
    }
}

/// The card drawn where an indicator failed: the reason, in place of the frame.
public enum ErrorCard {
    /// Draws `message` on a red-tinted card filling `rect` (points), wrapped over as many lines
    /// as fit and truncated after them.
    public static func draw(_ message: String, in canvas: Canvas, rect: Rect, scheme: IndicatorEnvironment.ColorScheme) {
        let card = rect.insetBy(6)
        guard card.width > 0, card.height > 0 else { return }
        canvas.addRoundedRect(card, radius: 10)
        canvas.fill(.color(scheme == .dark ? Color(red: 0.35, green: 0.08, blue: 0.08) : Color(red: 1, green: 0.9, blue: 0.9)))
        let lines = max(1, Int((card.height - 12) / 13.5))
        var style = TextStyle(fontFamily: "monospace", size: 11, width: max(10, card.width - 16), truncation: .end)
        style.maxLines = lines
        let text = canvas.makeTextLayout("⚠ " + message, style: style)
        canvas.draw(text, at: Point(x: card.minX + 8, y: card.minY + 8), color: scheme == .dark ? Color(red: 1, green: 0.75, blue: 0.75) : Color(red: 0.6, green: 0, blue: 0))
    }
}
