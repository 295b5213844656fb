"""The history's hash chain and the workbench's state folder (#34.3, #33.5): tampering with the
database behind the workbench's back is refused, the signing key and history stay out of git."""
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from workbench_server import BINARY, Server, copy_shipped_presets, opened_db, small_csv  # noqa: E402


def run(*args, state=None):
    command = [BINARY, *args] + (["--state", str(state)] if state else [])
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def saved_folder(saves=2):
    """A presets folder with a served history: a person joined, presets saved."""
    server = Server(data_csv=small_csv())
    try:
        person = server.person("Ada")
        for i in range(saves):
            preset = {"name": f"chain {i}", "parameters": {"lineColor": "#112233"}}
            assert person.put(f"/api/presets/chain {i}", json=preset).status_code in (200, 201)
    finally:
        server.stop()
    return server.presets


def check(folder):
    return run("history", "check", "--presets", str(folder))


def test_healthy_history_checks_and_state_is_outside_the_presets():
    folder = saved_folder()
    result = check(folder)
    assert result.returncode == 0, result.stderr
    assert "verifies" in result.stdout
    assert not (folder / ".workbench-signing.key").exists()
    ignored = (folder / ".gitignore").read_text()
    assert ".workbench.sqlite" in ignored and ".workbench-backups/" in ignored


@pytest.mark.parametrize("tamper, words", [
    ("UPDATE revisions SET author = 'Mallory' WHERE name = 'chain 0'", "changed"),
    ("UPDATE revisions SET file_text = replace(file_text, '#112233', '#FF0000') WHERE name = 'chain 0'", "changed"),
    ("DELETE FROM revisions WHERE name = 'chain 1'", "deleted"),
    ("INSERT INTO reviews(preset_id, revision, author, decision, reviewers, comment, time) "
     "SELECT preset_id, number, 'Mallory', 'approve', '[]', '', '2026-01-01T00:00:00.000Z' FROM revisions LIMIT 1", "added"),
])
def test_edited_rows_are_refused(tamper, words):
    folder = saved_folder()
    with opened_db(folder / ".workbench.sqlite") as db:
        db.execute("PRAGMA foreign_keys=OFF")
        changed = db.execute(tamper).rowcount
        assert changed >= 1
    result = check(folder)
    assert result.returncode != 0
    assert words in result.stderr and "behind the workbench's back" in result.stderr
    started = subprocess.run([BINARY, "serve", "--port", "0", "--presets", str(folder)], capture_output=True, text=True, timeout=60)
    assert started.returncode != 0 and "does not verify" in started.stderr


def copied_after_one_save(server):
    """Ada saves "one", the database is copied aside, and she saves "two": (Ada, the database, the copy)."""
    person = server.person("Ada")
    assert person.put("/api/presets/one", json={"name": "one", "parameters": {}}).status_code in (200, 201)
    db = server.presets / ".workbench.sqlite"
    old = server.dir / "old.sqlite"
    with opened_db(db) as source, opened_db(old) as copy:
        source.backup(copy)
    assert person.put("/api/presets/two", json={"name": "two", "parameters": {}}).status_code in (200, 201)
    return person, db, old


def test_rollback_while_serving_refuses_the_next_write():
    server = Server(data_csv=small_csv())
    try:
        person, db, old = copied_after_one_save(server)
        # The old copy written over the file in place: same inode, same history id.
        with opened_db(db) as live:
            live.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        shutil.copyfile(old, db)
        answer = person.put("/api/presets/three", json={"name": "three", "parameters": {}})
        assert answer.status_code == 503, answer.text
        assert "rolled back" in answer.json()["error"]["message"] or "replaced" in answer.json()["error"]["message"]
    finally:
        server.stop()
    result = check(server.presets)
    assert result.returncode != 0 and ("rolled back" in result.stderr or "replaced" in result.stderr)


@pytest.mark.parametrize("tamper", [
    "UPDATE revisions SET author = 'Mallory' WHERE name = 'one'",
    "UPDATE people SET name = 'Mallory' WHERE name = 'Ada'",
])
def test_a_row_edited_while_serving_refuses_the_next_write(tamper):
    """An edit made with another tool while the server runs is noticed before the next write is
    acknowledged; a workbench command writing beside the server (it extends the chain) is not."""
    server = Server(data_csv=small_csv())
    try:
        person = server.person("Ada")
        assert person.put("/api/presets/one", json={"name": "one", "parameters": {}}).status_code in (200, 201)
        invited = run("people", "invite", "--role", "viewer", "--presets", str(server.presets))
        assert invited.returncode == 0, invited.stderr
        assert person.put("/api/presets/two", json={"name": "two", "parameters": {}}).status_code in (200, 201)
        with opened_db(server.presets / ".workbench.sqlite") as db:
            assert db.execute(tamper).rowcount == 1
        answer = person.put("/api/presets/three", json={"name": "three", "parameters": {}})
        assert answer.status_code == 503, answer.text
        assert "behind the workbench's back" in answer.json()["error"]["message"]
        # Every later write too, said as such by every store (an Explore or a blind round's start
        # answered 500 "could not be stored"), and reads go on.
        assert person.put("/api/presets/four", json={"name": "four", "parameters": {}}).status_code == 503
        for path, body in [("/api/explore", {"preset": "one", "parameters": ["inactiveLineWidth"]}),
                           ("/api/rounds", {"candidates": ["one", "two"]})]:
            refused = person.post(path, json=body)
            assert refused.status_code == 503 and refused.json()["error"]["code"] == "history_unavailable", (path, refused.text)
        assert server.get("/api/presets").status_code == 200
    finally:
        server.stop()
    assert check(server.presets).returncode != 0


def test_a_checkpoint_by_another_connection_is_not_taken_for_tampering():
    """Another connection (a workbench command beside the server, here Python's sqlite3) copies
    the write-ahead log into the file without a commit: the file changes, its content does not,
    and the server's next writes go on. A false alarm here refused every write until a restart."""
    server = Server(data_csv=small_csv())
    try:
        person = server.person("Ada")
        for name in ("one", "two", "three"):
            assert person.put(f"/api/presets/{name}", json={"name": name, "parameters": {}}).status_code in (200, 201)
        db = server.presets / ".workbench.sqlite"
        before = db.stat()
        with opened_db(db) as other:
            busy, frames, copied = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and copied > 0, (busy, frames, copied)
        assert (db.stat().st_mtime_ns, db.stat().st_size) != (before.st_mtime_ns, before.st_size)
        for name in ("four", "five"):
            answer = person.put(f"/api/presets/{name}", json={"name": name, "parameters": {}})
            assert answer.status_code in (200, 201), answer.text
    finally:
        server.stop()
    assert check(server.presets).returncode == 0


def test_an_older_copy_put_in_place_and_checkpointed_is_checked_before_it_is_taken():
    """The older copy put in place, then a checkpoint by another connection, so that the file's
    change looks like a checkpoint's: the server checks the whole chain before it takes it as
    one. Here the log still held every page written since the copy, so the checkpoint made the
    file whole again: the write goes on, nothing is lost, and the full check passes."""
    server = Server(data_csv=small_csv())
    try:
        person, db, old = copied_after_one_save(server)
        shutil.copyfile(old, db)
        with opened_db(db) as other:
            other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        answer = person.put("/api/presets/three", json={"name": "three", "parameters": {}})
        assert answer.status_code in (200, 201), answer.text
        assert {"one", "two", "three"} <= {p["name"] for p in server.get("/api/presets").json()["presets"]}
    finally:
        server.stop()
    result = check(server.presets)
    assert result.returncode == 0 and "verifies" in result.stdout, result.stdout + result.stderr


def test_an_older_copy_checkpointed_over_a_newer_log_is_refused():
    """The same, when the log no longer holds what the copy lacks (it was checkpointed and
    restarted since): the checkpoint leaves a file that lacks "two", its change looks like a
    checkpoint's, and the chain's check refuses the next write instead of building on it."""
    server = Server(data_csv=small_csv())
    try:
        person, db, old = copied_after_one_save(server)
        with opened_db(db) as other:
            assert other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
        assert person.put("/api/presets/three", json={"name": "three", "parameters": {}}).status_code in (200, 201)
        shutil.copyfile(old, db)
        with opened_db(db) as other:
            other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        answer = person.put("/api/presets/four", json={"name": "four", "parameters": {}})
        assert answer.status_code == 503, answer.text
        assert "behind the workbench's back" in answer.json()["error"]["message"] or "rolled back" in answer.json()["error"]["message"], answer.text
    finally:
        server.stop()
    assert check(server.presets).returncode != 0


def test_an_older_copy_put_in_place_while_the_log_holds_writes_refuses_the_next_write():
    """`cp old.sqlite .workbench.sqlite` under a running server whose write-ahead log still holds
    its newest writes (no checkpoint first): the file changed without a commit through SQLite."""
    server = Server(data_csv=small_csv())
    try:
        person, db, old = copied_after_one_save(server)
        shutil.copyfile(old, db)
        answer = person.put("/api/presets/three", json={"name": "three", "parameters": {}})
        assert answer.status_code == 503, answer.text
        assert "another program" in answer.json()["error"]["message"]
        comment = person.post("/api/presets/one/comments", json={"parameter": "markerRadius", "text": "still here?"})
        assert comment.status_code == 503, comment.text
    finally:
        server.stop()


def test_database_from_another_workbench_is_refused():
    ours, theirs = saved_folder(1), saved_folder(1)
    shutil.copyfile(theirs / ".workbench.sqlite", ours / ".workbench.sqlite")
    for suffix in ("-wal", "-shm"):
        (ours / (".workbench.sqlite" + suffix)).unlink(missing_ok=True)
    result = check(ours)
    assert result.returncode != 0 and "another workbench" in result.stderr


def test_key_in_the_presets_folder_is_moved_and_git_status_shows_only_presets():
    folder = Path(tempfile.mkdtemp()) / "Presets"
    copy_shipped_presets(folder)
    (folder / ".workbench-signing.key").write_text("11" * 32 + "\n")
    os.chmod(folder / ".workbench-signing.key", 0o600)
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    state = folder.parent / "state"
    key = run("key", "--presets", str(folder), state=state)
    assert key.returncode == 0, key.stderr
    assert "moved the signing key" in key.stderr
    assert not (folder / ".workbench-signing.key").exists()
    assert (state / ".workbench-signing.key").read_text().strip() == "11" * 32
    server = Server("--state", str(state), data_csv=small_csv(), presets_dir=folder)
    try:
        person = server.person("Ada")
        assert person.put("/api/presets/new one", json={"name": "new one", "parameters": {}}).status_code in (200, 201)
    finally:
        server.stop()
    status = subprocess.run(["git", "-C", str(folder), "status", "--porcelain", "--untracked-files=all"],
                            capture_output=True, text=True, check=True).stdout.split("\n")
    shown = [line[3:] for line in status if line]
    # The .gitignore the workbench wrote is for the team to commit; nothing else but presets shows.
    assert shown and all(name.endswith(".json") or name == ".gitignore" for name in shown), shown
    assert "new-one.json" in shown


def test_restore_refuses_a_backup_with_a_trigger_and_an_older_one_without_accept_older():
    folder = saved_folder(1)
    backup = folder.parent / "backup.sqlite"
    with opened_db(folder / ".workbench.sqlite") as db, opened_db(backup) as copy:
        db.backup(copy)
    server = Server(presets_dir=folder, data_csv=small_csv())
    try:
        assert server.person("Bo").put("/api/presets/later", json={"name": "later", "parameters": {}}).status_code in (200, 201)
    finally:
        server.stop()
    older = run("history", "restore", str(backup), "--presets", str(folder))
    assert older.returncode != 0 and "--accept-older" in older.stderr and "lost" in older.stderr
    trigger = folder.parent / "trigger.sqlite"
    shutil.copyfile(backup, trigger)
    with opened_db(trigger) as db:
        db.execute("CREATE TRIGGER sneaky AFTER INSERT ON reviews BEGIN DELETE FROM reviews; END")
    refused = run("history", "restore", str(trigger), "--presets", str(folder), "--accept-older")
    assert refused.returncode != 0 and "trigger sneaky" in refused.stderr
    accepted = run("history", "restore", str(backup), "--presets", str(folder), "--accept-older")
    assert accepted.returncode == 0, accepted.stderr
    assert check(folder).returncode == 0


def test_commands_started_together_on_a_new_folder_make_one_history():
    """Eight commands started at once on a folder without a history: one makes it and takes the
    presets in, the others open it after (they used to find an empty file and refuse, or
    interleave two chains' first entries); the chain checks."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = copy_shipped_presets(Path(tmp) / "presets")
        state = Path(tmp) / "state"
        series = "".join(f"{1_700_000_000 + 60 * i},{100 + i % 7}\n" for i in range(30))
        processes = [subprocess.Popen([BINARY, "frame", "--preset", "Default", "--presets", str(folder), "--progress", "0.6", "--state", str(state)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(8)]
        results = [p.communicate(series, timeout=60) for p in processes]
        for p, (out, err) in zip(processes, results):
            assert p.returncode == 0 and out.startswith("M0,"), err   # the frame's path
            assert "refused" not in err and "written after the workbench last signed" not in err, err
        checked = run("history", "check", "--presets", str(folder), state=state)
        assert checked.returncode == 0, checked.stdout + checked.stderr
