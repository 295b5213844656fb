"""Explore and blind rounds play one of the engine's motions on every candidate at once: a real
click on "Play on every chart" plays it on each candidate's chart, drawn with its own values."""
from test_page import browser  # noqa: F401  (fixture)
from decide_pages import people, serious  # noqa: F401  (fixtures)

SEEN_PLACEHOLDERS = """ids => {
    window.placeholders = new Set();
    new MutationObserver(() => {
        for (const id of ids) if (document.querySelector('#' + id + ' [id$=-placeholder]')) window.placeholders.add(id);
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
}"""


def test_explore_plays_the_reveal_on_every_candidate(people):
    ada = people("Ada", "?revealDuration=1")
    ada.locator("#open-explore").click()
    ada.locator("#explore-preset").select_option("Default")
    ada.locator("#explore-parameter-inactiveLineWidth").check()
    ada.locator("#explore-start button[type=submit]").click()
    for chart in ("#explore-a", "#explore-b"):
        ada.wait_for_selector(chart + " path[id$=-line]")
        ada.wait_for_selector(chart + " [id$=-placeholder]", state="detached")
    ada.evaluate(SEEN_PLACEHOLDERS, ["explore-a", "explore-b"])
    ada.locator("#explore-play [data-play-motion='reveal']").click()
    ada.wait_for_function("() => window.placeholders.size === 2", timeout=10000)
    for chart in ("#explore-a", "#explore-b"):
        ada.wait_for_selector(chart + " [id$=-placeholder]", state="detached", timeout=10000)
    assert serious(ada, "#explore-dialog") == []
