"""Comments on a preset's parameters over HTTP: anchored, validated, bounded, resolvable, announced."""
import json
import threading
from urllib.parse import quote

import requests


def as_user(name):
    return {"X-Workbench-User": quote(name), "X-Workbench-Client": "client-" + name}


def test_comment_on_a_parameter_then_resolve(fresh_server):
    s = fresh_server
    events = []
    stream = requests.get(s.url + "/api/events", stream=True, timeout=30)

    def read():
        name = None
        try:
            for line in stream.iter_lines(decode_unicode=True):
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: ") and name == "comment":
                    events.append(json.loads(line[6:]))
        except (AttributeError, requests.RequestException):
            pass  # the test closed the stream
    threading.Thread(target=read, daemon=True).start()

    path = "/api/presets/" + quote("Designer's favourite") + "/comments"
    made = s.request("POST", path, json={"parameter": "lineColor", "text": "  Too orange for dark mode?  ", "progress": 0.5}, headers=as_user("Pat"))
    assert made.status_code == 201, made.text
    comment = made.json()
    assert comment["parameter"] == "lineColor" and comment["progress"] == 0.5
    assert comment["text"] == "Too orange for dark mode?" and comment["author"] == "Pat" and comment["resolved"] is False
    s.request("POST", path, json={"parameter": "markerRadius", "text": "Bigger marker"}, headers=as_user("Dee"))

    listed = s.get(path).json()
    assert [c["parameter"] for c in listed] == ["lineColor", "markerRadius"]
    assert s.get("/api/presets/Default/comments").json() == []

    resolved = s.request("POST", f"{path}/{comment['id']}/resolve", headers=as_user("Dee"))
    assert resolved.status_code == 200
    assert resolved.json()["resolved"] is True and resolved.json()["resolvedBy"] == "Dee"
    assert [c["resolved"] for c in s.get(path).json()] == [True, False]

    deadline = 50
    while len(events) < 3 and deadline:
        threading.Event().wait(0.1)
        deadline -= 1
    stream.close()
    assert [(e["action"], e["comment"]["parameter"], e["user"]) for e in events[:3]] == [
        ("added", "lineColor", "Pat"), ("added", "markerRadius", "Dee"), ("resolved", "lineColor", "Dee")]


def test_bad_comments_name_the_field(server):
    path = "/api/presets/Default/comments"
    cases = [
        ({"parameter": "noSuchKey", "text": "x"}, 400, "parameter"),
        ({"text": "x"}, 400, "parameter"),
        ({"parameter": "lineColor"}, 400, "text"),
        ({"parameter": "lineColor", "text": "   "}, 400, "text"),
        ({"parameter": "lineColor", "text": "x" * 2001}, 400, "text"),
        ({"parameter": "lineColor", "text": "x", "progress": 2}, 400, "progress"),
        ({"parameter": "lineColor", "text": "x", "progress": "half"}, 400, "progress"),
    ]
    for body, status, field in cases:
        r = server.request("POST", path, json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["error"]["field"] == field, (body, r.text)
    missing = server.request("POST", "/api/presets/Nobody/comments", json={"parameter": "lineColor", "text": "x"})
    assert missing.status_code == 404
    assert server.request("POST", path + "/999999/resolve").status_code == 404
    assert server.request("POST", path + "/abc/resolve").status_code == 404  # no comment can have that number


def test_comments_per_preset_are_bounded(fresh_server):
    s = fresh_server
    path = "/api/presets/Default/comments"
    session = requests.Session()
    session.headers["X-Workbench-Secret"] = s.person().secret
    for i in range(500):
        r = session.post(s.url + path, json={"parameter": "lineColor", "text": f"note {i}"}, headers={"Origin": s.url}, timeout=30)
        assert r.status_code == 201, r.text
    over = session.post(s.url + path, json={"parameter": "lineColor", "text": "one too many"}, headers={"Origin": s.url}, timeout=30)
    assert over.status_code == 409
    assert len(s.get(path).json()) == 500


def test_a_renamed_preset_keeps_its_comments(fresh_server):
    s = fresh_server
    s.request("PUT", "/api/presets/Talk", json={"parameters": {}})
    s.request("POST", "/api/presets/Talk/comments", json={"parameter": "fillColor", "text": "warmer"})
    r = s.request("POST", "/api/presets/Talk/rename", json={"newName": "Talked"}, headers={"If-Match": "*"})
    assert r.status_code == 200, r.text
    assert [c["text"] for c in s.get("/api/presets/Talked/comments").json()] == ["warmer"]
