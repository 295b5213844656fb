"""`workbench check` (issue 28): the engine's readability report against independent references,
through the command line as a whole process, on generated presets — random colours and
adversarial ones (black, white, the backgrounds themselves, the 0.04045 knee, primaries the
colour-vision matrices push out of gamut, greys, hues either side of CIEDE2000's 0°/360° seam).

References: the WCAG 2.x formula written out below, and colour-science (`colour`) for the
Machado 2009 simulation (matrix_cvd_Machado2009 at severity 1 on linear sRGB, clipped),
sRGB → XYZ → CIELAB (D65) and ΔE00."""
import json
import random
import subprocess
import warnings

import numpy as np
import pytest

from workbench_server import BINARY

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    colour = pytest.importorskip("colour", reason="pip install colour-science")

BACKGROUNDS = {"light": ("#FFFFFF", "#15171C"), "dark": ("#0F1115", "#F2F3F5")}
TIME_OPACITY = 0.65
VISIONS = {"none": None, "protanopia": "Protanomaly", "deuteranopia": "Deuteranomaly", "tritanopia": "Tritanomaly"}
ADVERSARIAL = ["#000000", "#FFFFFF", "#0F1115", "#15171C", "#F2F3F5", "#0A0A0A", "#0B0B0B", "#0A0B0A", "#010101", "#FEFEFE",
               "#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#00FFFF", "#FF00FF", "#777777", "#767676", "#808080",
               "#FF0001", "#FF0100", "#FE00FF", "#FF0080", "#FF8000", "#0080FF", "#800000", "#008000", "#000080",
               "#F7931A", "#B8B8B8", "#E0245E", "#FFE8CC", "#0B0A0A", "#0A0A0B"]


def rgb(hex_):
    return np.array([int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5)])


def wcag_ratio(a, b):
    def luminance(h):
        c = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb(h)]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def mix(a, b, p):
    """8-bit sRGB composite of b at opacity p over a, each channel rounded half away from zero."""
    if p <= 0:
        return a
    if p >= 1:
        return b
    u, v = rgb(a) * 255, rgb(b) * 255
    return "#" + "".join(f"{int(np.floor(x + (y - x) * p + 0.5)):02X}" for x, y in zip(u, v))


@pytest.fixture(autouse=True)
def quiet_colour_science():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its notes on tritanomaly and on optional plotting
        yield


def reference_lab(hex_, vision):
    linear = colour.models.eotf_sRGB(rgb(hex_))
    if VISIONS[vision]:
        matrix = colour.blindness.matrix_cvd_Machado2009(VISIONS[vision], 1.0)
        multiply = getattr(colour.algebra, "vecmul", None) or colour.algebra.vector_dot  # renamed in colour 0.4.5
        linear = np.clip(multiply(matrix, linear), 0, 1)
    xyz = colour.RGB_to_XYZ(linear, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False)
    return colour.XYZ_to_Lab(xyz)


def write_preset(folder, name, parameters):
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": name, "author": "test", "notes": "",
                                "updatedAt": "2026-01-01T00:00:00Z", "parameters": parameters}))
    return path


def check(*args):
    return subprocess.run([BINARY, "check", *args], capture_output=True, text=True, timeout=60)


def generated_presets():
    rng = random.Random(28)
    def random_colour():
        return "#" + "".join(f"{rng.randrange(256):02X}" for _ in range(3))
    presets = []
    for i in range(0, len(ADVERSARIAL), 4):
        colours = (ADVERSARIAL[i:i + 4] + ADVERSARIAL[:4])[:4]
        presets.append(colours)
    for i in range(len(ADVERSARIAL)):  # every adversarial colour against its neighbours, shifted
        presets.append([ADVERSARIAL[i], ADVERSARIAL[(i + 7) % len(ADVERSARIAL)], ADVERSARIAL[(i + 3) % len(ADVERSARIAL)], ADVERSARIAL[(i + 11) % len(ADVERSARIAL)]])
    for _ in range(120):
        presets.append([random_colour() for _ in range(4)])
    result = []
    for n, (line, trailing, fill, indicator) in enumerate(presets):
        result.append({"lineColor": line, "trailingColor": trailing, "fillColor": fill, "indicatorColor": indicator,
                       "fillEnabled": n % 9 != 0, "labelEnabled": n % 7 != 0,
                       "fillTopOpacity": [0.7, 1, 0.35, 0, 0.05][n % 5], "fillBottomOpacity": [0, 0.2, 0.9, 0, 0][n % 5],
                       "inactiveLineWidth": 4, "activeLineWidth": 2})
    return result


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    folder = tmp_path_factory.mktemp("readability")
    out = []
    for n, parameters in enumerate(generated_presets()):
        r = check("--preset", str(write_preset(folder, f"p{n}", parameters)), "--format", "json")
        assert r.returncode in (0, 1), r.stderr
        report = json.loads(r.stdout)
        assert (r.returncode == 0) == report["pass"], parameters
        out.append((parameters, report))
    return out


def test_contrast_is_the_wcag_formula(reports):
    worst, count = 0.0, 0
    for parameters, report in reports:
        for c in report["contrast"]:
            background, text = BACKGROUNDS[c["background"]]
            drawn = {"line": parameters["lineColor"], "trailing": parameters["trailingColor"], "indicator": parameters["indicatorColor"],
                     "labelPrice": text, "labelTime": mix(background, text, TIME_OPACITY)}[c["element"]]
            assert c["color"] == drawn, (c, parameters)
            expected = wcag_ratio(drawn, background)
            worst = max(worst, abs(c["ratio"] - expected))
            count += 1
            threshold = 4.5 if c["element"].startswith("label") else 3
            assert c["threshold"] == threshold and c["pass"] == (c["ratio"] >= threshold)
            assert c["kind"] == ("text" if c["element"].startswith("label") else "graphics")
        elements = [(c["element"], c["state"]) for c in report["contrast"] if c["background"] == "light"]
        assert elements[:4] == [("line", "rest"), ("line", "active"), ("trailing", "active"), ("indicator", "active")]
        assert len(elements) == (6 if parameters["labelEnabled"] else 4)
    print(f"\nWCAG: {count} ratios, max |engine − formula| = {worst:.3g}")
    assert worst < 1e-9


def test_simulation_lab_and_ciede2000_match_colour_science(reports):
    worst_lab, worst_de, worst_formula, count = 0.0, 0.0, 0.0, 0
    for parameters, report in reports:
        pairs = {(d["pair"], d.get("background")) for d in report["distinctness"]}
        opacity = max(parameters["fillTopOpacity"], parameters["fillBottomOpacity"])
        expected_pairs = {("line-trailing", None)}
        if parameters["fillEnabled"] and opacity > 0:
            expected_pairs |= {("line-fill", "light"), ("line-fill", "dark")}
        assert pairs == expected_pairs
        for d in report["distinctness"]:
            second = parameters["trailingColor"] if d["pair"] == "line-trailing" else mix(BACKGROUNDS[d["background"]][0], parameters["fillColor"], opacity)
            assert (d["first"]["color"], d["second"]["color"]) == (parameters["lineColor"], second)
            labs = []
            for seen in (d["first"], d["second"]):
                ours = np.array([seen["lab"]["L"], seen["lab"]["a"], seen["lab"]["b"]])
                theirs = reference_lab(seen["color"], d["vision"])
                worst_lab = max(worst_lab, float(np.linalg.norm(ours - theirs)))
                labs.append((ours, theirs))
                count += 1
            (o1, t1), (o2, t2) = labs
            worst_formula = max(worst_formula, abs(d["deltaE"] - float(colour.delta_E(o1, o2, method="CIE 2000"))))
            worst_de = max(worst_de, abs(d["deltaE"] - float(colour.delta_E(t1, t2, method="CIE 2000"))))
            assert d["threshold"] == 10 and d["pass"] == (d["deltaE"] >= 10)
    print(f"\ncolour-science: {count} simulated colours, max ΔE*ab(engine, colour) = {worst_lab:.3g}; "
          f"ΔE00 max diff {worst_de:.3g} (same Lab: {worst_formula:.3g})")
    assert worst_lab < 0.5 and worst_lab < 1e-6
    assert worst_formula < 1e-9 and worst_de < 1e-6


def test_failures_are_the_failed_checks_in_words(reports):
    for parameters, report in reports:
        failed = [c for c in report["contrast"] if not c["pass"]] + [d for d in report["distinctness"] if not d["pass"]]
        assert len(report["failures"]) == len(failed) and report["pass"] == (not failed)
        for c, sentence in zip(failed, report["failures"]):
            if "ratio" in c:
                shown = float(sentence.split(": ")[-1].split(":1")[0])
                assert sentence.startswith(f"{c['name']} {c['color']} on {c['background']} (")
                assert shown <= c["ratio"] and c["ratio"] - shown < 0.01  # rounded down: never shown as passing
                assert sentence.endswith(f"needs {c['threshold']:g}:1")


def test_exit_status_text_and_names(tmp_path):
    passing = {"lineColor": "#1F6FEB", "trailingColor": "#8A6D00", "indicatorColor": "#C2185B", "fillColor": "#1F6FEB", "fillTopOpacity": 0.2}
    failing = {"lineColor": "#FFE8CC", "trailingColor": "#B8B8B8"}
    write_preset(tmp_path, "Readable", passing)
    path = write_preset(tmp_path, "Pale", failing)
    ok = check("--preset", "Readable", "--presets", str(tmp_path))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.startswith('Readability of "Readable": pass') and "Failures" not in ok.stdout
    bad = check("--preset", str(path))
    assert bad.returncode == 1 and 'Readability of "Pale": FAIL' in bad.stdout
    assert "Line #FFE8CC on light (at rest, 4 px): 1.18:1, needs 3:1" in bad.stdout
    as_json = json.loads(check("--preset", str(path), "--format", "json").stdout)
    assert not as_json["pass"] and as_json["thresholds"] == {"graphics": 3, "text": 4.5, "distinctness": 10}
    assert [b["name"] for b in as_json["backgrounds"]] == ["light", "dark"]
    for args, words in [(["--preset", "Nope", "--presets", str(tmp_path)], "no preset named"),
                        (["--preset", str(path), "--format", "xml"], "--format"),
                        (["--preset", str(tmp_path / "missing.json")], "--preset")]:
        r = check(*args)
        assert r.returncode == 1 and words in r.stderr and r.stdout == "", (args, r.stderr)
