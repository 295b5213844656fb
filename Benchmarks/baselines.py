#!/usr/bin/env python3
"""Baselines measured in the same run as the engine benchmarks: tsdownsample's Rust LTTB and
MinMax on 5,256,000 points, and, for reference, the d3-shape figures the issue measured on this
machine class (d3 cannot be installed here: the npm registry is unreachable)."""
import statistics
import time

import numpy as np

D3_REFERENCE_MS = {"linear": 430, "monotone": 2100, "catmullRom": 2000}


def median_ms(fn, runs=9):
    fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    n = 5_256_000
    rng = np.random.default_rng(1)
    x = np.arange(n, dtype=np.float64)
    y = np.cumsum(rng.uniform(-50, 50, n)) + 30_000
    try:
        from tsdownsample import LTTBDownsampler, MinMaxDownsampler
    except ImportError:
        print("tsdownsample is not installed; run scripts/ensure-deps.sh bench")
        return
    lttb = median_ms(lambda: LTTBDownsampler().downsample(x, y, n_out=1000))
    minmax = median_ms(lambda: MinMaxDownsampler().downsample(y, n_out=1000))
    print(f"tsdownsample LTTB 5,256,000 → 1,000 (Rust, same run)      median {lttb:8.3f} ms")
    print(f"tsdownsample MinMax 5,256,000 → 1,000 (Rust, same run)    median {minmax:8.3f} ms")
    print(f"JSON {{\"name\": \"tsdownsample LTTB\", \"median_ms\": {lttb}}}")
    print(f"JSON {{\"name\": \"tsdownsample MinMax\", \"median_ms\": {minmax}}}")
    for curve, ms in D3_REFERENCE_MS.items():
        print(f"d3-shape 3.2 {curve} 1M points (issue's figure for this machine class): {ms} ms")


if __name__ == "__main__":
    main()
