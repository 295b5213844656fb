"""Signatures that mean exactly what they say (issue 34 items 1–2, issue 33 item 4), attacked
through the real server and binary: words forged through POST /api/export are never signed as a
revision; unsaved parameters are signed as "unsaved parameters of …, by <person>, not a
revision"; approvers are people with ids under a named rule, with every failing check they
approved despite; `verify` refuses symlinks, special files, unsigned or unlisted files and
folders, zip tricks and drafts, one line per failure, and prints the key and the statement."""
import io
import json
import os
import shutil
import subprocess
import zipfile
from urllib.parse import unquote

import pytest

from workbench_server import BINARY, Server, small_csv

FORMATS = {"json": "json", "swift": "swift", "kotlin": "kt", "tokens": "tokens.json", "svg": "svg"}
# Pale but honest (no smoothing, a monotone curve): approved despite readability alone.
PALE = {"lineColor": "#DDDDDD", "markerRadius": 3, "smoothing": "none", "inactiveCurve": "monotone"}
FORGED = {"name": "Default", "author": "Security team", "notes": "APPROVED FOR RELEASE BY LEGAL", "updatedAt": "2030-01-01T00:00:00Z"}


def run(*args):
    return subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def approved():
    """Ana saves a pale line (fails the readability check); Ben approves it anyway."""
    server = Server(data_csv=small_csv(200))
    try:
        saved = server.request("PUT", "/api/presets/Pale", json={"parameters": PALE, "notes": "pale on purpose"}, headers={"X-Workbench-User": "Ana"})
        assert saved.status_code == 201, saved.text
        refused = server.request("POST", "/api/presets/Pale/reviews", json={"revision": "1", "decision": "approve"}, headers={"X-Workbench-User": "Ben"})
        assert refused.status_code == 409
        ok = server.request("POST", "/api/presets/Pale/reviews", json={"revision": "1", "decision": "approve", "acknowledgeReadability": True},
                            headers={"X-Workbench-User": "Ben"})
        assert ok.status_code == 201, ok.text
        server.failures = server.get("/api/check?preset=Pale").json()["failures"]
        assert server.failures and any("#DDDDDD on light" in f for f in server.failures)
        server.ids = {name: server.get("/api/people/me", headers={"X-Workbench-User": name}).json()["id"] for name in ("Ana", "Ben", "Mallory")}
        server.key = run("key", "--presets", server.presets).stdout.strip()
        yield server
    finally:
        server.close()


def verify(server, path, *args, offline=False):
    where = ("--public-key", server.key) if offline else ("--presets", server.presets)
    return run("verify", *where, "--data", server.dir / "data.csv", *args, path)


def passes(server, path, *args, offline=False):
    done = verify(server, path, *args, offline=offline)
    assert done.returncode == 0 and done.stderr == "", f"{path}: {done.stderr}"
    lines = done.stdout.rstrip("\n").split("\n")
    assert f"public key: {server.key}" in lines, done.stdout
    return done.stdout


def fails(server, path, *args, offline=False, why=None, count=1):
    done = verify(server, path, *args, offline=offline)
    assert done.returncode == 1, f"{path} passed: {done.stdout}"
    lines = done.stderr.rstrip("\n").split("\n")
    assert len(lines) == count and all(lines), done.stderr
    if why:
        assert why in done.stderr, done.stderr
    return lines


def provenance_of(text, fmt):
    if fmt in ("json", "tokens"):
        return json.loads(text)["provenance"]
    line = next(l for l in text.split("\n") if "chart-workbench.provenance: " in l)
    block = line.split("chart-workbench.provenance: ", 1)[1]
    return json.loads(block[:-4] if block.endswith(" -->") else block)


def test_forged_words_through_post_export_are_not_signed_as_the_revision(approved, tmp_path):
    s = approved
    for fmt, ext in FORMATS.items():
        body = {"preset": "Pale", **PALE, **FORGED, "format": fmt, "width": 320, "height": 200, "period": "1M", "background": "dark"}
        r = s.request("POST", "/api/export", json=body, headers={"X-Workbench-User": "Mallory"})
        assert r.status_code == 200, r.text
        assert "LEGAL" not in r.text and "Security team" not in r.text and "2030-01-01" not in r.text, fmt
        assert r.headers["X-Workbench-Revision"] == "1" and r.headers["X-Workbench-Status"] == "approved"
        block = provenance_of(r.text, fmt)
        assert block["version"] == 3 and block["preset"] == "Pale" and block["revision"] == 1 and block["status"] == "approved"
        assert block["approvers"] == [{"person": "Ben", "personId": s.ids["Ben"], "despite": s.failures}], block["approvers"]
        assert block["approvalRule"] == "1 approval from someone other than its author" and "exportedBy" not in block
        if fmt == "json":
            document = json.loads(r.text)
            assert document["name"] == "Pale" and document["author"] == "Ana" and document["notes"] == "pale on purpose"
        path = tmp_path / f"pale.{ext}"
        path.write_text(r.text)
        out = passes(s, path)
        assert "statement: revision 1 of “Pale”, approved by Ben (person" in out and f"despite: {s.failures[0]}" in out, out
        passes(s, path, offline=True)
    # The bundles too: the README states the statement and each override.
    for platform in ("ios", "android"):
        r = s.request("POST", "/api/export", json={"preset": "Pale", **PALE, **FORGED, "format": platform}, headers={"X-Workbench-User": "Mallory"})
        assert r.status_code == 200 and r.headers["Content-Type"] == "application/zip"
        archive = tmp_path / f"pale-{platform}.zip"
        archive.write_bytes(r.content)
        with zipfile.ZipFile(io.BytesIO(r.content)) as z:
            readme = next(z.read(n).decode() for n in z.namelist() if n.endswith("/README.md"))
            assert "LEGAL" not in "".join(z.read(n).decode(errors="replace") for n in z.namelist())
        assert "approved by Ben (person" in readme and "Approved despite failing checks" in readme
        assert f"approved by Ben (person {s.ids['Ben']}) despite: Line #DDDDDD on light" in readme, readme
        assert "approved by Ben" in passes(s, archive) and "despite:" in passes(s, archive, offline=True)


def test_unsaved_parameters_are_signed_as_the_person_who_asked_and_never_verify(approved, tmp_path):
    s = approved
    body = {"preset": "Pale", **PALE, "markerRadius": 7, **FORGED, "format": "json"}
    r = s.request("POST", "/api/export", json=body, headers={"X-Workbench-User": "Mallory"})
    assert r.status_code == 200 and r.headers["X-Workbench-Revision"] == "unsaved" and r.headers["X-Workbench-Status"] == "unsaved"
    document = json.loads(r.text)
    block = document["provenance"]
    assert block["revision"] is None and block["status"] == "unsaved" and block["approvers"] == [] and block["preset"] == "Pale"
    assert block["exportedBy"] == {"person": "Mallory", "personId": s.ids["Mallory"]}
    assert document["author"] == "Mallory"   # a request's own author is never signed
    path = tmp_path / "unsaved.json"
    path.write_text(r.text)
    for offline in (False, True):
        line = fails(s, path, "--allow-draft", offline=offline)[0]
        assert f"unsaved parameters of “Pale”, by Mallory (person {s.ids['Mallory']}), not a revision" in line, line
    # The dialog's words come with the answer.
    assert unquote(r.headers["X-Workbench-Statement"]).startswith("unsaved parameters of “Pale”, by Mallory")
    # A bundle of unsaved parameters says so in its README and never verifies.
    r = s.request("POST", "/api/export", json={**body, "format": "android"}, headers={"X-Workbench-User": "Mallory"})
    archive = tmp_path / "unsaved.zip"
    archive.write_bytes(r.content)
    with zipfile.ZipFile(archive) as z:
        readme = next(z.read(n).decode() for n in z.namelist() if n.endswith("/README.md"))
    assert f"unsaved parameters of “Pale”, by Mallory (person {s.ids['Mallory']}), not a revision" in readme and "Not a revision" in readme
    assert "not a revision" in fails(s, archive, "--allow-draft", offline=True)[0]


def test_drafts_fail_unless_allowed(approved, tmp_path):
    s = approved
    current = s.get("/api/presets/Pale").json()
    saved = s.request("PUT", "/api/presets/Pale", json={"parameters": {**PALE, "markerRadius": 5}, "notes": "draft"},
                      headers={"If-Match": current["revision"], "X-Workbench-User": "Ana"})
    assert saved.status_code == 200, saved.text
    draft = tmp_path / "draft.swift"
    draft.write_text(s.get("/api/presets/Pale/export?format=swift").text)
    for offline in (False, True):
        assert "never approved (give --allow-draft" in fails(s, draft, offline=offline)[0]
        assert "statement: revision 2 of “Pale”, draft, not approved" in passes(s, draft, "--allow-draft", offline=offline)
    # The approved revision still verifies without it.
    approved_file = tmp_path / "approved.kt"
    approved_file.write_text(s.get("/api/presets/Pale/export?format=kotlin&revision=approved").text)
    passes(s, approved_file)
    # Restore the approved parameters for the other tests.
    again = s.request("PUT", "/api/presets/Pale", json={"parameters": PALE, "notes": "pale on purpose"},
                      headers={"If-Match": saved.json()["revision"], "X-Workbench-User": "Ana"})
    assert again.status_code == 200


def bundle(s, tmp_path, platform="ios"):
    r = s.get(f"/api/presets/Pale/export?format={platform}&revision=approved")
    assert r.status_code == 200
    archive = tmp_path / f"bundle-{platform}.zip"
    archive.write_bytes(r.content)
    with zipfile.ZipFile(archive) as z:
        z.extractall(tmp_path / f"unzipped-{platform}")
    folder = next((tmp_path / f"unzipped-{platform}").iterdir())
    return archive, folder


def variant(folder, tag, change):
    copy = folder.parent.parent / f"{tag}" / folder.name
    shutil.copytree(folder, copy, symlinks=True)
    change(copy)
    return copy


def test_a_bundle_holds_only_what_it_lists(approved, tmp_path):
    s = approved
    archive, folder = bundle(s, tmp_path)
    passes(s, folder)
    passes(s, folder.parent)      # the folder the zip was unpacked in: one bundle
    passes(s, archive, offline=True)
    # The bundle reached through a link is refused, with a trailing slash too (which the system follows).
    link = tmp_path / "linked-bundle"
    link.symlink_to(folder)
    for given in (str(link), str(link) + "/", str(link) + "//"):
        fails(s, given, why="linked-bundle: is a symlink")
    engine = "ChartEngine/Sources/ChartEngine"
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "Backdoor.swift").write_text("public func backdoor() {}\n")

    def symlinked_folder(c):
        os.symlink(outside, c / engine / "Extra")
    fails(s, variant(folder, "symlink-folder", symlinked_folder), why="ChartEngine/Sources/ChartEngine/Extra is a symlink")
    fails(s, variant(folder, "symlink-folder-offline", symlinked_folder), offline=True, why="is a symlink")

    def folder_swapped_for_a_symlink(c):
        # The signed folder moved out and linked back: every file still reads the same through
        # the link, and the one line says why it fails (not a line per file it holds).
        moved = outside / f"moved-{c.parent.name}"
        shutil.move(str(c / engine / "Chart"), moved)
        os.symlink(moved, c / engine / "Chart")
    for offline in (False, True):
        fails(s, variant(folder, f"symlinked-signed-folder-{offline}", folder_swapped_for_a_symlink), offline=offline,
              why="ChartEngine/Sources/ChartEngine/Chart is a symlink")

    def symlinked_file(c):
        target = c / engine / "Chart"
        first = next(p for p in sorted(target.rglob("*.swift")))
        first.unlink()
        os.symlink(outside / "Backdoor.swift", first)
    fails(s, variant(folder, "symlink-file", symlinked_file), why="is a symlink")

    def fifo(c):
        os.mkfifo(c / engine / "Pipe.swift")
    fails(s, variant(folder, "fifo", fifo), why="Pipe.swift is a special file")

    def empty_folder(c):
        (c / engine / "Hidden").mkdir()
    fails(s, variant(folder, "folder", empty_folder), why="ChartEngine/Sources/ChartEngine/Hidden/ is a folder PROVENANCE.json does not list")

    def two_things(c):
        (c / "Extra.swift").write_text("// extra\n")
        (c / engine / "Backdoor.swift").write_text("public func backdoor() {}\n")
    lines = fails(s, variant(folder, "two", two_things), count=2)
    assert any("Extra.swift is not listed" in l for l in lines) and any("Backdoor.swift is not listed" in l for l in lines)

    # A sibling folder with a Package.swift beside the bundle, in the folder it was unpacked in.
    parent = tmp_path / "parent"
    shutil.copytree(folder.parent, parent)
    (parent / "Evil").mkdir()
    (parent / "Evil" / "Package.swift").write_text("// swift-tools-version: 6.0\n")
    lines = fails(s, parent, count=2)
    assert any("Evil/: is a folder that is no bundle" in l for l in lines) and any("Package.swift: carries no Chart Workbench provenance" in l for l in lines)


def test_a_folder_of_exports_holds_only_signed_files(approved, tmp_path):
    s = approved
    folder = tmp_path / "exports"
    folder.mkdir()
    for fmt, ext in FORMATS.items():
        (folder / f"pale.{ext}").write_text(s.get(f"/api/presets/Pale/export?format={fmt}&revision=approved").text)
    out = passes(s, folder)
    assert "5 signed exports verified" in out and out.count("approved by Ben (person") == 5
    (folder / "ChartStyle+Evil.swift").write_text("public let evil = 1\n")
    fails(s, folder, why="ChartStyle+Evil.swift: carries no Chart Workbench provenance")
    fails(s, folder, offline=True, why="ChartStyle+Evil.swift")
    (folder / "ChartStyle+Evil.swift").unlink()
    # A file name is anyone's: an escape sequence or a bidi override in it is never printed raw.
    (folder / "\x1b[2J\u202eevil.swift").write_text("x\n")
    line = fails(s, folder)[0]
    assert "\x1b" not in line and "\u202e" not in line and "\\u{1B}[2J\\u{202E}evil.swift" in line, line
    (folder / "\x1b[2J\u202eevil.swift").unlink()
    os.symlink(folder / "pale.swift", folder / "again.swift")
    fails(s, folder, why="again.swift: is a symlink")


def zip_with(entries, symlink=None):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name)
            info.external_attr = (0o120777 if name == symlink else 0o100644) << 16
            info.create_system = 3
            z.writestr(info, data)
    return buffer.getvalue()


def test_zip_tricks_fail_with_one_line(approved, tmp_path):
    s = approved
    archive, _ = bundle(s, tmp_path, "android")
    with zipfile.ZipFile(archive) as z:
        entries = [(n, z.read(n)) for n in z.namelist()]
    top = entries[0][0].split("/")[0]
    passes(s, archive)

    def attempt(tag, new_entries, why, symlink=None):
        path = tmp_path / f"{tag}.zip"
        path.write_bytes(zip_with(new_entries, symlink))
        fails(s, path, why=why)
        fails(s, path, offline=True, why=why)

    attempt("extra", entries + [(f"{top}/Evil.kt", b"package evil\n")], "Evil.kt is not listed")
    attempt("dotdot", entries + [(f"{top}/../Evil.kt", b"x")], "unsafe path")
    attempt("absolute", entries + [("/tmp/Evil.kt", b"x")], "unsafe path")
    attempt("twice", entries + [entries[1]], "twice")
    attempt("symlink", entries + [(f"{top}/link", b"/etc/passwd")], "symlink", symlink=f"{top}/link")
    attempt("two-tops", entries + [("other/Package.swift", b"x")], "top-level")
    attempt("folder", entries + [(f"{top}/hidden/", b"")], "hidden/ is a folder PROVENANCE.json does not list")
    changed = [(n, d + b"\n// edited\n" if n.endswith("README.md") else d) for n, d in entries]
    attempt("changed", changed, "README.md was changed after it was exported")
    # Compressed entries are not what the workbench writes.
    deflated = tmp_path / "deflated.zip"
    with zipfile.ZipFile(deflated, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in entries:
            z.writestr(n, d)
    fails(s, deflated, why="compressed")


def test_exit_codes_and_help(approved, tmp_path):
    s = approved
    assert run("verify", "--public-key", "nope", tmp_path).returncode == 2
    assert run("verify", "--presets", tmp_path / "missing", tmp_path).returncode == 2
    missing = run("verify", "--public-key", s.key, tmp_path / "nothing.json")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
    help_text = run("verify", "--help").stdout
    assert "--allow-draft" in help_text and "Exit codes: 0 verified; 1 a check failed" in " ".join(help_text.split())
