"""Signed provenance (issue 26, items 4 and 6): every export and bundle carries an Ed25519
signature by the presets folder's key over preset, revision, status, approvers, canonical
parameters and content; `workbench verify` checks it and re-derives the export. Runs the real
binary: forgeries fail with one line on stderr, genuine exports pass (re-indented JSON too,
offline with `--public-key`), and a copy of the binary outside the repository writes bundles."""
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import time
from pathlib import Path

import pytest

from workbench_server import BINARY, ROOT, Server, copy_shipped_presets, small_csv

FORMATS = {"json": "json", "swift": "swift", "kotlin": "kt", "tokens": "tokens.json", "svg": "svg"}
SHIPPED = [json.loads(p.read_text())["name"] for p in sorted((ROOT / "Presets").glob("*.json"))]


def run(*args, cwd=None, binary=BINARY):
    return subprocess.run([binary, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)


@pytest.fixture
def presets(tmp_path):
    return copy_shipped_presets(tmp_path / "Presets")


def export(presets, out, preset, fmt, revision=None):
    args = ["export", "--presets", presets, "--preset", preset, "--format", fmt] + (["--revision", revision] if revision else [])
    done = run(*args)
    assert done.returncode == 0, done.stderr
    out.write_text(done.stdout)
    return out


def passes(path, *args):
    """The first line of a passing verify: what passed. After it come the key and the statement
    (issue 34: verify prints both, so it is no longer one line)."""
    done = run("verify", *args, path)
    assert done.returncode == 0, f"{path.name}: {done.stderr}"
    lines = done.stdout.rstrip("\n").split("\n")
    assert done.stderr == "" and any(l.startswith("public key: ") for l in lines), done.stdout + done.stderr
    return lines[0] + "\n"


def fails(path, *args, why=None):
    done = run("verify", *args, path)
    assert done.returncode == 1, f"{path.name} passed: {done.stdout}"
    lines = done.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0], done.stderr
    if why:
        assert why in lines[0], lines[0]
    return lines[0]


def public_key(presets):
    done = run("key", "--presets", presets)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_key_is_made_once_private_and_printed(presets):
    key = public_key(presets)
    assert len(key) == 44 and key.endswith("=")
    assert public_key(presets) == key
    # The key lives in the workbench's state folder, never in the presets folder (#33.5).
    assert not (presets / ".workbench-signing.key").exists()
    resolved = str(Path(presets).resolve())
    key_file = (Path(os.environ["XDG_STATE_HOME"]) / "chart-workbench"
                / f"{Path(presets).name}-{hashlib.sha256(resolved.encode()).hexdigest()[:16]}" / ".workbench-signing.key")
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    # A key file others can read is refused, like ssh does.
    key_file.chmod(0o644)
    done = run("key", "--presets", presets)
    assert done.returncode == 1 and "chmod 600" in done.stderr


def test_every_format_of_every_shipped_preset_verifies_with_the_store_and_offline(presets, tmp_path):
    key = public_key(presets)
    for name in SHIPPED:
        for fmt, ext in FORMATS.items():
            path = export(presets, tmp_path / f"{name}.{ext}".replace("'", "").replace(" ", "-"), name, fmt)
            # Revision 1 of a shipped preset is a draft: it verifies only with --allow-draft (issue 34).
            assert "matches revision 1" in passes(path, "--presets", presets, "--allow-draft")
            assert "content intact" in passes(path, "--public-key", key, "--allow-draft")
            fails(path, "--presets", presets, why="--allow-draft")
            if fmt in ("json", "tokens"):
                # Other indentation and key order: the same document.
                again = tmp_path / f"re-{path.name}"
                again.write_text(json.dumps(json.loads(path.read_text()), indent=4, sort_keys=True, ensure_ascii=True))
                passes(again, "--presets", presets, "--allow-draft")
                passes(again, "--public-key", key, "--allow-draft")
    engine = tmp_path / "engine.swift"
    engine.write_text(run("export", "--presets", presets, "--preset", SHIPPED[0], "--format", "swift", "--target", "engine").stdout)
    passes(engine, "--presets", presets, "--allow-draft")


def forge(path, old, new, count=1):
    text = path.read_text()
    assert old in text, old
    out = path.with_name("forged-" + path.name)
    out.write_text(text.replace(old, new, count))
    return out


def block_edit(path, edit):
    """The file with its provenance block changed by `edit` (a dict → None), signature kept."""
    text = path.read_text()
    if path.suffix == ".json":
        document = json.loads(text)
        edit(document["provenance"])
        new = json.dumps(document, indent=2)
    else:
        marker = "chart-workbench.provenance: "
        lines = text.split("\n")
        i = next(i for i, line in enumerate(lines) if marker in line)
        head, rest = lines[i].split(marker, 1)
        tail = " -->" if rest.endswith(" -->") else ""
        block = json.loads(rest[: len(rest) - len(tail)])
        edit(block)
        lines[i] = head + marker + json.dumps(block, separators=(",", ":")) + tail
        new = "\n".join(lines)
    out = path.with_name("edited-" + path.name)
    out.write_text(new)
    return out


def test_forged_exports_fail_with_one_line(presets, tmp_path):
    name = "PM's favourite"
    files = {fmt: export(presets, tmp_path / f"pm.{ext}", name, fmt) for fmt, ext in FORMATS.items()}
    for f in files.values():
        passes(f, "--presets", presets, "--allow-draft")
    swift, kotlin, svg, tokens, preset = files["swift"], files["kotlin"], files["svg"], files["tokens"], files["json"]
    width = json.loads(preset.read_text())["parameters"]["inactiveLineWidth"]
    store = ("--presets", presets)
    # Content changed after export.
    line = next(l for l in swift.read_text().split("\n") if "inactiveLineWidth:" in l and str(float(width)) in l)
    fails(forge(swift, line, line.replace(str(float(width)), "40.0")), *store, why="changed after")
    fails(forge(swift, "\n", "\nfunc exfiltrate() {}\n"), *store, why="changed after")
    colour = next(v for k, v in json.loads(preset.read_text())["parameters"].items() if isinstance(v, str) and v.startswith("#"))
    fails(forge(kotlin, colour.lstrip("#").upper()[:6] if colour.lstrip("#").upper()[:6] in kotlin.read_text() else colour.lstrip("#")[:6], "123456"),
          *store, why="changed after")
    fails(forge(svg, "stroke-width=", 'stroke="red" stroke-width=') if "stroke-width=" in svg.read_text() else forge(svg, "<path", '<path stroke="red"'),
          *store, why="changed after")
    fails(forge(svg, "</svg>", "<script>alert(1)</script></svg>"), *store, why="changed after")
    fails(forge(tokens, '"$type"', '"$type2"'), *store)
    fails(forge(preset, f'"inactiveLineWidth": {json.dumps(width)}', '"inactiveLineWidth": 40'), *store, why="inactiveLineWidth")
    # `format` renamed (no longer skips the parameter check) and a duplicate key.
    fails(forge(preset, '"format": "chart-workbench.preset"', '"format": "chart-workbench.renamed"'), *store, why="changed after")
    fails(forge(preset, f'"inactiveLineWidth": {json.dumps(width)},', f'"inactiveLineWidth": {json.dumps(width)}, "inactiveLineWidth": 40,'), *store, why="twice")
    # The provenance itself changed: revision, status, approvers, content hash updated to match.
    fails(block_edit(preset, lambda b: b.update(revision=2)), *store, why="signature")
    fails(block_edit(swift, lambda b: b.update(status="approved")), *store, why="signature")
    fails(block_edit(kotlin, lambda b: b.update(approvers=["Mallory"])), *store, why="signature")
    fails(block_edit(svg, lambda b: b.update(contentSha256="0" * 64)), *store, why="signature")
    # A signature moved from another export.
    other = json.loads(next(l for l in swift.read_text().split("\n") if "chart-workbench.provenance: " in l).split(": ", 1)[1])
    fails(block_edit(preset, lambda b: b.update(signature=other["signature"])), *store, why="signature")
    # Re-signed with another key: a genuine export of another presets folder.
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(presets, elsewhere, ignore=shutil.ignore_patterns(".*"))
    foreign = export(elsewhere, tmp_path / "foreign.json", name, "json")
    passes(foreign, "--presets", elsewhere, "--allow-draft")
    fails(foreign, *store, why="not by the trusted key")
    fails(foreign, "--public-key", public_key(presets), why="not by the trusted key")
    # No provenance at all, or an unsigned one.
    fails(forge(preset, '"provenance"', '"provenancx"'), *store, why="carries no Chart Workbench provenance")
    fails(block_edit(preset, lambda b: b.update(signature="")), *store, why="not signed")


def test_bundles_verify_and_forged_bundles_fail(presets, tmp_path):
    key = public_key(presets)
    for platform in ("ios", "android"):
        folder = tmp_path / platform
        done = run("export", "--presets", presets, "--preset", "PM's favourite", "--format", platform, "--output", folder)
        assert done.returncode == 0, done.stderr
        passes(folder, "--presets", presets, "--allow-draft")
        passes(folder, "--public-key", key, "--allow-draft")
        manifest = json.loads((folder / "PROVENANCE.json").read_text())
        listed = set(manifest["files"])
        present = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()} - {"PROVENANCE.json"}
        assert listed == present
        guide = (folder / "HANDOFF.md").read_text()
        assert "DesignersFavourite" not in guide and "designersFavourite" not in guide
        if platform == "ios":
            assert "ChartStyle+PMsFavourite.swift" in guide and ".pMsFavourite" in guide

        def variant(tag, change):
            copy = tmp_path / f"{platform}-{tag}"
            shutil.copytree(folder, copy)
            change(copy)
            return copy

        readme = "README.md"
        fails(variant("changed", lambda c: (c / readme).write_text((c / readme).read_text() + "\nedited\n")), "--presets", presets, why="README.md")

        def changed_and_rehashed(c):
            import hashlib
            (c / readme).write_text((c / readme).read_text() + "\nedited\n")
            m = json.loads((c / "PROVENANCE.json").read_text())
            m["files"][readme] = hashlib.sha256((c / readme).read_bytes()).hexdigest()
            (c / "PROVENANCE.json").write_text(json.dumps(m, indent=2))
        fails(variant("rehashed", changed_and_rehashed), "--presets", presets, why="signature")
        fails(variant("rehashed-offline", changed_and_rehashed), "--public-key", key, why="signature")
        fails(variant("extra", lambda c: (c / "Extra.swift").write_text("// extra\n")), "--presets", presets, why="Extra.swift is not listed")
        fails(variant("missing", lambda c: (c / readme).unlink()), "--presets", presets, why="README.md is missing")

        def no_files(c):
            m = json.loads((c / "PROVENANCE.json").read_text())
            m["files"] = {}
            (c / "PROVENANCE.json").write_text(json.dumps(m, indent=2))
        fails(variant("nofiles", no_files), "--presets", presets)
        fails(variant("nofiles-offline", no_files), "--public-key", key)


@pytest.mark.parametrize("name", ["x$(touch pwned) `touch pwned2` \\ \"q\" it's! $HOME", "--><script>alert(1)</script><!-- <img src=x onerror=alert(2)>"])
def test_a_bundles_guides_keep_a_hostile_name_a_name(name, tmp_path):
    """The guide's commands, pasted into a shell, pass the preset's name as one word and run
    nothing in it; no Markdown or HTML line of a guide lets the name out of its place."""
    source = tmp_path / "hostile.json"
    source.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": name, "parameters": {}}))
    for platform in ("ios", "android"):
        folder = tmp_path / platform
        done = run("export", "--preset", source, "--format", platform, "--output", folder)
        assert done.returncode == 0, done.stderr
        guide = (folder / "HANDOFF.md").read_text()
        commands = [line for line in guide.splitlines() if line.startswith("workbench export --preset ")]
        assert len(commands) == 2, guide[:800]
        # Each command as a shell runs it, with `workbench` a function that prints its arguments.
        work = tmp_path / f"shell-{platform}"
        work.mkdir()
        script = "workbench() { printf '%s\\0' \"$@\"; }\n" + "\n".join(commands) + "\n"
        ran = subprocess.run(["bash", "-c", script], cwd=work, capture_output=True, timeout=30)
        assert ran.returncode == 0 and not list(work.iterdir()), (ran.stderr, list(work.iterdir()))
        words = ran.stdout.decode().split("\0")
        assert [words[i + 1] for i, w in enumerate(words) if w == "--preset"] == [name, name]
        first = guide.splitlines()[0]
        assert first.startswith("<!--") and first.count("-->") == 1 and first.endswith("-->") and name not in first
        heading = (folder / "README.md").read_text().splitlines()[0]
        assert heading.startswith("# Chart style") and "<" not in heading.replace("\\<", ""), heading


def test_approved_revisions_verify_after_a_later_draft(tmp_path):
    server = Server(data_csv=small_csv(200))
    try:
        presets = server.presets
        put = lambda params, **h: server.request("PUT", "/api/presets/Pick", json={"parameters": params}, headers={"X-Workbench-User": "Ana", **h})
        first = put({"markerRadius": 2})
        assert first.status_code == 201
        approved = server.request("POST", "/api/presets/Pick/reviews", json={"revision": "1", "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True},
                                  headers={"X-Workbench-Author": "Ben"})
        assert approved.status_code in (200, 201), approved.text
        assert put({"markerRadius": 6}, **{"If-Match": "1"}).status_code == 200
        for fmt, ext in FORMATS.items():
            path = export(presets, tmp_path / f"pick.{ext}", "Pick", fmt, revision="approved")
            line = passes(path, "--presets", presets)
            assert "revision 1" in line and "approved by Ben" in line
            passes(path, "--public-key", public_key(presets))
        # The HTTP export of the approved revision is signed the same way.
        served = tmp_path / "served.json"
        served.write_text(server.get("/api/presets/Pick/export?format=json&revision=approved").text)
        assert "approved by Ben" in passes(served, "--presets", presets)
        # Claiming the draft is approved breaks the signature.
        draft = export(presets, tmp_path / "draft.json", "Pick", "json")
        assert "revision 2" in passes(draft, "--presets", presets, "--allow-draft")
        fails(block_edit(draft, lambda b: b.update(status="approved", approvers=["Ben"])), "--presets", presets, why="signature")
    finally:
        server.close()


def test_a_copied_binary_writes_and_verifies_bundles_outside_the_repository(presets, tmp_path):
    elsewhere = tmp_path / "bin"
    elsewhere.mkdir()
    binary = elsewhere / "workbench"
    shutil.copy2(BINARY, binary)
    work = tmp_path / "work"
    work.mkdir()
    for platform in ("ios", "android"):
        done = run("export", "--presets", presets, "--preset", "Designer's favourite", "--format", platform, "--output", work / platform,
                   cwd=work, binary=binary)
        assert done.returncode == 0, done.stderr
        verified = subprocess.run([binary, "verify", "--allow-draft", "--presets", presets, work / platform], capture_output=True, text=True, cwd=work)
        assert verified.returncode == 0, verified.stderr
        assert (work / platform / "HANDOFF.md").exists() and (work / platform / "vectors.json").exists()
    assert (work / "ios" / "ChartEngine" / "Sources" / "ChartEngine").is_dir()


def test_verify_time_of_a_bundle(presets, tmp_path):
    folder = tmp_path / "ios"
    assert run("export", "--presets", presets, "--preset", "PM's favourite", "--format", "ios", "--output", folder).returncode == 0
    key = public_key(presets)
    timings = {}
    for label, args in (("store", ("--presets", presets)), ("offline", ("--public-key", key))):
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            passes(folder, *args, "--allow-draft")
            runs.append(time.perf_counter() - start)
        timings[label] = statistics.median(runs)
    print(f"\nverify of an ios bundle, whole process, median of 5: with store {timings['store']:.3f} s, offline {timings['offline']:.3f} s")
    assert timings["offline"] < 30 and timings["store"] < 60
