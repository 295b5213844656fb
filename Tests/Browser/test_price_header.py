"""The price header follows the finger, and the in-plot label never covers the line (issue 9)."""
import pytest

from test_page import open_page, page  # noqa: F401  (fixtures)

sync_api = pytest.importorskip("playwright.sync_api")


def money(v):
    return f"${v:,.2f}"


def frame_data(page):
    return page.evaluate("() => ({...document.querySelector('#preview svg').dataset})")


def press_at(page, fraction):
    box = page.locator("#preview").bounding_box()
    return box["x"] + box["width"] * fraction, box["y"] + box["height"] / 2


def wait_settled_at(page, fraction):
    """Until the drawn frame is fully active with its indicator at the finger."""
    page.wait_for_function(
        """f => { const svg = document.querySelector('#preview svg');
                  const line = svg && svg.querySelector('.cw-indicator');
                  return svg && svg.dataset.progress === '1' && line && svg.dataset.selectedPrice !== undefined; }""",
        arg=fraction, timeout=10000)


def test_header_shows_the_selection_while_pressing_and_the_current_price_at_rest(page, server):
    open_page(page, server, "?period=1M")
    page.wait_for_function("() => document.querySelector('#preview svg')?.dataset.lastPrice !== undefined")
    rest = frame_data(page)
    last, first = float(rest["lastPrice"]), float(rest["firstPrice"])
    assert page.locator("#headline-price").text_content() == money(last)
    change = page.locator("#headline-change")
    assert ("up" if last > first else "down") in change.get_attribute("class")
    assert f"{abs(last - first) / first * 100:.2f}%" in change.text_content()

    x, y = press_at(page, 0.3)
    page.mouse.move(x, y)
    page.mouse.down()
    wait_settled_at(page, 0.3)
    pressed = frame_data(page)
    selected = float(pressed["selectedPrice"])
    page.wait_for_function("p => document.getElementById('headline-price').textContent === p", arg=money(selected))
    assert pressed["selectedLabel"] in change.text_content()
    assert f"{abs(selected - first) / first * 100:.2f}%" in change.text_content()

    # Pressing at the right edge selects the current price.
    right, _ = press_at(page, 0.999)
    page.mouse.move(right, y)
    page.wait_for_function("p => document.getElementById('headline-price').textContent === p", arg=money(last))
    page.mouse.move(x, y)
    page.wait_for_function("p => document.getElementById('headline-price').textContent === p", arg=money(selected))

    page.mouse.up()
    page.wait_for_function("p => document.getElementById('headline-price').textContent === p", arg=money(last))
    assert page.errors == []


def test_label_never_intersects_the_line_or_the_indicator(page, server):
    open_page(page, server, "?period=1D")
    x, y = press_at(page, 0.05)
    page.mouse.move(x, y)
    page.mouse.down()
    for k in range(1, 20):
        fraction = k / 20
        x, _ = press_at(page, fraction)
        page.mouse.move(x, y)
        page.wait_for_function(
            """x => { const svg = document.querySelector('#preview svg');
                      const box = svg.getBoundingClientRect();
                      const ind = svg.querySelector('.cw-indicator');
                      return svg.dataset.progress === '1' && ind && svg.querySelector('.cw-label')
                          // the indicator stands on the drawn point nearest the finger: 1D has 12, about 36 px apart
                          && Math.abs(box.left + Number(ind.getAttribute('x1')) * box.width / svg.viewBox.baseVal.width - x) < 20; }""",
            arg=x, timeout=10000)
        hit = page.evaluate(
            """() => {
                const svg = document.querySelector('#preview svg');
                const label = svg.querySelector('.cw-label').getBBox();
                const line = svg.querySelector('path[id$=line-d]') || svg.querySelector('path.cw-line');
                const half = Number(svg.querySelector('.cw-line').getAttribute('stroke-width')) / 2;
                const length = line.getTotalLength();
                for (let s = 0; s <= length; s += 0.5) {
                    const p = line.getPointAtLength(s);
                    if (p.x + half > label.x && p.x - half < label.x + label.width &&
                        p.y + half > label.y && p.y - half < label.y + label.height) return {x: p.x, y: p.y, label};
                }
                const ix = Number(svg.querySelector('.cw-indicator').getAttribute('x1'));
                if (ix > label.x && ix < label.x + label.width) return {indicator: ix, label};
                return null;
            }""")
        assert hit is None, (fraction, hit)
    page.mouse.up()
