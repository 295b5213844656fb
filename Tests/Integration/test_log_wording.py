"""The decision log tells the story: saves say what changed in the parameters' labels and units,
a save-as names its source, comments name the parameter's label, and only a produced file is
logged as an export (download, copy, the command line), with its revision, format and person;
a preview is not."""
import os
import subprocess
from urllib.parse import quote

from workbench_server import BINARY


def who(name):
    return {"X-Workbench-User": quote(name), "X-Workbench-Client": "script-" + name}


def newest(s, preset=None, kind=None):
    entries = s.get("/api/log", params={"preset": preset} if preset else {}).json()
    return [e for e in entries if kind is None or e["kind"] == kind]


def test_saves_say_what_changed_and_where_a_new_preset_came_from(fresh_server):
    s = fresh_server
    before = s.get("/api/presets/Default").json()["parameters"]
    changed = {**before, "inactiveLineWidth": before["inactiveLineWidth"] + 1, "lineColor": "#123456"}
    assert s.request("PUT", "/api/presets/Default", json={"parameters": changed}, headers=who("Ada")).status_code == 200
    save = newest(s, "Default", "save")[0]
    width = f"Inactive line width {before['inactiveLineWidth']:g} → {before['inactiveLineWidth'] + 1:g} px"
    assert width in save["summary"], save["summary"]
    assert f"Line colour {before['lineColor']} → #123456" in save["summary"]
    assert "inactiveLineWidth" not in save["summary"]
    assert {c["key"] for c in save["details"]["changes"]} == {"inactiveLineWidth", "lineColor"}
    # A save-as (or duplicate) names its source.
    source = s.get("/api/presets/" + quote("Designer's favourite")).json()["parameters"]
    made = s.request("PUT", "/api/presets/" + quote("Ada v2"), json={"parameters": source, "from": "Designer's favourite"},
                     headers={**who("Ada"), "If-None-Match": "*"})
    assert made.status_code == 201
    entry = newest(s, "Ada v2", "save")[0]
    assert entry["summary"] == "created revision 1 of “Ada v2” from “Designer's favourite”"
    # A comment names the parameter as the page labels it.
    s.request("POST", "/api/presets/Default/comments", json={"parameter": "inactiveLineWidth", "text": "thinner?"}, headers=who("Ben"))
    comment = newest(s, "Default", "comment")[0]
    assert comment["summary"] == "commented on Inactive line width: thinner?"


def test_only_a_produced_file_is_logged_as_an_export(fresh_server):
    s = fresh_server
    exports = lambda: newest(s, "Default", "export")
    assert exports() == []
    # The dialog's previews, of a saved revision or of what is on screen, are not logged.
    preview = s.get("/api/presets/Default/export", params={"format": "swift", "delivery": "preview"}, headers=who("Ada"))
    assert preview.status_code == 200 and preview.headers["X-Workbench-Status"] in ("draft", "approved", "in-review")
    assert s.request("POST", "/api/export", json={"format": "json", "preset": "Default", "delivery": "preview"}, headers=who("Ada")).status_code == 200
    assert exports() == []
    # A download is, with revision, format and person.
    revision = s.get("/api/presets/Default").json()["revision"]
    s.get("/api/presets/Default/export", params={"format": "kotlin", "delivery": "download"}, headers=who("Ada"))
    entry = exports()[0]
    assert entry["author"] == "Ada" and entry["revision"] == int(revision) and entry["details"]["format"] == "kotlin"
    assert entry["summary"].startswith(f"exported “Default” revision {revision} (") and entry["summary"].endswith("as kotlin")
    s.request("POST", "/api/export", json={"format": "tokens", "preset": "Default", "name": "Default", "delivery": "copy", "markerRadius": 7}, headers=who("Ben"))
    copied = exports()[0]
    assert copied["author"] == "Ben" and "unsaved parameters as tokens (copied)" in copied["summary"]
    assert s.get("/api/presets/Default/export", params={"format": "json", "delivery": "print"}).status_code == 400
    assert len(exports()) == 2
    # The command line's exports are logged too: by the owner, as whom it acts, or by the person
    # --by names when their secret is given; a name alone proves nothing, and is refused before
    # anything is printed or logged.
    def cli_export(*by, secret=None):
        environment = {k: v for k, v in os.environ.items() if k != "WORKBENCH_SECRET"}
        if secret is not None:
            environment["WORKBENCH_SECRET"] = secret
        return subprocess.run([BINARY, "export", "--preset", "Default", "--format", "swift", "--presets", str(s.presets), *by],
                              capture_output=True, text=True, timeout=60, env=environment)
    cy, ben = s.person("Cy"), s.person("Ben")
    for by, secret, words in [(("--by", "Cy"), None, "--by Cy: set WORKBENCH_SECRET to Cy's secret"),
                              (("--by", "Cy"), ben.secret, "--by Cy: WORKBENCH_SECRET is not Cy's secret"),
                              (("--by", "Nobody"), cy.secret, "--by Nobody: WORKBENCH_SECRET is not Nobody's secret")]:
        out = cli_export(*by, secret=secret)
        assert out.returncode == 1 and out.stdout == "" and words in out.stderr, (by, out.stderr)
    assert len(exports()) == 2
    out = cli_export("--by", "Cy", secret=cy.secret)
    assert out.returncode == 0, out.stderr
    cli = exports()[0]
    assert cli["author"] == "Cy" and cli["summary"].endswith("as swift from the command line") and cli["details"]["via"] == "command line"
    out = cli_export()
    assert out.returncode == 0, out.stderr
    assert exports()[0]["author"] == "owner" and len(exports()) == 4
