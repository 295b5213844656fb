"""Design tokens as a DTCG 2025.10 resolver (sets, the theme and motion modifiers), Figma
Variables out (`--format figma`) and in (`workbench import-figma`, `POST /api/presets/{name}/figma`).
The Figma fixtures are written here by hand from Figma's documented REST format (GET
/v1/files/:key/variables/local), not produced by the workbench's exporter."""
import copy
import itertools
import json
import re
import subprocess

import pytest

from workbench_server import BINARY, ROOT, Server, copy_shipped_presets, opened_db, small_csv

DTCG_TYPES = {"color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number",
              "strokeStyle", "border", "transition", "shadow", "gradient", "typography"}
ALIAS = re.compile(r"^\{([^{}]+)\}$")


def run(*args, check=True):
    r = subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, timeout=120)
    if check:
        assert r.returncode == 0, (args, r.stderr)
    return r


@pytest.fixture
def folder(tmp_path):
    presets = tmp_path / "Presets"
    copy_shipped_presets(presets)
    return presets


def common(folder, tmp_path):
    return ["--presets", folder, "--state", tmp_path / "state"]


# ---------------------------------------------------------------- DTCG resolver, validated


def merge(into, source):
    """The resolver's merge: later sources override earlier ones, token by token."""
    for key, value in source.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict) and "$value" not in value:
            merge(into[key], value)
        else:
            into[key] = copy.deepcopy(value)


def resolve(doc, chosen):
    """The token tree for one choice of context per modifier, following resolutionOrder."""
    tree = {}
    for step in doc["resolutionOrder"]:
        pointer = step["$ref"]
        assert pointer.startswith("#/"), pointer
        kind, name = pointer[2:].split("/")
        assert kind in ("sets", "modifiers") and name in doc[kind], f"{pointer} does not resolve"
        if kind == "sets":
            sources = doc["sets"][name]["sources"]
        else:
            sources = doc["modifiers"][name]["contexts"][chosen[name]]
        for source in sources:
            assert "$ref" not in source, "the export's sources are inline"
            merge(tree, source)
    return tree


def tokens(tree, path=(), inherited=None):
    """(path, token, type) for every token; a group's $type is inherited."""
    group_type = tree.get("$type", inherited)
    for key, value in tree.items():
        if key.startswith("$") or not isinstance(value, dict):
            continue
        if "$value" in value:
            yield path + (key,), value, value.get("$type", group_type)
        else:
            yield from tokens(value, path + (key,), group_type)


def check_value(kind, value, lookup, where):
    """Raises unless `value` is a valid `kind` value (aliases resolve to a token of that type)."""
    if isinstance(value, str) and ALIAS.match(value):
        target = lookup.get(ALIAS.match(value).group(1))
        assert target is not None, f"{where}: alias {value} does not resolve"
        assert target[1] == kind, f"{where}: alias {value} is a {target[1]}, not a {kind}"
        return check_value(kind, target[0]["$value"], lookup, where)
    if kind == "color":
        assert value["colorSpace"] == "srgb" and len(value["components"]) == 3, where
        assert all(0 <= c <= 1 for c in value["components"]) and re.fullmatch(r"#[0-9A-F]{6}", value["hex"]), where
    elif kind == "dimension":
        assert set(value) == {"value", "unit"} and value["unit"] in ("px", "rem") and isinstance(value["value"], (int, float)), where
    elif kind == "duration":
        assert set(value) == {"value", "unit"} and value["unit"] in ("ms", "s") and value["value"] >= 0, where
    elif kind == "cubicBezier":
        assert len(value) == 4 and 0 <= value[0] <= 1 and 0 <= value[2] <= 1, where
    elif kind == "number":
        assert isinstance(value, (int, float)) and not isinstance(value, bool), where
    elif kind == "transition":
        assert set(value) == {"duration", "delay", "timingFunction"}, where
        check_value("duration", value["duration"], lookup, where + ".duration")
        check_value("duration", value["delay"], lookup, where + ".delay")
        check_value("cubicBezier", value["timingFunction"], lookup, where + ".timingFunction")
    else:
        raise AssertionError(f"{where}: no check for {kind}")
    return value


def validate(doc):
    """Every context combination resolves to tokens of known types whose values and aliases hold."""
    assert doc["version"] == "2025.10" and isinstance(doc["name"], str)
    for name, modifier in doc["modifiers"].items():
        assert modifier["contexts"] and modifier["default"] in modifier["contexts"], name
        assert all(isinstance(c, list) and c for c in modifier["contexts"].values()), name
    names = list(doc["modifiers"])
    resolved = {}
    for combo in itertools.product(*(doc["modifiers"][n]["contexts"] for n in names)):
        chosen = dict(zip(names, combo))
        tree = resolve(doc, chosen)
        found = list(tokens(tree))
        lookup = {".".join(p): (t, kind) for p, t, kind in found}
        for path, token, kind in found:
            assert kind in DTCG_TYPES, f"{'.'.join(path)}: $type {kind!r} is not a DTCG type"
            check_value(kind, token["$value"], lookup, ".".join(path))
        resolved[combo] = (tree, lookup)
    return resolved


def value_of(lookup, name):
    token, kind = lookup[name]
    value = token["$value"]
    while isinstance(value, str) and ALIAS.match(value):
        value = lookup[ALIAS.match(value).group(1)][0]["$value"]
    return value


@pytest.mark.parametrize("extra", [{}, {"easing": "spring", "springDamping": 0.4, "springVelocity": 2, "reducedMotionStyle": "none"},
                                   {"easing": "cubicBezier", "cubicBezier": [0.2, -0.4, 0.6, 1.6], "reducedMotionDuration": 0.35}])
def test_tokens_are_a_dtcg_resolver_with_theme_and_motion_modifiers(tmp_path, extra):
    preset = json.loads((ROOT / "Presets" / "default.json").read_text())
    preset["parameters"].update(extra)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(preset))
    doc = json.loads(run("export", "--preset", path, "--format", "tokens").stdout)
    assert set(doc["modifiers"]) == {"theme", "motion"}
    assert set(doc["modifiers"]["theme"]["contexts"]) == {"light", "dark"} and set(doc["modifiers"]["motion"]["contexts"]) == {"full", "reduced"}
    assert [s["$ref"] for s in doc["resolutionOrder"]] == ["#/sets/chart", "#/modifiers/theme", "#/modifiers/motion"]
    resolved = validate(doc)
    style = {**json.loads((ROOT / "Presets" / "default.json").read_text())["parameters"], **extra}
    for theme in ("light", "dark"):
        _, lookup = resolved[(theme, "full")]
        assert value_of(lookup, "chart.line.lineColor")["hex"] == style["lineColor"].upper()
    full = resolved[("light", "full")][0]["chart"]["motion"]
    reduced = value_of(resolved[("light", "reduced")][1], "chart.motion.press")
    assert reduced["timingFunction"] == [0, 0, 1, 1]
    if extra.get("reducedMotionStyle") == "none":
        assert reduced["duration"] == {"value": 0, "unit": "ms"}
    else:
        assert reduced["duration"] == {"value": round(style.get("reducedMotionDuration", 0.2) * 1000), "unit": "ms"}
    if extra.get("easing") == "spring":
        # No DTCG type for a spring: its terms are a documented extension, never dropped.
        assert "press" not in full
        spring = full["pressSettle"]["$extensions"]["com.chartworkbench"]["spring"]
        assert spring["dampingRatio"] == 0.4 and spring["initialVelocity"] == 2 and spring["mass"] == 1
        assert full["pressSettle"]["$type"] == "duration"
    else:
        press = value_of(resolved[("light", "full")][1], "chart.motion.press")
        lookup = resolved[("light", "full")][1]
        assert value_of(lookup, press["duration"][1:-1]) == {"value": round(style["animationDuration"] * 1000), "unit": "ms"}
        bezier = extra.get("cubicBezier", [0.42, 0, 0.58, 1])
        assert value_of(lookup, press["timingFunction"][1:-1]) == bezier


def test_the_validator_refuses_what_the_format_refuses():
    """The structural check fails on an unknown type, a broken alias and a missing context."""
    doc = {"version": "2025.10", "name": "x", "sets": {"s": {"sources": [{"a": {"$type": "colour", "$value": 1}}]}},
           "modifiers": {}, "resolutionOrder": [{"$ref": "#/sets/s"}]}
    with pytest.raises(AssertionError, match="not a DTCG type"):
        validate(doc)
    doc["sets"]["s"]["sources"] = [{"a": {"$type": "transition", "$value": {"duration": "{nowhere}", "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0, 0, 1, 1]}}}]
    with pytest.raises(AssertionError, match="does not resolve"):
        validate(doc)
    doc["sets"]["s"]["sources"] = [{}]
    doc["modifiers"] = {"theme": {"contexts": {"light": [{}]}, "default": "dark"}}
    with pytest.raises(AssertionError):
        validate(doc)


# ---------------------------------------------------------------- Figma Variables, by hand


def rgba(hex_colour, a=1):
    v = int(hex_colour[1:], 16)
    return {"r": (v >> 16 & 255) / 255, "g": (v >> 8 & 255) / 255, "b": (v & 255) / 255, "a": a}


def figma_file():
    """A local-variables answer as Figma documents it: a primitives collection (one mode) and the
    chart's collection with Light and Dark modes, an alias into the primitives, a variable that
    is not the workbench's, and a Dark value that differs."""
    def variable(vid, name, collection, kind, values):
        return {"id": vid, "name": name, "key": "k" + vid.split(":")[-1], "variableCollectionId": collection,
                "resolvedType": kind, "valuesByMode": values, "remote": False, "description": "",
                "hiddenFromPublishing": False, "scopes": ["ALL_SCOPES"], "codeSyntax": {}}
    prim, chart = "VariableCollectionId:3:1", "VariableCollectionId:4:1"
    variables = {
        "VariableID:3:2": variable("VariableID:3:2", "brand/orange", prim, "COLOR", {"3:0": rgba("#123456")}),
        "VariableID:4:2": variable("VariableID:4:2", "chart/line/lineColor", chart, "COLOR",
                                   {"4:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:3:2"}, "4:1": rgba("#ABCDEF")}),
        "VariableID:4:3": variable("VariableID:4:3", "chart/line/inactiveLineWidth", chart, "FLOAT", {"4:0": 5.5, "4:1": 5.5}),
        "VariableID:4:4": variable("VariableID:4:4", "chart/indicator/markerRadius", chart, "FLOAT", {"4:0": 6, "4:1": 6}),
        "VariableID:4:5": variable("VariableID:4:5", "chart/fill/fillColor", chart, "COLOR", {"4:0": rgba("#00FF80"), "4:1": rgba("#00FF80")}),
        "VariableID:4:6": variable("VariableID:4:6", "button/radius", chart, "FLOAT", {"4:0": 8, "4:1": 8}),
    }
    collections = {
        prim: {"id": prim, "name": "Primitives", "key": "p", "modes": [{"modeId": "3:0", "name": "Value"}], "defaultModeId": "3:0",
               "remote": False, "hiddenFromPublishing": True, "variableIds": ["VariableID:3:2"]},
        chart: {"id": chart, "name": "Chart", "key": "c", "modes": [{"modeId": "4:0", "name": "Light"}, {"modeId": "4:1", "name": "Dark"}],
                "defaultModeId": "4:0", "remote": False, "hiddenFromPublishing": False,
                "variableIds": ["VariableID:4:2", "VariableID:4:3", "VariableID:4:4", "VariableID:4:5", "VariableID:4:6"]},
    }
    return {"status": 200, "error": False, "meta": {"variables": variables, "variableCollections": collections}}


def parameters(folder, file_name="default.json"):
    return json.loads((folder / file_name).read_text())["parameters"]


def test_a_figma_file_previews_then_applies(folder, tmp_path):
    source = tmp_path / "figma.json"
    source.write_text(json.dumps(figma_file()))
    before = (folder / "default.json").read_bytes()
    stored = lambda: json.loads(run("export", "--preset", "Default", "--format", "json", *common(folder, tmp_path)).stdout)["parameters"]
    was = stored()
    shown = run("import-figma", source, "--preset", "Default", *common(folder, tmp_path)).stdout
    assert "lineColor (chart/line/lineColor):" in shown and "\u2192 #123456" in shown
    assert "inactiveLineWidth (chart/line/inactiveLineWidth): 4 \u2192 5.5" in shown
    assert "markerRadius (chart/indicator/markerRadius):" in shown and "fillColor (chart/fill/fillColor):" in shown and "\u2192 #00FF80" in shown
    assert "Dark value #ABCDEF is not applied" in shown and "button/radius" in shown and "--apply" in shown
    assert (folder / "default.json").read_bytes() == before, "a preview writes nothing"
    # The history names a person by their secret: --by with a name alone is refused, nothing written.
    claimed = run("import-figma", source, "--preset", "Default", "--apply", "--by", "Cat", *common(folder, tmp_path), check=False)
    assert claimed.returncode == 1 and "--by Cat: set WORKBENCH_SECRET to Cat's secret" in claimed.stderr, claimed.stderr
    assert (folder / "default.json").read_bytes() == before
    # Refused on one line whatever the name holds, and with or without --apply.
    for by, words in [("", "--by needs a person's name"), ("Bob\nSaved revision 9", '--by "Bob\\nSaved revision 9": set WORKBENCH_SECRET')]:
        for apply in (["--apply"], []):
            done = run("import-figma", source, "--preset", "Default", *apply, "--by", by, *common(folder, tmp_path), check=False)
            assert done.returncode == 1 and done.stdout == "" and len(done.stderr.strip().splitlines()) == 1 and words in done.stderr, (by, apply, done.stderr)
    assert (folder / "default.json").read_bytes() == before
    # An export of a file is not logged: a --by there is said to have no place.
    done = run("export", "--preset", folder / "default.json", "--format", "swift", "--by", "Cat", check=False)
    assert done.returncode == 1 and "--by names who exports a preset of the presets folder" in done.stderr, done.stderr
    applied = run("import-figma", source, "--preset", "Default", "--apply", *common(folder, tmp_path)).stdout
    assert "Saved revision 2" in applied
    # Without --by the command line acts as the folder's owner.
    with opened_db(folder / ".workbench.sqlite") as history:
        assert history.execute("SELECT author FROM revisions WHERE number = 2").fetchall() == [("owner",)]
    after = stored()
    assert parameters(folder)["lineColor"] == "#123456"
    assert {k: v for k, v in after.items() if v != was[k]} == {"lineColor": "#123456", "inactiveLineWidth": 5.5, "markerRadius": 6, "fillColor": "#00FF80"}


def test_figma_export_imports_back_unchanged_and_carries_a_preset_over(folder, tmp_path):
    for name in ("Default", "Designer's favourite", "PM's favourite"):
        exported = tmp_path / "out.json"
        exported.write_text(run("export", "--preset", name, "--format", "figma", *common(folder, tmp_path)).stdout)
        doc = json.loads(exported.read_text())
        (collection,) = doc["meta"]["variableCollections"].values()
        assert [m["name"] for m in collection["modes"]] == ["Light", "Dark"]
        assert all(v["resolvedType"] in ("COLOR", "FLOAT") for v in doc["meta"]["variables"].values())
        # docs/tokens.md names every variable that travels.
        guide = (ROOT / "docs" / "tokens.md").read_text()
        assert all(f"| `{v['name']}` | {v['resolvedType']} | `{v['key']}` |" in guide for v in doc["meta"]["variables"].values())
        shown = run("import-figma", exported, "--preset", name, "--apply", *common(folder, tmp_path)).stdout
        assert "no parameter changes" in shown and "Nothing to save." in shown and "note:" not in shown
    # Designer's favourite's colours and widths, through Figma, into Default: now they agree.
    exported.write_text(run("export", "--preset", "Designer's favourite", "--format", "figma", *common(folder, tmp_path)).stdout)
    run("import-figma", exported, "--preset", "Default", "--apply", *common(folder, tmp_path))
    moved = [v["name"].rsplit("/", 1)[1] for v in json.loads(exported.read_text())["meta"]["variables"].values()]
    stored = lambda name: json.loads(run("export", "--preset", name, "--format", "json", *common(folder, tmp_path)).stdout)["parameters"]
    designer, default = stored("Designer's favourite"), stored("Default")
    assert len(moved) >= 8 and all(default[k] == designer[k] for k in moved)
    assert default["lineColor"] == designer["lineColor"] and default["inactiveLineWidth"] == designer["inactiveLineWidth"]
    # The export is signed like every export, and verifies.
    key = run("key", "--presets", folder, "--state", tmp_path / "state").stdout.strip().split()[-1]
    done = run("verify", "--public-key", key, "--allow-draft", exported, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


BROKEN = [
    ("chart/line/lineColor", "component r", lambda f: f["meta"]["variables"]["VariableID:4:2"]["valuesByMode"].update({"4:0": {"r": 1.5, "g": 0, "b": 0, "a": 1}})),
    ("chart/line/lineColor", "alpha must be 1", lambda f: f["meta"]["variables"]["VariableID:3:2"]["valuesByMode"].update({"3:0": rgba("#FFFFFF", 0.5)})),
    ("chart/line/lineColor", "not in the file", lambda f: f["meta"]["variables"]["VariableID:4:2"]["valuesByMode"].update({"4:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:9:9"}})),
    ("chart/line/inactiveLineWidth", "between 0.5 and 12", lambda f: f["meta"]["variables"]["VariableID:4:3"]["valuesByMode"].update({"4:0": 40})),
    ("chart/indicator/markerRadius", "must be a FLOAT", lambda f: f["meta"]["variables"]["VariableID:4:4"].update({"resolvedType": "STRING"})),
    ("chart/fill/fillColor", "collection", lambda f: f["meta"]["variables"]["VariableID:4:5"].update({"variableCollectionId": "VariableCollectionId:7:7"})),
    ("chart/line/lineColor", "circle", lambda f: (f["meta"]["variables"]["VariableID:3:2"].update({"variableCollectionId": "VariableCollectionId:4:1",
                                                                                                     "valuesByMode": {"4:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:4:2"}}}))),
    ("meta.variables", "object", lambda f: f["meta"].update({"variables": []})),
    ("meta", "missing", lambda f: f.pop("meta")),
]


@pytest.mark.parametrize("field,words,breaks", BROKEN, ids=[b[1] for b in BROKEN])
def test_a_broken_figma_file_names_the_variable_and_changes_nothing(folder, tmp_path, field, words, breaks):
    broken = figma_file()
    breaks(broken)
    source = tmp_path / "broken.json"
    source.write_text(json.dumps(broken))
    before = sorted((p.name, p.read_bytes()) for p in folder.glob("*.json"))
    done = run("import-figma", source, "--preset", "Default", "--apply", *common(folder, tmp_path), check=False)
    assert done.returncode != 0 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and field in lines[0] and words in lines[0], done.stderr
    assert sorted((p.name, p.read_bytes()) for p in folder.glob("*.json")) == before


def test_cli_refuses_what_it_cannot_read(folder, tmp_path):
    (tmp_path / "x.json").write_text("{not json")
    done = run("import-figma", tmp_path / "x.json", "--preset", "Default", *common(folder, tmp_path), check=False)
    assert done.returncode != 0 and "not JSON" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    (tmp_path / "y.json").write_text(json.dumps(figma_file()))
    done = run("import-figma", tmp_path / "y.json", "--preset", "Nobody", *common(folder, tmp_path), check=False)
    assert done.returncode != 0 and "--preset" in done.stderr


# ---------------------------------------------------------------- over HTTP


@pytest.fixture(scope="module")
def server():
    s = Server(data_csv=small_csv())
    yield s
    s.close()


def test_http_previews_then_applies_once(server):
    url = "/api/presets/Default/figma"
    revision = server.get("/api/presets/Default").json()["revision"]
    preview = server.request("POST", url, json={"variables": figma_file()})
    assert preview.status_code == 200, preview.text
    body = preview.json()
    assert body["revision"] == revision and body["saved"] is None
    changed = {c["key"]: c["to"] for c in body["changes"]}
    assert changed["lineColor"] == "#123456" and changed["inactiveLineWidth"] == 5.5
    assert any("Dark value" in n for n in body["notes"]) and body["ignored"] == ["button/radius"]
    assert server.get("/api/presets/Default").json()["revision"] == revision, "a preview writes nothing"
    # Someone saved since the preview: refused, nothing changes.
    stale = server.request("POST", url, json={"variables": figma_file(), "apply": True, "revision": str(int(revision) - 1) if int(revision) > 1 else "99"})
    assert stale.status_code == 409 and stale.json()["error"]["field"] == "revision"
    applied = server.request("POST", url, json={"variables": figma_file(), "apply": True, "revision": revision})
    assert applied.status_code == 200 and applied.json()["saved"] == str(int(revision) + 1)
    now = server.get("/api/presets/Default").json()
    assert now["parameters"]["lineColor"] == "#123456" and now["parameters"]["markerRadius"] == 6


def test_http_names_the_variable_at_fault(server):
    broken = figma_file()
    broken["meta"]["variables"]["VariableID:4:3"]["valuesByMode"]["4:0"] = "wide"
    r = server.request("POST", "/api/presets/Default/figma", json={"variables": broken, "apply": True})
    assert r.status_code == 400
    error = r.json()["error"]
    assert error["field"] == "chart/line/inactiveLineWidth" and error["code"] == "invalid_figma_variables" and error["message"]
    for body, field in [({}, "variables"), ({"variables": figma_file(), "apply": "yes"}, "apply"), ({"variables": []}, "variables")]:
        r = server.request("POST", "/api/presets/Default/figma", json=body)
        assert r.status_code == 400 and r.json()["error"]["field"] == field, (body, r.text)
    assert server.request("POST", "/api/presets/Nobody/figma", json={"variables": figma_file()}).status_code == 404
