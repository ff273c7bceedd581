import Foundation
import RefreshSystem
import RefreshGoldens
import RefreshGraphics
import RefreshHandoff
import RefreshHost

/// `verify --report`: a page with the summary at the top and, for each failing checkpoint, the
/// golden, the actual frame and their difference side by side; and `verify-result.json`, which
/// `verify --merge` adds up across shards.
struct VerifyReport: Codable {
    /// One checkpoint as the page and the result file list it.
    struct Entry: Codable {
        var name: String
        var time: Double
        var passed: Bool
        var detail: String
        var expected: String?
        var actual: String?
        var diff: String?
        /// How far the frame was from its golden, for a script to trend or gate on.
        var figures: Figures?
    }

    /// A compared checkpoint's numbers.
    struct Figures: Codable, Equatable {
        /// Pixels compared.
        var pixels: Int
        /// The largest difference of any channel (0...255).
        var maxChannelDifference: Int
        /// Pixels over the channel tolerance.
        var overTolerance: Int
        /// PSNR in dB; nil when the frames are identical (infinite).
        var psnr: Double?
        /// Pixels counted by the perceptual comparison, and those left out as anti-aliasing.
        var counted: Int?, antiAliased: Int?
        /// The kind of change (colour, geometry, anti-aliasing only).
        var kind: String?

        /// The figures of a compared `outcome`; nil for one that compared nothing (recorded, missing, unusable).
        init?(_ outcome: GoldenImage.Outcome) {
            let comparison: ImageComparison, perceptual: PerceptualComparison?
            switch outcome {
            case .matched(let c): (comparison, perceptual) = (c, nil)
            case .mismatched(let c?, _, _, let p): (comparison, perceptual) = (c, p)
            default: return nil
            }
            pixels = comparison.pixelCount
            maxChannelDifference = comparison.maxChannelDifference
            overTolerance = comparison.pixelsOverTolerance
            psnr = comparison.psnr.isFinite ? (comparison.psnr * 100).rounded() / 100 : nil
            counted = perceptual?.differing
            antiAliased = perceptual?.antiAliased
            kind = perceptual?.kind.rawValue
        }
    }

    /// The motion golden's check as the page and the result file list it.
    struct MotionResult: Codable {
        var name: String
        var passed: Bool
        var detail: String
        /// Each run of frames that differs, in words.
        var differences: [String]?
        /// The film strip (golden over played) of the frames that differ.
        var strip: String?
        /// Offset and progress against time, golden against played, for a failure.
        var plot: MotionPlot?
    }

    /// The version of the result file's format (``FileVersion``): ``version`` when written, nil
    /// (version 1) in files written before results carried it.
    var version: Int? = Self.version
    var scenario: String
    var passed: Int
    var failed: Int
    var checks: [Entry]
    var motion: MotionResult?

    static let resultFile = "verify-result.json"

    /// The first link the page would make that is not a file under `images/` (``OwnFile``): its
    /// field and text. Nil for every result this tool writes.
    var foreignLink: (field: String, link: String)? {
        var links: [(String, String?)] = []
        for (index, check) in checks.enumerated() {
            links += [("checks[\(index)].expected", check.expected), ("checks[\(index)].actual", check.actual), ("checks[\(index)].diff", check.diff)]
        }
        links.append(("motion.strip", motion?.strip))
        return links.lazy.compactMap { field, link in link.map { (field, $0) } }.first { !OwnFile.isInside("images", $0.1) }
    }
    /// The result format this build writes and reads.
    static let version = 1

    /// The report of `checks` against `golden`, its images copied into `folder/images`.
    init(scenario: String, checks: [ScenarioVerifier.Check], motion: ScenarioVerifier.MotionCheck? = nil, golden: String, folder: String) throws {
        self.scenario = scenario
        try OutputFile.makeFolder("\(folder)/images")
        func copy(_ path: String?, as name: String) -> String? {
            guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
            let target = "images/\(name)"
            guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
            do {
                try OutputFile.write(bytes, to: "\(folder)/\(target)")
                return target
            } catch {
                // Left out of the page, which still gives every verdict in words; said, not hidden.
                FileHandle.standardError.write(Data("warning: \(PlainErrorText.words(error)) (left out of the page)\n".utf8))
                return nil
            }
        }
        self.checks = checks.map { check in
            var entry = Entry(name: check.name, time: check.time, passed: check.passed,
                              detail: check.detail, figures: Figures(check.outcome))
            if !check.passed {
                // The check's name is the golden's file name (t0.300.png).
                let base = "\(scenario)-\((check.name as NSString).deletingPathExtension)"
                entry.expected = copy("\(golden)/\(check.name)", as: "\(base).expected.png")
                if case .mismatched(_, let actual, let diff, _) = check.outcome {
                    entry.actual = copy(actual, as: "\(base).actual.png")
                    entry.diff = copy(diff, as: "\(base).diff.png")
                } else if case .missing(let actual) = check.outcome {
                    entry.actual = copy(actual, as: "\(base).actual.png")
                } else if case .unusable(_, let actual) = check.outcome, !actual.isEmpty {
                    entry.actual = copy(actual, as: "\(base).actual.png")
                }
            }
            return entry
        }
        if let motion {
            var entry = MotionResult(name: motion.name, passed: motion.passed, detail: motion.detail)
            if case .mismatched(let comparison, let strip, _) = motion.outcome {
                entry.differences = comparison.differences.map(\.what)
                entry.strip = copy(strip, as: "\(scenario).motion-strip.png")
                entry.plot = MotionPlot(golden: motion.golden, actual: motion.actual, marked: comparison.differences.map { [$0.frames.lowerBound, $0.frames.upperBound] })
            }
            self.motion = entry
        }
        passed = checks.filter(\.passed).count + (motion?.passed == true ? 1 : 0)
        failed = checks.count + (motion == nil ? 0 : 1) - passed
    }

    /// Writes the result file and `index.html` for `reports` (one per scenario) into `folder`.
    static func write(_ reports: [VerifyReport], to folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try OutputFile.write(encoder.encode(reports), to: "\(folder)/\(resultFile)")
        let passed = reports.map(\.passed).reduce(0, +), failed = reports.map(\.failed).reduce(0, +)
        let escape = CodeText.html
        var body = "<h1>RefreshKit verify</h1>\n<p class=\"summary \(failed == 0 ? "ok" : "bad")\">\(passed) passed, \(failed) failed across \(reports.count) scenario\(reports.count == 1 ? "" : "s")</p>\n"
        // Failures first, all scenarios together: what a reviewer came for.
        if failed > 0 {
            body += "<h2>Failures</h2>\n<p class=\"views\">View: <select id=\"view\"><option value=\"side\">side by side</option><option value=\"one\">1-up (click to swap)</option><option value=\"onion\">onion skin</option><option value=\"strobe\">strobe</option></select> Zoom: <select id=\"zoom\"><option>1</option><option>2</option><option>4</option></select>×</p>\n"
            for report in reports {
                if let motion = report.motion, !motion.passed {
                    body += "<section class=\"fail motion\"><h3>✗ \(escape(report.scenario)) · \(escape(motion.name)) (motion)</h3>"
                    body += "<ul>" + (motion.differences ?? [motion.detail]).map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
                    if let strip = motion.strip { body += "<figure><figcaption>frames that differ: expected (golden) over actual</figcaption><a href=\"\(escape(strip))\"><img class=\"strip\" src=\"\(escape(strip))\" alt=\"film strip\"></a></figure>" }
                    if let plot = motion.plot { body += "<figure><figcaption>offset and progress against time</figcaption>\(plot.svg())</figure>" }
                    body += "</section>\n"
                }
                for check in report.checks where !check.passed {
                    body += "<section class=\"fail\"><h3>✗ \(escape(report.scenario)) · \(escape(check.name)) (t=\(check.time) s)</h3><p>\(escape(check.detail))</p>"
                    body += "<div class=\"compare\" data-expected=\"\(escape(check.expected ?? ""))\" data-actual=\"\(escape(check.actual ?? ""))\"><div class=\"row\">"
                    for (label, image) in [("expected", check.expected), ("actual", check.actual), ("difference", check.diff)] {
                        body += "<figure class=\"\(label)\"><figcaption>\(label)</figcaption>" + (image.map { "<img src=\"\(escape($0))\" alt=\"\(label)\">" } ?? "<p>(none)</p>") + "</figure>"
                    }
                    body += "</div><div class=\"stack\"><img class=\"under\" alt=\"expected\"><img class=\"over\" alt=\"actual\"><input class=\"opacity\" type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"actual's opacity\"><span class=\"which\"></span></div></div></section>\n"
                }
            }
        }
        for report in reports {
            body += "<h2>\(escape(report.scenario)): \(report.passed) passed, \(report.failed) failed</h2>\n"
            if let motion = report.motion {
                body += motion.passed ? "<p class=\"pass\">✓ \(escape(motion.name)): \(escape(motion.detail))</p>\n" : "<p class=\"failed\">✗ \(escape(motion.name)) (motion): above</p>\n"
            }
            for check in report.checks {
                body += check.passed ? "<p class=\"pass\">✓ \(escape(check.name)) (t=\(check.time) s)</p>\n" : "<p class=\"failed\">✗ \(escape(check.name)) (t=\(check.time) s): above</p>\n"
            }
        }
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>RefreshKit verify</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
            .summary { font-size: 18px; font-weight: 600; } .ok { color: #248a3d; } .bad { color: #d70015; }
            .pass { color: #3a3a3c; margin: 2px 0; } .failed { color: #d70015; margin: 2px 0; }
            .fail { border-left: 4px solid #d70015; padding-left: 12px; margin: 16px 0; }
            .row { display: flex; gap: 12px; flex-wrap: wrap; } figure { margin: 0; }
            img { border: 1px solid #d1d1d6; display: block; image-rendering: pixelated; } img.strip { max-width: 100%; image-rendering: auto; }
            svg.plot { max-width: 100%; height: auto; } svg.plot text { fill: #3a3a3c; }
            .stack { position: relative; display: none; } .stack .over { position: absolute; left: 0; top: 0; } .stack input, .stack .which { display: none; }
            .compare[data-view="one"] .row, .compare[data-view="onion"] .row, .compare[data-view="strobe"] .row { display: none; }
            .compare[data-view="one"] .stack, .compare[data-view="onion"] .stack, .compare[data-view="strobe"] .stack { display: inline-block; }
            .compare[data-view="one"] .over { display: none; } .compare[data-view="one"] .which, .compare[data-view="strobe"] .which { display: block; }
            .compare[data-view="onion"] input { display: block; }
            @media print { .views, .stack { display: none !important; } .compare .row { display: flex !important; } }
            </style></head><body>
            \(body)<pre id="selftest" hidden></pre>
            <script>
            // The views of a failure: side by side; 1-up (a click swaps expected and actual); onion skin
            // (the actual over the expected, its opacity on a slider); strobe (the two in turn).
            const compares = [...document.querySelectorAll(".compare")];
            let strobe = null;
            function zoom() { const z = +(document.getElementById("zoom") || {value: 1}).value; document.querySelectorAll(".compare img").forEach(i => { i.style.width = i.naturalWidth ? (i.naturalWidth * z / 2) + "px" : ""; }); }
            function show(view) {
              clearInterval(strobe);
              for (const c of compares) {
                c.dataset.view = view;
                const under = c.querySelector(".under"), over = c.querySelector(".over"), which = c.querySelector(".which");
                under.src = c.dataset.expected; over.src = c.dataset.actual; under.dataset.showing = "expected";
                over.style.opacity = view === "onion" ? c.querySelector(".opacity").value / 100 : 1;
                which.textContent = "expected";
              }
              if (view === "strobe") strobe = setInterval(() => compares.forEach(swap), 500);
              zoom();
            }
            function swap(c) {
              const under = c.querySelector(".under"), showing = under.dataset.showing === "expected" ? "actual" : "expected";
              under.src = c.dataset[showing]; under.dataset.showing = showing; c.querySelector(".which").textContent = showing;
            }
            compares.forEach(c => {
              c.querySelector(".stack").addEventListener("click", () => { if (c.dataset.view === "one") swap(c); });
              c.querySelector(".opacity").addEventListener("input", e => { c.querySelector(".over").style.opacity = e.target.value / 100; });
            });
            const view = document.getElementById("view");
            if (view) { view.addEventListener("change", () => show(view.value)); document.getElementById("zoom").addEventListener("change", zoom); show("side"); }
            window.addEventListener("load", zoom);
            // #selftest (what the tests open in a headless browser): every view tried on every failure.
            if (location.hash === "#selftest") {
              const result = {failures: compares.length};
              for (const v of ["one", "onion", "strobe", "side"]) {
                show(v);
                result[v] = compares.filter(c => c.dataset.view === v && getComputedStyle(c.querySelector(v === "side" ? ".row" : ".stack")).display !== "none").length;
              }
              show("one"); compares.forEach(swap);
              result.swapped = compares.filter(c => c.querySelector(".under").dataset.showing === "actual" && c.querySelector(".under").getAttribute("src") === c.dataset.actual).length;
              clearInterval(strobe);
              const out = document.getElementById("selftest"); out.hidden = false; out.textContent = JSON.stringify(result);
            }
            </script></body></html>

            """
        try OutputFile.write(page, to: "\(folder)/index.html")
    }
}
