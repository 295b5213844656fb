"""axe-core (through axe-playwright-python) over the page as people use it: no violation of
impact serious or critical on the main page (light and dark, 1440 and 390 px), Compare and the
Export dialog; everything reachable by keyboard with a visible focus ring."""
import pytest

from test_page import open_page  # noqa: F401  (fixtures)

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")


def serious(page, context=None):
    results = axe_module.Axe().run(page, context=context)
    found = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5]) for v in found]


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(width, height=900):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 600, is_mobile=width < 600)
        contexts.append(context)
        return context.new_page()
    yield make
    for c in contexts:
        c.close()


@pytest.mark.parametrize("width", [1440, 390])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_main_page_has_no_serious_violation(new_page, server, width, theme):
    page = new_page(width, 900 if width > 600 else 844)
    open_page(page, server, f"?theme={theme}")
    assert serious(page) == []


def test_compare_has_no_serious_violation(new_page, server):
    page = new_page(1440)
    open_page(page, server)
    page.locator("#open-compare").click()
    page.wait_for_selector("#compare-charts svg")
    page.wait_for_timeout(300)
    assert serious(page, "#compare-dialog") == []


def test_export_dialog_has_no_serious_violation(new_page, server):
    page = new_page(1440)
    open_page(page, server)
    page.locator("#open-export").click()
    page.wait_for_function("() => document.querySelector('#export-text').textContent.length > 0")
    assert serious(page, "#export-dialog") == []


def test_every_control_is_reachable_by_tab_with_a_visible_ring(new_page, server):
    page = new_page(1440)
    open_page(page, server)
    wanted = page.evaluate("""() => [...document.querySelectorAll('button, select, input, summary, [tabindex="0"], a[href]')]
        // Items of a closed menu are reached by opening it (Enter on its summary).
        .filter(el => !el.closest('dialog') && !el.closest('details:not([open]) > :not(summary)') && !el.disabled && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
        .map(el => el.id || el.textContent.trim().slice(0, 30) || el.outerHTML.slice(0, 60))""")
    reached = set()
    rings = {}
    page.locator("body").focus()
    for _ in range(len(wanted) * 2 + 20):
        page.keyboard.press("Tab")
        info = page.evaluate("""() => { const el = document.activeElement;
            const s = getComputedStyle(el.matches('input.visually-hidden') ? el.closest('label') : el);
            return [el.id || el.textContent.trim().slice(0, 30) || el.outerHTML.slice(0, 60), s.outlineStyle, s.outlineWidth, s.boxShadow]; }""")
        reached.add(info[0])
        rings[info[0]] = info[1:]
    missing = [w for w in wanted if w not in reached]
    assert missing == [], missing
    no_ring = [k for k, (style, width, shadow) in rings.items() if k != "" and k in wanted and (style == "none" or width == "0px") and shadow == "none"]
    assert no_ring == [], no_ring


# Watches every state the page passes through, not only the one axe happens to meet: a box named
# before its role arrives, or a badge named after its first data, is caught whenever it happens.
NAMED_WITHOUT_ROLE = """(() => {
  const seen = new Set();
  const check = () => {
    for (const e of document.querySelectorAll('div, span, p, b, i, em, strong, small, code')) {
      if ((e.hasAttribute('aria-label') || e.hasAttribute('aria-labelledby')) && !e.hasAttribute('role'))
        seen.add(e.id || e.className || e.outerHTML.slice(0, 80));
    }
  };
  window.__namedWithoutRole = seen;
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['aria-label', 'aria-labelledby', 'role'] });
  document.addEventListener('DOMContentLoaded', check);
})()"""


@pytest.mark.parametrize("path", ["/", "/device.html", "/log.html"])
def test_no_element_is_named_where_its_role_forbids_a_name(new_page, server, path):
    """axe reads only what is shown when it runs, so a box named without a role hides until it
    appears (Explore's C and D, shown by the Four choice before their charts arrive; the preset's
    status badge, named once its status is read). Hidden parts and passing states are read here."""
    page = new_page(1440)
    page.add_init_script(NAMED_WITHOUT_ROLE)
    page.goto(server.url + path)
    page.wait_for_load_state("networkidle")
    if path == "/":
        page.wait_for_selector("#preset-status:not([hidden])")
        page.locator("#open-compare").click()
        page.wait_for_selector("#compare-charts svg")
        page.wait_for_load_state("networkidle")
    assert page.evaluate("() => [...window.__namedWithoutRole]") == []
