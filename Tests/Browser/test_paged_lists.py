"""Lists longer than one page in Chromium: reviews, comments, revisions and rounds each say how
many there are in all and read older pages with a "Show older …" button, reached and pressed as
a person does, until every entry is shown and the button is gone. A live update that reads a
list again keeps the older pages already shown; a list of one page shows no count and no button."""
from pathlib import Path

import pytest

from test_page import sync_api  # noqa: F401  (fixtures)
from named_pages import open_named_page
from workbench_server import Server, small_csv

SHOTS = Path(__file__).resolve().parent.parent.parent / ".build" / "screenshots"


@pytest.fixture(scope="module")
def many():
    """A server that lets one person write hundreds of entries at once (no write-rate limit)."""
    s = Server("--write-rate", "0", data_csv=small_csv())
    yield s
    s.close()


@pytest.fixture
def open_page(browser, many):
    contexts = []

    def open_as(name, viewport=None, touch=False):
        return open_named_page(browser, contexts, many.url, name, viewport=viewport, touch=touch, connected=True)

    yield open_as
    for context in contexts:
        context.close()


def created(response):
    assert response.status_code in (200, 201), response.text
    return response.json()


def count_is(page, selector, n):
    page.wait_for_function("([s, n]) => document.querySelectorAll(s).length === n", arg=[selector, n], timeout=10000)


def test_reviews_page_back_and_stay_when_a_review_arrives(open_page, many):
    revision = many.get("/api/presets/Default").json()["revision"]
    for i in range(205):
        created(many.request("POST", "/api/presets/Default/reviews", json={"revision": revision, "decision": "request-changes", "comment": f"review {i}"}))
    ada = open_page("Ada")
    ada.locator("#open-history").click()
    count_is(ada, "#review-list li", 200)
    pager = ada.locator("#history-dialog .review .pager")
    assert pager.locator(".pager-count").text_content() == "Showing 200 of 205 reviews"
    # Oldest first: the newest page ends with the newest review; older ones go above it.
    assert ada.locator("#review-list li").first.text_content().endswith("review 5")
    # Default has one revision: its list shows no count and no button.
    assert ada.locator("#history-dialog .revision-list + .pager").is_hidden()

    more = ada.get_by_role("button", name="Show older reviews")
    more.click()
    count_is(ada, "#review-list li", 205)
    items = ada.locator("#review-list li").all_text_contents()
    assert [text.rsplit(": ", 1)[1] for text in items] == [f"review {i}" for i in range(205)]
    assert more.is_hidden()
    assert pager.locator(".pager-count").text_content() == "Showing all 205 reviews"

    # Someone reviews meanwhile: the list is read again and keeps every older review shown.
    created(many.request("POST", "/api/presets/Default/reviews", headers={"X-Workbench-User": "Ben"},
                         json={"revision": revision, "decision": "approve", "comment": "ship it", "acknowledgeReadability": True, "acknowledgeHonesty": True}))
    count_is(ada, "#review-list li", 206)
    assert ada.locator("#review-list li").last.text_content().endswith("ship it")
    assert ada.locator("#review-list li").first.text_content().endswith("review 0")
    assert pager.locator(".pager-count").text_content() == "Showing all 206 reviews"
    assert more.is_hidden()
    assert ada.errors == []


def test_comments_page_back_from_the_keyboard(open_page, many):
    # A page holds at most 1 MB: long comments (a family emoji is one character of 25 bytes) make two.
    big = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466" * 1990
    texts = [f"long {i} {big}" for i in range(22)] + [f"short {i}: too orange for dark mode?" for i in range(30)]
    for text in texts:
        created(many.request("POST", "/api/presets/Designer's favourite/comments", json={"parameter": "lineColor", "text": text}))
    first = many.get("/api/presets/Designer's favourite/comments")
    shown = len(first.json())
    assert first.headers["X-Next-Before"] and shown < len(texts)

    dee = open_page("Dee")
    dee.locator("#preset-select").select_option("Designer's favourite")
    dee.wait_for_function("() => document.querySelector('.control[data-key=lineColor] .comment-badge').textContent !== ''")
    dee.locator(".control[data-key=lineColor] .comment-badge").click()
    count_is(dee, "#comment-thread li.comment", shown)
    # Older comments unread: the badge's count is a lower bound.
    assert dee.locator(".control[data-key=lineColor] .comment-badge").text_content() == f"{shown}+"
    pager = dee.locator("#comments-dialog .pager")
    assert pager.locator(".pager-count").text_content() == f"Showing {shown} of 52 comments on this preset"
    # Reached with Tab from the switch above it, pressed with Enter, its focus visible.
    dee.locator("#comment-show-resolved").click()
    dee.keyboard.press("Tab")
    more = dee.get_by_role("button", name="Show older comments")
    assert more.evaluate("b => b === document.activeElement && getComputedStyle(b).outlineStyle !== 'none'")
    dee.keyboard.press("Enter")
    count_is(dee, "#comment-thread li.comment", 52)
    thread = [text.split(" ", 2)[:2] for text in dee.locator("#comment-thread li.comment .text").all_text_contents()]
    assert thread == [text.split(" ", 2)[:2] for text in texts]
    assert more.is_hidden()
    assert pager.locator(".pager-count").text_content() == "Showing all 52 comments on this preset"
    # The button is gone; focus stays beside it, on the count, not thrown to the page's top.
    assert dee.evaluate("() => document.activeElement.classList.contains('pager-count')")
    assert dee.locator(".control[data-key=lineColor] .comment-badge").text_content() == "52"
    assert dee.errors == []


def test_revisions_page_back_and_keep_the_picks(open_page, many):
    name = "PM's favourite"
    stored = many.get("/api/presets/PM's favourite").json()
    revision = stored["revision"]
    for i in range(201):
        revision = created(many.request("PUT", "/api/presets/PM's favourite", headers={"If-Match": str(revision)},
                                        json={"parameters": stored["parameters"], "notes": stored["notes"], "message": f"save {i}"}))["revision"]
    total = int(many.get("/api/presets/PM's favourite/revisions").headers["X-Total-Count"])
    pm = open_page("Pam")
    pm.locator("#preset-select").select_option(name)
    pm.locator("#open-history").click()
    pm.wait_for_function("n => document.querySelector('#history-title').textContent.includes(n)", arg=name)
    count_is(pm, "#revision-list li[data-revision]", 200)
    pager = pm.locator("#history-dialog .revision-list + .pager")
    assert pager.locator(".pager-count").text_content() == f"Showing 200 of {total} revisions"
    pm.get_by_role("radio", name="Compare to revision 199").click()
    more = pm.get_by_role("button", name="Show older revisions")
    more.click()
    count_is(pm, "#revision-list li[data-revision]", total)
    numbers = [int(n) for n in pm.eval_on_selector_all("#revision-list li[data-revision]", "items => items.map(i => i.dataset.revision)")]
    assert numbers == list(range(int(revision), 0, -1))
    assert more.is_hidden()
    assert pager.locator(".pager-count").text_content() == f"Showing all {total} revisions"
    # The revision picked as B before reading older ones is still picked.
    assert pm.get_by_role("radio", name="Compare to revision 199").is_checked()
    SHOTS.mkdir(parents=True, exist_ok=True)
    pm.screenshot(path=str(SHOTS / "paged-revisions.png"))
    assert pm.errors == []


def test_rounds_page_back_and_stay_when_a_round_starts(open_page, many):
    for _ in range(101):
        created(many.request("POST", "/api/rounds", json={"candidates": ["Default", "PM's favourite"]}))
    cy = open_page("Cy")
    cy.locator("#open-rounds").click()
    count_is(cy, "#round-list li[data-round]", 100)
    pager = cy.locator("#round-list-view .pager")
    assert pager.locator(".pager-count").text_content() == "Showing 100 of 101 rounds"
    more = cy.get_by_role("button", name="Show older rounds")
    more.click()
    count_is(cy, "#round-list li[data-round]", 101)
    ids = cy.eval_on_selector_all("#round-list li[data-round]", "items => items.map(i => i.dataset.round)")
    assert len(set(ids)) == 101
    assert more.is_hidden()
    # A new round is announced: the list is read again, the newest first, every older one kept.
    started = created(many.request("POST", "/api/rounds", headers={"X-Workbench-User": "Ben"}, json={"candidates": ["Default", "PM's favourite"]}))
    count_is(cy, "#round-list li[data-round]", 102)
    assert cy.locator("#round-list li[data-round]").first.get_attribute("data-round") == started["id"]
    assert pager.locator(".pager-count").text_content() == "Showing all 102 rounds"
    assert more.is_hidden()
    assert cy.errors == []
