"""`workbench render --motion live` and `--motion reveal`: the frames of a new live price and of
the first load come from the engine; the first is the old picture (or the placeholder), the
last the new chart, and between them the line's end, the range and the header move."""
import json
import math
import subprocess

import pytest

from workbench_server import BINARY


def run(*args):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=120)


START = 1_700_000_000


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    # Two hours of minutes, gently wavy, all below 30 100.
    csv = tmp_path_factory.mktemp("live") / "minutes.csv"
    csv.write_text("time,price\n" + "".join(f"{START + i * 60},{30000 + 50 * math.sin(i / 9):.2f}\n" for i in range(120)))
    return str(csv)


@pytest.fixture(scope="module")
def after(data, tmp_path_factory):
    """The same data with the new price a minute after its end, as `--motion live` makes it."""
    csv = tmp_path_factory.mktemp("after") / "minutes.csv"
    csv.write_text(open(data).read() + f"{START + 120 * 60},31000\n")
    return str(csv)


def scene(data, *args):
    r = run("render", "--data", data, "--period", "1D", "--scene", *args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def primitive(frame, id):
    return next(p for p in frame["scene"]["primitives"] if p.get("id") == id)


def end_of(path):
    return path[-1][-2:]


def test_live_frames_run_from_the_old_picture_to_the_new(data, after):
    old, new = scene(data), scene(after)
    first = scene(data, "--motion", "live", "--price", "31000", "--progress", "0")
    last = scene(data, "--motion", "live", "--price", "31000", "--progress", "1", "--elapsed", "9")
    assert first["scene"] == old["scene"] and first["header"]["price"] == old["header"]["price"]
    assert last == new
    ends = []
    for p in (0.25, 0.5, 0.75):
        frame = scene(data, "--motion", "live", "--price", "31000", "--progress", str(p))
        ends.append(end_of(primitive(frame, "line")["path"]))
        # The header counts between the two prices.
        assert frame["header"]["price"] == pytest.approx(old["header"]["price"] + (31000 - old["header"]["price"]) * p)
        # The new price is above the old range: the range grows over the same progress, so the
        # line's start (the same price) sinks toward where the new range puts it.
        start = lambda f: primitive(f, "line")["path"][0][2]
        assert start(old) < start(frame) < start(new)
    old_end, new_end = end_of(primitive(old, "line")["path"]), end_of(primitive(new, "line")["path"])
    ys = [old_end[1]] + [e[1] for e in ends] + [new_end[1]]
    assert ys == sorted(ys, reverse=True) and len(set(ys)) == len(ys)   # the end rises steadily (y down)


def test_the_flash_takes_the_directions_colour(data):
    up = scene(data, "--motion", "live", "--price", "31000", "--progress", "0.1", "--elapsed", "0")
    assert up["header"]["flash"] == {"color": "#2EBD85", "direction": "up", "opacity": 1}
    down = scene(data, "--motion", "live", "--price", "29000", "--progress", "0.1", "--elapsed", "0.1")
    assert down["header"]["flash"]["color"] == "#E0245E" and down["header"]["flash"]["opacity"] < 1
    over = scene(data, "--motion", "live", "--price", "29000", "--progress", "1", "--elapsed", "5")
    assert "flash" not in over["header"]
    r = run("render", "--data", data, "--period", "1D", "--motion", "live", "--price", "31000", "--progress", "0.2", "--elapsed", "0")
    assert r.returncode == 0 and 'data-flash-color="#2EBD85"' in r.stdout


def test_a_finger_down_keeps_its_time_and_the_header_its_point(tmp_path):
    # Five minutes (sent whole, no buckets): the new minute widens the time axis by a quarter.
    few = tmp_path / "few.csv"
    few.write_text("time,price\n" + "".join(f"{START + i * 60},{30000 + 10 * i}\n" for i in range(5)))
    frames = [scene(str(few), "--motion", "live", "--price", "31000", "--selection", "0.75", "--progress", str(p)) for p in (0, 0.5, 1)]
    assert {f["selection"]["time"] for f in frames} == {START + 180}
    assert {f["header"]["price"] for f in frames} == {30030} and all(f["header"]["pressing"] for f in frames)
    assert frames[2]["selection"]["x"] == pytest.approx(390 * 0.6)   # the x scale grew under the finger


def test_reduced_motion_crossfades_the_live_step(data):
    frame = scene(data, "--motion", "live", "--price", "31000", "--progress", "0.25", "--reduced-motion")
    assert primitive(frame, "line-from")["opacity"] == pytest.approx(0.75) and primitive(frame, "line")["opacity"] == pytest.approx(0.25)


def test_reveal_runs_from_the_placeholder_to_the_chart(data):
    rest = scene(data)
    start = scene(data, "--motion", "reveal", "--progress", "0")
    assert [p["id"] for p in start["scene"]["primitives"]] == ["placeholder"] and "price" not in start["header"]
    assert scene(data, "--motion", "reveal", "--progress", "1") == rest
    half = scene(data, "--motion", "reveal", "--progress", "0.5")
    assert primitive(half, "line")["clip"]["width"] == pytest.approx(rest["scene"]["width"] / 2)
    assert primitive(half, "placeholder")["opacity"] == pytest.approx(0.5)
    faded = scene(data, "--motion", "reveal", "--progress", "0.5", "--reduced-motion")
    assert primitive(faded, "line")["opacity"] == pytest.approx(0.5) and "clip" not in primitive(faded, "line")


@pytest.mark.parametrize("args, option", [
    (("--motion", "live"), "--price"),
    (("--motion", "live", "--price", "-3"), "--price"),
    (("--motion", "live", "--price", "31000", "--progress", "9"), "--progress"),
    (("--motion", "live", "--price", "31000", "--elapsed", "-1"), "--elapsed"),
    (("--motion", "live", "--price", "31000", "--animated"), "--animated"),
    (("--motion", "reveal", "--price", "31000"), "--price"),
])
def test_bad_options_name_the_option(data, args, option):
    r = run("render", "--data", data, *args)
    lines = r.stderr.strip().splitlines()
    assert r.returncode != 0 and len(lines) == 1 and option in lines[0], r.stderr
