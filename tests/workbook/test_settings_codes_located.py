"""A tie-break code, rating system or rule text on the Settings sheet that no plugin knows is
reported at its cell (issue 10 item 3: every message carries its location)."""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError, UsageError
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.recalc import recalculate
from rulesengine.workbook.inputs.settings import WorkbookSettings


def _grids(label: str, value: str) -> dict[str, Grid]:
    event = tournament_from_text(4, ["1-2 1-0, 3-4 =", "1-3 0-1, 2-4 1-0"])
    return {"Crosstable": crosstable_grid(event, "template"),
            "Settings": Grid("Settings", [["Setting", "Value"], [label, value]])}


@pytest.mark.parametrize("label, value, word", [
    ("Tie-breaks", "BH,XYZZY", "XYZZY"),
    ("Rating system", "nosuchsystem", "nosuchsystem"),
    ("Tie-break rules", "fide-1066", "fide-1066"),
])
def test_an_unknown_value_on_the_settings_sheet_names_its_cell(label, value, word):
    with pytest.raises(InputError) as info:
        recalculate(_grids(label, value))
    [problem] = info.value.problems
    assert str(problem.location) == "Settings!B2"
    assert word in problem.message


def test_the_same_value_from_a_flag_stays_a_usage_error():
    with pytest.raises(UsageError):
        recalculate(_grids("Tie-breaks", "BH"), WorkbookSettings(tiebreaks=("XYZZY",)))
