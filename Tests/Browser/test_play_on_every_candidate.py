"""Explore and blind rounds play one of the engine's motions on every candidate at once: a real
click on "Play on every chart" plays it on each candidate's chart, drawn with its own values."""
from decide_pages import people, serious  # noqa: F401  (fixtures)
from test_explore_page import start_explore

SEEN_PLACEHOLDERS = """ids => {
    window.placeholders = new Set();
    new MutationObserver(() => {
        for (const id of ids) if (document.querySelector('#' + id + ' [id$=-placeholder]')) window.placeholders.add(id);
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
}"""


def test_explore_plays_the_reveal_on_every_candidate(people):
    ada = people("Ada", "?revealDuration=1")
    start_explore(ada)
    for chart in ("#explore-a", "#explore-b"):
        ada.wait_for_selector(chart + " [id$=-placeholder]", state="detached")
    ada.evaluate(SEEN_PLACEHOLDERS, ["explore-a", "explore-b"])
    ada.locator("#explore-play [data-play-motion='reveal']").click()
    ada.wait_for_function("() => window.placeholders.size === 2", timeout=10000)
    for chart in ("#explore-a", "#explore-b"):
        ada.wait_for_selector(chart + " [id$=-placeholder]", state="detached", timeout=10000)
    assert serious(ada, "#explore-dialog") == []


STEPS_SEEN = """ids => {
    window.stepped = new Set();
    new MutationObserver(() => {
        for (const id of ids) {
            const svg = document.querySelector('#' + id + ' svg');
            // A live step's frames carry the up or down flash; a plain redraw does not.
            if (svg?.dataset.flashDirection) window.stepped.add(id + ' ' + svg.dataset.lastTime);
        }
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
}"""


def test_a_live_price_steps_every_candidate_of_explore_together(people, fresh_server):
    ada = people("Ada", "?livePriceDuration=1")
    start_explore(ada)
    before = ada.evaluate("() => ['explore-a', 'explore-b'].map(id => document.querySelector('#' + id + ' svg').dataset.lastTime)")
    ada.evaluate(STEPS_SEEN, ["explore-a", "explore-b"])
    assert fresh_server.request("POST", "/api/live", json={"enabled": True}).status_code == 200
    try:
        # A step's first frame is the old picture, already flashing: wait for each to reach a newer price.
        ada.wait_for_function("""before => ['explore-a', 'explore-b'].every((id, i) =>
            [...window.stepped].some(s => s.split(' ')[0] === id && Number(s.split(' ')[1]) > Number(before[i])))""",
                              arg=before, timeout=20000)
    finally:
        fresh_server.request("POST", "/api/live", json={"enabled": False})
    stepped = ada.evaluate("[...window.stepped]")
    # Each candidate stepped to a newer price than the one it showed.
    for chart, shown in zip(("explore-a", "explore-b"), before):
        assert any(s.split(" ")[0] == chart and int(s.split(" ")[1]) > int(shown) for s in stepped), (stepped, before)
