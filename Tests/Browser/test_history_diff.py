"""The History panel's diff in Chromium, fed the answers the history contract defines
(`GET …/revisions`, `GET …/revisions/{revision}`, `status` on the preset): the parameter table
and the engine's charts side by side, overlaid and strobing, at rest, pressed and
mid-transition, with the changed pixels counted and marked; axe finds nothing serious.
The answers are routed in the page so this test holds the page to the contract by itself;
the server's history is tested with the store."""
import json
from pathlib import Path

from test_page import browser, chromium, sync_api  # noqa: F401  (fixtures)
from decide_pages import people, serious  # noqa: F401  (fixtures)

SHOTS = Path(__file__).resolve().parent.parent.parent / ".build" / "screenshots"


def serve_history(page, server):
    """Two revisions of Default: the stored one (1) and one with another line colour (2)."""
    stored = server.get("/api/presets/Default").json()
    changed = json.loads(json.dumps(stored))
    changed["parameters"]["lineColor"] = "#1060E0"
    changed["parameters"]["activeLineWidth"] = 4
    files = {"1": {**stored, "revision": 1}, "2": {**changed, "revision": 2}}
    revisions = [
        {"revision": 2, "author": "Ada", "savedAt": "2026-11-23T10:00:00Z", "message": "bluer line", "deleted": False},
        {"revision": 1, "author": "Ben", "savedAt": "2026-11-22T09:00:00Z", "message": "", "deleted": False},
    ]
    status = {"state": "approved", "approvedRevision": 1, "approvers": ["Ben"], "approvedAt": "2026-11-22T11:00:00Z"}

    def answer(route):
        url = route.request.url.split("?")[0]
        if url.endswith("/revisions"):
            return route.fulfill(json=revisions)
        if "/revisions/" in url:
            return route.fulfill(json=files[url.rsplit("/", 1)[1]])
        if url.endswith("/reviews"):
            return route.fulfill(json=[{"revision": 1, "decision": "approve", "author": "Ben", "comment": "ship it", "time": "2026-11-22T11:00:00Z"}])
        if url.endswith("/api/presets/Default") and route.request.method == "GET":
            return route.fulfill(json={**stored, "status": status})
        return route.continue_()
    page.route("**/api/presets/Default*", answer)
    page.route("**/api/presets/Default/**", answer)


def test_diff_shows_the_table_and_the_charts_every_way(people, fresh_server):
    ada = people("Ada")
    serve_history(ada, fresh_server)
    ada.locator("#preset-select").select_option("PM's favourite")
    ada.locator("#preset-select").select_option("Default")
    ada.wait_for_function("() => document.querySelector('#preset-status').textContent === 'Approved · rev 1'")
    assert "approved by Ben" in ada.locator("#preset-status").get_attribute("title")

    ada.locator("#open-history").click()
    ada.wait_for_function("() => document.querySelectorAll('#revision-list li[data-revision]').length === 2")
    assert "Ada" in ada.locator("#revision-list li").first.text_content()
    ada.wait_for_function("() => document.querySelector('#review-list').textContent.includes('ship it')")
    ada.locator("#history-diff").click()
    ada.wait_for_selector("#revision-charts img")
    table = ada.locator("#history-table").inner_text()
    assert "Line colour" in table and "#1060E0" in table and "#F7931A" in table and "Active line width" in table
    assert "Inactive line width" not in table
    ada.wait_for_function("() => /pixels differ at rest/.test(document.querySelector('#diff-summary').textContent)")
    assert ada.locator("#revision-charts figure").count() == 2
    assert ada.locator("#revision-charts canvas.changed-pixels").count() == 1
    assert serious(ada, "#history-dialog") == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    ada.screenshot(path=str(SHOTS / "history-side.png"), full_page=True)

    for state, words in (("pressed", "pressed"), ("mid", "mid-transition")):
        ada.locator(f"[data-diff-state={state}]").click()
        ada.wait_for_function("w => document.querySelector('#diff-summary').textContent.includes(w)", arg=words)
        assert ada.locator(f"[data-diff-state={state}]").get_attribute("aria-pressed") == "true"

    ada.locator("[data-diff-mode=overlay]").click()
    ada.wait_for_selector("#revision-charts img.over")
    assert ada.locator("#revision-charts figure").count() == 1
    ada.screenshot(path=str(SHOTS / "history-overlay.png"), full_page=True)

    ada.locator("[data-diff-mode=strobe]").click()
    ada.wait_for_selector("#revision-charts figure[data-showing]")
    first = ada.locator("#revision-charts figure").get_attribute("data-showing")
    ada.wait_for_function("s => document.querySelector('#revision-charts figure').dataset.showing !== s", arg=first, timeout=3000)
    ada.locator("#diff-highlight").uncheck()
    ada.wait_for_function("() => document.querySelector('#revision-charts img') && !document.querySelector('#revision-charts canvas')")
    assert ada.errors == []


def test_the_same_revision_twice_is_identical(people, fresh_server):
    ada = people("Ada")
    serve_history(ada, fresh_server)
    ada.locator("#open-history").click()
    ada.wait_for_selector("#revision-list li[data-revision]")
    first = ada.locator("#revision-list li[data-revision]").first
    first.locator("input[name=diff-a]").check()
    first.locator("input[name=diff-b]").check()
    ada.locator("#history-diff").click()
    ada.wait_for_function("() => document.querySelector('#diff-summary').textContent.includes('identical')")
    assert "same parameters" in ada.locator("#history-table").inner_text()
    # View shows one revision with every parameter.
    ada.locator("#revision-list li").nth(1).get_by_role("button", name="View").click()
    ada.wait_for_function("() => document.querySelector('#history-view-title').textContent === 'Revision 1'")
    assert ada.locator("#history-table tr").count() > 30
