#!/usr/bin/env python3
"""The page as a person meets it, in headless Chromium against the release build with the
built-in ten-year series, measured from outside the page's code (a MutationObserver on the
chart): slider `input` → the new chart in the DOM (and the display frame after it), at 1440 px;
pointerdown → the first transition frame in the DOM; the bytes one press and release move over
the render socket; a key press on one of three people's pages → the value on the other two. The slider is measured on a fresh page and again after 30 edits, 15 undos and
15 redos. Each runs on an idle server, with both cores kept busy by two other processes, and
while 20 simulated editors drive the same server (each dragging a slider: a render request every
display frame)."""
import asyncio
import json
import multiprocessing
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
EDITORS = 20


def cpu_seconds(pid):
    """User and system CPU a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def editor_requests(url):
    """Whole HTTP requests as an editor's page sends them: ALL at 1440 px, a changing line width."""
    parts = urlsplit(url)
    requests = []
    for width in (1, 2, 3, 4, 5, 6):
        for half in (0, 0.5):
            body = json.dumps({"period": "ALL", "width": 1440, "height": 320, "inactiveLineWidth": width + half}).encode()
            requests.append(f"POST /api/render HTTP/1.1\r\nHost: {parts.netloc}\r\nOrigin: {parts.scheme}://{parts.netloc}\r\n"
                            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
    return parts.hostname, parts.port, requests


async def editor(host, port, requests, stop, counter):
    """One simulated editor dragging a slider: a render request every display frame (60 a
    second), each waiting for its answer, on one kept-alive connection."""
    rng = random.Random()
    reader = writer = None
    while not stop.is_set():
        started = time.monotonic()
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection(host, port)
            writer.write(rng.choice(requests))
            head = await reader.readuntil(b"\r\n\r\n")
            length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
            await reader.readexactly(length)
            with counter.get_lock():
                counter.value += 1
        except (OSError, StopIteration, ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            if writer is not None:
                writer.close()
            reader = writer = None
        await asyncio.sleep(max(0.0, 1 / 60 - (time.monotonic() - started)))


def editors_process(url, stop, counter):
    """The 20 editors in one process of their own, on asyncio: they cost this machine about a
    tenth of a core, so what is measured is the server under their load (threads of
    `requests` took a whole core of the two and starved the browser being measured instead)."""
    host, port, requests = editor_requests(url)

    async def everyone():
        await asyncio.gather(*(editor(host, port, requests, stop, counter) for _ in range(EDITORS)))
    asyncio.run(everyone())


def spinner(stop):
    """Keeps one core busy until `stop` is set (as a build or a video call on a laptop would)."""
    while not stop.is_set():
        for _ in range(200_000):
            pass


def edits_then_undo_and_redo(page):
    """30 edits by keyboard on the first six visible sliders, each its own step, then 15 undos
    and 15 redos by their shortcuts, as a person trying values would."""
    sliders = page.evaluate("() => [...document.querySelectorAll('input[type=range]')].filter(e => e.offsetParent).map(e => e.id).slice(0, 6)")
    for i in range(30):
        page.locator("#" + sliders[i % len(sliders)]).focus()
        page.keyboard.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        page.wait_for_timeout(250)
    page.locator("body").click(position={"x": 5, "y": 5})
    for key in ["Control+z"] * 15 + ["Control+Shift+z"] * 15:
        page.keyboard.press(key)
        page.wait_for_timeout(120)
    page.wait_for_timeout(800)


# Real key presses on the focused slider: t0 is the `input` event's time, taken in a capture
# listener before the page's own; t1 the first change of the chart's subtree after it.
KEY_RECORDER = """() => {
    const preview = document.querySelector('#preview');
    const slider = document.querySelector('#param-inactiveLineWidth');
    window.keyTimes = [];
    if (window.keyRecorder) return;  // one recorder a page: a second would count every key twice
    window.keyRecorder = true;
    let pending = null;
    document.addEventListener('input', event => { if (event.target === slider) pending = event.timeStamp; }, { capture: true });
    new MutationObserver(() => {
        if (pending === null) return;
        window.keyTimes.push(performance.now() - pending);
        pending = null;
    }).observe(preview, { childList: true, subtree: true, attributes: true, characterData: true });
    slider.focus();
}"""

PRESS_RECORDER = """() => {
    const preview = document.querySelector('#preview');
    window.pressToFrame = [];
    window.mutations = 0;
    let pressedAt = null;
    preview.addEventListener('pointerdown', event => { pressedAt = event.timeStamp; }, { capture: true });
    new MutationObserver(() => {
        window.mutations++;
        if (pressedAt !== null && preview.querySelector('svg .cw-indicator')) {
            window.pressToFrame.push(performance.now() - pressedAt);
            pressedAt = null;
        }
    }).observe(preview, { childList: true, subtree: true, attributes: true, characterData: true });
}"""


def slider_benchmark(page, label):
    page.evaluate(KEY_RECORDER)
    for period in ("1Y", "ALL"):
        page.locator(f"[data-period='{period}']").click()
        page.wait_for_timeout(300)
        page.locator("#param-inactiveLineWidth").focus()
        page.evaluate("window.keyTimes = []")
        rng = random.Random(period)
        for i in range(150):
            # Keys at random moments within a frame; the direction turns every 10 so the value stays in range.
            page.keyboard.press("ArrowRight" if (i // 10) % 2 == 0 else "ArrowLeft")
            page.wait_for_timeout(24 + rng.random() * 16)
        page.wait_for_timeout(100)
        in_document = page.evaluate("window.keyTimes")
        print(f"{label} {period}, {len(in_document)} key presses on the slider at 1440 px: input → new chart in the DOM p50 {statistics.median(in_document):.1f} ms, "
              f"p95 {percentile(in_document, 95):.1f} ms")


def press_benchmark(browser, url, label, invite):
    """Pointerdown → first transition frame in the DOM, and the bytes one press and release move
    over the render socket (ALL, 1440 px wide chart, the default duration and points)."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    traffic = {"received": 0, "sent": 0}
    size = lambda payload: len(payload.encode() if isinstance(payload, str) else payload)

    def count(socket):  # the page's render socket lives in its worker; Playwright reports it all the same
        socket.on("framereceived", lambda payload: traffic.__setitem__("received", traffic["received"] + size(payload)))
        socket.on("framesent", lambda payload: traffic.__setitem__("sent", traffic["sent"] + size(payload)))
    page.on("websocket", count)
    open_as_person(page, url + "?period=ALL&device=custom&width=1440&height=320", "Presser " + label.split()[0], invite())
    page.wait_for_timeout(500)
    page.evaluate(PRESS_RECORDER)
    box = page.locator("#preview").bounding_box()
    per_press, frames_per_press = [], []
    # 60 presses: the p95 of 30 is their second slowest, one stray reading.
    for i in range(60):
        page.evaluate("window.mutations = 0")
        page.mouse.move(box["x"] + box["width"] * (0.2 + 0.6 * (i % 7) / 6), box["y"] + box["height"] / 2)
        page.wait_for_timeout(50)
        before = dict(traffic)
        page.mouse.down()
        page.wait_for_timeout(450)
        page.mouse.up()
        page.wait_for_function("() => document.querySelector('#preview svg').getAttribute('data-progress') === '0' && !document.querySelector('#preview .cw-indicator')")
        page.wait_for_timeout(150)
        per_press.append(traffic["received"] - before["received"] + traffic["sent"] - before["sent"])
        frames_per_press.append(page.evaluate("window.mutations"))
    first = page.evaluate("window.pressToFrame")
    print(f"{label} press, {len(first)} presses: pointerdown → first transition frame in the DOM p50 {statistics.median(first):.1f} ms, "
          f"p95 {percentile(first, 95):.1f} ms (one display frame: 16.7 ms)")
    print(f"{label} press + release over the socket: median {statistics.median(per_press) / 1024:.1f} KB both ways "
          f"(max {max(per_press) / 1024:.1f} KB), {statistics.median(frames_per_press):.0f} DOM updates")
    page.close()


TAP_RECORDER = """() => {
    const preview = document.querySelector('#preview');
    window.tapToFrame = [];
    window.mutations = 0;
    window.replaced = 0;
    let tappedAt = null;
    for (const button of document.querySelectorAll('[data-period]')) {
        button.addEventListener('pointerdown', event => { tappedAt = event.timeStamp; }, { capture: true });
    }
    new MutationObserver(records => {
        window.mutations++;
        if (records.some(r => r.type === 'childList' && r.target === preview)) window.replaced++;
        if (tappedAt !== null && preview.getAttribute('aria-busy') === 'true') {
            window.tapToFrame.push(performance.now() - tappedAt);
            tappedAt = null;
        }
    }).observe(preview, { childList: true, subtree: true, attributes: true, characterData: true });
}"""


def period_click_benchmark(browser, url, label, invite):
    """Real clicks on the period buttons (1D ↔ ALL, 1440 px wide): pointerdown → the morph's first
    frame in the DOM, and the bytes one whole period change moves over the render socket, to set
    beside a press and release's (issue 35: within them)."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    traffic = {"received": 0, "sent": 0}
    size = lambda payload: len(payload.encode() if isinstance(payload, str) else payload)

    def count(socket):
        socket.on("framereceived", lambda payload: traffic.__setitem__("received", traffic["received"] + size(payload)))
        socket.on("framesent", lambda payload: traffic.__setitem__("sent", traffic["sent"] + size(payload)))
    page.on("websocket", count)
    open_as_person(page, url + "?period=1D&device=custom&width=1440&height=320", "Tapper " + label.split()[0], invite())
    page.wait_for_selector("#preview[aria-busy=false]")
    page.evaluate(TAP_RECORDER)
    per_change, frames, replaced = [], [], []
    for i in range(20):
        page.evaluate("window.mutations = 0; window.replaced = 0")
        before = dict(traffic)
        page.locator(f"[data-period='{'ALL' if i % 2 == 0 else '1D'}']").click()
        page.wait_for_function("() => window.mutations > 0")
        page.wait_for_selector("#preview[aria-busy=false]")
        page.wait_for_timeout(150)
        per_change.append(traffic["received"] - before["received"] + traffic["sent"] - before["sent"])
        frames.append(page.evaluate("window.mutations"))
        replaced.append(page.evaluate("window.replaced"))
    first = page.evaluate("window.tapToFrame")
    print(f"{label} period change, {len(first)} real clicks: pointerdown → first morph frame in the DOM p50 {statistics.median(first):.1f} ms, "
          f"p95 {percentile(first, 95):.1f} ms")
    print(f"{label} period change over the socket: median {statistics.median(per_change) / 1024:.1f} KB both ways "
          f"(max {max(per_change) / 1024:.1f} KB), {statistics.median(frames):.0f} DOM updates, "
          f"whole documents per change: at most {max(replaced)}")
    page.close()


PERIOD_ROUND_TRIPS = """async ({ count }) => {
    const socket = new WebSocket(location.origin.replace('http', 'ws') + '/api/render/socket');
    await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
    const answers = [];
    socket.onmessage = event => answers.shift()?.(event.data);
    const ask = message => new Promise(resolve => { answers.push(resolve); socket.send(JSON.stringify(message)); });
    const base = { id: 'bench', width: 1440, height: 320 };
    const first = [], later = [];
    let frame = null;
    for (let i = 0; i < count; i++) {
        const [from, period] = i % 2 ? ['ALL', '1D'] : ['1D', 'ALL'];
        let started = performance.now();
        let head = JSON.parse((await ask({ ...base, period, from, motion: 'period', time: i * 10 })).split('\\n', 1)[0]);
        first.push(performance.now() - started);
        frame = head.frame;
        started = performance.now();
        head = JSON.parse((await ask({ ...base, period, motion: 'follow', time: i * 10 + 0.1, base: frame })).split('\\n', 1)[0]);
        later.push({ ms: performance.now() - started, patch: head.patch === true });
    }
    socket.close();
    return { first, later };
}"""


def period_benchmark(page, label):
    """A period tap (1D ↔ ALL, 1440 px wide) → the first morph frame: the socket's round trip
    from the page, i.e. the server's time plus loopback (target: server p95 ≤ 4 ms), and whether
    the frames after it travel as patches."""
    result = page.evaluate(PERIOD_ROUND_TRIPS, {"count": 40})
    first, later = result["first"], result["later"]
    patches = sum(1 for frame in later if frame["patch"])
    print(f"{label} period change, {len(first)} taps: tap → first morph frame over the socket p50 {statistics.median(first):.1f} ms, "
          f"p95 {percentile(first, 95):.1f} ms; the next frame p95 {percentile([f['ms'] for f in later], 95):.1f} ms, "
          f"{patches} of {len(later)} as patches")


# Each other page notes when its number box first shows a value other than the one it had.
CONVERGED_AT = """() => { const box = document.querySelector('#param-markerRadius-number'); const before = box.value;
    window.convergedAt = new Promise(resolve => {
        const poll = () => box.value !== before ? resolve(performance.timeOrigin + performance.now()) : setTimeout(poll, 1);
        poll();
    }); }"""
KEY_DOWN_AT = """() => { if (window.keyDownAt) return; window.keyDownAt = [];
    document.addEventListener('keydown', event => window.keyDownAt.push(performance.timeOrigin + event.timeStamp), { capture: true }); }"""


def convergence_benchmark(browser, url, label, invite):
    """Three people on one preset: a real key press on one page's slider → both other pages' number
    boxes show the new value (through the server's draft and its event stream)."""
    pages = []
    for name in ("Ann", "Ben", "Cy"):
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        open_as_person(page, url + "?preset=Default&device=custom&width=800&height=320", f"{name} " + label.split()[0], invite())
        page.evaluate(KEY_DOWN_AT)
        pages.append(page)
    samples = []
    for i in range(30):
        source, others = pages[i % 3], [p for p in pages if p is not pages[i % 3]]
        for other in others:
            other.evaluate(CONVERGED_AT)
        slider = source.locator("#param-markerRadius")
        slider.focus()
        # Towards the middle of the range, so that every press changes the value (the draft
        # keeps the last run's value, which may sit at an end).
        low, high = (float(slider.get_attribute(a)) for a in ("min", "max"))
        source.keyboard.press("ArrowRight" if float(slider.input_value()) < (low + high) / 2 else "ArrowLeft")
        pressed = source.evaluate("window.keyDownAt[window.keyDownAt.length - 1]")
        samples += [other.evaluate("window.convergedAt") - pressed for other in others]
        source.wait_for_timeout(100)
    print(f"{label} three pages, {len(samples)} arrivals: key press on one → the value on another p50 {statistics.median(samples):.1f} ms, "
          f"p95 {percentile(samples, 95):.1f} ms")
    for page in pages:
        page.close()


def whole_svg_baseline(page):
    """The same-run baseline: what one frame costs as a whole document (POST /api/render)."""
    sizes = page.evaluate("""async () => {
        const r = await fetch('/api/render', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                              body: JSON.stringify({period: 'ALL', width: 1440, height: 320, progress: 0.5, selection: 0.5})});
        return (await r.text()).length;
    }""")
    print(f"baseline: one mid-transition frame as a whole SVG document is {sizes / 1024:.1f} KB")


def invitation(binary, presets):
    """A personal invitation's code from the owner (`workbench people invite`): joining needs one."""
    made = subprocess.run([binary, "people", "invite", "--presets", presets], capture_output=True, text=True, check=True)
    return made.stdout.strip().splitlines()[-1]


def open_as_person(page, address, name, invite):
    """A first visit with an invitation asks who this is (a dialog); answered with the keyboard, as a person would."""
    page.goto(address + "&invite=" + invite)
    page.wait_for_selector("#person-name")
    page.locator("#person-name").fill(name)
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=true]")


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(ROOT / "Presets", Path(folder) / "Presets", ignore=shutil.ignore_patterns(".*"))  # the shipped files, no history
        server = subprocess.Popen([binary, "serve", "--port", "0", "--presets", str(Path(folder) / "Presets"),
                                   "--public-folder", str(ROOT / "Public")], stdout=subprocess.PIPE, text=True)
        try:
            url = re.search(r"http://[^ ]+/", server.stdout.readline()).group(0)
            invite = lambda: invitation(binary, str(Path(folder) / "Presets"))
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
                for label, load in (("idle server:", None), ("both cores busy:", "spinners"), (f"{EDITORS} editors:", "editors")):
                    stop = multiprocessing.Event()
                    counter = multiprocessing.Value("i", 0)
                    worker = None
                    spinners = [multiprocessing.Process(target=spinner, args=(stop,), daemon=True) for _ in range(2 if load == "spinners" else 0)]
                    for process in spinners:
                        process.start()
                    if load == "editors":
                        worker = multiprocessing.Process(target=editors_process, args=(url, stop, counter), daemon=True)
                        worker.start()
                        time.sleep(1)
                    started = time.monotonic()
                    cpu_before = (cpu_seconds(server.pid), cpu_seconds(worker.pid) if worker else 0)
                    page = browser.new_page(viewport={"width": 1440, "height": 900})
                    open_as_person(page, url + "?device=custom&width=1440&height=320", "Bench " + label.split()[0], invite())
                    slider_benchmark(page, label)
                    period_benchmark(page, label)
                    if not load:
                        whole_svg_baseline(page)
                    edits_then_undo_and_redo(page)
                    slider_benchmark(page, label + " after 30 edits, undo and redo,")
                    page.close()
                    press_benchmark(browser, url, label, invite)
                    period_click_benchmark(browser, url, label, invite)
                    convergence_benchmark(browser, url, label, invite)
                    if worker:
                        elapsed = time.monotonic() - started
                        server_cpu, editors_cpu = cpu_seconds(server.pid) - cpu_before[0], cpu_seconds(worker.pid) - cpu_before[1]
                        stop.set()
                        worker.join(timeout=10)
                        print(f"{label} the editors' renders: {counter.value / elapsed:.0f} a second; the server used "
                              f"{server_cpu / elapsed:.2f} cores, the editors' process {editors_cpu / elapsed:.2f} (of {os.cpu_count()})")
                    stop.set()
                    for process in spinners:
                        process.join(timeout=10)
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
