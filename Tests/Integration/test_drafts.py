"""The drafts API over HTTP: one live document per preset, attributed changes, undo of one's
own steps, events in version order, saves folded in, renames and deletes, and bad input named."""
import json
import threading

import requests

from workbench_server import Server, small_csv


def as_(client, user):
    return {"X-Workbench-Client": client, "X-Workbench-User": user}


def change(server, name, body, client="a", user="Ann"):
    return server.request("POST", f"/api/drafts/{requests.utils.quote(name, safe='')}/changes", json=body, headers=as_(client, user))


def test_changes_undo_save_rename_delete_and_events():
    server = Server(data_csv=small_csv(rows=50))
    try:
        events, ready = [], threading.Event()

        def listen():
            with requests.get(server.url + "/api/events", stream=True, timeout=30) as stream:
                kind = None
                for line in stream.iter_lines(decode_unicode=True):
                    if line.startswith("event: "):
                        kind = line[7:]
                        ready.set()
                    elif line.startswith("data: ") and kind == "draft":
                        events.append(json.loads(line[6:]))
                        if len(events) == 4:
                            return
        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        assert ready.wait(10)

        fresh = server.get("/api/drafts/Default").json()
        saved = server.get("/api/presets/Default").json()
        assert fresh["version"] == 0 and fresh["changes"] == [] and fresh["baseRevision"] == saved["revision"]
        assert fresh["parameters"] == fresh["saved"] == saved["parameters"]

        r = change(server, "Default", {"parameters": {"markerRadius": 6, "lineColor": "#000000"}, "step": "s1"})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == 1 and r.json()["change"]["author"] == "Ann" and r.json()["change"]["keys"] == ["markerRadius", "lineColor"]
        assert change(server, "Default", {"parameters": {"markerRadius": 2}, "step": "t1"}, "b", "Bob").status_code == 200
        undo = change(server, "Default", {"undoOf": "s1", "step": "s2"})
        assert undo.status_code == 200 and undo.json()["skipped"] == ["markerRadius"]
        assert "Marker radius changed by Bob since" in undo.json()["message"]
        body = server.get("/api/drafts/Default").json()
        assert body["parameters"]["markerRadius"] == 2 and body["parameters"]["lineColor"] == saved["parameters"]["lineColor"]
        assert [c["author"] for c in body["changes"]] == ["Ann", "Bob", "Ann"] and body["changes"][2]["undoOf"] == "s1"
        refused = change(server, "Default", {"undoOf": "t1", "step": "x"})                 # Ann cannot undo Bob's step
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "nothing_to_undo"

        # A save folds the draft: the new revision, nothing unsaved left.
        r = server.request("PUT", "/api/presets/Default", json={"parameters": body["parameters"]},
                           headers={"If-Match": saved["revision"], **as_("b", "Bob")})
        assert r.status_code == 200
        folded = server.get("/api/drafts/Default").json()
        assert folded["baseRevision"] == r.json()["revision"] and folded["parameters"] == folded["saved"]

        # Every change and the fold, in version order, each with the preset and the whole draft.
        listener.join(10)
        assert [e["version"] for e in events] == [1, 2, 3, 4] and all(e["preset"] == "Default" for e in events)
        assert events[0]["user"] == "Ann" and events[2]["change"]["undoOf"] == "s1"
        # Pages are named by their alias, never their id: Ann's two changes share one, Bob's differs.
        assert events[1]["user"] == "Bob" and events[1]["client"] not in ("", "b")
        assert events[0]["client"] == events[2]["client"] != events[1]["client"]
        assert "change" not in events[3] and events[3]["saved"] == folded["saved"] and events[3]["baseRevision"] == folded["baseRevision"]

        # A rename carries the draft, a delete drops it.
        assert change(server, "Default", {"parameters": {"indicatorDash": 5}, "step": "s3"}).status_code == 200
        r = server.request("POST", "/api/presets/Default/rename", json={"newName": "Calm"}, headers=as_("a", "Ann"))
        assert r.status_code == 200
        assert server.get("/api/drafts/Calm").json()["parameters"]["indicatorDash"] == 5
        assert server.get("/api/drafts/Default").status_code == 404
        assert change(server, "Calm", {"undoOf": "s3", "step": "s4"}).status_code == 200
        assert change(server, "Calm", {"parameters": {"indicatorDash": 6}, "step": "s5"}).status_code == 200
        assert server.request("DELETE", "/api/presets/Calm", headers=as_("a", "Ann")).status_code == 200
        assert change(server, "Calm", {"parameters": {"indicatorDash": 1}}).status_code == 404
    finally:
        server.close()


def test_bad_changes_are_refused_naming_the_field(server):
    cases = [
        ({"parameters": {"markerRadius": "big"}}, "markerRadius"),
        ({"parameters": {"markerRadius": 99}}, "markerRadius"),
        ({"parameters": {"nope": 1}}, "nope"),
        ({"parameters": {}}, "parameters"),
        ({"parameters": [1]}, "parameters"),
        ({}, "parameters"),
        ({"parameters": {"markerRadius": 1}, "step": "x" * 65}, "step"),
        ({"parameters": {"markerRadius": 1}, "step": "two words"}, "step"),
        ({"undoOf": 3}, "undoOf"),
        ({"undoOf": "s1", "parameters": {"markerRadius": 1}}, "undoOf"),
    ]
    for body, field in cases:
        r = change(server, "Default", body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["error"]["field"] == field, (body, r.json())
    assert change(server, "No such preset", {"parameters": {"markerRadius": 1}}).status_code == 404
    assert server.get("/api/drafts/No%20such%20preset").status_code == 404
    assert server.get("/api/drafts/%2e%2e").status_code in (400, 404)
    r = server.request("POST", "/api/session/presence", json={"view": {"width": 10}}, headers=as_("a", "Ann"))
    assert r.status_code == 400 and r.json()["error"]["field"] == "view.width"
    r = server.request("POST", "/api/session/presence", json={"pressing": True, "selection": 2}, headers=as_("a", "Ann"))
    assert r.status_code == 400 and r.json()["error"]["field"] == "selection"
