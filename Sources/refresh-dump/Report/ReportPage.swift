import Foundation

/// The review page: one self-contained `index.html` (styles, script and data inline, no network)
/// beside the videos it plays.
enum ReportPage {
    /// JSON text made safe inside a `<script>` element, whatever its strings hold: `<`, `>` and `&`
    /// as `\u003c`, `\u003e`, `\u0026` (so no `</script>`, `<!--` or `<script` can end or bend the
    /// element), and U+2028 and U+2029 escaped (line ends to older JavaScript). They occur only
    /// inside JSON strings, where the escapes mean the same characters.
    static func inline(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The page for `cells` (JSON array) and `spec` (JSON object), with a tab per entry of `themes` (a theme, or a theme and a locale).
    static func html(cells: String, spec: String, themes: [String], handoff: String = "[]") -> String {
        // try?: a list of strings always encodes; were it not to, the page would show no tabs.
        let themeList = inline(String(decoding: (try? JSONEncoder().encode(themes)) ?? Data("[]".utf8), as: UTF8.self))
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>RefreshKit review</title>
        <style>
        \(ReportPageStyle.css)
        </style>
        </head>
        <body>
        <header>
        <h1>RefreshKit review</h1>
        <p id="summary"></p>
        <nav id="tabs"></nav>
        <div class="controls">
        <label><input type="checkbox" id="link"> Scrub every cell together</label>
        <label>Time <input type="range" id="master" min="0" max="1" step="0.0167" value="0" aria-label="time, seconds"></label>
        </div>
        <ul class="legend" aria-label="timeline legend">
        <li><span class="marker" data-kind="eligible"></span> eligible (release to refresh)</li>
        <li><span class="marker" data-kind="refreshing"></span> refreshing</li>
        <li><span class="marker" data-kind="finished"></span> finished</li>
        <li><span class="marker" data-kind="other"></span> other state change (pulling, none, no more data, second floor)</li>
        <li><span class="haptic" data-kind="selection"></span> haptic: selection</li>
        <li><span class="haptic" data-kind="impact"></span> haptic: impact</li>
        </ul>
        </header>
        <main id="grid"></main>
        <section><h2>Spec</h2><div id="spec"></div><p>The same as JSON: <a href="spec.json">spec.json</a>.</p></section>
        <section class="handoff"><h2>Handoff</h2><div id="handoff"><p>Code to paste, per platform, with the tuned values: files in <a href="handoff/">handoff/</a>.</p></div></section>
        <pre id="selftest" hidden></pre>
        <script id="cells-data" type="application/json">\(inline(cells))</script>
        <script id="spec-data" type="application/json">\(inline(spec))</script>
        <script id="handoff-data" type="application/json">\(inline(handoff))</script>
        <script>
        const themes = \(themeList);
        \(ReportPageScript.javascript)
        </script>
        </body>
        </html>

        """
    }
}
