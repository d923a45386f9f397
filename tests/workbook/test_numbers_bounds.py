"""Cells as numbers (workbook/numbers.py): ASCII digits only, bounded, exact where exact (issue 10)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.cell_values import parse_int, parse_points, whole_number


@pytest.mark.parametrize("value, points", [
    ("4,5", Fraction(9, 2)), ("4½", Fraction(9, 2)), ("½", Fraction(1, 2)), ("1/2", Fraction(1, 2)),
    (" 3.5 ", Fraction(7, 2)), (4.5, Fraction(9, 2)), (3, Fraction(3)), ("-1", Fraction(-1)),
    ("0.25", Fraction(1, 4)),
])
def test_points_as_tds_type_them_are_exact(value, points):
    assert parse_points(value) == points


@pytest.mark.parametrize("value", ["³", "₂", "①", "3/0", "1e9", "9" * 5000, "1" + "0" * 400,
                                   float("inf"), float("nan"), "", True])
def test_what_is_not_points_is_none(value):
    assert parse_points(value) is None


@pytest.mark.parametrize("value, number", [(12, 12), (12.0, 12), ("12", 12), ("12.", 12), (" 7 ", 7)])
def test_whole_numbers(value, number):
    assert whole_number(value) == number and parse_int(value) == number


@pytest.mark.parametrize("value", ["³", "₂", "①", "٣", "9" * 5000, 1e308, float("inf"), float("nan"),
                                   10**400, "12 (F)", "1.5", True])
def test_start_number_cells_refuse_unicode_digits_and_huge_values(value):
    assert whole_number(value) is None


def test_parse_int_takes_the_first_number_but_never_a_huge_one():
    assert parse_int("1794->1817") == 1794
    assert parse_int("9" * 5000) is None and parse_int("³") is None and parse_int(float("inf")) is None
    assert parse_points(1e308) == int(1e308)  # exact: the reader that knows the cell checks its range


def test_a_round_header_of_ten_million_is_refused_with_a_cell(tmp_path):
    from rulesengine.errors import InputError
    from rulesengine.testing import tournament_from_text
    from rulesengine.workbook.layouts.export import crosstable_grid
    from rulesengine.grid import Grid
    from rulesengine.workbook.layouts.detect import read_crosstable

    grid = crosstable_grid(tournament_from_text(["Ana", "Bo"], ["1-2 1-0"]), "template")
    rows = [list(r) for r in grid.rows]
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if isinstance(value, str) and value.strip().lower().startswith("round"):
                rows[r][c] = "Round 10000000"
    with pytest.raises(InputError) as err:
        read_crosstable(Grid(grid.sheet, rows, grid.merged), None)
    assert "10,000,000 rounds is more than 999" in str(err.value) and str(err.value).startswith("Crosstable!")
