"""Presets as documents with a history: revisions in SQLite, restore, delete and rename as
revisions, reviews and status, the decision log, provenance on exports and `workbench verify`,
and saves that answered 2xx surviving SIGKILL."""
import concurrent.futures
import io
import json
import signal
import subprocess
import threading
import time
import zipfile
from urllib.parse import quote

import pytest

from workbench_server import BINARY, Server, opened_db, small_csv


@pytest.fixture
def server():
    s = Server(data_csv=small_csv(200))
    yield s
    s.close()


def path(name):
    return "/api/presets/" + quote(name, safe="")


def save(server, name, parameters, author="Ana", **extra):
    headers = {"X-Workbench-User": author}
    if "if_match" in extra:
        headers["If-Match"] = extra.pop("if_match")
    return server.request("PUT", path(name), json={"parameters": parameters, **extra}, headers=headers)


def review(server, name, revision, decision, author, **extra):
    if decision == "approve":
        extra.setdefault("acknowledgeReadability", True)
        extra.setdefault("acknowledgeHonesty", True)
    return server.request("POST", path(name) + "/reviews", json={"revision": revision, "decision": decision, **extra},
                          headers={"X-Workbench-Author": author})


def test_every_save_rename_delete_and_restore_is_a_revision_of_one_history(server):
    first = save(server, "Calm", {"markerRadius": 3}, message="first try")
    assert first.status_code == 201 and first.json()["revision"] == "1" and first.headers["ETag"] == '"1"'
    second = save(server, "Calm", {"markerRadius": 4}, author="Ben", if_match=first.json()["revision"])
    assert second.status_code == 200 and second.json()["revision"] == "2"
    assert save(server, "Calm", {"markerRadius": 5}, if_match="1").status_code == 409
    renamed = server.request("POST", path("Calm") + "/rename", json={"newName": "Quiet"}, headers={"X-Workbench-User": "Cy"})
    assert renamed.status_code == 200 and renamed.json()["revision"] == "3"
    deleted = server.request("DELETE", path("Quiet"), headers={"X-Workbench-User": "Ben"})
    assert deleted.status_code == 200 and server.get(path("Quiet")).status_code == 404
    revisions = server.get(path("Quiet") + "/revisions").json()
    assert [r["revision"] for r in revisions] == ["4", "3", "2", "1"]  # newest first
    assert [r["author"] for r in revisions] == ["Ben", "Cy", "Ben", "Ana"]
    assert [r["deleted"] for r in revisions] == [True, False, False, False]
    assert revisions[3]["message"] == "first try" and all(r["savedAt"].endswith("Z") for r in revisions)
    old = server.get(path("Quiet") + "/revisions/1").json()
    assert old["name"] == "Calm" and old["parameters"]["markerRadius"] == 3
    assert server.get(path("Quiet") + "/revisions/9").status_code == 404
    # Delete-and-restore: revision 2 comes back as revision 5 under the current name.
    restored = server.request("POST", path("Quiet") + "/restore", json={"revision": "2"}, headers={"X-Workbench-User": "Ana"})
    assert restored.status_code == 201 and restored.json()["revision"] == "5"
    now = server.get(path("Quiet")).json()
    assert now["parameters"]["markerRadius"] == 4 and now["revision"] == "5"
    assert [r["revision"] for r in server.get(path("Quiet") + "/revisions").json()] == ["5", "4", "3", "2", "1"]
    # A restore of the deletion itself, or of nothing, is refused naming the revision.
    bad = server.request("POST", path("Quiet") + "/restore", json={"revision": 4})
    assert bad.status_code == 404 and bad.json()["error"]["field"] == "revision"
    assert server.request("POST", path("Quiet") + "/restore", json={"revision": "two"}).json()["error"]["field"] == "revision"
    # The log has each step, newest first, with who and when.
    log = server.get("/api/log?preset=Quiet").json()
    assert [e["kind"] for e in log][:3] == ["restore", "delete", "rename"]
    assert log[0]["author"] == "Ana" and log[0]["time"].endswith("Z")


def test_review_status_and_an_approved_revision_that_stays_exportable(server, tmp_path):
    saved = save(server, "Pick", {"markerRadius": 3}).json()
    # (issue 33 added the approvals counted of those required and the rule an approval was given under;
    # 0.13.15 what was found changed behind the server's back, null when nothing was)
    assert saved["status"] == {"state": "draft", "approvedRevision": None, "approvers": [], "approvedAt": None, "notCounted": [],
                               "approvals": 0, "approvalsRequired": 1, "approvedUnder": None, "historyProblem": None}
    asked = review(server, "Pick", saved["revision"], "request-review", "Ana", reviewers=["Ben", "Cy"])
    assert asked.status_code == 201 and asked.json()["status"]["state"] == "in-review"
    assert review(server, "Pick", saved["revision"], "request-review", "Ana").json()["error"]["field"] == "reviewers"
    assert review(server, "Pick", saved["revision"], "maybe", "Ben").json()["error"]["field"] == "decision"
    assert review(server, "Pick", "7", "approve", "Ben").status_code == 404
    changes = review(server, "Pick", saved["revision"], "request-changes", "Ben", comment="thinner line")
    assert changes.json()["status"]["state"] == "draft"
    second = save(server, "Pick", {"markerRadius": 2}, if_match=saved["revision"]).json()
    review(server, "Pick", second["revision"], "approve", "Ben", comment="good", acknowledgeReadability=True, acknowledgeHonesty=True)
    approved = server.get(path("Pick")).json()["status"]
    assert approved["state"] == "approved" and approved["approvedRevision"] == second["revision"] and approved["approvers"] == ["Ben"]
    listed = server.get(path("Pick") + "/reviews").json()
    assert [(r["author"], r["decision"]) for r in listed] == [("Ana", "request-review"), ("Ben", "request-changes"), ("Ben", "approve")]
    assert listed[0]["reviewers"] == ["Ben", "Cy"] and listed[1]["comment"] == "thinner line"
    # Editing the approved preset starts a new draft; the approved revision stays approved and exportable.
    third = save(server, "Pick", {"markerRadius": 6}, if_match=second["revision"]).json()
    status = third["status"]
    assert status["state"] == "draft" and status["approvedRevision"] == second["revision"] and status["approvers"] == ["Ben"]
    exported = server.get(path("Pick") + "/export?format=json&revision=approved")
    assert exported.status_code == 200
    document = json.loads(exported.text)
    assert document["parameters"]["markerRadius"] == 2
    provenance = document["provenance"]
    assert provenance["preset"] == "Pick" and provenance["revision"] == 2 and provenance["status"] == "approved"
    # Approvers are people with their ids (provenance v3, issue 34), under a named rule.
    assert [a["person"] for a in provenance["approvers"]] == ["Ben"] and isinstance(provenance["approvers"][0]["personId"], int)
    assert provenance["approvalRule"] == "1 approval from someone other than its author" and len(provenance["parametersSha256"]) == 64
    assert json.loads(server.get(path("Pick") + "/export?format=json").text)["provenance"]["status"] == "draft"
    # workbench verify: the approved export passes, the same file with one value changed fails.
    presets = str(server.presets)
    good = tmp_path / "pick.json"
    good.write_text(exported.text)
    ok = subprocess.run([BINARY, "verify", str(good), "--presets", presets], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert "revision 2" in ok.stdout and "Ben" in ok.stdout
    changed = tmp_path / "changed.json"
    changed.write_text(exported.text.replace('"markerRadius": 2', '"markerRadius": 2.5'))
    bad = subprocess.run([BINARY, "verify", str(changed), "--presets", presets], capture_output=True, text=True)
    assert bad.returncode == 1 and "markerRadius" in bad.stderr
    # The current draft's export is a genuine, signed export of a draft: it verifies and says so;
    # claiming it is approved breaks its signature.
    draft = tmp_path / "draft.swift"
    draft.write_text(server.get(path("Pick") + "/export?format=swift").text)
    # A draft fails unless --allow-draft (issue 34).
    refused = subprocess.run([BINARY, "verify", str(draft), "--presets", presets], capture_output=True, text=True)
    assert refused.returncode == 1 and "--allow-draft" in refused.stderr
    unapproved = subprocess.run([BINARY, "verify", "--allow-draft", str(draft), "--presets", presets], capture_output=True, text=True)
    assert unapproved.returncode == 0 and "revision 3" in unapproved.stdout and "(draft)" in unapproved.stdout, unapproved.stderr
    claimed = tmp_path / "claimed.swift"
    claimed.write_text(draft.read_text().replace('"status":"draft","approvers":[]', '"status":"approved","approvers":["Ben"]'))
    forged = subprocess.run([BINARY, "verify", str(claimed), "--presets", presets], capture_output=True, text=True)
    assert forged.returncode == 1 and "signature" in forged.stderr
    # A handoff bundle: PROVENANCE.json lists every file's hash; one changed file fails.
    bundle = zipfile.ZipFile(io.BytesIO(server.get(path("Pick") + "/export?format=android&revision=2").content))
    bundle.extractall(tmp_path / "android")
    folder = tmp_path / "android"
    assert subprocess.run([BINARY, "verify", str(folder), "--presets", presets], capture_output=True).returncode == 0
    readme = next(folder.glob("*/README.md"))
    readme.write_text(readme.read_text() + "\nedited\n")
    broken = subprocess.run([BINARY, "verify", str(folder), "--presets", presets], capture_output=True, text=True)
    assert broken.returncode == 1 and "README.md" in broken.stderr
    kinds = [e["kind"] for e in server.get("/api/log").json()]
    assert "export" in kinds and "approval" in kinds and "review-request" in kinds


def test_log_as_markdown_for_a_wiki_escapes_names(server):
    name = "a | b <script>"
    save(server, name, {"markerRadius": 3}, author="Eve | ` *x*", message="why\nnot")
    text = server.get("/api/log?format=markdown")
    assert text.status_code == 200 and text.headers["Content-Type"].startswith("text/markdown")
    rows = [line for line in text.text.splitlines() if line.startswith("| 20")]
    assert rows and all(line.count(" | ") == 5 for line in rows)  # six cells: no name breaks the table
    assert "<script>" not in text.text
    assert server.get("/api/log?limit=0").status_code == 400
    assert server.get("/api/log?format=html").json()["error"]["field"] == "format"
    page = server.get("/api/log?limit=1").json()
    older = server.get(f"/api/log?limit=5&before={page[0]['id']}").json()
    assert len(page) == 1 and all(e["id"] < page[0]["id"] for e in older)


def test_the_preset_list_is_paged_summaries_and_the_folder_has_a_cap():
    s = Server("--max-presets", "6", data_csv=small_csv(100))
    try:
        for i in range(3):
            assert save(s, f"Extra {i}", {"markerRadius": 1}, notes="n" * 5000).status_code == 201
        first = s.get("/api/presets?limit=4").json()
        assert first["total"] == 6 and first["next"] == 4 and len(first["presets"]) == 4
        assert all("notes" not in p for p in first["presets"])
        rest = s.get("/api/presets?limit=4&offset=4").json()
        assert rest["next"] is None and len(rest["presets"]) == 2
        full = save(s, "One too many", {"markerRadius": 1})
        assert full.status_code == 507 and "6 presets" in full.json()["error"]["message"]
        assert save(s, "Extra 0", {"markerRadius": 2}).status_code == 200  # replacing one is no new one
        assert s.get("/api/presets?limit=0").status_code == 400
    finally:
        s.close()


def test_a_file_changed_by_hand_is_taken_in_as_a_revision_at_start(server):
    save(server, "Handmade", {"markerRadius": 3})
    server.stop()
    file = server.presets / "handmade.json"
    file.write_text(file.read_text().replace('"markerRadius": 3', '"markerRadius": 5'))
    again = Server(data_csv=small_csv(100), presets_dir=server.presets)
    try:
        now = again.get(path("Handmade")).json()
        assert now["revision"] == "2" and now["parameters"]["markerRadius"] == 5
        assert again.get(path("Handmade") + "/revisions").json()[0]["author"] == "presets folder"
    finally:
        again.stop()


def test_saves_that_answered_survive_sigkill_with_five_writers():
    s = Server(data_csv=small_csv(100), presets="empty")
    answered = []  # (name, revision, markerRadius, notes) of every 2xx save
    lock = threading.Lock()
    started = threading.Event()

    def writer(w):
        for n in range(10):
            radius = (w * 10 + n) % 16 * 0.5
            try:
                r = save(s, f"Writer {w}", {"markerRadius": radius}, author=f"W{w}", notes="x" * (n * 300), message=f"save {n}")
            except Exception:
                return  # the server was killed
            if r.status_code in (200, 201):
                with lock:
                    answered.append((f"Writer {w}", r.json()["revision"], radius))
                    if len(answered) >= 25:
                        started.set()

    try:
        threads = [threading.Thread(target=writer, args=(w,)) for w in range(5)]
        for t in threads:
            t.start()
        assert started.wait(60), "the writers did not get going"
        s.process.send_signal(signal.SIGKILL)  # in the middle: about half of the 50 saves answered
        s.process.wait()
        for t in threads:
            t.join()
        with lock:
            survived = list(answered)
        assert 25 <= len(survived) < 50
        for file in s.presets.glob("*.json"):
            assert json.loads(file.read_text())["format"] == "chart-workbench.preset"  # no torn file
        with opened_db(s.presets / ".workbench.sqlite") as database:
            assert database.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        again = Server(data_csv=small_csv(100), presets_dir=s.presets)
        try:
            for name, revision, radius in survived:
                stored = again.get(path(name) + "/revisions/" + revision)
                assert stored.status_code == 200, (name, revision)
                assert stored.json()["parameters"]["markerRadius"] == radius
            # Each file is its preset's newest revision.
            for w in range(5):
                current = again.get(path(f"Writer {w}"))
                if current.status_code == 200:
                    newest = again.get(path(f"Writer {w}") + "/revisions").json()[0]
                    assert current.json()["revision"] == newest["revision"]
        finally:
            again.stop()
    finally:
        s.close()


def test_comments_outlive_a_restart(server):
    save(server, "Talked", {"markerRadius": 3})
    posted = server.request("POST", path("Talked") + "/comments", json={"parameter": "markerRadius", "text": "bigger?"},
                            headers={"X-Workbench-User": "Ana"})
    assert posted.status_code == 201
    server.stop()
    again = Server(data_csv=small_csv(100), presets_dir=server.presets)
    try:
        comments = again.get(path("Talked") + "/comments").json()
        assert [c["text"] for c in comments] == ["bigger?"]
    finally:
        again.stop()
