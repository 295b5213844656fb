"""The decision log page in Chromium over the server's real log (`GET /api/log`, newest
first): who and when for every entry, a filter by kind and preset, text shown as text, the
Markdown link, and axe finds nothing serious."""
from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import serious


def test_the_log_lists_who_did_what_and_when(browser, fresh_server):
    s = fresh_server
    s.request("PUT", "/api/presets/Default", json={"parameters": {"markerRadius": 4}, "message": "rounder"}, headers={"X-Workbench-User": "Ada"})
    s.request("POST", "/api/presets/PM's favourite/comments", json={"parameter": "lineColor", "text": "<img src=x onerror=alert(1)>"},
              headers={"X-Workbench-User": "Ada"})
    s.request("POST", "/api/presets/Default/reviews", json={"revision": "2", "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True}, headers={"X-Workbench-User": "Ben"})
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(s.url + "/log.html")
    page.wait_for_selector("body[data-ready=true]")
    rows = page.locator("#log-table tr").all_inner_texts()
    total = len(s.get("/api/log").json())
    assert len(rows) == total + 1
    # Each person's joining is an entry of its own (this page's newest of all).
    who, kind, preset = rows[1].split("\t")[1:4]
    assert who.startswith("Visitor ") and (kind, preset) == ("People", "–") and rows[1].endswith("joined as an editor"), rows[1]
    decisions = [row for row in rows[1:] if row.split("\t")[2] != "People"]
    assert decisions[0].split("\t")[1:4] == ["Ben", "Approval", "Default"]
    assert "<img src=x onerror=alert(1)>" in decisions[1] and page.locator("#log-table img").count() == 0
    assert page.locator("#log-markdown").get_attribute("href") == "api/log?format=markdown"
    page.locator("#log-filter").select_option("save")
    assert len(page.locator("#log-table tr").all_inner_texts()) == 2
    page.locator("#log-filter").select_option("")
    page.locator("#log-preset").fill("pm's")
    assert page.locator("#log-table tr").nth(1).inner_text().split("\t")[2] == "Comment"
    assert serious(page, "body") == []
    assert errors == []
    context.close()


def test_older_entries_stay_open_when_a_new_entry_arrives(browser, fresh_server):
    s = fresh_server
    for i in range(110):  # more than the newest page (100 entries)
        assert s.request("PUT", "/api/presets/Default", json={"parameters": {"markerRadius": 2 + i % 5 + (i // 5) / 100}},
                         headers={"X-Workbench-User": ["Ada", "Ben", "Cy", "Dee", "Eve"][i % 5]}).status_code in (200, 201)
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(s.url + "/log.html")
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_role("button", name="Older entries").click()
    page.wait_for_function("() => !document.body.textContent.includes('Older entries')")
    read = page.locator("#log-table tr").count() - 1
    assert read == len(s.get("/api/log?limit=1000").json())
    s.request("PUT", "/api/presets/PM's favourite", json={"parameters": {"markerRadius": 5}, "message": "live"}, headers={"X-Workbench-User": "Fay"})
    page.wait_for_function("() => document.querySelector('#log-table tr:nth-child(2)').textContent.includes('Fay')")
    # The older page is still there, under Fay's joining and her save.
    assert page.locator("#log-table tr").count() - 1 == read + 2 == len(s.get("/api/log?limit=1000").json())
    page.context.close()


def test_on_a_phone_each_entry_is_a_card(browser, fresh_server):
    """At 390 px the log's rows read as cards, each value under its column's name; nothing
    needs a sideways scroll."""
    s = fresh_server
    s.request("PUT", "/api/presets/Default", json={"parameters": {"markerRadius": 4}, "message": "rounder"}, headers={"X-Workbench-User": "Ada"})
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(s.url + "/log.html")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("#log-table td")
    wrap = page.evaluate("(() => { const w = document.querySelector('.log-table'); return [w.scrollWidth, w.clientWidth]; })()")
    assert wrap[0] <= wrap[1] + 1, wrap
    labels = page.evaluate("[...document.querySelector('#log-table tr:nth-child(2)').children].map(td => getComputedStyle(td, '::before').content)")
    assert labels == ['"When: "', '"Who: "', '"What: "', '"Preset: "', '"Details: "'], labels
    assert page.locator("#log-table th").first.is_hidden()
    # Each filter's label on the row of its field, both inside the page.
    for field in ("log-filter", "log-preset"):
        label, box = page.locator(f"label[for={field}]").bounding_box(), page.locator(f"#{field}").bounding_box()
        assert abs((label["y"] + label["height"] / 2) - (box["y"] + box["height"] / 2)) < box["height"] / 2, (field, label, box)
        assert box["x"] + box["width"] <= 390, (field, box)
    context.close()
