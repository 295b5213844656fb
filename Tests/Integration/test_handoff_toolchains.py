"""The handoff against the real toolchains, apart from the Kotlin jar of test_handoff.py so the
two run on different workers: Swift exports and the iOS bundle typecheck with swiftc, and the
Android bundle builds alone and checks its vectors as its README says."""
import json
import re
import subprocess
import zipfile

import pytest

from handoff_support import JAVA, KOTLINC, MODULES, SWIFTC, presets, workbench  # noqa: F401
from workbench_server import ROOT


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


@pytest.mark.skipif(KOTLINC is None or JAVA is None, reason="kotlinc is not installed")
def test_android_engine_builds_alone_and_readme_conformance_steps_work(tmp_path):
    """The app's source set compiles without the conformance runner, and the README's commands
    (plain kotlinc and java, run in the bundle folder as written) check every vector."""
    bundle = tmp_path / "bundle"
    workbench("export", "--preset", str(ROOT / "Presets" / "default.json"), "--format", "android", "--output", str(bundle))
    r = subprocess.run([KOTLINC, "chart-engine/src/main/kotlin", "-d", "main.jar"], cwd=bundle, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    classes = zipfile.ZipFile(bundle / "main.jar").namelist()
    assert "com/chartworkbench/engine/ChartModel.class" in classes
    assert not [c for c in classes if re.search(r"Conformance|/Json|SceneJson", c)]
    readme = (bundle / "README.md").read_text()
    section = readme.split("## Prove it draws the same chart", 1)[1]
    commands = [line.strip() for line in section.splitlines() if re.match(r"    (kotlinc|java) ", line)]
    assert [c.split()[0] for c in commands] == ["kotlinc", "java"] and "src/test/kotlin" in commands[0]
    for command in commands:
        args = command.split()
        args[0] = KOTLINC if args[0] == "kotlinc" else JAVA
        r = subprocess.run(args, cwd=bundle, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, (command, r.stdout[-2000:], r.stderr[-3000:])
    vectors = json.loads((bundle / "vectors.json").read_text())
    cases = len(vectors["cases"]) + len(vectors["motions"])  # the motions besides the press count too (issue 35)
    assert r.stdout.count("ok ") == cases + 1 and "FAIL" not in r.stdout
