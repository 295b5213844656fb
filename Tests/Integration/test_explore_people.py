"""Each person and the team (issue #38): two people who like other line widths but the same
curve answer a round; the best says each one's predicted liking of it and, parameter by
parameter, what each likes most, in the parameter definitions' words."""
import math
import random
import re

from test_explore import answer, as_user, next_pair, start

KEYS = ["inactiveLineWidth", "inactiveCurve"]


def test_the_best_says_where_people_agree_and_differ(fresh_server):
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": 4}, user="Ada")["id"]
    rng = random.Random(3)
    liked = {"Ada": 2, "Ben": 9}

    def liking(person, v):   # their own width; both like Monotone
        return -abs(v["inactiveLineWidth"] - liked[person]) / 11.5 - (0 if v["inactiveCurve"] == "monotone" else 0.4)

    for n in range(48):
        person = "Ada" if n % 2 == 0 else "Ben"
        pair = next_pair(s, rid, user=person)
        a, b = (c["values"] for c in pair["candidates"])
        p = 1 / (1 + math.exp(-(liking(person, a) - liking(person, b)) / 0.02))
        answer(s, rid, pair["ticket"], "a" if rng.random() < p else "b", user=person)

    best = s.request("GET", f"/api/explore/{rid}/best").json()
    people = {p["person"]: p for p in best["people"]}
    assert set(people) == {"Ada", "Ben"} and people["Ada"]["answers"] == people["Ben"]["answers"] == 24
    for p in people.values():
        assert p["sd"] > 0 and p["text"] == f"{p['person']} (24 answers): {p['liking']:+.2f} ± {p['sd']:.2f} over Default"
        # A difference the answers tell (how much more than the start), not a level they cannot.
        assert p["sd"] < 1, p
    # The team's liking is said as each person's is: over the start, a difference the answers tell.
    over = best["overStart"]
    assert 0 < over["sd"] < 1 and over["text"] == f"{over['liking']:+.2f} ± {over['sd']:.2f} over Default", over
    # Once people are told apart, it is the average of theirs (to the rounding of each).
    assert abs(over["liking"] - sum(p["liking"] for p in people.values()) / len(people)) < 1e-5, (over, people)
    agreement = {a["parameter"]: a for a in best["agreement"]}
    assert set(agreement) == set(KEYS)
    width, curve = agreement["inactiveLineWidth"], agreement["inactiveCurve"]
    assert width["label"] == "Inactive line width" and [p["person"] for p in width["people"]] == ["Ada", "Ben"]
    # Ada is predicted to like thinner lines than Ben; both like Monotone, as the team does.
    ada, ben = (p["value"] for p in width["people"])
    assert ada < ben and not width["agree"], width
    assert all(0 <= p["position"] <= 1 for p in width["people"] + [width["team"]])
    # The team's value is its best's, the compromise the changes list and a save state.
    assert width["team"]["value"] == best["values"]["inactiveLineWidth"] and curve["team"]["value"] == best["values"]["inactiveCurve"], (width, best["values"])
    # The plot's ends: the round's range of the width, in the definitions' words; a curve has none.
    spec = next(p for p in s.request("GET", f"/api/explore/{rid}").json()["parameters"] if p["key"] == "inactiveLineWidth")
    assert width["ends"] == [f"{spec['min']:g} px", f"{spec['max']:g} px"], (width["ends"], spec)
    assert curve["ends"] == []
    # Each person's value is said with how sure the model is that they like it more than the team's.
    def said(p):
        sure = p.get("sure")
        return f"{p['person']} {p['value']:g} px" + ("" if sure is None else f" ({math.floor(100 * sure)} % sure)" if sure >= 0.7 else f" ({math.floor(100 * sure)} %)")
    assert all(0.5 <= p["sure"] <= 1 for p in width["people"] if p["value"] != width["team"]["value"]), width
    assert width.get("team", {}).get("sure") is None
    assert max(p.get("sure") or 0 for p in width["people"]) >= 0.6, width   # someone sure enough to disagree
    # Values the model is not yet sure of are said after the team's; people whose value is the
    # team's are named with it.
    team_width = f"{width['team']['value']:g} px"
    counted = [said(p) for p in width["people"] if (p.get("sure") or 1) >= 0.7 and f"{p['value']:g} px" != team_width]
    with_team = [p["person"] for p in width["people"] if (p.get("sure") or 1) >= 0.7 and f"{p['value']:g} px" == team_width]
    unsure = [said(p) for p in width["people"] if (p.get("sure") or 1) < 0.7]
    assert width["text"] == "".join(f"{w}, " for w in counted[:-1]) + (f"{counted[-1]}; " if counted else "") \
        + f"{listed(with_team + ['the team'])} {team_width}" + (f"; not yet sure: {' and '.join(unsure)}" if unsure else ""), width
    assert curve["agree"] and curve["text"] == "everyone Monotone" and curve["team"]["value"] == "monotone", curve
    assert best["agreement"][0]["parameter"] == "inactiveLineWidth"   # disagreements first
    most, least = sorted(people.values(), key=lambda p: -p["liking"])
    # The compromise: who likes it most over the start, or, when the best holds the start's
    # values (a width anywhere between theirs costs the two the same here), that it is the start.
    start_values = s.request("GET", f"/api/explore/{rid}").json()["start"]["values"]
    compromise = ("The team's best is Default itself, the chart the round started from." if best["values"] == start_values else
                  f"Against Default, {most['person']} likes the team's best most ({most['liking']:+.2f}) and {least['person']} least ({least['liking']:+.2f}).")
    assert best["agreementSummary"] == (f"People differ on inactive line width: {width['text']}. They agree on inactive curve (Monotone). "
                                        + compromise), best["agreementSummary"]
    # Saving the compromise says who gives up what they would choose alone: the person the
    # team's width is far from does not agree.
    r = s.request("POST", f"/api/explore/{rid}/save", json={"name": "Compromise"}, headers=as_user("Ada"))
    assert r.status_code == 201, r.text
    saved = r.json()
    far = "Ben" if width["team"]["value"] < 5.5 else "Ada"
    # With what they would change: the width, from the team's towards their own.
    own = re.search(re.escape(far) + r" \(Inactive line width ([\d.]+) → ([\d.]+) px(?:, [^)]*)?\)", saved["whoAgreed"])
    assert saved["whoAgreed"].endswith(")" + (" would choose otherwise alone." if saved["agreed"] else ".")), saved["whoAgreed"]
    assert far in saved["disagreed"] and own, saved
    assert float(own.group(1)) == width["team"]["value"] and abs(float(own.group(2)) - liked[far]) < abs(width["team"]["value"] - liked[far]), saved
    # Every change named is one the panel counts as theirs, and only those: the save never has
    # someone change a parameter the panel says everyone agrees on.
    theirs = [a["label"] for a in best["agreement"]
              if any(p["person"] == far and (p.get("sure") or 0) >= 0.7 and p["text"] != a["team"]["text"] for p in a["people"])]
    inside = re.search(re.escape(far) + r" \(([^()]*)\)", saved["whoAgreed"]).group(1)
    assert inside.count(" → ") == len(theirs) and all(label in inside for label in theirs), (inside, theirs)
    def differs(person):
        return any(any(p["person"] == person and (p.get("sure") or 0) >= 0.7 and p["text"] != a["team"]["text"] for p in a["people"])
                   for a in best["agreement"])
    assert all(differs(p) for p in saved["disagreed"]) and not any(differs(p) for p in saved["agreed"]), (saved, best["agreement"])
    # The same in the round's best, and in the document.
    assert s.get(f"/api/explore/{rid}").json()["best"]["agreement"] == best["agreement"]
    doc = s.get("/api/openapi.json").json()
    schemas = doc["paths"]["/api/explore/{id}/best"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert {"people", "agreement", "agreementSummary"} <= set(schemas["required"])


def test_the_teams_value_is_its_best_after_every_answer(fresh_server):
    """The agreement's "the team" is the best's value, never the model's liked-most beside it (a
    walk read "the team 9.5 px" and the ring there beside a best of 8 px); with this seed the two
    differed after the sixth and eighth answers."""
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": 2}, user="Ada")["id"]
    rng = random.Random(3)
    liked = {"Ada": 2, "Ben": 9}
    for n in range(10):
        person = "Ada" if n % 2 == 0 else "Ben"
        pair = next_pair(s, rid, user=person)
        a, b = (c["values"] for c in pair["candidates"])
        p = 1 / (1 + math.exp(-(abs(b["inactiveLineWidth"] - liked[person]) - abs(a["inactiveLineWidth"] - liked[person])) / 11.5 / 0.02
                              - ((a["inactiveCurve"] == "monotone") - (b["inactiveCurve"] == "monotone")) * 0.4 / 0.02))
        answer(s, rid, pair["ticket"], "a" if rng.random() < p else "b", user=person)
        best = s.get(f"/api/explore/{rid}/best").json()
        for a in best["agreement"]:
            assert a["team"]["value"] == best["values"][a["parameter"]], (n, a, best["values"])


def test_before_the_answers_tell_people_apart_everyone_is_the_team(fresh_server):
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": 5}, user="Ada")["id"]
    for n in range(4):
        person = "Ada" if n % 2 == 0 else "Ben"
        pair = next_pair(s, rid, user=person)
        answer(s, rid, pair["ticket"], "a", user=person)
    best = s.request("GET", f"/api/explore/{rid}/best").json()
    assert best["agreementSummary"] == "The answers so far do not tell people's tastes apart: the model keeps one taste for the team."
    assert all(a["agree"] for a in best["agreement"])
    assert len({(p["liking"], p["sd"]) for p in best["people"]}) == 1


def listed(items):
    return " and ".join(items) if len(items) <= 2 else ", ".join(items[:-1]) + " and " + items[-1]


def test_the_summary_says_everyone_agrees_only_when_most_hold_the_teams_value(fresh_server):
    """Two people who half-heartedly like other widths: after each answer where no one surely
    differs, a parameter is said to be agreed on ("Everyone likes the same values") only when at
    least half of the people like the team's value; one whose own values mostly differ, none
    surely, is said "No one differs surely yet on …", and one that someone surely likes a little
    otherwise "They differ little on …" (walks read "Everyone likes the same values" above "Dana
    0.5 px (66 % sure: not counted)", "They agree on" a width everyone was not yet sure of, and
    "No one differs surely yet" above "Priya 12 px (70 % sure)")."""
    s = fresh_server
    rid = start(s, {"preset": "Default", "parameters": KEYS, "endWhenStable": False, "seed": 3}, user="Ada")["id"]
    rng = random.Random(1)
    unsure_seen = 0
    for n in range(30):
        person = "Ada" if n % 2 else "Ben"
        pair = next_pair(s, rid, user=person)
        widths = [c["values"]["inactiveLineWidth"] for c in pair["candidates"]]
        liked = widths.index(min(widths) if person == "Ada" else max(widths))
        answer(s, rid, pair["ticket"], "ab"[liked] if rng.random() < 0.6 else rng.choice("ab"), user=person)
        best = s.get(f"/api/explore/{rid}/best").json()
        summary, agreement = best["agreementSummary"], best["agreement"]
        if len(best["people"]) < 2 or summary.startswith("The answers so far") or not all(a["agree"] for a in agreement):
            continue
        close = [a for a in agreement if any((p.get("sure") or 0) >= 0.7 for p in a["people"])]
        holds = [a for a in agreement if a not in close and 2 * sum(p.get("sure") is None for p in a["people"]) >= len(a["people"])]
        apart = [a for a in agreement if a not in close and a not in holds]
        def said(a, valued=""):
            return f"{a['label'][0].lower()}{a['label'][1:]} ({valued}{a['team']['text']})"
        expected = "".join(f"They differ little on {a['label'][0].lower()}{a['label'][1:]}: {a['text']}. " for a in close[:2]) \
            + (f"And little on {len(close) - 2} more. " if len(close) > 2 else "") \
            + (f"Everyone likes the same values: {listed([said(a) for a in holds])}. " if holds else "") \
            + (f"No one differs surely yet on {listed([said(a, 'the team ') for a in apart])}. " if apart else "")
        assert summary.startswith(expected + "Against Default, "), (n, summary, expected)
        unsure_seen += bool(apart)
    assert unsure_seen, "no answer left most own values different but none counted: the case is not exercised"
