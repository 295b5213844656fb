"""Choosing another period plays the engine's period change: the line passes through frames
between the two periods' pictures, and ends exactly on the new period's rest picture."""
from test_page import open_page, page  # noqa: F401  (fixtures)

RECORD_LINES = """() => {
    const preview = document.querySelector('#preview');
    window.lines = [preview.querySelector('path.cw-line').getAttribute('d')];
    new MutationObserver(() => {
        const d = preview.querySelector('path.cw-line')?.getAttribute('d');
        if (d && d !== window.lines[window.lines.length - 1]) window.lines.push(d);
    }).observe(preview, { childList: true, subtree: true, attributes: true });
}"""


def line(page):
    return page.locator("#preview path.cw-line").get_attribute("d")


def test_a_period_button_morphs_the_line(page, server):
    open_page(page, server, "?period=1D&periodDuration=1")
    page.wait_for_selector("#preview path.cw-line")
    before = line(page)
    page.evaluate(RECORD_LINES)
    page.locator("[data-period='1W']").click()
    page.wait_for_function("() => window.lines.length >= 5", timeout=15000)
    # Settled: the new period's rest picture, the same as drawing 1W straight away.
    other = page.context.new_page()
    open_page(other, server, "?period=1W&periodDuration=1")
    other.wait_for_selector("#preview path.cw-line")
    week = line(other)
    other.close()
    page.wait_for_function("expected => document.querySelector('#preview path.cw-line').getAttribute('d') === expected",
                           arg=week, timeout=15000)
    lines = page.evaluate("window.lines")
    assert lines[0] == before and lines[-1] == week
    assert len(set(lines) - {before, week}) >= 3, len(lines)   # frames between the two pictures
    assert page.errors == []


def test_period_change_none_switches_at_once(page, server):
    open_page(page, server, "?period=1D&periodMorphStyle=none")
    page.wait_for_selector("#preview path.cw-line")
    page.evaluate(RECORD_LINES)
    page.locator("[data-period='1M']").click()
    page.wait_for_function("() => window.lines.length >= 2", timeout=15000)
    other = page.context.new_page()
    open_page(other, server, "?period=1M&periodMorphStyle=none")
    other.wait_for_selector("#preview path.cw-line")
    month = line(other)
    other.close()
    # The first line drawn after the click is already the new period's: no frames between.
    assert page.evaluate("window.lines")[1] == month
