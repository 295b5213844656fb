"""Blind pairwise rounds over HTTP: names never leave the server before the result, and the
ranking matches an independent Bradley–Terry fit of the same votes (scipy, maximum likelihood)."""
import itertools
import json
import math
from urllib.parse import quote

import numpy as np
from scipy.optimize import minimize

CANDIDATES = ["Default", "Designer's favourite", "PM's favourite", "Round extra"]
# Each person's preference, best first; None pairs are "no preference".
TASTES = {
    "Ada": ["Designer's favourite", "Default", "PM's favourite", "Round extra"],
    "Ben": ["Designer's favourite", "PM's favourite", "Round extra", "Default"],
    "Cy": ["Round extra", "Designer's favourite", "Default", "PM's favourite"],
}
TIES = {("Cy", frozenset({"Default", "PM's favourite"}))}


def as_user(name):
    return {"X-Workbench-User": quote(name), "X-Workbench-Client": "client-" + name}


def independent_fit(names, outcomes):
    """Bradley–Terry by direct maximisation of the likelihood (not MM): ties half a win each."""
    index = {n: i for i, n in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    for a, b, winner in outcomes:
        if winner is None:
            wins[index[a], index[b]] += 0.5
            wins[index[b], index[a]] += 0.5
        else:
            loser = b if winner == a else a
            wins[index[winner], index[loser]] += 1

    def negative_log_likelihood(free):
        theta = np.concatenate([[0.0], free])
        total = 0.0
        for i in range(len(names)):
            for j in range(len(names)):
                if wins[i, j]:
                    total -= wins[i, j] * (theta[i] - np.logaddexp(theta[i], theta[j]))
        return total

    fit = minimize(negative_log_likelihood, np.zeros(len(names) - 1), method="BFGS", options={"gtol": 1e-10})
    strengths = np.exp(np.concatenate([[0.0], fit.x]))
    return dict(zip(names, strengths / strengths.sum()))


def names_in(text):
    return [n for n in CANDIDATES if n in text or json.dumps(n)[1:-1] in text]


def test_three_voters_reproduce_an_independent_bradley_terry_fit(fresh_server):
    s = fresh_server
    extra = {"parameters": {"inactiveLineWidth": 6, "lineColor": "#123456"}}
    assert s.request("PUT", "/api/presets/" + quote("Round extra"), json=extra).status_code in (200, 201)
    created = s.request("POST", "/api/rounds", json={"candidates": CANDIDATES}, headers=as_user("Ada"))
    assert created.status_code == 201, created.text
    assert names_in(created.text) == []
    round_id = created.json()["id"]
    assert names_in(s.get("/api/rounds").text) == []

    outcomes = []
    tokens_by_parameters = {}
    for voter, taste in TASTES.items():
        seen_pairs = set()
        while True:
            r = s.get(f"/api/rounds/{round_id}/next", headers=as_user(voter))
            assert r.status_code == 200, r.text
            assert names_in(r.text) == [], r.text
            pair = r.json()
            if pair["pair"] is None:
                break
            # Who is who is only known here, by matching parameters to the presets we saved.
            left, right = (identify(s, side["parameters"]) for side in (pair["left"], pair["right"]))
            for side, name in ((pair["left"], left), (pair["right"], right)):
                assert tokens_by_parameters.setdefault(name, side["candidate"]) == side["candidate"]
                assert side["candidate"] not in CANDIDATES
            key = frozenset({left, right})
            assert key not in seen_pairs
            seen_pairs.add(key)
            if (voter, key) in TIES:
                choice, winner = "none", None
            else:
                winner = left if taste.index(left) < taste.index(right) else right
                choice = "left" if winner == left else "right"
            vote = s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": choice}, headers=as_user(voter))
            assert vote.status_code == 201, vote.text
            assert names_in(vote.text) == []
            # The same pair cannot be voted on twice.
            again = s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": choice}, headers=as_user(voter))
            assert again.status_code == 409
            outcomes.append((left, right, winner))
        assert len(seen_pairs) == 6

    result = s.get(f"/api/rounds/{round_id}").json()
    expected = independent_fit(CANDIDATES, outcomes)
    ranked = [e["name"] for e in result["ranking"]]
    assert ranked == sorted(CANDIDATES, key=lambda n: -expected[n])
    scores = {e["name"]: e["score"] for e in result["ranking"]}
    scale = sum(scores.values()) / sum(expected.values())
    for name in CANDIDATES:
        assert math.isclose(scores[name], expected[name] * scale, rel_tol=1e-4), (name, scores, expected)
    assert result["regularised"] is False
    # Each person's picks, by name.
    assert len(result["votes"]) == 18
    assert {v["voter"] for v in result["votes"]} == set(TASTES)
    cy_tie = [v for v in result["votes"] if v["voter"] == "Cy" and {v["left"], v["right"]} == {"Default", "PM's favourite"}]
    assert cy_tie[0]["choice"] == "none" and cy_tie[0]["winner"] is None

    closed = s.request("POST", f"/api/rounds/{round_id}/close", headers=as_user("Ben"))
    assert closed.status_code == 200 and closed.json()["state"] == "closed"
    assert s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada")).status_code == 409


def identify(server, parameters):
    for name in CANDIDATES:
        stored = server.get("/api/presets/" + quote(name)).json()["parameters"]
        if stored == parameters:
            return name
    raise AssertionError("a pair carried parameters of no candidate")


def test_a_candidate_without_wins_still_gets_a_score(fresh_server):
    s = fresh_server
    round_id = s.request("POST", "/api/rounds", json={"candidates": CANDIDATES[:3]}).json()["id"]
    loser = None
    while True:
        pair = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Solo")).json()
        if pair["pair"] is None:
            break
        left, right = identify(s, pair["left"]["parameters"]), identify(s, pair["right"]["parameters"])
        # Default always loses; the other two beat each other by order of presentation.
        choice = "right" if left == "Default" else "left"
        loser = "Default"
        assert s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": choice}, headers=as_user("Solo")).status_code == 201
    result = s.get(f"/api/rounds/{round_id}").json()
    assert result["regularised"] is True
    assert result["ranking"][-1]["name"] == loser
    assert all(e["score"] > 0 for e in result["ranking"])
    assert math.isclose(sum(e["score"] for e in result["ranking"]), 1.0, rel_tol=1e-9)


def test_variations_stay_inside_the_schema_and_render(fresh_server):
    s = fresh_server
    schema = {p["key"]: p for p in s.get("/api/schema").json()["parameters"]}
    created = s.request("POST", "/api/rounds", json={"variationsOf": "Default", "count": 4})
    assert created.status_code == 201, created.text
    assert "Default" not in created.text
    round_id = created.json()["id"]
    seen = {}
    while True:
        pair = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Vee")).json()
        if pair["pair"] is None:
            break
        assert "Default" not in json.dumps(pair)
        for side in (pair["left"], pair["right"]):
            seen[side["candidate"]] = side["parameters"]
        s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": "none"}, headers=as_user("Vee"))
    assert len(seen) == 5
    assert len({json.dumps(p, sort_keys=True) for p in seen.values()}) == 5
    for parameters in seen.values():
        for key, value in parameters.items():
            d = schema[key]
            if d["type"] in ("number", "integer"):
                assert d["min"] <= value <= d["max"], (key, value)
        # The engine accepts every variation as it is.
        assert s.request("POST", "/api/render", json={**parameters, "width": 320, "height": 200}).status_code == 200
    names = [e["name"] for e in s.get(f"/api/rounds/{round_id}").json()["ranking"]]
    assert "Default (original)" in names and len(names) == 5


def test_bad_round_requests_name_the_field(server):
    cases = [
        ({"candidates": ["Default"]}, "candidates"),
        ({"candidates": "Default"}, "candidates"),
        ({"candidates": ["Default", "Default"]}, "candidates[1]"),
        ({"candidates": ["Default", "No such"]}, "candidates[1]"),
        ({"variationsOf": "Default", "count": 0}, "count"),
        ({"variationsOf": "Default", "count": 2.5}, "count"),
        ({}, "candidates"),
    ]
    for body, field in cases:
        r = server.request("POST", "/api/rounds", json=body)
        assert r.status_code in (400, 404), (body, r.text)
        assert r.json()["error"]["field"] == field, (body, r.text)
    round_id = server.request("POST", "/api/rounds", json={"candidates": CANDIDATES[:2]}).json()["id"]
    bad = server.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": "nope", "choice": "left"})
    assert bad.status_code == 409 and bad.json()["error"]["field"] == "pair"
    bad = server.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": "nope", "choice": "up"})
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "choice"
    assert server.get("/api/rounds/unknown/next").status_code == 404
    # A pair handed to one person cannot be cast by another.
    pair = server.get(f"/api/rounds/{round_id}/next", headers=as_user("One")).json()
    stolen = server.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": "left"}, headers=as_user("Two"))
    assert stolen.status_code == 403
