"""Issue 39.6: the readability check's colour-vision simulation and ΔE00 held against reference
values computed with colour-science and kept as data (data/colour_science_cvd.json, written by
make_colour_science_reference.py), so this runs without colour-science installed.

Every simulation must be within 1.0 ΔE00 of colour-science, and the simulated colours the API
reports must be colour-science's to one 8-bit step."""
import json
import subprocess
from pathlib import Path

import pytest

from workbench_server import BINARY

REFERENCE = json.loads((Path(__file__).resolve().parent / "data" / "colour_science_cvd.json").read_text())["rows"]
TOLERANCE = 1.0


def channels(hex_):
    return [int(hex_[i:i + 2], 16) for i in (1, 3, 5)]


def close_colour(ours, theirs):
    return max(abs(a - b) for a, b in zip(channels(ours), channels(theirs))) <= 1


def reference(first, second, vision):
    return next(r for r in REFERENCE if r["first"] == first and r["second"] == second and r["vision"] == vision)


def test_the_reference_covers_every_vision_and_tells_them_apart():
    assert {r["vision"] for r in REFERENCE} == {"none", "protanopia", "deuteranopia", "tritanopia"}
    # The symptom: one value for protanopia and tritanopia. colour-science's differ.
    row = {r["vision"]: r["deltaE"] for r in REFERENCE if (r["first"], r["second"]) == ("#F7931A", "#B8B8B8")}
    assert abs(row["protanopia"] - row["tritanopia"]) > 1


def test_the_api_difference_matches_colour_science(server):
    worst = 0.0
    for first, second in sorted({(r["first"], r["second"]) for r in REFERENCE}):
        r = server.get("/api/check/difference", params={"first": first, "second": second})
        assert r.status_code == 200, r.text
        answer = r.json()
        assert [v["vision"] for v in answer["visions"]] == ["none", "protanopia", "deuteranopia", "tritanopia"]
        for seen in answer["visions"]:
            ref = reference(first, second, seen["vision"])
            assert abs(seen["deltaE"] - ref["deltaE"]) <= TOLERANCE, (first, second, seen, ref)
            assert close_colour(seen["first"], ref["firstSeen"]) and close_colour(seen["second"], ref["secondSeen"]), (seen, ref)
            worst = max(worst, abs(seen["deltaE"] - ref["deltaE"]))
    print(f"\nworst ΔE00 against colour-science: {worst:.4f}")


def test_workbench_check_reports_colour_science_values_and_simulated_colours(tmp_path):
    pairs = sorted({(r["first"], r["second"]) for r in REFERENCE})[:12]
    for n, (line, trailing) in enumerate(pairs):
        path = tmp_path / f"p{n}.json"
        path.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": f"p{n}", "author": "test", "notes": "",
                                    "updatedAt": "2026-01-01T00:00:00Z",
                                    "parameters": {"lineColor": line, "trailingColor": trailing, "fillEnabled": False}}))
        run = subprocess.run([BINARY, "check", "--preset", str(path), "--format", "json"], capture_output=True, text=True, timeout=60)
        report = json.loads(run.stdout)
        rows = [d for d in report["distinctness"] if d["pair"] == "line-trailing"]
        assert len(rows) == 4, run.stdout
        for d in rows:
            ref = reference(line, trailing, d["vision"])
            assert abs(d["deltaE"] - ref["deltaE"]) <= TOLERANCE, (d, ref)
            assert close_colour(d["first"]["seen"], ref["firstSeen"]) and close_colour(d["second"]["seen"], ref["secondSeen"]), (d, ref)
