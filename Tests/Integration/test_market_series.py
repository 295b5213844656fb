"""Issue 20: the built-in series reads like Bitcoin. Statistics are computed here, from what the
workbench serves (`workbench series`, `/api/data`), against Bitcoin's published daily figures:
daily log-return σ about 3–4 %, fat tails, volatility that clusters, plausible moves per period,
outages, and a last price that is not a round number. Also the per-period point counts: the
curve choices stay visible on every period at a phone's width."""
import math
import re
import subprocess

import numpy as np
import pytest

from test_pipeline import _mean_column_distance
from workbench_server import BINARY, Server

PERIODS = ["1D", "1W", "1M", "1Y", "ALL"]


def series(step):
    r = subprocess.run([BINARY, "series", "--step", str(step)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    rows = [line.split(",") for line in r.stdout.splitlines()]
    times = np.array([int(t) for t, _ in rows])
    prices = np.array([float(p) if p else math.nan for _, p in rows])
    assert np.all(np.diff(times) == step)
    return times, prices


@pytest.fixture(scope="module")
def daily():
    _, prices = series(86400)
    return prices


@pytest.fixture(scope="module")
def server():
    s = Server()
    yield s
    s.close()


def log_returns(prices):
    good = np.isfinite(prices[1:]) & np.isfinite(prices[:-1])
    return np.log(prices[1:][good] / prices[:-1][good])


def autocorrelation(x, lag):
    x = x - x.mean()
    return float(np.dot(x[:-lag], x[lag:]) / np.dot(x, x))


def test_daily_returns_have_bitcoins_volatility_and_fat_tails(daily):
    r = log_returns(daily)
    assert len(r) > 3500  # ten years of days
    sigma = r.std()
    assert 0.028 <= sigma <= 0.045, sigma
    excess_kurtosis = ((r - r.mean()) ** 4).mean() / sigma ** 4 - 3
    assert 3 <= excess_kurtosis <= 40, excess_kurtosis
    # Big days happen, but a normal distribution would almost never give 6σ.
    assert np.abs(r).max() > 6 * sigma


def test_volatility_clusters_over_weeks(daily):
    r = log_returns(daily)
    size = np.abs(r)
    lags = [autocorrelation(size, lag) for lag in range(1, 31)]
    assert all(a > 0.05 for a in lags[:10]), lags
    assert np.mean(lags) > 0.08, lags
    # Raw returns themselves are nearly uncorrelated (no free lunch).
    assert abs(autocorrelation(r, 1)) < 0.1
    # The same returns in random order lose the clustering.
    shuffled = np.random.default_rng(1).permutation(size)
    assert np.mean([autocorrelation(shuffled, lag) for lag in range(1, 31)]) < 0.03


def test_changes_over_each_period_are_plausible(daily):
    closes = daily[np.isfinite(daily)]
    for days, low, high in ((1, 1.0, 4.0), (7, 3.0, 12.0), (30, 6.0, 25.0)):
        change = np.abs(closes[days:] / closes[:-days] - 1) * 100
        assert low <= np.median(change) <= high, (days, np.median(change))
    weekly = np.abs(closes[7:] / closes[:-7] - 1) * 100
    assert 8 <= np.percentile(weekly, 80) <= 25


def test_the_served_periods_move_like_a_market_and_end_off_round_numbers(server):
    bounds = {"1D": 10, "1W": 30, "1M": 50, "1Y": 300}
    lasts = set()
    for period in PERIODS:
        points = server.get(f"/api/data?period={period}&maxPoints=100000").json()["points"]
        prices = [p for _, p in points if p is not None]
        change = (prices[-1] / prices[0] - 1) * 100
        if period in bounds:
            assert abs(change) < bounds[period], (period, change)
        lasts.add(prices[-1])
    assert len(lasts) == 1
    last = lasts.pop()
    assert last % 100 != 0 and round(last * 100) % 100 != 0, last


def test_minutes_scale_with_the_square_root_of_time_and_cluster_within_the_day(server):
    points = server.get("/api/data?period=1M&maxPoints=100000").json()["points"]
    assert len(points) >= 30 * 1440 - 10  # served whole: one price a minute
    times = np.array([t for t, _ in points])
    prices = np.array([math.nan if p is None else p for _, p in points])
    assert np.all(np.diff(times) == 60)
    minute = log_returns(prices)
    closes = prices[::1440]
    day_sigma = log_returns(closes).std()
    ratio = minute.std() / (day_sigma / math.sqrt(1440))
    assert 0.6 <= ratio <= 1.6, ratio
    hourly = log_returns(prices[::60])
    assert 0.6 <= hourly.std() / (day_sigma / math.sqrt(24)) <= 1.6
    size = np.abs(minute)
    assert np.mean([autocorrelation(size, lag) for lag in (1, 5, 15, 30, 60)]) > 0.02


def test_exchange_outages_leave_a_few_short_gaps():
    _, hourly = series(3600)
    missing = np.isnan(hourly)
    assert 3 <= missing.sum() <= 0.002 * len(hourly), missing.sum()
    assert np.isfinite(hourly[-48:]).all()


def test_curve_choices_are_visible_on_every_period_at_the_default(server):
    """At 390 px, active state, the defaults' per-period point counts: linear vs stepCenter ≥ 4 px
    and natural vs basis ≥ 3 px mean vertical distance per pixel column."""
    schema = {p["key"]: p for p in server.get("/api/schema").json()["parameters"]}
    assert schema["pointSizing"]["default"] == "perPeriod"
    figures = {}
    for period in PERIODS:
        base = f"/api/render?period={period}&width=390&height=240&state=active&progress=1"
        line = {}
        for curve in ("linear", "stepCenter", "natural", "basis"):
            svg = server.get(base + f"&activeCurve={curve}").text
            line[curve] = re.search(r'class="cw-line"[^>]*\sd="([^"]+)"', svg).group(1)
        figures[period] = (_mean_column_distance(line["linear"], line["stepCenter"], 390),
                           _mean_column_distance(line["natural"], line["basis"], 390))
    for period, (step, smooth) in figures.items():
        assert step >= 4 and smooth >= 3, figures


def test_old_links_and_presets_with_a_point_count_keep_it(server, tmp_path):
    # A link from before per-period sizing: pointCount alone means a fixed count.
    old = server.get("/api/render?period=1M&state=active&progress=1&pointCount=120").text
    fixed = server.get("/api/render?period=1M&state=active&progress=1&pointCount=120&pointSizing=fixed").text
    default = server.get("/api/render?period=1M&state=active&progress=1").text
    assert old == fixed != default
    # smoothingWindow alone too: the resting line is smoothed over that many points.
    assert server.get("/api/render?period=1M&smoothingWindow=9").text == \
        server.get("/api/render?period=1M&smoothingWindow=9&pointSizing=fixed").text
    # An old preset file (no pointSizing) loads as fixed.
    saved = server.request("PUT", "/api/presets/Old%20one", json={"name": "Old one", "parameters": {"pointCount": 60, "smoothingWindow": 5}})
    assert saved.status_code in (200, 201), saved.text
    loaded = server.get("/api/presets/Old%20one").json()
    assert loaded["parameters"]["pointSizing"] == "fixed" and loaded["parameters"]["pointCount"] == 60
