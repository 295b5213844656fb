"""The SwiftUI ChartView (iOS/ChartSwiftUI/ChartView.swift, shipped in the iOS bundle) compiles
against stand-ins of the SwiftUI signatures it uses (swiftui_standin/SwiftUI.swift, built as a
module named SwiftUI) and its recorded draw calls are exactly the engine's scene: every
primitive in order, with its path, colours, widths, cap, join, dash, clip, gradient, opacity and
text runs. The gesture (press, scrub, release) is driven through the view's own closures."""
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from workbench_server import BINARY, ROOT
from handoff_support import assert_scenes_close

SWIFTC = shutil.which("swiftc")
STANDIN = Path(__file__).resolve().parent / "swiftui_standin"
BUILD = Path(BINARY).resolve().parent
WEIGHTS = {400: "regular", 500: "medium", 600: "semibold", 700: "bold"}


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    objects = sorted((BUILD / "ChartEngine.build").glob("*.o"))
    if SWIFTC is None or not objects or not (BUILD / "Modules" / "ChartEngine.swiftmodule").exists():
        pytest.skip("needs swiftc and a built ChartEngine")
    work = tmp_path_factory.mktemp("swiftui")
    # Accessibility and UIKit stand-ins first (SwiftUI's stand-in imports Accessibility), each its own module.
    for module in ["Accessibility", "UIKit", "SwiftUI"]:
        r = subprocess.run([SWIFTC, "-emit-module", "-emit-library", "-module-name", module, "-parse-as-library", "-I", str(work), "-L", str(work),
                            *(["-lAccessibility"] if module == "SwiftUI" else []),
                            str(STANDIN / f"{module}.swift"), "-o", str(work / f"lib{module}.so")], cwd=work, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr[-3000:]
    r = subprocess.run([SWIFTC, "-I", str(work), "-I", str(BUILD / "Modules"), "-L", str(work), "-lSwiftUI", "-lAccessibility", "-lUIKit", "-module-name", "ChartHarness",
                        *sorted(str(f) for f in (ROOT / "iOS/ChartSwiftUI").glob("*.swift")), str(STANDIN / "main.swift"), *map(str, objects),
                        "-o", str(work / "harness")], cwd=work, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return work


def run_harness(work, *args, stdin):
    r = subprocess.run([str(work / "harness"), *args], input=stdin, capture_output=True, text=True, timeout=120,
                       env={"LD_LIBRARY_PATH": str(work)})
    assert r.returncode == 0, r.stderr[-2000:]
    return {frame["name"]: frame["calls"] for frame in map(json.loads, r.stdout.splitlines())}


def series(seed, count=60):
    rng, price, lines = random.Random(seed), 100.0, []
    for i in range(count):
        price += rng.gauss(0, 2)
        lines.append(f"{1_700_000_000 + i * 3600},{'' if i == count // 3 else repr(price)}")
    return "\n".join(lines) + "\n"


def preset(tmp_path, name, parameters):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": name, "author": "", "notes": "",
                                "updatedAt": "2026-11-23T10:00:00Z", "parameters": parameters}))
    return path


def scene(preset_path, data, *args):
    r = subprocess.run([BINARY, "frame", "--preset", str(preset_path), "--format", "scene", *args], input=data,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def rgb(hex_colour, alpha):
    v = int(hex_colour[1:], 16)
    return [(v >> 16 & 255) / 255, (v >> 8 & 255) / 255, (v & 255) / 255, alpha]


def close(a, b, context):
    """Numbers (nested lists) equal within 1e-9 of the view size; strings exactly."""
    if isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (context, a, b)
        for u, v in zip(a, b):
            close(u, v, context)
    elif isinstance(a, str) or isinstance(b, str):
        assert a == b, (context, a, b)
    else:
        assert abs(a - b) <= 1e-9 * 1000, (context, a, b)


def check(calls, scene_json):
    """Every primitive, in order, is exactly one layer of draw calls that says what it says."""
    primitives = json.loads(scene_json)["scene"]["primitives"]
    calls = list(calls)
    for p in primitives:
        context = p["id"]
        assert calls.pop(0)["call"] == "beginLayer", context
        if p.get("clip"):
            c = calls.pop(0)
            assert c["call"] == "clip", context
            close(c["path"], [["rect", p["clip"]["x"], p["clip"]["y"], p["clip"]["width"], p["clip"]["height"]]], context)
        if p["kind"] == "area":
            c = calls.pop(0)
            assert c["call"] == "fill" and c["opacity"] == p["opacity"], context
            close(c["path"], p["path"], context)
            stops = c["shading"]["stops"]
            close([s["color"] for s in stops], [rgb(s["color"], s["opacity"]) for s in p["stops"]], context)
            close([s["location"] for s in stops], [s["offset"] for s in p["stops"]], context)
            close(c["shading"]["start"], [0, p["gradientTop"]], context)
            close(c["shading"]["end"], [0, p["gradientBottom"]], context)
        elif p["kind"] == "stroke":
            c = calls.pop(0)
            assert c["call"] == "stroke" and c["opacity"] == p["opacity"], context
            close(c["path"], p["path"], context)
            close(c["shading"]["color"], rgb(p["color"], 1), context)
            assert (c["width"], c["cap"], c["join"], c["dash"]) == (p["width"], p["cap"], p["join"], []), context
        elif p["kind"] == "segment":
            c = calls.pop(0)
            assert c["call"] == "stroke" and c["opacity"] == p["opacity"] and c["width"] == p["width"], context
            close(c["path"], [["M", p["x1"], p["y1"]], ["L", p["x2"], p["y2"]]], context)
            close(c["shading"]["color"], rgb(p["color"], 1), context)
            close(c["dash"], p["dash"], context)
        elif p["kind"] == "circle":
            ellipse = [["ellipse", p["cx"] - p["radius"], p["cy"] - p["radius"], 2 * p["radius"], 2 * p["radius"]]]
            fill, outline = calls.pop(0), calls.pop(0)
            assert fill["call"] == "fill" and outline["call"] == "stroke", context
            assert fill["opacity"] == outline["opacity"] == p["opacity"] and outline["width"] == p["strokeWidth"], context
            close(fill["path"], ellipse, context)
            close(outline["path"], ellipse, context)
            close(fill["shading"]["color"], rgb(p["fill"], 1), context)
            close(outline["shading"]["color"], rgb(p["stroke"], 1), context)
        elif p["kind"] == "text":
            for run in p["runs"]:
                c = calls.pop(0)
                assert c["call"] == "text" and c["text"] == run["text"] and c["opacity"] == p["opacity"], context
                assert c["size"] == run["size"] and c["weight"] == WEIGHTS[run["weight"]], context
                close(c["color"], rgb(run["color"], run["opacity"]) if run.get("color") else [0, 0, 0, run["opacity"]], context)
                x, y, width, _ = c["rect"]
                close(x + width if p["anchor"] == "end" else x, run["x"], context)
                close(y + c["baseline"], run["y"], context)   # the run sits on its baseline
        else:
            pytest.fail("unknown primitive " + p["kind"])
        assert calls.pop(0)["call"] == "endLayer", context
    assert calls == []


STATES = [
    ({}, ["--progress", "0"]),
    ({}, ["--progress", "0.6", "--selection", "0.37"]),
    ({}, ["--progress", "1", "--selection", "0"]),
    ({}, ["--progress", "1", "--selection", "1"]),
    ({"lineCap": "butt", "indicatorDash": 0, "fillEnabled": False}, ["--progress", "1", "--selection", "0.9"]),
    ({"lineCap": "square", "trailingColor": "#123456", "labelEnabled": False, "markerRadius": 0}, ["--progress", "0.3", "--selection", "0.5"]),
    ({"easing": "perceptualSpring", "springBounce": 0.5, "activeLineWidth": 0.5}, ["--progress", "1.2", "--selection", "0.75", "--width", "320"]),
]


@pytest.mark.parametrize("index", range(len(STATES)))
def test_chart_view_draws_exactly_the_scene(harness, tmp_path, index):
    parameters, args = STATES[index]
    text = scene(preset(tmp_path, f"p{index}", parameters), series(index), *args)
    check(run_harness(harness, "scene", stdin=text)["scene"], text)


def test_press_scrub_and_release_through_the_views_gesture(harness, tmp_path):
    """The view's own drag closures and motion: pressed (settled at 1) at 0.25 of the width,
    scrubbed to 0.625, released (settled at 0, the finger's last place kept)."""
    data = series(42)
    defaults = preset(tmp_path, "defaults", {})
    frames = run_harness(harness, "gesture", "390", "240", "0.25", "0.625", stdin=data)
    # The first frame is the reveal's start: the preset's placeholder alone (a skeleton band in the
    # trailing colour), the chart at rest after it (the first model reveals itself since the reveal).
    placeholder = frames["first"]
    assert [c["call"] for c in placeholder] == ["beginLayer", "fill", "endLayer"], placeholder
    pressed = json.loads(scene(defaults, data, "--progress", "1", "--selection", "0.4"))["scene"]["primitives"]
    trailing = next(p["color"] for p in pressed if p["id"] == "trail")
    close([stop["color"] for stop in placeholder[1]["shading"]["stops"]], [rgb(trailing, 0.3)] * 2, "placeholder")
    expected = {"rest": ["--progress", "0"], "pressed": ["--progress", "1", "--selection", "0.25"],
                "scrubbed": ["--progress", "1", "--selection", "0.625"], "released": ["--progress", "0", "--selection", "0.625"]}
    for name, args in expected.items():
        check(frames[name], scene(defaults, data, "--width", "390", "--height", "240", *args))
    assert frames["pressed"] != frames["scrubbed"]
    # The scene's words are the view's accessibility label and value, and its chart descriptor's summary.
    for name, args in expected.items():
        words = frames[name + "-words"][0]
        expected_words = json.loads(scene(defaults, data, "--width", "390", "--height", "240", *args))["accessibility"]
        if name == "released":  # at rest again: the value is the last price's
            expected_words = json.loads(scene(defaults, data, "--width", "390", "--height", "240", "--progress", "0"))["accessibility"]
        assert (words["label"], words["value"]) == (expected_words["label"].replace("Price,", "Bitcoin price,"), expected_words["value"]), name
        assert words["descriptorSummary"] == words["label"] and words["points"] > 10 and " November 2023" in words["firstX"]
    assert frames["rest-words"][0]["ticks"] == frames["released-words"][0]["ticks"] == 0  # haptics off by default


def test_reduce_motion_crossfades_and_haptics_tick(harness, tmp_path):
    """With Reduce Motion on, a frame mid-way through the press is the engine's crossfade (the rest
    line at its own width fading under the pressed one: no width or shape in between); with
    haptics on, scrubbing across points plays selection ticks."""
    data = series(43)
    frames = run_harness(harness, "gesture", "390", "240", "0.25", "0.625", "reduced", "haptics", stdin=data)
    defaults = preset(tmp_path, "haptics", {"haptics": "onPointCrossed", "hapticsMinInterval": 0})
    mid = scene(defaults, data, "--width", "390", "--height", "240", "--progress", "0.5", "--selection", "0.25", "--reduced-motion")
    doc = json.loads(mid)
    assert [p["id"] for p in doc["scene"]["primitives"]][:2] == ["fill-rest", "line-rest"]
    widths = sorted({c["width"] for c in frames["mid"] if c["call"] == "stroke" and c["dash"] == []})
    assert widths == [1.5, 2.0, 4.0], widths  # the marker's outline, the pressed line, the rest line (a morph would draw 3)
    check(frames["pressed"], scene(defaults, data, "--width", "390", "--height", "240", "--progress", "1", "--selection", "0.25"))
    assert frames["rest-words"][0]["ticks"] == 0 and frames["scrubbed-words"][0]["ticks"] == 1


def test_the_check_catches_a_renderer_that_decides(harness, tmp_path):
    """A renderer that drew its own line width, or dropped the trailing part, would fail."""
    text = scene(preset(tmp_path, "p", {}), series(7), "--progress", "1", "--selection", "0.4")
    calls = run_harness(harness, "scene", stdin=text)["scene"]
    doc = json.loads(text)
    line = next(p for p in doc["scene"]["primitives"] if p["id"] == "line")
    line["width"] += 0.5
    with pytest.raises(AssertionError):
        check(calls, json.dumps(doc))
    doc = json.loads(text)
    doc["scene"]["primitives"] = [p for p in doc["scene"]["primitives"] if p["id"] != "trail"]
    with pytest.raises(AssertionError):
        check(calls, json.dumps(doc))


def test_the_ios_bundle_ships_this_chart_view(tmp_path):
    folder = tmp_path / "ios"
    r = subprocess.run([BINARY, "export", "--preset", str(ROOT / "Presets" / "designers-favourite.json"), "--format", "ios",
                        "--output", str(folder)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert (folder / "ChartSwiftUI" / "ChartView.swift").read_text() == (ROOT / "iOS/ChartSwiftUI/ChartView.swift").read_text()
    readme = (folder / "README.md").read_text()
    assert "ChartView(model: model, style: .designersFavourite" in readme
    assert "ChartSwiftUI/ChartView.swift" in (folder / "HANDOFF.md").read_text()


def test_chart_view_plays_every_motion_of_the_vectors(harness, tmp_path):
    """ChartView's ModelChange and frame (what its Canvas draws each frame) replay a bundle's
    vectors.json motions (period changes in each style, a retarget, reduced motion, a spring; live
    prices at rest, pressed and reduced, with the header's flash; the reveal in each style, from
    either placeholder and reduced; the outage state) as the engine's scenes, frame by frame, and
    a mid-motion frame draws exactly."""
    source = (ROOT / "iOS/ChartSwiftUI/ChartView.swift").read_text()
    assert "change.show(model, at: now" in source and "Self.frame(model" in source and "secondsSinceLastPrice" in source
    assert "ModelChange()" in source
    for name, parameters in [("morph", {}), ("springy", {"periodEasing": "spring", "springDamping": 0.4, "periodMorphStyle": "crossfade",
                                                         "periodReducedMotion": "none", "outageStaleAfter": 20, "outageDimOpacity": 0.3,
                                                         "livePriceEasing": "spring", "livePriceFlashDuration": 1.2, "livePriceReducedMotion": "none",
                                                         "revealPlaceholder": "flat", "revealEasing": "easeInOut", "revealReducedMotion": "none"})]:
        folder = tmp_path / name
        r = subprocess.run([BINARY, "export", "--preset", str(preset(tmp_path, name, parameters)), "--format", "ios", "--output", str(folder)],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        vectors = json.loads((folder / "vectors.json").read_text())
        r = subprocess.run([str(harness / "harness"), "motions", str(folder / "vectors.json")], input="", capture_output=True, text=True,
                           timeout=120, env={"LD_LIBRARY_PATH": str(harness)})
        assert r.returncode == 0, r.stderr[-2000:]
        lines = [json.loads(line) for line in r.stdout.splitlines()]
        scenes = {(line["name"], line["frame"]): json.loads(line["scene"]) for line in lines if "scene" in line}
        drawn = {line["name"]: line["calls"] for line in lines if "calls" in line}
        played = vectors["motions"]
        assert {"period", "outage", "live", "reveal"} <= {case["motion"] for case in played}
        for case in played:
            size = max(case["width"], case["height"])
            for k, frame in enumerate(case["frames"]):
                assert_scenes_close(scenes[(case["name"], k)], frame["scene"], size, f"{case['name']} frame {k}")
            mid = [k for k, f in enumerate(case["frames"]) if 0 < f.get("progress", 0) < 1]
            if case["motion"] != "outage" and mid:
                check(drawn[f"drawn {case['name']} {mid[0]}"], json.dumps(case["frames"][mid[0]]["scene"]))
        assert len(scenes) == sum(len(c["frames"]) for c in played)
        # The live price's frames carry the header's flash while it lasts; the reveal's start on the placeholder.
        live = [case for case in played if case["motion"] == "live" and not case["reducedMotion"]]
        assert live and all(any(f["scene"]["header"].get("flash") for f in case["frames"]) for case in live)
        assert all(scenes[(case["name"], 0)]["scene"]["primitives"][0]["id"] == "placeholder" for case in played if case["motion"] == "reveal")
