"""Honest blind rounds: while a round is open no answer carries a candidate's name or
parameters (only opaque per-round tokens and charts the server draws), each person has one
ballot per pair, an open round survives a restart, and a closed round's candidate can be saved
as a preset whose first revision names the round."""
import json
from urllib.parse import quote

from workbench_server import Server, small_csv

CANDIDATES = ["Default", "Designer's favourite", "PM's favourite"]


def as_user(name):
    return {"X-Workbench-User": quote(name), "X-Workbench-Client": "client-" + name}


def preset_parameters(s, name):
    return s.get("/api/presets/" + quote(name)).json()["parameters"]


def leaks(text, s):
    """Names, or any candidate's distinctive parameter values, in an answer."""
    found = [n for n in CANDIDATES if n in text or json.dumps(n)[1:-1] in text]
    if '"parameters"' in text or "lineColor" in text or "inactiveLineWidth" in text:
        found.append("parameters")
    return found


def test_no_names_or_parameters_travel_before_the_round_ends(fresh_server):
    s = fresh_server
    created = s.request("POST", "/api/rounds", json={"candidates": CANDIDATES}, headers=as_user("Ada"))
    assert created.status_code == 201
    round_id = created.json()["id"]
    answers = [created.text, s.get("/api/rounds").text]
    while True:
        r = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada"))
        answers.append(r.text)
        pair = r.json()
        if pair["pair"] is None:
            break
        for side in (pair["left"], pair["right"]):
            assert set(side) == {"candidate", "render"}
            assert side["render"] == f"/api/rounds/{round_id}/candidates/{side['candidate']}/render"
            svg = s.get(side["render"], params={"width": 300, "height": 180})
            assert svg.status_code == 200 and svg.headers["Content-Type"].startswith("image/svg+xml")
            # A render cannot be bent into another candidate's or a preset's: no parameters taken.
            assert s.get(side["render"], params={"lineColor": "#000000"}).status_code == 400
        vote = s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": "left"}, headers=as_user("Ada"))
        answers.append(vote.text)
    answers.append(s.get(f"/api/rounds/{round_id}").text)
    for text in answers:
        assert leaks(text, s) == [], text
    assert s.get(f"/api/rounds/{round_id}/candidates/nope/render").status_code == 404
    # Once closed, names and parameters are the result.
    closed = s.request("POST", f"/api/rounds/{round_id}/close", headers=as_user("Ada")).json()
    assert {e["name"] for e in closed["ranking"]} == set(CANDIDATES)
    for entry in closed["ranking"]:
        assert entry["parameters"] == preset_parameters(s, entry["name"])


def test_one_ballot_per_person_per_pair(fresh_server):
    s = fresh_server
    round_id = s.request("POST", "/api/rounds", json={"candidates": CANDIDATES[:2]}).json()["id"]
    pair = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada")).json()
    for choice in ("left", "right", "left", "none"):
        r = s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": choice}, headers=as_user("Ada"))
        assert r.status_code == 201 and r.json()["votes"] == 1
    # Someone else's ballot counts beside it; Ada's last word is the one kept.
    other = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ben")).json()
    s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": other["pair"], "choice": "left"}, headers=as_user("Ben"))
    assert s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada")).json()["pair"] is None
    result = s.request("POST", f"/api/rounds/{round_id}/close", headers=as_user("Ada")).json()
    assert len(result["votes"]) == 2
    ada = [v for v in result["votes"] if v["voter"] == "Ada"]
    assert len(ada) == 1 and ada[0]["choice"] == "none"
    # A closed round takes no ballot, not even a replacement.
    late = s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": "left"}, headers=as_user("Ada"))
    assert late.status_code == 409


def test_an_open_round_survives_a_restart(fresh_server):
    s = fresh_server
    round_id = s.request("POST", "/api/rounds", json={"variationsOf": "Default", "count": 2}, headers=as_user("Ada")).json()["id"]
    first = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada")).json()
    s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": first["pair"], "choice": "left"}, headers=as_user("Ada"))
    pending = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada")).json()
    before = s.get(pending["left"]["render"], params={"width": 300, "height": 180}).text
    s.stop()
    again = Server(data_csv=small_csv(), presets_dir=s.presets)
    try:
        listed = again.get("/api/rounds").json()
        assert [(r["id"], r["state"], r["votes"]) for r in listed] == [(round_id, "open", 1)]
        # The same pair is still waiting, its candidate drawn from the kept parameters.
        resumed = again.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada")).json()
        assert resumed["pair"] == pending["pair"] and resumed["remaining"] == 2
        assert again.get(resumed["left"]["render"], params={"width": 300, "height": 180}).text == before
        vote = again.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": resumed["pair"], "choice": "right"}, headers=as_user("Ada"))
        assert vote.status_code == 201 and vote.json()["votes"] == 2
        # The variations' parameters were kept with the round: the result shows them.
        result = again.request("POST", f"/api/rounds/{round_id}/close", headers=as_user("Ada")).json()
        assert len(result["ranking"]) == 3 and all(e["parameters"] for e in result["ranking"])
    finally:
        again.close()


def test_save_a_winner_as_a_preset_naming_the_round(fresh_server):
    s = fresh_server
    round_id = s.request("POST", "/api/rounds", json={"variationsOf": "Default", "count": 2}, headers=as_user("Ada")).json()["id"]
    while (pair := s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ada")).json())["pair"]:
        s.request("POST", f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": "left"}, headers=as_user("Ada"))
    token = pair and s.get(f"/api/rounds/{round_id}").json()  # open: no ranking to pick from yet
    assert token["ranking"] == []
    some = s.get(f"/api/rounds/{round_id}/next", headers=as_user("Ben")).json()["left"]["candidate"]
    early = s.request("POST", f"/api/rounds/{round_id}/candidates/{some}/save", json={"name": "Too early"}, headers=as_user("Ben"))
    assert early.status_code == 409
    result = s.request("POST", f"/api/rounds/{round_id}/close", headers=as_user("Ada")).json()
    winner = result["ranking"][0]
    saved = s.request("POST", f"/api/rounds/{round_id}/candidates/{winner['candidate']}/save", json={"name": "Round winner"}, headers=as_user("Ada"))  # who voted (since issue 34: not Ben, who did not)
    assert saved.status_code == 201, saved.text
    assert saved.json()["parameters"] == winner["parameters"]
    revisions = s.get("/api/presets/" + quote("Round winner") + "/revisions").json()
    revisions = revisions.get("revisions", revisions) if isinstance(revisions, dict) else revisions
    first = revisions[-1]
    assert round_id in first["message"] and "blind round" in first["message"] and winner["name"] in first["message"]
    log = s.get("/api/log", params={"preset": "Round winner"}).json()
    assert log[0]["author"] == "Ada" and round_id in log[0]["summary"]
    again = s.request("POST", f"/api/rounds/{round_id}/candidates/{winner['candidate']}/save", json={"name": "Round winner"}, headers=as_user("Ada"))
    assert again.status_code == 409
    assert s.request("POST", f"/api/rounds/{round_id}/candidates/nope/save", json={"name": "X"}).status_code == 404
