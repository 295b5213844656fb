"""The motion inspector plays and holds each of the engine's motions with real clicks and keys:
the motion chosen (Press, Period change, Live price, Reveal) plays on the chart and, through the
session's play event, on /device; Compare plays one on every candidate at once; the scrubber
holds the chosen motion's frames."""
import math

import pytest

from test_device import open_device, open_main
from workbench_server import Server

RECORD = """() => {
    window.frames = [];
    const look = () => {
        for (const svg of document.querySelectorAll('svg[data-a11y-label]')) {
            const box = svg.parentElement;
            const entry = [box.id || box.getAttribute('aria-label'), Boolean(svg.querySelector('[id$=-placeholder]')),
                           svg.querySelector('path[id$=-line]')?.getAttribute('d') ?? '', svg.dataset.lastPrice ?? ''];
            const last = window.frames.filter(f => f[0] === entry[0]).pop();
            if (!last || entry.some((v, i) => v !== last[i])) window.frames.push(entry);
        }
    };
    look();
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true });
}"""


@pytest.fixture(scope="module")
def server():
    # Three days of minutes whose newest price differs from the one before it.
    start = 1_700_000_000
    rows = "".join(f"{start + i * 60},{30000 + 400 * math.sin(i / 97) + 3 * i % 7:.2f}\n" for i in range(3 * 24 * 60))
    s = Server(data_csv="time,price\n" + rows + f"{start + 3 * 24 * 60 * 60},31000\n")
    yield s
    s.close()


def ready(page):
    page.wait_for_function("() => !document.querySelector('#preview [id$=-placeholder]')")
    page.evaluate(RECORD)
    return page


@pytest.fixture
def main(browser, server):
    page = open_main(browser, server.url + "/?period=1D&revealDuration=1&livePriceDuration=1&periodDuration=1")
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield ready(page)
    page.context.close()


@pytest.fixture
def phone(browser, server):
    page = open_device(browser, server.url + "/device")
    yield ready(page)
    page.context.close()


def shown(page, box="preview"):
    return [f for f in page.evaluate("window.frames") if f[0] == box]


def test_play_reveal_plays_on_the_chart_and_on_the_phone(main, phone):
    main.click("[data-motion='reveal']")
    assert main.locator("#play-motion").inner_text() == "Play reveal"
    main.click("#play-motion")
    for page in (main, phone):
        page.wait_for_function("() => window.frames.some(f => f[0] === 'preview' && f[1])", timeout=10000)
        page.wait_for_function("() => { const f = window.frames.filter(f => f[0] === 'preview').pop(); return !f[1] && f[2]; }",
                               timeout=10000)
        frames = shown(page)
        placeholder = [i for i, f in enumerate(frames) if f[1]]
        assert placeholder and frames[-1][2] == frames[0][2]   # from the placeholder back to the same chart
    assert main.errors == [] and phone.errors == []


def test_play_live_price_steps_the_line_to_the_newest_price(main):
    main.click("[data-motion='live']")
    main.click("#play-motion")
    main.wait_for_function("() => window.frames.filter(f => f[0] === 'preview').length >= 4", timeout=10000)
    # It ends on the newest price, counted up from the one before it.
    main.wait_for_function("() => window.frames.filter(f => f[0] === 'preview').pop()[3] === '31000'", timeout=10000)
    frames = shown(main)
    prices = [float(f[3]) for f in frames[1:]]
    assert len({f[2] for f in frames}) >= 3 and len(set(prices)) >= 3   # the line and the price moved through frames
    assert min(prices) < 31000 and prices[-1] == 31000


def test_play_period_change_morphs_into_the_period_shown(main):
    main.click("[data-motion='period']")
    main.click("#play-motion")
    main.wait_for_function("() => { const f = window.frames.filter(f => f[0] === 'preview'); return f.length >= 4 && f[f.length - 1][2] === f[0][2]; }",
                           timeout=10000)
    assert len({f[2] for f in shown(main)}) >= 3


def test_the_scrubber_holds_the_chosen_motions_frame(main):
    main.click("[data-motion='reveal']")
    main.focus("#progress-scrub")
    main.keyboard.press("End")
    main.keyboard.press("Home")
    # Held at 0, the reveal is its placeholder; let go, the chart at rest again.
    main.wait_for_selector("#preview [id$=-placeholder]", timeout=10000)
    assert main.locator("#hold-frame").is_checked()
    main.click("#hold-frame")
    main.wait_for_selector("#preview [id$=-placeholder]", state="detached", timeout=10000)
    main.click("[data-motion='live']")
    main.click("#hold-frame")
    main.wait_for_function("() => document.querySelector('#preview svg').dataset.lastPrice !== window.frames[0][3]", timeout=10000)


def test_compare_plays_one_motion_on_every_candidate_at_once(main):
    main.click("#open-compare")
    main.wait_for_function("() => document.querySelectorAll('#compare-charts svg path[id$=-line]').length >= 2", timeout=15000)
    main.evaluate(RECORD)
    main.click("#compare-play [data-play-motion='reveal']")
    main.wait_for_function("""() => {
        const boxes = [...document.querySelectorAll('#compare-charts .preview')].map(b => b.getAttribute('aria-label'));
        return boxes.length >= 2 && boxes.every(b => window.frames.some(f => f[0] === b && f[1]));
    }""", timeout=10000)
    assert main.errors == []


def test_reduced_motion_plays_the_live_prices_crossfade(main):
    main.click("[data-motion='live']")
    main.click("#reduced-motion")   # previews the preset's reduced variant, and plays the chosen motion
    main.evaluate("""() => {
        window.crossfaded = false;
        new MutationObserver(() => { if (document.querySelector('#preview [id$=-line-from]')) window.crossfaded = true; })
            .observe(document.querySelector('#preview'), { childList: true, subtree: true, attributes: true });
    }""")
    main.click("#play-motion")
    main.wait_for_function("() => window.crossfaded", timeout=10000)
    main.wait_for_selector("#preview [id$=-line-from]", state="detached", timeout=10000)
    main.click("#reduced-motion")
