"""The two ways a TD presses "Pair next round", both ending in `rulesengine.excel.pair_next_round`:
the xlwings Lite script `pair_next_round` (excel/lite/main.py) and the ribbon add-in
`rulesengine_pair.xlam` (excel/addin/), whose button shares the "Chess TD" tab with Recalculate.
"""

from __future__ import annotations

import copy
import re
import sys
import types
import zipfile

import pytest

from fake_xlwings import FakeBook
from test_excel_routes import ADDIN, LITE, _load, xlwings_module  # noqa: F401 (a fixture)

_ = None
# Four players, room for 3 rounds; round 1 played: 1-3 1-0, 4-2 ½.
CROSSTABLE = [
    ["SNo", "Name", "Rtg", "FED", "Round 1", _, _, "Round 2", _, _, "Round 3", _, _, "Pts"],
    [_, _, _, _, "Opp", "Col", "Res", "Opp", "Col", "Res", "Opp", "Col", "Res", _],
    [1, "Ana", 2100, "NOR", 3, "w", 1, _, _, _, _, _, _, 1],
    [2, "Bø", 2000, "SWE", 4, "b", "½", _, _, _, _, _, _, 0.5],
    [3, "Kai", 1900, "DEN", 1, "b", 0, _, _, _, _, _, _, 0],
    [4, "Đan", 1800, "FIN", 2, "w", "½", _, _, _, _, _, _, 0.5],
]
SHEETS = {"Crosstable": CROSSTABLE, "Settings": [["Setting", "Value"], ["Rounds", 3], ["Event", "Club cup"]]}


def _boards(rows: list[list]) -> list[tuple[int, int]]:
    return [(int(r[1]), int(r[7])) for r in rows[3:] if r and isinstance(r[0], (int, float))]


def test_lite_script_pairs_the_next_round(xlwings_module):
    main = _load(LITE / "main.py", "lite_main")
    book = FakeBook(copy.deepcopy(SHEETS))
    main.pair_next_round(book)
    pairings = book.after_script()["Pairings"]
    assert pairings[0][0] == "Club cup - Round 2"
    # Dutch round 2: the scoregroups 1, ½+½, 0: 1 floats down to a ½ player (1 has had white).
    assert _boards(pairings) == [(2, 1), (3, 4)]
    assert [r[2] for r in pairings[3:5]] == ["Bø", "Kai"]
    assert "Standings" not in book.after_script()   # nothing folded: the Standings are not rewritten


def test_pair_button_runs_the_pairing_on_the_calling_workbook(monkeypatch):
    book = FakeBook(copy.deepcopy(SHEETS))
    stub = types.ModuleType("xlwings")
    stub.Book = type("Book", (), {"caller": staticmethod(lambda: book)})
    monkeypatch.setitem(sys.modules, "xlwings", stub)
    addin = _load(ADDIN / "rulesengine_pair.py", "rulesengine_pair")
    addin.main()
    assert _boards(book.after_script()["Pairings"]) == [(2, 1), (3, 4)]


def test_an_unfinished_round_is_an_alert_and_nothing_is_written():
    from rulesengine import excel
    sheets = copy.deepcopy(SHEETS)
    for row in (2, 4):   # 1-3 has no result: round 1 is still being played
        sheets["Crosstable"][row][6] = sheets["Crosstable"][row][13] = _
    book = FakeBook(sheets)
    assert excel.pair_next_round(book) is None
    (alert,) = book.app.alerts
    assert alert["title"] == excel.PAIR_ALERT_TITLE
    assert "Crosstable!G3: round 1 is paired but has no result here yet" in alert["prompt"]
    assert "Crosstable!G5: round 1" in alert["prompt"]
    assert [a for a in book.actions if a.get("func") != "alert"] == []


def test_pair_addin_has_one_button_on_the_shared_tab():
    uis = {}
    for name in ("rulesengine_td", "rulesengine_pair"):
        with zipfile.ZipFile(ADDIN / f"{name}.xlam") as xlam:
            assert xlam.testzip() is None
            uis[name] = xlam.read("customUI/customUI.xml").decode()
            vba = xlam.read("xl/vbaProject.bin")
        assert "RibbonMyAddin".encode("utf-16-le") in vba
        assert 'onAction="RibbonMyAddin.RunMain"' in uis[name]
        assert (ADDIN / f"{name}.py").exists()   # RunMain imports the module named after the file
    assert re.findall(r'<button [^>]*label="([^"]+)"', uis["rulesengine_pair"]) == ["Pair next round"]
    # One tab and group for both add-ins: the same qualified ids in the same namespace.
    shared = [re.findall(r'(?:xmlns:td|idQ)="([^"]+)"', ui) for ui in uis.values()]
    assert shared[0] == shared[1] == ["urn:rulesengine:chess-td", "td:rulesengineTab", "td:rulesengineGroup"]


def test_build_addin_reproduces_the_committed_pair_xlam(tmp_path):
    pytest.importorskip("xlwings")
    build = _load(ADDIN / "build_addin.py", "build_addin")
    build.build(tmp_path / "rulesengine_pair.xlam")
    with zipfile.ZipFile(tmp_path / "rulesengine_pair.xlam") as new, \
            zipfile.ZipFile(ADDIN / "rulesengine_pair.xlam") as committed:
        assert new.namelist() == committed.namelist()
        assert all(new.read(n) == committed.read(n) for n in new.namelist())


def test_a_folded_cell_never_replaces_a_formula_in_excel():
    from rulesengine import excel
    from rulesengine.workbook.plan import SheetWrite

    class Range:
        def __init__(self, formula):
            self.formula, self.written = formula, None

        def resize(self, rows, cols):
            return self

        @property
        def value(self):
            raise AssertionError("not read")

        @value.setter
        def value(self, block):
            self.written = block

    class Sheet:
        def __init__(self, formula):
            self.cell = Range(formula)

        def range(self, *args):
            return self.cell

    total = SheetWrite("Crosstable", ((2.5,),), top_left="N3", clear=None, header_rows=())
    with_formula, typed = Sheet("=SUM(G3,J3)"), Sheet(((2,),))
    excel._apply(with_formula, total)
    excel._apply(typed, total)
    assert with_formula.cell.written is None and typed.cell.written == [[2.5]]
