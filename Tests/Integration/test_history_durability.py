"""The presets' history cannot vanish (issue 26, item 5), with the real binary: a missing, empty,
overwritten or damaged database beside a folder that had a history is refused at start (exit 1,
saying how to restore) unless --new-history; one removed, replaced, emptied or made read-only
while serving is noticed before the next write, which answers 503 (never 2xx for a write not
kept) while reads go on, and a removed one is rescued into a backup that restores everything
acknowledged; damaged pages answer "history unreadable"; backups are taken and restored; the
history's size limit answers 507 and a flood of writes 429."""
import hashlib
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import requests

from workbench_server import BINARY, ROOT, Server, copy_shipped_presets, opened_db, small_csv

DB = ".workbench.sqlite"


def put(server, name, **body):
    return server.request("PUT", "/api/presets/" + quote(name, safe=""), json={"parameters": {"markerRadius": 3}, **body})


def serve(folder, *args):
    return Server(*args, data_csv=small_csv(100), presets_dir=folder)


def refused_start(folder, *args):
    """Runs `workbench serve` on the folder expecting a refusal: exit status and stderr."""
    run = subprocess.run([BINARY, "serve", "--port", "0", "--presets", str(folder), "--public-folder", str(ROOT / "Public"), *args],
                         capture_output=True, text=True, timeout=30)
    return run.returncode, run.stderr


def workbench(*args):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=120)


@pytest.fixture
def folder(tmp_path):
    """A fresh clone's Presets/: the shipped files and no history yet."""
    return copy_shipped_presets(tmp_path / "Presets")


def history_of(folder):
    """Revisions per preset name, read straight from the database."""
    with opened_db(folder / DB) as db:
        return {name: n for name, n in db.execute("SELECT name, max(number) FROM revisions GROUP BY preset_id")}


def checkpoint(folder):
    """Moves what the write-ahead log holds into the database file (a stopped server leaves it)."""
    with opened_db(folder / DB) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def with_saves(folder, count=3, *args):
    server = serve(folder, "--write-rate", "0", *args)
    try:
        for i in range(count):
            assert put(server, "Keep", notes=f"save {i} " + "n" * 2000).status_code in (200, 201)
    finally:
        server.stop()
    checkpoint(folder)


def test_a_fresh_clone_starts_and_takes_its_files_in(folder):
    server = serve(folder)
    try:
        assert server.get("/api/presets/Default").status_code == 200
    finally:
        server.stop()
    assert (folder / DB).exists() and (folder / ".workbench-history").exists()
    assert list((folder / ".workbench-backups").glob("history-*.sqlite")), "a backup is taken at start"
    assert len(history_of(folder)) == 3


@pytest.mark.parametrize("damage", ["deleted", "every history file deleted", "truncated", "garbage header", "damaged pages"])
def test_a_broken_history_is_refused_at_start_and_new_history_begins_again(folder, damage):
    with_saves(folder, 40)
    db = folder / DB
    if damage == "deleted":
        db.unlink()
    elif damage == "every history file deleted":
        # The database, its marker, its backups and SQLite's files: only the signed head in the
        # workbench's state folder, outside the presets folder, is left to tell a history was kept.
        for leftover in [*folder.glob(".workbench-*"), *folder.glob(DB + "*")]:
            shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
        assert not (folder / ".workbench-history").exists() and not (folder / ".workbench-backups").exists()
    elif damage == "truncated":
        db.write_bytes(b"")
    elif damage == "garbage header":
        with open(db, "r+b") as f:
            f.write(b"this is not SQLite at all")
    else:
        size = db.stat().st_size
        assert size > 8 * 4096
        with open(db, "r+b") as f:
            f.seek(2 * 4096)
            f.write(os.urandom(size - 3 * 4096))
    def files():  # and their bytes (SQLite's -shm index aside)
        return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.name.endswith("-shm")}
    before = files()
    status, err = refused_start(folder)
    assert status != 0, err
    assert "workbench history restore" in err and "--new-history" in err, err
    if damage == "every history file deleted":
        assert re.search(r"its marker and its backups are gone, though the workbench's state \(.+\) holds the signed head of its history, \d+ entries", err), err
    assert len(err.strip().splitlines()) == 1 and "Error Domain" not in err
    assert files() == before, "a refusal changes nothing"
    server = serve(folder, "--new-history")
    try:
        assert server.get("/api/presets/Keep").json()["notes"].startswith("save 39 ")
        assert put(server, "Keep", notes="after").status_code == 200
    finally:
        server.stop()
    if "deleted" not in damage:
        assert list(folder.glob(DB + ".broken-*")), "the broken file is kept aside"


def state_of(folder):
    """The workbench's state folder for these presets (the default, under XDG_STATE_HOME)."""
    resolved = str(folder.resolve())
    return Path(os.environ["XDG_STATE_HOME"]) / "chart-workbench" / f"{folder.name}-{hashlib.sha256(resolved.encode()).hexdigest()[:16]}"


@pytest.mark.parametrize("emptied", ["every file deleted", "the folder deleted"])
def test_a_team_folder_emptied_beside_its_kept_head_is_refused_without_the_starters(folder, emptied):
    """A new team folder gets the starter presets only when the start rule lets it start: one
    emptied (or deleted) while the workbench's state keeps its history's signed head is refused,
    and no starter is written to be taken for the team's presets by a later --new-history."""
    with_saves(folder, 3)
    if emptied == "the folder deleted":
        shutil.rmtree(folder)
    else:
        for leftover in folder.iterdir():
            shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
    status, err = refused_start(folder)
    assert status != 0 and "holds the signed head of its history" in err, err
    assert not list(folder.glob("*.json")) and not (folder / DB).exists(), sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("record", ["unreadable", "edited", "without its key", "a folder"])
def test_every_history_file_deleted_beside_a_record_that_cannot_be_checked_is_refused_before_anything_is_made(folder, record):
    """The presets folder's history files all gone, and the state's record of that history
    unreadable, edited (so its signature fails) or left without the key that signed it: the start
    is refused naming the record, and no new database is left behind. --new-history begins a new
    history, which replaces the record, and the next start is plain."""
    with_saves(folder, 3)
    for leftover in [*folder.glob(".workbench-*"), *folder.glob(DB + "*")]:
        shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
    head = state_of(folder) / "history-head.json"
    if record == "unreadable":
        head.write_text("{ not a head")
    elif record == "edited":
        head.write_text(head.read_text().replace('"entries":', '"entries":1', 1))
    elif record == "a folder":
        head.unlink()
        head.mkdir()
    else:
        (state_of(folder) / ".workbench-signing.key").unlink()
    before = sorted(p.name for p in folder.iterdir())
    status, err = refused_start(folder)
    assert status != 0 and "workbench history restore" in err and "--new-history" in err, err
    assert "its marker and its backups are gone" in err and ("no key to check it" if record == "without its key" else "cannot be checked") in err, err
    assert sorted(p.name for p in folder.iterdir()) == before, "a refusal makes nothing"
    if record == "a folder":
        assert "is not a file it can read" in err, err
        head.rmdir()   # the person removes what is in the record's place; a new history can then keep its head there
    server = serve(folder, "--new-history")
    try:
        assert put(server, "Keep", notes="a new history").status_code in (200, 201)
    finally:
        server.stop()
    server = serve(folder)
    try:
        assert server.get("/api/presets/Keep").json()["notes"] == "a new history"
    finally:
        server.stop()


@pytest.mark.parametrize("change", ["deleted", "replaced", "truncated", "overwritten in place"])
def test_a_history_changed_while_serving_refuses_writes_and_loses_nothing_acknowledged(folder, tmp_path, change):
    other = tmp_path / "other"
    other.mkdir()
    with_saves(other, 1)  # another history, to put in this one's place
    server = serve(folder)
    try:
        acknowledged = [put(server, "Keep", notes=f"kept {i}").status_code for i in range(5)]
        assert acknowledged == [201, 200, 200, 200, 200]
        db = folder / DB
        if change == "deleted":
            db.unlink()
        elif change == "replaced":
            shutil.copy(other / DB, folder / "incoming.tmp")
            os.rename(folder / "incoming.tmp", db)
        elif change == "truncated":
            os.truncate(db, 0)
        else:
            shutil.copy(other / DB, db)  # cp over the file: same inode, another history
        refused = put(server, "Keep", notes="not kept")
        assert refused.status_code == 503, refused.text
        error = refused.json()["error"]
        assert error["code"] == "history_unavailable" and "removed or replaced" in error["message"]
        assert "/tmp" not in error["message"]
        assert server.request("DELETE", "/api/presets/Keep").status_code == 503
        assert server.request("POST", "/api/presets/Keep/reviews", json={"revision": 5, "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True}).status_code in (503, 403, 400)
        # Reads go on.
        assert server.get("/api/presets/Keep").json()["notes"] == "kept 4"
        assert server.get("/api/presets/Keep/revisions").status_code == 200
    finally:
        server.stop()
    told = server.process.stderr.read()
    rescued = sorted((folder / ".workbench-backups").glob("rescued-*.sqlite"))
    if change in ("deleted", "replaced"):
        assert rescued, "what the server held is copied out before anything is refused"
        # The store tells the server, and the server tells its log, where the copy went.
        assert "removed or replaced" in told and rescued[-1].name in told, told
        assert workbench("history", "restore", str(rescued[-1]), "--presets", str(folder)).returncode == 0
        again = serve(folder)
        try:
            revisions = again.get("/api/presets/Keep/revisions").json()
            assert [r["revision"] for r in revisions][:5] == ["5", "4", "3", "2", "1"], "every acknowledged save is there"
            assert again.get("/api/presets/Keep").json()["notes"] == "kept 4"
        finally:
            again.stop()


def test_a_read_only_history_serves_reads_and_refuses_writes(folder):
    with_saves(folder, 2)
    (folder / DB).chmod(0o444)
    server = serve(folder)
    try:
        assert server.get("/api/presets/Keep").status_code == 200
        refused = put(server, "Keep", notes="not kept")
        assert refused.status_code == 503 and refused.json()["error"]["code"] == "history_read_only", refused.text
        assert server.get("/api/presets/Keep").json()["notes"].startswith("save 1 ")
        # The people's writes say it as the presets' do: the owner's invitation is not kept.
        invited = requests.post(server.url + "/api/invitations", json={"role": "editor"}, timeout=30,
                                headers={"Origin": server.url, "X-Workbench-Secret": server.owner_secret()})
        assert invited.status_code == 503 and invited.json()["error"]["code"] == "history_read_only", invited.text
    finally:
        server.stop()
    (folder / DB).chmod(0o644)
    server = serve(folder)
    try:
        assert put(server, "Keep", notes="kept").status_code == 200
        (folder / DB).chmod(0o444)  # while serving
        refused = put(server, "Keep", notes="not kept")
        assert refused.status_code == 503 and "read-only" in refused.json()["error"]["message"]
    finally:
        server.stop()
        (folder / DB).chmod(0o644)
    assert history_of(folder)["Keep"] == 3


def test_damaged_pages_while_serving_answer_history_unreadable_not_could_not_be_saved(folder):
    server = serve(folder, "--write-rate", "0")
    try:
        for i in range(400):
            assert put(server, "Big", notes=f"{i} " + "n" * 9_000).status_code in (200, 201)
    finally:
        server.stop()
    checkpoint(folder)
    db = folder / DB
    size = db.stat().st_size
    server = serve(folder)
    try:
        with open(db, "r+b") as f:  # the old revisions' pages, under the running server
            f.seek(4 * 4096)
            f.write(os.urandom(size // 2))
        answers = [server.get(f"/api/presets/Big/revisions/{n}") for n in range(1, 401)]
        broken = [a for a in answers if a.status_code != 200]
        assert broken, "some page was read from the disk"
        for answer in broken:
            assert answer.status_code == 500, answer.text
            error = answer.json()["error"]
            assert error["code"] == "history_unreadable" and "could not be saved" not in error["message"], error
            assert "workbench history restore" in error["message"]
    finally:
        server.stop()


def test_backups_are_taken_every_50_writes_kept_5_and_restored(folder):
    server = serve(folder, "--write-rate", "0")
    try:
        for i in range(260):
            assert put(server, "Keep", notes=f"save {i}").status_code in (200, 201)
        time.sleep(1)
        periodic = sorted((folder / ".workbench-backups").glob("history-*.sqlite"))
        assert len(periodic) == 5
        made = workbench("history", "backup", "--presets", str(folder))
        assert made.returncode == 0, made.stderr
        backup = Path(made.stdout.strip())
        assert backup.exists() and backup.name.startswith("manual-")
        with opened_db(backup) as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert db.execute("SELECT max(number) FROM revisions JOIN presets ON presets.id = preset_id WHERE presets.name = 'Keep'").fetchone()[0] == 260
        busy = workbench("history", "restore", str(backup), "--presets", str(folder))
        assert busy.returncode != 0 and "server is using" in busy.stderr
        assert put(server, "Keep", notes="after the backup").status_code == 200
    finally:
        server.stop()
    damaged = folder.parent / "damaged.sqlite"
    shutil.copy(backup, damaged)
    with open(damaged, "r+b") as f:
        f.seek(3 * 4096)
        f.write(os.urandom(8 * 4096))
    refused = workbench("history", "restore", str(damaged), "--presets", str(folder))
    assert refused.returncode != 0 and "damaged" in refused.stderr, refused.stderr
    # The backup is older than the save after it: a restore loses that save only when asked to (#34.3).
    older = workbench("history", "restore", str(backup), "--presets", str(folder))
    assert older.returncode != 0 and "--accept-older" in older.stderr
    restored = workbench("history", "restore", str(backup), "--presets", str(folder), "--accept-older")
    assert restored.returncode == 0, restored.stderr
    assert list((folder / ".workbench-backups").glob("replaced-*.sqlite"))
    server = serve(folder)
    try:
        revisions = server.get("/api/presets/Keep/revisions?limit=3").json()
        # The file on disk (saved after the backup) is taken in as the next revision.
        assert [r["revision"] for r in revisions] == ["261", "260", "259"]
        assert server.get("/api/presets/Keep").json()["notes"] == "after the backup"
    finally:
        server.stop()


def test_the_history_limit_answers_507_and_keeps_what_it_acknowledged(folder):
    server = serve(folder, "--history-limit", "1", "--write-rate", "0")
    try:
        statuses = [put(server, "Keep", notes=f"{i} " + "n" * 9_000).status_code for i in range(200)]
        assert 507 in statuses
        first = statuses.index(507)
        assert set(statuses[:first]) <= {200, 201} and set(statuses[first:]) == {507}
        full = put(server, "Keep", notes="small")
        assert full.status_code == 507 and full.json()["error"]["code"] == "history_full"
        assert "1 MB" in full.json()["error"]["message"]
    finally:
        server.stop()
    assert history_of(folder)["Keep"] == first


def test_a_flood_of_writes_by_one_author_answers_429_with_retry_after(folder):
    server = serve(folder, "--write-rate", "1")  # a burst of 10, then one a second
    try:
        # A slow machine refills the bucket while it writes: write until the first refusal.
        statuses = []
        for i in range(40):
            statuses.append(put(server, "Keep", notes=str(i)))
            if statuses[-1].status_code == 429:
                break
        assert len(statuses) >= 11 and [s.status_code for s in statuses[:10]] == [201] + [200] * 9
        slowed = statuses[-1]
        assert slowed.status_code == 429 and int(slowed.headers["Retry-After"]) >= 1
        assert slowed.json()["error"]["code"] == "too_many_writes"
        time.sleep(1.1)
        assert put(server, "Keep", notes="later").status_code == 200
    finally:
        server.stop()


def test_backing_up_ten_thousand_revisions(folder, capsys):
    """Times the whole `workbench history backup` process for a history of 10,000 revisions."""
    with_saves(folder, 1)
    with opened_db(folder / DB) as db:
        preset_id, text = db.execute("SELECT preset_id, file_text FROM revisions WHERE name = 'Keep'").fetchone()
        row = db.execute("SELECT * FROM revisions WHERE name = 'Keep'").fetchone()
        db.executemany("INSERT INTO revisions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [(preset_id, n) + row[2:8] + (text + " " * (n % 500),) + row[9:] for n in range(2, 10_001)])
        db.execute("UPDATE presets SET latest = 10000 WHERE id = ?", (preset_id,))
        # Rows made here, not by the workbench: the history is made one from before the chain
        # (no chain, no signed head in the workbench's state), which the next start adopts.
        db.execute("DROP TABLE history_chain")
    (state_of(folder) / "history-head.json").unlink()
    start = time.monotonic()
    made = workbench("history", "backup", "--presets", str(folder))
    seconds = time.monotonic() - start
    assert made.returncode == 0, made.stderr
    size = Path(made.stdout.strip()).stat().st_size
    with capsys.disabled():
        print(f"\nbackup of 10,000 revisions ({size / 1e6:.1f} MB): {seconds:.2f} s for the whole process")
    assert seconds < 30


def test_one_server_per_presets_folder(folder, tmp_path):
    """A second `serve` on a folder a server holds is refused with the reason, whatever its state
    folder (with another one it would mint another key and take the first one's writes for
    changes behind its back); the command line's other commands still work beside the server,
    and once it stops the folder serves again."""
    server = serve(folder)
    try:
        for state in ([], ["--state", str(tmp_path / "another-state")]):
            status, stderr = refused_start(folder, *state)
            assert status == 1 and "another workbench server is serving the presets in" in stderr and "one server per presets folder" in stderr, stderr
        assert not (tmp_path / "another-state" / ".workbench-signing.key").exists()
        listed = workbench("people", "list", "--presets", str(folder))
        assert listed.returncode == 0, listed.stderr
        assert put(server, "Keep").status_code in (200, 201)
    finally:
        server.stop()
    again = serve(folder)
    try:
        assert put(again, "Keep", notes="again").status_code == 200
    finally:
        again.stop()


def test_a_history_rolled_back_in_place_while_serving_lets_nobody_change_anything(folder):
    """A copy of the history taken before Ann was revoked, restored in place while the server
    runs: once the server finds it (at the next save), Ann's secret, valid again in the copy, changes
    nothing (no shared draft, no playing for the team), nor does anyone else's; reads go on."""
    server = serve(folder, "--write-rate", "0")
    try:
        owner, ann, ben = server.person("owner"), server.person("Ann"), server.person("Ben")
        assert put(server, "Keep").status_code == 201
        with opened_db(folder / DB) as live, opened_db(folder.parent / "before.sqlite") as copy:
            live.backup(copy)
        assert owner.post("/api/people/Ann/revoke", json={}).status_code == 200
        assert ann.get("/api/people/me").status_code == 401
        assert ben.put("/api/presets/Keep", json={"parameters": {"markerRadius": 5}}).status_code == 200
        with opened_db(folder.parent / "before.sqlite") as copy, opened_db(folder / DB) as live:
            copy.backup(live)   # sqlite3's .restore: the same file, rolled back
        refused = ben.put("/api/presets/Keep", json={"parameters": {"markerRadius": 6}})
        assert refused.status_code == 503 and refused.json()["error"]["code"] == "history_unavailable", refused.text
        for person in (ann, ben):
            draft = person.post("/api/drafts/Keep/changes", json={"parameters": {"markerRadius": 2}})
            assert draft.status_code == 503 and "behind the workbench's back" in draft.json()["error"]["message"], draft.text
        assert server.get("/api/presets/Keep").status_code == 200
    finally:
        server.stop()


def test_an_approval_written_behind_the_servers_back_is_not_read_as_one(folder):
    """An approval inserted with sqlite3 while the server runs is found at the very next read of
    the preset's status, not only at the next write: the status says the history was changed
    behind the workbench's back, and from then on changes are refused; reads go on."""
    server = serve(folder, "--write-rate", "0")
    try:
        ben = server.person("Ben")
        assert put(server, "Keep").status_code == 201
        before = server.get("/api/presets/Keep").json()["status"]
        assert before["state"] == "draft" and before["historyProblem"] is None, before["historyProblem"]
        with opened_db(folder / DB) as live:
            preset_id, latest = live.execute("SELECT id, latest FROM presets WHERE name = 'Keep'").fetchone()
            live.execute("INSERT INTO reviews(preset_id, revision, author, decision, reviewers, comment, time) "
                         "VALUES (?, ?, 'Ben', 'approve', '[]', '', '2026-01-01T00:00:00Z')", (preset_id, latest))
        status = server.get("/api/presets/Keep").json()["status"]
        assert status.get("historyProblem"), status
        refused = ben.put("/api/presets/Keep", json={"parameters": {"markerRadius": 6}})
        assert refused.status_code == 503 and refused.json()["error"]["code"] == "history_unavailable", refused.text
        assert server.get("/api/presets/Keep").json()["status"]["historyProblem"] == status["historyProblem"]
    finally:
        server.stop()


def test_reads_by_other_processes_beside_a_writing_server_are_no_tampering(folder):
    """Other processes reading the history while the server writes (sqlite3, as any tool, and the
    workbench's own read-only commands) neither crash the server nor count as a change behind its
    back: the server once dropped SQLite's locks on the history's index by opening and closing it
    itself, and a reader closing its connection then reset the index under the server (a bus
    error) or checkpointed the file beside it (every write refused as tampering)."""
    import threading
    server = serve(folder)
    try:
        person = server.person("Ann")
        assert put(server, "Keep").status_code == 201
        stop = threading.Event()

        def read_with_sqlite():
            while not stop.is_set():
                with opened_db(folder / DB) as reader:
                    reader.execute("SELECT count(*) FROM people").fetchone()

        def read_with_commands():
            while not stop.is_set():
                workbench("people", "list", "--presets", str(folder))

        readers = [threading.Thread(target=read_with_sqlite), threading.Thread(target=read_with_commands)]
        for reader in readers:
            reader.start()
        try:
            for i in range(120):
                answer = person.post("/api/presets/Keep/comments", json={"parameter": "lineColor", "text": f"c{i}"})
                assert answer.status_code == 201, (i, answer.text)
        finally:
            stop.set()
            for reader in readers:
                reader.join()
        assert server.process.poll() is None, server.process.stderr.read()
        assert server.get("/api/presets/Keep").json()["status"]["historyProblem"] is None
        checked = workbench("history", "check", "--presets", str(folder))
        assert checked.returncode == 0 and "verifies" in checked.stdout, checked.stdout + checked.stderr
    finally:
        server.stop()


def test_a_preset_renamed_behind_the_servers_back_is_found(folder):
    """The `presets` rows are not chained themselves: one renamed with sqlite3 (which would give
    an approved revision, and its signed exports, another name) is found against the chained
    revisions at the next read, as is a newest revision or a deletion set by hand."""
    for i, edit in enumerate(("UPDATE presets SET name = 'Shipping' WHERE name = 'Keep'",
                              "UPDATE presets SET latest = 1 WHERE name = 'Keep'",
                              "UPDATE presets SET deleted = 1 WHERE name = 'Keep'")):
        folder = copy_shipped_presets(folder.parent / f"Presets-{i}")
        server = serve(folder)
        try:
            assert put(server, "Keep").status_code == 201
            assert put(server, "Keep", notes="second").status_code == 200
            with opened_db(folder / DB) as live:
                live.execute(edit)
            problem = server.get("/api/presets/Default").json()["status"]["historyProblem"]
            assert problem and "the preset “" in problem, (edit, problem)
            assert put(server, "Other").status_code == 503
        finally:
            server.stop()
        checked = workbench("history", "check", "--presets", str(folder))
        assert checked.returncode != 0 and "changed behind the workbench's back" in checked.stdout + checked.stderr, edit
