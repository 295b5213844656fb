"""Comments in Chromium with two people: a comment posted on one page appears beside that
control on the other at once; resolving it clears the badge for both; axe finds nothing serious."""
from pathlib import Path

from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people, serious  # noqa: F401  (fixtures)

SHOTS = Path(__file__).resolve().parent.parent.parent / ".build" / "screenshots"


def badge(page, key):
    return page.locator(f".control[data-key={key}] .comment-badge")


def test_a_comment_shows_beside_the_control_for_everyone(people):
    pat, dee = people("Pat"), people("Dee")
    assert badge(dee, "lineColor").get_attribute("aria-label") == "Comments on Line colour: 0 open"
    # A label four motions share is said with its group, as the schema says it standing alone.
    assert badge(dee, "periodDuration").get_attribute("aria-label") == "Comments on Period change duration: 0 open"
    badge(pat, "lineColor").click()
    pat.locator("#comment-text").fill("Too orange <b>for</b> dark mode?")
    pat.locator("#comment-at-progress").check()
    pat.locator("#comment-form button[type=submit]").click()
    pat.wait_for_selector("#comment-thread li.comment")
    # Dee's page shows the count beside Line colour without reloading.
    dee.wait_for_function("() => document.querySelector('.control[data-key=lineColor] .comment-badge').textContent === '1'", timeout=5000)
    assert "has-comments" in badge(dee, "lineColor").get_attribute("class")
    assert badge(dee, "markerRadius").get_attribute("aria-label").endswith("0 open")
    badge(dee, "lineColor").click()
    item = dee.locator("#comment-thread li.comment")
    assert item.locator(".text").text_content() == "Too orange <b>for</b> dark mode?"   # shown as text, not markup
    assert "Pat" in item.locator(".meta").first.text_content() and "progress 0.00" in item.locator(".meta").first.text_content()
    assert serious(dee, "#comments-dialog") == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    dee.screenshot(path=str(SHOTS / "comments.png"))
    item.get_by_role("button", name="Resolve").click()
    pat.wait_for_function("() => !document.querySelector('.control[data-key=lineColor] .comment-badge').classList.contains('has-comments')", timeout=5000)
    pat.locator("#comment-show-resolved").check()
    assert "Resolved by Dee" in pat.locator("#comment-thread").text_content()
    assert pat.errors == [] and dee.errors == []


def test_comments_follow_the_open_preset(people):
    pat = people("Pat")
    badge(pat, "markerRadius").click()
    pat.locator("#comment-text").fill("Marker too small")
    pat.locator("#comment-form button[type=submit]").click()
    pat.wait_for_selector("#comment-thread li.comment")
    pat.keyboard.press("Escape")
    pat.locator("#preset-select").select_option("PM's favourite")
    pat.wait_for_function("() => !document.querySelector('.control[data-key=markerRadius] .comment-badge').classList.contains('has-comments')")
    pat.locator("#preset-select").select_option("Default")
    pat.wait_for_function("() => document.querySelector('.control[data-key=markerRadius] .comment-badge').classList.contains('has-comments')")
