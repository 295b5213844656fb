#!/usr/bin/env python3
"""Slider input → new SVG painted, in headless Chromium against the release build with the
built-in ten-year series: time from the `input` event to the animation frame after the new
chart is in the page. Also the time for one press animation's frames to arrive."""
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
                        const slider = document.querySelector('#param-inactiveLineWidth');
                        const metrics = window.workbenchMetrics;
                        const painted = [], inDocument = [];
                        for (let i = 0; i < 150; i++) {
                            await new Promise(r => requestAnimationFrame(r));
                            await new Promise(r => setTimeout(r, Math.random() * 16));
                            const before = metrics.paints.length;
                            slider.value = String(1 + (i % 20) * 0.5);
                            slider.dispatchEvent(new Event('input', { bubbles: true }));
                            while (metrics.paints.length === before) await new Promise(r => setTimeout(r, 0));
                            painted.push(metrics.paints[metrics.paints.length - 1]);
                            inDocument.push(metrics.inDocument[metrics.inDocument.length - 1]);
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
                    return [performance.now() - t, body.frames.length];
                }""")
                print(f"press: all {frames[1]} transition frames computed and received in {frames[0]:.1f} ms")
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
