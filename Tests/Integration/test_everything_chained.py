"""Everything chained (#34.3): besides revisions, reviews, people, comments, blind rounds and the
log, the rows that decide who may do what (names held, invitations, join links, the owner's page,
who may invite, who brought each parameter set in, who set each value) and Explore rounds' results (the round, its
model's entries, every answer) are entries of the history's chain. Editing any of them with
sqlite3 is refused at start and by `workbench history check`."""
import shutil
import subprocess
from pathlib import Path

import pytest

from workbench_server import BINARY, Server, opened_db, small_csv


def as_user(name):
    return {"X-Workbench-User": name, "X-Workbench-Client": "client-" + name}


@pytest.fixture(scope="module")
def served_folder():
    """A folder whose history holds an Explore round with answers by two people, invitations,
    a renamed person, an allowance to invite and saved parameters."""
    s = Server(data_csv=small_csv())
    try:
        owner = s.person("owner")
        s.person("Ada"), s.person("Ben"), s.person("Cy")
        assert owner.put("/api/people/Cy/may-invite", json={"allowed": True}).status_code == 200
        r = s.request("POST", "/api/explore", json={"preset": "Default", "parameters": ["inactiveLineWidth", "markerRadius"],
                                                    "voters": ["Ada", "Ben"], "seed": 3}, headers=as_user("Ada"))
        assert r.status_code == 201, r.text
        rid = r.json()["id"]
        for user in ("Ada", "Ben", "Ada"):
            pair = s.request("GET", f"/api/explore/{rid}/next", headers=as_user(user)).json()
            answered = s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": pair["ticket"], "choice": "a"}, headers=as_user(user))
            assert answered.status_code == 201, answered.text
        assert s.request("POST", f"/api/explore/{rid}/save", json={"name": "Explored"}, headers=as_user("Ben")).status_code == 201
        assert s.request("POST", f"/api/explore/{rid}/end", headers=as_user("Ada")).status_code == 200
        # Who set each value: Ben's radius.
        assert s.request("PUT", "/api/presets/Radius", json={"parameters": {"markerRadius": 6}}, headers=as_user("Ben")).status_code == 201
    finally:
        s.stop()
    done = subprocess.run([BINARY, "people", "rename", "Cy", "Cyrus", "--presets", str(s.presets)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return s.presets


def check(folder):
    return subprocess.run([BINARY, "history", "check", "--presets", str(folder)], capture_output=True, text=True, timeout=60)


def test_a_healthy_history_with_every_kind_checks(served_folder):
    result = check(served_folder)
    assert result.returncode == 0, result.stderr
    with opened_db(served_folder / ".workbench.sqlite") as db:
        kinds = {row[0] for row in db.execute("SELECT DISTINCT kind FROM history_chain")}
    assert {"explore round", "explore entry", "explore answer", "person name", "invitation", "people fact", "invite right",
            "parameter origin", "value author"} <= kinds, kinds


@pytest.mark.parametrize("kind, tamper", [
    ("explore answer", "UPDATE explore_answers SET choice = CASE choice WHEN 'a' THEN 'b' ELSE 'a' END"),
    ("explore round", "UPDATE explore_rounds SET ended_at = NULL"),
    ("explore entry", "DELETE FROM explore_round_entries WHERE kind = 'answer' AND seq = 0"),
    ("person name", "UPDATE person_names SET person_id = (SELECT id FROM people WHERE name = 'Ben') "
                    "WHERE person_id = (SELECT id FROM people WHERE name = 'Ada')"),
    ("people fact", "DELETE FROM people_facts WHERE key = 'owner_page'"),
    ("invitation", "UPDATE invitations SET used_by = NULL"),
    ("invite right", "DELETE FROM invite_rights"),
    ("parameter origin", "DELETE FROM parameter_origins WHERE author = 'Ben'"),
    ("value author", "DELETE FROM value_authors WHERE author = 'Ben'"),
])
def test_an_edited_row_of_every_kind_is_refused(served_folder, tmp_path, kind, tamper):
    folder = tmp_path / "Presets"
    shutil.copytree(served_folder, folder, ignore=shutil.ignore_patterns(".workbench.lock"))
    with opened_db(folder / ".workbench.sqlite") as db:
        db.execute("PRAGMA foreign_keys=OFF")
        assert db.execute(tamper).rowcount >= 1
    result = check(folder)
    assert result.returncode != 0
    article = "an" if kind[0] in "aeiou" else "a"
    assert f"{article} {kind} (" in result.stderr and "behind the workbench's back" in result.stderr, result.stderr
    started = subprocess.run([BINARY, "serve", "--port", "0", "--presets", str(folder)], capture_output=True, text=True, timeout=60)
    assert started.returncode != 0 and "does not verify" in started.stderr
