"""Exports compile (Swift with swiftc, Kotlin parses in a Kotlin grammar) and carry every
user string intact, escaped for the target language."""
import json
import shutil
import subprocess
from urllib.parse import quote

import pytest

from test_presets import TRICKY_NAMES, put

SWIFTC = shutil.which("swiftc")


def export(server, name, fmt):
    r = server.get("/api/presets/" + quote(name, safe="") + "/export?format=" + fmt)
    assert r.status_code == 200
    return r


@pytest.fixture(scope="module")
def tricky(server):
    names = []
    for i, name in enumerate(TRICKY_NAMES):
        put(server, name, {"easing": "spring", "inactiveCurve": "catmullRom"}, notes=name + " notes", author=name)
        names.append(name)
    yield names
    for name in names:
        server.request("DELETE", "/api/presets/" + quote(name, safe=""))


@pytest.mark.skipif(SWIFTC is None, reason="swiftc is not installed")
def test_swift_exports_compile_and_keep_the_strings(server, tricky, tmp_path):
    sources = []
    checks = []
    for i, name in enumerate(tricky + ["Designer's favourite"]):
        text = export(server, name, "swift").text
        # Each export is standalone; give each its own module to compile it alone and read it back.
        folder = tmp_path / f"m{i}"
        folder.mkdir()
        (folder / "Style.swift").write_text(text)
        value = [line for line in text.splitlines() if line.strip().startswith("static let ")][0].split()[2]
        (folder / "main.swift").write_text(f"print(ChartStyle.{value}.name)\nprint(ChartStyle.{value}.notes)\n")
        binary = folder / "check"
        result = subprocess.run([SWIFTC, "-O", "-o", str(binary), str(folder / "Style.swift"), str(folder / "main.swift")],
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, (name, result.stderr[-2000:])
        out = subprocess.run([str(binary)], capture_output=True, text=True).stdout
        preset = server.get("/api/presets/" + quote(name, safe="")).json()
        assert out == f"{preset['name']}\n{preset['notes']}\n"
        sources.append(text)
    assert all("\u202e" not in s for s in sources)  # bidi overrides are escaped, not emitted raw


def test_kotlin_exports_parse_without_errors(server, tricky):
    tree_sitter = pytest.importorskip("tree_sitter")
    kotlin = pytest.importorskip("tree_sitter_kotlin")
    parser = tree_sitter.Parser(tree_sitter.Language(kotlin.language()))
    for name in tricky + ["PM's favourite"]:
        text = export(server, name, "kotlin").text
        tree = parser.parse(text.encode())
        errors = []
        stack = [tree.root_node]
        while stack:
            node = stack.pop()
            if node.type == "ERROR" or node.is_missing:
                errors.append((node.start_point, text.encode()[node.start_byte:node.end_byte][:80]))
            stack.extend(node.children)
        assert not errors, (name, errors)
        assert "data class ChartStyle(" in text and "Color(0xFF" in text and ".dp" in text
        # The name literal decodes back to the name (Kotlin escapes are a subset of JSON's plus \$).
        literal = [line for line in text.splitlines() if line.strip().startswith("name = ")][0].strip()[len("name = "):-1]
        decoded = json.loads(literal.replace("\\$", "$"))
        assert decoded == name


def test_tokens_follow_the_design_tokens_format(server):
    tokens = json.loads(export(server, "Designer's favourite", "tokens").text)
    chart = tokens["sets"]["chart"]["sources"][0]["chart"]
    schema = {p["key"]: p for p in server.get("/api/schema").json()["parameters"]}
    help_text = schema["inactiveLineWidth"]["help"]
    assert chart["line"]["inactiveLineWidth"] == {"$type": "dimension", "$value": {"value": 2.5, "unit": "px"},
                                                   "$description": help_text}
    assert chart["animation"]["animationDuration"]["$type"] == "duration"
    assert chart["animation"]["animationDuration"]["$value"] == {"value": 450, "unit": "ms"}
    assert chart["line"]["lineColor"]["$type"] == "color" and chart["line"]["lineColor"]["$value"]["hex"] == "#DE7800"
    assert chart["fill"]["fillTopOpacity"] == {"$type": "number", "$value": 0.35, "$description": schema["fillTopOpacity"]["help"]}
    extension = chart["$extensions"]["com.chartworkbench"]
    # Designer's favourite draws at rest as a monotone curve since issue 39 (the honesty check).
    assert extension["inactiveCurve"] == "monotone" and extension["easing"] == "spring"
    # Named easings become a cubicBezier token.
    pm = json.loads(export(server, "PM's favourite", "tokens").text)
    assert pm["sets"]["chart"]["sources"][0]["chart"]["animation"]["easingCurve"] == {"$type": "cubicBezier", "$value": [0, 0, 0.58, 1],
                                                        "$description": "The transition's timing curve."}


def test_svg_export_animates_without_script(server):
    r = export(server, "Default", "svg")
    assert r.headers["Content-Type"].startswith("image/svg+xml")
    assert "attachment" in r.headers["Content-Disposition"]
    assert "<animate attributeName=\"d\"" in r.text and "<script" not in r.text
    assert "repeatCount=\"indefinite\"" in r.text


def test_unknown_format_is_400(server):
    r = server.get("/api/presets/Default/export?format=pdf")
    assert r.status_code == 400 and r.json()["error"]["field"] == "format"
