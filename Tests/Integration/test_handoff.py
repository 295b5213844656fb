"""The engineer handoff (issue 11): exports that compile with the real compilers, the Kotlin
engine against the Swift CLI on generated inputs, bundles, vectors and motion in each platform's
terms. Kotlin is compiled once per run (kotlinc's JVM start-up is the cost), into one jar that
holds the Android bundle, every other preset's Kotlin files and the Compose stand-ins."""
import io
import json
import random
import re
import shutil
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest

from workbench_server import BINARY, ROOT

sys.path.insert(0, str(Path(__file__).resolve().parent))

SWIFTC = shutil.which("swiftc")
KOTLINC = shutil.which("kotlinc")
JAVA = shutil.which("java")
STANDINS = Path(__file__).resolve().parent / "compose_standins"
MODULES = Path(BINARY).resolve().parent / "Modules"
CURVES = ["linear", "stepStart", "stepCenter", "stepEnd", "monotone", "catmullRom", "cardinal", "natural", "basis", "bumpX"]
KEYWORD_NAMES = ["Default", "class", "self", "init", "true", "in", "return"]
HOSTILE_NAME = 'x"; } import Foundation /* \u202e */ `default` $x ${y} \\ end'
ENGINE_PACKAGE = "package com.chartworkbench.engine"


def workbench(*args, stdin=None, check=True):
    r = subprocess.run([BINARY, *args], input=stdin, capture_output=True, text=True, timeout=120)
    if check:
        assert r.returncode == 0, (args, r.stderr)
    return r


def write_preset(folder, name, parameters):
    path = folder / ((re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-") or "hostile") + ".json")
    path.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": name, "author": name,
                                "notes": name + " notes", "updatedAt": "2026-11-22T10:00:00Z", "parameters": parameters}))
    return path


@pytest.fixture(scope="module")
def presets(tmp_path_factory):
    """Shipped presets, presets named like keywords (with springs and other curves) and a hostile name."""
    folder = tmp_path_factory.mktemp("presets")
    files = sorted((ROOT / "Presets").glob("*.json"))
    springs = [{"easing": "spring", "springDamping": 0.35, "springVelocity": 2, "animationDuration": 0.8, "gapStyle": "bridge",
                "pointCount": 200},
               {"easing": "spring", "springDamping": 1, "springVelocity": 0, "animationDuration": 0.5, "smoothedEndsOnPrice": False,
                "labelEnabled": False, "pointCount": 10, "inactiveCurve": "basis", "activeCurve": "stepCenter"},
               {"easing": "cubicBezier", "cubicBezier": [0.2, -0.4, 0.6, 1.6], "smoothing": "gaussian", "fillEnabled": False,
                "inactiveCurve": "monotone", "activeCurve": "bumpX"},
               {"easing": "perceptualSpring", "springDuration": 0.6, "springBounce": 0.4, "springVelocity": 1.5, "pointCount": 60},
               {"easing": "spring", "springDamping": 0.6, "springVelocity": 5, "inactiveCurve": "catmullRom",
                "catmullRomAlpha": 0.3, "smoothing": "exponential", "pointCount": 2000, "activeCurve": "cardinal", "cardinalTension": 0.4}]
    for i, name in enumerate(KEYWORD_NAMES[1:] + [HOSTILE_NAME]):
        files.append(write_preset(folder, name, springs[i % len(springs)]))
    return files


def test_preset_value_names_avoid_keywords(presets):
    names = []
    for path in presets:
        swift = workbench("export", "--preset", str(path), "--format", "swift").stdout
        names.append(re.search(r"static let (\S+) = ChartStyle\(", swift).group(1))
        kotlin = workbench("export", "--preset", str(path), "--format", "kotlin").stdout
        assert re.search(r"^val " + re.escape(names[-1]) + " = ChartStyle\\($", kotlin, re.M)
    keywords = {"default", "class", "self", "init", "true", "in", "return"}
    assert not keywords & set(names) and "defaultStyle" in names and "classStyle" in names
    assert len(set(names)) == len(names)


@pytest.mark.skipif(SWIFTC is None, reason="swiftc is not installed")
def test_swift_exports_typecheck(presets, tmp_path):
    for i, path in enumerate(presets):
        source = tmp_path / f"Standalone{i}.swift"
        source.write_text(workbench("export", "--preset", str(path), "--format", "swift").stdout)
        r = subprocess.run([SWIFTC, "-typecheck", str(source)], capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, (path.name, r.stderr[-2000:])


@pytest.mark.skipif(SWIFTC is None or not (MODULES / "ChartEngine.swiftmodule").exists(), reason="needs swiftc and a built ChartEngine")
def test_swift_engine_target_and_ios_bundle_typecheck_against_chart_engine(presets, tmp_path):
    """Every preset's value for the engine's own ChartStyle, and the iOS bundles' files, in one module."""
    sources = []
    for i, path in enumerate(presets):
        folder = tmp_path / f"ios{i}"
        workbench("export", "--preset", str(path), "--format", "ios", "--output", str(folder))
        sources += sorted(str(p) for p in folder.glob("*.swift"))
        engine = workbench("export", "--preset", str(path), "--format", "swift", "--target", "engine").stdout
        assert engine == (next(folder.glob("ChartStyle+*.swift"))).read_text()
    r = subprocess.run([SWIFTC, "-typecheck", "-I", str(MODULES), *sources], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    bundle = tmp_path / "ios0"
    assert (bundle / "ChartEngine" / "Package.swift").exists() and (bundle / "vectors.json").exists()
    assert ".iOS(" in (bundle / "ChartEngine" / "Package.swift").read_text()
    readme = (bundle / "README.md").read_text()
    assert "Add Package Dependencies" in readme and "vectors.json" in readme


@pytest.fixture(scope="module")
def kotlin_jar(presets, tmp_path_factory):
    """The Android bundle of the first shipped preset, every preset's Kotlin export and bundle
    style/motion files (each in its own package), and the Compose stand-ins, compiled at once."""
    if KOTLINC is None or JAVA is None:
        pytest.skip("kotlinc is not installed")
    work = tmp_path_factory.mktemp("kotlin")
    bundle = work / "bundle"
    workbench("export", "--preset", str(presets[0]), "--format", "android", "--output", str(bundle))
    sources = [str(p) for p in bundle.rglob("*.kt")] + [str(p) for p in STANDINS.glob("*.kt")]
    extra = work / "extra"
    extra.mkdir()
    for i, path in enumerate(presets):
        text = workbench("export", "--preset", str(path), "--format", "kotlin").stdout
        assert not re.search(r",\s*\n\s*\)", text), "trailing comma"
        (extra / f"Export{i}.kt").write_text(f"package export{i}\n" + text)
        other = work / f"android{i}"
        workbench("export", "--preset", str(path), "--format", "android", "--output", str(other))
        for kt in [other / "chart-engine/src/main/kotlin/com/chartworkbench/engine/ChartPresets.kt",
                   other / "chart-compose/src/main/kotlin/com/chartworkbench/compose/ChartMotion.kt"]:
            body = kt.read_text()
            assert not re.search(r",\s*\n\s*\)", body), "trailing comma"
            body = re.sub(r"^package .*$", f"package bundle{i}\nimport com.chartworkbench.engine.*", body, count=1, flags=re.M)
            (extra / f"{kt.stem}{i}.kt").write_text(body)
    sources += [str(p) for p in extra.glob("*.kt")]
    jar = work / "chart-engine.jar"
    r = subprocess.run([KOTLINC, *sources, "-include-runtime", "-d", str(jar)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and jar.exists(), "\n".join(line for line in r.stderr.splitlines() if "error" in line)[-4000:]
    return jar, bundle


def conformance(jar, *args, stdin=""):
    r = subprocess.run([JAVA, "-cp", str(jar), "com.chartworkbench.engine.ConformanceKt", *args], input=stdin,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, (args, r.stderr)
    return r.stdout


def test_repository_kotlin_style_is_the_generated_one(kotlin_jar):
    _, bundle = kotlin_jar
    generated = (bundle / "chart-engine/src/main/kotlin/com/chartworkbench/engine/Parameters/ChartStyle.kt").read_text()
    assert generated == (ROOT / "Android/chart-engine/src/main/kotlin/com/chartworkbench/engine/Parameters/ChartStyle.kt").read_text()


def generated_points(seed):
    """x,y lines with random walks, gaps, spikes, plateaus, 1–3 point pieces and repeated x."""
    rng = random.Random(seed)
    lines, x = [], rng.uniform(-1e3, 1e3)
    scale = 10 ** rng.uniform(-3, 6)
    y = rng.uniform(-1, 1) * scale
    for piece in range(rng.randint(3, 7)):
        kind = rng.choice(["walk", "spike", "plateau", "tiny", "repeat"])
        count = rng.randint(1, 3) if kind == "tiny" else rng.randint(4, 40)
        for i in range(count):
            x += rng.choice([rng.uniform(0.01, 5), 1.0]) if not (kind == "repeat" and i % 3 == 1) else 0.0
            if kind == "plateau":
                y = y if i % 6 else round(y, 0)
            elif kind == "spike" and i == count // 2:
                y += scale * rng.choice([-5, 5])
            else:
                y += rng.gauss(0, scale / 10)
            lines.append(f"{x!r},{y!r}")
        x += rng.uniform(0.1, 3)
        lines.append(f"{x!r},")  # a gap ends the piece
    return lines


def path_numbers(d):
    return [(m.group(0)) for m in re.finditer(r"[MLCZ]|-?[0-9.]+(?:e[-+]?[0-9]+)?", d)]


def assert_paths_close(a, b, context):
    ta, tb = path_numbers(a), path_numbers(b)
    assert [t for t in ta if t in "MLCZ"] == [t for t in tb if t in "MLCZ"], context
    values = [float(t) for t in tb if t not in "MLCZ"]
    scale = max([1.0] + [abs(v) for v in values])
    for u, v in zip(ta, tb):
        if u not in "MLCZ":
            assert abs(float(u) - float(v)) <= 1e-9 * scale, (context, u, v)


CURVE_CONFIGS = [[c] for c in CURVES] + [["catmullRom", "--alpha", "0"], ["catmullRom", "--alpha", "1"],
                                         ["catmullRom", "--alpha", "0.3"], ["cardinal", "--tension", "0.7"]]


@pytest.mark.parametrize("config", CURVE_CONFIGS, ids=lambda c: "-".join(c))
def test_kotlin_path_matches_swift(kotlin_jar, config):
    jar, _ = kotlin_jar
    lines = generated_points(zlib.crc32("-".join(config).encode()))
    stdin = "\n".join(lines) + "\n"
    args = ["path", "--curve", *config]
    assert_paths_close(conformance(jar, *args, stdin=stdin), workbench(*args, stdin=stdin).stdout, config)
    for digits in ["0", "3"]:
        assert conformance(jar, *args, "--digits", digits, stdin=stdin) == workbench(*args, "--digits", digits, stdin=stdin).stdout
    assert conformance(jar, *args, stdin="") == workbench(*args, stdin="").stdout == "\n"


@pytest.mark.parametrize("method", [["movingAverage", "--window", "1"], ["movingAverage", "--window", "21"],
                                    ["movingAverage", "--window", "61"], ["exponential", "--alpha", "0.2"],
                                    ["exponential", "--alpha", "1"], ["gaussian", "--sigma", "0.5"],
                                    ["gaussian", "--sigma", "7.3"]], ids=lambda m: "-".join(m))
def test_kotlin_smooth_matches_swift(kotlin_jar, method):
    jar, _ = kotlin_jar
    rng = random.Random(method[-1])
    values = []
    for _ in range(300):
        values.append("" if rng.random() < 0.05 else repr(rng.gauss(3e4, 500) * (10 if rng.random() < 0.02 else 1)))
    stdin = "\n".join(values + ["1", "", "1", "2", "", "1", "2", "3"]) + "\n"
    ours = conformance(jar, "smooth", "--method", *method, stdin=stdin).split("\n")
    theirs = workbench("smooth", "--method", *method, stdin=stdin).stdout.split("\n")
    assert len(ours) == len(theirs)
    for u, v in zip(ours, theirs):
        assert (u == v == "") or abs(float(u) - float(v)) <= 1e-9 * max(1.0, abs(float(v))), (u, v)


def bundle_vectors(tmp_path, preset):
    folder = tmp_path / "android"
    workbench("export", "--preset", str(preset), "--format", "android", "--output", str(folder))
    return folder / "vectors.json"


def test_kotlin_ease_matches_workbench_ease_for_every_preset(kotlin_jar, presets, tmp_path):
    """Every preset, and every easing (the ones no preset above uses included)."""
    jar, _ = kotlin_jar
    rng = random.Random(11)
    extra = [write_preset(tmp_path, f"Easing {name}", {"easing": name, "animationDuration": 0.4})
             for name in ["linear", "easeIn", "easeOut", "easeInOut"]]
    for preset in presets + extra:
        fractions = [0.0, 1.0, 0.5] + [rng.random() for _ in range(60)]
        stdin = "\n".join(map(repr, fractions)) + "\n"
        ours = [float(v) for v in conformance(jar, "ease", "--preset", str(preset), stdin=stdin).split()]
        theirs = [float(v) for v in workbench("ease", "--preset", str(preset), stdin=stdin).stdout.split()]
        assert len(ours) == len(theirs) == len(fractions)
        for u, v in zip(ours, theirs):
            assert abs(u - v) <= 1e-9, (preset.name, u, v)


def generated_series(rng, count):
    """time,price lines: a random walk in whole seconds with gaps, a spike, a plateau and a hole."""
    t, price, lines = 1_600_000_000 + rng.randint(0, 10**6), rng.uniform(100, 60_000), []
    for i in range(count):
        t += rng.choice([60, 60, 60, 3600]) if i % 97 else 86_400 * rng.randint(1, 5)
        kind = rng.random()
        if kind < 0.03:
            lines.append(f"{t},")
            continue
        price = price * (1.3 if kind > 0.995 else 1) + (0 if 0.5 < kind < 0.6 else rng.gauss(0, price / 200))
        lines.append(f"{t},{price!r}")
    return lines


def test_kotlin_frame_matches_workbench_frame(kotlin_jar, presets):
    """The whole pipeline on unseen series (resampling, thinning, smoothing, gaps, morph, overshoot)."""
    jar, _ = kotlin_jar
    rng = random.Random(2026)
    progresses = [0, 0.37, 1, 1.08, 0.5, -0.05, 0.81]
    for i, preset in enumerate(presets):
        count = [1, 2, 3, 40, 250, 1500, 5000][i % 7]
        lines = generated_series(rng, count)
        if not any(line.split(",")[1] for line in lines):
            lines[0] = lines[0] + "100"
        stdin = "\n".join(lines) + "\n"
        width = rng.choice([320, 390.5, 1200])
        args = ["frame", "--preset", str(preset), f"--progress={progresses[i % len(progresses)]}", "--width", str(width), "--height", "240"]
        ours = conformance(jar, *args, stdin=stdin).split("\n")
        theirs = workbench(*args, stdin=stdin).stdout.split("\n")
        assert len(ours) == len(theirs) == 3, (ours, theirs)
        for a, b in zip(ours, theirs):
            assert_paths_close(a, b, (preset.name, count))


def test_kotlin_reproduces_every_presets_vectors(kotlin_jar, presets, tmp_path):
    jar, _ = kotlin_jar
    for i, preset in enumerate(presets[:3] + presets[-2:]):
        path = bundle_vectors(tmp_path / str(i), preset)
        vectors = json.loads(path.read_text())
        assert vectors["format"] == "chart-workbench.vectors" and vectors["version"] == 2
        names = {c["name"].rsplit(" at ", 1)[0] for c in vectors["cases"]}
        assert {"empty", "one point", "two points", "three points", "gaps", "spikes", "plateaus", "long series"} <= names
        assert {c["progress"] for c in vectors["cases"]} >= {0, 0.25, 0.5, 0.75, 1}
        assert any(c["progress"] > 1 for c in vectors["cases"])
        out = conformance(jar, "vectors", "--file", str(path))
        assert out.count("ok ") == len(vectors["cases"]) + 1 and "FAIL" not in out


def test_kotlin_vectors_check_catches_a_wrong_path(kotlin_jar, tmp_path):
    jar, _ = kotlin_jar
    path = bundle_vectors(tmp_path, ROOT / "Presets" / "default.json")
    vectors = json.loads(path.read_text())
    case = next(c for c in vectors["cases"] if c["name"] == "spikes at 0.5")
    case["line"] = re.sub(r"C([0-9.]+)", lambda m: "C" + repr(float(m.group(1)) + 0.01), case["line"], count=1)
    path.write_text(json.dumps(vectors))
    r = subprocess.run([JAVA, "-cp", str(jar), "com.chartworkbench.engine.ConformanceKt", "vectors", "--file", str(path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "FAIL spikes at 0.5" in r.stdout


def test_kotlin_conformance_reports_bad_input(kotlin_jar):
    jar, _ = kotlin_jar
    r = subprocess.run([JAVA, "-cp", str(jar), "com.chartworkbench.engine.ConformanceKt", "path", "--curve", "linear"],
                       input="0,1\n1,abc\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "line 2" in r.stderr


@pytest.mark.parametrize("index", [1, 3, 4, 6])
def test_bundle_motion_matches_the_tokens_motion_and_the_kotlin_file(presets, tmp_path, index):
    """The bundle's motion.json is the tokens' motion; ChartMotion.kt holds the same values
    (test_motion_handoff.py plays every route against `workbench ease`)."""
    preset = presets[index]
    folder = tmp_path / "android"
    workbench("export", "--preset", str(preset), "--format", "android", "--output", str(folder))
    motion = json.loads((folder / "motion.json").read_text())
    tokens = json.loads(workbench("export", "--preset", str(preset), "--format", "tokens").stdout)
    assert tokens["chart"]["$extensions"]["com.chartworkbench"]["motion"] == motion
    kotlin = (folder / "chart-compose/src/main/kotlin/com/chartworkbench/compose/ChartMotion.kt").read_text()
    assert f"DURATION_MILLIS: Int = {round(motion['duration']['value'] * 1000)}" in kotlin
    if motion["kind"] == "spring":
        compose = motion["release"]["compose"]
        assert compose["initialVelocity"] == -motion["press"]["compose"]["initialVelocity"]
        assert "visibilityThreshold = VISIBILITY_THRESHOLD" in kotlin
        assert re.search(r"RELEASE_INITIAL_VELOCITY: Float = -?[0-9.]+f", kotlin)
    else:
        assert "tween(durationMillis = DURATION_MILLIS, easing = CubicBezierEasing(" in kotlin and "spring(" not in kotlin


def test_bundles_download_as_zip(server):
    for platform, must in [("android", "chart-engine/src/main/kotlin/com/chartworkbench/engine/Conformance/Conformance.kt"),
                           ("ios", "ChartEngine/Package.swift")]:
        r = server.get("/api/presets/Default/export?format=" + platform)
        assert r.status_code == 200 and r.headers["Content-Type"] == "application/zip"
        assert ".zip" in r.headers["Content-Disposition"]
        archive = zipfile.ZipFile(io.BytesIO(r.content))
        assert archive.testzip() is None  # every CRC checks out
        names = archive.namelist()
        root = names[0].split("/")[0]
        assert f"{root}/{must}" in names and f"{root}/vectors.json" in names and f"{root}/README.md" in names
        json.loads(archive.read(f"{root}/vectors.json"))


def test_bundle_needs_an_output_folder():
    r = workbench("export", "--preset", str(ROOT / "Presets" / "default.json"), "--format", "android", check=False)
    assert r.returncode != 0 and "--output" in r.stderr


def test_export_of_what_is_on_screen(server):
    """POST /api/export: unsaved parameters over a preset, the view, any format."""
    body = {"preset": "Default", "markerRadius": 6.5, "easing": "spring", "springDamping": 0.4, "name": "Unsaved idea",
            "width": 320, "height": 200, "period": "1M", "background": "dark"}
    r = server.request("POST", "/api/export", json={**body, "format": "json"})
    assert r.status_code == 200
    preset = r.json()
    assert preset["name"] == "Unsaved idea" and preset["parameters"]["markerRadius"] == 6.5
    assert preset["parameters"]["easing"] == "spring"
    svg = server.request("POST", "/api/export", json={**body, "format": "svg"}).text
    assert 'width="320"' in svg and 'fill="#0F1115"' in svg
    assert len(svg.encode()) < 500_000  # the animated SVG stays small at the default points
    light = server.request("POST", "/api/export", json={**body, "format": "svg", "background": "light"}).text
    assert 'fill="#0F1115"' not in light
    tokens = server.request("POST", "/api/export", json={**body, "format": "tokens"}).json()
    motion = tokens["chart"]["$extensions"]["com.chartworkbench"]["motion"]
    assert motion["kind"] == "spring" and motion["spring"]["dampingRatio"] == 0.4
    assert motion["press"]["compose"]["initialVelocity"] == -motion["release"]["compose"]["initialVelocity"]
    assert tokens["chart"]["animation"]["animationDuration"]["$type"] == "duration"
    r = server.request("POST", "/api/export", json={**body, "format": "ios"})
    assert r.status_code == 200 and r.headers["Content-Type"] == "application/zip"
    assert zipfile.ZipFile(io.BytesIO(r.content)).testzip() is None
    r = server.request("POST", "/api/export", json={**body, "format": "pdf"})
    assert r.status_code == 400 and r.json()["error"]["field"] == "format"
    r = server.request("POST", "/api/export", json={**body, "markerRadius": 99})
    assert r.status_code == 400 and r.json()["error"]["field"] == "markerRadius"
    r = server.request("POST", "/api/export", json={**body, "background": "plaid"})
    assert r.status_code == 400 and r.json()["error"]["field"] == "background"


def parse_commands(d):
    return [(m.group(1), [float(v) for v in m.group(2).split(",") if v]) for m in re.finditer(r"([MLCZ])([^MLCZ]*)", d.strip())]


@pytest.mark.parametrize("config", CURVE_CONFIGS, ids=lambda c: "-".join(c))
def test_both_engines_draw_d3_shapes_curves(kotlin_jar, config):
    """Kotlin and Swift against d3-shape's definitions (Tests/Integration/d3_shape_reference.py)."""
    import d3_shape_reference as d3
    jar, _ = kotlin_jar
    lines = generated_points(zlib.crc32(("d3" + "-".join(config)).encode()))
    points = [(float(x), float(y) if y else None) for x, y in (line.split(",") for line in lines)]
    options = dict(zip(config[1::2], config[2::2]))
    expected = d3.curve(config[0], points, alpha=float(options.get("--alpha", 0.5)), tension=float(options.get("--tension", 0)))
    scale = max(abs(v) for _, values in expected for v in values)
    stdin = "\n".join(lines) + "\n"
    for engine, d in [("kotlin", conformance(jar, "path", "--curve", *config, stdin=stdin)),
                      ("swift", workbench("path", "--curve", *config, stdin=stdin).stdout)]:
        ours = parse_commands(d)
        assert [c for c, _ in ours] == [c for c, _ in expected], engine
        for (_, u), (_, v) in zip(ours, expected):
            assert len(u) == len(v) and all(abs(a - b) <= 1e-9 * scale for a, b in zip(u, v)), (engine, u, v)


def test_bundle_readmes_say_who_they_are_for_and_name_the_presets_files(tmp_path):
    preset = ROOT / "Presets" / "designers-favourite.json"
    for platform, engineer, own in [("ios", "iOS engineer", ["ChartStyle+DesignersFavourite.swift", "ChartMotion+DesignersFavourite.swift"]),
                                    ("android", "Android engineer", ["ChartPresets.kt", "ChartMotion.kt"])]:
        folder = tmp_path / platform
        workbench("export", "--preset", str(preset), "--format", platform, "--output", str(folder))
        readme = (folder / "README.md").read_text()
        assert f"Give this folder to the {engineer}" in readme
        section = readme.split("## This preset's own files", 1)[1].split("##", 1)[0]
        for name in own + ["motion.json", "vectors.json"]:
            assert name in section, (platform, name)
            assert list(folder.rglob(name)), (platform, name)
        motion = json.loads((folder / "motion.json").read_text())
        assert motion["kind"] == "spring" and str(motion["spring"]["stiffness"])[:6] in readme.replace(",", "")
