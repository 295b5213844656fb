"""Issue 39.2: the honesty check through the command line and the API, with its own reference:
planted series saved as scenarios (CSV made here), and the drawn line's extremes recomputed from
the scene the API returns (each cubic sampled densely), within 0.1 % of the range."""
import json
import subprocess

import pytest

from workbench_server import BINARY

KEYS = {"scenario", "period", "state", "pass", "failures", "controls", "trueHigh", "trueLow", "trueHighTime", "trueLowTime",
        "drawnHigh", "drawnLow", "drawnHighTime", "drawnLowTime", "overshootHigh", "overshootLow", "overshootPercent",
        "currentPrice", "drawnEnd", "endPercent", "highShift", "lowShift", "pointSpacing", "gaps", "gapsBridged"}


def csv(prices, step=3600, start=1_700_000_000):
    rows = ["timestamp,close"] + [f"{start + i * step},{'' if p is None else f'{p:.2f}'}" for i, p in enumerate(prices)]
    return "\n".join(rows) + "\n"


def walk(n, seed):
    state, price, out = seed, 100.0, []
    for _ in range(n):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        price *= 1 + ((state >> 11) / 2**53 - 0.5) * 0.04
        out.append(round(price, 2))
    return out


def preset(folder, name, **parameters):
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": name, "author": "test", "notes": "",
                                "updatedAt": "2026-01-01T00:00:00Z",
                                "parameters": {"pointSizing": "fixed", "pointCount": 2000, **parameters}}))
    return path


def check(folder, path, *scenarios):
    args = [BINARY, "check", "--honesty", "--presets", str(folder), "--preset", str(path), "--format", "json"]
    for s in scenarios:
        args += ["--scenario", s]
    run = subprocess.run(args, capture_output=True, text=True, timeout=300)
    return run, (json.loads(run.stdout) if run.stdout.strip() else None)


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    folder = tmp_path_factory.mktemp("honesty")
    (folder / "scenarios").mkdir()
    spike = [100.0] * 150
    spike[75] = 112.0
    crash = walk(300, 5)
    for i in range(150, 153):
        crash[i] = crash[149] * 0.8
    gap = walk(200, 9)
    for i in range(90, 100):
        gap[i] = None
    for name, prices in [("planted-spike", spike), ("planted-crash", crash), ("planted-gap", gap)]:
        (folder / "scenarios" / f"{name}.csv").write_text(csv(prices))
    return folder


def test_natural_spline_over_a_spike_fails_and_names_the_curve(planted):
    run, report = check(planted, preset(planted, "natural", smoothing="none", inactiveCurve="natural", activeCurve="linear"), "planted-spike")
    assert run.returncode == 1
    rest = [m for m in report["measures"] if m["state"] == "rest" and m["period"] == "ALL"][0]
    assert KEYS <= set(rest) and rest["overshootPercent"] > 0.5 and rest["controls"] == ["inactiveCurve"]
    assert any(f.startswith("Natural spline overshoots the ALL low by") for f in report["failures"])
    assert set(report) == {"pass", "thresholds", "width", "height", "scenarios", "periods", "measures", "failures", "controls"}
    assert report["thresholds"] == {"beyondRangePercent": 0.5, "largestMoveShownPercent": 80, "endPercent": 0.1,
                                    "extremeShiftSpacings": 1.5, "gapSpacings": 2}


def test_a_hidden_crash_and_a_bridged_gap_fail(planted):
    run, report = check(planted, preset(planted, "smooth", smoothing="movingAverage", smoothingWindow=21, inactiveCurve="linear"), "planted-crash")
    assert run.returncode == 1 and "smoothing" in report["controls"]
    run, report = check(planted, preset(planted, "bridge", smoothing="none", inactiveCurve="linear", activeCurve="linear", gapStyle="bridge"), "planted-gap")
    assert run.returncode == 1 and report["controls"] == ["gapStyle"]


@pytest.mark.parametrize("curve", ["linear", "monotone", "stepStart", "stepCenter", "stepEnd"])
def test_no_false_alarm_without_smoothing(planted, curve):
    run, report = check(planted, preset(planted, curve, smoothing="none", inactiveCurve=curve, activeCurve=curve),
                        "planted-spike", "planted-crash", "planted-gap")
    assert run.returncode == 0 and report["pass"], report["failures"]


def test_unknown_scenario_is_one_line_naming_the_option(planted):
    run = subprocess.run([BINARY, "check", "--honesty", "--preset", str(preset(planted, "x")), "--scenario", "nope"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode != 0 and run.stderr.count("\n") == 1 and "--scenario" in run.stderr


def sample_extremes(commands):
    """The path's lowest and highest y, every cubic sampled at 4,000 steps (our own reference)."""
    ys, y0 = [], 0.0
    for command in commands:
        kind, numbers = command[0], command[1:]
        if kind in ("M", "L"):
            y0 = numbers[1]
            ys.append(y0)
        elif kind == "C":
            _, y1, _, y2, _, y3 = numbers
            for k in range(4001):
                t = k / 4000
                u = 1 - t
                ys.append(u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3)
            y0 = y3
    return min(ys), max(ys)


@pytest.mark.parametrize("curve", ["natural", "catmullRom", "cardinal", "basis", "bumpX", "monotone"])
@pytest.mark.parametrize("smoothing", ["none", "movingAverage", "gaussian"])
def test_api_matches_a_reference_of_the_drawn_extremes(server, curve, smoothing):
    prices = walk(120, 21)
    prices[60] *= 1.12
    name = "ref-" + curve.lower()
    server.request("POST", f"/api/scenarios?name={name}", data=csv(prices), headers={"Content-Type": "text/csv"}).raise_for_status()
    params = {"pointSizing": "fixed", "pointCount": 500, "smoothing": smoothing, "smoothingWindow": 9, "inactiveCurve": curve}
    report = server.get("/api/check/honesty", params={**params, "scenario": name}).json()
    measure = [m for m in report["measures"] if m["period"] == "ALL" and m["state"] == "rest"][0]
    scene = server.get("/api/scene", params={**params, "scenario": name, "period": "ALL", "width": 390, "height": 240}).json()
    line = next(p for p in scene["scene"]["primitives"] if p["kind"] == "stroke" and p["id"] == "line")
    top_px, bottom_px = sample_extremes(line["path"])
    # The y scale written out from ChartModel's layout: every point is given (500 > 120), so the
    # domain is the prices' extent; the label band is 34 px, the plot 80 % of the rest, centred.
    lo, hi = min(prices), max(prices)
    band = 34.0
    plot = 240 - band
    span = 0.8 * plot
    top = band + (plot - span) / 2

    def price(y):
        return lo + (top + span - y) / span * (hi - lo)

    rng = measure["trueHigh"] - measure["trueLow"]
    assert abs(measure["trueHigh"] - hi) < 1e-6 and abs(measure["trueLow"] - lo) < 1e-6
    assert abs(price(top_px) - measure["drawnHigh"]) <= 0.001 * rng, (price(top_px), measure["drawnHigh"])
    assert abs(price(bottom_px) - measure["drawnLow"]) <= 0.001 * rng, (price(bottom_px), measure["drawnLow"])
