"""Frames as deltas: after a press, a scrub and a release travel as frame deltas over the render
socket, the chart in the DOM is exactly the engine's scene for the state it shows."""
import json
import sys
from pathlib import Path

import pytest
from test_page import open_page, page  # noqa: F401  (fixtures)
from workbench_server import Server, small_csv

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Integration"))
from test_scene import check_svg_matches_scene  # noqa: E402


@pytest.fixture(scope="module")
def server():
    """A server whose live price does not tick during a test: a live step plays a motion whose
    frames move the inspector's progress, which is not what these tests count."""
    s = Server("--live-interval", "600", data_csv=small_csv())
    yield s
    s.close()


RECORD = """() => {
    window.patched = 0; window.replaced = 0;
    const preview = document.querySelector('#preview');
    new MutationObserver(records => {
        if (records.some(r => r.type === 'childList' && r.target === preview)) window.replaced++; else window.patched++;
    }).observe(preview, { childList: true, subtree: true, attributes: true, characterData: true });
}"""


def dom_svg(page):
    return page.evaluate("() => new XMLSerializer().serializeToString(document.querySelector('#preview svg'))")


def scene_for(page, server, **state):
    request = page.evaluate("""() => {
        const svg = document.querySelector('#preview svg');
        return { width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')) };
    }""")
    query = {"preset": "Default", "period": "1Y", "tz": page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone"), **request, **state}
    return server.get("/api/scene", params=query).json()


def test_patched_frames_equal_the_engines_scene(page, server):
    open_page(page, server, "?preset=Default")
    page.evaluate(RECORD)
    preview = page.locator("#preview")
    preview.focus()
    page.keyboard.press("Space")  # presses at the middle
    page.wait_for_function("() => document.querySelector('#preview svg').getAttribute('data-progress') === '1'")
    page.wait_for_timeout(300)
    check_svg_matches_scene(dom_svg(page), scene_for(page, server, progress=1, selection=0.5))
    page.keyboard.press("Shift+ArrowRight")  # scrubs to 0.6
    page.wait_for_function("() => Math.abs(Number(document.querySelector('#preview .cw-indicator').getAttribute('x1')) - 0) > 0")
    page.wait_for_timeout(300)
    check_svg_matches_scene(dom_svg(page), scene_for(page, server, progress=1, selection=0.6))
    page.keyboard.press("Space")  # releases
    page.wait_for_function("() => document.querySelector('#preview svg').getAttribute('data-progress') === '0' && !document.querySelector('#preview .cw-indicator')")
    page.wait_for_timeout(300)
    check_svg_matches_scene(dom_svg(page), scene_for(page, server, progress=0))
    counts = page.evaluate("[window.patched, window.replaced]")
    assert counts[0] > 10, counts  # the transition's frames were deltas, not new documents
    assert counts[1] == 0, counts  # the indicator coming and going travels as elements inserted and removed


def varints(values):
    """The server's Varints.text: zigzag, five bits a character, the sixth saying another follows."""
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    out = ""
    for v in values:
        rest = v * 2 if v >= 0 else -v * 2 - 1
        while True:
            low, rest = rest & 31, rest >> 5
            out += digits[low | (32 if rest else 0)]
            if not rest:
                break
    return out


def test_paths_are_written_from_their_numbers_as_the_engine_writes_them(page, server):
    open_page(page, server)
    values = [0, 150, -225, 300, 100, 200, 300, 400, 510, -5]
    from_two_before = values[:2] + [values[i] - values[i - 2] for i in range(2, len(values))]
    result = page.evaluate("""async ([whole, big]) => {
        const { wholePath, writePath, readChanges } = await import('/js/frame-delta.js');
        const path = wholePath('MLCZ', whole);
        return [path.values, writePath(path, 2), writePath(path, 3), writePath(wholePath('M', big), 2),
                readChanges('.GK', 8), readChanges('CEG', 3), readChanges('CEG', 4), wholePath('ML2', whole),
                readChanges(':CEGI', 8), readChanges(':CEGI', 6)];
    }""", [varints(from_two_before), varints([-900719925474099, 123456789012345])])
    assert result[0] == values
    assert result[1] == "M0,1.5L-2.25,3C1,2,3,4,5.1,-0.05Z"
    assert result[2] == "M0,0.15L-0.225,0.3C0.1,0.2,0.3,0.4,0.51,-0.005Z"
    assert result[3] == "M-9007199254740.99,1234567890123.45"
    assert result[4] == [0, 0, 0, 5, 0, 0, 0, 0]
    assert result[5] == [1, 2, 3] and result[6] is None  # a change for every number, or none
    assert result[7] is None  # commands that do not take the numbers sent
    assert result[8] == [0, 1, 0, 2, 0, 3, 0, 4] and result[9] is None  # only the numbers at odd places change
    values = [0, -1, 1, 15, -16, 16, 511, -512, 1_000_000, -123456789]
    assert varints(values) == "ABCefgB-f_fgkh9BpxmvrH"
    decoded = page.evaluate("""async () => {
        const { readVarints } = await import('/js/frame-delta.js');
        return readVarints('ABCefgB-f_fgkh9BpxmvrH');
    }""")
    assert decoded == values, decoded


MUTATIONS = """async () => {
    const slider = document.querySelector('#param-inactiveLineWidth');
    const preview = document.querySelector('#preview');
    const row = slider.closest('.control');
    const outside = [];
    const observer = new MutationObserver(records => {
        for (const r of records) {
            const element = r.target.nodeType === 1 ? r.target : r.target.parentElement;
            if (!preview.contains(element) && !row.contains(element)) outside.push(`${element.id || element.className} ${r.type} ${r.attributeName ?? ''}`);
        }
    });
    for (let i = 0; i < 6; i++) {
        const drawn = new Promise(resolve => {
            const o = new MutationObserver(() => { o.disconnect(); resolve(); });
            o.observe(preview, { subtree: true, attributes: true, childList: true });
        });
        // The first steps make the preset modified (marker, revert, undo): after them nothing else changes.
        if (i === 2) observer.observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
        slider.value = String(1 + i * 0.5);  // never Default's own width, which would unmark it as modified
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await drawn;
    }
    await new Promise(r => setTimeout(r, 50));
    observer.disconnect();
    return outside;
}"""


def test_a_slider_step_changes_only_the_chart_and_its_own_control(page, server):
    """Every write outside them restyles or relays out the page, which the next frame waits for."""
    open_page(page, server, "?preset=Default")
    page.wait_for_selector("#preview[aria-busy=false]")  # the first load's reveal is over
    outside = page.evaluate(MUTATIONS)
    assert outside == [], outside


def test_a_press_sends_its_first_frame_request_before_anything_else(page, server):
    """The first frame is what the finger waits for: presence (a fetch) follows its answer."""
    open_page(page, server, "?preset=Default")
    page.wait_for_timeout(300)
    page.evaluate("""() => {
        window.order = [];
        // Requests go to the render socket's worker, which sends them as they come.
        const post = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (data) { if (data.send?.includes('"press"')) window.order.push('frame request'); return post.apply(this, arguments); };
        const fetch = window.fetch;
        // The press's own presence (it says pressing): the page's earlier ones (the stream's
        // hello, the preset opened) may still be on their way on a slow machine.
        window.fetch = function (url, options) {
            if (String(url).includes('/api/session/presence') && String(options?.body).includes('"pressing":true')) window.order.push('presence');
            return fetch.apply(this, arguments);
        };
        const preview = document.querySelector('#preview');
        new MutationObserver(() => { if (preview.querySelector('.cw-indicator') && !window.order.includes('frame')) window.order.push('frame'); })
            .observe(preview, { subtree: true, childList: true, attributes: true });
    }""")
    box = page.locator("#preview").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.4, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function("() => window.order.includes('presence')")
    page.mouse.up()
    assert page.evaluate("window.order")[:3] == ["frame request", "frame", "presence"]


def test_checks_that_read_as_before_leave_the_page_still(page, server):
    """A width step asks the readability and honesty checks again; answers that read as the
    ones shown write nothing (a write restyles the page while the slider moves)."""
    open_page(page, server, "?preset=Default")
    page.wait_for_selector("#readability-lineColor[data-pass]")
    page.wait_for_selector("#honesty[data-pass]")
    page.evaluate("""() => {
        window.outside = [];
        const preview = document.querySelector('#preview');
        const row = document.querySelector('#param-inactiveLineWidth').closest('.control');
        window.checkObserver = new MutationObserver(records => {
            for (const r of records) {
                const element = r.target.nodeType === 1 ? r.target : r.target.parentElement;
                if (element.closest('.readability, #honesty, .honesty-note') || element.matches('.control')) window.outside.push(`${element.id || element.className} ${r.type} ${r.attributeName ?? ''}`);
            }
        });
        window.checkObserver.observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    }""")
    with page.expect_response(lambda r: "/api/check/honesty" in r.url, timeout=15000):
        with page.expect_response(lambda r: "/api/check?" in r.url, timeout=15000):
            page.locator("#param-inactiveLineWidth").fill("2.5")
            page.locator("#param-inactiveLineWidth").dispatch_event("input")
    page.wait_for_timeout(200)
    outside = page.evaluate("window.outside.filter(m => !m.startsWith('control '))")
    assert outside == [], outside


def test_the_page_asks_each_check_once_on_opening_of_the_preset_it_opens(page, server):
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/check" in r.url else None)
    open_page(page, server, "?preset=Default")
    page.wait_for_selector("#readability-lineColor[data-pass]")
    page.wait_for_selector("#honesty[data-pass]")
    page.wait_for_timeout(1000)
    readability = [u for u in asked if "/api/check?" in u]
    honesty = [u for u in asked if "/api/check/honesty" in u]
    assert len(readability) == 1 and len(honesty) == 1, asked
    # Default's own line colour, not the engine's default one.
    colour = json.loads((server.presets / "default.json").read_text())["parameters"]["lineColor"]
    assert "lineColor=" + colour.replace("#", "%23") in readability[0], readability
