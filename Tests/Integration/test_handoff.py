"""The engineer handoff (issue 11): exports that compile with the real compilers, the Kotlin
engine against the Swift CLI on generated inputs, bundles, vectors and motion in each platform's
terms. Kotlin is compiled once for every worker (kotlinc's JVM start-up is the cost): the Default preset's Android
bundle as its README builds it, and against that jar one jar (kept under .build while its sources are unchanged) of
the bundle's Compose adapter, every other preset's Kotlin files and the Compose stand-ins."""
import io
import json
import math
import os
import random
import re
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest

from workbench_server import ROOT

sys.path.insert(0, str(Path(__file__).resolve().parent))

# `presets` is a fixture, shared with test_handoff_toolchains.py.
from handoff_support import (CURVES, ConformanceJVM, JAVA_RUN, STANDINS, assert_scenes_close, compiled_kotlin, default_android_bundle,  # noqa: F401
                             exported_android_bundle, made_once, presets, run_folder, workbench, write_preset)


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


@pytest.fixture(scope="session")
def kotlin_classpath(presets, default_android_bundle, tmp_path_factory):
    """The Default preset's Android bundle as its README builds it (engine and conformance runner:
    handoff_support's default_android_bundle), and beside it a jar of the bundle's Compose
    adapter, every preset's Kotlin export and bundle style/motion files (each in its own package)
    and the Compose stand-ins, compiled against it at once. Made once per run: the first pytest
    worker to need it writes it into the folder the workers share, and the others wait on its
    lock and read it (each export runs the binary over the built-in data, a few seconds of CPU
    the workers would otherwise repeat)."""
    bundle, conformance_jar = default_android_bundle
    work = made_once(run_folder(tmp_path_factory) / "kotlin-jar",
                     lambda partial: (partial / "jar").write_text(str(make_kotlin_jar(presets, bundle, conformance_jar, partial, tmp_path_factory))))
    return os.pathsep.join([(work / "jar").read_text(), str(conformance_jar)]), bundle


def make_kotlin_jar(presets, bundle, conformance_jar, work, tmp_path_factory):
    sources = [str(p) for p in (bundle / "chart-compose").rglob("*.kt")] + [str(p) for p in STANDINS.glob("*.kt")]
    extra = work / "extra"
    extra.mkdir(parents=True)
    for i, path in enumerate(presets):
        text = workbench("export", "--preset", str(path), "--format", "kotlin").stdout
        assert not re.search(r",\s*\n\s*\)", text), "trailing comma"
        (extra / f"Export{i}.kt").write_text(f"package export{i}\n" + text)
        other = exported_android_bundle(tmp_path_factory, path)
        for kt in [other / "chart-engine/src/main/kotlin/com/chartworkbench/engine/ChartPresets.kt",
                   other / "chart-compose/src/main/kotlin/com/chartworkbench/compose/ChartMotion.kt"]:
            body = kt.read_text()
            assert not re.search(r",\s*\n\s*\)", body), "trailing comma"
            body = re.sub(r"^package .*$", f"package bundle{i}\nimport com.chartworkbench.engine.*", body, count=1, flags=re.M)
            (extra / f"{kt.stem}{i}.kt").write_text(body)
    sources += [str(p) for p in extra.glob("*.kt")]
    return compiled_kotlin(sources, conformance_jar)


def conformance(classpath, *args, stdin=""):
    return ConformanceJVM.of(classpath).run(args, stdin)


def test_repository_kotlin_style_is_the_generated_one(kotlin_classpath):
    _, bundle = kotlin_classpath
    import difflib
    generated = (bundle / "chart-engine/src/main/kotlin/com/chartworkbench/engine/Parameters/ChartStyle.kt").read_text()
    committed = (ROOT / "Android/chart-engine/src/main/kotlin/com/chartworkbench/engine/Parameters/ChartStyle.kt").read_text()
    diff = "".join(difflib.unified_diff(committed.splitlines(True), generated.splitlines(True), "committed ChartStyle.kt", "generated from the definitions"))
    assert not diff, "Android/.../Parameters/ChartStyle.kt is not what the definitions generate; regenerate it " \
                     "(workbench export --format android --preset Default --output DIR, copy ChartStyle.kt):\n" + diff


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
def test_kotlin_path_matches_swift(kotlin_classpath, config):
    classpath, _ = kotlin_classpath
    lines = generated_points(zlib.crc32("-".join(config).encode()))
    stdin = "\n".join(lines) + "\n"
    args = ["path", "--curve", *config]
    assert_paths_close(conformance(classpath, *args, stdin=stdin), workbench(*args, stdin=stdin).stdout, config)
    for digits in ["0", "3"]:
        assert conformance(classpath, *args, "--digits", digits, stdin=stdin) == workbench(*args, "--digits", digits, stdin=stdin).stdout
    assert conformance(classpath, *args, stdin="") == workbench(*args, stdin="").stdout == "\n"


@pytest.mark.parametrize("method", [["movingAverage", "--window", "1"], ["movingAverage", "--window", "21"],
                                    ["movingAverage", "--window", "61"], ["exponential", "--alpha", "0.2"],
                                    ["exponential", "--alpha", "1"], ["gaussian", "--sigma", "0.5"],
                                    ["gaussian", "--sigma", "7.3"]], ids=lambda m: "-".join(m))
def test_kotlin_smooth_matches_swift(kotlin_classpath, method):
    classpath, _ = kotlin_classpath
    rng = random.Random(method[-1])
    values = []
    for _ in range(300):
        values.append("" if rng.random() < 0.05 else repr(rng.gauss(3e4, 500) * (10 if rng.random() < 0.02 else 1)))
    stdin = "\n".join(values + ["1", "", "1", "2", "", "1", "2", "3"]) + "\n"
    ours = conformance(classpath, "smooth", "--method", *method, stdin=stdin).split("\n")
    theirs = workbench("smooth", "--method", *method, stdin=stdin).stdout.split("\n")
    assert len(ours) == len(theirs)
    for u, v in zip(ours, theirs):
        assert (u == v == "") or abs(float(u) - float(v)) <= 1e-9 * max(1.0, abs(float(v))), (u, v)


def bundle_vectors(tmp_path_factory, preset):
    """The vectors.json of `preset`'s Android bundle (shared by the tests: read it, write changes elsewhere)."""
    return exported_android_bundle(tmp_path_factory, preset) / "vectors.json"


def test_kotlin_ease_matches_workbench_ease_for_every_preset(kotlin_classpath, presets, tmp_path):
    """Every preset, and every easing (the ones no preset above uses included)."""
    classpath, _ = kotlin_classpath
    rng = random.Random(11)
    extra = [write_preset(tmp_path, f"Easing {name}", {"easing": name, "animationDuration": 0.4})
             for name in ["linear", "easeIn", "easeOut", "easeInOut"]]
    for preset in presets + extra:
        fractions = [0.0, 1.0, 0.5] + [rng.random() for _ in range(60)]
        stdin = "\n".join(map(repr, fractions)) + "\n"
        ours = [float(v) for v in conformance(classpath, "ease", "--preset", str(preset), stdin=stdin).split()]
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


def test_kotlin_frame_matches_workbench_frame(kotlin_classpath, presets):
    """The whole pipeline on unseen series (resampling, thinning, smoothing, gaps, morph, overshoot)."""
    classpath, _ = kotlin_classpath
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
        ours = conformance(classpath, *args, stdin=stdin).split("\n")
        theirs = workbench(*args, stdin=stdin).stdout.split("\n")
        assert len(ours) == len(theirs) == 3, (ours, theirs)
        for a, b in zip(ours, theirs):
            assert_paths_close(a, b, (preset.name, count))


def test_kotlin_reproduces_every_presets_vectors(kotlin_classpath, presets, tmp_path_factory):
    classpath, _ = kotlin_classpath
    for i, preset in enumerate(presets[:3] + presets[-2:]):
        path = bundle_vectors(tmp_path_factory, preset)
        vectors = json.loads(path.read_text())
        assert vectors["format"] == "chart-workbench.vectors" and vectors["version"] == 2
        names = {c["name"].rsplit(" at ", 1)[0] for c in vectors["cases"]}
        assert {"empty", "one point", "two points", "three points", "gaps", "spikes", "plateaus", "long series"} <= names
        assert {c["progress"] for c in vectors["cases"]} >= {0, 0.25, 0.5, 0.75, 1}
        assert any(c["progress"] > 1 for c in vectors["cases"])
        # The motions besides the press (issue 35): each period change style, a retarget, reduced motion, the outage.
        motions = vectors["motions"]
        assert {m["motion"] for m in motions} == {"period", "outage", "live", "reveal"}
        assert all(any(m["reducedMotion"] for m in motions if m["motion"] == kind) for kind in ("period", "live", "reveal"))
        assert any(len(m["events"]) == 2 for m in motions if m["motion"] == "period")
        out = conformance(classpath, "vectors", "--file", str(path))
        assert out.count("ok ") == len(vectors["cases"]) + 1 + len(motions) and "FAIL" not in out
        assert out.count("ok   motion: ") == len(motions)


def test_kotlin_vectors_check_catches_a_wrong_path(kotlin_classpath, tmp_path, tmp_path_factory):
    classpath, _ = kotlin_classpath
    vectors = json.loads(bundle_vectors(tmp_path_factory, ROOT / "Presets" / "default.json").read_text())
    case = next(c for c in vectors["cases"] if c["name"] == "spikes at 0.5")
    case["line"] = re.sub(r"C([0-9.]+)", lambda m: "C" + repr(float(m.group(1)) + 0.01), case["line"], count=1)
    path = tmp_path / "vectors.json"
    path.write_text(json.dumps(vectors))
    r = subprocess.run([*JAVA_RUN, "-cp", classpath, "com.chartworkbench.engine.ConformanceKt", "vectors", "--file", str(path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "FAIL spikes at 0.5" in r.stdout


def test_kotlin_conformance_reports_bad_input(kotlin_classpath):
    classpath, _ = kotlin_classpath
    r = subprocess.run([*JAVA_RUN, "-cp", classpath, "com.chartworkbench.engine.ConformanceKt", "path", "--curve", "linear"],
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
    assert tokens["sets"]["chart"]["sources"][0]["chart"]["$extensions"]["com.chartworkbench"]["motion"] == motion
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
    for platform, must in [("android", "chart-engine/src/test/kotlin/com/chartworkbench/engine/Conformance/Conformance.kt"),
                           ("ios", "Package.swift")]:
        r = server.get("/api/presets/Default/export?format=" + platform)
        assert r.status_code == 200 and r.headers["Content-Type"] == "application/zip"
        assert ".zip" in r.headers["Content-Disposition"]
        archive = zipfile.ZipFile(io.BytesIO(r.content))
        assert archive.testzip() is None  # every CRC checks out
        names = archive.namelist()
        root = names[0].split("/")[0]
        assert f"{root}/{must}" in names and f"{root}/vectors.json" in names and f"{root}/README.md" in names
        json.loads(archive.read(f"{root}/vectors.json"))


CONFORMANCE_FILES = {"Conformance.kt", "Json.kt", "SceneJson.kt", "MotionVectors.kt"}
CLI_ONLY_DECIMATION = re.compile(r"\b(enum|struct|class)\s+(LTTB|MinMaxDecimation)\b|Largest-Triangle")


def assert_android_main_has_no_conformance(folder, label):
    """No source set an app compiles (`*/src/main`) holds the conformance runner or any entry point."""
    for main in folder.glob("*/src/main"):
        for path in main.rglob("*"):
            assert "Conformance" not in path.name and path.name not in CONFORMANCE_FILES, f"{label}: {path} is in a main source set"
            if path.suffix == ".kt":
                text = path.read_text()
                assert not re.search(r"^\s*fun main\(", text, re.M), f"{label}: {path} has an entry point"
                assert not re.search(r"^(class Json|object SceneJson)\b", text, re.M), f"{label}: {path} holds the conformance JSON"


def assert_no_cli_only_decimation(engine, label):
    """LTTB and min/max decimation serve `workbench downsample` only (Sources/Decimation)."""
    for path in engine.rglob("*.swift"):
        assert path.stem not in {"LTTB", "MinMaxDecimation"}, f"{label}: {path}"
        assert not CLI_ONLY_DECIMATION.search(path.read_text()), f"{label}: {path} holds LTTB or min/max decimation"


def test_bundles_ship_only_what_an_app_needs(tmp_path):
    """Issue 25: the conformance runner is chart-engine's test source set (still in the bundle, out
    of the app), and the iOS engine package has no CLI-only decimation; in the repository too."""
    android, ios = tmp_path / "android", tmp_path / "ios"
    for platform, folder in [("android", android), ("ios", ios)]:
        workbench("export", "--preset", str(ROOT / "Presets" / "default.json"), "--format", platform, "--output", str(folder))
    assert_android_main_has_no_conformance(android, "bundle")
    assert_android_main_has_no_conformance(ROOT / "Android", "repository")
    shipped = {p.name for p in (android / "chart-engine/src/test/kotlin/com/chartworkbench/engine/Conformance").glob("*.kt")}
    assert shipped == CONFORMANCE_FILES
    assert (android / "chart-engine/src/main/kotlin/com/chartworkbench/engine/Decimation/ColumnThinning.kt").exists()
    assert_no_cli_only_decimation(ios / "ChartEngine", "iOS bundle")
    assert_no_cli_only_decimation(ROOT / "Sources" / "ChartEngine", "repository")
    # What the pipeline decimates with stays in the engine.
    assert (ios / "ChartEngine/Sources/ChartEngine/Decimation/ColumnThinning.swift").exists()
    assert (ios / "ChartEngine/Sources/ChartEngine/Decimation/MinMaxIndex.swift").exists()


# Kotlin engine files with no Swift file of the same path, and why.
KOTLIN_ONLY = {"Chart/Frame": "the pipeline as `workbench frame` prints it (a CLI command in Swift)",
               "Parameters/ChartStyleEngine": "ChartStyle's derived values (Swift's are in ChartStyle.swift)",
               "Parameters/ParameterRule": "the generated rules' type (Swift's is ParameterDefinition)"}


def test_kotlin_engine_mirrors_the_swift_engine_file_for_file():
    """Every file of the Kotlin engine's main source set ports the Swift engine file of the same
    path (the Kotlin-only ones are named above); the conformance runner is a test source set."""
    kotlin = ROOT / "Android/chart-engine/src/main/kotlin/com/chartworkbench/engine"
    swift = ROOT / "Sources/ChartEngine"
    stems = {str(p.relative_to(kotlin).with_suffix("")) for p in kotlin.rglob("*.kt")}
    assert set(KOTLIN_ONLY) <= stems, "a Kotlin-only file is gone; drop it from KOTLIN_ONLY"
    unmatched = sorted(s for s in stems - set(KOTLIN_ONLY) if not (swift / (s + ".swift")).exists())
    assert not unmatched, f"Kotlin engine files without a Swift counterpart in Sources/ChartEngine: {unmatched}"
    assert (ROOT / "Android/chart-engine/src/test/kotlin/com/chartworkbench/engine/Conformance/Conformance.kt").exists()


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
    motion = tokens["sets"]["chart"]["sources"][0]["chart"]["$extensions"]["com.chartworkbench"]["motion"]
    assert motion["kind"] == "spring" and motion["spring"]["dampingRatio"] == 0.4
    assert motion["press"]["compose"]["initialVelocity"] == -motion["release"]["compose"]["initialVelocity"]
    assert tokens["sets"]["chart"]["sources"][0]["chart"]["animation"]["animationDuration"]["$type"] == "duration"
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
def test_both_engines_draw_d3_shapes_curves(kotlin_classpath, config):
    """Kotlin and Swift against d3-shape's definitions (Tests/Integration/d3_shape_reference.py)."""
    import d3_shape_reference as d3
    classpath, _ = kotlin_classpath
    lines = generated_points(zlib.crc32(("d3" + "-".join(config)).encode()))
    points = [(float(x), float(y) if y else None) for x, y in (line.split(",") for line in lines)]
    options = dict(zip(config[1::2], config[2::2]))
    expected = d3.curve(config[0], points, alpha=float(options.get("--alpha", 0.5)), tension=float(options.get("--tension", 0)))
    scale = max(abs(v) for _, values in expected for v in values)
    stdin = "\n".join(lines) + "\n"
    for engine, d in [("kotlin", conformance(classpath, "path", "--curve", *config, stdin=stdin)),
                      ("swift", workbench("path", "--curve", *config, stdin=stdin).stdout)]:
        ours = parse_commands(d)
        assert [c for c, _ in ours] == [c for c, _ in expected], engine
        for (_, u), (_, v) in zip(ours, expected):
            assert len(u) == len(v) and all(abs(a - b) <= 1e-9 * scale for a, b in zip(u, v)), (engine, u, v)


# --- The Kotlin engine's parameter rules, selection and motion against the Swift definitions and engine (issue 18).

RULE_FIELDS = ["type", "min", "max", "step", "unit", "odd", "options", "x", "y", "default"]


def test_kotlin_parameter_rules_are_the_definitions(kotlin_classpath, server):
    """Kind, limits, step, odd-only, choices and default of every parameter, as /api/schema states them."""
    classpath, _ = kotlin_classpath
    schema = server.get("/api/schema").json()["parameters"]
    kotlin = json.loads(conformance(classpath, "rules"))
    ours, theirs = {r["key"]: r for r in kotlin}, {d["key"]: d for d in schema}
    differences = [f"{key}: defined in Sources/ChartEngine/Parameters but missing from Kotlin's ParameterRules" for key in theirs if key not in ours]
    differences += [f"{key}: in Kotlin's ParameterRules but not among the definitions" for key in ours if key not in theirs]
    if not differences and list(ours) != list(theirs):
        differences.append(f"order differs: definitions {list(theirs)}, Kotlin {list(ours)}")
    for key in [k for k in theirs if k in ours]:
        for field in RULE_FIELDS:
            if theirs[key].get(field) != ours[key].get(field):
                differences.append(f"{key}: {field} is {theirs[key].get(field)!r} in the definitions (/api/schema) "
                                   f"but {ours[key].get(field)!r} in Kotlin (regenerate ChartStyle.kt)")
    assert not differences, "\n".join(differences)


def boundary_probes(definition):
    """(value, accepted) pairs at every edge of a parameter's rule, as the schema states it."""
    kind = definition["type"]
    if kind == "number":
        lo, hi, step = definition["min"], definition["max"], definition["step"]
        return ([(lo, True), (hi, True), (lo + step, True), (hi - step / 2, True), (definition["default"], True),
                 (lo - step, False), (hi + step, False), (math.nextafter(lo, -math.inf), False),
                 (math.nextafter(hi, math.inf), False), ("1", False), (True, False), (None, False), ([lo], False)])
    if kind == "integer":
        lo, hi, step = int(definition["min"]), int(definition["max"]), int(definition["step"])
        probes = [(lo, True), (hi, True), (lo + step, True), (definition["default"], True), (lo - step, False),
                  (hi + step, False), (lo + 0.5, False), (str(lo), False), (False, False)]
        if definition["odd"]:
            probes += [(lo + 1, False), (hi - 1, False)]
        return probes
    if kind == "color":
        return [("#a1B2c3", True), ("#000000", True), ("#FFFFFF", True), ("#A1B2C", False), ("A1B2C3F", False),
                ("#GGGGGG", False), ("#A1B2C3 ", False), (255, False)]
    if kind == "choice":
        options = definition["options"]
        return [(o, True) for o in options] + [(options[0].upper() + "x", False), ("", False), (1, False), (None, False)]
    if kind == "boolean":
        return [(True, True), (False, True), ("true", False), (1, False), (None, False)]
    if kind == "cubicBezier":
        (xl, xh), (yl, yh) = (definition["x"]["min"], definition["x"]["max"]), (definition["y"]["min"], definition["y"]["max"])
        return ([([xl, yl, xh, yh], True), ([xh, yh, xl, yl], True), (definition["default"], True),
                 ([xl - 0.01, 0, 0.5, 1], False), ([0.5, 0, xh + 0.01, 1], False), ([0.5, yl - 0.01, 0.5, 1], False),
                 ([0.5, 0, 0.5, yh + 0.01], False), ([0.5, 0, 0.5], False), ([0.5, 0, 0.5, "1"], False), ("0.4,0,0.6,1", False)])
    raise AssertionError(f"{definition['key']}: no probes for parameter type {kind!r}; extend boundary_probes")


def swift_verdict(folder, index, key, value):
    path = folder / f"probe{index}.json"
    path.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": f"Probe {index}",
                                "parameters": {key: value}}))
    r = workbench("export", "--preset", str(path), "--format", "json", check=False)
    if r.returncode == 0:
        return ("ok", json.loads(r.stdout)["parameters"][key])
    return ("error", r.stderr.strip().split(f"{path}: ", 1)[-1])


def test_kotlin_accepts_exactly_what_the_definitions_accept(kotlin_classpath, server, tmp_path):
    """Every rule at its edges (min, max, a step in, just outside, odd/even, non-whole, every
    choice, wrong types, Bézier x and y bounds): Swift's preset reading and Kotlin's give the same
    verdict, the same normalised value and the same message naming the key."""
    from concurrent.futures import ThreadPoolExecutor
    classpath, _ = kotlin_classpath
    schema = server.get("/api/schema").json()["parameters"]
    probes = [(d["key"], value, accepted) for d in schema for value, accepted in boundary_probes(d)]
    with ThreadPoolExecutor(4) as pool:
        swift = list(pool.map(lambda p: swift_verdict(tmp_path, p[0], *p[1][:2]), enumerate(probes)))
    lines = conformance(classpath, "parameters", stdin="".join(json.dumps({key: value}) + "\n" for key, value, _ in probes)).splitlines()
    assert len(lines) == len(probes)
    differences = []
    for (key, value, accepted), (verdict, detail), line in zip(probes, swift, lines):
        if (verdict == "ok") != accepted:
            differences.append(f"{key} = {json.dumps(value)}: the schema's rule says {'accept' if accepted else 'reject'}, Swift says {verdict} {detail}")
        kotlin = ("ok", json.loads(line[3:])[key]) if line.startswith("ok ") else ("error", line[6:])
        if kotlin != (verdict, detail):
            differences.append(f"{key} = {json.dumps(value)}: Swift {verdict} {detail!r}, Kotlin {kotlin[0]} {kotlin[1]!r}")
    assert not differences, "\n".join(differences)


MOTION_STYLES = [{"easing": "spring", "springDamping": d, "springVelocity": v, "animationDuration": t}
                 for d, v, t in [(0.05, 0, 0.3), (0.35, 2, 0.8), (1, 0.5, 0.3), (1, 10, 2), (0.7, 0, 0.05), (0.5, 5, 1)]]
MOTION_STYLES += [{"easing": e, "animationDuration": 0.4} for e in ["linear", "easeIn", "easeOut", "easeInOut"]]
MOTION_STYLES += [{"easing": "cubicBezier", "cubicBezier": [0.3, -1.5, 0.6, 2.5], "animationDuration": 0.6},
                  {"easing": "spring", "animationEnabled": False}, {"easing": "easeOut", "animationDuration": 0}]


def motion_events(rng):
    """press, release and follow lines at random times: interruptions mid-way, at rest, repeated."""
    t, lines = rng.uniform(0, 100), []
    for _ in range(rng.randint(8, 40)):
        t += rng.choice([0, rng.uniform(0, 0.05), rng.uniform(0, 0.5), rng.uniform(0.5, 3)])
        lines.append(f"{rng.choice(['press', 'release', 'follow', 'follow'])} {t!r}")
    return lines


def close_numbers(a, b):
    return abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(b)))


def test_kotlin_transition_motion_matches_workbench_motion(kotlin_classpath, presets, tmp_path):
    """Retargeting and a spring's carried velocity on seeded random press/release sequences."""
    classpath, _ = kotlin_classpath
    rng = random.Random(18)
    files = presets + [write_preset(tmp_path, f"Motion {i}", style) for i, style in enumerate(MOTION_STYLES)]
    for path in files:
        stdin = "\n".join(motion_events(rng)) + "\n"
        ours = conformance(classpath, "motion", "--preset", str(path), stdin=stdin).splitlines()
        theirs = workbench("motion", "--preset", str(path), stdin=stdin).stdout.splitlines()
        assert len(ours) == len(theirs) == stdin.count("\n"), path.name
        for k, (a, b) in enumerate(zip(ours, theirs)):
            (pa, va, fa, ta), (pb, vb, fb, tb) = a.split(","), b.split(",")
            assert fa == fb and ta == tb and close_numbers(pa, pb) and close_numbers(va, vb), (path.name, stdin.splitlines()[k], a, b)
    r = subprocess.run([*JAVA_RUN, "-cp", classpath, "com.chartworkbench.engine.ConformanceKt", "motion"], input="wiggle 1\n",
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "line 1" in r.stderr and "wiggle" in r.stderr


def test_kotlin_selection_matches_workbench_select(kotlin_classpath, presets):
    """The nearest point (a real price preferred over a gap), where it is drawn and what its label
    says, through the whole pipeline, in every period."""
    classpath, _ = kotlin_classpath
    rng = random.Random(37)
    periods = ["ALL", "1D", "1W", "1M", "1Y"]
    for i, preset in enumerate(presets):
        lines = generated_series(rng, [1, 2, 3, 17, 300, 2500][i % 6])
        if i % 4 == 1:
            lines = [line.split(",")[0] + "," if k % 3 == 1 else line for k, line in enumerate(lines)]  # many gaps
        if i % 3 == 2:  # tiny and huge prices: the label's digits and grouping
            lines = [f"{line.split(',')[0]},{float(line.split(',')[1]) * rng.choice([1e-7, 1e4])!r}" if line.split(",")[1] else line
                     for line in lines]
        stdin = "\n".join(lines) + "\n"
        width, height = rng.choice([320, 390.5, 1200]), rng.choice([200, 240])
        fractions = [0, 0.37, 1, 0.5] + [rng.random() for _ in range(40)]
        args = ["select", "--preset", str(preset), f"--progress={rng.choice([0, 0.37, 1, 1.08, -0.05])}", "--width", str(width),
                "--height", str(height), "--period", periods[i % len(periods)], "--selections", ",".join(map(repr, fractions))]
        ours = [json.loads(line) for line in conformance(classpath, *args, stdin=stdin).splitlines()]
        theirs = [json.loads(line) for line in workbench(*args, stdin=stdin).stdout.splitlines()]
        assert len(ours) == len(theirs) == len(fractions)
        for fraction, a, b in zip(fractions, ours, theirs):
            assert (a is None) == (b is None), (preset.name, fraction, a, b)
            if a:
                exact = ["index", "time", "price", "priceText", "timeText"]
                assert [a[k] for k in exact] == [b[k] for k in exact], (preset.name, fraction, a, b)
                assert all(abs(a[k] - b[k]) <= 1e-9 * max(width, height) for k in "xy"), (a, b)


def test_kotlin_line_width_matches_workbench(kotlin_classpath, tmp_path):
    """Widths through a spring's overshoot and undershoot, never below zero in either engine."""
    classpath, _ = kotlin_classpath
    rng = random.Random(5)
    progresses = [-1, -0.3, 0, 0.2, 0.5, 1, 1.04, 1.3, 1.85, 2] + [rng.uniform(-1, 2) for _ in range(20)]
    stdin = "\n".join(map(repr, progresses)) + "\n"
    for i, (inactive, active) in enumerate([(12, 0.5), (0.5, 12), (4, 2), (2, 2)]):
        preset = write_preset(tmp_path, f"Widths {i}", {"inactiveLineWidth": inactive, "activeLineWidth": active})
        ours = [float(v) for v in conformance(classpath, "line-width", "--preset", str(preset), stdin=stdin).split()]
        theirs = [float(v) for v in workbench("line-width", "--preset", str(preset), stdin=stdin).stdout.split()]
        assert len(ours) == len(theirs) == len(progresses) and min(ours) >= 0
        assert all(abs(u - v) <= 1e-12 for u, v in zip(ours, theirs)), (inactive, active, ours, theirs)
        if inactive == 12:
            assert ours[progresses.index(1.3)] == 0  # past the active width the line thins to nothing, not below


SMOOTHINGS = [{"smoothing": "none"}, {"smoothing": "movingAverage", "smoothingWindow": 7}, {"smoothing": "exponential", "smoothingAlpha": 0.3},
              {"smoothing": "gaussian", "smoothingSigma": 2.5, "smoothedEndsOnPrice": False}]
EASINGS = [{"easing": e} for e in ["linear", "easeIn", "easeOut", "easeInOut"]] + [
    {"easing": "cubicBezier", "cubicBezier": [0.3, -0.8, 0.6, 1.9]}, {"easing": "spring", "springDamping": 0.3, "springVelocity": 3}]


def random_style(rng):
    """A style from every curve, smoothing and easing, with the pressed state's options on and off."""
    style = {"inactiveCurve": rng.choice(CURVES), "activeCurve": rng.choice(CURVES), "catmullRomAlpha": rng.choice([0, 0.3, 1]),
             "cardinalTension": rng.choice([0, 0.6]), "lineCap": rng.choice(["round", "butt", "square"]),
             "gapStyle": rng.choice(["break", "bridge"]), "fillEnabled": rng.random() < 0.8, "labelEnabled": rng.random() < 0.8,
             "markerRadius": rng.choice([0, 4, 7.5]), "indicatorDash": rng.choice([0, 2, 3.5]), "pointCount": rng.choice([10, 28, 200, 2000]),
             "inactiveLineWidth": rng.choice([0.5, 4, 12]), "activeLineWidth": rng.choice([0.5, 2, 12]), "verticalScale": rng.choice([0.5, 0.8, 1]),
             "lineColor": "#%06X" % rng.randrange(1 << 24), "trailingColor": "#%06X" % rng.randrange(1 << 24)}
    return {**style, **rng.choice(SMOOTHINGS), **rng.choice(EASINGS)}


def test_kotlin_scene_matches_workbench_scene(kotlin_classpath, presets, tmp_path):
    """Held-out seeded inputs (gaps, spikes, plateaus, 1–3 points, all gaps) in every curve,
    smoothing and easing, at rest and pressed at 0, ~0.37 and 1, at progresses from a press, a
    release mid-way and a spring's overshoot and undershoot: both engines give the same scene."""
    classpath, _ = kotlin_classpath
    rng = random.Random(1818)
    files = presets + [write_preset(tmp_path, f"Scene {i}", random_style(rng)) for i in range(12)]
    spring = write_preset(tmp_path, "Scene spring", {"easing": "spring", "springDamping": 0.2, "springVelocity": 4, "animationDuration": 0.6})
    # Progresses as the motion drives them: a press, a release mid-way, a spring past 1 and back under it.
    states = workbench("motion", "--preset", str(spring), stdin="press 0\nfollow 0.1\nfollow 0.25\nrelease 0.3\nfollow 0.4\nfollow 0.55\n").stdout
    driven = [float(line.split(",")[0]) for line in states.splitlines()]
    assert max(driven) > 1 and min(driven[3:]) < 0.5
    for i, preset in enumerate(files):
        count = [1, 2, 3, 0, 40, 300, 2500][i % 7]
        lines = generated_series(rng, max(count, 5))[:count] if count else [f"{1_600_000_000 + k * 60}," for k in range(4)]
        if count and not any(line.split(",")[1] for line in lines):
            lines[0] += "100"
        stdin = "\n".join(lines) + "\n"
        width, height = rng.choice([320, 390.5, 1200]), rng.choice([200, 240, 844])
        for k, selection in enumerate([None, [0, 0.37 + rng.uniform(-0.01, 0.01), 1][i % 3], rng.random()]):
            progress = rng.choice([0, 1, 0.5, -0.05, 1.08] + driven)
            args = ["frame", "--preset", str(preset), f"--progress={progress!r}", "--width", str(width), "--height", str(height), "--format", "scene"]
            if selection is not None:
                args += ["--selection", repr(selection)]
            ours = json.loads(conformance(classpath, *args, stdin=stdin))
            theirs = json.loads(workbench(*args, stdin=stdin).stdout)
            assert theirs["format"] == "chart-workbench.scene" and theirs["version"] == 1
            assert_scenes_close(ours, theirs, max(width, height), (preset.name, count, selection, progress))
            if k == 1:  # the paths form with a selection: the point and the split as two more lines
                paths = args[:args.index("--format")] + ["--selection", repr(selection)]
                a, b = conformance(classpath, *paths, stdin=stdin).split("\n"), workbench(*paths, stdin=stdin).stdout.split("\n")
                assert len(a) == len(b) == 5 and a[3] == b[3], (a, b)
                assert_paths_close(a[0], b[0], preset.name)
                assert (a[2] == b[2] == "") or all(close_numbers(u, v) for u, v in zip(a[2].split(","), b[2].split(","))), (a[2], b[2])


def argb(hex_color, opacity=1.0):
    """ChartCompose.color: #RRGGBB with an opacity as a Compose ARGB value."""
    return (math.floor(min(max(opacity, 0), 1) * 255 + 0.5) << 24) | int(hex_color[1:], 16)  # Kotlin's Math.round


def assert_draw_calls_match_scene(calls, scene, foreground, scale=1.0):
    """Every primitive of the scene, in order, as the Compose adapter's draw calls: paths, colours,
    gradient, widths, caps, joins, clips, dashes, opacities and text runs."""
    size = max(scene["scene"]["width"], scene["scene"]["height"])
    near = lambda a, b: abs(a - b) <= 1e-5 * max(size, abs(b))  # noqa: E731 (Compose draws in Float)
    calls = iter(calls)

    def next_call(name, primitive):
        call = next(calls, None)
        assert call and call["name"] == name and call["scale"] == scale, (primitive["id"], name, call)
        return call["arguments"], call["clip"]

    def check_clip(clip, primitive):
        c = primitive.get("clip")
        assert (clip is None) == (c is None), (primitive["id"], clip, c)
        if c:
            assert all(near(u, v) for u, v in zip(clip, [c["x"], c["y"], c["x"] + c["width"], c["y"] + c["height"]])), (primitive["id"], clip, c)

    def check_path(drawn, path, what):
        assert [c[0] for c in drawn] == [c[0] for c in path], what
        assert all(near(u, v) for d, p in zip(drawn, path) for u, v in zip(d[1:], p[1:])), what

    for p in scene["scene"]["primitives"]:
        kind = p["kind"]
        if kind == "area":
            args, clip = next_call("drawPath", p)
            brush = args["brush"]
            assert brush["stops"] == [[s["offset"], argb(s["color"], s["opacity"])] for s in p["stops"]], p["id"]
            assert near(brush["startY"], p["gradientTop"]) and near(brush["endY"], p["gradientBottom"]) and near(args["alpha"], p["opacity"])
            assert args["style"] == "fill"
            check_path(args["path"], p["path"], p["id"])
            check_clip(clip, p)
        elif kind == "stroke":
            args, clip = next_call("drawPath", p)
            assert args["color"] == argb(p["color"]) and near(args["alpha"], p["opacity"]), p["id"]
            assert args["style"] == {"width": args["style"]["width"], "cap": p["cap"].capitalize(), "join": p["join"].capitalize()}
            assert near(args["style"]["width"], p["width"])
            check_path(args["path"], p["path"], p["id"])
            check_clip(clip, p)
        elif kind == "segment":
            args, clip = next_call("drawLine", p)
            assert clip is None and args["color"] == argb(p["color"]) and near(args["alpha"], p["opacity"])
            assert all(map(near, args["start"] + args["end"], [p["x1"], p["y1"], p["x2"], p["y2"]])) and near(args["strokeWidth"], p["width"])
            assert args["pathEffect"] == (p["dash"] or None)
        elif kind == "circle":
            for color, style in [(p["fill"], "fill"), (p["stroke"], {"width": p["strokeWidth"], "cap": "Butt", "join": "Miter"})]:
                args, clip = next_call("drawCircle", p)
                assert clip is None and args["color"] == argb(color) and args["style"] == style and near(args["alpha"], p["opacity"])
                assert near(args["radius"], p["radius"]) and near(args["center"][0], p["cx"]) and near(args["center"][1], p["cy"])
        elif kind == "text":
            for run in p["runs"]:
                args, clip = next_call("drawText", p)
                layout = args["layout"]
                color = argb(run["color"]) if run.get("color") else foreground
                assert clip is None and layout["text"] == run["text"] and args["color"] == layout["color"] == color
                assert layout["size"] == run["size"] and layout["weight"] == run["weight"] and near(args["alpha"], p["opacity"] * run["opacity"])
                x = run["x"] - layout["width"] if p["anchor"] == "end" else run["x"]
                assert near(args["topLeft"][0], x) and near(args["topLeft"][1], run["y"] - layout["firstBaseline"]), (run, args)
        else:
            raise AssertionError(f"no Compose check for primitive kind {kind!r}")
    assert next(calls, None) is None, "draw calls beyond the scene's primitives"


def test_compose_chart_draws_exactly_the_scene(kotlin_classpath, presets, tmp_path):
    """The Compose `Chart` composable's draw calls (recorded by the stand-in DrawScope) against
    the Swift engine's scene: pressed at 0, ~0.37 and 1 with every option on and off, and frames
    of `Chart` itself, drawn at the device's density: at rest, pressed and scrubbed through its
    pointerInput, and released."""
    classpath, bundle = kotlin_classpath
    assert (bundle / "chart-compose/src/main/kotlin/com/chartworkbench/compose/Chart.kt").exists()
    source = (ROOT / "Android/chart-compose/src/main/kotlin/com/chartworkbench/compose/Chart.kt").read_text()
    assert len([line for line in source.splitlines() if line.strip() and not line.startswith("import ")]) < 100
    rng = random.Random(55)
    files = presets[:3] + [write_preset(tmp_path, f"Compose {i}", random_style(rng)) for i in range(6)]
    foreground = 0xFF102030
    for i, preset in enumerate(files):
        lines = generated_series(rng, [3, 60, 400][i % 3])
        if not any(line.split(",")[1] for line in lines):
            lines[0] += "100"
        stdin = "\n".join(lines) + "\n"
        width, height = rng.choice([320, 390, 1200]), rng.choice([200, 240])
        selection, progress = [0, 0.37, 1, rng.random()][i % 4], rng.choice([0.3, 1, 1.08, 0.6])
        r = subprocess.run([*JAVA_RUN, "-cp", classpath, "composerecording.ComposeRecordingKt", str(preset), str(width), str(height), repr(progress),
                            repr(selection)], input=stdin, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        recorded = json.loads(r.stdout)
        args = ["frame", "--preset", str(preset), f"--progress={progress!r}", "--width", str(width), "--height", str(height), "--format", "scene"]
        swift = json.loads(workbench(*args, "--selection", repr(selection), stdin=stdin).stdout)
        assert_scenes_close(recorded["scene"], swift, max(width, height), preset.name)
        assert_draw_calls_match_scene(recorded["calls"], swift, foreground)
        rest = json.loads(workbench(*args[:3], "--progress=0", *args[4:], stdin=stdin).stdout)
        assert_scenes_close(recorded["restScene"], rest, max(width, height), preset.name)
        assert_draw_calls_match_scene(recorded["restCalls"], rest, foreground, scale=3.0)
        # Chart's own pointerInput: pressed at 25 % and scrubbed to 60 % (the frame clock has not
        # run: progress 0, the finger's point selected), then released (heading back to rest).
        pressed = json.loads(workbench(*args[:3], "--progress=0", *args[4:], "--selection", repr(recorded["scrubbed"]), stdin=stdin).stdout)
        assert pressed["header"]["pressing"] and abs(recorded["scrubbed"] - 0.6) < 1e-6
        assert_draw_calls_match_scene(recorded["pressedCalls"], pressed, foreground, scale=3.0)
        indicator = [p for p in pressed["scene"]["primitives"] if p["id"] == "indicator"]
        after = [c for c in recorded["releasedCalls"] if c["name"] == "drawLine"]
        assert len(after) == len(indicator) and len(recorded["releasedCalls"]) == len(recorded["pressedCalls"])
        for line, segment in zip(after, indicator):
            assert abs(line["arguments"]["start"][0] - segment["x1"]) <= 1e-4 * width and 0 <= line["arguments"]["alpha"] < 0.5  # a few ms after the press
        # The scene's words are the composable's semantics (at rest again after the release); haptics follow the preset.
        words = rest["accessibility"]
        assert recorded["semantics"] == {"contentDescription": words["label"].replace("Price,", "Bitcoin price,", 1), "stateDescription": words["value"]}
        assert all(h == "TextHandleMove" for h in recorded["haptics"])


def test_kotlin_vectors_check_compares_whole_scenes(kotlin_classpath, tmp_path, tmp_path_factory):
    """vectors.json v2's scene cases count: a marker moved by a hundredth of a pixel, a colour or a
    missing primitive fails the Kotlin check naming the case."""
    classpath, _ = kotlin_classpath
    path = bundle_vectors(tmp_path_factory, ROOT / "Presets" / "designers-favourite.json")
    original = json.loads(path.read_text())
    scene_cases = [c for c in original["cases"] if "scene" in c and c["selection"] is not None]
    assert {c["selection"] for c in scene_cases} == {0, 0.37, 1} and any(c["progress"] > 1 for c in scene_cases)
    case = next(c for c in scene_cases if any(p["kind"] == "circle" for p in c["scene"]["scene"]["primitives"]))
    for mutate in [lambda p: p.update(cy=p["cy"] + 0.01) if p["kind"] == "circle" else None,
                   lambda p: p.update(color="#000001") if p["id"] == "trail" else None]:
        vectors = json.loads(path.read_text())
        broken = next(c for c in vectors["cases"] if c["name"] == case["name"])
        for primitive in broken["scene"]["scene"]["primitives"]:
            mutate(primitive)
        changed = tmp_path / "changed.json"
        changed.write_text(json.dumps(vectors))
        r = subprocess.run([*JAVA_RUN, "-cp", classpath, "com.chartworkbench.engine.ConformanceKt", "vectors", "--file", str(changed)],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 1 and f"FAIL {case['name']}" in r.stdout, r.stdout[-500:]
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


# --- The Kotlin engine's readability report against the Swift one (issue 28).

def test_kotlin_readability_report_is_the_workbench_check(kotlin_classpath, presets, tmp_path):
    """`ConformanceKt check` and `workbench check --format json`: the same checks, colours, words and
    pass/fail, numbers within 1e-9, on every preset and on seeded random colours."""
    classpath, _ = kotlin_classpath
    rng = random.Random(28)
    def colour():
        return "#" + "".join(f"{rng.randrange(256):02X}" for _ in range(3))
    files = presets + [write_preset(tmp_path, f"Colours {i}", {"lineColor": colour(), "trailingColor": colour(), "fillColor": colour(),
                                                                "indicatorColor": colour(), "fillTopOpacity": rng.choice([0, 0.35, 1]),
                                                                "fillBottomOpacity": rng.choice([0, 0.5]), "labelEnabled": i % 3 != 0})
                       for i in range(12)]

    def same(a, b, path):
        if isinstance(b, dict):
            assert isinstance(a, dict) and a.keys() == b.keys(), path
            for key in b:
                same(a[key], b[key], f"{path}.{key}")
        elif isinstance(b, list):
            assert isinstance(a, list) and len(a) == len(b), path
            for i, (x, y) in enumerate(zip(a, b)):
                same(x, y, f"{path}[{i}]")
        elif isinstance(b, (bool, str)) or b is None:
            assert a == b, (path, a, b)
        else:
            assert close_numbers(a, b), (path, a, b)

    for path in files:
        swift = workbench("check", "--preset", str(path), "--format", "json", check=False)
        assert swift.returncode in (0, 1), swift.stderr
        same(json.loads(conformance(classpath, "check", "--preset", str(path))), json.loads(swift.stdout), path.name)


# --- Every motion handed off (issue 35, item 5): the period change and the outage in vectors.json,
# motion.json v3, checked by the Kotlin engine frame by frame.

def motion_case(vectors, name_start):
    return next(m for m in vectors["motions"] if m["name"].startswith(name_start))


def test_vectors_period_frames_are_the_cli_period_change_from_old_to_new_picture(tmp_path, tmp_path_factory):
    """A period change's frames in vectors.json are `workbench render --motion period` at their
    progress: the first frame is the old period's rest picture, the last the new one's, and a
    frame mid-way is the morph (neither end)."""
    preset = ROOT / "Presets" / "default.json"
    vectors = json.loads(bundle_vectors(tmp_path_factory, preset).read_text())
    case = motion_case(vectors, "period change 1D to 1W")
    data = tmp_path / "points.csv"
    data.write_text("".join(f"{int(t)},{'' if p is None else repr(p)}\n" for t, p in case["points"]))
    size = ["--width", repr(case["width"]), "--height", repr(case["height"])]

    def rest(period):
        return json.loads(workbench("render", "--preset", str(preset), "--data", str(data), "--period", period, "--progress", "0", *size,
                                    "--scene").stdout)

    def relabel(scene):  # the CLI draws a "Bitcoin price" chart; vectors say "Price", as `workbench frame`
        scene["accessibility"]["label"] = scene["accessibility"]["label"].replace("Bitcoin price,", "Price,", 1)
        return scene

    frames = case["frames"]
    assert frames[0]["progress"] == 0 and frames[-1]["progress"] == 1
    assert_scenes_close(relabel(rest("1D")), frames[0]["scene"], 390, "first frame")
    assert_scenes_close(relabel(rest("1W")), frames[-1]["scene"], 390, "last frame")
    middle = [f for f in frames if 0 < f["progress"] < 1]
    assert len(middle) >= 3
    for frame in middle:
        cli = json.loads(workbench("render", "--preset", str(preset), "--data", str(data), "--motion", "period", "--from", "1D", "--to", "1W",
                                   f"--progress={frame['progress']!r}", *size, "--scene").stdout)
        assert_scenes_close(relabel(cli), frame["scene"], 390, f"frame at {frame['time']}")
        assert frame["scene"] != frames[0]["scene"] and frame["scene"] != frames[-1]["scene"]


def test_vectors_retarget_continues_from_where_the_line_is(tmp_path, tmp_path_factory):
    """A second period tapped mid-way: the frame just after the tap draws the line where it was
    (progress restarts at 0 from the moving shape), and the change ends on the last period."""
    vectors = json.loads(bundle_vectors(tmp_path_factory, ROOT / "Presets" / "default.json").read_text())
    case = motion_case(vectors, "period change 1W to ALL, retargeted")
    tap = case["events"][1]["time"]
    before = [f for f in case["frames"] if f["time"] < tap][-1]
    at = next(f for f in case["frames"] if f["time"] >= tap)
    assert 0 < before["progress"] < 1 and at["progress"] == 0 and at["time"] == tap
    # The retargeted morph starts from the shape at the tap: the header counts on from a value
    # between 1W's and ALL's change, and the line is neither rest picture.
    data = tmp_path / "points.csv"
    data.write_text("".join(f"{int(t)},{'' if p is None else repr(p)}\n" for t, p in case["points"]))
    everything = json.loads(workbench("render", "--preset", str(ROOT / "Presets" / "default.json"), "--data", str(data), "--period", "ALL",
                                      "--progress", "0", "--width", "390", "--height", "240", "--scene").stdout)
    low, high = sorted([case["frames"][0]["scene"]["header"]["change"], everything["header"]["change"]])
    assert low < before["scene"]["header"]["change"] < high and low < at["scene"]["header"]["change"] < high
    line = lambda f: next(p for p in f["scene"]["scene"]["primitives"] if p["id"] == "line")["path"]  # noqa: E731
    assert line(at) != line(case["frames"][0]) and line(at) != next(p for p in everything["scene"]["primitives"] if p["id"] == "line")["path"]
    assert case["frames"][-1]["progress"] == 1 and case["frames"][-1]["scene"]["accessibility"]["label"].startswith("Price, 1 day")


def test_kotlin_motion_check_catches_a_wrong_frame_and_reads_files_without_motions(kotlin_classpath, tmp_path, tmp_path_factory):
    """A morph or live step frame's line moved by a hundredth of a pixel, a crossfade's or the
    reveal's placeholder opacity or the outage's words changed fail the Kotlin check naming the
    motion; a vectors.json from before the motions
    (no `motions`) still checks its cases."""
    classpath, _ = kotlin_classpath
    path = bundle_vectors(tmp_path_factory, ROOT / "Presets" / "designers-favourite.json")
    original = json.loads(path.read_text())

    def run(vectors):
        changed = tmp_path / "changed.json"
        changed.write_text(json.dumps(vectors))
        return subprocess.run([*JAVA_RUN, "-cp", classpath, "com.chartworkbench.engine.ConformanceKt", "vectors", "--file", str(changed)],
                              capture_output=True, text=True, timeout=120)

    def morph_line(p):
        if p["id"] == "line":
            p["path"][1][1] += 0.01

    def crossfade_opacity(p):
        if p["id"] == "line-from":
            p["opacity"] = min(1, p["opacity"] + 0.01)

    def outage_words(p):
        if p["id"] == "outage":
            p["runs"][0]["text"] = "Prices late"

    def placeholder_opacity(p):
        if p["id"] == "placeholder":
            p["opacity"] += 0.01

    for start, mutate in [("period change 1W to ALL, retargeted", morph_line), ("period change 1W to 1D as crossfade", crossfade_opacity),
                          ("outage", outage_words), ("live price leaving the range", morph_line), ("reveal", placeholder_opacity)]:
        vectors = json.loads(json.dumps(original))
        case = motion_case(vectors, start)
        frame = next(f for f in case["frames"] if any(p["id"] in ("line-from", "outage") for p in f["scene"]["scene"]["primitives"])
                     or 0 < f.get("progress", 0) < 1)
        for primitive in frame["scene"]["scene"]["primitives"]:
            mutate(primitive)
        assert frame != motion_case(original, start)["frames"][case["frames"].index(frame)], start
        r = run(vectors)
        assert r.returncode == 1 and f"FAIL motion: {case['name']}" in r.stdout, (start, r.stdout[-800:])
    old = json.loads(json.dumps(original))
    del old["motions"]
    r = run(old)
    assert r.returncode == 0 and r.stdout.count("ok ") == len(old["cases"]) + 1 and "motion:" not in r.stdout, r.stdout[-500:]


def test_motion_json_v3_adds_the_period_change_and_outage_and_keeps_every_v2_key(tmp_path):
    """motion.json v3: `period` times the change in each platform's terms like the press (its own
    easing and duration; a spring's terms play the engine's frames within 1e-3) with its retarget
    and reduced-motion variant, `outage` the state; the v2 keys a reader of v2 files uses keep their
    place and values, and a preset saved before the motions exports the defaults."""
    old_preset = write_preset(tmp_path, "Saved before motions", {"easing": "easeOut", "animationDuration": 0.45})
    folder = tmp_path / "old"
    workbench("export", "--preset", str(old_preset), "--format", "android", "--output", str(folder))
    motion = json.loads((folder / "motion.json").read_text())
    assert motion["format"] == "chart-workbench.motion" and motion["version"] == 3
    v2_keys = ["format", "version", "preset", "easing", "animated", "duration", "kind", "cubicBezier", "press", "release", "reducedMotion", "haptics"]
    # `live` and `reveal` came later in v3, after the period change and outage (additive: no other key moved).
    assert list(motion)[:len(v2_keys)] == v2_keys and list(motion)[len(v2_keys):] == ["period", "outage", "live", "reveal"]
    assert motion["cubicBezier"] == [0, 0, 0.58, 1] and motion["duration"]["value"] == 0.45
    assert motion["press"]["css"]["animation-timing-function"] == "cubic-bezier(0, 0, 0.58, 1)"
    period = motion["period"]
    assert (period["style"], period["easing"], period["duration"]["value"], period["kind"]) == ("morph", "easeInOut", 0.4, "cubicBezier")
    assert period["play"]["compose"]["durationMillis"] == 400 and period["play"]["css"]["animation-timing-function"] == "cubic-bezier(0.42, 0, 0.58, 1)"
    assert period["reducedMotion"] == {**period["reducedMotion"], "style": "crossfade", "animated": True, "easing": "linear",
                                       "duration": {"value": 0.2, "unit": "s"}}
    assert "retargeted" in period["retarget"] and "TransitionMotion.started" in period["retarget"]
    assert motion["outage"]["staleAfter"] == {"value": 60, "unit": "s"} and motion["outage"]["message"] == "Prices delayed"
    # A spring period change: the exported stiffness, damping and velocity play the vectors' frames.
    spring = write_preset(tmp_path, "Springy period", {"periodEasing": "spring", "springDamping": 0.45, "springVelocity": 1.5,
                                                       "periodDuration": 0.7, "periodReducedMotion": "none", "outageStaleAfter": 30})
    folder = tmp_path / "spring"
    workbench("export", "--preset", str(spring), "--format", "android", "--output", str(folder))
    motion = json.loads((folder / "motion.json").read_text())
    period = motion["period"]
    assert period["kind"] == "spring" and period["reducedMotion"]["animated"] is False and motion["outage"]["staleAfter"]["value"] == 30
    terms = period["spring"]
    k, c, v0 = terms["stiffness"], terms["damping"], terms["initialVelocity"]
    vectors = json.loads((folder / "vectors.json").read_text())
    case = motion_case(vectors, "period change 1D to 1W")
    checked = 0
    for frame in case["frames"]:
        t = frame["time"]
        if t < 0 or t >= period["duration"]["value"]:
            continue
        # x'' = -k (x - 1) - c x' from x = 0, x' = v0: the closed form of the exported terms.
        w0 = math.sqrt(k)
        zeta = c / (2 * w0)
        if zeta >= 1:
            x = 1 + (-1 + (v0 - w0) * t) * math.exp(-w0 * t)
        else:
            wd = w0 * math.sqrt(1 - zeta * zeta)
            x = 1 + math.exp(-zeta * w0 * t) * (-math.cos(wd * t) + (v0 - zeta * w0) / wd * math.sin(wd * t))
        assert abs(x - frame["progress"]) < 1e-3, (t, x, frame["progress"])
        checked += 1
    assert checked >= 5


def test_motion_json_live_and_reveal_say_the_presets_motions(tmp_path):
    """motion.json v3's `live` and `reveal`: the live price's duration and easing in each platform's
    terms (a Bezier's CSS curve, a spring's stiffness playing the engine's frames), its flash colours
    and duration, the reveal's placeholder, style, duration and easing, and each reduced-motion
    variant, all from the preset; the earlier keys keep their place."""
    defaults = tmp_path / "defaults"
    workbench("export", "--preset", str(write_preset(tmp_path, "Defaults", {})), "--format", "android", "--output", str(defaults))
    motion = json.loads((defaults / "motion.json").read_text())
    assert motion["version"] == 3 and list(motion)[-4:] == ["period", "outage", "live", "reveal"]
    live, reveal = motion["live"], motion["reveal"]
    assert (live["animated"], live["easing"], live["kind"]) == (True, "easeOut", "cubicBezier")
    assert live["play"]["css"]["animation-timing-function"] == "cubic-bezier(0, 0, 0.58, 1)"
    assert live["play"]["compose"]["durationMillis"] == round(live["duration"]["value"] * 1000)
    assert live["flash"] == {**live["flash"], "enabled": True, "upColor": "#2EBD85"} and live["flash"]["duration"]["value"] > 0
    assert live["reducedMotion"] == {**live["reducedMotion"], "style": "crossfade", "animated": True, "easing": "linear",
                                     "duration": {"value": 0.2, "unit": "s"}}
    assert (reveal["placeholder"], reveal["style"], reveal["easing"], reveal["duration"]) == ("skeleton", "drawOn", "easeOut", {"value": 0.6, "unit": "s"})
    assert reveal["reducedMotion"]["style"] == "crossfade" and reveal["reducedMotion"]["animated"] is True
    tuned = write_preset(tmp_path, "Tuned", {"livePriceDuration": 0.8, "livePriceEasing": "spring", "springDamping": 0.5, "livePriceFlash": False,
                                             "livePriceDownColor": "#AA0011", "livePriceReducedMotion": "none", "revealPlaceholder": "flat",
                                             "revealStyle": "fade", "revealDuration": 1.25, "revealEasing": "linear", "revealReducedMotion": "none"})
    folder = tmp_path / "tuned"
    workbench("export", "--preset", str(tuned), "--format", "android", "--output", str(folder))
    motion = json.loads((folder / "motion.json").read_text())
    live, reveal = motion["live"], motion["reveal"]
    assert (live["kind"], live["duration"]["value"], live["flash"]["enabled"], live["flash"]["duration"]["value"]) == ("spring", 0.8, False, 0)
    assert live["flash"]["downColor"] == "#AA0011" and live["reducedMotion"]["animated"] is False and live["reducedMotion"]["style"] == "none"
    assert (reveal["placeholder"], reveal["style"], reveal["easing"], reveal["duration"]["value"], reveal["kind"]) == ("flat", "fade", "linear", 1.25, "cubicBezier")
    assert reveal["play"]["css"]["animation-duration"] == "1250ms" and reveal["reducedMotion"]["animated"] is False
    # The spring's exported terms play the vectors' live-price frames (x'' = -k (x - 1) - c x', x(0) = 0, x'(0) = v0).
    k, c, v0 = live["spring"]["stiffness"], live["spring"]["damping"], live["spring"]["initialVelocity"]
    case = next(m for m in json.loads((folder / "vectors.json").read_text())["motions"] if m["motion"] == "live" and not m["reducedMotion"])
    w0 = math.sqrt(k)
    zeta = c / (2 * w0)
    checked = 0
    for frame in case["frames"]:
        t = frame["time"]
        if 0 <= t < live["duration"]["value"] and zeta < 1:
            wd = w0 * math.sqrt(1 - zeta * zeta)
            x = 1 + math.exp(-zeta * w0 * t) * (-math.cos(wd * t) + (v0 - zeta * w0) / wd * math.sin(wd * t))
            assert abs(x - frame["progress"]) < 1e-3, (t, x, frame["progress"])
            checked += 1
    assert checked >= 3
    # A reveal of none has nothing to animate, under reduced motion either.
    none = write_preset(tmp_path, "No reveal", {"revealStyle": "none"})
    workbench("export", "--preset", str(none), "--format", "android", "--output", str(tmp_path / "none"))
    reveal = json.loads((tmp_path / "none" / "motion.json").read_text())["reveal"]
    assert reveal["animated"] is False and reveal["duration"]["value"] == 0 and reveal["reducedMotion"]["style"] == "none"


def test_compose_plays_every_motion_of_the_vectors(kotlin_classpath, presets, tmp_path, tmp_path_factory):
    """The Compose adapter's own ModelChange and chartFrame (what `Chart` draws each frame) replay
    every motion of the vectors frame by frame as the engine's scenes: the period changes (each
    style, a retarget, reduced motion, a spring), the live prices (at rest, pressed, reduced; the
    header's flash), the reveals (each style, either placeholder, reduced) and the outage state;
    drawScene draws a mid-motion frame exactly."""
    classpath, _ = kotlin_classpath
    source = (ROOT / "Android/chart-compose/src/main/kotlin/com/chartworkbench/compose/Chart.kt").read_text()
    assert "chartFrame(" in source and "change.show(model" in source and "secondsSinceLastPrice" in source and "ModelChange(builder)" in source
    springy = write_preset(tmp_path, "Springy live", {"livePriceEasing": "spring", "springDamping": 0.4, "livePriceFlashDuration": 1.2,
                                                      "revealPlaceholder": "flat", "revealEasing": "easeInOut", "revealReducedMotion": "none",
                                                      "livePriceReducedMotion": "none"})
    for i, preset in enumerate([ROOT / "Presets" / "designers-favourite.json", presets[-1], springy]):
        path = bundle_vectors(tmp_path_factory, preset)
        vectors = json.loads(path.read_text())
        r = subprocess.run([*JAVA_RUN, "-cp", classpath, "motionrecording.MotionRecordingKt", str(path)], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr[-2000:]
        played = json.loads(r.stdout)
        cases = vectors["motions"]
        assert list(played) == [m["name"] for m in cases]
        assert {"period", "outage", "live", "reveal"} <= {m["motion"] for m in cases}
        for case in cases:
            ours = played[case["name"]]
            size = max(case["width"], case["height"])
            assert len(ours["scenes"]) == len(case["frames"])
            for k, (scene, frame) in enumerate(zip(ours["scenes"], case["frames"])):
                assert_scenes_close(scene, frame["scene"], size, f"{case['name']} frame {k}")
            moves = any(0 < f.get("progress", 0) < 1 for f in case["frames"])
            if case["motion"] != "outage" and moves and case.get("parameters", {}).get("periodMorphStyle") != "none":
                drawn = ours["drawn"]
                assert drawn is not None, case["name"]
                assert_draw_calls_match_scene(drawn["calls"], case["frames"][drawn["index"]]["scene"], 0xFF102030)
        live = [m for m in cases if m["motion"] == "live" and not m["reducedMotion"]]
        assert live and all(any(s["header"].get("flash") for s in played[m["name"]]["scenes"]) for m in live)


def test_vectors_live_price_and_reveal_run_from_the_old_picture_to_the_new(tmp_path_factory):
    """The live price's frames start on the chart before the price and end on the chart with it,
    the header's price only passing between the two and flashing in the direction's colour at first;
    the reveal's start on the placeholder alone and end on the chart at rest without it."""
    vectors = json.loads(bundle_vectors(tmp_path_factory, ROOT / "Presets" / "default.json").read_text())
    preset = vectors["preset"]["parameters"]
    for case in [m for m in vectors["motions"] if m["motion"] == "live"]:
        frames = case["frames"]
        old_price = next(p for _, p in reversed(case["points"]) if p is not None)
        new_price = case["price"][1]
        prices = [f["scene"]["header"]["price"] for f in frames]
        if case["selection"] is None:
            assert prices[0] == old_price and prices[-1] == new_price, case["name"]
            assert all(min(old_price, new_price) <= p <= max(old_price, new_price) for p in prices), case["name"]
        assert frames[0]["progress"] == 0 and frames[-1]["progress"] == 1
        first_flash = next((f["scene"]["header"].get("flash") for f in frames if f["time"] >= 0), None)
        if preset.get("livePriceFlash", True) and not case["reducedMotion"]:
            direction = "up" if new_price > old_price else "down"
            assert first_flash == {"color": preset["livePriceUpColor" if direction == "up" else "livePriceDownColor"], "opacity": 1,
                                   "direction": direction}, case["name"]
        assert "flash" not in frames[-1]["scene"]["header"], case["name"]
    # A newer price while the last one steps: one clock, the second price arriving mid-step, and
    # the finger's point moving without a jump there (the step goes on from the frame shown).
    newer = [m for m in vectors["motions"] if m["motion"] == "live" and m.get("then")]
    assert len(newer) == 1
    frames, arrives = newer[0]["frames"], newer[0]["then"][2]
    k = next(i for i, f in enumerate(frames) if f["time"] >= arrives)
    assert 0 < k and 0 < frames[k - 1]["progress"] < 1 and frames[k]["progress"] == 0
    before, after = frames[k - 1]["scene"]["selection"], frames[k]["scene"]["selection"]
    assert abs(before["x"] - after["x"]) < 2 and abs(before["y"] - after["y"]) < 10, (before, after)
    for case in [m for m in vectors["motions"] if m["motion"] == "reveal"]:
        ids = [[p["id"] for p in f["scene"]["scene"]["primitives"]] for f in case["frames"]]
        assert ids[0] == ["placeholder"] and "placeholder" not in ids[-1] and "line" in ids[-1], case["name"]
        if case["parameters"].get("revealStyle", preset.get("revealStyle")) != "none" and not case["reducedMotion"]:
            assert any("placeholder" in i and "line" in i for i in ids), case["name"]
