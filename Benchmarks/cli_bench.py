#!/usr/bin/env python3
"""The engine commands as whole programs against their baselines, in the same run:
`workbench path --digits 3` over 1,000,000 x,y lines against d3-shape 3.2's line() in Node
doing the same job (read stdin, draw, print), and `workbench downsample --method lttb
--threshold 1000` over 5,256,000 lines against pandas read_csv + tsdownsample's
LTTBDownsampler. Usage: cli_bench.py WORKBENCH_BINARY. The d3 comparison runs when D3_SHAPE
points at d3-shape/src/index.js (d3-shape and d3-path come from their repositories into a
scratch folder outside this one; d3-path resolved through a node_modules symlink there)."""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
RUNS = int(os.environ.get("BENCH_RUNS", "5"))

PANDAS_LTTB = """
import sys
import pandas as pd
from tsdownsample import LTTBDownsampler
frame = pd.read_csv(sys.stdin, header=None, names=["x", "y"])
x = frame["x"].to_numpy(dtype="float64"); y = frame["y"].to_numpy(dtype="float64")
kept = LTTBDownsampler().downsample(x, y, n_out=1000)
sys.stdout.write("".join(f"{x[i]!r},{y[i]!r}\\n" for i in kept))
"""


def median_seconds(command, stdin_path):
    """Median wall time of whole runs, and median CPU time (user + system), which a machine
    shared with other work disturbs less."""
    times, cpus = [], []
    for run in range(RUNS + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(stdin_path, "rb") as stdin:
            start = time.perf_counter()
            done = subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode()[:300]}")
        if run:  # the first run warms the page cache
            times.append(elapsed)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times), statistics.median(cpus)


def line(label, ours, theirs, baseline, needed):
    (wall, cpu), (base_wall, base_cpu) = ours, theirs
    print(f"{label}: workbench {wall * 1000:7.0f} ms ({cpu * 1000:.0f} ms CPU), {baseline} {base_wall * 1000:7.0f} ms "
          f"({base_cpu * 1000:.0f} ms CPU): {base_wall / wall:5.2f}× faster wall, {base_cpu / cpu:5.2f}× CPU (needs ≥ {needed}×)")
    print(f'JSON {{"name": "{label}", "workbench_ms": {wall * 1000:.1f}, "baseline_ms": {base_wall * 1000:.1f}, '
          f'"ratio": {base_wall / wall:.3f}, "cpu_ratio": {base_cpu / cpu:.3f}}}')


def write_points(path, n, start=None):
    rng = np.random.default_rng(1)
    y = np.cumsum(rng.uniform(-50, 50, n)) + 30_000
    x = np.arange(n, dtype=np.int64) * (60 if start else 1) + (start or 0)
    with open(path, "w") as f:
        for chunk in range(0, n, 500_000):
            f.write("".join(f"{a},{b:.2f}\n" for a, b in zip(x[chunk:chunk + 500_000].tolist(), y[chunk:chunk + 500_000].tolist())))


def main():
    binary = sys.argv[1]
    scratch = Path(tempfile.mkdtemp(prefix="cli-bench-"))
    try:
        million = scratch / "points-1m.csv"
        write_points(million, 1_000_000)
        d3 = os.environ.get("D3_SHAPE")
        node = shutil.which("node")
        if d3 and node and Path(d3).exists():
            d3 = str(Path(d3).resolve())
            for curve, needed in (("linear", 3), ("monotone", 2), ("catmullRom", 2)):
                ours = median_seconds([binary, "path", "--curve", curve, "--digits", "3"], million)
                theirs = median_seconds([node, str(HERE / "d3_line.mjs"), curve], million)
                line(f"path --curve {curve} --digits 3, 1,000,000 lines", ours, theirs, "d3-shape 3.2 in Node", needed)
        else:
            print("d3-shape comparison skipped: set D3_SHAPE to d3-shape/src/index.js (with d3-path resolvable) and have node")

        minutes = scratch / "points-5m.csv"
        write_points(minutes, 5_256_000, start=1_477_958_400)
        ours = median_seconds([binary, "downsample", "--method", "lttb", "--threshold", "1000"], minutes)
        theirs = median_seconds([sys.executable, "-c", PANDAS_LTTB], minutes)
        line("downsample --method lttb --threshold 1000, 5,256,000 lines", ours, theirs, "pandas read_csv + tsdownsample", 1)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
