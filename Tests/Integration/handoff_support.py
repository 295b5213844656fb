"""What the handoff tests share: the CLI, presets that stress the exports, the toolchains."""
import fcntl
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import zipfile
from pathlib import Path

import pytest

from workbench_server import BINARY, ROOT

SWIFTC = shutil.which("swiftc")
KOTLINC = shutil.which("kotlinc")
JAVA = shutil.which("java")
JAVAC = shutil.which("javac")
# The JVMs here run for seconds, most of which C2's JIT threads spend compiling code they never
# get to use: C1 alone and the serial collector take under half the CPU (kotlinc of the engine
# 22 s → 9 s) on the two-core machine where `make test` shares it with browsers and servers.
QUICK_JVM_FLAGS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
JAVA_RUN = [JAVA, *QUICK_JVM_FLAGS]
KOTLINC_ENV = {**os.environ, "JAVA_OPTS": " ".join(QUICK_JVM_FLAGS + [os.environ.get("JAVA_OPTS", "")]).strip()}
STANDINS = Path(__file__).resolve().parent / "compose_standins"
MODULES = Path(BINARY).resolve().parent / "Modules"
CURVES = ["linear", "stepStart", "stepCenter", "stepEnd", "monotone", "catmullRom", "cardinal", "natural", "basis", "bumpX"]
KEYWORD_NAMES = ["Default", "class", "self", "init", "true", "in", "return"]
HOSTILE_NAME = 'x"; } import Foundation /* é */ `default` $x ${y} \\ end'


KOTLIN_JARS = ROOT / ".build" / "test-cache" / "kotlin"


def run_folder(tmp_path_factory):
    """A folder of this pytest run that every worker sees: under xdist the run's folder above the
    workers' own; run alone, its own temporary folder (the one above is pytest's for every run
    of every checkout on the machine, and what was made there would outlive the run)."""
    basetemp = tmp_path_factory.getbasetemp()
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


def made_once(target, make):
    """`target`, made by `make(partial)` unless it exists, under a lock beside it: pytest's
    workers (and, under .build, later runs) share one making, and a failed one leaves nothing."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_name(target.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker making it: wait for it
        if not target.exists():
            partial = target.with_name("partial-" + target.name)
            shutil.rmtree(partial, ignore_errors=True)
            make(partial)
            partial.rename(target)
    return target


def compiled_kotlin(sources, classpath):
    """The jar kotlinc makes of these sources against the jar `classpath`, kept under .build by a
    hash of the sources' names and contents and of the classes in `classpath` (their CRCs: a jar's
    times change with every compile, its classes do not): pytest's workers (and later runs) share
    one compile instead of each paying kotlinc's minute, and any changed source compiles afresh."""
    entries = sorted((Path(p).name, hashlib.sha256(Path(p).read_bytes()).hexdigest()) for p in sources)
    with zipfile.ZipFile(classpath) as jar:
        classes = sorted((info.filename, info.CRC) for info in jar.infolist())
    digest = hashlib.sha256(json.dumps([str(Path(KOTLINC).resolve()), entries, classes]).encode()).hexdigest()[:32]

    def compile_into(partial):
        r = subprocess.run([KOTLINC, "-cp", str(classpath), *map(str, sources), "-d", str(partial)], capture_output=True, text=True,
                           timeout=900, env=KOTLINC_ENV)
        assert r.returncode == 0 and partial.exists(), "\n".join(line for line in r.stderr.splitlines() if "error" in line)[-4000:]
    return made_once(KOTLIN_JARS / f"{digest}.jar", compile_into)


def exported_android_bundle(tmp_path_factory, preset):
    """`preset`'s Android bundle, exported once per run for every worker (by the preset file's name
    and contents): many tests read the same preset's vectors. Read it; change only a copy."""
    preset = Path(preset)
    key = hashlib.sha256(preset.name.encode() + b"\0" + preset.read_bytes()).hexdigest()[:16]
    return made_once(run_folder(tmp_path_factory) / "android-bundles" / key,
                     lambda partial: workbench("export", "--preset", str(preset), "--format", "android", "--output", str(partial)))


def readme_conformance_commands(bundle):
    """The commands an Android bundle's README gives to build its conformance runner and check
    vectors.json with it."""
    section = (bundle / "README.md").read_text().split("## Prove it draws the same chart", 1)[1]
    return [line.strip() for line in section.splitlines() if re.match(r"    (kotlinc|java) ", line)]


def kotlinc_command(bundle):
    """The README's kotlinc command, which builds the conformance jar."""
    return next(c for c in readme_conformance_commands(bundle) if c.startswith("kotlinc "))


def run_as_written(command, bundle):
    """A README command run in the bundle folder as written, with this machine's kotlinc or java."""
    args = command.split()
    args[:1] = [KOTLINC] if args[0] == "kotlinc" else JAVA_RUN
    return subprocess.run(args, cwd=bundle, capture_output=True, text=True, timeout=600, env=KOTLINC_ENV)


@pytest.fixture(scope="session")
def default_android_bundle(tmp_path_factory):
    """The Default preset's Android bundle and the conformance jar its README's kotlinc command
    builds, run in the exported folder as written. Made once per run for every worker (in the
    folder their temporary folders share): the README check runs its java command on this jar,
    and the Kotlin jar of test_handoff.py compiles against it rather than compiling the engine
    and its runner a second time."""
    if KOTLINC is None or JAVA is None:
        pytest.skip("kotlinc is not installed")

    def export_and_build(partial):
        workbench("export", "--preset", str(ROOT / "Presets" / "default.json"), "--format", "android", "--output", str(partial))
        command = kotlinc_command(partial)
        r = run_as_written(command, partial)
        assert r.returncode == 0, (command, r.stdout[-2000:], r.stderr[-3000:])
    bundle = made_once(run_folder(tmp_path_factory) / "android-default", export_and_build)
    args = kotlinc_command(bundle).split()
    return bundle, bundle / args[args.index("-d") + 1]



BATCH_SOURCE = Path(__file__).resolve().parent / "conformance_batch" / "ConformanceBatch.java"


class ConformanceJVM:
    """The Kotlin conformance commands of one class path, run one after another in one JVM
    (conformance_batch/ConformanceBatch.java): the scene, vectors and motion comparisons run
    hundreds of them, and a JVM's start costs more CPU than most commands. Each command still
    gets its own arguments, standard input and output; one that fails ends the JVM, and its
    message is the assertion's, as a single `java` run's was."""
    running = {}

    @classmethod
    def of(cls, classpath):
        jvm = cls.running.get(classpath)
        if jvm is None or jvm.process.poll() is not None:
            jvm = cls.running[classpath] = cls(classpath)
        return jvm

    def __init__(self, classpath):
        digest = hashlib.sha256(BATCH_SOURCE.read_bytes()).hexdigest()[:16]
        classes = made_once(KOTLIN_JARS.parent / f"conformance-batch-{digest}", lambda partial: subprocess.run(
            [JAVAC, *(f"-J{flag}" for flag in QUICK_JVM_FLAGS), "-d", str(partial), str(BATCH_SOURCE)], check=True, capture_output=True))
        self.errors = tempfile.TemporaryFile()
        self.process = subprocess.Popen([*JAVA_RUN, "-cp", f"{classpath}{os.pathsep}{classes}", "ConformanceBatch"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors)

    def run(self, args, stdin):
        """What `java -cp CLASSPATH com.chartworkbench.engine.ConformanceKt ARGS < STDIN` prints."""
        frames = [struct.pack(">i", len(args))]
        for part in [*(a.encode() for a in args), stdin.encode()]:
            frames += [struct.pack(">i", len(part)), part]
        try:
            self.process.stdin.write(b"".join(frames))
            self.process.stdin.flush()
            length = struct.unpack(">i", self._read(4))[0]
            return self._read(length).decode()
        except (BrokenPipeError, EOFError):
            self.process.wait(timeout=60)
            self.errors.seek(0)
            raise AssertionError((args, self.process.returncode, self.errors.read().decode(errors="replace")[-4000:])) from None

    def _read(self, count):
        data = self.process.stdout.read(count)
        if len(data) < count:
            raise EOFError
        return data


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


@pytest.fixture(scope="session")
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


def assert_scenes_close(a, b, size, context, path="scene"):
    """Same keys, kinds, strings and command letters; numbers within 1e-9 of the view size (or 1e-12 relative, for prices)."""
    if isinstance(b, dict):
        assert isinstance(a, dict) and sorted(a) == sorted(b), (context, path, sorted(a) if isinstance(a, dict) else a, sorted(b))
        for key in b:
            assert_scenes_close(a[key], b[key], size, context, f"{path}.{key}")
    elif isinstance(b, list):
        assert isinstance(a, list) and len(a) == len(b), (context, path, len(a) if isinstance(a, list) else a, len(b))
        for i, (u, v) in enumerate(zip(a, b)):
            assert_scenes_close(u, v, size, context, f"{path}[{i}]")
    elif isinstance(b, bool) or isinstance(b, str) or b is None:
        assert a == b, (context, path, a, b)
    else:
        assert not isinstance(a, (bool, str)) and abs(a - b) <= max(1e-9 * size, 1e-12 * abs(b)), (context, path, a, b)
