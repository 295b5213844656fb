"""Import from Figma…: a person chooses a Figma Variables file, reads what would change in the
open preset, and applies it (a new revision); a broken file says which variable is at fault and
changes nothing. The file is written here from Figma's documented REST format."""
import json

from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people  # noqa: F401  (fixtures)
from test_live_document import open_preset


def figma_file(width=5.5):
    collection = "VariableCollectionId:4:1"

    def variable(vid, name, kind, light, dark):
        return {"id": vid, "name": name, "key": vid, "variableCollectionId": collection, "resolvedType": kind,
                "valuesByMode": {"4:0": light, "4:1": dark}, "remote": False, "description": "",
                "hiddenFromPublishing": False, "scopes": ["ALL_SCOPES"], "codeSyntax": {}}
    teal = {"r": 0x12 / 255, "g": 0x34 / 255, "b": 0x56 / 255, "a": 1}
    return {"status": 200, "error": False, "meta": {
        "variableCollections": {collection: {"id": collection, "name": "Chart", "key": "c", "defaultModeId": "4:0",
                                             "modes": [{"modeId": "4:0", "name": "Light"}, {"modeId": "4:1", "name": "Dark"}],
                                             "remote": False, "hiddenFromPublishing": False, "variableIds": ["VariableID:4:2", "VariableID:4:3"]}},
        "variables": {"VariableID:4:2": variable("VariableID:4:2", "chart/line/lineColor", "COLOR", teal, teal),
                      "VariableID:4:3": variable("VariableID:4:3", "chart/line/inactiveLineWidth", "FLOAT", width, width)}}}


def choose(page, path):
    with page.expect_file_chooser() as chooser:
        page.locator("label:has(#figma-file)").click()
    chooser.value.set_files(str(path))


def test_import_from_figma_previews_then_applies(people, fresh_server, tmp_path):
    s = fresh_server
    good, broken = tmp_path / "chart-variables.json", tmp_path / "broken.json"
    good.write_text(json.dumps(figma_file()))
    broken.write_text(json.dumps(figma_file(width=40)))
    ana = people("Ana")
    open_preset(ana, "Default")
    before = s.get("/api/presets/Default").json()
    ana.locator("summary:has-text('More')").click()   # a preset's action, in its More menu
    ana.locator("#open-figma").click()
    assert ana.locator("#figma-dialog").is_visible()
    # A broken file: the variable at fault, Apply stays off.
    choose(ana, broken)
    ana.wait_for_function("() => !document.querySelector('#figma-error').hidden")
    assert "chart/line/inactiveLineWidth" in ana.locator("#figma-error").text_content()
    assert ana.locator("#figma-apply").is_disabled()
    # The right file: what changes, before anything is written.
    choose(ana, good)
    ana.wait_for_function("() => document.querySelectorAll('#figma-changes tbody tr').length === 2")
    rows = [[c.text_content() for c in row.locator("td").all()] for row in ana.locator("#figma-changes tbody tr").all()]
    assert ["Line colour", "chart/line/lineColor", before["parameters"]["lineColor"], "#123456"] in rows
    assert ["Inactive line width", "chart/line/inactiveLineWidth", "4", "5.5"] in rows
    assert ana.locator("#figma-error").is_hidden()
    assert s.get("/api/presets/Default").json()["revision"] == before["revision"], "a preview writes nothing"
    ana.locator("#figma-apply").click()
    ana.wait_for_function("() => !document.querySelector('#figma-dialog').open")
    after = s.get("/api/presets/Default").json()
    assert int(after["revision"]) == int(before["revision"]) + 1
    assert after["parameters"]["lineColor"] == "#123456" and after["parameters"]["inactiveLineWidth"] == 5.5
    box = ana.locator(".control[data-key=lineColor] input[type=text]")
    ana.wait_for_function("() => document.querySelector('.control[data-key=lineColor] input[type=text]').value.toUpperCase() === '#123456'")
    assert box.input_value().upper() == "#123456"


def test_export_dialog_offers_figma_variables(people, fresh_server):
    ana = people("Ana")
    open_preset(ana, "Default")
    ana.locator("#open-export").click()
    ana.select_option("#export-format", "figma")
    ana.wait_for_function("() => document.querySelector('#export-text').textContent.includes('variableCollections')")
    shown = json.loads(ana.locator("#export-text").text_content())
    names = {v["name"] for v in shown["meta"]["variables"].values()}
    assert {"chart/line/lineColor", "chart/line/inactiveLineWidth"} <= names
    assert "Figma" in ana.locator("#export-note").text_content()
    with ana.expect_download() as download:
        ana.locator("#export-download").click()
    assert download.value.suggested_filename.endswith(".figma-variables.json")
