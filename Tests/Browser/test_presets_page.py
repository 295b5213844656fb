"""Presets from the page: save, reload, compare, export, and two pages sharing one session."""
from urllib.parse import quote, unquote, urlsplit

from test_page import open_page, page, sync_api  # noqa: F401  (fixtures below reuse them)
from workbench_server import wait_for


def test_save_a_preset_and_find_it_after_reload(page, server):
    open_page(page, server)
    page.locator("#param-inactiveLineWidth").fill("6.5")
    page.locator("#param-inactiveLineWidth").dispatch_event("change")
    assert page.locator("#modified-marker").is_visible()
    # Cancel closes the dialog and saves nothing.
    page.locator("#preset-save-as").click()
    page.locator("#preset-name").fill("Not saved")
    page.locator("#preset-dialog").get_by_role("button", name="Cancel").click()
    page.wait_for_selector("#preset-dialog:not([open])", state="attached")
    assert "Not saved" not in page.locator("#preset-select").inner_text()
    page.locator("#preset-save-as").click()
    name = 'Designer "v2" </script> 🚀'
    page.locator("#preset-name").fill(name)
    page.locator("#preset-name").press("Enter")   # Enter in the name saves (it cancelled: Cancel came first)
    page.wait_for_function("n => document.querySelector('#preset-select').value === n", arg=name)
    assert not page.locator("#modified-marker").is_visible()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#preset-select").input_value() == name
    assert page.locator("#param-inactiveLineWidth-number").input_value() == "6.5"
    option_text = page.locator("#preset-select option:checked").inner_text()
    # The author is the person who saved (issue 34), whatever a page could send.
    author = server.get("/api/presets/" + quote(name, safe="")).json()["author"]
    assert author and "</script>" in option_text and author in option_text
    assert page.locator("#preset-info-name").inner_text() == name  # shown as text, never as markup
    assert "by " + author in page.locator("#preset-info-meta").inner_text()
    # Revert after a change, then delete with confirmation.
    page.locator("#param-markerRadius").fill("1")
    assert page.locator("#modified-marker").is_visible()
    page.locator("summary:has-text('More')").click()
    page.locator("#preset-revert").click()
    assert page.locator("#param-markerRadius-number").input_value() == "4.0"
    page.locator("summary:has-text('More')").click()
    page.locator("#preset-delete").click()
    page.locator("#confirm-dialog button[value=ok]").click()
    page.wait_for_function("n => ![...document.querySelectorAll('#preset-select option')].some(o => o.value === n)", arg=name)
    assert page.errors == []


def test_compare_and_export(page, server):
    open_page(page, server)
    page.locator("#open-compare").click()
    page.wait_for_selector("#compare-charts figure .preview svg")
    assert page.locator("#compare-charts figure").count() == 3
    assert page.locator("#compare-table tr").count() > 5
    first = page.locator("#compare-charts .preview").first
    box = first.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.4, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function("() => document.querySelectorAll('#compare-charts .cw-indicator').length === 3")
    page.mouse.up()
    page.keyboard.press("Escape")
    page.select_option("#preset-select", "PM's favourite")
    # PM's favourite is told apart by its butt line cap (its curve is monotone since issue 39, like Default's).
    page.wait_for_function("() => document.querySelector('#param-lineCap').value === 'butt'")
    page.locator("#open-export").click()
    page.select_option("#export-format", "kotlin")
    page.wait_for_function("() => document.querySelector('#export-text').textContent.includes('data class ChartStyle')")
    assert page.locator("#export-download").get_attribute("download").endswith(".kt")
    assert "Android" in page.locator("#export-note").inner_text()
    assert page.errors == []


def test_export_takes_unsaved_parameters_and_offers_bundles(page, server):
    """What is on screen is exported, saved or not, and the bundles download as a .zip."""
    import io
    import json
    import zipfile
    open_page(page, server)
    page.select_option("#preset-select", "PM's favourite")
    # PM's favourite is told apart by its butt line cap (its curve is monotone since issue 39, like Default's).
    page.wait_for_function("() => document.querySelector('#param-lineCap').value === 'butt'")
    page.locator("#param-markerRadius").fill("6.5")
    page.locator("#param-markerRadius").dispatch_event("change")
    page.locator("#open-export").click()
    page.select_option("#export-format", "json")
    page.wait_for_function("() => document.querySelector('#export-text').textContent.startsWith('{')")
    exported = json.loads(page.locator("#export-text").text_content())
    assert exported["name"] == "PM's favourite" and exported["parameters"]["markerRadius"] == 6.5
    assert "unsaved" in page.locator("#export-note").inner_text()
    page.select_option("#export-format", "android")
    page.wait_for_function("() => document.querySelector('#export-text').textContent.includes('.zip')")
    assert "Give the Android bundle (.zip) to the Android engineer" in page.locator("#export-note").inner_text()
    with page.expect_download() as download:
        page.locator("#export-download").click()
    path = download.value.path()
    archive = zipfile.ZipFile(io.BytesIO(open(path, "rb").read()))
    assert archive.testzip() is None
    names = archive.namelist()
    assert any(n.endswith("ChartPresets.kt") for n in names) and any(n.endswith("vectors.json") for n in names)
    preset = json.loads(archive.read(next(n for n in names if n.endswith("vectors.json"))))["preset"]
    assert preset["parameters"]["markerRadius"] == 6.5
    # The README says who it is for and names this preset's own files; motion.json states a Bézier as one.
    readme = archive.read(next(n for n in names if n.endswith("/README.md"))).decode()
    assert "Give this folder to the Android engineer" in readme and "ChartMotion.kt" in readme
    motion = json.loads(archive.read(next(n for n in names if n.endswith("/motion.json"))))
    assert motion["kind"] == "cubicBezier" and "spring" not in motion
    page.select_option("#export-format", "ios")
    assert "Give the iOS bundle (.zip) to the iOS engineer" in page.locator("#export-note").inner_text()
    assert page.errors == []


def test_two_pages_see_each_others_changes(browser, server):
    one, two = browser.new_page(), browser.new_page()
    one.add_init_script("localStorage.setItem('workbench.user', 'Mika')")   # the first page is Mika
    for p in (one, two):
        open_page(p, server)
    two.wait_for_function("() => document.body.dataset.session === 'connected'")
    one.locator("#param-markerRadius").fill("6.5")
    # Latency is measured in `make bench`; here the change must arrive, attributed, and be applied.
    two.wait_for_function("() => document.querySelector('#param-markerRadius-number').value === '6.5'")
    two.wait_for_function("() => document.querySelector('#session-messages').textContent.includes('Mika changed')")
    # No echo: the first page did not receive its own change back as someone else's.
    assert one.locator("#session-messages li", has_text="Mika changed").count() == 0
    one.close()
    two.close()


def test_the_last_preset_picked_by_arrow_keys_is_the_one_opened(page, fresh_server):
    """Arrow keys on the preset menu open each preset they pass: when an earlier one answers
    last, the page still ends on the one picked last."""
    open_page(page, fresh_server)
    menu = page.locator("#preset-select")
    names = menu.evaluate("s => [...s.options].map(o => o.value)")
    at = names.index(menu.input_value())
    passed, picked = names[at + 1], names[at + 2]
    held = []
    page.route(lambda url: unquote(urlsplit(url).path) == f"/api/drafts/{passed}", lambda route: held.append(route))
    menu.focus()
    page.keyboard.press("ArrowDown")
    assert wait_for(lambda: held, page=page)
    page.keyboard.press("ArrowDown")
    page.wait_for_function("name => new URL(location.href).searchParams.get('preset') === name", arg=picked)
    held[0].continue_()
    page.wait_for_timeout(500)
    assert menu.input_value() == picked
    assert page.evaluate("new URL(location.href).searchParams.get('preset')") == picked


def test_typing_in_save_as_and_rename_replaces_the_name_offered(page, server):
    """The dialog offers "Default copy" (or the preset's name) selected: keys typed at once replace it."""
    open_page(page, server)
    page.locator("#preset-save-as").click()
    assert page.locator("#preset-name").input_value() == "Default copy"
    page.keyboard.type("Dana step")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#preset-select').value === 'Dana step'")
    page.locator("summary:has-text('More')").click()
    page.locator("#preset-rename").click()
    page.keyboard.type("Dana's step")
    page.keyboard.press("Enter")
    page.wait_for_function("""() => document.querySelector('#preset-select').value === "Dana's step" """)
    names = [p["name"] for p in server.get("/api/presets").json()["presets"]]
    assert "Dana's step" in names and not any("copyDana" in n or "stepDana" in n for n in names), names
