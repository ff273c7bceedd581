import RefreshPluginSDK
import RefreshCore

/// The placeholder page the preview and the headless frames show on an edge's second floor: a
/// tinted page of tiles with the floor's name, filling the gap between the viewport's edge and the
/// content. While the pull is only eligible it shows through faintly, clearer as the pull goes on.
enum SecondFloorPage {
    static func draw(in canvas: Canvas, rect: Rect, status: RefreshContainer.EdgeStatus, environment: IndicatorEnvironment) {
        guard rect.width >= 1, rect.height >= 1 else { return }
        let dark = environment.colorScheme == .dark
        let opacity: Double = status.state == .secondaryEligible ? 0.35 + 0.4 * min(max(status.secondaryProgress - 1, 0), 1) : 1
        canvas.withSavedState {
            canvas.addRect(rect)
            canvas.clip()
            canvas.withAlpha(opacity) {
                canvas.addRect(rect)
                canvas.fill(.color(dark ? Color(red: 0.10, green: 0.16, blue: 0.30) : Color(red: 0.86, green: 0.91, blue: 1.0)))
                // A grid of tiles, anchored to the viewport's edge so that it is uncovered, not slid.
                let tile = 72.0, gap = 12.0
                let columns = max(1, Int((rect.width - gap) / (tile + gap)))
                let left = rect.minX + (rect.width - Double(columns) * (tile + gap) + gap) / 2
                let ink = dark ? Color(red: 0.2, green: 0.3, blue: 0.5) : Color(red: 0.72, green: 0.8, blue: 0.96)
                var y = rect.minY + 64
                while y + tile < rect.maxY - gap {
                    for column in 0..<columns {
                        canvas.addRoundedRect(Rect(x: left + Double(column) * (tile + gap), y: y, width: tile, height: tile), radius: 12)
                    }
                    y += tile + gap
                }
                canvas.fill(.color(ink))
                let title = StateDescription.text(for: status.state, edge: .top, locale: environment.locale) ?? ""
                let layout = canvas.makeTextLayout(title, style: TextStyle(size: 17, weight: .semibold, width: max(10, rect.width - 32), truncation: .end))
                let textColor = dark ? Color(red: 0.85, green: 0.9, blue: 1) : Color(red: 0.1, green: 0.2, blue: 0.45)
                canvas.draw(layout, at: Point(x: rect.center.x - layout.size.width / 2, y: rect.minY + 24), color: textColor)
            }
        }
    }
}
