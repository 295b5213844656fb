"""The command line: engine commands read stdin and report bad input with its line number."""
import subprocess

from workbench_server import BINARY, ROOT, copy_shipped_presets


def run(*args, stdin=""):
    return subprocess.run([BINARY, *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_path_prints_d3_style_paths():
    r = run("path", "--curve", "linear", stdin="0,0\n1,1\n2,\n3,3\n4,4\n")
    assert r.returncode == 0 and r.stdout == "M0,0L1,1M3,3L4,4\n"
    r = run("path", "--curve", "bumpX", "--digits", "2", stdin="0,0\n3,1.23456\n")
    assert r.stdout == "M0,0C1.5,0,1.5,1.23,3,1.23\n"
    r = run("path", "--curve", "catmullRom", "--alpha", "1", stdin="0,0\n1,3\n5,1\n6,6\n")
    assert r.returncode == 0 and r.stdout.count("C") == 3
    shortest = run("path", "--curve", "linear", stdin="0.1,1e-7\n")
    assert shortest.stdout == "M0.1,0.0000001Z\n"


def test_smooth_and_downsample():
    r = run("smooth", "--method", "movingAverage", "--window", "3", stdin="1\n2\n3\n4\n5\n")
    assert [float(v) for v in r.stdout.split()] == [4 / 3, 2, 3, 4, 14 / 3]
    r = run("smooth", "--method", "exponential", "--alpha", "0.5", stdin="4\n\n8\n0\n")
    assert r.stdout == "4\n\n8\n4\n"
    r = run("downsample", "--method", "lttb", "--threshold", "3", stdin="0,0\n1,10\n2,0\n3,0\n4,0\n")
    assert r.stdout == "0,0\n1,10\n4,0\n"
    r = run("downsample", "--method", "minmax", "--threshold", "2", stdin="0,5\n1,9\n2,-1\n3,4\n")
    assert r.stdout == "1,9\n2,-1\n"


def test_bad_input_names_the_line_or_option(tmp_path):
    # A command given --presets keeps its history there: a copy, never the checkout's folder.
    presets = copy_shipped_presets(tmp_path / "Presets")
    cases = [
        (("path", "--curve", "linear"), "0,0\n1,x\n", "line 2"),
        (("path", "--curve", "spiral"), "", "--curve"),
        (("path", "--curve", "linear", "--digits", "40"), "", "--digits"),
        (("smooth", "--method", "movingAverage", "--window", "4"), "1\n", "--window"),
        (("smooth", "--method", "gaussian", "--sigma", "3"), "1\n2\nthree\n", "line 3"),
        (("downsample", "--method", "lttb", "--threshold", "5"), "1,2\n3\n", "line 2"),
        (("downsample", "--method", "fft", "--threshold", "5"), "", "--method"),
        (("render", "--period", "5Y"), "", "--period"),
        (("render", "--preset", "Nope", "--presets", str(presets)), "", "Nope"),
        # A folder that is not there is refused, not made (only `serve` makes one).
        (("render", "--preset", "Default", "--presets", str(tmp_path / "Missing")), "", "--presets"),
        (("export", "--preset", "Default", "--format", "json", "--presets", str(tmp_path / "Missing")), "", "no such folder"),
        (("export", "--preset", "Default", "--format", "json", "--presets", str(presets / "default.json")), "", "not a folder"),
        (("motion", "--preset", str(ROOT / "Presets" / "default.json")), "press 0\nwiggle 1\n", "line 2"),
        (("motion", "--preset", str(ROOT / "Presets" / "default.json")), "press soon\n", "line 1"),
        (("select", "--preset", str(ROOT / "Presets" / "default.json"), "--progress", "1", "--selections", "0,1.5"), "1,1\n", "--selections"),
        (("select", "--preset", str(ROOT / "Presets" / "default.json"), "--progress", "1", "--selections", "0.5"), "1,1\n1,2\n", "line 2"),
    ]
    for args, stdin, expected in cases:
        r = run(*args, stdin=stdin)
        assert r.returncode != 0, args
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], (args, r.stderr)
    assert not (tmp_path / "Missing").exists()


def test_render_and_export(tmp_path):
    csv = tmp_path / "d.csv"
    csv.write_text("time,price\n" + "".join(f"{1_600_000_000 + i * 86400},{100 + (i % 7)}\n" for i in range(400)))
    presets = copy_shipped_presets(tmp_path / "Presets")
    r = run("render", "--data", str(csv), "--preset", "PM's favourite", "--presets", str(presets),
            "--state", "active", "--selection", "0.5", "--width", "320")
    assert r.returncode == 0 and r.stdout.startswith("<svg") and 'width="320"' in r.stdout and "cw-indicator" in r.stdout
    r = run("export", "--preset", "Default", "--format", "tokens", "--presets", str(presets))
    assert r.returncode == 0 and '"$type": "dimension"' in r.stdout
    r = run("export", "--preset", str(ROOT / "Presets" / "default.json"), "--format", "swift")
    assert r.returncode == 0 and "static let defaultStyle = ChartStyle(" in r.stdout  # never the keyword `default`
    # --output is the bundles' folder: a file format given one says so instead of printing and ignoring it.
    r = run("export", "--preset", "Default", "--format", "figma", "--presets", str(presets), "--output", str(tmp_path / "v.json"))
    assert r.returncode != 0 and r.stdout == "" and "--output" in r.stderr and "standard output" in r.stderr
    assert not (tmp_path / "v.json").exists()
