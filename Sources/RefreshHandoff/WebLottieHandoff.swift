import RefreshContract
import RefreshLottieExport

/// The web with lottie-web: an ES module that adds pull-to-refresh, by touch and by mouse, to any
/// scrolling element and plays the plugin's export as ``LottiePlayback`` says, and a page with a
/// list that uses it (`web-demo.html`). The content moves down by the pull (the rubber band the
/// designer tuned); the export rides above it at its own size, its bottom on the content's top edge,
/// clipped by the scrolling element; below the trigger the pull scrubs `pulling`, past it (once
/// `eligible` has played) `overpulling`, where the export has it.
///
/// Uses only what lottie-web has had since 5.7: `loadAnimation`, `goToAndStop(frame, true)`,
/// `playSegments([first, last], true)`, the `loop` property and the `complete` event. The markers are
/// read from the animation's own JSON (`markers`: `tm`, `cm`, `dr`), since `getMarkerData` and
/// `goToAndStop(markerName)` came in 5.8.
package enum WebLottieHandoff {
    static let versions = ["lottie-web 5.7.4 or later: npm lottie-web@^5.7.4 (an ES module import of 'lottie-web')"]

    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the trigger: the list rests open at the trigger, where the export is drawn") }
        if spec.policy == .onReach { limits.append("refreshing as soon as the trigger is reached: it refreshes on release") }
        if spec.placement == .behind || spec.placement == .above { limits.append("placement '\(spec.placement.rawValue)': the export rides with the content, its bottom on the content's top edge") }
        limits.append("the spring back: \(spec.springBackMilliseconds) ms along the spring's closest cubic-bezier, frame by frame")
        return limits
    }

    /// The demo page's file name in a handoff folder.
    package static let demoFileName = "web-demo.html"

    /// The exported function's name: `attachWaterDropRefresh`.
    static func functionName(_ spec: HandoffSpec) -> String { "attach\(HandoffPlatform.typeName(spec.name))Refresh" }

    /// The exported function that names the export's file for the page's languages: `waterDropRefreshFile`.
    static func fileFunctionName(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name)
        return type.prefix(1).lowercased() + type.dropFirst() + "RefreshFile"
    }

    static func javaScript(_ spec: HandoffSpec) -> String {
        let table = LottiePlayback(spec)
        let t = { "\"" + CodeText.stringLiteral($0, in: .javaScript) + "\"" }
        let name = HandoffPlatform.typeName(spec.name)
        func m(_ marker: LottieMarker) -> String { table[marker].marker.rawValue }
        let looped = table.rows.filter { $0.play == .loop }.map { "\"\($0.marker.rawValue)\"" }.joined(separator: ", ")
        let then = table.rows.compactMap { row in row.then.map { "\"\(row.marker.rawValue)\": \"\($0.rawValue)\"" } }.joined(separator: ", ")
        return """
        import lottie from "lottie-web";

        /** \(CodeText.blockComment(spec.name)) as RefreshKit tuned and exported it. */
        export const \(name)Refresh = Object.freeze({
          /** CSS pixels (points) pulled at which a release refreshes; the list rests open this far while refreshing. */
          trigger: \(HandoffSpec.points(spec.trigger)),
          /** Milliseconds the result plays before the list closes. */
          resultHoldMs: \(Int(((table[.success].hold ?? 0) * 1000).rounded())),
          /** The spring back: its length, and the cubic-bezier closest to it (x1, y1, x2, y2). */
          closeMs: \(spec.springBackMilliseconds),
          closeCurve: [\(spec.springBezier.description)],
          /** The rubber band: banded = (1 - 1 / (raw × c / height + 1)) × height. */
          rubberBand: \(HandoffSpec.number(spec.rubberBand, 3)),
          /** The export's size in points: 1 pt of it is 1 CSS pixel on screen. */
          exportWidth: \(HandoffSpec.points(table.exportSize.width)),
          exportHeight: \(HandoffSpec.points(table.exportSize.height)),
          /** Pulled this many triggers, the over-pull (`\(m(.overpulling))`, where the file has it) shows its last frame. */
          overpullReach: \(HandoffSpec.number(table.overpullReach, 3)),
          /** Whether a list wider than the export scales it to its width (a scene that paints the whole gap). */
          fillsWidth: \(table.fillsWidth),
          /** The markers that loop; every other plays once and keeps its last frame. */
          looped: [\(looped)],
          /** A marker played once before another, where the file has it: the moment shows it first, then the other. */
          then: { \(then) },
          /** What a screen reader says in each moment. */
          words: {
            \(m(.pulling)): \(t(spec.texts.pulling)),
            \(m(.eligible)): \(t(spec.texts.eligible)),
            \(m(.refreshing)): \(t(spec.texts.refreshing)),
            \(m(.success)): \(t(spec.texts.success)),
            \(m(.failure)): \(t(spec.texts.failure)),
            \(m(.noMoreData)): \(t(spec.texts.noMoreData)),
          },
        });

        \(ExportLocales.javaScript(spec, function: fileFunctionName(spec)))

        /**
         * Adds pull-to-refresh to `scroller`, an element that scrolls vertically, showing
         * \(CodeText.blockComment(spec.name)): `animationData` is the light export (`\(fileFunctionName(spec))()` names its file
         * for the page's languages: \(ExportLocales.files(spec))), `darkAnimationData` the dark one, used while the system's appearance is dark. `onRefresh` runs when a pull is released past
         * the trigger and returns a promise of whether the load succeeded: the result plays, then the list closes.
         * Returns `{ state(), destroy() }`: `state()` says the moment shown and the export's frame.
         */
        export function \(functionName(spec))(scroller, { animationData, darkAnimationData, onRefresh, player = lottie }) {
          const spec = \(name)Refresh;
          const dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
          const data = () => (dark && dark.matches && darkAnimationData) || animationData;
          const markers = (json) => Object.fromEntries((json.markers || []).map((m) => [m.cm, { start: m.tm, frames: Math.max(1, Math.round(m.dr)) }]));

          // The content moves down by the pull; the export rides above it, clipped by the scroller.
          const content = document.createElement("div");
          while (scroller.firstChild) content.appendChild(scroller.firstChild);
          const header = document.createElement("div");
          header.setAttribute("role", "status");
          Object.assign(header.style, { position: "absolute", left: "0", right: "0", top: "0", height: "0", overflow: "visible", pointerEvents: "none", zIndex: "1" });
          const box = document.createElement("div");
          Object.assign(box.style, { position: "absolute", left: "50%", visibility: "hidden" });
          header.appendChild(box);
          if (getComputedStyle(scroller).position === "static") scroller.style.position = "relative";
          scroller.append(header, content);

          let animation = null, marks = {};
          let pull = 0, moment = null, shown = null, dragging = null, eligiblePlayed = false;
          const load = () => {
            if (animation) animation.destroy();
            const json = data();
            marks = markers(json);
            animation = player.loadAnimation({ container: box, renderer: "svg", loop: false, autoplay: false, animationData: json });
            // The export's own frames, never a blend of two: each is what the plugin drew at its time.
            animation.setSubframe(false);
            animation.addEventListener("complete", () => {
              const marker = marks[shown];
              if (!marker || spec.looped.includes(shown)) return;
              if (shown === "\(m(.eligible))") {
                eligiblePlayed = true;
                if (overscrub()) return;
              }
              if (spec.then[shown]) play(spec.then[shown]);
              else animation.goToAndStop(marker.start + marker.frames - 1, true);
            });
            shown = null;
            show(moment);
          };

          /**
           * Lays the export out for `pull` CSS pixels: 1 pt a pixel, centred, its bottom on the content's top edge.
           * Both land on whole CSS pixels (Chromium draws the animation's layer there), so the two always meet.
           */
          const place = () => {
            const scale = spec.fillsWidth ? Math.max(1, scroller.clientWidth / spec.exportWidth) : 1;
            const width = spec.exportWidth * scale, height = spec.exportHeight * scale, edge = Math.round(pull);
            Object.assign(box.style, { width: `${width}px`, height: `${height}px`, marginLeft: `${Math.round(-width / 2)}px`, top: `${edge - height}px` });
            box.style.visibility = pull > 0 || moment === "\(m(.refreshing))" || shown ? "visible" : "hidden";
            content.style.transform = `translateY(${edge}px)`;
          };

          /**
           * Plays `name` from its first frame: in a loop, or once (its last frame then stays, or the marker
           * `spec.then` names plays next). A marker the file lacks is skipped.
           */
          const play = (name) => {
            shown = name;
            header.setAttribute("aria-label", spec.words[moment] || spec.words[name] || "");
            const marker = marks[name];
            eligiblePlayed = name === "\(m(.eligible))" && marker && marker.frames === 1;
            if (!marker || !animation) return;
            animation.loop = spec.looped.includes(name);
            if (marker.frames === 1) animation.goToAndStop(marker.start, true);
            else animation.playSegments([marker.start, marker.start + (animation.loop ? marker.frames : marker.frames - 1)], true);
          };

          /** Below the trigger, while the finger pulls, the pull picks the frame of `\(m(.pulling))`. */
          const scrub = () => {
            shown = null;
            header.setAttribute("aria-label", spec.words.\(m(.pulling)));
            const marker = marks.\(m(.pulling));
            if (!marker || !animation) return;
            const progress = Math.min(1, Math.max(0, pull / spec.trigger));
            animation.goToAndStop(marker.start + Math.round(progress * (marker.frames - 1)), true);
          };

          /**
           * Past the trigger, once `\(m(.eligible))` has played, the pull picks the frame of `\(m(.overpulling))`: the trigger its
           * first, `overpullReach` triggers its last. False (nothing done) before, or when the file lacks the marker.
           */
          const overscrub = () => {
            const marker = marks.\(m(.overpulling));
            if (moment !== "\(m(.eligible))" || !eligiblePlayed || !marker || !animation || spec.overpullReach <= 1) return false;
            shown = "\(m(.overpulling))";
            const progress = Math.min(1, Math.max(0, (pull - spec.trigger) / (spec.trigger * (spec.overpullReach - 1))));
            animation.goToAndStop(marker.start + Math.round(progress * (marker.frames - 1)), true);
            return true;
          };

          /** Shows the moment `next` (null: the pull's frame); a moment already shown goes on as it was. */
          const show = (next) => {
            const changed = next !== moment || shown === null;
            moment = next;
            if (next === null) scrub();
            else if (changed) play(Object.keys(spec.then).find((first) => spec.then[first] === next && marks[first]) || next);
            if (next === "\(m(.eligible))") overscrub();
            place();
          };

          /** The list's rubber band, as UIScrollView's: what a finger's `raw` pixels pull it, and back. */
          const banded = (raw) => {
            const height = scroller.clientHeight || 1;
            return (1 - 1 / ((Math.max(0, raw) * spec.rubberBand) / height + 1)) * height;
          };
          const rawFor = (pulled) => {
            const height = scroller.clientHeight || 1;
            return (height / spec.rubberBand) * (1 / (1 - Math.min(pulled, height - 1) / height) - 1);
          };

          /** The spring back's curve: y at x, both 0...1. */
          const ease = (x) => {
            const [x1, y1, x2, y2] = spec.closeCurve;
            const at = (a, b, t) => 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3;
            let low = 0, high = 1;
            for (let i = 0; i < 30; i++) {
              const middle = (low + high) / 2;
              if (at(x1, x2, middle) < x) low = middle; else high = middle;
            }
            return at(y1, y2, (low + high) / 2);
          };

          /** Moves the list to `target` along the spring's curve, frame by frame; a newer motion or a drag stops it. */
          let motion = 0;
          const animateTo = (target, done) => {
            const from = pull, started = performance.now(), token = ++motion;
            const step = (now) => {
              if (token !== motion) return;
              const x = Math.min(1, Math.max(0, (now - started) / spec.closeMs));
              // The curve's end lands on the target itself (its bisection stops a hair short of 1).
              pull = x < 1 ? from + (target - from) * ease(x) : target;
              if (moment === null) scrub();
              place();
              if (x < 1) requestAnimationFrame(step);
              else if (done) done();
            };
            requestAnimationFrame(step);
          };

          const begin = (y) => {
            if (moment === "\(m(.refreshing))" || moment === "\(m(.success))" || moment === "\(m(.failure))" || scroller.scrollTop > 0) return;
            motion++;
            dragging = { y: y - rawFor(pull) };
          };
          const move = (y, event) => {
            if (!dragging) return;
            const raw = y - dragging.y;
            if (raw <= 0 && pull === 0) return;
            if (event.cancelable) event.preventDefault();
            pull = banded(raw);
            show(pull >= spec.trigger ? "\(m(.eligible))" : null);
          };
          const end = () => {
            if (!dragging) return;
            dragging = null;
            if (moment !== "\(m(.eligible))") {
              animateTo(0, () => show(null));
              return;
            }
            show("\(m(.refreshing))");
            animateTo(spec.trigger);
            Promise.resolve()
              .then(() => onRefresh())
              .then((ok) => ok !== false, () => false)
              .then((ok) => {
                show(ok ? "\(m(.success))" : "\(m(.failure))");
                setTimeout(() => animateTo(0, () => {
                  moment = null;
                  shown = null;
                  place();
                }), spec.resultHoldMs);
              });
          };

          const onMouseDown = (e) => { if (e.button === 0) begin(e.clientY); };
          const onMouseMove = (e) => move(e.clientY, e);
          const onTouchStart = (e) => { if (e.touches.length === 1) begin(e.touches[0].clientY); };
          const onTouchMove = (e) => move(e.touches[0].clientY, e);
          scroller.addEventListener("mousedown", onMouseDown);
          window.addEventListener("mousemove", onMouseMove);
          window.addEventListener("mouseup", end);
          scroller.addEventListener("touchstart", onTouchStart, { passive: true });
          scroller.addEventListener("touchmove", onTouchMove, { passive: false });
          scroller.addEventListener("touchend", end);
          scroller.addEventListener("touchcancel", end);
          if (dark && dark.addEventListener) dark.addEventListener("change", load);
          window.addEventListener("resize", place);
          load();

          return {
            /** The moment shown (`null` while the pull scrubs or at rest), the pull in CSS pixels, and the export's frame. */
            state: () => ({ moment: shown, pull, frame: animation ? animation.firstFrame + animation.currentFrame : 0 }),
            destroy: () => {
              window.removeEventListener("mousemove", onMouseMove);
              window.removeEventListener("mouseup", end);
              window.removeEventListener("resize", place);
              if (dark && dark.removeEventListener) dark.removeEventListener("change", load);
              if (animation) animation.destroy();
              header.remove();
            },
          };
        }

        """
    }

    /// A page with a list of 40 rows that uses the module: open it through a web server beside
    /// `web-lottie.js` and the exports, with `lottie-web` resolved by the import map.
    package static func demoPage(_ spec: HandoffSpec) -> String {
        let title = CodeText.html(CodeText.lineComment(spec.name))
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) — RefreshKit web handoff</title>
        <!-- lottie-web as an ES module: ./lottie-web.js re-exports it (for example `export { default } from "lottie-web";`
             through your bundler, or a file of your own that imports lottie-web's build). -->
        <script type="importmap">{ "imports": { "lottie-web": "./lottie-web.js" } }</script>
        <style>
          html, body { margin: 0; height: 100%; font: 16px system-ui, sans-serif; background: #fff; }
          #list { height: 100%; overflow-y: auto; overscroll-behavior: none; user-select: none; background: #fff; }
          .row { height: 44px; line-height: 44px; padding: 0 16px; border-bottom: 1px solid #e5e5ea; background: #fff; color: #111; }
          @media (prefers-color-scheme: dark) {
            html, body, #list, .row { background: #000; color: #eee; }
            .row { border-bottom-color: #333; }
          }
        </style>
        </head>
        <body>
        <div id="list"></div>
        <script type="module">
          import { \(functionName(spec)), \(fileFunctionName(spec)) } from "./web-lottie.js";

          const list = document.getElementById("list");
          for (let i = 1; i <= 40; i++) {
            const row = document.createElement("div");
            row.className = "row";
            row.textContent = `Row ${i}`;
            list.appendChild(row);
          }
          // The export in the page's language, light and dark.
          const [light, dark] = await Promise.all([false, true].map((dark) => fetch(\(fileFunctionName(spec))(dark)).then((r) => r.json())));
          // A load of 1.5 s that succeeds; ?fail makes it fail.
          const failing = new URLSearchParams(location.search).has("fail");
          window.refresh = \(functionName(spec))(list, {
            animationData: light,
            darkAnimationData: dark,
            onRefresh: () => new Promise((resolve) => setTimeout(() => resolve(!failing), 1500)),
          });
        </script>
        </body>
        </html>

        """
    }
}
