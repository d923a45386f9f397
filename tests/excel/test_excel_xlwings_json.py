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
from rulesengine.workbook.sheets.standings import standings_table
from xlwings_json import payload, run_actions

pytestmark = pytest.mark.skipif(not os.environ.get("XLWINGS_LICENSE_KEY"),
                                reason="xlwings' JSON book (remote engine) needs XLWINGS_LICENSE_KEY")


@pytest.fixture(scope="module")
def xw():
    xlwings = pytest.importorskip("xlwings")
    if not xlwings.__pro__:
        pytest.skip("xlwings did not accept XLWINGS_LICENSE_KEY")
    return xlwings


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
    table = standings_table(after["Standings"])
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
