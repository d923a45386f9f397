"""Which layout a crosstable grid is in, and reading it with that layout.

Tried in this order, first match wins (shared/docs/ecosystem-research.md 4.5):
1. our template: a header row with `Opp` and `Res` columns;
2. Swiss-Manager / chess-results: round headers `1.Rd`, `2.Rd`, ... (or `Rk.` with `SNo`);
3. round-robin grid: opponent columns headed `1..N` with `*` on the diagonal;
4. US Chess wall chart: round headers `Rd 1` / `R1` / `Round 1` with cells like `W12 L5 D3 B H`.
"""

from __future__ import annotations

from types import ModuleType

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import ScoringSystem, STANDARD_SCORING, Tournament
from rulesengine.workbook.grid import Grid
from rulesengine.workbook.layouts import round_robin, swiss_manager, template, uschess_wallchart

LAYOUTS: tuple[ModuleType, ...] = (template, swiss_manager, round_robin, uschess_wallchart)
BY_NAME = {m.NAME: m for m in LAYOUTS}
ALIASES = {"swiss-manager": "swiss_manager", "chess-results": "swiss_manager", "chessresults": "swiss_manager",
           "wallchart": "uschess_wallchart", "wall chart": "uschess_wallchart", "uschess": "uschess_wallchart",
           "round robin": "round_robin", "round-robin": "round_robin", "rr": "round_robin", "ours": "template"}


def detect_layout(grid: Grid) -> str | None:
    """The name of the layout the grid is in, or None when none fits."""
    for module in LAYOUTS:
        if module.detect(grid):
            return module.NAME
    return None


def layout_module(name: str) -> ModuleType:
    key = ALIASES.get(name.strip().lower(), name.strip().lower().replace("-", "_").replace(" ", "_"))
    module = BY_NAME.get(key)
    if module is None:
        from rulesengine.errors import UsageError
        raise UsageError(f"unknown crosstable layout {name!r}; known: {', '.join(BY_NAME)}")
    return module


def read_crosstable(grid: Grid, layout: str | None = None, *, scoring: ScoringSystem = STANDARD_SCORING,
                    kind: str | None = None, name: str = "") -> Tournament:
    """Read a crosstable grid (layout detected unless named). Raises InputError with every problem."""
    if layout:
        module = layout_module(layout)
    else:
        found = detect_layout(grid)
        if found is None:
            raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"),
                                     "no crosstable found: expected our template (Opp/Col/Res columns), a "
                                     "Swiss-Manager export (1.Rd, 2.Rd, ...), a round-robin grid (columns 1..N "
                                     "with * on the diagonal) or a US Chess wall chart (Rd 1, Rd 2, ... with W12 L5 ...)"))
        module = BY_NAME[found]
    kwargs = {"scoring": scoring, "name": name}
    if kind is not None and module is not round_robin:
        kwargs["kind"] = kind
    return module.read(grid, **kwargs)
