"""The web export's motions (issue 35, item 5): the animated SVG carries the outage state beside
the press loop, shown in Chromium only while the host page marks the <svg> stale (class
"cw-outage"), under reduced motion too; its opening comment says which motions it carries and
which it cannot (the period change, with its CSS timing)."""
import json
import re
import subprocess

import pytest

from workbench_server import BINARY

pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("svg")
    preset = folder / "stale.json"
    preset.write_text(json.dumps({"format": "chart-workbench.preset", "version": 1, "name": "Stale", "author": "", "notes": "",
                                  "updatedAt": "2026-11-28T10:00:00Z",
                                  "parameters": {"outageDimOpacity": 0.3, "outageStaleAfter": 45, "periodMorphStyle": "crossfade",
                                                 "periodDuration": 0.55, "periodEasing": "easeOut"}}))
    r = subprocess.run([BINARY, "export", "--preset", str(preset), "--format", "svg"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    path = folder / "chart.svg"
    path.write_text(r.stdout)
    return path


def test_svg_says_what_it_carries_and_what_it_cannot(exported):
    text = exported.read_text()
    note = re.match(r'<\?xml[^>]*\?>\n<!-- (.*?) -->\n<svg', text, re.S).group(1)
    assert "press and release" in note and "prefers-reduced-motion" in note
    assert 'class "cw-outage"' in note and "after 45 s" in note and "dimmed to 0.3" in note
    assert "Not in this file: the period change (crossfade, 550 ms, animation-timing-function: cubic-bezier(0, 0, 0.58, 1))" in note
    assert "--" not in note and "live price (it needs prices that arrive" in note and "first-load reveal" in note


def test_outage_state_shows_only_while_the_svg_is_marked_stale(exported, browser):
    for reduced in ["no-preference", "reduce"]:
        page = browser.new_page(reduced_motion=reduced)
        page.goto(exported.as_uri())
        shown = "sel => getComputedStyle(document.querySelector(sel)).display !== 'none'"
        assert not page.evaluate(shown, ".cw-outage-state")
        assert page.evaluate(shown, ".cw-full-motion") == (reduced == "no-preference")
        assert page.evaluate(shown, ".cw-reduced-motion") == (reduced == "reduce")
        # The host page marks the chart stale (what an app's web view does after outageStaleAfter).
        page.evaluate("document.documentElement.classList.add('cw-outage')")
        assert page.evaluate(shown, ".cw-outage-state")
        assert not page.evaluate(shown, ".cw-full-motion") and not page.evaluate(shown, ".cw-reduced-motion")
        words = page.evaluate("[...document.querySelectorAll('.cw-outage-state text')].map(t => t.textContent)")
        assert "Prices delayed" in words
        opacities = page.evaluate("""[...document.querySelectorAll('.cw-outage-state path')]
            .map(p => [p.getAttribute('id'), Number(p.getAttribute('opacity') ?? getComputedStyle(p).opacity)])""")
        dimmed = dict(opacities)
        assert dimmed["cw-outage-line"] == pytest.approx(0.3) and dimmed["cw-outage-fill"] == pytest.approx(0.3), opacities
        box = page.evaluate("(() => { const b = document.querySelector('.cw-outage-state').getBBox(); return [b.width, b.height]; })()")
        assert box[0] > 300 and box[1] > 100  # the chart itself is drawn, not only the words
        page.close()
