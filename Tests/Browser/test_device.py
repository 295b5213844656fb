"""/device on a phone-sized touch screen, following the main page live, and the join links as
QR codes that decode back to the links (zbarimg)."""
import re
import shutil
import statistics
import subprocess

import pytest

from test_page import sync_api  # noqa: F401
from workbench_server import Server, small_csv

VIBRATE_PROBE = "navigator.vibrate = ms => { (window.vibrations = window.vibrations || []).push(ms); return true; };"


def open_main(browser, url, name="Alice"):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('workbench.user', '{name}')")
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("#preview svg")
    page.wait_for_function("() => document.body.dataset.session === 'connected'")
    return page


def open_device(browser, url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=3)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script(VIBRATE_PROBE)
    page.add_init_script("localStorage.setItem('workbench.user', 'Phone')")   # the phone is a person too, called Phone
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("#preview svg")
    page.wait_for_function("() => document.body.dataset.session === 'connected'")
    return page


def test_device_follows_a_parameter_change_from_the_main_page_within_200_ms(browser, fresh_server):
    main = open_main(browser, fresh_server.url + "/")
    device = open_device(browser, fresh_server.url + "/device")
    delays = []
    # Paint times seen from outside the page's code: each new chart's line width and when it arrived.
    device.evaluate("""() => {
        window.paintedWidths = [];
        new MutationObserver(() => {
            const line = document.querySelector('#preview .cw-line');
            if (line) window.paintedWidths.push({ at: performance.timeOrigin + performance.now(), width: Number(line.getAttribute('stroke-width')) });
        }).observe(document.querySelector('#preview'), { childList: true, subtree: true, attributes: true });
    }""")
    for width in (9, 5.5, 7, 2.5, 8):
        # The time of the edit on the main page and the time the device painted it, on one clock.
        sent = main.evaluate("""w => {
            const box = document.querySelector('#param-inactiveLineWidth-number');
            const at = performance.timeOrigin + performance.now();
            box.value = String(w);
            box.dispatchEvent(new Event('input', {bubbles: true}));
            box.dispatchEvent(new Event('change', {bubbles: true}));
            return at;
        }""", width)
        shown = device.wait_for_function("""w => window.paintedWidths.find(p => p.width === w)?.at""", arg=width).json_value()
        delays.append(shown - sent)
    print("device follow delays (ms):", [round(d) for d in delays])
    assert statistics.median(delays) <= 200, delays
    assert device.errors == []


def test_device_is_the_apps_top_screen_pressed_and_scrubbed_by_touch(browser, fresh_server, tmp_path):
    main = open_main(browser, fresh_server.url + "/")
    device = open_device(browser, fresh_server.url + "/device")
    # Found and measured in one step: the phone may draw its chart again as it joins the session,
    # replacing the element between a lookup and a separate measurement.
    svg = device.wait_for_function("""() => {
        const box = document.querySelector('#preview svg')?.getBoundingClientRect();
        return box && box.width ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
    }""").json_value()
    # The chart at the app's proportions for the width, not stretched over the screen.
    assert svg["width"] >= 385 and 240 <= svg["height"] <= 300, svg
    assert device.evaluate("[Number(document.querySelector('#preview svg').getAttribute('width')), Number(document.querySelector('#preview svg').getAttribute('height'))]") == [390, 273]
    header = device.locator(".phone-price").bounding_box()
    periods = device.locator(".periods").bounding_box()
    assert header["y"] + header["height"] <= svg["y"] + 1 and periods["y"] >= svg["y"] + svg["height"] - 1
    assert device.evaluate("getComputedStyle(document.querySelector('#preview')).touchAction") == "none"
    assert device.locator(".periods button").all_inner_texts() == ["1D", "1W", "1M", "1Y", "ALL"]
    device.wait_for_function("() => document.querySelector('#headline-price').textContent.startsWith('$')")
    rest_price = device.locator("#headline-price").inner_text()
    rest_change = device.locator("#headline-change").inner_text()
    assert re.search(r"\(\S*[0-9.]+%\)", rest_change), rest_change
    device.screenshot(path=str(tmp_path / "device-rest.png"))
    # With the in-plot price label turned off on the main page, the ticks still come.
    main.locator("#param-labelEnabled").uncheck()
    # The preset's haptics (off by default): a tick per point crossed, through the Vibration API.
    main.locator("#param-haptics").select_option("onPointCrossed")
    main.locator("#param-hapticsMinInterval-number").fill("0")
    main.locator("#param-hapticsMinInterval-number").dispatch_event("change")
    main.wait_for_timeout(500)
    # A real touch (through the browser's input pipeline): press, scrub across, release.
    cdp = device.context.new_cdp_session(device)
    y = svg["y"] + svg["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 40, "y": y}]})
    device.wait_for_function("() => Number(document.querySelector('#preview .cw-indicator')?.getAttribute('opacity')) > 0.5")
    main.wait_for_function("() => document.querySelector('#presence .person.pressing') !== null")
    # The header follows the finger: the selected price, its time and the change.
    device.wait_for_function("() => document.querySelector('.phone-price').dataset.state === 'selecting'")
    pressed_change = device.locator("#headline-change").inner_text()
    assert " · " in pressed_change and pressed_change != rest_change
    seen = set()
    for x in range(60, 360, 20):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + (x % 40) - 20}]})
        device.wait_for_timeout(30)
        seen.add(device.locator("#headline-price").inner_text())
    assert len(seen) >= 3, seen
    device.screenshot(path=str(tmp_path / "device-pressed.png"))
    device.wait_for_function("() => (window.vibrations || []).length >= 2")
    assert device.locator("#preview .cw-label text").count() == 0
    # No page scroll and no zoom while pressing.
    assert device.evaluate("[scrollX, scrollY, visualViewport.scale]") == [0, 0, 1]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    main.wait_for_function("() => document.querySelector('#presence .person.pressing') === null")
    device.wait_for_function("() => !(Number(document.querySelector('#preview .cw-indicator')?.getAttribute('opacity')) > 0)", timeout=5000)
    device.wait_for_function("() => document.querySelector('.phone-price').dataset.state === 'rest'")
    assert device.locator("#headline-price").inner_text() == rest_price
    assert all(ms > 0 and ms <= 20 for ms in device.evaluate("window.vibrations"))
    assert device.errors == []


def test_device_periods_and_dark_mode(browser, fresh_server):
    device = open_device(browser, fresh_server.url + "/device")
    device.wait_for_function("() => document.querySelector('#headline-price').textContent.startsWith('$')")
    year_change = device.locator("#headline-change").inner_text()
    line = device.locator("#preview .cw-line").get_attribute("d")
    device.locator(".periods button", has_text="1D").tap()
    device.wait_for_function("d => document.querySelector('#preview .cw-line').getAttribute('d') !== d", arg=line)
    assert device.locator(".periods button[aria-pressed=true]").inner_text() == "1D"
    device.wait_for_function("c => document.querySelector('#headline-change').textContent !== c", arg=year_change)
    assert device.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    device.locator("#theme-toggle").tap()
    assert device.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(15, 17, 21)"
    assert device.locator("#theme-toggle").get_attribute("aria-pressed") == "true"
    assert device.errors == []


def zbar(png_bytes, tmp_path):
    if not shutil.which("zbarimg"):
        pytest.skip("zbarimg is not installed")
    path = tmp_path / "qr.png"
    path.write_bytes(png_bytes)
    out = subprocess.run(["zbarimg", "--raw", "-q", str(path)], capture_output=True, text=True)
    return out.stdout.strip()


def test_open_on_phone_shows_a_qr_code_of_the_device_link(browser, fresh_server, tmp_path):
    main = open_main(browser, fresh_server.url + "/")
    main.locator("#open-phone").click()
    image = main.locator("#share-codes img[data-link=device]")
    image.wait_for()
    main.wait_for_function("() => document.querySelector('#share-codes img').complete")
    link = main.locator("#share-codes a").inner_text()
    assert link == fresh_server.url + "/device"
    assert zbar(image.screenshot(), tmp_path) == link


def test_share_mode_qr_codes_decode_to_the_join_links(browser, tmp_path):
    server = Server("--share", data_csv=small_csv())
    try:
        text = "".join(server.process.stdout.readline() for _ in range(6))
        # The printed links carry one personal invitation each; the page's codes are the join links alone.
        links = {kind: re.sub(r"&invite=\w+", "", re.search(kind + r"[^:]*:\s+(\S+)", text).group(1)) for kind in ("editors", "viewers", "phone")}
        local_editor = re.sub(r"//[^/]+/", f"//127.0.0.1:{server.port}/", links["editors"])
        main = open_main(browser, local_editor)
        assert main.url.startswith(f"http://127.0.0.1:{server.port}/") and "token" not in main.url   # the token left the address bar
        main.locator("#open-share").click()
        main.wait_for_function("() => [...document.querySelectorAll('#share-codes img')].every(i => i.complete && i.naturalWidth)")
        decoded = {img.get_attribute("data-link"): zbar(img.screenshot(), tmp_path) for img in main.locator("#share-codes img").all()}
        assert decoded == {"editor": links["editors"], "viewer": links["viewers"], "device": links["phone"]}
        # A viewer's page: no write controls, and no editor link to hand on.
        local_viewer = re.sub(r"//[^/]+/", f"//127.0.0.1:{server.port}/", links["viewers"])
        viewer = open_main(browser, local_viewer, name="Vic")
        assert viewer.locator("#role-badge").is_visible()
        assert viewer.locator("#preset-save").is_disabled() and viewer.locator("#csv-file").is_disabled()
        viewer.locator("#open-share").click()
        viewer.wait_for_selector("#share-codes img")
        assert viewer.locator("#share-codes img[data-link=editor]").count() == 0
        main.wait_for_function("() => [...document.querySelectorAll('#presence .person')].some(p => p.textContent.includes('Vic') && p.textContent.includes('viewer'))")
    finally:
        server.close()


def test_device_opens_on_the_sessions_edits_and_follows_an_editor_to_another_preset(browser, fresh_server):
    main = open_main(browser, fresh_server.url + "/")
    box = main.locator("#param-inactiveLineWidth-number")
    box.fill("9")
    box.dispatch_event("change")
    main.wait_for_timeout(300)
    device = open_device(browser, fresh_server.url + "/device")                      # opened after the edit
    device.wait_for_function("() => document.querySelector('#preview .cw-line').getAttribute('stroke-width') === '9'")
    main.select_option("#preset-select", "PM's favourite")                           # an editor opens another preset
    device.wait_for_function("() => document.querySelector('#preview .cw-line').getAttribute('stroke-width') === '5'")
    main.wait_for_function("() => [...document.querySelectorAll('#presence .person')].some(p => p.textContent.includes('Phone') && p.textContent.includes(\"PM's favourite\"))")
    assert device.errors == []
