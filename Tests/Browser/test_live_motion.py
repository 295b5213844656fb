"""A live price and the first load play the engine's motions on the page: switching live prices
on (a real click) makes every tick step the line to the new price over frames from the engine,
on the workbench and on /device together, with the header counting and flashing; a chart's
first picture is the preset's placeholder, revealed from the left."""
import re

import pytest

from test_device import open_device, open_main
from workbench_server import Server, small_csv

RECORD = """() => {
    window.seen = [];
    const look = () => {
        const svg = document.querySelector('#preview svg');
        const price = document.getElementById('headline-price');
        if (!svg || !price) return;
        const entry = [svg.dataset.lastTime ?? '', svg.querySelector('path.cw-line')?.getAttribute('d') ?? '',
                       price.textContent, price.dataset.flash ?? ''];
        const last = window.seen[window.seen.length - 1];
        if (!last || entry.some((v, i) => v !== last[i])) window.seen.push(entry);
    };
    look();
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
}"""

REVEAL_RECORD = """
window.reveal = [];
new MutationObserver(() => {
    const svg = document.querySelector('#preview svg');
    if (!svg) return;
    const entry = [Boolean(svg.querySelector('.cw-placeholder')), Boolean(svg.querySelector('.cw-line')),
                   svg.querySelector('#cw-line')?.getAttribute('clip-path') ? svg.querySelector('clipPath rect')?.getAttribute('width') : null];
    const last = window.reveal[window.reveal.length - 1];
    if (!last || entry.some((v, i) => v !== last[i])) window.reveal.push(entry);
}).observe(document, { childList: true, subtree: true, attributes: true });
"""


# A tick has stepped (as `stepped` below) and the header flashed. Live prices stay on until each
# page has drawn one such tick: a loaded machine may draw a tick's one-second step in two frames,
# the next one in many; a line that jumps (no step) never passes.
STEPPED = """() => {
    const shapes = new Map();
    for (const [time, line] of window.seen) (shapes.get(time) ?? shapes.set(time, new Set()).get(time)).add(line);
    return [...shapes.values()].slice(1).some(lines => lines.size >= 3) && window.seen.some(e => e[3]);
}"""


@pytest.fixture(scope="module")
def server():
    s = Server("--live-interval", "1.5", data_csv=small_csv(3 * 24 * 60, step=60))
    yield s
    s.close()


def money(text):
    return float(re.sub(r"[^0-9.]", "", text))


def stepped(seen):
    """The frames of one tick: a new last time whose line passes through three or more shapes."""
    by_time = {}
    for last_time, line, _, _ in seen:
        by_time.setdefault(last_time, set()).add(line)
    times = list(dict.fromkeys(entry[0] for entry in seen))
    return [t for t in times[1:] if len(by_time[t]) >= 3]


def test_a_live_tick_steps_the_line_and_counts_the_header_on_the_page_and_the_phone(browser, server):
    # A one-second step (the draft's, so the phone plays it too): a 0.3 s one on a loaded machine
    # may get no frame between its first and its last.
    main = open_main(browser, server.url + "/?period=1D&livePriceDuration=1")
    main.errors = []
    main.on("pageerror", lambda e: main.errors.append(str(e)))
    phone = open_device(browser, server.url + "/device")
    phone.locator("[data-period='1D']").tap()
    for page in (main, phone):
        page.wait_for_function("() => !document.querySelector('#preview .cw-placeholder')")
        page.evaluate(RECORD)
    main.click("#live-toggle")
    try:
        for page in (main, phone):
            page.wait_for_function(STEPPED, timeout=30000)
    finally:
        main.click("#live-toggle")
    for page in (main, phone):
        # Wait for the step to settle, then look at everything the page drew.
        page.wait_for_function("() => { const s = window.seen; return s.length && !s[s.length - 1][3]; }", timeout=10000)
        seen = page.evaluate("window.seen")
        assert stepped(seen), seen[:3]
        assert {"up", "down"} & {flash for *_, flash in seen}
        # The header counted: some price shown lies strictly between the ones before and after it.
        prices = [money(text) for text in dict.fromkeys(entry[2] for entry in seen) if re.search(r"\d", text)]
        assert any(min(a, c) < b < max(a, c) for a, b, c in zip(prices, prices[1:], prices[2:])), prices
    assert main.errors == [] and phone.errors == []


def test_a_tick_under_a_finger_keeps_the_selected_point(browser, server):
    main = open_main(browser, server.url + "/?period=1D&livePriceDuration=1")
    main.wait_for_function("() => !document.querySelector('#preview .cw-placeholder')")
    box = main.locator("#preview").bounding_box()
    main.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2)
    main.mouse.down()
    main.wait_for_function("() => document.querySelector('#preview svg').dataset.selectedTime !== undefined")
    selected = main.evaluate("() => document.querySelector('#preview svg').dataset.selectedTime")
    main.evaluate("""() => {
        window.selections = new Set(); window.lastTimes = new Set();
        new MutationObserver(() => {
            const svg = document.querySelector('#preview svg');
            if (!svg || window.secondTick || window.released) return;
            // One tick is what this test follows: frames from a second one (a loaded machine may
            // let it arrive before the test stops the feed) are not recorded.
            if (!window.lastTimes.has(svg.dataset.lastTime) && window.lastTimes.size >= 2) { window.secondTick = true; return; }
            window.selections.add(svg.dataset.selectedTime + ' ' + document.getElementById('headline-price').textContent);
            window.lastTimes.add(svg.dataset.lastTime);
        }).observe(document.querySelector('#preview'), { childList: true, subtree: true, attributes: true });
    }""")
    # The finger stays down: live prices are switched on through the API, not by a click elsewhere.
    assert server.request("POST", "/api/live", json={"enabled": True}).status_code == 200
    try:
        main.wait_for_function("() => window.lastTimes.size >= 2", timeout=20000)
    finally:
        server.request("POST", "/api/live", json={"enabled": False})
        # Released, the header shows the newest price again: what it shows then is not the finger's.
        main.evaluate("window.released = true")
        main.mouse.up()
    seen = [(int(t), money(price)) for t, price in (entry.split(" ", 1) for entry in main.evaluate("[...window.selections]"))]
    # The finger stayed on its time: the bucket holding it, whose close (1D draws 12 buckets) is
    # now the minute after; the header showed that point throughout, passing only between the
    # old close and the new one.
    assert {t for t, _ in seen} <= {int(selected), int(selected) + 60}, seen
    prices = [p for _, p in seen]
    assert prices == sorted(prices) or prices == sorted(prices, reverse=True), seen


def test_the_first_load_reveals_the_chart_from_the_placeholder(browser, server):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.add_init_script(REVEAL_RECORD)
    page.goto(server.url + "/?revealDuration=1&revealPlaceholder=flat")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function("() => { const r = window.reveal; return r.length && r[r.length - 1][1] && !r[r.length - 1][0]; }", timeout=15000)
    frames = page.evaluate("window.reveal")
    assert frames[0] == [True, False, None]           # the placeholder first, no line yet
    widths = [float(w) for placeholder, line, w in frames if placeholder and line and w]
    assert len(widths) >= 2 and widths == sorted(widths)  # the line drawn on from the left
    assert frames[-1] == [False, True, None]          # then the chart at rest
    context.close()


@pytest.fixture(scope="module")
def quiet_feed():
    """Live prices that come only every ten minutes: the chart turns stale first."""
    s = Server("--live-interval", "600", data_csv=small_csv(24 * 60, step=60))
    yield s
    s.close()


def test_a_stale_feed_shows_the_outage_until_live_prices_stop(browser, quiet_feed):
    main = open_main(browser, quiet_feed.url + "/?period=1D&outageStaleAfter=5")
    main.wait_for_function("() => !document.querySelector('#preview .cw-placeholder')")
    assert main.locator("#preview .cw-outage").count() == 0
    main.click("#live-toggle")
    # Five seconds without a price: the server draws the engine's outage, the page only asks again.
    main.wait_for_selector("#preview .cw-outage", timeout=15000)
    assert "Prices delayed" in main.locator("#preview").inner_text()
    main.click("#live-toggle")   # not live any more: nothing is delayed
    main.wait_for_selector("#preview .cw-outage", state="detached", timeout=10000)
