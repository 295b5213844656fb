"""Explore rounds over HTTP: start, candidates (parameters present, names absent), answers by
person, the best with its changes in words, end, save as preset, the decision log, the OpenAPI
document, a restart that keeps everything, and a short check that the best learns."""
import math
import random
import re
from urllib.parse import quote

from workbench_server import Server, opened_db, small_csv

PRESET_NAMES = ["Default", "Designer's favourite", "PM's favourite"]


def as_user(name):
    return {"X-Workbench-User": quote(name), "X-Workbench-Client": "client-" + name}


def start(s, body, user="Ada"):
    r = s.request("POST", "/api/explore", json=body, headers=as_user(user))
    assert r.status_code == 201, r.text
    return r.json()


def next_pair(s, rid, user="Ada", **query):
    r = s.request("GET", f"/api/explore/{rid}/next", params=query, headers=as_user(user))
    assert r.status_code == 200, r.text
    return r.json()


def answer(s, rid, ticket, choice, user="Ada"):
    r = s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": ticket, "choice": choice}, headers=as_user(user))
    assert r.status_code == 201, r.text
    return r.json()


def test_a_round_from_start_to_saved_preset_survives_a_restart(fresh_server):
    s = fresh_server
    default = s.get("/api/presets/Default").json()["parameters"]
    round_ = start(s, {"preset": "Default", "parameters": ["inactiveLineWidth", {"key": "animationDuration", "min": 0.2, "max": 1}, "inactiveCurve"],
                       "voters": ["Ada", "Ben"], "seed": 5})
    rid = round_["id"]
    assert round_["state"] == "open" and round_["answers"] == 0 and round_["best"] is None
    assert [p["key"] for p in round_["parameters"]] == ["inactiveLineWidth", "animationDuration", "inactiveCurve"]
    # A label four motions share is said with its group; one of its own as it is.
    assert [p["label"] for p in round_["parameters"]] == ["Inactive line width", "Animation duration", "Inactive curve"]
    started = next(e for e in s.get("/api/log").json() if e["kind"] == "explore-started")
    assert started["summary"].endswith("over inactive line width, animation duration, inactive curve for Ada, Ben"), started
    assert round_["parameters"][1]["min"] == 0.2 and round_["parameters"][1]["max"] == 1
    assert "natural" in round_["parameters"][2]["options"]
    # Each number's step, the schema's: a client knows the grid the round's values lie on.
    steps = {d["key"]: d.get("step") for d in s.get("/api/schema").json()["parameters"]}
    assert [p["step"] for p in round_["parameters"]] == [steps["inactiveLineWidth"], steps["animationDuration"], None]
    assert s.request("GET", f"/api/explore/{rid}/best").status_code == 409

    pair = next_pair(s, rid, svg="true")
    text = s.request("GET", f"/api/explore/{rid}/next", headers=as_user("Ada")).text
    assert not any(name in text for name in PRESET_NAMES), "candidates carry no names"
    assert [c["id"] for c in pair["candidates"]] == ["a", "b"]
    for c in pair["candidates"]:
        assert set(c["values"]) == {"inactiveLineWidth", "animationDuration", "inactiveCurve"}
        assert 0.2 <= c["values"]["animationDuration"] <= 1
        # The candidate is the starting preset with the moving parameters changed: a new point.
        assert c["parameters"]["lineColor"] == default["lineColor"]
        assert all(c["parameters"][k] == v for k, v in c["values"].items())
        assert c["svg"]["rest"].startswith("<svg") and c["svg"]["pressed"].startswith("<svg") and c["svg"]["rest"] != c["svg"]["pressed"]
    assert next_pair(s, rid)["ticket"] == pair["ticket"], "the same candidates until answered"
    # Someone not named may not answer; someone else's ticket is not theirs.
    assert s.request("GET", f"/api/explore/{rid}/next", headers=as_user("Eve")).status_code == 403
    assert s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": pair["ticket"], "choice": "a"}, headers=as_user("Ben")).status_code == 403

    recorded = answer(s, rid, pair["ticket"], "a")
    assert recorded["answers"] == 1 and recorded["best"]["answers"] == 1
    assert s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": pair["ticket"], "choice": "a"}, headers=as_user("Ada")).status_code == 409
    ben = next_pair(s, rid, user="Ben")
    answer(s, rid, ben["ticket"], "none", user="Ben")
    four = next_pair(s, rid, count="4")
    assert [c["id"] for c in four["candidates"]] == ["a", "b", "c", "d"]
    after = answer(s, rid, four["ticket"], "c")
    assert after["answers"] == 2 + 1 + 2, "a pick of four beats the other three"

    best = s.request("GET", f"/api/explore/{rid}/best").json()
    assert best["sd"] > 0 and math.isfinite(best["mean"]) and best["stableAfter"] == 24
    # A choice reads as the page's controls name it ("Natural spline", not "natural").
    labels = {p["key"]: p["optionLabels"] for p in s.get("/api/schema").json()["parameters"] if p.get("optionLabels")}
    for change in best["changes"]:
        assert change["text"].startswith(change["label"] + " ") and " → " in change["text"]
        assert default[change["key"]] == change["from"] and best["values"][change["key"]] == change["to"]
        if change["key"] in labels:
            assert change["text"].endswith(" → " + labels[change["key"]][change["to"]]), change
    assert best["summary"] == (", ".join(c["text"] for c in best["changes"]) or "the starting preset")

    shown = s.request("GET", f"/api/explore/{rid}").json()
    assert [h["person"] for h in shown["history"]] == ["Ada", "Ben", "Ada"] and shown["people"] == ["Ada", "Ben"]

    saved = s.request("POST", f"/api/explore/{rid}/save", json={"name": "Team pick"}, headers=as_user("Ben"))
    assert saved.status_code == 201, saved.text
    assert s.request("POST", f"/api/explore/{rid}/save", json={"name": "Team pick"}, headers=as_user("Ben")).status_code == 409
    preset = s.get("/api/presets/" + quote("Team pick")).json()
    assert all(preset["parameters"][k] == v for k, v in best["values"].items())
    first = s.get("/api/presets/" + quote("Team pick") + "/revisions").json()[-1]
    assert rid in first["message"] and "3 answers (2 pairs and 1 pick among four; 5 comparisons)" in first["message"]

    ended = s.request("POST", f"/api/explore/{rid}/end", headers=as_user("Ada")).json()
    assert ended["state"] == "ended" and ended["endReason"] == "ended" and ended["endedBy"] == "Ada"
    assert s.request("GET", f"/api/explore/{rid}/next", headers=as_user("Ada")).status_code == 409

    kinds = [(e["kind"], e["author"]) for e in s.get("/api/log").json() if e["kind"].startswith("explore")]
    assert kinds[::-1] == [("explore-started", "Ada"), ("explore-answer", "Ada"), ("explore-answer", "Ben"), ("explore-answer", "Ada"),
                           ("explore-saved", "Ben"), ("explore-ended", "Ada")]

    # Restart on the same folder: the round, its answers and its best are as they were.
    s.stop()
    again = Server(presets_dir=s.presets, data_csv=small_csv())
    try:
        kept = again.get(f"/api/explore/{rid}").json()
        assert kept["state"] == "ended" and kept["answers"] == 5 and kept["saved"] == ["Team pick"]
        assert kept["best"]["values"] == best["values"] and [h["person"] for h in kept["history"]] == ["Ada", "Ben", "Ada"]
    finally:
        again.close()


def test_a_round_continues_after_a_restart_and_records_proposals(fresh_server):
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": ["inactiveLineWidth", "fillEnabled"], "seed": 1})["id"]
    pair = next_pair(s, rid)
    answer(s, rid, pair["ticket"], "b")
    waiting = next_pair(s, rid)
    s.stop()
    again = Server(presets_dir=s.presets, data_csv=small_csv())
    try:
        resumed = again.request("GET", f"/api/explore/{rid}/next", headers=as_user("Ada")).json()
        assert resumed["ticket"] == waiting["ticket"] and resumed["candidates"][0]["values"] == waiting["candidates"][0]["values"]
        r = again.request("POST", f"/api/explore/{rid}/answers", json={"ticket": resumed["ticket"], "choice": "a"}, headers=as_user("Ada"))
        assert r.status_code == 201 and r.json()["answers"] == 2
    finally:
        again.close()
    with opened_db(s.presets / ".workbench.sqlite") as db:
        proposals = db.execute("SELECT person, candidates FROM explore_proposals WHERE round = ?", (rid,)).fetchall()
        answers = db.execute("SELECT person, choice, candidates FROM explore_answers WHERE round = ? ORDER BY id", (rid,)).fetchall()
    assert len(proposals) == 2 and all(p[0] == "Ada" and "inactiveLineWidth" in p[1] for p in proposals)
    assert [(a[0], a[1]) for a in answers] == [("Ada", "b"), ("Ada", "a")] and "fillEnabled" in answers[0][2]


def test_start_refusals_and_the_document(server):
    s = server
    for body, field in [({"parameters": ["inactiveLineWidth"]}, "preset"),
                        ({"preset": "Default", "parameters": []}, "parameters"),
                        ({"preset": "Default", "parameters": ["noSuchThing"]}, "parameters[0]"),
                        ({"preset": "Default", "parameters": ["inactiveLineWidth", "inactiveLineWidth"]}, "parameters[1]"),
                        ({"preset": "Default", "parameters": [{"key": "inactiveCurve", "min": 1}]}, "parameters[0]"),
                        ({"preset": "Default", "parameters": [{"key": "inactiveLineWidth", "min": 5, "max": 99}]}, "parameters[0]"),
                        # A range of one value on the grid could not move: min = max, or between two steps (0.5 px).
                        ({"preset": "Default", "parameters": ["inactiveCurve", {"key": "inactiveLineWidth", "min": 3, "max": 3}]}, "parameters[1]"),
                        ({"preset": "Default", "parameters": [{"key": "inactiveLineWidth", "min": 3.1, "max": 3.4}]}, "parameters[0]"),
                        ({"preset": "Default", "parameters": [{"key": "smoothingWindow", "min": 5, "max": 6}]}, "parameters[0]"),
                        ({"preset": "Default", "parameters": ["inactiveLineWidth"], "stableAfter": 1}, "stableAfter")]:
        r = s.request("POST", "/api/explore", json=body)
        assert r.status_code == 400 and r.json()["error"]["field"] == field, (body, r.text)
    r = s.request("POST", "/api/explore", json={"preset": "Default", "parameters": [{"key": "inactiveLineWidth", "min": 3, "max": 3}]})
    assert "holds one value on the slider's grid, so inactiveLineWidth could not move: widen it" in r.json()["error"]["message"], r.text
    assert s.request("POST", "/api/explore", json={"preset": "Default", "parameters": [{"key": "inactiveLineWidth", "min": 3, "max": 3.5}]}).status_code == 201
    assert s.request("POST", "/api/explore", json={"preset": "Nope", "parameters": ["inactiveLineWidth"]}).status_code == 404
    # A parameter that could change no candidate: Bounce under Default's ease in-out, unless the easing moves too.
    r = s.request("POST", "/api/explore", json={"preset": "Default", "parameters": ["inactiveLineWidth", "springBounce"]})
    assert r.status_code == 400 and r.json()["error"]["field"] == "parameters[1]", r.text
    assert "“Bounce” changes the chart only while Animation easing is" in r.text and "let Animation easing move too" in r.text, r.text
    assert s.request("POST", "/api/explore", json={"preset": "Default", "parameters": ["springBounce", "easing"]}).status_code == 201
    assert s.get("/api/explore/nope").status_code == 404
    doc = s.get("/api/openapi.json").json()
    for path in ["/api/explore", "/api/explore/{id}/next", "/api/explore/{id}/answers", "/api/explore/{id}/best", "/api/explore/{id}",
                 "/api/explore/{id}/end", "/api/explore/{id}/save"]:
        assert path in doc["paths"], path
    best = doc["paths"]["/api/explore/{id}/best"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert {"mean", "sd", "changes", "summary", "stableAfter"} <= set(best["required"])


def test_the_best_learns_from_a_careful_person(fresh_server):
    """One person of low noise with a hidden taste: line width 9 px and the monotone curve. The
    best after 24 answers is much nearer the hidden best than the starting preset is."""
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": ["inactiveLineWidth", "inactiveCurve"], "endWhenStable": False, "seed": 11})["id"]
    rng = random.Random(4)

    def taste(v):
        return -((v["inactiveLineWidth"] - 9) / 11.5) ** 2 - (0 if v["inactiveCurve"] == "monotone" else 0.15)

    def distance(v):
        return math.hypot((v["inactiveLineWidth"] - 9) / 11.5, 0 if v["inactiveCurve"] == "monotone" else 1)

    start_values = {"inactiveLineWidth": s.get("/api/presets/Default").json()["parameters"]["inactiveLineWidth"], "inactiveCurve": "natural"}
    for n in range(1, 25):
        pair = next_pair(s, rid)
        a, b = (c["values"] for c in pair["candidates"])
        p = 1 / (1 + math.exp(-(taste(a) - taste(b)) / 0.02))
        recorded = answer(s, rid, pair["ticket"], "a" if rng.random() < p else "b")
        # The best each answer's reply says is the one every read says after it (kept once computed).
        assert recorded["best"]["answers"] == n
        assert s.get(f"/api/explore/{rid}").json()["best"] == recorded["best"] == s.get(f"/api/explore/{rid}/best").json()
    best = s.request("GET", f"/api/explore/{rid}/best").json()["values"]
    assert distance(best) < 0.25 < distance(start_values), best
    assert best["inactiveCurve"] == "monotone"


def test_a_round_ends_by_itself_when_the_best_stays_put(fresh_server):
    """K = stableAfter answers without the best moving (after the first 8, far apart) end the round."""
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": ["fillEnabled", "lineCap"], "stableAfter": 3, "seed": 2})["id"]
    nones = 0
    for n in range(1, 41):
        pair = next_pair(s, rid)
        a, b = (c["values"] for c in pair["candidates"])
        choice = "a" if a["fillEnabled"] and not b["fillEnabled"] else "b" if b["fillEnabled"] and not a["fillEnabled"] else "none"
        nones += choice == "none"
        recorded = answer(s, rid, pair["ticket"], choice)
        if recorded["state"] == "ended":
            break
    assert recorded["state"] == "ended" and recorded["endReason"] == "stable", recorded
    assert 8 + 3 <= recorded["answers"] and recorded["best"]["isStable"] and recorded["best"]["values"]["fillEnabled"] is True
    assert s.request("GET", f"/api/explore/{rid}/next", headers=as_user("Ada")).status_code == 409
    ended = [e for e in s.get("/api/log").json() if e["kind"] == "explore-ended"]
    # No preference is said with the values that differed, as alternatives (only the cap here).
    said = [e["summary"] for e in s.get("/api/log").json() if e["kind"] == "explore-answer" and e["summary"].startswith("had no preference between the two")]
    assert nones and len(said) == nones and all(re.search(r": Line cap \w+ or \w+$", t) for t in said), said
    # Told by whoever gave the last answer, as theirs, not as their ending it.
    assert len(ended) == 1 and ended[0]["summary"].startswith(f"gave the last answer of Explore round {rid} from “Default”, which ended by itself after "), ended
    # "Settled", said with what it allows (a best may move a little and still count as settled).
    assert "the best had settled for 3 answers (the same choices, and every number within 10 % of its range of where it stood); the team's pick: " in ended[0]["summary"], ended
