"""The house's shape (docs/architecture.md), drawn from the code with `ast`: no import circle, and
no import that runs from a lower layer up.

Every import counts, wherever it stands (inside a function, under TYPE_CHECKING), as in
../shared/tools/import_cycles.py: a lazy or type-only import still ties two modules together for
a reader and for a refactoring.

The layers, lowest first (a module may import its own layer and the ones below):
  core        rulesengine/*.py (but excel.py) and rulesengine/formats/: the model, rules records,
              hook specs, registry, standings, api, output contracts, file formats
  workbook    rulesengine/workbook/, itself in sub-layers: the write vocabulary (plan, look) ->
              io/ and inputs/ -> sheets/ -> layouts/ -> the use cases (recalc, season, pair_book,
              templates) -> route.py
  jobs        rulesengine/season/, audit/, batch/: siblings, none imports another
  front ends  rulesengine/cli/, rulesengine/excel.py
Plugins (plugins/*) sit beside the front ends but import only the core (which modules of it:
tests/core/test_plugin_imports.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = (ROOT / "rulesengine", *sorted(p for p in (ROOT / "plugins").iterdir() if p.is_dir()
                                         and (p / "__init__.py").exists()))

# (layer, rank): a module may import another only when the target's rank is <= its own; within
# the jobs layer a package is a rank of its own that no sibling may import.
WORKBOOK_SUBLAYERS = (
    ("rulesengine.workbook.plan", 10), ("rulesengine.workbook.look", 10),
    ("rulesengine.workbook.io", 11), ("rulesengine.workbook.inputs", 11),
    ("rulesengine.workbook.sheets", 12), ("rulesengine.workbook.layouts", 13),
    ("rulesengine.workbook.route", 15), ("rulesengine.workbook", 14),
)
JOBS = ("rulesengine.season", "rulesengine.audit", "rulesengine.batch")
FRONT_ENDS = ("rulesengine.cli", "rulesengine.excel")


def module_name(path: Path) -> str:
    base = ROOT if path.is_relative_to(ROOT / "rulesengine") else ROOT / "plugins"
    parts = list(path.relative_to(base).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for source in SOURCES for path in sorted(source.rglob("*.py"))}


def imports_in(name: str, source: str, known: set[str], *, is_package: bool = False) -> set[tuple[str, int]]:
    """(imported module, line) for every import in a module's source that names one of `known`."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            # `from X import Y`: the module X.Y when Y is one, else a name defined in X
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add((target, node.lineno))
    return found


def import_graph() -> dict[str, set[tuple[str, int]]]:
    found = modules()
    known = set(found)
    return {name: imports_in(name, path.read_text(encoding="utf-8"), known, is_package=path.name == "__init__.py")
            for name, path in found.items()}


def layer(name: str) -> tuple[int, str]:
    """(rank, group) of a module: lower ranks are lower layers; `group` names a job package."""
    if name.startswith(FRONT_ENDS):
        return 30, "front end"
    for job in JOBS:
        if name == job or name.startswith(job + "."):
            return 20, job
    for prefix, rank in WORKBOOK_SUBLAYERS:
        if name == prefix or name.startswith(prefix + "."):
            return rank, "workbook"
    if name.startswith("rulesengine"):
        return 0, "core"
    return 25, name.partition(".")[0]      # a plugin: its own package


def upward_imports(graph: dict[str, set[tuple[str, int]]]) -> list[str]:
    wrong = []
    for source, targets in sorted(graph.items()):
        rank, group = layer(source)
        for target, line in sorted(targets):
            target_rank, target_group = layer(target)
            sibling = rank == target_rank and group != target_group and rank in (20, 25)
            if target_rank > rank or sibling:
                wrong.append(f"{source}:{line} imports {target} ({group} -> {target_group})")
    return wrong


def circles(graph: dict[str, set[tuple[str, int]]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    edges = {name: sorted({t for t, _ in targets}) for name, targets in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges.get(child, ()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_code_has_no_import_circle():
    assert circles(import_graph()) == []


def test_no_import_runs_from_a_lower_layer_up():
    assert upward_imports(import_graph()) == []


def test_the_checks_catch_a_planted_circle_and_an_upward_import():
    """A check that cannot fail checks nothing: plant both faults in a copy of the real graph."""
    graph = import_graph()
    graph["rulesengine.model"] = graph["rulesengine.model"] | {("rulesengine.standings", 1)}
    graph["rulesengine.standings"] = graph["rulesengine.standings"] | {("rulesengine.model", 1)}
    graph["rulesengine.workbook.io.graft"] = graph["rulesengine.workbook.io.graft"] | {
        ("rulesengine.workbook.route", 7)}
    graph["rulesengine.audit.check"] = graph["rulesengine.audit.check"] | {("rulesengine.batch.runner", 9)}
    assert any({"rulesengine.model", "rulesengine.standings"} <= set(circle) for circle in circles(graph))
    wrong = upward_imports(graph)
    assert "rulesengine.workbook.io.graft:7 imports rulesengine.workbook.route (workbook -> workbook)" in wrong
    assert any(w.startswith("rulesengine.audit.check:9 imports rulesengine.batch.runner") for w in wrong)


def test_the_graph_sees_lazy_and_type_only_imports():
    """The drawing counts an import inside a function, one under TYPE_CHECKING and a relative one,
    as the shared tool does."""
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from rulesengine.model import Tournament\n"
              "def f():\n    from rulesengine import api\n    from .io import graft\n")
    found = imports_in("rulesengine.workbook.sample", source, set(modules()))
    assert {t for t, _ in found} == {"rulesengine.model", "rulesengine.api", "rulesengine.workbook.io.graft"}
