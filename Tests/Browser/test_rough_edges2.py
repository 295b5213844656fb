"""The rough edges of a first afternoon (issue 20), each replayed in Chromium as a person meets it."""
import json
import re

from test_page import open_page, page  # noqa: F401  (fixtures)
from workbench_server import Server, small_csv


def toasts(page):
    return page.locator("#toasts").inner_text()


def load_preset(page, name):
    page.select_option("#preset-select", name)
    page.wait_for_function("n => document.querySelector('#preset-select').value === n", arg=name)


def test_renaming_onto_an_existing_name_reads_in_plain_words(page, server):
    open_page(page, server)
    load_preset(page, "Default")
    page.locator("summary:has-text('More')").click()
    page.locator("#preset-rename").click()
    page.locator("#preset-name").fill("PM's favourite")
    page.locator("#preset-confirm").click()
    page.wait_for_function("() => document.querySelector('#preset-error').textContent.length > 0")
    error = page.locator("#preset-error").inner_text()
    assert "newName" not in error and ":" not in error.split("“")[0], error
    assert error.startswith("A preset named") and "already exists" in error, error


def test_a_binary_file_is_refused_without_dumping_its_bytes(page, server):
    open_page(page, server)
    page.set_input_files("#csv-file", files=[{"name": "prices.xlsx", "mimeType": "application/octet-stream",
                                               "buffer": b"PK\x03\x04\x0b\x0c\x00\x01\x02binary\xff\xfe\n\x05\x06"}])
    page.wait_for_function("() => document.querySelector('#data-status').classList.contains('error')")
    text = page.locator("#data-status").inner_text()
    assert "\\u{" not in text and "  " not in text and " ." not in text, text
    assert "prices.xlsx was not loaded" in text and "not a CSV text file" in text, text


def test_out_of_range_numbers_are_limited_out_loud(page, server):
    open_page(page, server)
    box = page.locator("#param-markerRadius-number")
    box.fill("50")
    box.dispatch_event("change")
    assert box.input_value() == "8.0"
    page.wait_for_function("() => document.querySelector('#toasts').textContent.includes('Marker radius limited to 8')")
    # A custom width past the largest: limited, said, and kept (not silently reverted).
    page.select_option("#device-select", "custom")
    width = page.locator("#custom-width")
    width.fill("5000")
    width.dispatch_event("change")
    page.wait_for_function("() => document.querySelector('#toasts').textContent.includes('Width limited to 4000 px')")
    assert width.input_value() == "4000"
    page.wait_for_function("() => location.search.includes('width=4000')")


def test_zoom_fits_the_window_instead_of_scrolling(page, server):
    open_page(page, server)
    page.locator("[data-zoom='3']").click()
    page.wait_for_function("() => document.querySelector('#phone-frame').dataset.shownZoom !== undefined")
    frame = page.evaluate("""() => { const f = document.querySelector('#phone-frame'), s = getComputedStyle(f);
        return { sw: f.scrollWidth, cw: f.clientWidth, sh: f.scrollHeight, ch: f.clientHeight, overflow: s.overflow,
                 zoom: Number(f.dataset.shownZoom), dock: f.parentElement.clientWidth, phone: document.querySelector('#phone').getBoundingClientRect().width }; }""")
    assert frame["overflow"] == "visible" and frame["sw"] <= frame["cw"] + 1 and frame["sh"] <= frame["ch"] + 1, frame
    assert frame["phone"] <= frame["dock"] + 1 and frame["zoom"] > 1, frame
    if frame["zoom"] < 3:
        assert "3× is shown at" in page.locator("#zoom-note").inner_text()


def test_save_as_starts_with_empty_notes(page, server):
    open_page(page, server)
    load_preset(page, "Default")
    page.locator("#preset-save-as").click()
    assert page.locator("#preset-notes").input_value() == ""
    page.keyboard.press("Escape")
    page.locator("summary:has-text('More')").click()
    page.locator("#preset-duplicate").click()  # a duplicate is a copy: it keeps them
    assert page.locator("#preset-notes").input_value().startswith("The engine defaults")


def test_compare_shows_the_labels_people_read(page, server):
    open_page(page, server)
    page.locator("#open-compare").click()
    page.wait_for_selector("#compare-charts figure .preview svg")
    # The table fills in once every preset's parameters have arrived.
    page.wait_for_function("() => [...document.querySelectorAll('#compare-table td')].some(td => td.innerText.startsWith('Spring'))")
    cells = page.locator("#compare-table td").all_inner_texts()
    # Earlier tests of this file may have re-saved a preset's easing: the labels, not which ones.
    assert any(c.startswith("Spring") for c in cells) and ("Ease out" in cells or "Ease in-out" in cells), cells
    for internal in ("spring", "easeOut", "easeInOut", "movingAverage", "catmullRom"):
        assert internal not in cells, internal


def test_replaying_the_animation_is_not_pressing(browser, server):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    bodies = []
    page.on("request", lambda r: bodies.append(r.post_data) if r.url.endswith("/api/session/presence") and r.post_data else None)
    open_page(page, server)
    page.locator("#play-transition").click()
    page.wait_for_timeout(2500)
    assert not any(json.loads(b).get("pressing") for b in bodies), bodies
    # A real press still tells the others.
    box = page.locator("#preview").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function("() => true")
    page.wait_for_timeout(300)
    page.mouse.up()
    page.wait_for_timeout(300)
    assert any(json.loads(b).get("pressing") is True for b in bodies), bodies
    context.close()


def test_a_link_naming_only_a_preset_shows_its_values(page, server):
    preset = server.get("/api/presets/PM's%20favourite").json()
    open_page(page, server, "?preset=PM%27s%20favourite")
    assert page.locator("#preset-select").input_value() == "PM's favourite"
    # PM's favourite draws at rest as a monotone curve without smoothing since issue 39 (honesty).
    assert page.locator("#param-inactiveCurve").input_value() == preset["parameters"]["inactiveCurve"] == "monotone"
    assert page.locator("#param-smoothing").input_value() == "none"
    assert not page.locator("#modified-marker").is_visible()


def test_export_updated_is_the_presets_save_time(page, server):
    saved = server.get("/api/presets/Default").json()["updatedAt"]
    open_page(page, server)
    load_preset(page, "Default")
    page.locator("#open-export").click()
    page.select_option("#export-format", "swift")
    page.wait_for_function("() => document.querySelector('#export-text').textContent.includes('Updated:')")
    text = page.locator("#export-text").text_content()
    assert f"// Updated: {saved}" in text, re.findall(r"// Updated: .*", text)


def test_copy_link_under_share_carries_the_way_in(browser):
    server = Server("--share", data_csv=small_csv())
    try:
        text = "".join(server.process.stdout.readline() for _ in range(6))
        # The printed link carries one personal invitation; the way in a copied link carries is the join link alone.
        editors = re.sub(r"&invite=\w+", "", re.search(r"editors[^:]*:\s+(\S+)", text).group(1))
        local = re.sub(r"//[^/]+/", f"//127.0.0.1:{server.port}/", editors)
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=f"http://127.0.0.1:{server.port}")
        page = context.new_page()
        prompts = []
        page.on("dialog", lambda d: (prompts.append(d.message), d.dismiss()))
        page.goto(local)
        page.wait_for_selector("body[data-ready=true]")
        page.locator("#param-markerRadius-number").fill("6")
        page.locator("#param-markerRadius-number").dispatch_event("change")
        page.locator("#copy-link").click()
        page.wait_for_function("() => document.querySelector('#toasts').textContent.includes('Link copied')")
        link = page.evaluate("navigator.clipboard.readText()")
        assert prompts == []
        base, token = editors.split("?token=")
        assert link.startswith(base + "?") and f"token={token}" in link and "markerRadius=6" in link, link
        assert "an editor" in toasts(page)
        context.close()
    finally:
        server.close()
