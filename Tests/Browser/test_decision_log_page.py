"""The decision log page in Chromium, fed the answer `GET /api/log` defines (newest first):
who and when for every entry, a filter by kind and preset, text shown as text, the Markdown
link, and axe finds nothing serious."""
from test_page import browser, chromium, sync_api  # noqa: F401  (fixtures)
from decide_pages import serious

ENTRIES = [
    {"id": 3, "kind": "approval", "preset": "Default", "revision": 4, "author": "Ben", "time": "2026-11-23T10:02:00.000Z",
     "summary": "approved revision 4", "details": {}},
    {"id": 2, "kind": "comment", "preset": "PM's favourite", "revision": None, "author": "Ada", "time": "2026-11-23T10:01:00.000Z",
     "summary": "commented on lineColor: <img src=x onerror=alert(1)>", "details": {}},
    {"id": 1, "kind": "save", "preset": "Default", "revision": 4, "author": "Ada", "time": "2026-11-23T10:00:00.000Z",
     "summary": "saved revision 4", "details": {}},
]


def test_the_log_lists_who_did_what_and_when(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/api/log", lambda route: route.fulfill(json=ENTRIES))
    page.goto(server.url + "/log.html")
    page.wait_for_selector("body[data-ready=true]")
    rows = page.locator("#log-table tr").all_inner_texts()
    assert len(rows) == 4
    assert rows[1].split("\t")[1:4] == ["Ben", "approval", "Default"]
    assert "<img src=x onerror=alert(1)>" in rows[2] and page.locator("#log-table img").count() == 0
    assert page.locator("#log-markdown").get_attribute("href") == "api/log?format=markdown"
    page.locator("#log-filter").select_option("save")
    assert len(page.locator("#log-table tr").all_inner_texts()) == 2
    page.locator("#log-filter").select_option("")
    page.locator("#log-preset").fill("pm's")
    assert page.locator("#log-table tr").nth(1).inner_text().split("\t")[2] == "comment"
    assert page.locator("#log-status").text_content() == "1 of 3 entries"
    assert serious(page, "body") == []
    assert errors == []
    context.close()
