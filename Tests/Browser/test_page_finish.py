"""The page looks finished (issue 28, item 5): every chart follows the theme (Compare, History, the
blind round); a phone on its side shows the periods and scrolls; the top bar is one line at 1440;
a viewer sees write controls disabled with the reason and their edits labelled a private preview;
presence follows a delete. Screenshots in both themes at 390, 844 × 390 and 1440 are saved under
.build/screenshots/ for a person to look at."""
import re
from pathlib import Path

import pytest

from test_page import open_page  # noqa: F401  (fixtures)
from decide_pages import people  # noqa: F401  (fixtures)
from test_readability_page import violations
from workbench_server import Server, small_csv, wait_for

SHOTS = Path(__file__).resolve().parent.parent.parent / ".build" / "screenshots"
DARK = "rgb(15, 17, 21)"


@pytest.fixture
def sized(browser):
    contexts = []

    def make(width, height, touch=False):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page
    yield make
    for c in contexts:
        c.close()


@pytest.mark.parametrize("width,height", [(390, 844), (844, 390), (1440, 900)])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshots_in_both_themes(sized, server, width, height, theme):
    page = sized(width, height, touch=width < 900)
    open_page(page, server, "?preset=Default" + ("&theme=dark" if theme == "dark" else ""))
    page.wait_for_selector("#readability-lineColor")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"page-{width}x{height}-{theme}.png"))
    page.screenshot(path=str(SHOTS / f"page-{width}x{height}-{theme}-full.png"), full_page=True)
    assert page.errors == []


def test_charts_follow_the_dark_theme_in_compare_history_and_rounds(people, fresh_server):
    ada = people("Ada")
    ada.locator("[data-theme=dark]").click()
    ada.wait_for_function("() => document.querySelector('#phone').classList.contains('theme-dark')")
    background = "el => getComputedStyle(el).backgroundColor"
    ada.locator("#open-compare").click()
    ada.wait_for_selector("#compare-charts svg")
    assert set(ada.locator("#compare-charts figure").evaluate_all(f"els => els.map({background})")) == {DARK}
    assert violations(ada, "#compare-dialog") == []
    ada.screenshot(path=str(SHOTS / "compare-dark.png"))
    ada.keyboard.press("Escape")
    # History: the images drawn on dark, their text in the dark theme's colour, the diff against dark.
    ada.locator("#open-history").click()
    ada.locator("#history-diff").click()
    ada.wait_for_selector("#revision-charts img")
    assert set(ada.locator("#revision-charts .diff-stack").evaluate_all(f"els => els.map({background})")) == {DARK}
    ada.wait_for_function("() => document.querySelector('#diff-summary').textContent.includes('identical')")
    image = ada.locator("#revision-charts img").first.get_attribute("src")
    svg = ada.evaluate("url => fetch(url).then(r => r.text()).catch(() => '')", image)
    assert svg == "" or 'color="#F2F3F5"' in svg
    ada.screenshot(path=str(SHOTS / "history-dark.png"))
    ada.keyboard.press("Escape")
    ada.locator("#open-rounds").click()
    for name in ("Default", "PM's favourite"):
        ada.locator("#round-candidates label", has_text=name).locator("input").click()
    ada.locator("#round-start button[type=submit]").click()
    ada.wait_for_selector("#round-left svg")
    assert set(ada.locator("#round-pair figure").evaluate_all(f"els => els.map({background})")) == {DARK}
    ada.screenshot(path=str(SHOTS / "round-dark.png"))
    assert ada.errors == []


def test_both_themes_side_by_side(people, fresh_server):
    ada = people("Ada")
    ada.locator("#both-themes").click()
    ada.wait_for_selector("#preview-other svg")
    assert ada.locator("#phone-other").get_attribute("class").split() == ["phone", "phone-other", "theme-dark"]
    first, second = ada.locator("#phone").bounding_box(), ada.locator("#phone-other").bounding_box()
    assert second["x"] >= first["x"] + first["width"] and abs(second["y"] - first["y"]) < 40   # beside, not under
    ada.locator("[data-theme=dark]").click()
    ada.wait_for_function("() => document.querySelector('#phone-other').classList.contains('theme-light')")
    assert ada.locator("#phone-other-caption").inner_text() == "On light"
    ada.wait_for_timeout(300)   # the phones' background transition
    ada.screenshot(path=str(SHOTS / "both-themes.png"))


def test_a_phone_on_its_side_shows_the_periods_and_scrolls(sized, server):
    page = sized(844, 390, touch=True)
    open_page(page, server, "?preset=Default")
    assert page.evaluate("document.documentElement.scrollHeight") > 390
    page.mouse.move(20, 200)   # beside the chart: a wheel there scrolls the page
    for _ in range(20):
        if page.locator("[data-period='1W']").evaluate("b => b.getBoundingClientRect().bottom <= innerHeight"):
            break
        page.mouse.wheel(0, 120)
        page.wait_for_timeout(50)
    assert page.evaluate("scrollY") > 0
    for period in ("1D", "1W", "1M", "1Y", "ALL"):
        box = page.locator(f"#phone [data-period='{period}']").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 390, (period, box)
    page.locator("#phone [data-period='1W']").tap()
    page.wait_for_function("() => document.querySelector(\"#phone [data-period='1W']\").getAttribute('aria-pressed') === 'true'")
    page.screenshot(path=str(SHOTS / "landscape-periods.png"))


def test_a_phone_upright_shows_the_chart_and_its_periods_on_first_load(sized, server):
    """At 390 × 844 the chart comes right under the top bar, before the view's settings (device,
    theme, market), so the line and its periods are in view without scrolling."""
    page = sized(390, 844, touch=True)
    open_page(page, server, "?preset=Default")
    assert page.evaluate("scrollY") == 0
    chart = page.locator("#preview").bounding_box()
    periods = page.locator("#phone .periods").bounding_box()
    settings = page.locator(".stage-toolbar").bounding_box()
    assert chart["y"] >= 0 and periods["y"] + periods["height"] <= 844, (chart, periods)
    assert settings["y"] >= periods["y"] + periods["height"], settings
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def assert_top_bar_on_one_line_once_modified(page, shot):
    """Modifies the preset (an arrow key on a slider: the bar's "modified" mark), then every item
    of the top bar's first line has the same middle, within 4 px; the bar saved as `shot`."""
    page.locator("#param-markerRadius").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#modified-marker:not([hidden])")
    rows = page.evaluate("""() => [...document.querySelectorAll('.topbar > :not(.session-bar), .preset-bar > *, .identity > *')]
        .filter(el => el.getClientRects().length && getComputedStyle(el).position !== 'absolute')
        .map(el => { const r = el.getBoundingClientRect(); return [el.id || el.className || el.tagName, Math.round(r.top + r.height / 2)]; })""")
    page.screenshot(path=str(SHOTS / shot), clip={"x": 0, "y": 0, "width": page.viewport_size["width"], "height": 120})
    middles = {m for _, m in rows}
    assert max(middles) - min(middles) <= 4, rows


@pytest.mark.parametrize("width", [1280, 1440])
def test_the_top_bar_is_one_line_at_1280_and_1440(sized, server, width):
    page = sized(width, 900)
    open_page(page, server, "?preset=Default")
    assert_top_bar_on_one_line_once_modified(page, f"topbar-{width}.png")


def test_the_owners_top_bar_is_one_line_at_1440_with_an_approval_and_its_notice(sized, server):
    """The longest bar a team meets: the owner's (People…), on a preset approved by someone else
    (its status and the "1 approval" notice), modified since."""
    put = server.request("PUT", "/api/presets/Team%20pick", json={"parameters": {"markerRadius": 2}}, headers={"X-Workbench-User": "owner"})
    assert put.status_code == 201, put.text
    page = sized(1440, 900)
    page.add_init_script("localStorage.setItem('workbench.user', 'owner')")
    open_page(page, server, "?preset=Team%20pick")
    page.wait_for_selector("#open-people:not([hidden])")
    approved = server.request("POST", "/api/presets/Team%20pick/reviews", headers={"X-Workbench-User": "Ben"},
                              json={"revision": "1", "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True})
    assert approved.status_code in (200, 201), approved.text
    page.wait_for_selector("#notice-badge:not([hidden])")
    page.wait_for_function("() => document.querySelector('#preset-status').textContent.startsWith('Approved')")
    assert_top_bar_on_one_line_once_modified(page, "topbar-1440-owner-approved.png")


def test_a_viewer_sees_write_controls_disabled_and_a_private_preview(browser):
    server = Server("--share", data_csv=small_csv())
    try:
        text = "".join(server.process.stdout.readline() for _ in range(4))
        viewer_link = re.search(r"viewers[^:]*:\s+(\S+)", text).group(1)
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        page = context.new_page()
        page.goto(re.sub(r"//[^/]+/", f"//127.0.0.1:{server.port}/", viewer_link))
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_selector("#preview svg")
        page.wait_for_function("() => document.body.dataset.role === 'viewer'")
        page.locator("#preset-select").select_option("Default")
        page.wait_for_function("() => document.querySelector('#preset-select').value === 'Default'")
        assert page.locator("#viewer-note").is_visible() and "You are a viewer here" in page.locator("#viewer-note").inner_text()
        for selector in ("#preset-delete", "#preset-rename", "#preset-save"):
            control = page.locator(selector)
            assert control.is_disabled(), selector
            assert control.get_attribute("aria-describedby") == "viewer-note" and "viewer" in control.get_attribute("title")
        page.locator("#open-history").click()
        page.wait_for_selector("#review-list li")
        assert page.locator("#review-approve").is_disabled() and page.locator("#review-changes").is_disabled()
        assert page.locator("#history-dialog .viewer-only").is_visible()
        assert violations(page, "#history-dialog .review") == []
        page.keyboard.press("Escape")
        page.locator(".control[data-key=lineColor] .comment-badge").click()
        page.wait_for_selector("#comments-dialog[open]")
        assert page.locator("#comment-form button[type=submit]").is_disabled() and page.locator("#comment-text").is_disabled()
        page.keyboard.press("Escape")
        # A slider moved by the keyboard: the chart follows, the change is labelled a private preview.
        assert page.locator("#private-preview").is_hidden()
        page.locator("#param-markerRadius").focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#private-preview:not([hidden])")
        assert page.locator("#modified-marker").inner_text() == "private preview"
        assert violations(page, ".topbar") == [] and violations(page, ".controls") == []
        page.screenshot(path=str(SHOTS / "viewer-1440.png"))
        context.close()
    finally:
        server.close()


def test_presence_follows_a_delete_and_a_rename(people, fresh_server):
    ada = people("Ada")
    ada.wait_for_function("() => document.body.dataset.session === 'connected'")
    ada.locator("#preset-select").select_option("PM's favourite")

    def ada_on(preset):
        return wait_for(lambda: any(p["user"] == "Ada" and p["preset"] == preset for p in fresh_server.get("/api/session").json()["people"]))

    assert ada_on("PM's favourite")
    ada.locator("summary:has-text('More')").click()
    ada.locator("#preset-rename").click()
    ada.locator("#preset-name").fill("PM's pick")
    ada.locator("#preset-confirm").click()
    assert ada_on("PM's pick")
    ada.locator("summary:has-text('More')").click()
    ada.locator("#preset-delete").click()
    ada.locator("#confirm-dialog button[value=ok]").click()
    assert ada_on(None)
    ada.wait_for_function("() => document.querySelector('#presence .person.me .person-preset').textContent === 'unsaved parameters'")
