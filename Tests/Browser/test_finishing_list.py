"""The finishing list of issue 33 (item 6): dark mode from the system preference (still
switchable), /device on its side keeps the period buttons on screen, /device pinned to a preset
or a person, and the decision log's Markdown link without the token."""
import re

from named_pages import open_named_page
from workbench_server import Server, small_csv, wait_for


def test_dark_mode_follows_the_system_and_stays_switchable(browser, fresh_server):
    for scheme, theme in (("dark", "dark"), ("light", "light")):
        context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            page.goto(fresh_server.url + "/?preset=Default")
            page.wait_for_selector("body[data-ready=true]")
            assert page.locator("#phone").get_attribute("class").split() == ["phone", f"theme-{theme}"]
            assert page.locator(f"[data-theme={theme}]").get_attribute("aria-pressed") == "true"
            other = "light" if theme == "dark" else "dark"
            page.locator(f"[data-theme={other}]").click()
            page.wait_for_function("t => document.querySelector('#phone').classList.contains('theme-' + t)", arg=other)
            # The choice is the page's address too: a reload keeps it, whatever the system says.
            page.wait_for_function("t => location.search.includes('theme=' + t)", arg=other)
            page.reload()
            page.wait_for_selector("body[data-ready=true]")
            assert f"theme-{other}" in page.locator("#phone").get_attribute("class")
        finally:
            context.close()


def test_device_on_its_side_keeps_the_period_buttons_on_screen(browser, fresh_server, contexts):
    page = open_named_page(browser, contexts, fresh_server.url, "Phone on its side", "device", viewport={"width": 844, "height": 390}, touch=True)
    page.wait_for_function("() => document.querySelector('#headline-price')?.textContent.startsWith('$')")
    for button in page.locator(".periods button").all():
        box = button.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 390, box
    page.locator(".periods button", has_text="1W").tap()
    page.wait_for_function("() => document.querySelector('.periods [aria-pressed=true]').textContent === '1W'")


def shown_preset(page):
    return page.evaluate("document.body.dataset.preset")


def test_device_pinned_to_a_preset_or_a_person(browser, fresh_server, contexts):
    device = open_named_page(browser, contexts, fresh_server.url, "Pinned phone", "device?preset=" + "PM%27s%20favourite",
                             viewport={"width": 390, "height": 844}, touch=True)
    assert shown_preset(device) == "PM's favourite"
    ada = open_named_page(browser, contexts, fresh_server.url, "Ada", "?preset=Designer%27s%20favourite", connected=True)
    field = ada.locator("#param-markerRadius-number")
    field.click()
    field.fill("7")
    field.press("Tab")
    # Someone tunes another preset: the pinned phone stays where it was pinned.
    assert wait_for(lambda: fresh_server.get("/api/drafts/Designer's favourite").json()["parameters"]["markerRadius"] == 7)
    device.wait_for_timeout(300)   # a negative check: the draft event has had time to arrive
    assert shown_preset(device) == "PM's favourite"
    # The control on the phone: follow Ada, and the phone shows what she has open, then goes where she goes.
    device.wait_for_function("() => [...document.querySelectorAll('#device-pin option')].some(o => o.value === 'follow:Ada')")
    device.locator("#device-pin").select_option("follow:Ada")
    device.wait_for_function("() => document.body.dataset.preset === \"Designer's favourite\"")
    assert "follow=Ada" in device.url
    ada.locator("#preset-select").select_option("Default")
    device.wait_for_function("() => document.body.dataset.preset === 'Default'", timeout=5000)
    assert device.errors == [] and ada.errors == []


def test_the_logs_markdown_link_carries_no_token(browser):
    server = Server("--share", data_csv=small_csv())
    try:
        text = "".join(server.process.stdout.readline() for _ in range(4))
        editors = re.search(r"editors[^:]*:\s+(\S+)", text).group(1)
        token = re.search(r"token=([0-9a-f]+)", editors).group(1)
        local = re.sub(r"//[^/]+/", f"//127.0.0.1:{server.port}/", editors)
        context = browser.new_context(accept_downloads=True)
        page = context.new_page()
        page.goto(local)
        page.wait_for_selector("body[data-ready=true]")
        page.goto(f"http://127.0.0.1:{server.port}/log.html")
        page.wait_for_selector("body[data-ready=true]")
        href = page.locator("#log-markdown").get_attribute("href")
        assert token not in href and "token" not in href and "secret" not in href
        with page.expect_download() as download:
            page.locator("#log-markdown").click()
        body = open(download.value.path(), encoding="utf-8").read()
        assert download.value.suggested_filename == "decision-log.md" and "|" in body
        assert token not in body
        context.close()
    finally:
        server.close()


def test_the_market_row_fits_a_phone(browser, fresh_server, contexts):
    """At 390 px the market's label and choice share a line inside the screen and "Save a CSV as a
    scenario…" goes under them on one line of its own (it was squeezed into a column of three
    beside them, the label at the screen's edge); opened by a tap, each field sits beside its label."""
    page = open_named_page(browser, contexts, fresh_server.url, "Sam", "", viewport={"width": 390, "height": 844}, touch=True)
    label, choice = page.locator("label[for=scenario-select]"), page.locator("#scenario-select")
    summary = page.locator("#scenario-save > summary")
    summary.scroll_into_view_if_needed()
    boxes = [x.bounding_box() for x in (label, choice, summary)]
    for box in boxes:
        assert box and box["x"] >= 4 and box["x"] + box["width"] <= 386, boxes
    (lx, cx, sx) = boxes
    assert abs((lx["y"] + lx["height"] / 2) - (cx["y"] + cx["height"] / 2)) < 4, boxes   # label and choice on one line
    assert sx["y"] >= cx["y"] + cx["height"] - 1 and sx["height"] < 30, boxes              # the summary under them, one line
    summary.tap()
    for field in ("scenario-name", "scenario-file"):
        lb, fb = page.locator(f"label[for={field}]").bounding_box(), page.locator(f"#{field}").bounding_box()
        assert abs((lb["y"] + lb["height"] / 2) - (fb["y"] + fb["height"] / 2)) < 6 and lb["x"] < fb["x"], (field, lb, fb)
        assert fb["x"] + fb["width"] <= 390, (field, fb)
    assert page.errors == []
