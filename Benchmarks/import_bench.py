#!/usr/bin/env python3
"""CSV import: a 5,256,000-row exchange export (ten years of minutes, OHLCV with Unix seconds),
read by `workbench inspect` (whole process: start, read, parse, sort check, index) and by
pandas.read_csv in the same run (in-process, all columns, and only the two columns we use)."""
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROWS = 5_256_000


def make_csv(path):
    rng = np.random.default_rng(7)
    close = np.round(np.exp(np.cumsum(rng.normal(0, 0.0009, ROWS))) * 700 + 0.0, 2)
    frame = pd.DataFrame({
        "timestamp": 1_477_958_400 + 60 * np.arange(ROWS, dtype=np.int64),
        "open": np.round(close * 0.9995, 2), "high": np.round(close * 1.001, 2), "low": np.round(close * 0.999, 2),
        "close": close, "volume": np.round(rng.uniform(0, 50, ROWS), 4),
    })
    frame.to_csv(path, index=False)


def median_seconds(fn, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "minutes.csv"
        make_csv(path)
        size = path.stat().st_size / 1e6
        print(f"{ROWS:,} rows, {size:.0f} MB")
        ours = median_seconds(lambda: subprocess.run([binary, "inspect", str(path)], check=True, capture_output=True))
        report = subprocess.run([binary, "inspect", str(path)], check=True, capture_output=True, text=True).stdout
        pandas_all = median_seconds(lambda: pd.read_csv(path))
        pandas_two = median_seconds(lambda: pd.read_csv(path, usecols=["timestamp", "close"]))
        print(report.strip())
        print(f"workbench inspect (whole process)     median {ours * 1000:8.1f} ms")
        print(f"pandas.read_csv (all columns)         median {pandas_all * 1000:8.1f} ms   → workbench is {pandas_all / ours:.2f}× as fast")
        print(f"pandas.read_csv (timestamp, close)    median {pandas_two * 1000:8.1f} ms   → workbench is {pandas_two / ours:.2f}× as fast")


if __name__ == "__main__":
    main()
