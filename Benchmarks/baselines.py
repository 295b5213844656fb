#!/usr/bin/env python3
"""Baselines measured in the same run as the engine benchmarks: tsdownsample's Rust LTTB and
MinMax on 5,256,000 points. d3-shape is compared as a whole process by cli_bench.py."""
import statistics
import time

import numpy as np


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


if __name__ == "__main__":
    main()
