import Foundation
import RefreshPluginSDK

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
    public init(viewport: Size, axis: ScrollAxis = .vertical, rowHeight: Double = 64, indicatorExtent: Double = 120) {
        self.viewport = viewport
        self.axis = axis
        self.rowHeight = rowHeight
        self.indicatorExtent = indicatorExtent
    }

    /// Where `edge`'s indicator frame is, in viewport points, for this scroll position and pull.
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
}

/// Draws the simulated list and its indicators: what the preview's window and the headless frames
/// both show.
public enum SceneRenderer {
    /// Rows' colours for a scheme.
    static func rowColor(_ scheme: IndicatorEnvironment.ColorScheme) -> Color {
        scheme == .dark ? Color(red: 0.11, green: 0.11, blue: 0.12) : .white
    }

    /// Draws into `canvas`, whose origin is the viewport's top-left, the list at the simulation's
    /// offset and each indicator in its place. A failing indicator gets an error card instead; its
    /// error is returned so the caller can report it.
    @discardableResult
    public static func draw(
        in canvas: Canvas, layout: SceneLayout, simulation: ScrollSimulation, container: RefreshContainer,
        indicators: [RefreshEdge: any HostedIndicator], time: Double, environment: IndicatorEnvironment, scale: Double
    ) -> [PluginError] {
        let viewportRect = Rect(x: 0, y: 0, width: layout.viewport.width, height: layout.viewport.height)
        var errors: [PluginError] = []
        canvas.withSavedState {
            canvas.addRect(viewportRect)
            canvas.clip()
            canvas.paint(.color(FrameRenderer.background(for: environment.colorScheme)))
            drawRows(canvas, layout: layout, simulation: simulation, scheme: environment.colorScheme)
            for edge in container.enabledEdges {
                guard let indicator = indicators[edge], let status = container.status(of: edge) else { continue }
                let visibleState = status.state.kind != .none && status.state.kind != .unknown
                guard status.pull.distance > 0 || visibleState else { continue }
                let rect = layout.indicatorRect(edge, simulation: simulation)
                guard rect.maxX > 0, rect.maxY > 0, rect.minX < viewportRect.maxX, rect.minY < viewportRect.maxY else { continue }
                let frame = IndicatorFrame(size: rect.size, scale: scale, edge: edge, state: status.state, progress: status.progress,
                                           pull: status.pull, time: time, stateTime: max(0, time - status.stateStartTime), environment: environment)
                canvas.withSavedState {
                    canvas.translate(x: rect.minX, y: rect.minY)
                    canvas.addRect(Rect(x: 0, y: 0, width: rect.width, height: rect.height))
                    canvas.clip()
                    do throws(PluginError) {
                        try indicator.render(frame, into: canvas)
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
        }
        return errors
    }

    /// Skeleton rows: an avatar and two text bars each, lengths varying by row.
    static func drawRows(_ canvas: Canvas, layout: SceneLayout, simulation: ScrollSimulation, scheme: IndicatorEnvironment.ColorScheme) {
        let axis = layout.axis
        let offset = simulation.offset[axis]
        let extent = layout.viewport[axis]
        let content = simulation.configuration.contentSize[axis]
        let rowCount = Int((content / layout.rowHeight).rounded(.down))
        guard rowCount > 0 else { return }
        let first = max(0, Int(floor(offset / layout.rowHeight)))
        let last = min(rowCount - 1, Int(floor((offset + extent) / layout.rowHeight)))
        guard first <= last else { return }
        let rowColor = rowColor(scheme)
        let ink = scheme == .dark ? Color(red: 0.23, green: 0.23, blue: 0.25) : Color(red: 0.89, green: 0.89, blue: 0.91)
        let separator = scheme == .dark ? Color(red: 0.2, green: 0.2, blue: 0.22) : Color(red: 0.85, green: 0.85, blue: 0.87)
        let across = axis == .vertical ? layout.viewport.width : layout.viewport.height
        let h = layout.rowHeight
        for row in first...last {
            let start = Double(row) * h - offset
            // Rows are laid out as for a vertical list, then turned for a horizontal one.
            canvas.withSavedState {
                if axis == .vertical {
                    canvas.translate(x: 0, y: start)
                } else {
                    canvas.translate(x: start + h, y: 0)
                    canvas.rotate(.pi / 2)
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
