"""`rulesengine.excel.recalculate(book)`, the Recalculate button, against a faithful fake xlwings Book.

The fake (fake_xlwings.py) queues writes like xlwings does, hands numbers back as floats and
refuses values Excel cannot hold, so these tests catch an adapter that reads after writing,
reads a sheet twice, or writes something only Python understands.
"""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

import excel_sample as sample
from fake_xlwings import FORMAT_ACTIONS, FakeBook
from rulesengine import excel
from rulesengine.errors import InputError
from rulesengine.registry import default_registry
from rulesengine.standings import compute_standings
from rulesengine.testing import tournament_from_text
from rulesengine.grid import Grid
from rulesengine.workbook.look import formatted_cells, look_of
from rulesengine.workbook.recalc import recalculate as recalculate_grids
from rulesengine.workbook.sheets.standings import standings_table


def _book(**changes) -> FakeBook:
    sheets = copy.deepcopy(sample.SHEETS)
    sheets.update(changes)
    return FakeBook(sheets)


def _standings_block(sheet_rows: list[list]) -> list[list]:
    """The ranked table at the top of a Standings sheet (header + one row per player)."""
    return [[v for v in row if v is not None] for row in standings_table(sheet_rows)]


def _engine_standings() -> list[list]:
    """What the engine computes for the same event given as text, as Excel would show it."""
    registry = default_registry()
    tournament = tournament_from_text(sample.PLAYERS, sample.ROUNDS, ratings=sample.RATINGS)
    standings = compute_standings(tournament, registry.resolve_specs(sample.TIEBREAKS), registry)
    return [[float(row.rank), float(row.start_rank), row.name, float(row.points),
             *(float(row.tiebreaks[t]) for t in sample.TIEBREAKS)] for row in standings.rows]


def test_recalculate_writes_the_standings_the_engine_computes():
    book = _book()
    plan = excel.recalculate(book)
    assert plan is not None
    sheets = book.after_script()
    assert list(sheets) == ["Crosstable", "Settings", "Standings"]
    table = _standings_block(sheets["Standings"])
    assert table[0] == sample.STANDINGS_HEADER
    assert table[1:] == _engine_standings()
    assert {row[2]: row[3] for row in table[1:]} == sample.POINTS


def test_each_needed_sheet_is_read_once_and_nothing_after_the_first_write():
    book = _book()
    excel.recalculate(book)
    assert sorted(sheet for sheet, _ in book.reads) == ["Crosstable", "Settings"]
    assert book.reads_after_writes == []


def test_one_block_of_values_per_sheet_after_one_clear():
    book = _book()
    excel.recalculate(book)
    funcs = [(a["func"], a.get("sheet")) for a in book.actions if a["func"] not in FORMAT_ACTIONS]
    assert funcs == [("addSheet", None), ("sheetClear", "Standings"), ("setValues", "Standings")]


def test_header_rows_are_bold_like_the_openpyxl_route():
    book = _book()
    plan = excel.recalculate(book)
    bold_rows = {a["start_row"] + i for a in book.actions if a["func"] == "setFontProperty"
                 and a["args"] == ["bold", True] for i in range(a["row_count"])}
    write = plan.writes[0]
    assert bold_rows == {r for r, _, fmt in formatted_cells(write) if fmt.bold}  # what the look makes bold
    assert set(look_of(write).header_rows) <= bold_rows


def test_the_workbook_grid_is_what_the_pure_recalculation_sees():
    """Same plan through the adapter as from grids built by hand: the adapter adds nothing."""
    book = _book()
    plan = excel.recalculate(book)
    by_hand = recalculate_grids({name: Grid(name, rows) for name, rows in sample.SHEETS.items()})
    assert plan.standings.rows == by_hand.standings.rows
    written = next(a["values"] for a in book.actions if a["func"] == "setValues")
    expected = [list(row) + [None] * (len(written[0]) - len(row)) for row in by_hand.writes[0].rows]
    legend_time = next(i for i, row in enumerate(expected) if row[0] == "Computed by")
    for rows in (written, expected):  # "rulesengine X, <minute>": the two runs may fall in two minutes
        rows[legend_time] = [rows[legend_time][0], str(rows[legend_time][1]).rpartition(", ")[0]]
    as_excel_holds_it = [[None if v in (None, "") else float(v) if isinstance(v, int) and not isinstance(v, bool)
                          else v for v in row] for row in expected]
    assert written == as_excel_holds_it


def test_an_old_standings_sheet_is_emptied_first_and_never_read():
    stale = [["Rank", "SNo", "Name"]] + [[i, i, f"Old player {i}"] for i in range(1, 30)]
    book = _book(Standings=stale)
    excel.recalculate(book)
    assert "Standings" not in {sheet for sheet, _ in book.reads}
    rows = book.after_script()["Standings"]
    assert not any("Old player" in str(v) for row in rows for v in row)
    assert [a["func"] for a in book.actions][0] == "sheetClear"  # no addSheet: it exists


def test_sheet_names_match_without_regard_to_case():
    book = _book(standings=[["old"]])
    excel.recalculate(book)
    assert list(book.after_script()) == ["Crosstable", "Settings", "standings"]
    assert not any(a["func"] == "addSheet" for a in book.actions)


def test_grid_is_anchored_at_a1_when_the_used_range_is_not():
    # Settings typed from row 3: Excel's used range is A3:B4, but messages must say A3, not A1.
    book = _book(Settings=[[None], [None], ["Setting", "Value"], ["Tie-brakes", "BH"]])
    grid = excel.read_grid(book.sheets["Settings"])
    assert grid.value(2, 0) == "Setting" and grid.value(3, 0) == "Tie-brakes"
    assert excel.recalculate(book) is None
    assert "Settings!A4" in book.app.alerts[0]["prompt"]


def test_whole_numbers_come_back_as_ints_like_openpyxl_reads_them():
    grid = excel.read_grid(_book().sheets["Crosstable"])
    assert grid.rows[2][:4] == [1, "Ana", 2100, "NOR"]
    assert type(grid.rows[2][0]) is int and grid.rows[2][13] == 2.5


def test_a_used_range_beyond_the_limits_is_refused_before_it_is_read():
    from rulesengine.workbook.io.package import Limits

    settings = copy.deepcopy(sample.SETTINGS) + [[None]] * 30 + [[None, "stray"]]
    book = _book(Settings=settings)
    with pytest.raises(InputError) as caught:
        excel.read_grids(book, Limits(max_rows=20))
    assert "Settings!B33" in str(caught.value)
    assert ("Settings", "$A$1:$B$33") not in book.reads


def test_an_empty_sheet_is_an_empty_grid():
    book = _book(Notes=[])
    assert excel.read_grid(book.sheets["Notes"]).rows == []


def test_bad_input_is_shown_to_the_td_and_nothing_is_written():
    crosstable = copy.deepcopy(sample.CROSSTABLE)
    crosstable[2][6] = "7"  # Ana's round-1 result
    book = _book(Crosstable=crosstable)
    assert excel.recalculate(book) is None
    assert [a["func"] for a in book.actions] == ["alert"]
    alert = book.app.alerts[0]
    assert alert["title"] == excel.ALERT_TITLE
    assert "Crosstable!G3" in alert["prompt"]


def test_text_that_looks_like_a_formula_stays_text():
    book = FakeBook({"S": []})
    book.sheets["S"].range("A1").value = excel._to_excel("=not a formula")
    assert book.after_script()["S"] == [["=not a formula"]]


def test_values_are_handed_to_excel_as_plain_types():
    assert excel._to_excel(Fraction(5, 2)) == "5/2"  # never reaches Excel as a Python object
    for value in (None, "x", 1, 2.5, True):
        assert excel._to_excel(value) == value


def test_the_fake_queues_writes_like_xlwings():
    book = FakeBook({"S": [[1, 2]]})
    sheet = book.sheets["S"]
    sheet.range("A1").value = 99
    assert sheet.range("A1").value == 1.0  # the old value: writes are queued
    assert sheet.range("A1:B1").value == [1.0, 2.0]  # one row reads as a flat list
    assert sheet.range("A1:B1").options(ndim=2).value == [[1.0, 2.0]]
    with pytest.raises(TypeError):
        sheet.range("A2").value = Fraction(1, 2)
    assert book.after_script()["S"] == [[99.0, 2.0]]


def test_the_excel_and_openpyxl_routes_read_the_same_grids(tmp_path):
    import openpyxl
    from datetime import datetime

    from rulesengine.workbook.io.openpyxl_book import sheet_grid, write_workbook

    sheets = copy.deepcopy(sample.SHEETS)
    sheets["Notes"] = [[None], [None, None, "from C3", 4.5, datetime(2026, 3, 1)], [None, 7]]
    path = write_workbook(tmp_path / "club.xlsx", [Grid(name, rows) for name, rows in sheets.items()])
    wb = openpyxl.load_workbook(path)
    book = FakeBook(sheets)
    for name in sheets:
        assert excel.read_grid(book.sheets[name]).rows == sheet_grid(wb[name]).rows, name


def test_the_excel_and_openpyxl_routes_write_the_same_standings(tmp_path):
    import openpyxl

    from rulesengine.workbook.io.openpyxl_book import write_workbook
    from rulesengine.workbook.route import recalc_workbook

    path = write_workbook(tmp_path / "club.xlsx", [Grid(name, rows) for name, rows in sample.SHEETS.items()])
    recalc_workbook(path)
    wb = openpyxl.load_workbook(path)
    by_openpyxl = [[None if v == "" else v for v in row] for row in wb["Standings"].iter_rows(values_only=True)]
    book = _book()
    excel.recalculate(book)
    by_excel = book.after_script()["Standings"]

    def comparable(rows):
        out = [[float(v) if isinstance(v, int) else v for v in row] for row in rows if row and row[0] != "Computed by"]
        width = max(len(r) for r in out)
        return [r + [None] * (width - len(r)) for r in out]

    assert comparable(by_excel) == comparable(by_openpyxl)


def test_merged_round_headers_need_no_merge_information(tmp_path):
    """xlwings hands over no merged blocks (Lite's JSON has none): a template whose `Round N`
    headers are merged over Opp/Col/Res reads the same as through openpyxl, which keeps them."""
    import openpyxl

    from rulesengine.grid import MergedRange
    from rulesengine.workbook.io.openpyxl_book import sheet_grid, write_workbook

    merged = tuple(MergedRange.from_a1(ref) for ref in ("E1:G1", "H1:J1", "K1:M1"))
    grids = [Grid("Crosstable", sample.CROSSTABLE, merged), Grid("Settings", sample.SETTINGS)]
    path = write_workbook(tmp_path / "club.xlsx", grids)
    wb = openpyxl.load_workbook(path)
    with_merges = {name: sheet_grid(wb[name]) for name in ("Crosstable", "Settings")}
    assert with_merges["Crosstable"].merged
    book = _book()
    plan = excel.recalculate(book)
    assert plan.standings.rows == recalculate_grids(with_merges).standings.rows
    assert plan.tournament == recalculate_grids(with_merges).tournament
