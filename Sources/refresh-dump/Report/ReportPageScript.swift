/// The review page's script: the grid (a cell per plugin column and scenario, under a tab per
/// theme and locale), each cell's timeline and scrubber, the linked scrubber, the spec per plugin
/// and the handoff tabs. It builds every node with `textContent` and attributes, never markup, so
/// no string of a plugin, scenario or shard can become script. Expects `themes` to be defined.
enum ReportPageScript {
    static let javascript = #"""
    const cells = JSON.parse(document.getElementById("cells-data").textContent);
    const spec = JSON.parse(document.getElementById("spec-data").textContent);
    const handoff = JSON.parse(document.getElementById("handoff-data")?.textContent || "[]");
    let theme = themes[0];
    const seekers = [];
    function el(tag, props = {}, ...children) {
      const node = document.createElement(tag);
      for (const [k, v] of Object.entries(props)) {
        if (k === "dataset") Object.assign(node.dataset, v); else if (k in node) node[k] = v; else node.setAttribute(k, v);
      }
      for (const c of children) node.append(c);
      return node;
    }
    function unique(values) { return [...new Set(values)]; }
    const linked = () => document.getElementById("link").checked;
    function cellView(c) {
      const base = c.sameAs ? cells.find(x => x.column === c.sameAs && x.scenario === c.scenario && x.tab === c.tab) : c;
      if (!base) return el("div", { className: "note" }, c.note || "");
      const video = el("video", { src: base.video, poster: base.poster, muted: true, loop: true, autoplay: true, playsInline: true, preload: "auto" });
      video.setAttribute("muted", "");
      const printed = el("img", { className: "print-poster", src: base.poster, alt: `${base.pluginName}, ${base.scenario}` });
      const track = el("div", { className: "track" });
      for (const m of base.markers) track.append(el("span", { className: "marker", title: `#${m.frame}: ${m.label}`, dataset: { kind: m.label }, style: `left: ${100 * m.frame / Math.max(1, base.frames - 1)}%` }));
      for (const h of base.haptics || []) track.append(el("span", { className: "haptic", title: `#${h.frame}: haptic ${h.label}`, dataset: { kind: h.label }, style: `left: ${100 * h.frame / Math.max(1, base.frames - 1)}%` }));
      const range = el("input", { type: "range", min: 0, max: Math.max(0, base.frames - 1), value: 0, "aria-label": `${c.columnName}, ${c.scenario}: frame` });
      const label = el("div", { className: "label" });
      const caption = el("figcaption", { className: "print-only" }, `${c.columnName} · ${c.scenario}`);
      const figure = el("figure", { tabIndex: 0, dataset: { status: base.video ? "loading" : "ok", plugin: c.plugin, scenario: c.scenario } }, caption, printed, video, track, range, label);
      const show = (frame) => {
        frame = Math.max(0, Math.min(base.frames - 1, frame));
        range.value = frame;
        label.textContent = `#${frame} t=${(frame / base.fps).toFixed(3)} s · ${base.states[frame] ?? ""}`;
      };
      const seekFrame = (frame) => { video.pause(); show(frame); video.currentTime = (Number(range.value) + 0.5) / base.fps; };
      const seekTime = (seconds) => seekFrame(Math.round(seconds * base.fps));
      seekers.push(seekTime);
      const drive = (frame) => {
        if (linked()) { const t = frame / base.fps; seekers.forEach(s => s(t)); document.getElementById("master").value = t; } else seekFrame(frame);
      };
      range.addEventListener("input", () => drive(Number(range.value)));
      video.addEventListener("timeupdate", () => { if (!video.paused) show(Math.floor(video.currentTime * base.fps)); });
      video.addEventListener("loadeddata", () => { figure.dataset.status = "ok"; });
      video.addEventListener("error", () => { figure.dataset.status = "error"; });
      figure.addEventListener("keydown", (e) => {
        if (e.key === "ArrowRight" || e.key === "ArrowLeft") { drive(Number(range.value) + (e.key === "ArrowRight" ? 1 : -1)); e.preventDefault(); }
        if (e.key === " ") { video.paused ? video.play() : video.pause(); e.preventDefault(); }
      });
      show(0);
      if (base.badge) figure.append(el("div", { className: "badge" }, base.badge));
      if (c.note) figure.append(el("div", { className: "note" }, c.note));
      if (base.errors.length) figure.append(el("div", { className: "errors" }, base.errors.join("\n")));
      return figure;
    }
    function render() {
      seekers.length = 0;
      const shown = cells.filter(c => c.tab === theme);
      const columns = unique(shown.map(c => c.column)), scenarios = unique(shown.map(c => c.scenario));
      const table = el("table", { className: "grid" });
      table.append(el("tr", {}, el("th"), ...columns.map(p => el("th", {}, shown.find(c => c.column === p).columnName))));
      for (const s of scenarios) {
        table.append(el("tr", {}, el("th", {}, s), ...columns.map(p => {
          const c = shown.find(x => x.column === p && x.scenario === s);
          return el("td", {}, c ? cellView(c) : "");
        })));
      }
      document.getElementById("grid").replaceChildren(table);
      const longest = Math.max(0, ...shown.filter(c => c.frames).map(c => (c.frames - 1) / c.fps));
      const master = document.getElementById("master");
      master.max = longest; master.step = 1 / 60;
      document.getElementById("summary").textContent = `${columns.length} columns × ${scenarios.length} scenarios, ${theme}. Scrub a timeline or focus a cell and use ← → to step a frame; space plays and pauses; linked, one scrubber moves every cell.`;
      document.getElementById("tabs").replaceChildren(...themes.map(t => {
        const b = el("button", { type: "button" }, t);
        b.setAttribute("aria-pressed", String(t === theme));
        b.addEventListener("click", () => { theme = t; render(); });
        return b;
      }));
    }
    function valueCell(v) {
      const text = typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
      const cell = el("td");
      if (/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text)) cell.append(el("span", { className: "swatch", style: `background: ${text}` }));
      cell.append(text);
      return cell;
    }
    function renderSpec() {
      const root = document.getElementById("spec");
      const p = spec.physics;
      root.append(el("p", {}, `Rubber band coefficient ${p.rubberBandCoefficient}; spring mass ${p.spring.mass}, stiffness ${p.spring.stiffness}, damping ratio ${p.spring.dampingRatio}.`));
      for (const [name, s] of Object.entries(spec.scenarios)) {
        const rows = Object.entries(s.edges).map(([edge, e]) => el("tr", {}, ...[edge, e.triggerDistance ?? "the plugin's (below)", e.startOffset, e.holdExtent ?? "the trigger distance", e.policy, e.preloadDistance ?? "—", e.resultHoldTime].map(v => el("td", {}, String(v)))));
        root.append(el("h3", {}, `${name} (${s.fps} fps)`), el("table", { className: "spec" },
          el("tr", {}, ...["edge", "trigger (pt)", "start offset", "hold extent", "policy", "preload", "result hold (s)"].map(h => el("th", {}, h))), ...rows));
      }
      for (const [id, plugin] of Object.entries(spec.plugins)) {
        root.append(el("h3", {}, `${plugin.name ?? id} ${plugin.version ?? ""} (${id}), refresh length ${plugin.refreshLength ?? "—"} pt`));
        const triggers = [];
        for (const [name, s] of Object.entries(spec.scenarios)) for (const [edge, e] of Object.entries(s.edges)) {
          const v = (e.triggerDistanceByPlugin || {})[id];
          if (v !== undefined) triggers.push(el("tr", {}, el("td", {}, `trigger, ${name} ${edge}`), el("td", {}, `${v} pt`)));
        }
        root.append(el("table", { className: "spec" }, el("tr", {}, el("th", {}, "parameter"), el("th", {}, "value")),
          ...triggers, ...Object.entries(plugin.parameters || {}).sort().map(([k, v]) => el("tr", {}, el("td", {}, k), valueCell(v)))));
      }
    }
    function renderHandoff() {
      const root = document.getElementById("handoff");
      if (!root || !handoff.length) return;
      for (const plugin of handoff) {
        const panels = plugin.files.map((f, i) => el("div", { className: "panel", hidden: i !== 0 },
          el("p", {}, el("a", { href: f.path }, f.path), ` — ${f.platform}`), el("pre", {}, el("code", {}, f.text))));
        const buttons = plugin.files.map((f, i) => {
          const b = el("button", { type: "button" }, f.platform);
          b.setAttribute("aria-pressed", String(i === 0));
          b.addEventListener("click", () => {
            panels.forEach((p, j) => { p.hidden = j !== i; });
            buttons.forEach((x, j) => x.setAttribute("aria-pressed", String(j === i)));
          });
          return b;
        });
        root.append(el("h3", {}, plugin.title), el("nav", {}, ...buttons), ...panels);
      }
    }
    document.getElementById("master").addEventListener("input", (e) => {
      const t = Number(e.target.value);
      if (linked()) seekers.forEach(s => s(t)); else seekers[0]?.(t);
    });
    render();
    renderSpec();
    renderHandoff();
    // #selftest: a browser check. Waits for every video, scrubs the first cell to a refreshing
    // frame and reports what the page showed, as JSON in <pre id="selftest">.
    if (location.hash === "#selftest") {
      const started = Date.now();
      const check = () => {
        const figures = [...document.querySelectorAll("figure")];
        const pending = figures.filter(f => f.dataset.status === "loading");
        if (pending.length && Date.now() - started < 15000) return setTimeout(check, 100);
        const first = cells.find(c => c.tab === theme && !c.sameAs);
        const frame = first.states.findIndex(s => s.includes("refreshing"));
        const figure = figures[0], range = figure.querySelector("input");
        range.value = frame;
        range.dispatchEvent(new Event("input"));
        document.getElementById("link").checked = true;
        const master = document.getElementById("master");
        master.value = frame / first.fps;
        master.dispatchEvent(new Event("input"));
        const out = document.getElementById("selftest");
        out.textContent = JSON.stringify({ cells: figures.length, ok: figures.filter(f => f.dataset.status === "ok").length,
          failed: figures.filter(f => f.dataset.status !== "ok").map(f => `${f.dataset.plugin} ${f.dataset.scenario}: ${f.dataset.status}`),
          scrubbedTo: frame, label: figure.querySelector(".label").textContent, markers: figure.querySelectorAll(".marker").length,
          linkedLabels: figures.map(f => f.querySelector(".label").textContent),
          badges: [...document.querySelectorAll(".badge")].map(b => b.textContent), notes: [...document.querySelectorAll(".note")].map(n => n.textContent),
          legend: document.querySelectorAll(".legend li").length, swatches: document.querySelectorAll(".swatch").length,
          handoffTabs: document.querySelectorAll("#handoff nav button").length, title: document.title });
        out.hidden = false;
      };
      check();
    }
    """#
}
