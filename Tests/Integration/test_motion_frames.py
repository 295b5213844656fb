"""`workbench render --motion period`: frames of the period change come from the engine; the
first is the old period's rest picture, the last the new one's, and between them the line and
the header move."""
import json
import math
import subprocess

import pytest

from workbench_server import BINARY


def run(*args):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    csv = tmp_path_factory.mktemp("motion") / "hourly.csv"
    start = 1_700_000_000
    csv.write_text("time,price\n" + "".join(f"{start + i * 3600},{30000 + 900 * math.sin(i / 17) + 3 * i}\n" for i in range(24 * 40)))
    return str(csv)


def scene(data, *args):
    r = run("render", "--data", data, "--scene", *args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def stroke(frame, id="line"):
    return next(p for p in frame["scene"]["primitives"] if p.get("id") == id)


def test_period_frames_run_from_the_old_picture_to_the_new(data):
    day, week = scene(data, "--period", "1D"), scene(data, "--period", "1W")
    assert scene(data, "--motion", "period", "--from", "1D", "--to", "1W", "--progress", "0") == day
    assert scene(data, "--motion", "period", "--from", "1D", "--to", "1W", "--progress", "1") == week
    half = scene(data, "--motion", "period", "--from", "1D", "--to", "1W", "--progress", "0.5")
    assert stroke(half)["path"] not in (stroke(day)["path"], stroke(week)["path"])
    assert half["header"]["price"] == pytest.approx((day["header"]["price"] + week["header"]["price"]) / 2)
    assert half["header"]["change"] == pytest.approx((day["header"]["change"] + week["header"]["change"]) / 2)
    # Line and fill carry the same mixed line.
    fill = next(p for p in half["scene"]["primitives"] if p.get("id") == "fill")
    assert fill["path"][:len(stroke(half)["path"])] == stroke(half)["path"]


def test_reduced_motion_crossfades_the_two_pictures(data):
    frame = scene(data, "--motion", "period", "--from", "1D", "--to", "1M", "--progress", "0.25", "--reduced-motion")
    ids = [p["id"] for p in frame["scene"]["primitives"]]
    assert "line-from" in ids and "line" in ids
    assert stroke(frame, "line-from")["opacity"] == pytest.approx(0.75) and stroke(frame)["opacity"] == pytest.approx(0.25)


def test_period_frames_are_svg_too(data):
    r = run("render", "--data", data, "--motion", "period", "--from", "1W", "--to", "1D", "--progress", "0.3")
    assert r.returncode == 0 and r.stdout.startswith("<svg")


@pytest.mark.parametrize("args, option", [
    (("--from", "2D", "--to", "1W"), "--from"),
    (("--from", "1D", "--to", "5Y"), "--to"),
    (("--from", "1D"), "--to"),
    (("--to", "1D"), "--from"),
    (("--from", "1D", "--to", "1W", "--progress", "9"), "--progress"),
    (("--from", "1D", "--to", "1W", "--animated"), "--animated"),
])
def test_bad_motion_options_name_the_option(data, args, option):
    r = run("render", "--data", data, "--motion", "period", *args)
    lines = r.stderr.strip().splitlines()
    assert r.returncode != 0 and len(lines) == 1 and option in lines[0], r.stderr


def test_an_unknown_motion_is_refused(data):
    r = run("render", "--data", data, "--motion", "wobble")
    assert r.returncode != 0 and "--motion" in r.stderr


def test_stale_prices_dim_the_chart_and_say_so(data):
    fresh = scene(data, "--period", "1W", "--stale-for", "59")
    assert fresh == scene(data, "--period", "1W")
    stale = scene(data, "--period", "1W", "--stale-for", "60")   # the default stale time and dim opacity: 60 s, 0.5
    assert stroke(stale)["opacity"] == pytest.approx(0.5) and stroke(fresh)["opacity"] == 1
    assert stroke(stale, "outage")["runs"][0]["text"] == "Prices delayed"
    svg = run("render", "--data", data, "--period", "1D", "--stale-for", "600").stdout
    assert svg.startswith("<svg") and "Prices delayed" in svg
    r = run("render", "--data", data, "--stale-for", "-1")
    assert r.returncode != 0 and "--stale-for" in r.stderr
