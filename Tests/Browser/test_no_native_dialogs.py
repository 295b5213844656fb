"""No native prompt/confirm/alert boxes anywhere in the page (issue 33, item 3): questions are
the page's own dialogs (dialogs.js), where an error shows inside the dialog."""
import re
from pathlib import Path

PUBLIC = Path(__file__).resolve().parent.parent.parent / "Public"
NATIVE = re.compile(r"(?<![\w.])(?:window\.)?(prompt|confirm|alert)\s*\(")


def test_no_native_prompt_confirm_or_alert_in_public():
    found = []
    for path in sorted(PUBLIC.rglob("*")):
        if path.suffix not in (".js", ".html"):
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            if NATIVE.search(code):
                found.append(f"{path.relative_to(PUBLIC)}:{n}: {line.strip()}")
    assert found == []


def test_the_check_finds_a_native_box():
    assert NATIVE.search("if (!confirm('x')) return;") and NATIVE.search("window.prompt('name')")
    assert not NATIVE.search("confirmDialog('x')") and not NATIVE.search("await promptDialog({})")
