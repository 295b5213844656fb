#!/usr/bin/env python3
"""Slider input → new SVG painted, in headless Chromium against the release build with the
built-in ten-year series: time from the `input` event to the animation frame after the new
chart is in the page. Also pointerdown → first transition frame and the bytes one press and
release move over the render socket, against the whole-film /api/frames answer as the baseline."""
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def press_benchmark(browser, url):
    """Pointerdown → first transition frame in the page, and the bytes one press and release
    move over the render socket, at 390×240 with the default duration (0.3 s) and points."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    traffic = {"received": 0, "sent": 0}
    session.on("Network.webSocketFrameReceived", lambda e: traffic.__setitem__("received", traffic["received"] + len(e["response"]["payloadData"].encode())))
    session.on("Network.webSocketFrameSent", lambda e: traffic.__setitem__("sent", traffic["sent"] + len(e["response"]["payloadData"].encode())))
    page.goto(url + "?device=custom&width=390&height=240")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_timeout(500)
    box = page.locator("#preview").bounding_box()
    per_press = []
    frames_per_press = []
    # Measured from outside the page's code: a pointerdown listener and an observer of the preview.
    page.evaluate("""() => {
        window.painted = 0; window.pressToFrame = []; let downAt = 0;
        document.querySelector('#preview').addEventListener('pointerdown', () => { downAt = performance.now(); }, { capture: true });
        new MutationObserver(() => {
            window.painted++;
            if (downAt) { window.pressToFrame.push(performance.now() - downAt); downAt = 0; }
        }).observe(document.querySelector('#preview'), { childList: true });
    }""")
    for i in range(30):
        page.evaluate("window.painted = 0")
        before = dict(traffic)
        page.mouse.move(box["x"] + box["width"] * (0.2 + 0.6 * (i % 7) / 6), box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(450)
        page.mouse.up()
        page.wait_for_function("() => document.querySelector('#preview svg').getAttribute('data-progress') === '0'")
        page.wait_for_timeout(150)
        per_press.append(traffic["received"] - before["received"] + traffic["sent"] - before["sent"])
        frames_per_press.append(page.evaluate("window.painted"))
    first = page.evaluate("window.pressToFrame")
    print(f"press, {len(first)} presses at 390x240: pointerdown → first transition frame in the page p50 {statistics.median(first):.1f} ms, "
          f"p95 {percentile(first, 95):.1f} ms (one display frame: 16.7 ms)")
    print(f"press + release over the socket: median {statistics.median(per_press) / 1024:.0f} KB both ways "
          f"(max {max(per_press) / 1024:.0f} KB), {statistics.median(frames_per_press):.0f} frames painted")
    page.close()


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(ROOT / "Presets", Path(folder) / "Presets")
        server = subprocess.Popen([binary, "serve", "--port", "0", "--presets", str(Path(folder) / "Presets"),
                                   "--public-folder", str(ROOT / "Public")], stdout=subprocess.PIPE, text=True)
        try:
            url = re.search(r"http://[^ ]+/", server.stdout.readline()).group(0)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                page.goto(url)
                page.wait_for_selector("body[data-ready=true]")
                for period in ("1Y", "ALL"):
                    page.locator(f"[data-period='{period}']").click()
                    page.wait_for_timeout(300)
                    # Inputs arrive at random moments within a frame, as a dragging hand's do.
                    painted, in_document = page.evaluate("""async () => {
                        // From outside the page's code: the new SVG's arrival in #preview, then the
                        // animation frame after it.
                        const slider = document.querySelector('#param-inactiveLineWidth');
                        const preview = document.querySelector('#preview');
                        const painted = [], inDocument = [];
                        for (let i = 0; i < 150; i++) {
                            await new Promise(r => requestAnimationFrame(r));
                            await new Promise(r => setTimeout(r, Math.random() * 16));
                            const width = String(1 + (i % 20) * 0.5);
                            const arrived = new Promise(resolve => {
                                const observer = new MutationObserver(() => {
                                    if (preview.querySelector('.cw-line')?.getAttribute('stroke-width') !== width) return;
                                    observer.disconnect();
                                    resolve(performance.now());
                                });
                                observer.observe(preview, { childList: true });
                            });
                            const since = performance.now();
                            slider.value = width;
                            slider.dispatchEvent(new Event('input', { bubbles: true }));
                            const at = await arrived;
                            inDocument.push(at - since);
                            painted.push(await new Promise(r => requestAnimationFrame(() => r(performance.now() - since))));
                        }
                        slider.dispatchEvent(new Event('change', { bubbles: true }));
                        return [painted, inDocument];
                    }""")
                    print(f"{period}, {len(painted)} slider edits: input → new SVG in the page p50 {statistics.median(in_document):.1f} ms, "
                          f"p95 {percentile(in_document, 95):.1f} ms; input → next frame after it p50 {statistics.median(painted):.1f} ms, "
                          f"p95 {percentile(painted, 95):.1f} ms")
                frames = page.evaluate("""async () => {
                    const t = performance.now();
                    const r = await fetch('/api/frames', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                          body: JSON.stringify({period: '1Y', width: 393, height: 240, selection: 0.5})});
                    const body = await r.json();
                    return [performance.now() - t, body.frames.length, JSON.stringify(body).length];
                }""")
                print(f"baseline, the whole-film way: all {frames[1]} frames of one direction from POST /api/frames in {frames[0]:.1f} ms, "
                      f"{frames[2] / 1024:.0f} KB")
                press_benchmark(browser, url)
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
