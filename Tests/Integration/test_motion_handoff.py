"""Motion handed off exactly (issue 18, item 4): every route `motion.json` recommends plays
`workbench ease` within 1e-3 over the whole transition and rests at the target after it, for
press (0 → 1) and release (1 → 0). Springs of several dampings, velocities and durations, in
both forms (UIKit damping/velocity over a duration; Apple's duration and bounce), and every
Bézier easing. Compose is checked with androidx's own spring maths, Apple's APIs with the exact
oscillator of their documented relations, CSS with Chromium's Web Animations."""
import json
import math
import subprocess

import pytest

from motion_reference import ComposeSpringAnimation, apple_stiffness_damping, damped_oscillator
from workbench_server import BINARY

np = pytest.importorskip("numpy")
TOLERANCE = 1e-3
# Compose keeps the progress in a Float: its rounding (6e-8 near 1) comes on top.
FLOAT_ROUNDING = 2.0 ** -23

SPRINGS = [
    {"easing": "spring", "springDamping": 0.05, "springVelocity": 0, "animationDuration": 0.3},
    {"easing": "spring", "springDamping": 0.1, "springVelocity": 5, "animationDuration": 0.5},
    {"easing": "spring", "springDamping": 0.2, "springVelocity": 10, "animationDuration": 1.0},
    {"easing": "spring", "springDamping": 0.3, "springVelocity": 2, "animationDuration": 2.0},
    {"easing": "spring", "springDamping": 0.5, "springVelocity": 10, "animationDuration": 2.0},
    {"easing": "spring", "springDamping": 0.65, "springVelocity": 0.8, "animationDuration": 0.45},
    {"easing": "spring", "springDamping": 1.0, "springVelocity": 0, "animationDuration": 0.3},
    {"easing": "spring", "springDamping": 1.0, "springVelocity": 0.5, "animationDuration": 0.3},
    {"easing": "spring", "springDamping": 1.0, "springVelocity": 10, "animationDuration": 2.0},
    {"easing": "perceptualSpring", "springDuration": 0.5, "springBounce": 0, "springVelocity": 0},
    {"easing": "perceptualSpring", "springDuration": 0.5, "springBounce": 0.15, "springVelocity": 0},
    {"easing": "perceptualSpring", "springDuration": 0.5, "springBounce": 0.3, "springVelocity": 0},
    {"easing": "perceptualSpring", "springDuration": 0.3, "springBounce": 0.9, "springVelocity": 3},
    {"easing": "perceptualSpring", "springDuration": 1.2, "springBounce": 0.5, "springVelocity": 8},
    {"easing": "perceptualSpring", "springDuration": 2.0, "springBounce": 0, "springVelocity": 10},
]
BEZIERS = [
    {"easing": "linear", "animationDuration": 0.3},
    {"easing": "easeIn", "animationDuration": 0.5},
    {"easing": "easeOut", "animationDuration": 0.25},
    {"easing": "easeInOut", "animationDuration": 0.3},
    {"easing": "cubicBezier", "cubicBezier": [0.2, -0.4, 0.6, 1.6], "animationDuration": 0.8},
    {"easing": "cubicBezier", "cubicBezier": [0.9, 0.1, 0.1, 0.9], "animationDuration": 1.5},
]


def spring_id(p):
    return "-".join(f"{k}={v}" for k, v in p.items() if k != "easing") + "-" + p["easing"]


def write_preset(folder, parameters):
    path = folder / (spring_id(parameters).replace("=", "").replace(".", "_").replace(",", "") + ".json")
    path.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": "Motion check", "author": "",
                                "notes": "", "updatedAt": "2026-11-23T10:00:00Z", "parameters": parameters}))
    return path


def exported_motion(preset):
    r = subprocess.run([BINARY, "export", "--preset", str(preset), "--format", "tokens"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["sets"]["chart"]["sources"][0]["chart"]["$extensions"]["com.chartworkbench"]["motion"]


def engine_ease(preset, fractions):
    stdin = "\n".join(repr(float(f)) for f in fractions) + "\n"
    r = subprocess.run([BINARY, "ease", "--preset", str(preset)], input=stdin, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return np.array([float(v) for v in r.stdout.split()])


def engine_progress(preset, duration, times, press=True):
    """The engine's progress at `times` seconds: `workbench ease` over the duration, then at rest."""
    times = np.asarray(times, dtype=float)
    fractions = np.minimum(times / duration, 1.0)
    eased = engine_ease(preset, fractions)
    return eased if press else 1 - eased


@pytest.fixture(scope="module")
def springs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("springs")
    out = []
    for parameters in SPRINGS:
        preset = write_preset(folder, parameters)
        out.append((parameters, preset, exported_motion(preset)))
    return out


@pytest.fixture(scope="module")
def beziers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("beziers")
    out = []
    for parameters in BEZIERS:
        preset = write_preset(folder, parameters)
        out.append((parameters, preset, exported_motion(preset)))
    return out


def test_motion_states_the_easing_as_it_is(springs, beziers):
    for parameters, _, motion in springs:
        assert motion["kind"] == "spring" and motion["easing"] == parameters["easing"]
        assert "spring" in motion and "cubicBezier" not in motion
        assert motion["press"]["css"]["animation-timing-function"].startswith("linear(")
    for parameters, _, motion in beziers:
        assert motion["kind"] == "cubicBezier" and "spring" not in motion, parameters
        points = motion["cubicBezier"]
        expected = {"linear": [0, 0, 1, 1], "easeIn": [0.42, 0, 1, 1], "easeOut": [0, 0, 0.58, 1],
                    "easeInOut": [0.42, 0, 0.58, 1]}.get(parameters["easing"], parameters.get("cubicBezier"))
        assert points == expected
        text = ", ".join(f"{v:g}" for v in points)
        for phase in ("press", "release"):
            p = motion[phase]
            assert p["css"]["animation-timing-function"] == f"cubic-bezier({text})"
            assert p["swiftui"]["code"].startswith(".timingCurve(") and "UICubicTimingParameters" in p["uikit"]["code"]
            assert "CubicBezierEasing(" in p["compose"]["code"] and "spring(" not in p["compose"]["code"]
            assert p["compose"]["cubicBezierEasing"] == points and p["swiftui"]["timingCurve"]["controlPoints"] == points
            assert [p["uikit"]["controlPoint1"]["x"], p["uikit"]["controlPoint1"]["y"],
                    p["uikit"]["controlPoint2"]["x"], p["uikit"]["controlPoint2"]["y"]] == points
            assert p["compose"]["durationMillis"] == round(parameters["animationDuration"] * 1000)


def test_compose_spring_with_androidx_maths(springs):
    """Animatable.animateTo with the exported spring(dampingRatio, stiffness, visibilityThreshold)
    and initial velocity, press and release, sampled every millisecond to well after the end."""
    worst = 0.0
    for parameters, preset, motion in springs:
        duration = motion["duration"]["value"]
        for phase, start, target in (("press", 0.0, 1.0), ("release", 1.0, 0.0)):
            c = motion[phase]["compose"]
            animation = ComposeSpringAnimation(start, target, c["dampingRatio"], c["stiffness"], c["visibilityThreshold"],
                                               c["initialVelocity"])
            # It runs at least as long as the engine's transition: it never stops early and snaps.
            assert animation.duration_millis >= math.floor(duration * 1000), (parameters, animation.duration_millis)
            millis = np.arange(0, int(max(animation.duration_millis, duration * 1000)) + 200)
            got = np.array([animation.value_at_millis(m) for m in millis])
            expected = engine_progress(preset, duration, millis / 1000, press=phase == "press")
            error = np.max(np.abs(got - expected))
            assert error <= TOLERANCE + FLOAT_ROUNDING, (parameters, phase, error)
            assert got[-1] == target
            worst = max(worst, error)
    print("Compose (androidx maths) worst difference from workbench ease:", worst)


def test_a_release_with_the_press_velocity_sign_is_off(springs):
    """The check above would catch the old mistake: releasing with +v₀ instead of −v₀."""
    parameters, preset, motion = next(s for s in springs if s[0].get("springVelocity") == 10)
    c = motion["release"]["compose"]
    assert c["initialVelocity"] < 0
    wrong = ComposeSpringAnimation(1.0, 0.0, c["dampingRatio"], c["stiffness"], c["visibilityThreshold"], -c["initialVelocity"])
    duration = motion["duration"]["value"]
    millis = np.arange(0, int(duration * 1000))
    got = np.array([wrong.value_at_millis(m) for m in millis])
    assert np.max(np.abs(got - engine_progress(preset, duration, millis / 1000, press=False))) > 10 * TOLERANCE


def apple_routes(phase):
    """(name, mass, stiffness, damping, initialVelocity) of every exported Apple route."""
    s = phase["swiftui"]["interpolatingSpring"]
    yield "SwiftUI interpolatingSpring", s["mass"], s["stiffness"], s["damping"], s["initialVelocity"]
    db = phase["swiftui"]["durationBounce"]
    k, c = apple_stiffness_damping(db["duration"], db["bounce"])
    yield "SwiftUI interpolatingSpring(duration:bounce:)", 1.0, k, c, db["initialVelocity"]
    u = phase["uikit"]["springTimingParameters"]
    assert u["initialVelocity"]["dy"] == 0
    yield "UIKit UISpringTimingParameters", u["mass"], u["stiffness"], u["damping"], u["initialVelocity"]["dx"]


def test_apple_springs_with_the_exact_oscillator(springs):
    worst = 0.0
    for parameters, preset, motion in springs:
        duration = motion["duration"]["value"]
        times = np.linspace(0, duration * 3, 3001)
        for name, start, target in (("press", 0.0, 1.0), ("release", 1.0, 0.0)):
            expected = engine_progress(preset, duration, times, press=name == "press")
            for route, m, k, c, v in apple_routes(motion[name]):
                got = damped_oscillator(m, k, c, v, times, start=start, target=target)
                error = np.max(np.abs(got - expected))
                assert error <= TOLERANCE, (parameters, name, route, error)
                worst = max(worst, error)
    print("Apple routes (exact oscillator) worst difference from workbench ease:", worst)


def test_perceptual_spring_is_apples_duration_and_bounce(springs):
    """A spring tuned by duration and bounce exports exactly those Apple terms, whatever it settles in."""
    for parameters, _, motion in springs:
        if parameters["easing"] != "perceptualSpring":
            continue
        db = motion["press"]["swiftui"]["durationBounce"]
        assert db["duration"] == pytest.approx(parameters["springDuration"], rel=1e-12)
        assert db["bounce"] == pytest.approx(parameters["springBounce"], abs=1e-12)
        k, c = apple_stiffness_damping(parameters["springDuration"], parameters["springBounce"])
        assert motion["spring"]["stiffness"] == pytest.approx(k, rel=1e-9)
        assert motion["spring"]["damping"] == pytest.approx(c, rel=1e-9)
    # A bouncier spring of the same duration takes longer to settle: the designer picks the pace
    # and the bounce, the settling time follows (without bounce it is about 1.5 × the duration).
    settle = {p["springBounce"]: m["duration"]["value"] for p, _, m in springs
              if p["easing"] == "perceptualSpring" and p["springDuration"] == 0.5}
    assert settle[0.15] < settle[0.3] and 0.6 < settle[0] < 0.8


CHROMIUM_SAMPLER = """
async ([easing, duration, times, from, to]) => {
  const el = document.getElementById('probe');
  const animation = el.animate([{'--p': String(from)}, {'--p': String(to)}], {duration, easing, fill: 'both'});
  animation.pause();
  const out = [];
  for (const t of times) {
    animation.currentTime = t;
    out.push(parseFloat(getComputedStyle(el).getPropertyValue('--p')));
  }
  animation.cancel();
  return out;
}
"""


@pytest.fixture(scope="module")
def chromium_page(browser):
    page = browser.new_page()
    # A registered number property: animated without clamping, so overshoot shows.
    page.set_content("<style>@property --p { syntax: '<number>'; inherits: false; initial-value: 0; }</style>"
                     "<div id='probe'></div>")
    yield page
    page.close()


def css_check(page, preset, motion, samples=1500):
    duration_ms = motion["duration"]["value"] * 1000
    worst = 0.0
    for name, start, target in (("press", 0.0, 1.0), ("release", 1.0, 0.0)):
        css = motion[name]["css"]
        assert css["animation-duration"].endswith("ms")
        assert float(css["animation-duration"][:-2]) == pytest.approx(duration_ms, abs=1e-3)
        times = [duration_ms * i / samples for i in range(samples + 1)] + [duration_ms * 1.5, duration_ms * 3]
        got = np.array(page.evaluate(CHROMIUM_SAMPLER, [css["animation-timing-function"], duration_ms, times, start, target]))
        expected = engine_progress(preset, duration_ms / 1000, np.array(times) / 1000, press=name == "press")
        worst = max(worst, float(np.max(np.abs(got - expected))))
        assert got[-1] == target and got[-2] == target
    return worst


def test_css_in_chromium(chromium_page, springs, beziers):
    worst = {"spring": 0.0, "cubicBezier": 0.0}
    for parameters, preset, motion in springs + beziers:
        error = css_check(chromium_page, preset, motion)
        assert error <= TOLERANCE, (parameters, error)
        worst[motion["kind"]] = max(worst[motion["kind"]], error)
    stops = max(m["press"]["css"]["stops"] for _, _, m in springs)
    print("Chromium worst difference from workbench ease:", worst, "most linear() stops:", stops)


def test_forty_evenly_spaced_stops_would_not_do(chromium_page, springs):
    """The sampler sees what a coarse linear() gets wrong, so the check above has teeth."""
    parameters, preset, motion = springs[0]  # damping 0.05 over 0.3 s
    coarse = engine_ease(preset, [i / 40 for i in range(41)])
    easing = "linear(" + ", ".join(f"{v:.4f}" for v in coarse) + ")"
    duration_ms = motion["duration"]["value"] * 1000
    times = [duration_ms * i / 800 for i in range(801)]
    got = np.array(chromium_page.evaluate(CHROMIUM_SAMPLER, [easing, duration_ms, times, 0, 1]))
    expected = engine_progress(preset, duration_ms / 1000, np.array(times) / 1000)
    assert np.max(np.abs(got - expected)) > 10 * TOLERANCE


def test_bundles_carry_the_reduced_variant_the_words_and_the_haptics(tmp_path):
    """A bouncy spring's reduced variant is linear over reducedMotionDuration in every platform's
    terms and plays as `workbench motion --reduced-motion` does (never past 1); the bundle's
    vectors hold reduced-motion crossfade scenes and the scenes' words; haptics per platform."""
    preset = tmp_path / "bouncy.json"
    preset.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": "Bouncy", "author": "", "notes": "",
                                  "updatedAt": "2026-11-23T10:00:00Z",
                                  "parameters": {"easing": "perceptualSpring", "springBounce": 0.6, "reducedMotionDuration": 0.4,
                                                 "haptics": "onPointCrossed", "hapticsMinInterval": 30}}))
    for platform in ["ios", "android"]:
        folder = tmp_path / platform
        r = subprocess.run([BINARY, "export", "--preset", str(preset), "--format", platform, "--output", str(folder)], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        motion = json.loads((folder / "motion.json").read_text())
        reduced = motion["reducedMotion"]
        assert motion["kind"] == "spring" and reduced["style"] == "crossfade" and reduced["animated"] and reduced["duration"]["value"] == 0.4
        assert reduced["press"]["swiftui"]["code"] == ".linear(duration: 0.4)"
        assert reduced["press"]["compose"]["code"] == "animatable.animateTo(1.0f, tween(durationMillis = 400, easing = LinearEasing))"
        assert reduced["release"]["css"] == {"animation-timing-function": "linear", "animation-duration": "400ms"}
        assert "accessibilityReduceMotion" in reduced["when"]["swiftui"] and "ANIMATOR_DURATION_SCALE" in reduced["when"]["android"]
        assert motion["haptics"]["style"] == "onPointCrossed" and motion["haptics"]["minInterval"]["value"] == 30
        assert "UISelectionFeedbackGenerator" in motion["haptics"]["ios"] and "TextHandleMove" in motion["haptics"]["compose"]
        vectors = json.loads((folder / "vectors.json").read_text())
        crossfades = [c for c in vectors["cases"] if c.get("reducedMotion")]
        assert crossfades and all("accessibility" in c["scene"] for c in vectors["cases"] if "scene" in c)
        mid = next(c for c in crossfades if c["progress"] == 0.5)
        assert [p["id"] for p in mid["scene"]["scene"]["primitives"]][:2] == ["fill-rest", "line-rest"]
    assert "accessibilityReduceMotion" in (tmp_path / "ios/ChartSwiftUI/ChartView.swift").read_text()
    compose = (tmp_path / "android/chart-compose/src/main/kotlin/com/chartworkbench/compose/Chart.kt").read_text()
    assert "ANIMATOR_DURATION_SCALE" in compose and "stateDescription" in compose and "TextHandleMove" in compose
    played = subprocess.run([BINARY, "motion", "--preset", str(preset), "--reduced-motion"], input="press 0\nfollow 0.2\nfollow 0.39\nfollow 0.4\n",
                            capture_output=True, text=True, timeout=60).stdout.splitlines()
    progress = [float(line.split(",")[0]) for line in played]
    assert abs(progress[1] - 0.5) < 1e-9 and progress[2] < 1 and progress[3] == 1
