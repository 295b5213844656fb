"""Exports carry the chain position (#34.3, last bullet): the signed statement of an export that
claims a revision names that revision's entry in the history's hash chain, so `workbench verify
--presets` compares the export with the chain itself and finds an edited row even when the
history opens (here: the chain rebuilt over the edit and the workbench's kept head removed)."""
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from workbench_server import BINARY, Server, opened_db, small_csv  # noqa: E402


def run(*args):
    return subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, timeout=60)


def provenance(path):
    return json.loads(path.read_text())["provenance"]


def approved_export(tmp_path):
    """A served folder (with its own state folder) where Ana saved "Pick" and Ben approved it,
    and the approved revision exported as JSON by the command line."""
    state = tmp_path / "state"
    server = Server("--state", str(state), data_csv=small_csv())
    try:
        ana, ben = server.person("Ana"), server.person("Ben")
        assert ana.put("/api/presets/Pick", json={"name": "Pick", "parameters": {"lineColor": "#112233"}}).status_code == 201
        approved = ben.post("/api/presets/Pick/reviews", json={"revision": "1", "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True})
        assert approved.status_code in (200, 201), approved.text
    finally:
        server.stop()
    done = run("export", "--presets", server.presets, "--state", state, "--preset", "Pick", "--format", "json", "--revision", "approved")
    assert done.returncode == 0, done.stderr
    exported = tmp_path / "pick.json"
    exported.write_text(done.stdout)
    return server.presets, state, exported


def verify(exported, presets, state):
    return run("verify", exported, "--presets", presets, "--state", state)


# The chain's canonical row text and entry hash, as HistoryChain computes them.
def canonical(values):
    out = b""
    for v in values:
        if v is None:
            out += b"n"
        elif isinstance(v, int):
            out += b"i" + str(v).encode()
        elif isinstance(v, str):
            raw = v.encode()
            out += b"t" + str(len(raw)).encode() + b":" + raw
        else:
            raise AssertionError(f"no canonical text for {v!r}")
        out += b";"
    return out


def sha(data):
    return hashlib.sha256(data if isinstance(data, bytes) else data.encode()).hexdigest()


KINDS = {"revision": ("revisions", ["preset_id", "number"]), "review": ("reviews", ["id"]), "person": ("people", ["id"]),
         "comment": ("comments", ["id"]), "round": ("pairwise_rounds", ["id"]), "log": ("decision_log", ["id"])}


def rebuild_chain(db):
    """What a careful attacker does after editing rows: every entry's content taken from the row as
    it is now and every hash computed again, so the chain verifies on its own."""
    history_id = db.execute("SELECT value FROM workbench_meta WHERE key = 'history_id'").fetchone()[0]
    previous = sha("chart-workbench history chain\n" + history_id)
    entries = db.execute("SELECT seq, kind, row_key, content_sha256 FROM history_chain ORDER BY seq").fetchall()
    newest = {}
    for seq, kind, key, _ in entries:
        newest[(kind, key)] = seq
    for seq, kind, key, content in entries:
        if newest[(kind, key)] == seq and kind in KINDS:
            table, columns = KINDS[kind]
            for row in db.execute(f"SELECT {', '.join(columns)}, * FROM {table}").fetchall():
                if canonical(row[:len(columns)]).decode() == key:
                    content = sha(canonical(row[len(columns):]))
        entry = sha(f"{previous}\n{seq}\n{kind}\n{key}\n{content}")
        db.execute("UPDATE history_chain SET content_sha256 = ?, hash = ? WHERE seq = ?", (content, entry, seq))
        previous = entry


@pytest.mark.parametrize("tamper", [
    "UPDATE revisions SET file_text = replace(file_text, '#112233', '#FF0000') WHERE name = 'Pick'",
    "UPDATE revisions SET author = 'Mallory' WHERE name = 'Pick'",
    "UPDATE reviews SET author = 'Carol' WHERE decision = 'approve'",
])
def test_verify_presets_finds_an_edited_row_when_the_history_opens(tmp_path, tamper):
    presets, state, exported = approved_export(tmp_path)
    chain = provenance(exported)["chain"]
    assert isinstance(chain["index"], int) and chain["index"] > 0 and len(chain["entryHash"]) == 64
    assert verify(exported, presets, state).returncode == 0

    with opened_db(presets / ".workbench.sqlite") as db:
        assert db.execute(tamper).rowcount >= 1
        rebuild_chain(db)
    (state / "history-head.json").unlink()
    # The chain check at open no longer sees anything: the chain follows and no kept head disagrees.
    assert run("history", "check", "--presets", presets, "--state", state).returncode == 0

    result = verify(exported, presets, state)
    assert result.returncode == 1, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "revision 1 of “Pick”" in lines[0] and "chain" in lines[0]


def test_an_export_of_an_edited_row_is_not_signed(tmp_path):
    """While serving: a row edited behind the server's back is not signed over (the read's check)."""
    server = Server(data_csv=small_csv())
    try:
        ana = server.person("Ana")
        assert ana.put("/api/presets/Pick", json={"name": "Pick", "parameters": {"lineColor": "#112233"}}).status_code == 201
        good = ana.get("/api/presets/Pick/export?format=json")
        assert good.status_code == 200 and "chain" in good.json()["provenance"]
        with opened_db(server.presets / ".workbench.sqlite") as db:
            assert db.execute("UPDATE revisions SET file_text = replace(file_text, '#112233', '#FF0000') WHERE name = 'Pick'").rowcount == 1
        refused = ana.get("/api/presets/Pick/export?format=json&revision=1")
        assert refused.status_code == 503, refused.text
        message = refused.json()["error"]["message"]
        assert "revision 1 of “Pick”" in message and "behind the workbench's back" in message
    finally:
        server.stop()
