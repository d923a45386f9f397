"""A Tournament as a crosstable grid of any layout that exports (for tests, the bench, templates).

`crosstable_grid(tournament, layout)` is the inverse of `layouts.detect.read_crosstable`: reading
the grid back gives the same games. Each layout writes its own grid (`CrosstableLayout.export`);
round-robin grids carry no rounds or colours (see `layouts.round_robin`), everything else
survives exactly.
"""

from __future__ import annotations

from rulesengine.errors import UsageError
from rulesengine.grid import Grid
from rulesengine.model import Tournament
from rulesengine.registry import Registry, default_registry


def crosstable_grid(tournament: Tournament, layout: str, sheet: str = "Crosstable",
                    registry: Registry | None = None) -> Grid:
    """The tournament as a grid of `layout` (a name or alias); UsageError when it does not export."""
    chosen = (registry or default_registry()).layout(layout)
    if chosen.export is None:
        raise UsageError(f"the {chosen.name} crosstable layout does not export a tournament")
    return chosen.export(tournament, sheet)


def exporting_layouts(registry: Registry | None = None) -> tuple[str, ...]:
    """The names of the layouts that export, in the order they are tried."""
    return tuple(layout.name for layout in (registry or default_registry()).layouts.values()
                 if layout.export is not None)
