"""Issue 9 over HTTP and the command line: the preview draws what the app draws. Backend-sized
points, true end prices, springs that overshoot, gaps, the label, and the engine commands
`frame` and `ease` that other platforms check themselves against."""
import json
import math
import re
import subprocess

import pytest

from workbench_server import BINARY, Server

PERIODS = ["1D", "1W", "1M", "1Y", "ALL"]


def run(*args, stdin=""):
    return subprocess.run([BINARY, *args], input=stdin, capture_output=True, text=True, timeout=120)


def yahoo_daily_csv(days=2534, start=1_410_912_000):
    """A Yahoo Finance daily export made here (BTC-USD shape, with a null row)."""
    lines = ["Date,Open,High,Low,Close,Adj Close,Volume"]
    price = 457.33
    for i in range(days):
        price *= 1 + 0.03 * math.sin(i * 0.37) * math.cos(i * 0.011) + 0.001
        day = start + i * 86400
        y, m, d = _civil(day // 86400)
        close = "null" if i == 1000 else f"{price:.6f}"
        lines.append(f"{y:04d}-{m:02d}-{d:02d},{price:.6f},{price * 1.02:.6f},{price * 0.98:.6f},{close},{close},{1000 + i}")
    return "\n".join(lines) + "\n"


def _civil(z):
    z += 719468
    era = (z if z >= 0 else z - 146096) // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (1 if m <= 2 else 0), m, d


def selected_price(svg):
    match = re.search(r'data-selected-price="([^"]+)"', svg)
    assert match, svg[:400]
    return float(match.group(1))


@pytest.fixture(scope="module", params=["built-in", "yahoo"])
def server(request):
    s = Server(data_csv=yahoo_daily_csv()) if request.param == "yahoo" else Server()
    yield s
    s.close()


def test_pressing_the_edges_selects_the_first_and_last_price(server):
    for period in PERIODS:
        points = server.get(f"/api/data?period={period}").json()["points"]
        prices = [p for _, p in points if p is not None]
        for width in (320, 390, 1440):
            query = f"/api/render?period={period}&width={width}&state=active&progress=1"
            right = server.get(query + "&selection=1")
            left = server.get(query + "&selection=0")
            assert right.status_code == 200 and left.status_code == 200
            assert selected_price(right.text) == prices[-1], (period, width)
            assert selected_price(left.text) == prices[0], (period, width)
            # The header's numbers come with every frame.
            assert float(re.search(r'data-last-price="([^"]+)"', right.text).group(1)) == prices[-1]


def test_point_count_and_gap_style_are_parameters(server):
    schema = server.get("/api/schema").json()
    assert "Data" in schema["groups"]
    by_key = {p["key"]: p for p in schema["parameters"]}
    assert by_key["pointCount"]["group"] == "Data" and by_key["pointCount"]["default"] <= 200
    assert by_key["gapStyle"]["group"] == "Data"
    assert "labelEnabled" in by_key and "smoothedEndsOnPrice" in by_key
    few = server.get("/api/render?period=1M&state=active&progress=1&pointCount=10").text
    many = server.get("/api/render?period=1M&state=active&progress=1&pointCount=200").text
    line = lambda svg: re.search(r'class="cw-line"[^>]* d="([^"]+)"', svg).group(1)
    assert line(few).count("L") < 12 < line(many).count("L")
    bad = server.get("/api/render?pointCount=5")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "pointCount"


def test_spring_overshoot_frame_differs_from_the_final_one(tmp_path):
    preset = tmp_path / "spring.json"
    preset.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": "Spring",
                                  "parameters": {"easing": "spring", "springDamping": 0.3}}))
    eased = [float(v) for v in run("ease", "--preset", str(preset), stdin="\n".join(str(i / 100) for i in range(101)) + "\n").stdout.split()]
    assert len(eased) == 101 and eased[0] == 0 and eased[-1] == 1
    peak = max(eased)
    assert peak > 1.2
    with _server() as s:
        query = "/api/render?period=1M&easing=spring&springDamping=0.3&selection=0.5&progress="
        assert s.get(query + repr(peak)).text != s.get(query + "1").text


class _server:
    def __enter__(self):
        self.s = Server()
        return self.s

    def __exit__(self, *exc):
        self.s.close()


GAPPY = "".join(f"{60 * i},{'' if i in (15, 28) else 100 + 10 * math.sin(i / 5)}\n" for i in range(40))  # fewer than a fixed pointCount of 60: drawn whole


def test_frame_prints_line_and_fill_through_the_whole_pipeline(tmp_path):
    fixed = tmp_path / "fixed.json"  # a fixed count above GAPPY's 40 prices: drawn whole, both gaps kept
    fixed.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": "Fixed",
                                 "parameters": {"pointSizing": "fixed", "pointCount": 60}}))
    r = run("frame", "--preset", str(fixed), "--progress", "1", stdin=GAPPY)
    assert r.returncode == 0, r.stderr
    line, fill, rest = r.stdout.split("\n")
    assert rest == "" and line.startswith("M0,") and line.count("M") == 3 and fill.count("M") == 3
    # Shortest round-trip numbers, not a fixed number of digits.
    assert any(len(n.split(".")[1]) > 3 for n in re.findall(r"\d+\.\d+", line))
    preset = tmp_path / "bridge.json"
    preset.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": "Bridge",
                                  "parameters": {"gapStyle": "bridge", "fillEnabled": False}}))
    r = run("frame", "--preset", str(preset), "--progress", "0.5", "--width", "320", "--height", "200", stdin=GAPPY)
    line, fill, _ = r.stdout.split("\n")
    assert r.returncode == 0 and line.count("M") == 1 and fill == ""
    data = tmp_path / "prices.csv"
    data.write_text("time,price\n" + GAPPY)
    assert run("frame", "--preset", "Default", "--data", str(data), "--progress", "1").stdout == \
        run("frame", "--preset", "Default", "--progress", "1", stdin=GAPPY).stdout


def test_frame_and_ease_report_bad_input_in_one_line():
    cases = [
        (("frame", "--preset", "Default", "--progress", "1"), "0,1\n60,x\n", "line 2"),
        (("frame", "--preset", "Default", "--progress", "1"), "0,1\n0,2\n", "line 2"),
        (("frame", "--preset", "Default", "--progress", "1"), "0.5,1\n", "line 1"),
        (("frame", "--preset", "Default", "--progress", "1"), "", "stdin"),
        (("frame", "--preset", "Default", "--progress", "9"), "0,1\n", "--progress"),
        (("frame", "--preset", "Default", "--progress", "1", "--width", "0"), "0,1\n", "--width"),
        (("frame", "--preset", "Nope", "--progress", "1"), "0,1\n", "--preset"),
        (("ease", "--preset", "Default"), "0.5\n1.5\n", "line 2"),
        (("ease", "--preset", "Default"), "0.5\nhalf\n", "line 2"),
    ]
    for args, stdin, needle in cases:
        r = run(*args, stdin=stdin)
        assert r.returncode != 0, args
        assert r.stdout == "", args
        lines = r.stderr.strip().split("\n")
        assert len(lines) == 1 and needle in lines[0], (args, r.stderr)


def test_time_labels_read_like_an_app_in_the_viewers_zone():
    with _server() as s:
        def label(period, tz):
            svg = s.get(f"/api/render?period={period}&state=active&selection=1&tz={tz}").text
            return re.search(r'data-selected-label="([^"]+)"', svg).group(1)
        utc, tokyo = label("1D", "UTC"), label("1D", "Asia/Tokyo")
        assert re.fullmatch(r"\d\d:\d\d", utc) and re.fullmatch(r"\d\d:\d\d", tokyo)
        assert (int(tokyo[:2]) - int(utc[:2])) % 24 == 9
        assert label("1D", "%2B05:30")[3:] != utc[3:] or utc[3:] == "30"
        assert re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}", label("1M", "UTC"))
        assert re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}, \d{4}", label("ALL", "UTC"))
        for bad in ("Mars/Olympus", "..%2F..%2Fetc%2Fpasswd", "%2B99:00"):
            r = s.get(f"/api/render?tz={bad}")
            assert r.status_code == 400 and r.json()["error"]["field"] == "tz", bad


def _polyline(d):
    """Flattens an absolute M/L/H/V/C path into points (cubics sampled), as a browser draws it."""
    tokens = re.findall(r"[MLHVCZ]|-?\d+(?:\.\d+)?(?:e-?\d+)?", d)
    points, i, command, current = [], 0, None, (0.0, 0.0)
    while i < len(tokens):
        if tokens[i] in "MLHVCZ":
            command = tokens[i]
            i += 1
            continue
        if command in "ML":
            current = (float(tokens[i]), float(tokens[i + 1]))
            i += 2
            points.append(current)
        elif command == "H":
            current = (float(tokens[i]), current[1])
            i += 1
            points.append(current)
        elif command == "V":
            current = (current[0], float(tokens[i]))
            i += 1
            points.append(current)
        elif command == "C":
            c = [float(t) for t in tokens[i:i + 6]]
            i += 6
            p0 = current
            for k in range(1, 13):
                s = k / 12
                w = ((1 - s) ** 3, 3 * (1 - s) ** 2 * s, 3 * (1 - s) * s * s, s ** 3)
                points.append((w[0] * p0[0] + w[1] * c[0] + w[2] * c[2] + w[3] * c[4],
                               w[0] * p0[1] + w[1] * c[1] + w[2] * c[3] + w[3] * c[5]))
            current = (c[4], c[5])
    return points


def _mean_column_distance(d1, d2, width):
    import numpy as np
    columns = np.arange(0.5, width, 1.0)
    ys = []
    for d in (d1, d2):
        pts = _polyline(d)
        ys.append(np.interp(columns, [p[0] for p in pts], [p[1] for p in pts]))
    return float(np.mean(np.abs(ys[0] - ys[1])))


def test_default_point_count_makes_the_curve_choice_visible(server):
    """At the default pointCount, 390 px: linear vs stepCenter and natural vs basis differ visibly."""
    default = next(p for p in server.get("/api/schema").json()["parameters"] if p["key"] == "pointCount")["default"]
    assert default <= 200
    if not server.get("/api/data?period=1D").json()["summary"]["source"].startswith("built-in"):
        pytest.skip("the figures are for the built-in series (the daily file has one price a day on 1D)")
    for period in ("1D", "1M", "1Y"):
        base = f"/api/render?period={period}&width=390&height=240&state=active&progress=1"
        line = {}
        for curve in ("linear", "stepCenter", "natural", "basis"):
            svg = server.get(base + f"&activeCurve={curve}").text
            line[curve] = re.search(r'class="cw-line"[^>]*\sd="([^"]+)"', svg).group(1)
        step = _mean_column_distance(line["linear"], line["stepCenter"], 390)
        smooth = _mean_column_distance(line["natural"], line["basis"], 390)
        # On the built-in series: about 6.6 / 5.3 / 3.4 px. The year is a fourfold bull run whose
        # range dwarfs the steps between closes, so it gets the smaller bound.
        assert step > (3 if period == "1Y" else 4), (period, step)
        assert smooth > 1.5, (period, smooth)
