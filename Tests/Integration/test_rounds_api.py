"""Blind pairwise rounds over HTTP: names and parameters never leave the server before the round ends, and the
ranking matches an independent Bradley–Terry fit of the same votes (scipy, maximum likelihood)."""
import hashlib
import itertools
import json
import math
from urllib.parse import quote

import numpy as np
from scipy.optimize import minimize

CANDIDATES = ["Default", "Designer's favourite", "PM's favourite", "Round extra"]


def as_user(name):
    return {"X-Workbench-User": quote(name), "X-Workbench-Client": "client-" + name}


def strongly_connected(names, outcomes):
    """Whether every candidate reaches every other along "beat or tied" edges (the MLE exists)."""
    beats = {n: set() for n in names}
    for a, b, winner in outcomes:
        if winner != b:
            beats[a].add(b)
        if winner != a:
            beats[b].add(a)
    for start in names:
        seen, stack = {start}, [start]
        while stack:
            for nxt in beats[stack.pop()] - seen:
                seen.add(nxt)
                stack.append(nxt)
        if seen != set(names):
            return False
    return True


def independent_fit(names, outcomes, prior=False):
    """Bradley–Terry by direct maximisation of the likelihood (not MM): ties half a win each.

    With `prior`, every candidate also has one tie against a reference of fixed strength 1: the
    documented prior the server adds when the plain maximum-likelihood fit does not exist."""
    index = {n: i for i, n in enumerate(names)}
    reference = len(names)
    wins = np.zeros((len(names) + 1, len(names) + 1))
    if prior:
        for i in range(len(names)):
            wins[i, reference] += 0.5
            wins[reference, i] += 0.5
    for a, b, winner in outcomes:
        if winner is None:
            wins[index[a], index[b]] += 0.5
            wins[index[b], index[a]] += 0.5
        else:
            loser = b if winner == a else a
            wins[index[winner], index[loser]] += 1

    def negative_log_likelihood(free):
        # Without the prior the scale is free: the first candidate is fixed at 0; with it the reference is.
        theta = np.concatenate([free, [0.0]]) if prior else np.concatenate([[0.0], free, [0.0]])
        total = 0.0
        for i in range(len(names) + 1):
            for j in range(len(names) + 1):
                if wins[i, j]:
                    total -= wins[i, j] * (theta[i] - np.logaddexp(theta[i], theta[j]))
        return total

    free = len(names) if prior else len(names) - 1
    fit = minimize(negative_log_likelihood, np.zeros(free), method="BFGS", options={"gtol": 1e-10})
    theta = fit.x if prior else np.concatenate([[0.0], fit.x])
    strengths = np.exp(theta)
    return dict(zip(names, strengths / strengths.sum()))


def names_in(text):
    return [n for n in CANDIDATES if n in text or json.dumps(n)[1:-1] in text]


def preference(voter, token):
    """A person's taste over tokens they cannot put a name to: a fixed order per person."""
    return hashlib.sha256((voter + token).encode()).hexdigest()


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
    tied = set()
    for voter in ("Ada", "Ben", "Cy"):
        seen_pairs = set()
        while True:
            r = s.get(f"/api/rounds/{round_id}/next", headers=as_user(voter))
            assert r.status_code == 200, r.text
            assert names_in(r.text) == [], r.text
            pair = r.json()
            if pair["pair"] is None:
                break
            left, right = pair["left"]["candidate"], pair["right"]["candidate"]
            assert "parameters" not in pair["left"] and left not in CANDIDATES
            key = frozenset({left, right})
            assert key not in seen_pairs
            seen_pairs.add(key)
            if voter == "Cy" and not tied:
                choice, winner = "none", None
                tied.add(key)
            else:
                winner = min((left, right), key=lambda t: preference(voter, t))
                choice = "left" if winner == left else "right"
            vote = s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": choice}, headers=as_user(voter))
            assert vote.status_code == 201, vote.text
            assert names_in(vote.text) == [] and vote.json()["replaced"] is False
            # Voting again on the same pair replaces the ballot: still one per person and pair.
            again = s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": choice}, headers=as_user(voter))
            assert again.status_code == 201 and again.json()["replaced"] is True
            assert again.json()["votes"] == vote.json()["votes"]
            outcomes.append((left, right, winner))
        assert len(seen_pairs) == 6

    # While open, the round says how far voting is, nothing about who is ahead.
    open_result = s.get(f"/api/rounds/{round_id}").json()
    assert open_result["ranking"] == [] and open_result["votes"] == [] and open_result["ballots"] == 18
    assert names_in(json.dumps(open_result)) == []

    closed = s.request("POST", f"/api/rounds/{round_id}/close", headers=as_user("Ben"))
    assert closed.status_code == 200 and closed.json()["state"] == "closed"
    assert s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada")).status_code == 409
    result = s.get(f"/api/rounds/{round_id}").json()
    name_of = {e["candidate"]: e["name"] for e in result["ranking"]}
    assert sorted(name_of.values()) == sorted(CANDIDATES)
    named = [(name_of[a], name_of[b], name_of[w] if w else None) for a, b, w in outcomes]
    # Taste is random over the round's random tokens: sometimes a candidate wins nothing, the plain
    # fit does not exist, and the server must say so and add its prior.
    connected = strongly_connected(CANDIDATES, named)
    assert result["regularised"] is (not connected)
    expected = independent_fit(CANDIDATES, named, prior=not connected)
    ranked = [e["name"] for e in result["ranking"]]
    assert sorted(ranked) == sorted(CANDIDATES)
    for better, worse in zip(ranked, ranked[1:]):
        assert expected[better] >= expected[worse] * (1 - 1e-6), (ranked, expected)
    scores = {e["name"]: e["score"] for e in result["ranking"]}
    scale = sum(scores.values()) / sum(expected.values())
    for name in CANDIDATES:
        assert math.isclose(scores[name], expected[name] * scale, rel_tol=1e-4), (name, scores, expected)
    # Each person's picks, by name.
    assert len(result["votes"]) == 18
    assert {v["voter"] for v in result["votes"]} == {"Ada", "Ben", "Cy"}
    assert sum(v["choice"] == "none" and v["winner"] is None for v in result["votes"]) == 1
    # Once closed, every candidate's parameters are shown with its name.
    extra_entry = next(e for e in result["ranking"] if e["name"] == "Round extra")
    assert extra_entry["parameters"]["inactiveLineWidth"] == 6


def test_a_candidate_without_wins_still_gets_a_score(fresh_server):
    s = fresh_server
    round_id = s.request("POST", "/api/rounds", json={"candidates": CANDIDATES[:3]}).json()["id"]
    loser = None
    while True:
        pair = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Solo")).json()
        if pair["pair"] is None:
            break
        left, right = pair["left"]["candidate"], pair["right"]["candidate"]
        loser = loser or left
        # One candidate always loses; the other two beat each other by order of presentation.
        choice = "right" if left == loser else "left"
        assert s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": choice}, headers=as_user("Solo")).status_code == 201
    s.request("POST", f"/api/rounds/{round_id}/close")
    result = s.get(f"/api/rounds/{round_id}").json()
    assert result["regularised"] is True
    assert result["ranking"][-1]["candidate"] == loser
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
            # The server draws each candidate; the page only holds its address.
            drawn = s.get(side["render"], params={"width": 320, "height": 200, "state": "active", "selection": 0.5})
            assert drawn.status_code == 200 and drawn.text.startswith("<svg"), drawn.text[:200]
            seen[side["candidate"]] = drawn.text
        s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": "none"}, headers=as_user("Vee"))
    assert len(seen) == 5 and len(set(seen.values())) == 5
    s.request("POST", f"/api/rounds/{round_id}/close")
    ranking = s.get(f"/api/rounds/{round_id}").json()["ranking"]
    assert {e["candidate"] for e in ranking} == set(seen)
    for entry in ranking:
        for key, value in entry["parameters"].items():
            d = schema[key]
            if d["type"] in ("number", "integer"):
                assert d["min"] <= value <= d["max"], (key, value)
        # The engine accepts every variation as it is.
        assert s.request("POST", "/api/render", json={**entry["parameters"], "width": 320, "height": 200}).status_code == 200
    names = [e["name"] for e in ranking]
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


def test_rounds_list_by_state_with_their_count(fresh_server):
    s = fresh_server
    ids = [s.request("POST", "/api/rounds", json={"candidates": CANDIDATES[:2]}).json()["id"] for _ in range(3)]
    assert s.request("POST", f"/api/rounds/{ids[0]}/close").status_code == 200
    open_rounds = s.get("/api/rounds?state=open&limit=1")
    assert open_rounds.status_code == 200 and open_rounds.headers["X-Total-Count"] == "2"
    assert len(open_rounds.json()) == 1 and open_rounds.json()[0]["id"] in ids[1:]   # started within one second: either is newest
    closed = s.get("/api/rounds?state=closed")
    assert [r["id"] for r in closed.json()] == [ids[0]] and closed.headers["X-Total-Count"] == "1"
    assert s.get("/api/rounds").headers["X-Total-Count"] == "3"
    bad = s.get("/api/rounds?state=ajar")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "state"
