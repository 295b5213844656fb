"""Issue 39.5: a handoff bundle's PROVENANCE.json signs the honesty check's result for the exported
revision (pass or fail, the failures per scenario and period in words, the thresholds, the check's
version), its README says it, `workbench verify` prints it, and editing the fact breaks the
signature. Over the CLI (`workbench export --format ios|android`) and the server's zip."""
import io
import json
import subprocess
import zipfile
from urllib.parse import quote

import pytest
import requests

from workbench_server import BINARY, Server, small_csv

HONEST = {"smoothing": "none", "inactiveCurve": "monotone", "activeCurve": "linear"}
SMOOTH = {"smoothing": "movingAverage", "smoothingWindow": 21, "inactiveCurve": "monotone"}


def run(*args):
    return subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def server():
    s = Server(data_csv=small_csv(200))
    try:
        for name, parameters in [("Honest", HONEST), ("Smooth", SMOOTH)]:
            r = s.request("PUT", "/api/presets/" + quote(name), json={"parameters": parameters}, headers={"X-Workbench-User": "Ana"})
            assert r.status_code == 201, r.text
        s.key = run("key", "--presets", s.presets).stdout.strip()
        yield s
    finally:
        s.close()


def export(server, name, platform, folder):
    done = run("export", "--preset", name, "--format", platform, "--output", folder, "--presets", server.presets)
    assert done.returncode == 0, done.stderr
    return json.loads((folder / "PROVENANCE.json").read_text())


def verify(server, folder):
    return run("verify", "--public-key", server.key, "--allow-draft", folder)


def test_a_passing_revision_carries_its_pass_and_verify_says_it(server, tmp_path):
    folder = tmp_path / "honest-ios"
    provenance = export(server, "Honest", "ios", folder)
    fact = provenance["honesty"]
    assert fact["pass"] is True and fact["failures"] == [] and fact["version"] == 1
    assert fact["scenarios"] == ["flash-crash", "spike", "outage", "flat", "parabolic", "halving-decade"]
    assert fact["periods"] == ["1D", "1W", "1M", "1Y", "ALL"]
    assert fact["thresholds"] == {"beyondRangePercent": 0.5, "largestMoveShownPercent": 80, "endPercent": 0.1,
                                  "extremeShiftSpacings": 1.5, "gapSpacings": 2}
    assert "**Honesty check: passes on 6 scenarios × 5 periods**" in (folder / "README.md").read_text()
    done = verify(server, folder)
    assert done.returncode == 0, done.stderr
    assert "honesty check: passes on 6 scenarios × 5 periods" in done.stdout.splitlines(), done.stdout


def bundle_from_server(server, name, platform, tmp_path):
    """The page's download: the bundle's zip, unzipped."""
    # The first bundle of a server draws every scenario (the debug build takes seconds).
    r = requests.get(f"{server.url}/api/presets/{quote(name)}/export", params={"format": platform}, timeout=300)
    assert r.status_code == 200, r.text
    with zipfile.ZipFile(io.BytesIO(r.content)) as archive:
        archive.extractall(tmp_path)
        top = archive.namelist()[0].split("/")[0]
    return tmp_path / top


def test_a_failing_revision_carries_its_failures_per_scenario_and_period(server, tmp_path):
    folder = bundle_from_server(server, "Smooth", "android", tmp_path)
    fact = json.loads((folder / "PROVENANCE.json").read_text())["honesty"]
    # The same check the API runs, on the same revision's parameters.
    report = server.get("/api/check/honesty", params={"preset": "Smooth"}).json()
    assert fact["pass"] is False and report["pass"] is False
    signed = [sentence for entry in fact["failures"] for sentence in entry["failures"]]
    assert sorted(set(signed)) == sorted(report["failures"])
    for entry in fact["failures"]:
        assert all(f"on {entry['scenario']}," in s and f" {entry['period']} " in s for s in entry["failures"]), entry
    crash = next(e for e in fact["failures"] if e["scenario"] == "flash-crash" and e["period"] == "1D")
    assert any(s.startswith("Moving average shows only") for s in crash["failures"])
    readme = (folder / "README.md").read_text()
    assert f"**Honesty check: fails on {len(fact['failures'])} of 30 scenario periods (6 scenarios × 5 periods)**" in readme
    done = verify(server, folder)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert f"honesty check: fails on {len(fact['failures'])} of 30 scenario periods (6 scenarios × 5 periods)" in lines, done.stdout
    assert any(line.startswith("  flash-crash 1D: Moving average shows only") for line in lines), done.stdout

    # The fact is signed: saying it passes breaks the signature.
    manifest = folder / "PROVENANCE.json"
    forged = json.loads(manifest.read_text())
    forged["honesty"]["pass"], forged["honesty"]["failures"] = True, []
    manifest.write_text(json.dumps(forged, indent=2, ensure_ascii=False) + "\n")
    refused = verify(server, folder)
    assert refused.returncode == 1 and "signature" in refused.stderr, refused.stderr
