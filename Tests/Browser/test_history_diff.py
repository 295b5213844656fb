"""The History panel's diff in Chromium against the server's real history: revision 2 of
Default saved by Ada (another line colour and active width) over revision 1, approved by Ben.
The parameter table and the engine's charts side by side, overlaid and strobing, at rest,
pressed and mid-transition, with the changed pixels counted and marked; axe finds nothing
serious."""
from pathlib import Path

from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people, serious  # noqa: F401  (fixtures)

SHOTS = Path(__file__).resolve().parent.parent.parent / ".build" / "screenshots"


def serve_history(page, server):
    """Saves revision 2 of Default (bluer line, wider active line) as Ada; Ben approves it."""
    stored = server.get("/api/presets/Default").json()
    parameters = {**stored["parameters"], "lineColor": "#1060E0", "activeLineWidth": 4}
    saved = server.request("PUT", "/api/presets/Default", json={"parameters": parameters, "notes": stored["notes"], "message": "bluer line"},
                           headers={"If-Match": stored["revision"], "X-Workbench-User": "Ada"})
    assert saved.status_code == 200, saved.text
    approved = server.request("POST", "/api/presets/Default/reviews", json={"revision": saved.json()["revision"], "decision": "approve", "comment": "ship it", "acknowledgeReadability": True, "acknowledgeHonesty": True},
                              headers={"X-Workbench-User": "Ben"})
    assert approved.status_code == 201, approved.text


def test_diff_shows_the_table_and_the_charts_every_way(people, fresh_server):
    ada = people("Ada")
    serve_history(ada, fresh_server)
    # Away and back, each waited for: Default may show its approval already (from the events),
    # and a wait that passes before the page has even opened PM's favourite would read its status.
    opened = "name => new URL(location.href).searchParams.get('preset') === name"
    ada.locator("#preset-select").select_option("PM's favourite")
    ada.wait_for_function(opened, arg="PM's favourite")
    ada.locator("#preset-select").select_option("Default")
    ada.wait_for_function(opened, arg="Default")
    ada.wait_for_function("() => document.querySelector('#preset-status').textContent === 'Approved · rev 2'")
    assert "approved by Ben" in ada.locator("#preset-status").get_attribute("title")

    ada.locator("#open-history").click()
    ada.wait_for_function("() => document.querySelectorAll('#revision-list li[data-revision]').length === 2")
    newest = ada.locator("#revision-list li").first.text_content()
    assert "Ada" in newest and "bluer line" in newest
    ada.wait_for_function("() => document.querySelector('#review-list').textContent.includes('ship it')")
    ada.locator("#history-diff").click()
    ada.wait_for_selector("#revision-charts img")
    table = ada.locator("#history-table").inner_text()
    assert "Line colour" in table and "#1060E0" in table and "#D97A08" in table and "Active line width" in table
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


WORDS_BROKEN_ACROSS_LINES = """table => {
    const broken = [];
    for (const th of table.querySelectorAll('th')) {
        const text = th.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) continue;
        for (const match of text.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            if (range.getClientRects().length > 1) broken.push(match[0]);
        }
    }
    return broken;
}"""


def test_the_diff_table_keeps_its_headings_whole_on_a_phone(people):
    """At 390 px with touch the revisions' columns are as wide as their headings' words: no
    "Revi / sion 1" broken mid-word, and nothing wider than the screen."""
    phone = people("Ada", viewport={"width": 390, "height": 844}, touch=True)
    phone.locator("#open-history").tap()
    phone.locator("#history-diff").tap()
    phone.wait_for_selector("#history-table th")
    assert phone.locator("#history-table").evaluate(WORDS_BROKEN_ACROSS_LINES) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.errors == []
