"""The transition as the engine drives it over the render socket, and the easing samples."""
import json

from test_http import RawWebSocket


def frame(ws, **fields):
    ws.send(json.dumps({"period": "1M", "width": 320, "height": 200, "id": "m", **fields}))
    head, svg = ws.receive()[1].decode().split("\n", 1)
    return json.loads(head), svg


def test_press_release_mid_way_turns_back_from_where_it_is(server):
    ws = RawWebSocket(server)
    duration = {"animationDuration": 1, "easing": "easeInOut", "selection": 0.4}
    head, svg = frame(ws, motion="press", time=100, **duration)
    assert head["progress"] == 0 and not head["finished"] and 'data-progress="0"' in svg
    seen = [frame(ws, motion="follow", time=100 + t / 100, **duration)[0]["progress"] for t in range(1, 31)]
    assert all(b >= a for a, b in zip(seen, seen[1:])) and 0.1 < seen[-1] < 0.5
    released, _ = frame(ws, motion="release", time=100.3, **duration)
    assert released["progress"] == seen[-1] and released["target"] == 0
    back = [frame(ws, motion="follow", time=100.3 + t / 60, **duration)[0] for t in range(1, 61)]
    steps = [abs(b["progress"] - a["progress"]) for a, b in zip([released] + back, back)]
    assert max(steps) < 0.1 and back[-1]["progress"] == 0 and back[-1]["finished"]
    ws.sock.close()


def test_a_spring_keeps_its_velocity_when_released(server):
    ws = RawWebSocket(server)
    spring = {"animationDuration": 1, "easing": "spring", "springDamping": 0.5}
    frame(ws, motion="press", time=5, **spring)
    moving, _ = frame(ws, motion="follow", time=5.08, **spring)
    released, _ = frame(ws, motion="release", time=5.08, **spring)
    assert moving["velocity"] > 0 and released["velocity"] == moving["velocity"]
    after, _ = frame(ws, motion="follow", time=5.09, **spring)
    assert after["progress"] > released["progress"]            # still carried forward a moment
    ws.sock.close()


def test_each_chart_has_its_own_motion_and_bad_motions_are_named(server):
    ws = RawWebSocket(server)
    frame(ws, motion="press", time=1, id="a", animationDuration=0.5)
    other, _ = frame(ws, motion="follow", time=1.25, id="b", animationDuration=0.5)
    assert other["progress"] == 0 and other["finished"]
    mine, _ = frame(ws, motion="follow", time=1.25, id="a", animationDuration=0.5)
    assert 0 < mine["progress"] < 1
    for bad, field in (({"motion": "wiggle", "time": 1}, "motion"), ({"motion": "press"}, "time"),
                       ({"motion": "press", "time": -4}, "time"), ({"motion": "press", "time": "soon"}, "time")):
        head, _ = frame(ws, **bad)
        assert head["error"]["field"] == field, (bad, head)
    ws.sock.close()


def test_easing_samples_come_from_the_engine(server):
    linear = server.get("/api/easing?easing=linear&samples=5").json()
    assert linear["samples"] == [0, 0.25, 0.5, 0.75, 1]
    spring = server.get("/api/easing?easing=spring&springDamping=0.3&animationDuration=0.5").json()
    assert len(spring["samples"]) == 121 and max(spring["samples"]) > 1.05 and spring["samples"][-1] == 1
    assert server.get("/api/easing?samples=1").json()["error"]["field"] == "samples"
    assert server.get("/api/easing?springDamping=7").json()["error"]["field"] == "springDamping"


def test_the_schema_carries_every_rule_the_page_needs(server):
    schema = server.get("/api/schema").json()
    for p in schema["parameters"]:
        assert p["help"], p["key"]
        if p["type"] == "choice":
            assert set(p["optionLabels"]) == set(p["options"]), p["key"]
        if p["type"] == "cubicBezier":
            assert (p["x"], p["y"]) == ({"min": 0, "max": 1}, {"min": -5, "max": 5})
    window = next(p for p in schema["parameters"] if p["key"] == "smoothingWindow")
    assert window["odd"] is True and (window["min"], window["max"]) == (1, 61)
    assert schema["progress"]["min"] < 0 and schema["progress"]["max"] > 1
    assert next(p for p in schema["parameters"] if p["key"] == "easing")["optionLabels"]["easeInOut"] == "Ease in-out"
    # Where a label stands without its group (a message, a sentence, a list), one that several
    # groups share is said with its group; the page reads this rather than deciding it again.
    labels = [p["label"] for p in schema["parameters"]]
    for p in schema["parameters"]:
        shared = labels.count(p["label"]) > 1
        assert p["standaloneLabel"] == (f'{p["group"]} {p["label"][0].lower()}{p["label"][1:]}' if shared else p["label"]), p["key"]
    alone = {p["key"]: p["standaloneLabel"] for p in schema["parameters"]}
    assert alone["periodDuration"] == "Period change duration" and alone["inactiveLineWidth"] == "Inactive line width"
    assert len(set(alone.values())) == len(alone)
