"""The presets' history at scale: one preset with 10,000 revisions, listed (every revision,
and the first page) and one old revision loaded, as whole HTTP requests against a release
server; the same-run baseline is reading the preset itself. Target: each ≤ 10 ms (median).
Then `workbench history check` (the hash chain's full check) over that history as a whole
process, beside `workbench --version` as the process baseline. Target: ≤ 1 s."""
import concurrent.futures
import statistics
import subprocess
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

        people = [server.person(f"P{k}") for k in range(7)]

        def put(n):
            r = people[n % 7].put("/api/presets/Long", json={"parameters": {"markerRadius": (n % 16) * 0.5}, "message": f"save {n}"})
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
    process = whole_process([workbench_server.BINARY, "--version"])
    check = whole_process([workbench_server.BINARY, "history", "check", "--presets", str(server.presets)], runs=5)
    verdict = "ok" if check <= 1000 else "OVER 1 s"
    print(f"  history check of {REVISIONS} revisions (whole process)  median {check:.0f} ms against {process:.0f} ms for --version {verdict}")


def whole_process(command, runs=10):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        r = subprocess.run(command, capture_output=True, text=True, timeout=120)
        samples.append((time.perf_counter() - start) * 1000)
        assert r.returncode == 0, r.stderr
    return statistics.median(samples)


if __name__ == "__main__":
    main()
