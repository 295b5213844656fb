"""Trojan Source (CVE-2021-42574): a preset's notes and a save's message holding invisible and
bidi characters reach no export format and no log format raw. Each target escapes them its own
way (Swift `\\u{202E}`, Kotlin and JSON `\\u202E`, SVG `&#x202E;`, Markdown `\\[U+202E\\]`), and
the Swift export still compiles and prints the notes back exactly."""
import json
import shutil
import subprocess
from urllib.parse import quote

import pytest

from workbench_server import Server, small_csv

SWIFTC = shutil.which("swiftc")

# Bidi embeddings and overrides, isolates, zero-width characters and marks, the byte-order mark,
# C0 and C1 controls, the line and paragraph separators, and other format characters (soft
# hyphen, word joiner, a tag character above U+FFFF).
INVISIBLE = ([chr(c) for c in range(0x202A, 0x202F)] + [chr(c) for c in range(0x2066, 0x206A)]
             + [chr(c) for c in range(0x200B, 0x2010)] + ["\ufeff", "\u0085", "\u2028", "\u2029", "\u0007", "\u009b", "\u00ad",
                                                         "\u2060", "\U000E0041"])
NOTES = "access " + "".join(f"{c}x{i}" for i, c in enumerate(INVISIBLE)) + " end"
NAME = "Trojan notes"


@pytest.fixture(scope="module")
def s():
    server = Server(data_csv=small_csv(rows=200))
    r = server.person("Mallory").put("/api/presets/" + quote(NAME, safe=""),
                                     json={"notes": NOTES, "parameters": {"markerRadius": 5}, "message": "check " + "".join(INVISIBLE)})
    assert r.status_code == 201, r.text
    yield server
    server.close()


def raw(text):
    return sorted({f"U+{ord(c):04X}" for c in text if c in INVISIBLE})


def export(s, fmt):
    r = s.get("/api/presets/" + quote(NAME, safe="") + "/export", params={"format": fmt, "delivery": "preview"})
    assert r.status_code == 200, r.text
    return r.content.decode("utf-8")


@pytest.mark.parametrize("fmt", ["json", "swift", "kotlin", "tokens", "svg"])
def test_no_export_format_carries_an_invisible_character_raw(s, fmt):
    text = export(s, fmt)
    assert raw(text) == [], f"{fmt} carries {raw(text)} raw"
    if fmt == "swift":
        assert "\\u{202E}" in text and "\\u{E0041}" in text
    if fmt == "kotlin":
        assert "\\u202E" in text and "\\uDB40\\uDC41" in text
    if fmt in ("json", "tokens"):
        assert "\\u202e" in text and "\\ufeff" in text and "\\udb40\\udc41" in text
        json.loads(text)  # and it parses back
    if fmt == "json":
        assert json.loads(text)["notes"] == NOTES, "escaped, not changed"


def test_the_api_and_the_log_carry_none_raw(s):
    preset = s.get("/api/presets/" + quote(NAME, safe=""))
    assert raw(preset.text) == [] and preset.json()["notes"] == NOTES
    log = s.get("/api/log", params={"preset": NAME})
    assert raw(log.text) == [] and any("\u202e" in e["summary"] for e in log.json()), "the JSON escapes, the value is kept"
    markdown = s.get("/api/log", params={"preset": NAME, "format": "markdown"}).text
    assert raw(markdown) == [] and "\\[U+202E\\]" in markdown


@pytest.mark.skipif(SWIFTC is None, reason="swiftc is not installed")
def test_the_escaped_swift_export_compiles_and_prints_the_notes(s, tmp_path):
    text = export(s, "swift")
    (tmp_path / "Style.swift").write_text(text)
    value = [line for line in text.splitlines() if line.strip().startswith("static let ")][0].split()[2]
    (tmp_path / "main.swift").write_text(f"print(ChartStyle.{value}.notes, terminator: \"\")\n")
    binary = tmp_path / "check"
    result = subprocess.run([SWIFTC, "-Onone", "-o", str(binary), str(tmp_path / "Style.swift"), str(tmp_path / "main.swift")],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    out = subprocess.run([str(binary)], capture_output=True).stdout.decode("utf-8")
    assert out == NOTES
