"""The chart as one scene: /api/scene and `workbench frame --format scene` give the engine's
scene, and the SVG the page shows for a state holds exactly that scene's paths and paints."""
import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

BINARY = os.environ.get("WORKBENCH_BIN")
from pathlib import Path
ROOT_PRESETS = Path(__file__).resolve().parents[2] / "Presets"
SVG = "{http://www.w3.org/2000/svg}"


def path_d(commands, digits=2):
    """The scene path written as SVG path data the way the engine writes it (d3-path form)."""
    def num(v):
        text = f"{round(v, digits):.{digits}f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    out = []
    for c in commands:
        out.append(c[0] + ",".join(num(v) for v in c[1:]))
    return "".join(out)


def num(v, digits=2):
    text = f"{round(v, digits):.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def svg_elements(svg):
    root = ET.fromstring(svg)
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    return root, by_id


def resolved_d(element, by_id):
    if element.tag == SVG + "use":
        return by_id[element.get("href")[1:]].get("d")
    return element.get("d")


def clip_rect(element, by_id):
    ref = element.get("clip-path")
    if not ref:
        return None
    rect = by_id[re.match(r"url\(#(.+)\)", ref).group(1)].find(SVG + "rect")
    return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))


def check_svg_matches_scene(svg, scene, prefix="cw"):
    root, by_id = svg_elements(svg)
    drawn = [e for e in root if e.get("id", "").startswith(prefix + "-") and e.tag != SVG + "defs" and e.get("class", "").startswith("cw-")]
    primitives = scene["scene"]["primitives"]
    assert [e.get("id") for e in drawn] == [f"{prefix}-{p['id']}" for p in primitives], "painting order and ids"
    for element, p in zip(drawn, primitives):
        assert element.get("opacity") == num(p["opacity"]), p["id"]
        if p["kind"] in ("area", "stroke"):
            assert resolved_d(element, by_id) == path_d(p["path"]), p["id"]
            clip = clip_rect(element, by_id)
            if p.get("clip"):
                assert clip == tuple(float(num(p["clip"][k])) for k in ("x", "y", "width", "height")), p["id"]
            else:
                assert clip is None
        if p["kind"] == "area":
            gradient = by_id[re.match(r"url\(#(.+)\)", element.get("fill")).group(1)]
            assert gradient.get("gradientUnits") == "userSpaceOnUse"
            assert (gradient.get("y1"), gradient.get("y2")) == (num(p["gradientTop"]), num(p["gradientBottom"]))
            stops = [(s.get("offset"), s.get("stop-color"), s.get("stop-opacity")) for s in gradient.findall(SVG + "stop")]
            assert stops == [(num(s["offset"]), s["color"], num(s["opacity"])) for s in p["stops"]]
        elif p["kind"] == "stroke":
            assert element.get("fill") == "none"
            assert element.get("stroke") == p["color"]
            assert element.get("stroke-width") == num(p["width"])
            assert element.get("stroke-linecap") == p["cap"] and element.get("stroke-linejoin") == p["join"]
        elif p["kind"] == "segment":
            assert [element.get(k) for k in ("x1", "y1", "x2", "y2")] == [num(p[k]) for k in ("x1", "y1", "x2", "y2")]
            assert element.get("stroke") == p["color"] and element.get("stroke-width") == num(p["width"])
            assert (element.get("stroke-dasharray") or "") == " ".join(num(d) for d in p["dash"])
        elif p["kind"] == "circle":
            assert [element.get(k) for k in ("cx", "cy", "r")] == [num(p[k]) for k in ("cx", "cy", "radius")]
            assert element.get("fill") == p["fill"] and element.get("stroke") == p["stroke"]
        elif p["kind"] == "text":
            texts = element.findall(SVG + "text")
            assert [t.text for t in texts] == [r["text"] for r in p["runs"]]
            assert [(t.get("x"), t.get("y")) for t in texts] == [(num(r["x"]), num(r["y"])) for r in p["runs"]]
            assert element.get("text-anchor") == p["anchor"]
    return drawn


STATES = [
    {"state": "inactive"},
    {"progress": 0.37, "selection": 0.37},
    {"progress": 1, "selection": 0},
    {"progress": 1, "selection": 1},
    {"progress": 1.18, "selection": 0.6},
    {"progress": -0.1, "selection": 0.9},
]


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("period,width", [("1M", 390), ("ALL", 1440), ("1D", 320)])
def test_page_svg_holds_exactly_the_scene(server, state, period, width):
    query = {"period": period, "width": width, "height": 240, "tz": "UTC", **state}
    scene = server.get("/api/scene", params=query).json()
    svg = server.get("/api/render", params=query).text
    assert scene["format"] == "chart-workbench.scene" and scene["version"] == 1
    drawn = check_svg_matches_scene(svg, scene)
    kinds = [p["id"] for p in scene["scene"]["primitives"]]
    if "selection" in state:
        assert {"line", "trail", "indicator", "marker", "label"} <= set(kinds)
        assert scene["header"]["pressing"] and scene["selection"]["price"] == scene["header"]["price"]
    else:
        assert kinds == ["fill", "line"] and not scene["header"]["pressing"]
    assert len(drawn) == len(kinds)


def test_post_scene_takes_parameters(server):
    scene = server.request("POST", "/api/scene", json={"markerRadius": 0, "fillEnabled": False, "progress": 1, "selection": 0.5}).json()
    kinds = [p["id"] for p in scene["scene"]["primitives"]]
    assert "marker" not in kinds and "fill" not in kinds and "fill-trailing" not in kinds


def run(args, text):
    return subprocess.run([BINARY, *args], input=text, capture_output=True, text=True, timeout=60)


SERIES = "".join(f"{1_700_000_000 + 60 * i},{'' if i in (7, 8) else 100 + (i * 37 % 11) - i * 0.3}\n" for i in range(40))


def test_frame_selection_counts_and_scene_format():
    plain = run(["frame", "--preset", "Default", "--progress", "0.6"], SERIES)
    selected = run(["frame", "--preset", "Default", "--progress", "0.6", "--selection", "0.37"], SERIES)
    assert plain.returncode == 0 and selected.returncode == 0
    assert selected.stdout != plain.stdout
    lines = selected.stdout.split("\n")
    assert lines[:2] == plain.stdout.split("\n")[:2]
    index, time, price, x, y = lines[2].split(",")
    scene = json.loads(run(["frame", "--preset", "Default", "--progress", "0.6", "--selection", "0.37", "--format", "scene"], SERIES).stdout)
    assert scene["selection"] == {"index": int(index), "time": float(time), "price": float(price), "x": float(x), "y": float(y)}
    line = next(p for p in scene["scene"]["primitives"] if p["id"] == "line")
    assert float(lines[3]) == line["clip"]["width"]
    other = json.loads(run(["frame", "--preset", "Default", "--progress", "0.6", "--selection", "0.8", "--format", "scene"], SERIES).stdout)
    assert other["selection"]["index"] > scene["selection"]["index"]


def test_frame_scene_bad_format_names_option():
    r = run(["frame", "--preset", "Default", "--progress", "0.5", "--format", "png"], SERIES)
    assert r.returncode != 0 and "--format" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def close(ours, theirs, tolerance, where="scene"):
    """Same structure and strings; numbers within `tolerance`."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and set(ours) == set(theirs), (where, set(ours) ^ set(theirs))
        for key in theirs:
            close(ours[key], theirs[key], tolerance, f"{where}.{key}")
    elif isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), where
        for i, (u, v) in enumerate(zip(ours, theirs)):
            close(u, v, tolerance, f"{where}[{i}]")
    elif isinstance(theirs, (int, float)) and not isinstance(theirs, bool):
        assert isinstance(ours, (int, float)) and abs(ours - theirs) <= tolerance, (where, ours, theirs)
    else:
        assert ours == theirs, (where, ours, theirs)


@pytest.mark.parametrize("preset", ["Default", "Designer's favourite"])
def test_vectors_v2_hold_whole_scenes_the_engine_reproduces(tmp_path, preset):
    folder = tmp_path / "bundle"
    r = subprocess.run([BINARY, "export", "--preset", preset, "--presets", str(ROOT_PRESETS), "--format", "android", "--output", str(folder)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    vectors = json.loads((folder / "vectors.json").read_text())
    assert vectors["format"] == "chart-workbench.vectors" and vectors["version"] == 2
    scenes = [c for c in vectors["cases"] if "scene" in c]
    names = " ".join(c["name"] for c in scenes)
    for what in ("press at 30 %", "release from mid-way", "overshoot", "undershoot", "selection 0 ", "selection 0.37", "selection 1 ", "1440×300"):
        assert what in names, what
    assert any(c["progress"] > 1 for c in scenes) and any(c["progress"] < 0 for c in scenes)
    for case in scenes:
        text = "".join(f"{int(t)},{'' if p is None else repr(p)}\n" for t, p in case["points"])
        args = ["frame", "--preset", preset, "--presets", str(ROOT_PRESETS), "--width", repr(case["width"]), "--height", repr(case["height"]),
                f"--progress={case['progress']!r}", "--format", "scene"]
        if case["selection"] is not None:
            args += ["--selection", repr(case["selection"])]
        if case.get("reducedMotion"):
            args.append("--reduced-motion")
        if not case["points"]:
            continue  # frame needs at least one line; the empty case is checked by the line/fill vectors
        out = run(args, text)
        assert out.returncode == 0, (case["name"], out.stderr)
        close(json.loads(out.stdout), case["scene"], 1e-9 * max(case["width"], case["height"]), case["name"])
