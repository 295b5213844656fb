"""Presets: revisions and conflicts, atomic files under concurrent and killed writers, names
that must be refused, names that must survive every export."""
import concurrent.futures
import json
import os
import signal
import subprocess
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from workbench_server import Server, small_csv

TRICKY_NAMES = [
    'Quote " and \\ backslash', "Line break", "</script><script>alert(1)</script>", "Emoji 🚀📈 ok",
    "שלום עולם مرحبا", "Tab and $dollar ${x} */ */", "Bidi \u05d0evil text",
]


def put(server, name, parameters=None, headers=None, **extra):
    body = {"author": extra.get("author", "tester"), "notes": extra.get("notes", ""), "parameters": parameters or {}}
    return server.request("PUT", "/api/presets/" + quote(name, safe=""), json=body, headers=headers or {})


def test_save_load_list_and_revision_conflicts(server):
    r = put(server, "Rev test", {"inactiveLineWidth": 6})
    assert r.status_code == 201
    revision = r.json()["revision"]
    assert r.headers["ETag"] == f'"{revision}"'
    got = server.get("/api/presets/Rev%20test").json()
    assert got["parameters"]["inactiveLineWidth"] == 6 and got["parameters"]["activeLineWidth"] == 2  # defaults filled in
    assert any(p["name"] == "Rev test" and p["revision"] == revision for p in server.get("/api/presets").json()["presets"])
    ok = put(server, "Rev test", {"inactiveLineWidth": 7}, headers={"If-Match": revision})
    assert ok.status_code == 200 and ok.json()["revision"] != revision
    stale = put(server, "Rev test", {"inactiveLineWidth": 8}, headers={"If-Match": revision})
    assert stale.status_code == 409 and stale.json()["error"]["field"] == "If-Match"
    assert put(server, "Rev test", {}, headers={"If-None-Match": "*"}).status_code == 409
    bad = put(server, "Rev test", {"inactiveLineWidth": 99})
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "inactiveLineWidth"
    assert server.get("/api/presets/Rev%20test").json()["parameters"]["inactiveLineWidth"] == 7  # a failed save changed nothing


def test_rename_and_delete(server):
    revision = put(server, "Before", {"lineColor": "#112233"}).json()["revision"]
    r = server.request("POST", "/api/presets/Before/rename", json={"newName": "After"}, headers={"If-Match": revision})
    assert r.status_code == 200 and r.json()["name"] == "After"
    assert server.get("/api/presets/Before").status_code == 404
    assert server.get("/api/presets/After").json()["parameters"]["lineColor"] == "#112233"
    assert server.request("DELETE", "/api/presets/After", headers={"If-Match": "stale"}).status_code == 409
    assert server.request("DELETE", "/api/presets/After").status_code == 200
    assert server.get("/api/presets/After").status_code == 404


def test_unknown_keys_are_reported_and_kept(server):
    path = server.presets / "handmade.json"
    path.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": "Handmade", "author": "", "notes": "",
                                "updatedAt": "2026-01-01T00:00:00Z", "parameters": {"glowRadius": 3, "markerRadius": 6}}))
    got = server.get("/api/presets/Handmade").json()
    assert got["parameters"]["markerRadius"] == 6 and got["parameters"]["glowRadius"] == 3
    assert any("glowRadius" in w for w in got["warnings"])
    # A page saving the preset never saw the unknown key; it is kept all the same.
    assert put(server, "Handmade", {"markerRadius": 7}).status_code == 200
    saved = json.loads(path.read_text())
    assert saved["parameters"]["glowRadius"] == 3 and saved["parameters"]["markerRadius"] == 7
    broken = server.presets / "broken.json"
    broken.write_text('{"format": "chart-workbench.preset", "version": 1, "name": "Broken", "parameters": {"verticalScale": 3}}')
    problems = server.get("/api/presets").json()["problems"]
    assert any(p["file"] == "broken.json" and "verticalScale" in p["message"] for p in problems)
    broken.unlink()
    path.unlink()


@pytest.mark.parametrize("name", ["../x", "a/b", ".", "..", "", "a\x00b", "x" * 65, "   ", "bell\x07"])
def test_bad_names_are_refused_and_nothing_leaves_the_folder(server, name):
    before = set(os.listdir(server.presets.parent))
    r = put(server, name)
    assert r.status_code in (400, 404, 405), (name, r.status_code)
    if r.status_code == 400:
        assert r.json()["error"]["field"] in ("name", None)
    assert set(os.listdir(server.presets.parent)) == before
    assert not (server.presets.parent / "x.json").exists()


def test_twenty_concurrent_puts_leave_one_whole_write(fresh_server):
    s = fresh_server
    revision = put(s, "Contended", {"markerRadius": 1}).json()["revision"]
    writes = [{"markerRadius": 1 + i * 0.25, "notes": f"writer {i}"} for i in range(20)]

    def writer(i):
        return put(s, "Contended", {"markerRadius": writes[i]["markerRadius"]}, headers={"If-Match": revision}, notes=writes[i]["notes"])

    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        codes = [r.status_code for r in pool.map(writer, range(20))]
    assert set(codes) <= {200, 409} and codes.count(200) == 1, codes
    files = [p for p in s.presets.iterdir() if "contended" in p.name]
    assert len(files) == 1
    saved = json.loads(files[0].read_text())
    assert {"markerRadius": saved["parameters"]["markerRadius"], "notes": saved["notes"]} in writes
    # Without If-Match, all succeed and the file is always one of the writes.
    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        codes = [r.status_code for r in pool.map(lambda i: put(s, "Contended", {"markerRadius": writes[i]["markerRadius"]},
                                                                 notes=writes[i]["notes"]), range(20))]
    assert set(codes) == {200}
    saved = json.loads(files[0].read_text())
    assert {"markerRadius": saved["parameters"]["markerRadius"], "notes": saved["notes"]} in writes


def test_sigkill_during_saves_never_corrupts_a_preset():
    s = Server(data_csv=small_csv(100))
    try:
        stop = time.time() + 1.5
        import threading

        def hammer(i):
            n = 0
            while time.time() < stop:
                try:
                    put(s, f"Crash {i % 3}", {"markerRadius": (n % 16) * 0.5}, notes="x" * (n % 5000))
                except Exception:
                    return
                n += 1
        threads = [threading.Thread(target=hammer, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        time.sleep(0.8)
        before_kill = {p.name for p in s.presets.glob("crash-*.json")}
        s.process.send_signal(signal.SIGKILL)
        s.process.wait()
        for t in threads:
            t.join()
        for path in s.presets.glob("*.json"):
            data = json.loads(path.read_text())  # every file still parses
            assert data["format"] == "chart-workbench.preset"
        # No file that existed is lost, and no temporary file passes for a preset.
        assert before_kill and before_kill <= {p.name for p in s.presets.glob("crash-*.json")} <= {"crash-0.json", "crash-1.json", "crash-2.json"}
        # The next start cleans up temporary files a killed save left behind.
        s2 = Server(data_csv=small_csv(100), presets=None)
        s2.close()
    finally:
        s.close()


def _export(server, name, fmt):
    r = server.get("/api/presets/" + quote(name, safe="") + "/export?format=" + fmt)
    assert r.status_code == 200, (name, fmt, r.text)
    return r


@pytest.mark.parametrize("name", TRICKY_NAMES)
def test_tricky_names_survive_json_tokens_and_svg(server, name):
    assert put(server, name, {"inactiveCurve": "monotone"}, notes=name, author=name).status_code in (200, 201)
    assert server.get("/api/presets/" + quote(name, safe="")).json()["name"] == name
    preset = json.loads(_export(server, name, "json").text)
    assert preset["name"] == name and preset["notes"] == name
    tokens = json.loads(_export(server, name, "tokens").text)
    assert tokens["sets"]["chart"]["sources"][0]["chart"]["$extensions"]["com.chartworkbench"]["preset"]["name"] == name
    svg = _export(server, name, "svg").text
    import xml.etree.ElementTree as ET
    root = ET.fromstring(svg.encode())
    title = root.find("{http://www.w3.org/2000/svg}title").text
    assert title.startswith("Bitcoin price – " + name + " · ")  # the whole name
    assert "<script>" not in svg
    server.request("DELETE", "/api/presets/" + quote(name, safe=""))
