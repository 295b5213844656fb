"""Issue 39.3 on the page: Ada ticks "Only honest charts" in the Explore start form with a real
click, starts a round over smoothing and the resting curve, and every candidate the page shows
passes the honesty check on the scenarios the round judges on."""
from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people  # noqa: F401  (fixtures)

SCENARIOS = "flash-crash,spike,outage"
MOVING = ["smoothing", "inactiveCurve"]


def test_ticking_only_honest_charts_starts_a_round_of_passing_candidates(people, fresh_server):
    ada = people("Ada")
    ada.locator("#open-explore").click()
    ada.locator("#explore-preset").select_option("Default")
    for key in MOVING:
        ada.locator(f"#explore-parameter-{key}").click()
    honesty = ada.locator("#explore-honesty")
    assert not honesty.is_checked()
    honesty.click()
    assert honesty.is_checked()
    handed = []   # the candidates the page was handed (its own /next answers)
    ada.on("response", lambda r: handed.append(r) if "/next" in r.url and r.request.method == "GET" else None)
    ada.locator("#explore-start button[type=submit]").click()
    ada.wait_for_selector("#explore-a svg")
    ada.wait_for_selector("#explore-b svg")
    ada.wait_for_function("() => document.querySelector('#explore-progress').textContent.includes('Every candidate passes the honesty check')")
    rounds = fresh_server.get("/api/explore").json()
    assert len(rounds) == 1 and rounds[0]["honesty"] is True and [p["key"] for p in rounds[0]["parameters"]] == MOVING

    # Two answers by key; each brings the next pair.
    for n, key in enumerate(["1", "2"], start=1):
        ada.wait_for_function("() => !document.querySelector('[data-explore-choice=a]').disabled")
        ada.keyboard.press(key)
        ada.wait_for_function("n => document.querySelector('#explore-progress').textContent.startsWith(n + ' answer')", arg=n)
    ada.wait_for_function("() => !document.querySelector('[data-explore-choice=a]').disabled")
    shown = {(c["values"]["smoothing"], c["values"]["inactiveCurve"]) for r in handed if r.ok for c in r.json()["candidates"]}
    assert len(shown) >= 2, shown
    for smoothing, curve in sorted(shown):
        report = fresh_server.get("/api/check/honesty", params={"preset": "Default", "smoothing": smoothing, "inactiveCurve": curve,
                                                                "scenario": SCENARIOS}).json()
        assert report["pass"], (smoothing, curve, report["failures"])
    assert ada.errors == []
