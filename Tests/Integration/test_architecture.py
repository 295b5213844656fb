"""The package's layers as the issue states them: one-way arrows the compiler keeps, the
route resolved in one place, files of one concern, and a map that cannot drift."""
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_modules_depend_only_downwards_and_the_map_is_current():
    result = subprocess.run(["python3", "scripts/module_graph.py", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_the_check_refuses_an_import_of_a_module_above():
    # A store that imports the HTTP core, the HTTP core a store: the check names each.
    for target, module in [("WorkbenchStores", "HTTPServer"), ("HTTPServer", "WorkbenchStores"), ("WorkbenchExports", "WorkbenchApplication")]:
        result = subprocess.run(["python3", "scripts/module_graph.py", "--check", "--probe", f"{target}:Probe.swift:{module}"],
                                cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert result.returncode == 1
        assert f"Probe.swift: imports {module}, which {target} does not depend on" in result.stderr


def test_a_route_is_resolved_in_one_place():
    calls = [f"{p}:{n}" for p in (ROOT / "Sources").rglob("*.swift")
             for n, line in enumerate(p.read_text().splitlines(), 1) if "router.route(" in line]
    assert len(calls) == 1, calls


def test_no_swift_file_is_over_400_lines():
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / "Sources").rglob("*.swift")
            if (n := len(p.read_text().splitlines())) > 400}
    assert not long, long


def test_the_stores_and_the_http_core_do_not_know_each_other():
    for module, forbidden in [("WorkbenchStores", r"\b(HTTPResponse|HTTPError|RequestContext|Router)\b"),
                              ("HTTPServer", r"\b(Preset|PresetStore|ChartStyle|DraftStore)\b")]:
        for p in (ROOT / "Sources" / module).rglob("*.swift"):
            code = "\n".join(line for line in p.read_text().splitlines() if not line.strip().startswith("//"))
            assert not re.search(forbidden, code), f"{p.relative_to(ROOT)} names {re.search(forbidden, code).group(0)}"
