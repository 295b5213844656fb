"""The presets' history at scale: one preset with 10,000 revisions, listed (every revision,
and the first page) and one old revision loaded, as whole HTTP requests against a release
server; the same-run baseline is reading the preset itself. Target: each ≤ 10 ms (median)."""
import concurrent.futures
import statistics
import sys
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests"))
import workbench_server  # noqa: E402

REVISIONS = 10_000


def timed(session, url, runs=60):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        r = session.get(url, timeout=30)
        r.content
        samples.append((time.perf_counter() - start) * 1000)
        assert r.status_code == 200, r.text
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


def main():
    workbench_server.BINARY = sys.argv[1] if len(sys.argv) > 1 else workbench_server.BINARY
    server = workbench_server.Server(data_csv=workbench_server.small_csv(200), presets="empty")
    try:
        started = time.perf_counter()

        def put(n):
            with requests.Session() as s:
                r = s.put(server.url + "/api/presets/Long", json={"parameters": {"markerRadius": (n % 16) * 0.5}, "message": f"save {n}"},
                          headers={"Origin": server.url, "X-Workbench-User": f"P{n % 7}"}, timeout=30)
                assert r.status_code in (200, 201), r.text
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            list(pool.map(put, range(REVISIONS)))
        filled = time.perf_counter() - started
        session = requests.Session()
        newest = session.get(server.url + "/api/presets/Long").json()["revision"]
        assert newest == str(REVISIONS), newest
        base = timed(session, server.url + "/api/presets/Long")
        page = timed(session, server.url + "/api/presets/Long/revisions")
        older = timed(session, server.url + "/api/presets/Long/revisions?before=5000")
        everything = timed(session, server.url + "/api/presets/Long/revisions?limit=10000", runs=20)
        one = timed(session, server.url + "/api/presets/Long/revisions/17")
        print(f"history: {REVISIONS} revisions saved in {filled:.1f} s ({REVISIONS / filled:.0f} saves/s, 8 writers)")
        print(f"  read the preset (baseline):     median {base[0]:.2f} ms  p95 {base[1]:.2f} ms")
        for label, (median, p95), target in [("list the history (newest 200)", page, True), ("page back (before=5000)", older, True),
                                             ("load revision 17", one, True), ("all 10,000 in one answer", everything, False)]:
            verdict = ("ok" if median <= 10 else "OVER 10 ms") if target else "(no target: 1.2 MB of JSON)"
            print(f"  {label:<30}  median {median:.2f} ms  p95 {p95:.2f} ms  ({median / base[0]:.1f}x baseline) {verdict}")
    finally:
        server.close()


if __name__ == "__main__":
    main()
