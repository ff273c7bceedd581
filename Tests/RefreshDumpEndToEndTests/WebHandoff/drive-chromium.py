#!/usr/bin/env python3
"""Drives `refresh-dump handoff`'s web demo in headless Chromium with real input events.

Serves FOLDER (web-demo.html, web-lottie.js, the exports, lottie-web.js) on 127.0.0.1, opens the page in
Chromium at 390 x 844 CSS pixels, 2 device pixels each, and talks to it through the DevTools protocol over
a pipe (--remote-debugging-pipe). The mouse presses on the list and drags it down as a finger would
(Input.dispatchMouseEvent), and at each moment the page is shown as a PNG: pulled to PULL pixels, pulled
past the trigger, refreshing (once the list rests at TRIGGER_PX) and the result (RESULT_MS after it began; the
demo's load takes LOAD_MS). At each moment the page's animation frames are held while the frame is read and
the screenshot taken. Writes OUT/<moment>.png and OUT/moments.json (each moment's state as
the module reports it: the marker shown, the pull, the export's frame).

usage: drive-chromium.py FOLDER OUT CHROMIUM PULLING_PX ELIGIBLE_PX TRIGGER_PX LOAD_MS RESULT_MS
"""
import base64
import fcntl
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

TIMEOUT = 60.0


# Lets the driver hold the page's animation frames: while held, no requestAnimationFrame callback runs (they
# wait, in order), so nothing the page animates changes between reading a frame and taking the screenshot.
HOLD_FRAMES = """
(() => {
  const frame = window.requestAnimationFrame.bind(window);
  let held = false, waiting = [];
  window.__holdFrames = (hold) => {
    held = hold;
    if (!hold) waiting.splice(0).forEach((callback) => window.requestAnimationFrame(callback));
  };
  window.requestAnimationFrame = (callback) => frame((time) => (held ? waiting.push(callback) : callback(time)));
})();
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class Browser:
    """Chromium, and the DevTools protocol over its pipe: JSON messages ended by NUL."""

    def __init__(self, chromium, profile):
        to_child = os.pipe()
        from_child = os.pipe()
        # The child's ends at 3 (it reads) and 4 (it writes), whatever numbers the pipes have here.
        keep = [fcntl.fcntl(to_child[0], fcntl.F_DUPFD, 10), fcntl.fcntl(from_child[1], fcntl.F_DUPFD, 10)]

        def ends():
            os.dup2(keep[0], 3)
            os.dup2(keep[1], 4)

        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--hide-scrollbars", "--mute-audio", "--disable-extensions",
             "--force-color-profile=srgb", f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=ends, pass_fds=(3, 4) + tuple(keep))
        for fd in keep + [to_child[0], from_child[1]]:
            os.close(fd)
        self.write = os.fdopen(to_child[1], "wb")
        self.read = os.fdopen(from_child[0], "rb")
        self.next_id = 0
        self.session = None
        self.buffer = b""

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        self.write.write(json.dumps(message).encode() + b"\0")
        self.write.flush()
        while True:
            reply = self.message(method)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def message(self, during):
        """The next message from Chromium."""
        while b"\0" not in self.buffer:
            chunk = self.read.read1(1 << 16)
            if not chunk:
                raise RuntimeError(f"Chromium closed its pipe during {during}")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def until(self, expression, what):
        """Polls the page until `expression` is true; the page's own time, not a sleep, decides."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.02)
        raise RuntimeError(f"timed out waiting for {what}: {self.evaluate('JSON.stringify(window.refresh && window.refresh.state())')}")

    def mouse(self, kind, x, y):
        self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                               "buttons": 0 if kind == "mouseReleased" else 1, "clickCount": 1})

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png", "fromSurface": True})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def main():
    folder, out, chromium = sys.argv[1], sys.argv[2], sys.argv[3]
    pulling_px, eligible_px = float(sys.argv[4]), float(sys.argv[5])
    trigger, load_ms, result_ms = float(sys.argv[6]), float(sys.argv[7]), float(sys.argv[8])
    # The page's languages (navigator.languages), as a browser set to them sends them: "zh-CN,zh".
    languages = sys.argv[9] if len(sys.argv) > 9 else None
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        browser = Browser(chromium, profile)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        moments = {}
        try:
            target = next(t for t in browser.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
            browser.session = browser.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
            browser.send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": False})
            browser.send("Page.enable")
            browser.send("Runtime.enable")
            browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": HOLD_FRAMES})
            if languages:
                agent = browser.send("Browser.getVersion", session=False)["userAgent"]
                browser.send("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": languages})
            browser.send("Page.navigate", {"url": f"http://127.0.0.1:{server.server_port}/web-demo.html"})
            browser.until("!!window.refresh", "the demo to load")
            moments["languages"] = browser.evaluate("navigator.languages")

            def moment(name):
                """The page at this moment and the module's state, with its frames held: the frame read is the frame shown."""
                for _ in range(5):
                    browser.evaluate("window.__holdFrames(true)")
                    before = browser.evaluate("window.refresh.state()")
                    browser.screenshot(os.path.join(out, f"{name}.png"))
                    after = browser.evaluate("window.refresh.state()")
                    browser.evaluate("window.__holdFrames(false)")
                    if before == after:  # no timer changed what shows meanwhile
                        moments[name] = after
                        return
                raise RuntimeError(f"{name}: the page kept changing while held")

            # A finger's drag: pressed on the list, moved down in steps, as Input events.
            x, y = 195.0, 200.0
            browser.mouse("mousePressed", x, y)
            steps = 12
            for i in range(1, steps + 1):
                browser.mouse("mouseMoved", x, y + pulling_px * i / steps)
            browser.until(f"window.refresh.state().moment === null && window.refresh.state().pull > 0", "the pull")
            moment("pulling")
            for i in range(1, steps + 1):
                browser.mouse("mouseMoved", x, y + pulling_px + (eligible_px - pulling_px) * i / steps)
            # Eligible, or (once eligible has played) the over-pull's frame where the export has one.
            browser.until("['eligible', 'overpulling'].includes(window.refresh.state().moment)", "eligible")
            moment("eligible")
            # Released past the trigger: the list springs back to it, refreshing; the result once it has played
            # RESULT_MS (the demo's load takes LOAD_MS).
            browser.mouse("mouseReleased", x, y + eligible_px)
            browser.until(f"window.refresh.state().moment === 'refreshing' && window.refresh.state().pull === {trigger!r}",
                          "the list to rest open at the trigger")
            moment("refreshing")
            browser.until("window.refresh.state().moment === 'success' || window.refresh.state().moment === 'failure'", "the result")
            browser.until(f"new Promise((done) => setTimeout(() => done(true), {result_ms!r}))", "the result to play")
            moment("result")
        finally:
            browser.close()
            server.shutdown()
        with open(os.path.join(out, "moments.json"), "w") as f:
            json.dump(moments, f, indent=2)


if __name__ == "__main__":
    main()
