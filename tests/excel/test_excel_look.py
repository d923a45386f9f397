"""The xlwings route applies a SheetLook with the calls xlwings has, few actions, nothing it lacks."""

from __future__ import annotations

from types import SimpleNamespace

from fake_xlwings import FakeBook
from rulesengine import excel
from rulesengine.workbook.look import HEADER_FILL, MARK_FILL
from rulesengine.workbook.plan import STYLE_MARK, STYLE_NOTE, LineChart, SheetLook, SheetWrite

ROWS = (
    ("Riverbend Open 2026",),
    ("Rank", "SNo", "Name", "Pts", "Rating"),
    (1, 3, "Zoë Ødegaard", 2.5, 1843.5),
    (2, 1, "محمد الأحمد", 2, 1710.0),
    (3, 2, "Пётр", 1.5, 1650.0),
    (),
    ("A note long enough to need two lines of the table's width when it is merged across",),
)
LOOK = SheetLook(title_rows=(0,), header_rows=(1,), number_formats={3: "0.0", 4: "0"}, right_aligned=(3, 4),
                 column_widths={2: 24}, freeze_rows=2, merge_rows=(0, 6), row_styles={6: STYLE_NOTE},
                 cell_styles={(3, 3): STYLE_MARK}, comments={(3, 3): "published 2.5"},
                 charts=(LineChart("Points", 1, 2, 4, 2, (3,), "G2"),))
PLAN = SimpleNamespace(writes=(SheetWrite("Standings", ROWS, look=LOOK),))


def actions(book, func):
    return [a for a in book.actions if a["func"] == func]


def box(action):
    return action["start_row"], action["start_column"], action["row_count"], action["column_count"]


def test_header_title_formats_and_marks_in_few_actions():
    book = FakeBook({"Crosstable": [["SNo"]]})
    excel.apply_plan(book, PLAN)
    colours = {(box(a), a["args"]) for a in actions(book, "setRangeColor")}
    assert colours == {((1, 0, 1, 5), "#" + HEADER_FILL), ((3, 3, 1, 1), "#" + MARK_FILL)}
    assert ((1, 0, 1, 5), ["edge_bottom", "line_style", "continuous"]) in \
        [(box(a), a["args"]) for a in actions(book, "setBorderProperty")]
    assert ((0, 0, 1, 1), ["size", 14]) in [(box(a), a["args"]) for a in actions(book, "setFontProperty")]
    formats = sorted((box(a), a["args"]) for a in actions(book, "setNumberFormat"))
    # Pts: rows 3 and 5 in one block each side of the marked cell; Rating: one block
    assert formats == [((2, 3, 1, 1), "0.0"), ((2, 4, 3, 1), "0"), ((3, 3, 1, 1), "0.0"), ((4, 3, 1, 1), "0.0")]
    right = {box(a) for a in actions(book, "setHorizontalAlignment") if a["args"] == "right"}
    assert (2, 4, 3, 1) in right
    assert len(book.actions) < 40


def test_layout_notes_and_chart():
    book = FakeBook({"Crosstable": [["SNo"]]})
    excel.apply_plan(book, PLAN)
    assert [(box(a), a["args"]) for a in actions(book, "setColumnWidth")] == [((0, 2, 1, 1), 24)]
    assert sorted(box(a) for a in actions(book, "rangeMerge")) == [(0, 0, 1, 5), (6, 0, 1, 5)]
    assert [a["args"] for a in actions(book, "setRowHeight")] == [30.0]
    assert [a["args"] for a in actions(book, "freezePaneAtRange")] == [["1:2"]]
    assert [a["args"] for a in actions(book, "addNote")] == [["$D$4", "published 2.5"]]
    assert [a["args"] for a in actions(book, "addChart")] == [["line", "$D$2:$D$5", "columns", "$G$2"]]
    assert [a["args"] for a in actions(book, "setChartXAxisValues")] == [["$C$3:$C$5"]]
    shown = book.after_script()["Standings"]
    assert shown[2][:3] == [1.0, 3.0, "Zoë Ødegaard"]  # formats never touch values


def test_xlwings_lite_takes_widths_in_points():
    book = FakeBook({"Crosstable": [["SNo"]]})
    book.api = {"client": "Office.js"}  # xlwings' remote engine: the book's api is the JSON payload
    excel.apply_plan(book, PLAN)
    assert [a["args"] for a in actions(book, "setColumnWidth")] == [24 * 7 * 0.75 + 3.75]


def test_an_engine_without_alignment_or_notes_skips_them_and_applies_the_rest():
    book = FakeBook({"Crosstable": [["SNo"]]}, client="Excel desktop")
    excel.apply_plan(book, PLAN)
    assert not actions(book, "setHorizontalAlignment") and not actions(book, "addNote")
    assert actions(book, "setRangeColor") and actions(book, "setNumberFormat") and actions(book, "addChart")


def test_a_second_recalculation_replaces_its_chart_and_leaves_the_tds_own():
    book = FakeBook({"Crosstable": [["SNo"]], "Standings": [["old"]]},
                    charts={"Standings": ["TD's chart", "rulesengine: Points"]})
    excel.apply_plan(book, PLAN)
    assert [a["args"] for a in actions(book, "deleteChart")] == [[1]]
    assert [c.name for c in book.sheets["Standings"].charts] == ["TD's chart", "rulesengine: Points"]
    excel.apply_plan(book, PLAN)
    assert [c.name for c in book.sheets["Standings"].charts] == ["TD's chart", "rulesengine: Points"]
