import Foundation
import RefreshGraphics
import RefreshHost
import RefreshPluginSDK

/// The gallery's sheet (every strip under its plugin's name) and page (`index.html`).
enum GalleryPage {
    static let titleHeight = 24.0

    /// The strips stacked, each under its name, on a grey sheet.
    static func sheet(_ strips: [(name: String, image: ImageSurface)], scale: Double) throws -> ImageSurface {
        let width = strips.map { Double($0.image.width) / scale }.max() ?? 100
        let height = strips.reduce(0) { $0 + titleHeight + Double($1.image.height) / scale }
        let sheet = try ImageSurface(size: Size(width: width, height: max(1, height)), scale: scale)
        let canvas = Canvas(surface: sheet)
        canvas.clear(Color(red: 0.5, green: 0.5, blue: 0.52))
        var y = 0.0
        for strip in strips {
            let title = canvas.makeTextLayout(strip.name, style: TextStyle(fontFamily: "sans-serif", size: 14, weight: .bold, width: width - 8, truncation: .end))
            canvas.draw(title, at: Point(x: 4, y: y + 4), color: .white)
            y += titleHeight
            let size = Size(width: Double(strip.image.width) / scale, height: Double(strip.image.height) / scale)
            canvas.drawImage(strip.image, in: Rect(x: 0, y: y, width: size.width, height: size.height))
            y += size.height
        }
        return sheet
    }

    /// A strip-sized card saying why a plugin is not drawn.
    static func card(_ reason: String, scale: Double) throws -> ImageSurface {
        let image = try ImageSurface(size: Size(width: 900, height: 80), scale: scale)
        let canvas = Canvas(surface: image)
        canvas.clear(Color(red: 0.5, green: 0.5, blue: 0.52))
        ErrorCard.draw(reason, in: canvas, rect: Rect(x: 0, y: 0, width: 900, height: 80), scheme: .light)
        return image
    }

    /// The page: per plugin its name, id, version, summary, placement and parameters, and its strip.
    static func html(_ entries: [GalleryCommand.Entry]) -> String {
        let e = JUnitReport.escape
        var body = "<h1>RefreshKit gallery</h1>\n<p>\(entries.count) plugins: pulling at 0.3 and 0.6, eligible, over-pulled, refreshing, "
            + "success, failure and the footer's end of the data; light above dark. <a href=\"gallery.png\">All on one sheet</a>.</p>\n"
        for entry in entries {
            guard let info = entry.info else {
                body += "<section class=\"failed\"><h2>✗ \(e(entry.reference))</h2><p>\(e(entry.failure ?? ""))</p></section>\n"
                continue
            }
            let i = info.indicator
            body += "<section id=\"\(e(i.id))\"><h2>\(e(i.name)) <small><code>\(e(i.id))</code> \(e(i.version))</small></h2>\n"
            body += "<p>\(e(i.summary))</p><p>placement: <b>\(info.placement.rawValue)</b></p>\n"
            if let failure = entry.failure { body += "<p class=\"error\">✗ \(e(failure))</p>\n" }
            body += "<img src=\"\(e(entry.file))\" alt=\"\(e(i.name)) in its key moments, light above dark\">\n"
            switch entry.export {
            case .success(let lottie)?:
                let name = String(lottie.dropLast(7))
                body += "<p>Lottie: <a href=\"\(e(lottie))\">\(e(lottie))</a> (light and dark), <a href=\"\(e(name)).json\">\(e(name)).json</a>, "
                    + "<a href=\"\(e(name))-dark.json\">\(e(name))-dark.json</a></p>\n"
            case .failure(let failure)?: body += "<p class=\"error\">✗ export: \(e(failure.reason))</p>\n"
            case nil: break
            }
            if !info.parameters.isEmpty {
                body += "<table><tr><th>parameter</th><th>kind</th><th>default</th><th>what it does</th></tr>\n"
                for p in info.parameters {
                    body += "<tr><td><code>\(e(p.name))</code></td><td>\(e(p.kindName))</td><td><code>\(e(p.defaultValue.json))</code></td><td>\(e(p.help))</td></tr>\n"
                }
                body += "</table>\n"
            }
            body += "</section>\n"
        }
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>RefreshKit gallery</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
        img { max-width: 100%; display: block; margin: 8px 0; }
        table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 2px 8px; text-align: left; vertical-align: top; }
        section { margin-bottom: 32px; } .error, .failed { color: #a00; }
        @media print { section { break-inside: avoid; } }
        </style></head><body>
        \(body)</body></html>

        """
    }
}
