"""Invisible and bidi characters in people's text show on the page as their code ("[U+202E]"),
never raw: the decision log's rows (a save's message), through the row builder every table uses."""
from test_page import sync_api  # noqa: F401  (fixtures)

HIDDEN = "\u202e\u2066\u200b\ufeff\u0085"
RAW = ["\u202e", "\u2066", "\u200b", "\ufeff", "\u0085"]


def test_the_log_shows_invisible_characters_by_their_code(browser, fresh_server):
    s = fresh_server
    r = s.request("PUT", "/api/presets/Default", json={"parameters": {"markerRadius": 4}, "message": f"safe{HIDDEN}evil"},
                  headers={"X-Workbench-User": "Ada"})
    assert r.status_code in (200, 201), r.text
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(s.url + "/log.html")
    page.wait_for_selector("body[data-ready=true]")
    page.locator("#log-preset").click()
    page.keyboard.type("Default")
    text = page.locator("#log-table").inner_text()
    assert "safe[U+202E][U+2066][U+200B][U+FEFF][U+0085]evil" in text, text
    assert not any(c in text for c in RAW)
    context.close()
