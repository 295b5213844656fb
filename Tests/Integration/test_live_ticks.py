"""Issue 20: live prices tick at the data's own resolution. Minute data gets its next minute with
that minute's volatility at a steady pace; daily data gets minute ticks inside its current day
instead of whole days. Runs fast (--live-interval) and, once, at the default pace."""
import math
import time

import numpy as np

from workbench_server import Server, wait_for


def daily_csv(days=400, start=1_600_000_000 - 1_600_000_000 % 86400):
    """Daily closes with about 3.5 % daily σ (deterministic)."""
    rng = np.random.default_rng(7)
    prices = 30_000 * np.exp(np.cumsum(rng.normal(0, 0.035, days)))
    return "time,price\n" + "".join(f"{start + i * 86400},{p:.2f}\n" for i, p in enumerate(prices))


def run_live(server, count):
    before = server.get("/api/data?period=ALL").json()["summary"]["count"]
    assert server.request("POST", "/api/live", json={"enabled": True}).status_code == 200
    try:
        # Polled every quarter second: each read summarises the whole series, and the ticks take seconds anyway.
        assert wait_for(lambda: server.get("/api/data?period=ALL").json()["summary"]["count"] >= before + count, timeout=120, interval=0.25)
    finally:
        server.request("POST", "/api/live", json={"enabled": False})
    points = server.get("/api/data?period=1D&maxPoints=100000").json()["points"]
    return before, points


def minute_sigma(prices):
    r = np.diff(np.log(prices))
    return float(np.median(np.abs(r)) / 0.6745)


def test_minute_data_ticks_one_minute_with_that_minutes_volatility():
    s = Server("--live-interval", "0.05")
    try:
        history = [p for _, p in s.get("/api/data?period=1D&maxPoints=100000").json()["points"] if p is not None]
        last_time = s.get("/api/data?period=1D&maxPoints=100000").json()["points"][-1][0]
        _, points = run_live(s, 300)
        ticks = [(t, p) for t, p in points if t > last_time]
        assert len(ticks) >= 300
        times = np.array([t for t, _ in ticks])
        assert times[0] == last_time + 60 and np.all(np.diff(times) == 60)
        prices = np.array([history[-1]] + [p for _, p in ticks])
        ratio = minute_sigma(prices) / minute_sigma(np.array(history[-500:]))
        assert 0.6 <= ratio <= 1.6, ratio
        # 30 s at the default pace (2 s a tick) is 15 ticks: a quarter-hour of market time.
        moves = np.abs(prices[15:] / prices[:-15] - 1) * 100
        assert 0.02 <= np.median(moves) <= 1.0 and moves.max() < 4, (np.median(moves), moves.max())
    finally:
        s.close()


def test_daily_data_ticks_inside_the_current_day_instead_of_adding_days():
    s = Server("--live-interval", "0.05", data_csv=daily_csv())
    try:
        last_time = s.get("/api/data?period=ALL").json()["points"][-1][0]
        _, points = run_live(s, 200)
        ticks = [(t, p) for t, p in points if t > last_time]
        times = np.array([t for t, _ in ticks])
        assert len(ticks) >= 200 and times[0] == last_time + 60 and np.all(np.diff(times) == 60)
        assert times[-1] - last_time < 86400  # all inside the day after the last close
        prices = np.array([p for _, p in ticks])
        sigma = minute_sigma(prices)
        expected = 0.035 / math.sqrt(1440)
        assert 0.5 <= sigma / expected <= 2, sigma / expected
        assert np.abs(np.diff(np.log(prices))).max() < 0.02  # no day-sized jumps
    finally:
        s.close()


def test_the_default_pace_is_steady_and_30_seconds_move_a_plausible_amount():
    s = Server()
    try:
        first = s.get("/api/data?period=1D&maxPoints=100000").json()["points"][-1]
        assert s.request("POST", "/api/live", json={"enabled": True}).status_code == 200
        started = time.monotonic()
        time.sleep(8.5)
        s.request("POST", "/api/live", json={"enabled": False})
        elapsed = time.monotonic() - started
        ticks = [p for p in s.get("/api/data?period=1D&maxPoints=100000").json()["points"] if p[0] > first[0]]
        # One minute of market every 2 s: 4 ticks in 8.5 s.
        assert abs(len(ticks) - elapsed / 2) <= 1.5, (len(ticks), elapsed)
        # At that pace 30 s is 15 minutes of market: a few tenths of a percent, never a day's move.
        move = abs(ticks[-1][1] / first[1] - 1) * 100
        assert move < 2.5, move
    finally:
        s.close()
