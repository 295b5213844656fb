"""Reduced motion and the chart's words on the page (issue 28 items 3 and 4): with the browser
asking for reduced motion a press plays the preset's reduced variant (a linear crossfade of the
rest and pressed pictures, no morphing line), and the chart carries the engine's words."""
from test_page import revert_drafts  # noqa: F401  (fixtures)

RECORD = """() => {
    window.painted = [];
    const preview = document.querySelector('#preview');
    new MutationObserver(() => {
        const svg = preview.querySelector('svg');
        if (!svg) return;
        const width = id => svg.querySelector('.cw-' + id)?.getAttribute('stroke-width') ?? null;
        window.painted.push({ progress: Number(svg.getAttribute('data-progress')), rest: Boolean(svg.querySelector('.cw-line-rest')),
                              line: width('line'), restWidth: width('line-rest') });
    }).observe(preview, { childList: true, subtree: true, attributes: true, characterData: true });
}"""


def test_reduced_motion_press_crossfades_and_the_chart_speaks(browser, server):
    revert_drafts(server)
    context = browser.new_context(viewport={"width": 1440, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # A bouncy spring over a second: under reduced motion it must not play.
        page.goto(server.url + "/?easing=perceptualSpring&springBounce=0.5&springDuration=1&reducedMotionDuration=0.6")
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_selector("#preview svg")
        assert page.locator("#reduced-motion").is_checked()
        # The chart is one image with the engine's words.
        page.wait_for_function("() => document.querySelector('#preview').getAttribute('aria-label')?.includes(': from $')")
        assert page.locator("#preview").get_attribute("role") == "img"
        label = page.locator("#preview").get_attribute("aria-label")
        assert label.startswith("Bitcoin price, 1 year: from $") and ", high $" in label and ", low $" in label, label
        page.evaluate(RECORD)
        box = page.locator("#preview").bounding_box()
        page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(900)
        frames = page.evaluate("window.painted")
        progress = [f["progress"] for f in frames]
        assert max(progress) == 1 and all(p <= 1 for p in progress), progress   # no overshoot
        between = [f for f in frames if 0 < f["progress"] < 1]
        assert between, frames
        # Every frame in between holds both pictures at their own widths: no morph.
        assert all(f["rest"] and f["restWidth"] == "4" and f["line"] == "2" for f in between), between
        # While pressed, a live region says the selected point.
        page.wait_for_function("() => /^\\$[0-9,.]+ on \\d+ \\w+ \\d{4}$/.test(document.querySelector('.chart-live')?.textContent ?? '')")
        page.mouse.up()
        page.wait_for_function("() => document.querySelector('#preview svg').getAttribute('data-progress') === '0'")
        assert errors == []
    finally:
        context.close()
