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
    static func html(cells: String, spec: String, themes: [String]) -> String {
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
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #fafafa; }
        h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 32px 0 8px; }
        nav button { font: inherit; padding: 4px 12px; margin-right: 4px; border: 1px solid #c7c7cc; border-radius: 6px; background: #fff; cursor: pointer; }
        nav button[aria-pressed="true"] { background: #007aff; color: #fff; border-color: #007aff; }
        table.grid { border-collapse: collapse; margin-top: 16px; }
        table.grid th { text-align: left; font-weight: 600; padding: 4px 8px; vertical-align: bottom; }
        table.grid tr > th:first-child { vertical-align: top; padding-top: 40px; }
        table.grid td { padding: 8px; vertical-align: top; }
        figure { margin: 0; width: 390px; outline: none; }
        figure:focus-visible { box-shadow: 0 0 0 3px #007aff66; border-radius: 8px; }
        video { width: 390px; border-radius: 8px; display: block; background: #e5e5ea; }
        .track { position: relative; height: 14px; margin-top: 6px; }
        .track .marker { position: absolute; top: 0; width: 2px; height: 14px; background: #ff9500; }
        .track .marker[data-kind*="refreshing"] { background: #007aff; }
        .track .marker[data-kind*="eligible"] { background: #34c759; }
        .track .marker[data-kind*="finished"] { background: #af52de; }
        .track .haptic { position: absolute; bottom: -5px; width: 6px; height: 6px; margin-left: -3px; border-radius: 3px; background: #ff2d55; }
        .track .haptic[data-kind*="impact"] { width: 9px; height: 9px; margin-left: -4.5px; bottom: -6px; }
        input[type=range] { width: 390px; margin: 2px 0 0; }
        .label { font: 12px/1.3 ui-monospace, monospace; color: #3a3a3c; min-height: 2.6em; }
        .errors { color: #d70015; font-size: 12px; }
        table.spec { border-collapse: collapse; margin-bottom: 12px; }
        table.spec td, table.spec th { border: 1px solid #d1d1d6; padding: 3px 8px; font-size: 13px; text-align: left; }
        </style>
        </head>
        <body>
        <header>
        <h1>RefreshKit review</h1>
        <p id="summary"></p>
        <nav id="tabs"></nav>
        </header>
        <main id="grid"></main>
        <section><h2>Handoff spec</h2><div id="spec"></div><p>The same as JSON: <a href="spec.json">spec.json</a>.</p></section>
        <pre id="selftest" hidden></pre>
        <script id="cells-data" type="application/json">\(inline(cells))</script>
        <script id="spec-data" type="application/json">\(inline(spec))</script>
        <script>
        const cells = JSON.parse(document.getElementById("cells-data").textContent);
        const spec = JSON.parse(document.getElementById("spec-data").textContent);
        const themes = \(themeList);
        let theme = themes[0];
        function el(tag, props = {}, ...children) {
          const node = document.createElement(tag);
          for (const [k, v] of Object.entries(props)) {
            if (k === "dataset") Object.assign(node.dataset, v); else if (k in node) node[k] = v; else node.setAttribute(k, v);
          }
          for (const c of children) node.append(c);
          return node;
        }
        function unique(values) { return [...new Set(values)]; }
        function cellView(c) {
          const video = el("video", { src: c.video, poster: c.poster, muted: true, loop: true, autoplay: true, playsInline: true, preload: "auto" });
          video.setAttribute("muted", "");
          const track = el("div", { className: "track" });
          for (const m of c.markers) track.append(el("span", { className: "marker", title: `#${m.frame}: ${m.label}`, dataset: { kind: m.label }, style: `left: ${100 * m.frame / Math.max(1, c.frames - 1)}%` }));
          for (const h of c.haptics || []) track.append(el("span", { className: "haptic", title: `#${h.frame}: haptic ${h.label}`, dataset: { kind: h.label }, style: `left: ${100 * h.frame / Math.max(1, c.frames - 1)}%` }));
          const range = el("input", { type: "range", min: 0, max: c.frames - 1, value: 0, "aria-label": `${c.pluginName}, ${c.scenario}: frame` });
          const label = el("div", { className: "label" });
          const figure = el("figure", { tabIndex: 0, dataset: { status: "loading", plugin: c.plugin, scenario: c.scenario } }, video, track, range, label);
          const show = (frame) => {
            frame = Math.max(0, Math.min(c.frames - 1, frame));
            range.value = frame;
            label.textContent = `#${frame} t=${(frame / c.fps).toFixed(3)} s · ${c.states[frame]}`;
          };
          const seek = (frame) => { video.pause(); show(frame); video.currentTime = (Number(range.value) + 0.5) / c.fps; };
          range.addEventListener("input", () => seek(Number(range.value)));
          video.addEventListener("timeupdate", () => { if (!video.paused) show(Math.floor(video.currentTime * c.fps)); });
          video.addEventListener("loadeddata", () => { figure.dataset.status = "ok"; });
          video.addEventListener("error", () => { figure.dataset.status = "error"; });
          figure.addEventListener("keydown", (e) => {
            if (e.key === "ArrowRight" || e.key === "ArrowLeft") { seek(Number(range.value) + (e.key === "ArrowRight" ? 1 : -1)); e.preventDefault(); }
            if (e.key === " ") { video.paused ? video.play() : video.pause(); e.preventDefault(); }
          });
          show(0);
          if (c.errors.length) figure.append(el("div", { className: "errors" }, c.errors.join("\\n")));
          return figure;
        }
        function render() {
          const shown = cells.filter(c => c.tab === theme);
          const plugins = unique(shown.map(c => c.column)), scenarios = unique(shown.map(c => c.scenario));
          const table = el("table", { className: "grid" });
          table.append(el("tr", {}, el("th"), ...plugins.map(p => el("th", {}, shown.find(c => c.column === p).columnName))));
          for (const s of scenarios) {
            table.append(el("tr", {}, el("th", {}, s), ...plugins.map(p => {
              const c = shown.find(x => x.column === p && x.scenario === s);
              return el("td", {}, c ? cellView(c) : "");
            })));
          }
          document.getElementById("grid").replaceChildren(table);
          document.getElementById("summary").textContent = `${plugins.length} columns × ${scenarios.length} scenarios, ${theme}. Scrub a timeline or focus a cell and use ← → to step a frame; space plays and pauses.`;
          document.getElementById("tabs").replaceChildren(...themes.map(t => {
            const b = el("button", { type: "button" }, t);
            b.setAttribute("aria-pressed", String(t === theme));
            b.addEventListener("click", () => { theme = t; render(); });
            return b;
          }));
        }
        function renderSpec() {
          const root = document.getElementById("spec");
          for (const [name, s] of Object.entries(spec.scenarios)) {
            const trigger = (e) => e.triggerDistance ?? Object.entries(e.triggerDistanceByPlugin).map(([id, v]) => `${v} (${id})`).join(", ");
            const rows = Object.entries(s.edges).map(([edge, e]) => el("tr", {}, ...[edge, trigger(e), e.startOffset, e.holdExtent ?? "the trigger distance", e.policy, e.preloadDistance ?? "—", e.resultHoldTime].map(v => el("td", {}, String(v)))));
            root.append(el("h3", {}, `${name} (${s.fps} fps)`), el("table", { className: "spec" },
              el("tr", {}, ...["edge", "trigger (pt)", "start offset", "hold extent", "policy", "preload", "result hold (s)"].map(h => el("th", {}, h))), ...rows));
          }
          const p = spec.physics;
          root.append(el("p", {}, `Rubber band coefficient ${p.rubberBandCoefficient}; spring mass ${p.spring.mass}, stiffness ${p.spring.stiffness}, damping ratio ${p.spring.dampingRatio}.`));
          for (const [id, plugin] of Object.entries(spec.plugins)) {
            root.append(el("h3", {}, `${plugin.name} ${plugin.version} (${id}), refresh length ${plugin.refreshLength} pt`), el("table", { className: "spec" },
              ...Object.entries(plugin.parameters).sort().map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", {}, String(v))))));
          }
        }
        render();
        renderSpec();
        // #selftest: a browser check. Waits for every video, scrubs the first cell to a refreshing
        // frame and reports what the page showed, as JSON in <pre id="selftest">.
        if (location.hash === "#selftest") {
          const started = Date.now();
          const check = () => {
            const figures = [...document.querySelectorAll("figure")];
            const pending = figures.filter(f => f.dataset.status === "loading");
            if (pending.length && Date.now() - started < 15000) return setTimeout(check, 100);
            const first = cells.find(c => c.tab === theme);
            const frame = first.states.findIndex(s => s.includes("refreshing"));
            const figure = figures[0], range = figure.querySelector("input");
            range.value = frame;
            range.dispatchEvent(new Event("input"));
            const out = document.getElementById("selftest");
            out.textContent = JSON.stringify({ cells: figures.length, ok: figures.filter(f => f.dataset.status === "ok").length,
              failed: figures.filter(f => f.dataset.status !== "ok").map(f => `${f.dataset.plugin} ${f.dataset.scenario}: ${f.dataset.status}`),
              scrubbedTo: frame, label: figure.querySelector(".label").textContent, markers: figure.querySelectorAll(".marker").length });
            out.hidden = false;
          };
          check();
        }
        </script>
        </body>
        </html>

        """
    }
}
