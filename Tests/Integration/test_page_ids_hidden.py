"""Page ids are not shown to others (#34.5): presence, the session, drafts and events name a page
by an alias the server derives from its id (the page learns its own from its stream's hello), so
nobody can read another page's id and send it as theirs; an undo is its person's own anyway."""
import threading

import requests

from workbench_server import Server, event_stream, wait_for, small_csv

PAGE = "anns-secret-page-id"


def open_stream(server, client, person):
    """The page's event stream as `person`; returns (response, hello, events seen so far)."""
    r, hello, lines = event_stream(server, f"client={client}&secret={person.secret}")
    seen = []

    def listen():
        name = None
        try:
            for line in lines:
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: "):
                    seen.append((name, line[6:]))
        except (requests.RequestException, AttributeError):  # the stream closed under the reader
            pass
    threading.Thread(target=listen, daemon=True).start()
    return r, hello, seen


def test_no_answer_or_event_carries_another_pages_id():
    s = Server(data_csv=small_csv())
    try:
        ann, eve = s.person("Ann"), s.person("Eve")
        ann_stream, hello, _ = open_stream(s, PAGE, ann)
        eve_stream, _, eve_saw = open_stream(s, "eves-page", eve)
        try:
            alias = hello["page"]
            assert alias and PAGE not in alias
            # Ann's page does things others hear of: presence, a draft change, a comment-free save, a Play.
            assert ann.post("/api/session/presence", json={"key": hello["presenceKey"], "preset": "Default", "pressing": True, "selection": 0.3},
                            headers={"X-Workbench-Client": PAGE}).status_code == 200
            changed = ann.post("/api/drafts/Default/changes", json={"parameters": {"markerRadius": 6}, "step": "a1"}, headers={"X-Workbench-Client": PAGE})
            assert changed.status_code == 200 and changed.json()["change"]["client"] == alias
            saved = ann.put("/api/presets/Ann's", json={"name": "Ann's", "parameters": {"markerRadius": 3}}, headers={"X-Workbench-Client": PAGE})
            assert saved.status_code == 201
            assert ann.post("/api/session/play", json={"motion": "press"}, headers={"X-Workbench-Client": PAGE}).status_code == 200

            session = eve.get("/api/session")
            listed = {p["user"]: p for p in session.json()["people"]}
            assert listed["Ann"]["client"] == alias and listed["Ann"]["pressing"]
            answers = [session.text, eve.get("/api/drafts/Default").text, eve.get("/api/log").text]
            assert all(PAGE not in text for text in answers)
            assert wait_for(lambda: any(name == "draft" for name, _ in eve_saw)) and wait_for(lambda: any(name == "preset" for name, _ in eve_saw))
            assert wait_for(lambda: any(name == "play" for name, _ in eve_saw))
            assert all(PAGE not in data for _, data in eve_saw), [d for _, d in eve_saw if PAGE in d]
            assert any(alias in data for name, data in eve_saw if name == "draft")

            # With Ann's alias, or even her real page id, Eve undoes nothing of Ann's.
            for page in (alias, PAGE):
                refused = eve.post("/api/drafts/Default/changes", json={"undoOf": "a1", "step": "e1"}, headers={"X-Workbench-Client": page})
                assert refused.status_code == 409 and refused.json()["error"]["code"] == "nothing_to_undo"
            assert eve.get("/api/drafts/Default").json()["parameters"]["markerRadius"] == 6
            # The alias is not a page id the server takes as Ann's page either.
            undone = ann.post("/api/drafts/Default/changes", json={"undoOf": "a1", "step": "a2"}, headers={"X-Workbench-Client": alias})
            assert undone.status_code == 409
            undone = ann.post("/api/drafts/Default/changes", json={"undoOf": "a1", "step": "a2"}, headers={"X-Workbench-Client": PAGE})
            assert undone.status_code == 200 and undone.json()["parameters"]["markerRadius"] != 6
        finally:
            ann_stream.close()
            eve_stream.close()
    finally:
        s.stop()
