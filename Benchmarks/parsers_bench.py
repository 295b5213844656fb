#!/usr/bin/env python3
"""Parsers and the preset store against a running release server, each beside a baseline
request measured in the same run (GET /api/schema, a cached constant document):
- POST /api/render with a 40,000-key JSON body (refused at the 4,097th key; it once took 2.7 s);
- GET /api/presets with 50 presets in the folder (parsed files kept in memory);
- POST /api/data with a 2,000-row CSV whose first row has a 19-digit time (refused, no trap)."""
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests"))
import workbench_server  # noqa: E402


def median_ms(fn, runs=40):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def main():
    workbench_server.BINARY = sys.argv[1]
    server = workbench_server.Server(presets=[], data_csv=workbench_server.small_csv())
    try:
        session = requests.Session()
        origin = {"Origin": server.url, "Content-Type": "application/json"}
        for i in range(50):
            body = {"notes": f"preset {i}", "parameters": {"inactiveLineWidth": 1 + (i % 8)}}
            assert session.put(f"{server.url}/api/presets/Bench%20{i}", json=body, headers=origin).status_code == 201
        keys = ("{" + ",".join(f'"k{i}":1' for i in range(40_000)) + "}").encode()
        bad_time = ("time,price\n9999999999999999999,1\n" + workbench_server.small_csv()).encode()

        def schema():
            assert session.get(server.url + "/api/schema").status_code == 200

        def render_keys():
            assert session.post(server.url + "/api/render", data=keys, headers=origin).status_code == 400

        def presets():
            assert session.get(server.url + "/api/presets").status_code == 200

        assert len(session.get(server.url + "/api/presets").json()["presets"]) == 50

        def bad_csv():
            r = session.post(server.url + "/api/data", data=bad_time, headers={**origin, "Content-Type": "text/csv"})
            assert r.status_code == 400

        for fn in (schema, render_keys, presets, bad_csv):
            fn()  # warm up
        baseline = median_ms(schema)
        rows = [("GET /api/schema (baseline)", baseline), ("POST /api/render, 40,000 keys (refused)", median_ms(render_keys, 15)),
                ("GET /api/presets, 50 presets", median_ms(presets)), ("POST /api/data, 19-digit time (refused)", median_ms(bad_csv, 15))]
        print("parsers (release server, medians)")
        for name, ms in rows:
            print(f"  {name:42} {ms:8.2f} ms  {ms / baseline:6.1f}x baseline")
        assert server.process.poll() is None, "the server died"
    finally:
        server.close()


if __name__ == "__main__":
    main()
