"""A presets folder that turns read-only or full under a running server: rename, delete and save
fail whole (both names never on disk, the history unchanged) with plain words naming the preset
and the folder's problem, never a system error dump; a full disk answers 507, a read-only
history 503 (the history is opened read-only; it is never kept in memory). Needs root to
mount a small tmpfs; skipped where that is not allowed."""
import os
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

import pytest

from workbench_server import Server, small_csv


@pytest.fixture
def small_disk():
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    folder = Path(tempfile.mkdtemp(prefix="workbench-disk-"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True).returncode != 0:
        pytest.skip("this machine does not allow mounting a tmpfs")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], capture_output=True)
    folder.rmdir()


def remount(folder, mode):
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)


def put(server, name, **body):
    return server.request("PUT", "/api/presets/" + quote(name, safe=""), json={"parameters": {"markerRadius": 3}, **body})


def plain(answer, name, words):
    message = answer.json()["error"]["message"]
    assert message.startswith(f"“{name}” could not be") and words in message, message
    assert "/" not in message and "Error Domain" not in message and "errno" not in message.lower(), message


def test_a_full_disk_fails_a_save_whole_with_507(small_disk):
    server = Server(data_csv=small_csv(100), presets_dir=small_disk)
    try:
        assert put(server, "Keep").status_code == 201
        filler = small_disk / "filler.bin"
        with open(filler, "wb") as out:
            try:
                while True:
                    out.write(b"\0" * 65536)
                    out.flush()
            except OSError:
                pass
        full = put(server, "Keep", notes="n" * 9000)
        assert full.status_code == 507
        plain(full, "Keep", "full")
        assert server.get("/api/presets/Keep").json()["notes"] == ""
        filler.unlink()
        again = put(server, "Keep", notes="after")
        assert again.status_code == 200 and again.json()["revision"] == "2"
        assert [r["revision"] for r in server.get("/api/presets/Keep/revisions").json()] == ["2", "1"]
    finally:
        server.stop()


def test_a_read_only_folder_refuses_rename_delete_and_save_whole(small_disk, tmp_path):
    first = Server(data_csv=small_csv(100), presets_dir=small_disk)
    assert put(first, "Keep").status_code == 201 and put(first, "Other").status_code == 201
    first.stop()
    kept = sorted(p.name for p in small_disk.glob("*.json"))   # the starters an empty folder began with, and these two
    assert {"keep.json", "other.json"} <= set(kept)
    view = tmp_path / "read-only"
    view.mkdir()
    subprocess.run(["mount", "--bind", str(small_disk), str(view)], check=True)
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(view)], check=True)
        server = Server(data_csv=small_csv(100), presets_dir=view)
        server.people = first.people  # the same folder, its people the same
        try:
            assert server.get("/api/presets/Keep").status_code == 200  # served as it is
            renamed = server.request("POST", "/api/presets/Keep/rename", json={"newName": "New"})
            assert renamed.status_code == 503
            plain(renamed, "Keep", "read-only")
            deleted = server.request("DELETE", "/api/presets/Other")
            assert deleted.status_code == 503
            plain(deleted, "Other", "read-only")
            saved = put(server, "Keep", notes="more")
            assert saved.status_code == 503
            plain(saved, "Keep", "read-only")
            assert sorted(p.name for p in view.glob("*.json")) == kept
            assert server.get("/api/presets/Keep").status_code == 200 and server.get("/api/presets/New").status_code == 404
            assert server.get("/api/presets/Other").status_code == 200
        finally:
            server.stop()
    finally:
        subprocess.run(["umount", str(view)], capture_output=True)
