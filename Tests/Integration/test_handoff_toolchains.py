"""The handoff against the real toolchains, apart from the Kotlin jar of test_handoff.py so the
two run on different workers: Swift exports and the iOS bundle typecheck with swiftc, and the
Android bundle builds alone and checks its vectors as its README says."""
import json
import re
import shutil
import subprocess
import zipfile

import pytest

from handoff_support import (KOTLINC, KOTLINC_ENV, MODULES, SWIFTC, default_android_bundle, presets, readme_conformance_commands,  # noqa: F401
                             run_as_written, workbench)
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
        # (Package.swift is the bundle's manifest, built by swift build below, not a source.)
        sources += sorted(str(p) for p in folder.glob("*.swift") if p.name != "Package.swift")
        engine = workbench("export", "--preset", str(path), "--format", "swift", "--target", "engine").stdout
        assert engine == (next(folder.glob("ChartStyle+*.swift"))).read_text()
    r = subprocess.run([SWIFTC, "-typecheck", "-I", str(MODULES), *sources], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    bundle = tmp_path / "ios0"
    # The bundle is one Swift package (#37.3): the engine, the style and the SwiftUI view as a library product.
    assert (bundle / "Package.swift").exists() and (bundle / "vectors.json").exists()
    manifest = (bundle / "Package.swift").read_text()
    assert ".iOS(" in manifest
    product = re.search(r'\.library\(name: "(\w+)", targets: \[([^\]]*)\]', manifest)
    assert product and set(re.findall(r'"(\w+)"', product.group(2))) == {"ChartEngine", product.group(1) + "Style", "ChartSwiftUI"}
    readme = (bundle / "README.md").read_text()
    assert "Add Package Dependencies" in readme and "vectors.json" in readme
    assert f'.product(name: "{product.group(1)}"' in readme and "workbench verify --public-key KEY" in readme


@pytest.mark.skipif(SWIFTC is None, reason="swiftc is not installed")
def test_ios_bundle_package_builds_its_engine_and_style_targets(tmp_path):
    """`swift build` of the style target (which builds the engine under it) in the exported
    folder as it is: the package the guide tells the iOS engineer to add. SwiftUI exists only on
    Apple platforms, so the view's target is typechecked above instead."""
    bundle = tmp_path / "bundle"
    workbench("export", "--preset", str(ROOT / "Presets" / "designers-favourite.json"), "--format", "ios", "--output", str(bundle))
    style = re.search(r'\.target\(name: "(\w+Style)"', (bundle / "Package.swift").read_text()).group(1)
    r = subprocess.run(["swift", "build", "--target", style, "--scratch-path", str(tmp_path / "scratch")], cwd=bundle,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "unhandled" not in r.stdout + r.stderr and "warning: " not in r.stderr, r.stderr[-2000:]


def test_android_engine_builds_alone_and_readme_conformance_steps_work(default_android_bundle, tmp_path):
    """The app's source set compiles without the conformance runner, and the README's commands
    (plain kotlinc and java, run in the bundle folder as written) check every vector. The
    README's kotlinc command built the jar of the shared bundle (handoff_support's
    default_android_bundle, which fails if it does not); its java command runs here, in a copy."""
    bundle = tmp_path / "bundle"
    shutil.copytree(default_android_bundle[0], bundle)
    assert_gradle_module(bundle, "com.chartworkbench.chart.defaultstyle")
    r = subprocess.run([KOTLINC, "chart-engine/src/main/kotlin", "-d", "main.jar"], cwd=bundle, capture_output=True, text=True, timeout=600,
                       env=KOTLINC_ENV)
    assert r.returncode == 0, r.stderr[-3000:]
    classes = zipfile.ZipFile(bundle / "main.jar").namelist()
    assert "com/chartworkbench/engine/ChartModel.class" in classes
    assert not [c for c in classes if re.search(r"Conformance|/Json|SceneJson", c)]
    commands = readme_conformance_commands(bundle)
    assert [c.split()[0] for c in commands] == ["kotlinc", "java"] and "src/test/kotlin" in commands[0]
    assert (bundle / default_android_bundle[1].name).exists()
    r = run_as_written(commands[1], bundle)
    assert r.returncode == 0, (commands[1], r.stdout[-2000:], r.stderr[-3000:])
    vectors = json.loads((bundle / "vectors.json").read_text())
    cases = len(vectors["cases"]) + len(vectors["motions"])  # the motions besides the press count too (issue 35)
    assert r.stdout.count("ok ") == cases + 1 and "FAIL" not in r.stdout


def assert_gradle_module(bundle, namespace):
    """The Android bundle is one Gradle library module (#37.3): its namespace comes from the
    preset, its source sets are the bundle's folders and hold every Kotlin file (the main set the
    engine and the adapter, the test set the conformance runner), and the README adds it."""
    gradle = (bundle / "build.gradle.kts").read_text()
    assert 'id("com.android.library")' in gradle and f'namespace = "{namespace}"' in gradle
    sets = dict(re.findall(r'getByName\("(main|test)"\) \{(.*?)\n        \}', gradle, re.S))
    folders = {name: re.findall(r'"([^"]+)"', re.search(r"kotlin\.srcDirs\(([^)]*)\)", body).group(1)) for name, body in sets.items()}
    assert set(folders) == {"main", "test"}
    for name, dirs in folders.items():
        assert dirs and all((bundle / d).is_dir() for d in dirs), (name, dirs)
    listed = {p for dirs in folders.values() for d in dirs for p in (bundle / d).rglob("*.kt")}
    assert listed == set(bundle.rglob("*.kt")), "every Kotlin file is in a source set"
    assert all("Conformance" not in str(p) for d in folders["main"] for p in (bundle / d).rglob("*"))
    manifest = re.search(r'manifest\.srcFile\("([^"]+)"\)', gradle).group(1)
    assert (bundle / manifest).read_text().strip().endswith("/>")
    readme = (bundle / "README.md").read_text()
    assert 'include(":chart")' in readme and 'implementation(project(":chart"))' in readme
    assert "workbench verify --public-key KEY" in readme


def test_bundles_add_to_an_app_as_their_guides_say_and_verify_in_ci(tmp_path):
    """Signed bundles: the files that make them drop-in are listed in PROVENANCE.json, and the
    guide's CI line verifies the folder as exported."""
    presets = tmp_path / "Presets"
    presets.mkdir()
    for path in (ROOT / "Presets").glob("*.json"):
        (presets / path.name).write_bytes(path.read_bytes())
    state = ["--presets", str(presets), "--state", str(tmp_path / "state")]
    key = workbench("key", *state).stdout.strip()
    for platform, drop_in in (("ios", "Package.swift"), ("android", "build.gradle.kts")):
        folder = tmp_path / platform
        workbench("export", "--preset", "PM's favourite", "--format", platform, "--output", str(folder), *state)
        listed = json.loads((folder / "PROVENANCE.json").read_text())
        assert drop_in in json.dumps(listed)
        if platform == "android":
            assert_gradle_module(folder, "com.chartworkbench.chart.pmsfavourite")
        line = next(l.strip() for l in (folder / "README.md").read_text().splitlines() if l.strip().startswith("workbench verify --public-key"))
        args = line.split()[1:]
        args[args.index("KEY")] = key
        args[-1] = str(folder)
        done = workbench(*args, "--allow-draft", check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        (folder / drop_in).write_text((folder / drop_in).read_text() + "\n// changed\n")
        assert workbench(*args, "--allow-draft", check=False).returncode != 0
