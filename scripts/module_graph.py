#!/usr/bin/env python3
"""The package's modules and their arrows, drawn from Package.swift (`swift package
dump-package`), so docs/architecture.md cannot drift from what the compiler keeps.

  scripts/module_graph.py            rewrite the graph in docs/architecture.md
  scripts/module_graph.py --check [--probe TARGET:FILE:MODULE]
                                     exit 1 when the document is stale, or when a source file
                                     imports a module its target does not depend on (one above
                                     it, or beside it), naming the file and the import
"""
import json, pathlib, re, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
BEGIN, END = "<!-- module graph: scripts/module_graph.py -->", "<!-- end of module graph -->"


def targets():
    out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    result = {}
    for t in json.loads(out)["targets"]:
        deps = []
        for d in t["dependencies"]:
            kind = next(iter(d))
            deps.append(d[kind][0])
        result[t["name"]] = {"type": t["type"], "deps": deps, "path": t.get("path")}
    return result


def mermaid(ts):
    lines = ["```mermaid", "flowchart TD"]
    shown = {n: t for n, t in ts.items() if t["type"] in ("regular", "executable", "system") and n not in TOOLS}
    for name, t in shown.items():
        shape = f"{name}[({name})]" if t["type"] == "system" else f"{name}[{name}]"
        lines.append(f"    {shape}")
    for name, t in shown.items():
        for d in t["deps"]:
            if d in shown:
                lines.append(f"    {name} --> {d}")
    lines.append("```")
    return "\n".join(lines)


def source_folder(name, t):
    return ROOT / (t["path"] or f"Sources/{name}")


def import_violations(ts, extra=()):
    ours = {n for n, t in ts.items() if t["type"] in ("regular", "system")}
    problems = []
    for name, t in ts.items():
        if t["type"] not in ("regular", "executable"):
            continue
        allowed = set(t["deps"]) | {name}
        files = [(f, f.read_text()) for f in sorted(source_folder(name, t).rglob("*.swift"))]
        files += [(pathlib.Path(path), text) for target, path, text in extra if target == name]
        for f, text in files:
            for m in re.finditer(r"^(?:@testable\s+)?import\s+(\w+)", text, re.M):
                module = m.group(1)
                if module in ours and module not in allowed:
                    problems.append(f"{f.relative_to(ROOT) if f.is_absolute() else f}: imports {module}, which {name} does not depend on")
    return problems


# Programs that are not part of the workbench: the benchmarks and the build plugin's tool.
TOOLS = {"EngineBenchmarks", "EmbedSourcesTool", "ExploreBenchmarks"}

# The layers, lowest first: a module may depend only on modules of a lower layer.
LAYERS = [
    {"ChartEngine", "Decimation", "EmbeddedPage", "CMicroHTTPD", "CQREncode", "CSQLite", "CSodium"},
    {"WorkbenchSupport", "PreferenceLearning"},
    {"HTTPServer", "WorkbenchStores", "PriceData", "ChartRendering"},
    {"WorkbenchExports"},
    {"WorkbenchApplication"},
    {"WorkbenchCLI"},
    {"Workbench"},
]


def layer_violations(ts):
    layer = {name: i for i, names in enumerate(LAYERS) for name in names}
    problems = []
    for name, t in ts.items():
        if t["type"] not in ("regular", "executable", "system") or name not in layer:
            if t["type"] in ("regular", "executable") and name not in TOOLS:
                problems.append(f"Package.swift: {name} is in no layer of scripts/module_graph.py")
            continue
        for d in t["deps"]:
            if d in layer and layer[d] >= layer[name]:
                problems.append(f"Package.swift: {name} depends on {d}, which is not below it")
    return problems


def render_doc(ts):
    text = DOC.read_text()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + mermaid(ts) + "\n" + text[end:]


def main():
    ts = targets()
    if "--check" in sys.argv:
        # --probe TARGET:NAME:IMPORT checks one more (imaginary) file of TARGET: the check's own test.
        extra = [(a.split(":")[0], a.split(":")[1], f"import {a.split(':')[2]}\n") for a in sys.argv[sys.argv.index("--probe") + 1:]] if "--probe" in sys.argv else []
        problems = layer_violations(ts) + import_violations(ts, extra)
        if render_doc(ts) != DOC.read_text():
            problems.append("docs/architecture.md: the module graph differs from Package.swift; run scripts/module_graph.py")
        for p in problems:
            print(p, file=sys.stderr)
        sys.exit(1 if problems else 0)
    DOC.write_text(render_doc(ts))


if __name__ == "__main__":
    main()
