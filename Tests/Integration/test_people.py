"""People and approvals against the real binary: every write is by the person whose secret it
carries, whatever names the headers claim; approvals count only from others, as many as
`serve --approvals` asks, and belong to the parameters."""
import json
import subprocess
import threading
import unicodedata
from urllib.parse import quote

import requests

from workbench_server import BINARY, Server, small_csv


def save(person, name, parameters, notes="", if_match=None):
    headers = {"If-Match": if_match} if if_match else {}
    r = person.put("/api/presets/" + quote(name), json={"parameters": parameters, "notes": notes}, headers=headers)
    assert r.status_code in (200, 201), r.text
    return r.json()["revision"]


def review(person, name, revision, decision, comment=""):
    # The shipped colours fail the readability check: an approval says it knows.
    extra = {"acknowledgeReadability": True, "acknowledgeHonesty": True} if decision == "approve" else {}
    return person.post(f"/api/presets/{quote(name)}/reviews", json={"revision": revision, "decision": decision, "comment": comment, **extra})


def status(server, name):
    return server.get("/api/presets/" + quote(name)).json()["status"]


def test_invented_names_and_spoofed_headers_decide_nothing(fresh_server):
    s = fresh_server
    ada = s.person("Ada")
    spoofed = {"X-Workbench-User": "Ben", "X-Workbench-Author": "Eve (CTO)", "X-Workbench-Client": "ben-page"}
    r = ada.put("/api/presets/Mine", json={"parameters": {"markerRadius": 5}}, headers=spoofed)
    assert r.status_code == 201, r.text
    revisions = s.get("/api/presets/Mine/revisions").json()
    assert [x["author"] for x in revisions] == ["Ada"]
    log = s.get("/api/log").json()
    assert log["entries"][-1]["author"] == "Ada" if "entries" in log else True
    assert "Ben" not in json.dumps(log) and "Eve" not in json.dumps(log)
    # A name alone is nobody: no secret, no write.
    r = s.request("PUT", "/api/presets/Mine", anonymous=True, json={"parameters": {"markerRadius": 6}}, headers={"X-Workbench-User": "Ada"})
    assert r.status_code == 401 and r.json()["error"]["field"] == "X-Workbench-Secret"
    assert s.get("/api/people/me", headers={"X-Workbench-Secret": ada.secret}).json()["name"] == "Ada"
    assert s.get("/api/people/me").status_code == 401
    # An unknown secret answers 401 even for a read; reads without one stay open.
    assert s.get("/api/presets", headers={"X-Workbench-Secret": "f" * 64}).status_code == 401
    assert s.get("/api/presets").status_code == 200


def test_a_name_is_held_once_compared_without_case_after_nfc(fresh_server):
    s = fresh_server
    s.person(unicodedata.normalize("NFC", "Zoë"))
    for taken in ("zoë", "ZOË", unicodedata.normalize("NFD", "Zoë"), " Zoë "):
        r = requests.post(s.url + "/api/people", json={"name": taken, "invitation": s.invitation()}, headers={"Origin": s.url}, timeout=10)
        assert r.status_code == 409, (taken, r.text)
        assert r.json()["error"]["field"] == "name"
    assert requests.post(s.url + "/api/people", json={"name": "  ", "invitation": s.invitation()}, headers={"Origin": s.url}, timeout=10).status_code == 400
    created = requests.post(s.url + "/api/people", json={"name": "Zoe", "invitation": s.invitation()}, headers={"Origin": s.url}, timeout=10).json()
    assert len(created["secret"]) >= 32 and created["person"]["role"] == "editor"
    names = [p["name"] for p in s.get("/api/people").json()["people"]]
    assert names.count("Zoë") == 1 and "owner" in names
    # Only the hash is kept.
    db = (s.presets / ".workbench.sqlite").read_bytes() + b"".join(p.read_bytes() for p in s.presets.glob(".workbench.sqlite-wal"))
    assert created["secret"].encode() not in db


def test_self_approval_is_refused_and_anonymous_reviews_are_refused(fresh_server):
    s = fresh_server
    ada, ben = s.person("Ada"), s.person("Ben")
    rev = save(ada, "Pick", {"markerRadius": 5})
    own = review(ada, "Pick", rev, "approve")
    assert own.status_code == 403 and own.json()["error"]["code"] == "own_work" and "someone else reviews it" in own.text, own.text
    assert review(ada, "Pick", rev, "request-changes").status_code == 403
    assert status(s, "Pick")["state"] != "approved"
    # The same page under other names is still Ada.
    for name in ("Ben", "Carol", "Eve (CTO)"):
        r = ada.post("/api/presets/Pick/reviews", json={"revision": rev, "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True}, headers={"X-Workbench-User": name})
        assert r.status_code == 403
    assert status(s, "Pick")["state"] != "approved"
    assert s.get("/api/presets/Pick/reviews").json() == []
    assert not [e for e in s.get("/api/log").json() if e["kind"] in ("approval", "review")]
    assert review(ben, "Pick", rev, "approve").status_code == 201
    st = status(s, "Pick")
    assert st["state"] == "approved" and st["approvers"] == ["Ben"]
    # An anonymous request-changes with a chosen client id moves nothing.
    r = s.request("POST", "/api/presets/Pick/reviews", anonymous=True, json={"revision": rev, "decision": "request-changes"},
                  headers={"X-Workbench-Client": "ben-page", "X-Workbench-User": "Ben"})
    assert r.status_code == 401
    assert status(s, "Pick")["state"] == "approved"


def test_ballot_stuffing_under_invented_names_counts_one_person(fresh_server):
    s = fresh_server
    ada = s.person("Ada")
    save(ada, "Other", {"markerRadius": 6})
    created = ada.post("/api/rounds", json={"candidates": ["Default", "Other"]})
    assert created.status_code == 201, created.text
    rid = created.json()["id"]
    voted = 0
    for i in range(40):
        invented = {"X-Workbench-User": f"voter{i}", "X-Workbench-Client": f"client{i}"}
        pair = ada.get(f"/api/rounds/{rid}/next", headers=invented).json()
        if pair["pair"] is None:
            continue
        r = ada.post(f"/api/rounds/{rid}/votes", json={"pair": pair["pair"], "choice": "left"}, headers=invented)
        voted += r.status_code == 201
    assert voted == 1
    # Ballots are shown once the round is closed (no ranking while voting).
    assert ada.post(f"/api/rounds/{rid}/close").status_code in (200, 201)
    result = s.get(f"/api/rounds/{rid}").json()
    assert {v["voter"] for v in result["votes"]} == {"Ada"}


def test_approval_follows_the_parameters(fresh_server):
    s = fresh_server
    ada, ben = s.person("Ada"), s.person("Ben")
    first = save(ada, "Calm", {"markerRadius": 5}, notes="first")
    assert review(ben, "Calm", first, "approve").status_code == 201
    assert status(s, "Calm")["state"] == "approved"
    # A notes-only edit keeps the approval.
    notes = save(ada, "Calm", {"markerRadius": 5}, notes="clearer notes")
    st = status(s, "Calm")
    assert st["state"] == "approved" and st["approvedRevision"] == notes
    # So does a rename.
    assert ada.post("/api/presets/Calm/rename", json={"newName": "Quiet"}).status_code in (200, 201)
    assert status(s, "Quiet")["state"] == "approved"
    # Any parameter change starts a draft; the approved revision stays the approved one.
    changed = save(ada, "Quiet", {"markerRadius": 7})
    st = status(s, "Quiet")
    assert st["state"] == "draft" and st["approvedRevision"] not in (None, changed)
    # Restoring the approved parameters is approved again.
    r = ada.post("/api/presets/Quiet/restore", json={"revision": first})
    assert r.status_code == 201, r.text
    assert status(s, "Quiet")["state"] == "approved"
    # Laundering: Ben's notes edit of Ada's parameters does not let Ada approve them.
    fresh = save(ada, "Quiet", {"markerRadius": 3})
    laundered = save(ben, "Quiet", {"markerRadius": 3}, notes="Ben was here")
    assert review(ada, "Quiet", laundered, "approve").status_code == 403
    assert status(s, "Quiet")["state"] == "draft", fresh


def test_two_approvals_with_serve_approvals_2():
    s = Server("--approvals", "2", data_csv=small_csv())
    try:
        ada, ben, carol = s.person("Ada"), s.person("Ben"), s.person("Carol")
        rev = save(ada, "Two", {"markerRadius": 5})
        review(ben, "Two", rev, "approve")
        review(ben, "Two", rev, "approve")
        assert status(s, "Two")["state"] != "approved"
        assert review(ada, "Two", rev, "approve").status_code == 403
        assert status(s, "Two")["state"] != "approved"
        review(carol, "Two", rev, "approve")
        st = status(s, "Two")
        assert st["state"] == "approved" and sorted(st["approvers"]) == ["Ben", "Carol"]
    finally:
        s.close()


def test_revoked_secret_answers_401_and_the_command_line_is_the_owner(fresh_server):
    s = fresh_server
    ada = s.person("Ada")
    save(ada, "Before", {"markerRadius": 5})
    listed = subprocess.run([BINARY, "people", "list", "--presets", str(s.presets)], capture_output=True, text=True, timeout=30)
    assert listed.returncode == 0 and "Ada\teditor" in listed.stdout and "owner" in listed.stdout
    revoked = subprocess.run([BINARY, "people", "revoke", "Ada", "--presets", str(s.presets)], capture_output=True, text=True, timeout=30)
    assert revoked.returncode == 0, revoked.stderr
    r = ada.put("/api/presets/Before", json={"parameters": {"markerRadius": 6}})
    assert r.status_code == 401 and "revoked" in r.json()["error"]["message"]
    assert s.get("/api/people/me", headers={"X-Workbench-Secret": ada.secret}).status_code == 401
    # The revoked name stays held; the log says the owner did it.
    assert requests.post(s.url + "/api/people", json={"name": "ada", "invitation": s.invitation()}, headers={"Origin": s.url}, timeout=10).status_code == 409
    log = json.dumps(s.get("/api/log").json())
    assert "revoked Ada" in log and '"owner"' in log
    renamed = subprocess.run([BINARY, "people", "rename", "Ben", "Benedict", "--presets", str(s.presets)], capture_output=True, text=True, timeout=30)
    assert renamed.returncode != 0 and "nobody" in renamed.stderr
    # The owner renamed, the command line's entries name them as they are now called.
    renamed = subprocess.run([BINARY, "people", "rename", "owner", "Olive", "--presets", str(s.presets)], capture_output=True, text=True, timeout=30)
    assert renamed.returncode == 0, renamed.stderr
    again = subprocess.run([BINARY, "people", "rename", "Olive", "Olivia", "--presets", str(s.presets)], capture_output=True, text=True, timeout=30)
    assert again.returncode == 0, again.stderr
    entry = next(e for e in s.get("/api/log").json() if e["kind"] == "people")
    assert entry["summary"] == "renamed Olive to Olivia" and entry["author"] == "Olive", entry


def test_the_author_hears_when_changes_are_requested(fresh_server):
    s = fresh_server
    ada, ben, carol = s.person("Ada"), s.person("Ben"), s.person("Carol")
    rev = save(ada, "Heard", {"markerRadius": 5})
    seen = {"Ada": [], "Carol": []}

    def listen(person):
        with requests.get(s.url + "/api/events?secret=" + person.secret, stream=True, timeout=10) as r:
            event = None
            for line in r.iter_lines(decode_unicode=True):
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "notice":
                    seen[person.name].append(json.loads(line[6:]))
                    return

    threads = [threading.Thread(target=listen, args=(p,), daemon=True) for p in (ada, carol)]
    for t in threads:
        t.start()
    import time
    time.sleep(0.5)
    assert review(ben, "Heard", rev, "request-changes", "thinner line please").status_code == 201
    threads[0].join(5)
    assert seen["Ada"] and seen["Ada"][0]["comment"] == "thinner line please" and seen["Ada"][0]["by"] == "Ben"
    assert seen["Carol"] == []
