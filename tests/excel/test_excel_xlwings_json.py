"""`rulesengine.excel.recalculate` against xlwings' own object model: a book built from the JSON an
Excel client sends (`xw.Book(json=...)`, the remote engine xlwings Lite also runs).

That engine lives in `xlwings/pro` (PolyForm Noncommercial or a commercial licence) and needs
`XLWINGS_LICENSE_KEY` (the key `noncommercial` is accepted for noncommercial use); without it
these tests skip, and the fake-book tests stand alone. With it, they also prove the fake faithful:
the same workbook ends the same through both.
"""

from __future__ import annotations

import copy
import os

import pytest

import excel_sample as sample
from fake_xlwings import FakeBook
from rulesengine import excel
from rulesengine.workbook.grid import cell_address

pytestmark = pytest.mark.skipif(not os.environ.get("XLWINGS_LICENSE_KEY"),
                                reason="xlwings' JSON book (remote engine) needs XLWINGS_LICENSE_KEY")


@pytest.fixture(scope="module")
def xw():
    xlwings = pytest.importorskip("xlwings")
    if not xlwings.__pro__:
        pytest.skip("xlwings did not accept XLWINGS_LICENSE_KEY")
    return xlwings


def payload(sheets: dict[str, list[list]], version: str) -> dict:
    """What an Excel client sends: each sheet's values from A1 to the end of its used range."""
    out = []
    for name, rows in sheets.items():
        width = max((len(r) for r in rows), default=0)
        values = [["" if v is None else v for v in row] + [""] * (width - len(row)) for row in rows] or [[]]
        used = [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v not in (None, "")]
        address = None
        if used:
            top, left = min(r for r, _ in used), min(c for _, c in used)
            bottom, right = max(r for r, _ in used), max(c for _, c in used)
            address = f"{cell_address(top, left)}:{cell_address(bottom, right)}"
        out.append({"name": name, "values": values, "pictures": [], "tables": [], "used_range_address": address})
    return {"client": "Office.js", "version": version,
            "book": {"name": "club.xlsx", "active_sheet_index": 0, "selection": "A1"},
            "names": [], "sheets": out}


def run_actions(sheets: dict[str, list[list]], actions: list[dict]) -> dict[str, list[list]]:
    """Play xlwings' action list on the starting sheets, as the Excel client would."""
    order = list(sheets)
    cells = {name: {(r, c): v for r, row in enumerate(rows) for c, v in enumerate(row) if v not in (None, "")}
             for name, rows in sheets.items()}
    for action in actions:
        func = action["func"]
        if func == "addSheet":
            position, name = action["args"]
            order.insert(position, name)
            cells[name] = {}
            continue
        if func == "setFontProperty":
            continue
        target = cells[order[action["sheet_position"]]]
        if func in ("sheetClear", "sheetClearContents"):
            target.clear()
        elif func == "setValues":
            for dr, row in enumerate(action["values"]):
                for dc, value in enumerate(row):
                    key = (action["start_row"] + dr, action["start_column"] + dc)
                    if value in (None, ""):
                        target.pop(key, None)
                    else:
                        target[key] = value
        else:
            raise AssertionError(f"unexpected action {func}")
    result = {}
    for name in order:
        if not cells[name]:
            result[name] = []
            continue
        height = max(r for r, _ in cells[name]) + 1
        width = max(c for _, c in cells[name]) + 1
        result[name] = [[cells[name].get((r, c)) for c in range(width)] for r in range(height)]
    return result


def _comparable(sheets: dict[str, list[list]]) -> dict[str, list[list]]:
    """Numbers as Excel holds them (floats), without the legend's time stamp."""
    out = {}
    for name, rows in sheets.items():
        out[name] = [[float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in row]
                     for row in rows if not (row and row[0] == "Computed by")]
    return out


def test_recalculate_through_xlwings_json_book(xw):
    sheets = copy.deepcopy(sample.SHEETS)
    book = xw.Book(json=payload(sheets, xw.__version__))
    plan = excel.recalculate(book)
    assert plan is not None
    after = run_actions(sheets, book.json()["actions"])
    table = after["Standings"][:1 + len(sample.POINTS)]
    assert table[0][:len(sample.STANDINGS_HEADER)] == sample.STANDINGS_HEADER
    assert {row[2]: row[3] for row in table[1:]} == sample.POINTS


def test_the_fake_book_ends_where_xlwings_does(xw):
    sheets = copy.deepcopy(sample.SHEETS)
    sheets["Standings"] = [["stale"] * 3] * 40
    real = xw.Book(json=payload(sheets, xw.__version__))
    excel.recalculate(real)
    fake = FakeBook(copy.deepcopy(sheets))
    excel.recalculate(fake)
    assert _comparable(run_actions(sheets, real.json()["actions"])) == _comparable(fake.after_script())
    real_funcs = [a["func"] for a in real.json()["actions"]]
    assert real_funcs == [a["func"] for a in fake.actions]


def test_bad_input_alerts_through_xlwings(xw):
    sheets = copy.deepcopy(sample.SHEETS)
    sheets["Crosstable"][2][6] = "7"
    book = xw.Book(json=payload(sheets, xw.__version__))
    assert excel.recalculate(book) is None
    actions = book.json()["actions"]
    assert [a["func"] for a in actions] == ["alert"]
    assert "Crosstable!G3" in str(actions[0]["args"])
