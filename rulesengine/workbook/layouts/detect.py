"""Which layout a crosstable grid is in, and reading it with that layout.

Layouts are plugins (`rulesengine.layout.CrosstableLayout` records from the
`rulesengine_crosstable_layouts` hook), so a federation adds its own Excel layout the way it adds a
tie-break. The built-in four (the first three registered by `rulesengine.workbook.layouts.plugin`,
the wall chart by the US Chess plugin, which loads after it) are tried first, in this order; the
first layout whose `detect` accepts the grid wins (shared/docs/ecosystem-research.md 4.5):
1. our template: a header row with `Opp` and `Res` columns;
2. Swiss-Manager / chess-results: round headers `1.Rd`, `2.Rd`, ... (or `Rk.` with `SNo`);
3. round-robin grid: opponent columns headed `1..N` with `*` on the diagonal;
4. US Chess wall chart: round headers `Rd 1` / `R1` / `Round 1` with cells like `W12 L5 D3 B H`.
Third-party layouts are tried after these, in the order the plugins load.
"""

from __future__ import annotations

from rulesengine.errors import InputError, Location, Problem
from rulesengine.grid import Grid
from rulesengine.layout import CrosstableLayout
from rulesengine.model import ScoringSystem, STANDARD_SCORING, Tournament
from rulesengine.registry import Registry, default_registry


def _registry(registry: Registry | None) -> Registry:
    return registry if registry is not None else default_registry()


def detect_layout(grid: Grid, registry: Registry | None = None) -> str | None:
    """The name of the layout the grid is in, or None when none fits."""
    for layout in _registry(registry).layouts.values():
        if layout.detect(grid):
            return layout.name
    return None


def layout_named(name: str, registry: Registry | None = None) -> CrosstableLayout:
    """A layout by name or alias; UsageError listing the known ones."""
    return _registry(registry).layout(name)


def read_crosstable(grid: Grid, layout: str | None = None, *, scoring: ScoringSystem = STANDARD_SCORING,
                    kind: str | None = None, name: str = "", registry: Registry | None = None) -> Tournament:
    """Read a crosstable grid (layout detected unless named). Raises InputError with every problem."""
    registry = _registry(registry)
    if layout:
        chosen = registry.layout(layout)
    else:
        found = detect_layout(grid, registry)
        if found is None:
            raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"),
                                     f"no crosstable found: expected {_either(registry)}"))
        chosen = registry.layout(found)
    kwargs = {"scoring": scoring, "name": name}
    if kind is not None and chosen.reads_kind:
        kwargs["kind"] = kind
    return chosen.read(grid, **kwargs)


def _either(registry: Registry) -> str:
    descriptions = [layout.description for layout in registry.layouts.values()] or ["a known layout"]
    return descriptions[0] if len(descriptions) == 1 else ", ".join(descriptions[:-1]) + " or " + descriptions[-1]
