"""Answers richer than a pair (issue #38): a stop on a line, a pick in a gallery of nine and an
edit by hand go into the same round through the HTTP API; the round, the decision log and a
saved best say them by kind and person, and they survive a restart."""
import json
import random

from test_explore import answer, as_user, next_pair, start
from workbench_server import Server, small_csv

KEYS = ["inactiveLineWidth", {"key": "fillTopOpacity", "min": 0, "max": 1}, "inactiveCurve"]


def edit(s, rid, values, user="Ada"):
    return s.request("POST", f"/api/explore/{rid}/edits", json={"values": values}, headers=as_user(user))


def test_a_line_a_gallery_and_an_edit_in_one_round(fresh_server):
    s = fresh_server
    started = start(s, {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": 11}, user="Dana")
    rid = started["id"]
    default = s.get("/api/presets/Default").json()["parameters"]
    assert started["start"]["values"] == {"inactiveLineWidth": default["inactiveLineWidth"], "fillTopOpacity": default["fillTopOpacity"],
                                          "inactiveCurve": default["inactiveCurve"]}
    assert started["start"]["parameters"]["inactiveLineWidth"] == default["inactiveLineWidth"]

    line = next_pair(s, rid, user="Pat", kind="line")
    assert line["kind"] == "line" and [c["id"] for c in line["candidates"]] == [str(i) for i in range(21)]
    widths = [c["values"]["inactiveLineWidth"] for c in line["candidates"]]
    # One straight line: the width moves one way from stop 0 to stop 20.
    assert widths == sorted(widths) or widths == sorted(widths, reverse=True), widths
    assert widths[0] != widths[-1]
    # Asking again hands out the same line; a stop off the line, or none, is refused.
    assert next_pair(s, rid, user="Pat", kind="line")["ticket"] == line["ticket"]
    for bad in ["none", "21", "j"]:
        r = s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": line["ticket"], "choice": bad}, headers=as_user("Pat"))
        assert r.status_code == 400 and r.json()["error"]["field"] == "choice", r.text
    done = answer(s, rid, line["ticket"], "7", user="Pat")
    assert done["kind"] == "line" and done["answers"] >= 2   # the stop beats both ends (and its neighbours a quarter away)

    gallery = next_pair(s, rid, user="Sam", kind="gallery")
    assert gallery["kind"] == "gallery" and [c["id"] for c in gallery["candidates"]] == list("abcdefghi")
    assert len({repr(sorted(c["values"].items())) for c in gallery["candidates"]}) >= 5   # a plane, not one chart nine times
    r = s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": gallery["ticket"], "choice": "none"}, headers=as_user("Sam"))
    assert r.status_code == 400
    before = s.get(f"/api/explore/{rid}").json()["answers"]
    assert answer(s, rid, gallery["ticket"], "c", user="Sam")["kind"] == "gallery"
    assert s.get(f"/api/explore/{rid}").json()["answers"] - before >= 5   # the pick beats each other chart it differs from

    # Asking for another kind replaces the ticket held.
    pair = next_pair(s, rid, user="Dana")
    assert pair["kind"] == "pair" and len(pair["candidates"]) == 2
    answer(s, rid, pair["ticket"], "b", user="Dana")

    best = s.get(f"/api/explore/{rid}/best").json()
    width = best["values"]["inactiveLineWidth"]
    kept = 1 if width > 4 else 9
    r = edit(s, rid, {"inactiveLineWidth": kept}, user="Dana")
    assert r.status_code == 201 and r.json()["kind"] == "edit", r.text
    # Refusals name the value: not a parameter of the round, a value its definition refuses, none at all.
    for values, field in [({"smoothingAlpha": 0.5}, "values.smoothingAlpha"), ({"inactiveLineWidth": -3}, "values.inactiveLineWidth"),
                          ({"nonsense": 1}, "values.nonsense"), ({}, "values")]:
        r = edit(s, rid, values, user="Dana")
        assert r.status_code == 400 and r.json()["error"]["field"] == field, (values, r.text)
    same = s.get(f"/api/explore/{rid}/best").json()["values"]
    r = edit(s, rid, same, user="Dana")
    assert r.status_code == 409 and r.json()["error"]["code"] == "nothing_changed", r.text

    round_ = s.get(f"/api/explore/{rid}").json()
    assert round_["answersByKind"] == {"pair": 1, "four": 0, "line": 1, "gallery": 1, "edit": 1, "text": "1 pair, 1 line, 1 gallery pick and 1 edit", "people": [
        {"person": "Pat", "pair": 0, "four": 0, "line": 1, "gallery": 0, "edit": 0, "text": "1 line"},
        {"person": "Sam", "pair": 0, "four": 0, "line": 0, "gallery": 1, "edit": 0, "text": "1 gallery pick"},
        {"person": "Dana", "pair": 1, "four": 0, "line": 0, "gallery": 0, "edit": 1, "text": "1 pair and 1 edit"}]}
    assert [(h["person"], h["kind"], h["choice"]) for h in round_["history"]] == [
        ("Pat", "line", "7"), ("Sam", "gallery", "c"), ("Dana", "pair", "b"), ("Dana", "edit", "edit")]
    assert round_["history"][-1]["edited"].startswith("Inactive line width"), round_["history"][-1]
    assert [h["text"] for h in round_["history"][:2]] == ["stopped the line at stop 7 of 0–20", "picked C in a gallery of 9"]
    log = [e for e in s.get("/api/log").json() if e["kind"] == "explore-answer"]
    summaries = " | ".join(e["summary"] for e in log)
    for words in ["stopped the line at stop 7 of 0–20", "picked C in a gallery of 9", "picked B of a pair", "edited by hand: Inactive line width"]:
        assert words in summaries, summaries
    # A line's stop and a gallery's pick say their values, as the candidates showed them.
    for kind, shown in [("line", line["candidates"][7]["values"]), ("gallery", gallery["candidates"][2]["values"])]:
        said = next(e["summary"] for e in log if e["details"]["kind"] == kind)
        assert f": Inactive line width {shown['inactiveLineWidth']:g} px, Top opacity {shown['fillTopOpacity']:g}, Inactive curve " in said, said
    assert {e["details"]["kind"] for e in log} == {"line", "gallery", "pair", "edit"}
    # A pair's says the values that differed, the chosen one's (b) over the other's.
    said = next(e["summary"] for e in log if e["details"]["kind"] == "pair")
    chosen, other = (c["values"] for c in pair["candidates"][::-1])
    assert chosen != other
    if chosen["inactiveLineWidth"] != other["inactiveLineWidth"]:
        assert f"Inactive line width {chosen['inactiveLineWidth']:g} px over {other['inactiveLineWidth']:g} px" in said, said
    else:
        assert "Inactive line width" not in said, said
    if chosen["fillTopOpacity"] != other["fillTopOpacity"]:
        assert f"Top opacity {chosen['fillTopOpacity']:g} over {other['fillTopOpacity']:g}" in said, said
    assert (chosen["inactiveCurve"] != other["inactiveCurve"]) == ("Inactive curve " in said), said

    # Kept across a restart; the saved best names the round, the answers by kind and who agreed.
    s.stop()
    again = Server(presets_dir=s.presets, data_csv=small_csv())
    try:
        kept = again.get(f"/api/explore/{rid}").json()
        assert kept["answersByKind"] == round_["answersByKind"] and kept["history"] == round_["history"]
        r = again.request("POST", f"/api/explore/{rid}/save", json={"name": "Kinds"}, headers=as_user("Dana"))
        assert r.status_code == 201, r.text
        saved = r.json()
        assert saved["answersByKind"]["line"] == 1 and sorted(saved["agreed"] + saved["disagreed"]) == ["Dana", "Pat", "Sam"]
        assert saved["message"].startswith(f"From the Explore round Dana started from “Default” (round {rid}): the team's best after ") and "1 pair, 1 line, 1 gallery pick and 1 edit" in saved["message"]
        assert saved["whoAgreed"].startswith(("Agreed, by their answers: ", "By their answers, no one agreed: "))
        entry = next(e for e in again.get("/api/log").json() if e["kind"] == "explore-saved")
        assert entry["details"]["agreed"] == saved["agreed"] and entry["details"]["answersByKind"]["edit"] == 1
        assert saved["whoAgreed"] in entry["summary"] and saved["whoAgreed"] in saved["message"]
        # Each person's answers by kind, in the preset's message and the log's words.
        by_person = "from Pat (1 line), Sam (1 gallery pick) and Dana (1 pair and 1 edit)"
        assert by_person in saved["message"] and by_person in entry["summary"], (saved["message"], entry["summary"])
        assert entry["summary"].endswith(". " + saved["whoAgreed"]), entry["summary"]
        # Every page reads who agreed with each save from the round, not only the saver's.
        assert again.get(f"/api/explore/{rid}").json()["saves"] == [{"name": "Kinds", "whoAgreed": saved["whoAgreed"]}]
    finally:
        again.close()


def test_lines_alone_find_the_width_people_like(fresh_server):
    """A person who likes 3 px lines and stops on each line where it is closest to that: after
    ten lines the team's best is near 3 px."""
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": ["inactiveLineWidth", {"key": "fillTopOpacity", "min": 0, "max": 1}],
                    "endWhenStable": False, "seed": 3}, user="Ada")["id"]
    rng = random.Random(2)
    for _ in range(10):
        line = next_pair(s, rid, user="Ada", kind="line")
        liking = [-abs(c["values"]["inactiveLineWidth"] - 3) + rng.gauss(0, 0.2) for c in line["candidates"]]
        answer(s, rid, line["ticket"], str(max(range(21), key=liking.__getitem__)), user="Ada")
    best = s.get(f"/api/explore/{rid}/best").json()
    assert abs(best["values"]["inactiveLineWidth"] - 3) <= 1.5, best["values"]


def test_a_line_and_a_gallery_say_whether_they_start_at_the_teams_best(fresh_server):
    """The round's first questions start from points spread over the space, not from the team's
    best: `fromBest` says so (the page names a line's start by it). Once those are answered, a
    line starts at the best and a gallery is centred on it."""
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": 5}, user="Ada")["id"]
    first = next_pair(s, rid, user="Ada", kind="line")
    assert first["fromBest"] is False   # no answer yet: there is no best
    answer(s, rid, first["ticket"], "3", user="Ada")
    early = next_pair(s, rid, user="Ada", kind="line")
    best = s.get(f"/api/explore/{rid}/best").json()["values"]
    assert early["fromBest"] == (early["candidates"][0]["values"] == best)
    answer(s, rid, early["ticket"], "10", user="Ada")
    for n in range(8):
        pair = next_pair(s, rid, user="Ada")
        answer(s, rid, pair["ticket"], "a" if n % 2 else "b", user="Ada")
    line = next_pair(s, rid, user="Ada", kind="line")
    best = s.get(f"/api/explore/{rid}/best").json()["values"]
    assert line["fromBest"] is True and line["candidates"][0]["values"] == best
    answer(s, rid, line["ticket"], "0", user="Ada")
    gallery = next_pair(s, rid, user="Ada", kind="gallery")
    best = s.get(f"/api/explore/{rid}/best").json()["values"]
    assert gallery["fromBest"] is True and gallery["candidates"][4]["values"] == best


def ada_and_ben_after_ten_answers(s):
    """A round for Ada and Ben that Ada has answered ten pairs of (past the far-apart first ones)."""
    rid = start(s, {"preset": "Default", "parameters": KEYS, "voters": ["Ada", "Ben"], "endWhenStable": False, "seed": 7}, user="Ada")["id"]
    for n in range(10):
        pair = next_pair(s, rid, user="Ada")
        answer(s, rid, pair["ticket"], "a" if n % 3 else "b", user="Ada")
    return rid


def test_a_line_left_while_others_move_the_best_is_asked_afresh(fresh_server):
    """Ada leaves a line from the team's best unanswered; asking again gives the same line until
    Ben's answers move the best, then a new one from the best as it is (the old one is gone)."""
    s = fresh_server
    rid = ada_and_ben_after_ten_answers(s)
    line = next_pair(s, rid, user="Ada", kind="line")
    assert line["fromBest"] is True
    assert next_pair(s, rid, user="Ada", kind="line")["ticket"] == line["ticket"]   # nothing answered since
    start_values = line["candidates"][0]["values"]
    for n in range(30):   # Ben likes the widest line of each pair
        pair = next_pair(s, rid, user="Ben")
        widths = [c["values"]["inactiveLineWidth"] for c in pair["candidates"]]
        answer(s, rid, pair["ticket"], "ab"[widths.index(max(widths))], user="Ben")
        if s.get(f"/api/explore/{rid}/best").json()["values"] != start_values:
            break
    best = s.get(f"/api/explore/{rid}/best").json()["values"]
    assert best != start_values, "Ben's answers did not move the best"
    again = next_pair(s, rid, user="Ada", kind="line")
    assert again["ticket"] != line["ticket"] and again["fromBest"] is True and again["candidates"][0]["values"] == best
    assert next_pair(s, rid, user="Ada", kind="line")["ticket"] == again["ticket"]
    # The old line, still shown in another tab of Ada's, is a comparison she made: it counts.
    answers = s.get(f"/api/explore/{rid}").json()["answers"]
    old = answer(s, rid, line["ticket"], "4", user="Ada")
    assert old["kind"] == "line" and old["answers"] > answers


def test_a_four_left_while_others_move_the_best_is_asked_afresh(fresh_server):
    """As a line: Ada's four stays hers while nothing is answered, and while one of its charts is
    the team's best; once Ben's answers move the best off all four, asking again gives new ones."""
    s = fresh_server
    rid = ada_and_ben_after_ten_answers(s)
    four = next_pair(s, rid, user="Ada", count="4")
    assert next_pair(s, rid, user="Ada", count="4")["ticket"] == four["ticket"]   # nothing answered since
    shown = [c["values"] for c in four["candidates"]]
    # Four charts are four: the second pair leaves out the first's best and challenger.
    assert len({json.dumps(v, sort_keys=True) for v in shown}) == 4, shown
    assert s.get(f"/api/explore/{rid}/best").json()["values"] in shown
    for n in range(30):   # Ben likes the widest line of each pair
        pair = next_pair(s, rid, user="Ben")
        widths = [c["values"]["inactiveLineWidth"] for c in pair["candidates"]]
        answer(s, rid, pair["ticket"], "ab"[widths.index(max(widths))], user="Ben")
        best = s.get(f"/api/explore/{rid}/best").json()["values"]
        again = next_pair(s, rid, user="Ada", count="4")
        if best in shown:
            assert again["ticket"] == four["ticket"], n   # one of its charts is still the best
        else:
            break
    assert best not in shown, "Ben's answers did not move the best off Ada's four"
    assert again["ticket"] != four["ticket"] and len({json.dumps(c["values"], sort_keys=True) for c in again["candidates"]}) == 4
    answer(s, rid, again["ticket"], "b", user="Ada")
    answer(s, rid, four["ticket"], "a", user="Ada")   # still shown in another tab of hers: it counts
    twice = s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": four["ticket"], "choice": "a"}, headers=as_user("Ada"))
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "unknown_ticket", twice.text


def test_kind_and_edit_refusals_and_the_document(fresh_server):
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": ["inactiveLineWidth"], "seed": 1}, user="Ada")["id"]
    r = s.request("GET", f"/api/explore/{rid}/next", params={"kind": "edit"}, headers=as_user("Ada"))
    assert r.status_code == 400 and r.json()["error"]["field"] == "kind"
    r = s.request("POST", f"/api/explore/{rid}/edits", data="{\"values\": 3}", headers={**as_user("Ada"), "Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["field"] == "values"
    doc = s.get("/api/openapi.json").json()
    edits = doc["paths"]["/api/explore/{id}/edits"]["post"]
    assert "inactiveLineWidth" in edits["requestBody"]["content"]["application/json"]["schema"]["properties"]["values"]["properties"]
    kinds = next(p for p in doc["paths"]["/api/explore/{id}/next"]["get"]["parameters"] if p["name"] == "kind")
    assert kinds["schema"]["enum"] == ["pair", "line", "gallery"]
    saved = doc["paths"]["/api/explore/{id}/save"]["post"]["responses"]["201"]["content"]["application/json"]["schema"]
    assert {"answersByKind", "agreed", "disagreed"} <= set(saved["required"])


def test_switching_kinds_hands_out_nothing_new(fresh_server):
    """A person holds one question of each kind: asking for line, gallery, pair and four in turn,
    again and again, hands back the same tickets (each new one would add proposals the round
    keeps for good, until it is full for everyone)."""
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": KEYS, "voters": ["Pat", "Priya"], "seed": 2}, user="Pat")["id"]
    first = {}
    for n in range(60):
        kind, count = [("line", None), ("gallery", None), ("pair", "2"), ("pair", "4")][n % 4]
        query = {"kind": kind, **({"count": count} if count else {})}
        ticket = next_pair(s, rid, user="Pat", **query)["ticket"]
        assert first.setdefault((kind, count), ticket) == ticket, (n, kind, count)
    assert next_pair(s, rid, user="Priya", kind="gallery")["kind"] == "gallery"
    # Each of Pat's questions can still be answered.
    answer(s, rid, first[("line", None)], "3", user="Pat")
    answer(s, rid, first[("gallery", None)], "b", user="Pat")
    assert s.get(f"/api/explore/{rid}").json()["answersByKind"]["text"] == "1 line and 1 gallery pick"
    # A pick among four is asked as a pair is, and counted and said as what it is.
    answer(s, rid, first[("pair", "4")], "c", user="Pat")
    answer(s, rid, next_pair(s, rid, user="Priya")["ticket"], "a", user="Priya")
    round_ = s.get(f"/api/explore/{rid}").json()
    assert round_["history"][-2]["text"] == "picked C among four"
    # The log says the pick's values over the other three's, each distinct value once.
    said = [e["summary"] for e in s.get("/api/log").json() if e["kind"] == "explore-answer" and "picked C among four" in e["summary"]]
    assert len(said) == 1 and " over " in said[0], said
    by_kind = round_["answersByKind"]
    assert (by_kind["pair"], by_kind["four"], by_kind["text"]) == (1, 1, "1 pair, 1 pick among four, 1 line and 1 gallery pick")
    assert [p["text"] for p in by_kind["people"]] == ["1 pick among four, 1 line and 1 gallery pick", "1 pair"]
    r = s.request("POST", f"/api/explore/{rid}/save", json={"name": "Fours"}, headers=as_user("Pat"))
    assert r.status_code == 201, r.text
    assert "from Pat (1 pick among four, 1 line and 1 gallery pick) and Priya (1 pair)" in r.json()["message"], r.json()["message"]


def test_refusals_name_what_is_wrong(fresh_server):
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": KEYS, "seed": 2}, user="Ada")["id"]
    for query, field in [({"count": "3"}, "count"), ({"count": "abc"}, "count"), ({"svg": "TRUE"}, "svg"), ({"kind": "LINE"}, "kind"),
                         ([("count", "abc"), ("count", "4")], "count"), ([("kind", "line"), ("kind", "gallery")], "kind")]:
        r = s.request("GET", f"/api/explore/{rid}/next", params=query, headers=as_user("Ada"))
        assert r.status_code == 400 and r.json()["error"]["field"] == field, (query, r.text)
    pair = next_pair(s, rid, user="Ada")
    for body, field in [({"ticket": pair["ticket"], "choice": "a", "weight": 100}, "weight"), ({"ticket": "x" * 100, "choice": "a"}, "ticket")]:
        r = s.request("POST", f"/api/explore/{rid}/answers", json=body, headers=as_user("Ada"))
        assert r.status_code == 400 and r.json()["error"]["field"] == field, (body, r.text)
    r = edit(s, rid, {"inactiveLineWidth": 9}, user="Ada")
    r = s.request("POST", f"/api/explore/{rid}/edits", json={"values": {"inactiveLineWidth": 2}, "person": "Pat"}, headers=as_user("Ada"))
    assert r.status_code == 400 and r.json()["error"]["field"] == "person", r.text
    assert [h["person"] for h in s.get(f"/api/explore/{rid}").json()["history"]] == ["Ada"]   # only the edit made


def test_lines_and_galleries_in_an_honest_round(fresh_server):
    """Under the honesty check a line or a gallery shrinks towards the best until every chart on
    it passes (its challengers pass; their opposites and mixes may not)."""
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": ["inactiveLineWidth", "inactiveCurve", {"key": "fillTopOpacity", "min": 0, "max": 1}],
                    "honesty": True, "endWhenStable": False, "seed": 5}, user="Ada")["id"]
    refused = 0
    for n, person in enumerate(["Ada", "Ben", "Cy", "Dee", "Eve", "Fay"]):
        kind = "gallery" if n % 2 == 0 else "line"
        r = s.request("GET", f"/api/explore/{rid}/next", params={"kind": kind}, headers=as_user(person))
        if r.status_code == 409:
            refused += 1
            assert r.json()["error"]["code"] == "no_honest_candidate" and "ask for a pair" in r.json()["error"]["message"]
            continue
        assert r.status_code == 200, r.text
        answer(s, rid, r.json()["ticket"], "c" if kind == "gallery" else "4", user=person)
    assert refused <= 1, refused
