"""The fold-in in detail: the cell patcher, each layout's notation, byes announced before pairing,
unrated and double-forfeit results, re-pairing a round without results, the openpyxl route."""

from __future__ import annotations

import json

import openpyxl
import pytest

from rulesengine.model import Colour, ResultCode
from rulesengine.testing import tournament_from_text
from rulesengine.workbook import route as file_route
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.io.graft import GraftUnsupported
from rulesengine.workbook.layouts.detect import read_crosstable
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.sheets.pairings import read_pairings
from rulesengine.workbook.io.sheet_patch import PatchUnsupported, patch_cells

from test_pairings_book import NAMES, RATINGS, cli, grids, make_book, parts, rewrite_sheet, stored, type_into

SHEET = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
         b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
         b'<dimension ref="A1:C3"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>'
         b'<sheetData><row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="C1" s="4"/></row>'
         b'<row r="3"><c r="B3"><f>1+1</f><v>2</v></c></row></sheetData>'
         b'<dataValidations count="1"><dataValidation type="list" sqref="E3"><formula1>"a,b"</formula1>'
         b'</dataValidation></dataValidations></worksheet>')


def test_patched_cells_go_in_column_and_row_order_and_nothing_else_moves():
    out = patch_cells(SHEET, {"B1": 4, "C1": "w", "E1": "½ & <x>", "A2": 1.5, "D5": " Ødegaard "})
    assert out.startswith(SHEET[:SHEET.index(b"<dimension")])
    assert b'<dimension ref="A1:E5"/>' in out
    assert (b'<row r="1" spans="1:5"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>4</v></c>'
            b'<c r="C1" s="4" t="inlineStr"><is><t>w</t></is></c>'
            b'<c r="E1" t="inlineStr"><is><t>\xc2\xbd &amp; &lt;x&gt;</t></is></c></row>') in out
    assert b'<row r="2"><c r="A2"><v>1.5</v></c></row><row r="3">' in out
    assert (b'<row r="5"><c r="D5" t="inlineStr"><is><t xml:space="preserve"> \xc3\x98degaard </t></is></c>'
            b'</row></sheetData>') in out
    assert out.endswith(SHEET[SHEET.index(b"<dataValidations"):])
    # openpyxl reads what was typed.
    import io
    import zipfile
    wb = openpyxl.Workbook()
    buffer = io.BytesIO()
    wb.save(buffer)
    with zipfile.ZipFile(buffer) as source:
        members = {n: source.read(n) for n in source.namelist()}
    sheet = members["xl/worksheets/sheet1.xml"]
    members["xl/worksheets/sheet1.xml"] = patch_cells(sheet, {"B2": 4, "C2": "½", "A1": "Zoë"})
    patched = io.BytesIO()
    with zipfile.ZipFile(patched, "w") as out_zip:
        for name, data in members.items():
            out_zip.writestr(name, data)
    ws = openpyxl.load_workbook(patched).active
    assert (ws["A1"].value, ws["B2"].value, ws["C2"].value) == ("Zoë", 4, "½")


def test_a_formula_cell_keeps_its_formula_and_loses_its_cached_value():
    out = patch_cells(SHEET, {"B3": 1, "C3": 2})
    assert b'<row r="3"><c r="B3"><f>1+1</f></c><c r="C3"><v>2</v></c></row>' in out
    typed = SHEET.replace(b'<c r="B3"><f>1+1</f><v>2</v></c>', b'<c r="B3" s="2" t="str"><f>A1&amp;"x"</f><v>ax</v></c>')
    assert b'<c r="B3" s="2"><f>A1&amp;"x"</f></c>' in patch_cells(typed, {"B3": 1})
    with pytest.raises(PatchUnsupported, match="r attribute"):
        patch_cells(SHEET.replace(b'<row r="3">', b"<row>"), {"B3": 1})


def test_wall_chart_gets_its_letters_and_the_colour_row(tmp_path, capsys):
    t = tournament_from_text(NAMES[:4], ["1-3 1-0, 4-2 0-1"], ratings=RATINGS[:4], total_rounds=3)
    book = write_workbook(tmp_path / "wall.xlsx", [crosstable_grid(t, "uschess_wallchart")])
    code, out, err = cli(capsys, "pair", book, "--format", "json")
    assert code == 0, err
    sheet = read_pairings(grids(book)["Pairings"])
    assert [(b.white, b.black) for b in sheet.boards] == [(p["white"], p["black"]) for p in json.loads(out)["pairings"]]
    type_into(book, "Pairings", dict(zip((b.cell for b in sheet.boards), ["1-0", "-/+"])))
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    read = read_crosstable(grids(book)["Crosstable"])
    (w1, b1), (w2, b2) = [(b.white, b.black) for b in sheet.boards]
    assert (read.player(w1).entry(2).code, read.player(w1).entry(2).colour) == (ResultCode.WIN, Colour.WHITE)
    assert (read.player(b1).entry(2).code, read.player(b1).entry(2).colour) == (ResultCode.LOSS, Colour.BLACK)
    assert read.player(w2).entry(2).code is ResultCode.FORFEIT_LOSS
    assert read.player(b2).entry(2).code is ResultCode.FORFEIT_WIN
    grid = grids(book)["Crosstable"]
    row = next(r for r in range(grid.height) if grid.value(r, 0) == w1)
    assert grid.value(row, 5) == f"W{b1}" and grid.value(row + 1, 5) == "W"


def test_a_bye_announced_in_the_crosstable_an_unrated_game_and_a_double_forfeit(tmp_path, capsys):
    book = make_book(tmp_path / "byes.xlsx", 7, 3)
    wb = openpyxl.load_workbook(book)
    wb["Crosstable"]["G9"] = "H"     # player 7 asked for a half-point bye in round 1
    wb.save(book)
    assert cli(capsys, "pair", book)[0] == 0
    sheet = read_pairings(grids(book)["Pairings"])
    assert sheet.byes == ((7, "HPB"),)
    assert len(sheet.boards) == 3
    type_into(book, "Pairings", dict(zip((b.cell for b in sheet.boards), ["1-0 unrated", "-/-", "½-½"])))
    crosstable = parts(book)["Crosstable"]
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    assert "3 board(s) folded into Crosstable" in out
    read = read_crosstable(grids(book)["Crosstable"])
    first, second, _ = sheet.boards
    assert read.player(first.white).entry(1).code is ResultCode.UNRATED_WIN
    assert read.player(first.black).entry(1).code is ResultCode.UNRATED_LOSS
    assert read.player(second.white).entry(1).double_forfeit and read.player(second.black).entry(1).double_forfeit
    assert read.player(7).entry(1).code is ResultCode.HALF_POINT_BYE
    before = stored(book)[crosstable]
    assert cli(capsys, "recalc", book)[0] == 0
    assert stored(book)[crosstable] == before


def test_a_round_without_results_is_paired_again_and_a_started_one_is_not(tmp_path, capsys):
    book = make_book(tmp_path / "again.xlsx", 6, 3)
    assert cli(capsys, "pair", book)[0] == 0
    first = read_pairings(grids(book)["Pairings"])
    code, out, err = cli(capsys, "pair", book, "--format", "json")
    assert code == 0, err
    assert json.loads(out)["round"] == 1 and read_pairings(grids(book)["Pairings"]) == first
    type_into(book, "Pairings", {first.boards[0].cell: "1-0"})
    code, _, err = cli(capsys, "pair", book, "--round", "1")
    assert code == 2 and "has no result yet" in err


def test_the_openpyxl_route_writes_the_same(tmp_path, capsys, monkeypatch):
    book = make_book(tmp_path / "fallback.xlsx", 5, 3)

    def refuse(*args, **kwargs):
        raise GraftUnsupported("test: the openpyxl route")
    monkeypatch.setattr(file_route, "prepare_graft", refuse)
    assert cli(capsys, "pair", book)[0] == 0
    wb = openpyxl.load_workbook(book)
    (dv,) = wb["Pairings"].data_validations.dataValidation
    assert dv.formula1.startswith('"1-0,½-½,0-1')
    sheet = read_pairings(grids(book)["Pairings"])
    type_into(book, "Pairings", {b.cell: "0-1" for b in sheet.boards})
    print_setup = openpyxl.load_workbook(book)["Crosstable"].page_setup.orientation
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    read = read_crosstable(grids(book)["Crosstable"])
    assert all(read.player(b.black).entry(1).code is ResultCode.WIN for b in sheet.boards)
    assert openpyxl.load_workbook(book)["Crosstable"].page_setup.orientation == print_setup


@pytest.mark.parametrize("flag", [["--explain"], ["--format", "trf"], ["--estimate", "3=1500"]])
def test_trf_only_flags_are_refused_for_a_workbook(tmp_path, capsys, flag):
    book = make_book(tmp_path / "flags.xlsx", 4, 2)
    before = stored(book)
    code, _, err = cli(capsys, "pair", book, *flag)
    assert code == 2 and "is for TRF files" in err
    assert stored(book) == before


def test_a_sheet_named_pairings_that_the_engine_did_not_write_is_never_replaced(tmp_path, capsys):
    book = make_book(tmp_path / "own.xlsx", 4, 2)
    wb = openpyxl.load_workbook(book)
    wb.create_sheet("Pairings")["A1"] = "my own notes"
    wb.save(book)
    before = stored(book)
    code, _, err = cli(capsys, "pair", book)
    assert code == 2 and "Pairings!A1: this sheet was not written by the engine" in err
    assert f"{book} was not changed (1 problem)" in err
    assert stored(book) == before
    assert cli(capsys, "recalc", book)[0] == 0   # and Recalculate leaves it alone
    assert openpyxl.load_workbook(book)["Pairings"]["A1"].value == "my own notes"


def with_cached_values(path, sheet, value: bytes) -> None:
    import re
    rewrite_sheet(path, sheet, lambda xml: re.sub(rb"(</f>)<v\s*/>", rb"\1<v>" + value + b"</v>", xml))


def test_a_pts_formula_is_kept_on_both_routes(tmp_path, capsys, monkeypatch):
    for route in ("graft", "openpyxl"):
        book = make_book(tmp_path / f"sum-{route}.xlsx", 4, 2)
        wb = openpyxl.load_workbook(book)
        ws = wb["Crosstable"]
        for r in range(3, 7):
            ws.cell(row=r, column=11, value=f"=COUNTIF(G{r},1)+COUNTIF(J{r},1)")
        wb.save(book)
        with_cached_values(book, "Crosstable", b"0")   # as Excel saves it: each formula with its value
        assert grids(book)["Crosstable"].value(2, 10) == 0
        if route == "openpyxl":
            monkeypatch.setattr(file_route, "prepare_graft", lambda *a, **k: (_ for _ in ()).throw(GraftUnsupported("t")))
        assert cli(capsys, "pair", book)[0] == 0
        sheet = read_pairings(grids(book)["Pairings"])
        type_into(book, "Pairings", {b.cell: "1-0" for b in sheet.boards})
        code, out, err = cli(capsys, "recalc", book)
        assert code == 0, err
        ws = openpyxl.load_workbook(book)["Crosstable"]
        assert [ws.cell(row=r, column=11).value for r in range(3, 7)] == \
            [f"=COUNTIF(G{r},1)+COUNTIF(J{r},1)" for r in range(3, 7)], route
        assert cli(capsys, "recalc", book)[0] == 0   # the formula's cached value is not stale


def test_results_typed_into_the_crosstable_itself_count_and_a_retitled_sheet_is_reported(tmp_path, capsys):
    book = make_book(tmp_path / "direct.xlsx", 4, 2)
    assert cli(capsys, "pair", book)[0] == 0
    sheet = read_pairings(grids(book)["Pairings"])
    first, second = sheet.boards
    # The TD typed board 1 into the crosstable rows (Opp, Col, Res of round 1), not the Pairings sheet.
    type_into(book, "Crosstable", {f"E{2 + first.white}": first.black, f"F{2 + first.white}": "w",
                                   f"G{2 + first.white}": 1, f"E{2 + first.black}": first.white,
                                   f"F{2 + first.black}": "b", f"G{2 + first.black}": 0})
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    assert f"1 of 2 board(s) have no result yet: board 2 (Pairings!{second.cell})" in out
    type_into(book, "Pairings", {second.cell: "0-1"})
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0 and "after round 1 of 2" in out, err
    type_into(book, "Pairings", {"A1": "Pairings"})
    code, _, err = cli(capsys, "recalc", book)
    assert code == 2 and "Pairings!A1: the title must say which round" in err
