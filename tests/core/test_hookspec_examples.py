"""Every hook is documented with an example (issue 9), and the examples are real: run together
as one plugin they register without a complaint from the boundary, and the tie-break computes."""

from __future__ import annotations

import inspect
import textwrap
import types
from fractions import Fraction

import pytest

from rulesengine import hookspecs, plugins
from rulesengine.layout import NoNotation
from rulesengine.model import Colour, ResultCode, RoundEntry
from rulesengine.registry import build_registry
from rulesengine.testing import tournament_from_text

HOOKS = [name for name in dir(hookspecs) if name.startswith("rulesengine_")]


def _example(hook: str) -> str:
    doc = inspect.getdoc(getattr(hookspecs, hook))
    assert "Example::" in doc, f"{hook} has no example"
    return textwrap.dedent(doc.split("Example::", 1)[1])


def test_every_hook_has_an_example_that_runs_as_a_plugin():
    namespace = {name: getattr(plugins, name) for name in plugins.__all__}
    for hook in HOOKS:
        exec(compile(_example(hook), f"<example of {hook}>", "exec"), namespace)  # noqa: S102 (our own docs)
    example = types.SimpleNamespace(**{hook: namespace[hook] for hook in HOOKS})
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fedx", example)])
    info = next(i for i in registry.plugin_list() if i.name == "fedx")
    assert not info.broken
    assert (info.tiebreaks, info.presets, info.rating_systems, info.pairing_systems, info.formats, info.layouts) == (
        ["XBW"], ["fedx"], ["fedx"], ["fedx-accelerated"], ["fedx-csv"], ["fedx_sheet"])
    # Registered, after the built-ins' legends (FIDE's broad "black" pattern is tried first).
    assert info.legends == 1 and registry.legends[-1].spec == "XBW"
    t = tournament_from_text(4, ["1-2 0-1, 3-4 1-0", "2-1 0-1"])
    from rulesengine import api
    run = api.standings(t, ["fedx"], registry)
    assert [str(s) for s in run.specs] == ["XBW", "BH/C1", "SB"]
    assert run.standings.values["XBW"] == {1: 1, 2: 1, 3: 0, 4: 0}  # each won once with Black


def test_the_layout_example_reads_locates_writes_and_exports():
    """The crosstable layout example's every operation, through the registry's boundary."""
    namespace = {name: getattr(plugins, name) for name in plugins.__all__}
    exec(compile(_example("rulesengine_crosstable_layouts"), "<example>", "exec"), namespace)  # noqa: S102
    example = types.SimpleNamespace(rulesengine_crosstable_layouts=namespace["rulesengine_crosstable_layouts"])
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fedx", example)])
    layout = registry.layout("fedx")
    t = tournament_from_text(4, ["1-2 1-0, 3-4 =", "3-1 0-1, 2-4 1-0"])
    grid = layout.export(t, "Crosstable")
    assert grid.rows[1] == [1, "Player 1", "2w1", "3b1"] and layout.detect(grid)
    read = layout.read(grid, scoring=t.scoring)
    assert read.points == {1: 2, 2: 1, 3: Fraction(1, 2), 4: Fraction(1, 2)}
    cells = layout.locate(grid)
    assert (cells.rows, cells.rounds) == ({1: 1, 2: 2, 3: 3, 4: 4}, {1: (2,), 2: (3,)})
    assert layout.entry(cells, 3, 1).code is ResultCode.DRAW
    assert layout.write(cells, 4, RoundEntry(2, 1, Colour.WHITE, ResultCode.LOSS), False) == {"D5": "1w0"}
    with pytest.raises(NoNotation, match="no notation for byes"):
        layout.write(cells, 4, RoundEntry(2, None, Colour.NONE, ResultCode.HALF_POINT_BYE), False)
