"""Presets under abuse: sizes counted in bytes, canonically equivalent names as one preset,
unknown keys that cannot grow a preset by repeated saves, a cached store that still sees edits."""
import json
from urllib.parse import quote

import pytest

from workbench_server import Server


def put(server, name, body):
    return server.request("PUT", "/api/presets/" + quote(name, safe=""), data=json.dumps(body).encode(),
                          headers={"Content-Type": "application/json"})


@pytest.fixture(scope="module")
def empty():
    s = Server(presets=[], data_csv="time,price\n1,1\n2,2\n")
    yield s
    s.close()


def test_a_name_of_20000_combining_marks_is_refused(empty):
    before = sorted(p.name for p in empty.presets.iterdir())
    r = put(empty, "a" + "\u0301" * 20_000, {"parameters": {}})
    assert r.status_code in (400, 414), r.text
    assert put(empty, "Marks", {}).status_code == 201
    r = empty.request("POST", "/api/presets/Marks/rename", json={"newName": "b" + "\u0301" * 300})
    assert r.status_code == 400 and r.json()["error"]["field"] == "name"
    assert sorted(p.name for p in empty.presets.iterdir()) == sorted(before + ["marks.json"])


def test_nfc_nfd_and_kelvin_sign_name_one_preset(empty):
    assert put(empty, "caf\u00e9", {"notes": "nfc"}).status_code == 201
    r = put(empty, "cafe\u0301", {"notes": "nfd"})
    assert r.status_code == 200 and r.json()["name"] == "caf\u00e9"
    assert put(empty, "\u212aelvin", {"notes": "sign"}).status_code == 201
    assert put(empty, "Kelvin", {"notes": "letter"}).status_code == 200
    listed = empty.get("/api/presets").json()
    names = [p["name"] for p in listed["presets"]]
    assert names.count("Kelvin") == 1 and names.count("caf\u00e9") == 1 and listed["problems"] == []
    files = {p.name for p in empty.presets.iterdir()}
    assert {"cafe.json", "kelvin.json"} <= files and not {"cafe-2.json", "kelvin-2.json"} & files
    assert empty.get("/api/presets/" + quote("cafe\u0301")).json()["notes"] == "nfd"


def test_repeated_big_saves_cannot_grow_a_preset(empty):
    blob = "x" * 1_000_000
    for i in range(4):
        r = put(empty, "Grow", {"parameters": {f"future{i}": blob}})
        assert r.status_code in (400, 413), r.text[:200]
    small = {f"k{i}": i for i in range(20)}
    assert put(empty, "Grow", {"parameters": small}).status_code == 201
    for round in range(5):
        r = put(empty, "Grow", {"parameters": {f"r{round}-{i}": i for i in range(5)}})
        if r.status_code != 200:
            assert r.status_code == 400 and "unknown parameters" in r.json()["error"]["message"]
    size = (empty.presets / "grow.json").stat().st_size
    assert size < 40_000
    assert len(empty.get("/api/presets/Grow").json()["warnings"]) <= 32


def test_author_and_notes_are_limited_in_bytes(empty):
    r = put(empty, "Long", {"notes": "\U0001F680" * 10_001})
    assert r.status_code == 400 and r.json()["error"]["field"] == "notes"
    r = put(empty, "Long", {"author": "e\u0301" * 150})  # 150 characters, 450 bytes: fine
    assert r.status_code == 201
    r = put(empty, "Long", {"author": "e" + "\u0301" * 900})  # one character, 1,801 bytes
    assert r.status_code == 400 and r.json()["error"]["field"] == "author"


def test_files_edited_by_hand_are_seen_by_the_cached_store(empty):
    for i in range(50):
        assert put(empty, f"Preset {i}", {"parameters": {"inactiveLineWidth": 2}}).status_code == 201
    assert len(empty.get("/api/presets").json()["presets"]) >= 50
    path = empty.presets / "preset-7.json"
    data = json.loads(path.read_text())
    data["notes"] = "edited by hand, and longer than before"
    path.write_text(json.dumps(data))
    assert empty.get("/api/presets/Preset%207").json()["notes"] == data["notes"]
    (empty.presets / "preset-8.json").unlink()
    names = {p["name"] for p in empty.get("/api/presets").json()["presets"]}
    assert "Preset 8" not in names and "Preset 9" in names
