"""Issue 39.3: an Explore round started with "honesty": true never proposes a candidate that fails
the honesty check, and its best passes too. Smoothing and the resting curve move: most of their
combinations fail (a moving average hides the flash crash, a natural spline overshoots the spike),
so a round without the option proposes failing charts, and one with it must skip them. Each
candidate is checked with GET /api/check/honesty on the scenarios the round judges on."""
from urllib.parse import quote

import pytest

from workbench_server import Server, small_csv

SCENARIOS = "flash-crash,spike,outage"   # HonestyMarkets.eventScenarios (docs/honesty.md), as /api/scenarios lists them
MOVING = ["smoothing", "inactiveCurve"]


def as_user(name):
    return {"X-Workbench-User": quote(name), "X-Workbench-Client": "client-" + name}


@pytest.fixture(scope="module")
def server():
    s = Server(data_csv=small_csv(200))
    yield s
    s.close()


def start(s, honesty, seed):
    body = {"preset": "Default", "parameters": MOVING, "seed": seed, "endWhenStable": False}
    if honesty is not None:
        body["honesty"] = honesty
    r = s.request("POST", "/api/explore", json=body, headers=as_user("Ada"))
    assert r.status_code == 201, r.text
    return r.json()


def candidates(s, rid, count=2):
    r = s.request("GET", f"/api/explore/{rid}/next", params={"count": count}, headers=as_user("Ada"))
    assert r.status_code == 200, r.text
    return r.json()


def passes(s, values):
    r = s.get("/api/check/honesty", params={"preset": "Default", **values, "scenario": SCENARIOS})
    assert r.status_code == 200, r.text
    return r.json()["pass"]


def test_an_honest_round_proposes_and_shows_only_charts_that_pass(server):
    s = server
    round_ = start(s, True, seed=11)
    assert round_["honesty"] is True
    rid = round_["id"]
    shown = set()
    for turn in range(9):
        pair = candidates(s, rid, count=4 if turn == 4 else 2)
        for candidate in pair["candidates"]:
            values = candidate["values"]
            assert candidate["parameters"]["smoothing"] == values["smoothing"]
            shown.add((values["smoothing"], values["inactiveCurve"]))
        r = s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": pair["ticket"], "choice": "ab"[turn % 2]}, headers=as_user("Ada"))
        assert r.status_code == 201, r.text
    assert len(shown) >= 3, shown
    for smoothing, curve in sorted(shown):
        assert passes(s, {"smoothing": smoothing, "inactiveCurve": curve}), f"proposed a failing chart: {smoothing}, {curve}"
    best = s.get(f"/api/explore/{rid}/best").json()
    assert passes(s, {k: best["parameters"][k] for k in MOVING}), best


def test_without_the_option_a_round_proposes_failing_charts(server):
    """The same space and seed: what the option filters out is there to filter."""
    rid = start(server, None, seed=11)["id"]
    assert server.get(f"/api/explore/{rid}").json()["honesty"] is False
    pair = candidates(server, rid, count=4)
    assert not all(passes(server, {k: c["values"][k] for k in MOVING}) for c in pair["candidates"])


def test_the_scenarios_judged_are_listed(server):
    assert server.get("/api/scenarios").json()["approvalScenarios"] == SCENARIOS.split(",")


def test_the_option_is_a_boolean(server):
    r = server.request("POST", "/api/explore", json={"preset": "Default", "parameters": MOVING, "honesty": "yes"}, headers=as_user("Ada"))
    assert r.status_code == 400 and r.json()["error"]["field"] == "honesty", r.text


def test_the_best_says_whether_it_passes_the_check_a_review_applies(server):
    """A round without the option may settle on a chart that fails: its best says so before
    anyone saves it, with the failures a review would list (a walk heard of six only at review)."""
    s = server
    body = {"preset": "Default", "parameters": ["inactiveCurve"], "seed": 3, "endWhenStable": False}
    rid = s.request("POST", "/api/explore", json=body, headers=as_user("Ada")).json()["id"]
    for curve, passing in [("basis", False), ("linear", True)]:
        r = s.request("POST", f"/api/explore/{rid}/edits", json={"values": {"inactiveCurve": curve}}, headers=as_user("Ada"))
        assert r.status_code == 201, r.text
        best = s.get(f"/api/explore/{rid}/best").json()
        assert best["values"]["inactiveCurve"] == curve, best["values"]   # an edit over the best it replaced, nothing else answered
        check = s.get("/api/check/honesty", params={"preset": "Default", "inactiveCurve": curve, "scenario": SCENARIOS}).json()
        assert best["honesty"]["pass"] is passing is check["pass"]
        assert best["honesty"]["failures"] == check["failures"]
        if passing:
            assert best["honesty"]["text"] == "It passes the honesty check on flash-crash, spike and outage."
        else:
            assert best["honesty"]["text"].startswith(f"It fails {len(check['failures'])} honesty checks on flash-crash, spike and outage ({check['failures'][0]}): "
                                                      "a reviewer approves it only by acknowledging them."), best["honesty"]
            assert "“Only honest charts”" in best["honesty"]["text"]
    # An honest round's best passes, and the advice to start one is not given there.
    honest = start(s, True, seed=11)["id"]
    pair = candidates(s, honest)
    s.request("POST", f"/api/explore/{honest}/answers", json={"ticket": pair["ticket"], "choice": "a"}, headers=as_user("Ada"))
    assert s.get(f"/api/explore/{honest}/best").json()["honesty"]["pass"] is True
