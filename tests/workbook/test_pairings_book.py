"""Pair next round from a crosstable workbook, enter the results on the Pairings sheet, Recalculate.

A whole small Swiss is played through the template workbook: each round paired by
`rulesengine pair BOOK.xlsx`, results typed into the Pairings sheet as a TD types them (only that
sheet's XML changes), `rulesengine recalc` folds them into the crosstable. Beside it the same
event is kept as a TRF file built from the results alone; `rulesengine pair FILE.trf` must give
the same pairings every round. Every part of the package the engine does not own stays byte for
byte, and the crosstable sheet changes only in the cells of the round folded in.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import openpyxl
import pytest

from rulesengine.cli import main
from rulesengine.formats.trf import write_trf
from rulesengine.model import Colour, ResultCode
from rulesengine.testing import tournament_from_text
from rulesengine.workbook import templates
from rulesengine.workbook.io import zip_parts
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.io.fast_read import read_workbook_grids
from rulesengine.workbook.layouts.detect import read_crosstable
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.io.package_map import read_package_map
from rulesengine.workbook.sheets.pairings import RESULT_CHOICES, read_pairings
from rulesengine.workbook.io.sheet_patch import patch_cells
from rulesengine.workbook.sheets.standings import standings_table

from tool_check import skip_unless_tool

NAMES = ["Berg, Ana", "Øvrebø, Åse", "Núñez, José", "Иванов, Пётр", "محمد الأحمد", "Zoë Lund", "Chen, Wei",
         "O'Brien, Seán", "Dvořák, Jiří"]
RATINGS = [2210, 2150, 2105, 2050, 1990, 1930, 1880, 1820, 1760]
CYCLE = ["1-0", "½-½", "0-1", "1-0", "+/-", "0-1", "½-½", "1-0"]
TRF_RESULT = {"1-0": "1-0", "½-½": "=", "0-1": "0-1", "+/-": "+-", "-/+": "-+", "-/-": "--"}
BYE_LETTER = {"PAB": "U", "HPB": "H", "FPB": "F", "ZPB": "Z"}


def make_book(path: Path, players: int, rounds: int, rounds_setting: bool = True) -> Path:
    templates.swiss(path, rounds, 20, rounds_setting=rounds_setting)
    wb = openpyxl.load_workbook(path)
    ws = wb["Crosstable"]
    for i in range(players):
        ws.cell(row=3 + i, column=1, value=i + 1)
        ws.cell(row=3 + i, column=2, value=NAMES[i])
        ws.cell(row=3 + i, column=3, value=RATINGS[i])
    wb["Settings"]["B2"] = "Spring Open"
    wb.save(path)
    return path


def stored(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive, open(path, "rb") as handle:
        return {i.filename: zip_parts.read_raw(path, i, handle).raw for i in archive.infolist()}


def parts(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as archive:
        return {s.name: s.part for s in read_package_map(archive).sheets}


def rewrite_sheet(path: Path, sheet: str, change) -> None:
    """The package with one sheet's XML changed by `change(xml) -> xml`, every other part as it was."""
    part = parts(path)[sheet]
    with zipfile.ZipFile(path) as archive:
        members = [(i, archive.read(i.filename)) for i in archive.infolist()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in members:
            out.writestr(info, change(data) if info.filename == part else data)
    path.write_bytes(buffer.getvalue())


def type_into(path: Path, sheet: str, cells: dict[str, object]) -> None:
    """What a TD's spreadsheet does when results are typed: that sheet's XML changes, nothing else."""
    rewrite_sheet(path, sheet, lambda xml: patch_cells(xml, cells))


def without_defined_names(path: Path, part: str) -> bytes:
    import re
    with zipfile.ZipFile(path) as archive:
        return re.sub(rb"<definedNames>.*?</definedNames>", b"", archive.read(part), flags=re.DOTALL)


def backup(path: Path) -> Path:
    return max(path.parent.glob(path.stem + ".backup-*.xlsx"), key=lambda p: p.stat().st_mtime_ns)


def grids(path: Path):
    return read_workbook_grids(path)[1]


def cli(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def trf_model(players: int, rounds: list[str], total: int, tmp: Path) -> Path:
    t = tournament_from_text(NAMES[:players], rounds, ratings=RATINGS[:players], total_rounds=total)
    path = tmp / f"model-{len(rounds)}.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    return path


def values(path: Path, sheet: str) -> dict[str, object]:
    wb = openpyxl.load_workbook(path)
    return {c.coordinate: c.value for row in wb[sheet].iter_rows() for c in row if c.value is not None}


def test_a_whole_swiss_paired_round_by_round_in_the_template(tmp_path, capsys):
    players, total = 9, 5
    book = make_book(tmp_path / "open.xlsx", players, total)
    model: list[str] = []
    for r in range(1, total + 1):
        code, out, err = cli(capsys, "pair", book, "--format", "json")
        assert code == 0, err
        paired = json.loads(out)
        assert paired["round"] == r
        assert f"Wrote round {r} to Pairings of" in err   # results are folded by recalc: nothing else to write
        # The same event as a TRF file, built from the results alone, pairs the same.
        code, trf_out, err = cli(capsys, "pair", trf_model(players, model, total, tmp_path), "--format", "json")
        assert code == 0, err
        assert json.loads(trf_out) == paired
        sheet = read_pairings(grids(book)["Pairings"])
        assert sheet.round == r
        assert [(b.white, b.black) for b in sheet.boards] == [(p["white"], p["black"]) for p in paired["pairings"]]
        assert list(sheet.byes) == [(b["player"], b["kind"]) for b in paired["byes"]]
        wb = openpyxl.load_workbook(book)
        (dv,) = wb["Pairings"].data_validations.dataValidation
        assert dv.type == "list" and dv.formula1 == '"' + ",".join(RESULT_CHOICES) + '"'
        assert str(dv.sqref) == f"E4:E{3 + len(sheet.boards)}"
        assert [wb["Pairings"].cell(row=4 + i, column=3).value for i in range(len(sheet.boards))] == \
            [NAMES[b.white - 1] for b in sheet.boards]

        results = {b.cell: CYCLE[(r + b.number) % len(CYCLE)] for b in sheet.boards}
        type_into(book, "Pairings", results)
        before, crosstable_before = stored(book), values(book, "Crosstable")
        code, out, err = cli(capsys, "recalc", book)
        assert code == 0, err
        after = stored(book)
        names = parts(book)
        # Ours: the Standings, the folded cells, cell formats, the print titles of the Standings.
        owned = {names["Standings"], names["Crosstable"], "xl/styles.xml", "xl/workbook.xml"}
        assert {n for n in before if n not in owned} == {n for n in after if n not in owned}
        assert [n for n in before if n not in owned and before[n] != after[n]] == []
        assert without_defined_names(book, "xl/workbook.xml") == without_defined_names(backup(book), "xl/workbook.xml")
        assert after[names["Pairings"]] == before[names["Pairings"]]   # the TD's results stay as typed
        # The crosstable changed only in round r's cells of the players of the round.
        crosstable_after = values(book, "Crosstable")
        changed = {c for c in set(crosstable_before) | set(crosstable_after)
                   if crosstable_before.get(c) != crosstable_after.get(c)}
        first = openpyxl.utils.column_index_from_string("E") + 3 * (r - 1)
        allowed = {f"{openpyxl.utils.get_column_letter(first + k)}{3 + i}" for k in range(3) for i in range(players)}
        assert changed and changed <= allowed
        line = [f"{b.white}-{b.black} {TRF_RESULT[results[b.cell]]}" for b in sheet.boards]
        line += [f"{p} {BYE_LETTER[k]}" for p, k in sheet.byes]
        model.append(", ".join(line))

    # The crosstable holds every round as the model does; the standings are final and agree.
    expected = tournament_from_text(NAMES[:players], model, ratings=RATINGS[:players])
    read = read_crosstable(grids(book)["Crosstable"])
    for p in expected.players:
        got = read.by_start_rank[p.start_rank]
        assert [(e.opponent, e.colour, e.code) for e in got.rounds] == \
            [(e.opponent, e.colour, e.code) for e in p.rounds], p.name
    rows = grids(book)["Standings"].rows
    assert rows[0][0] == "Spring Open - Standings after round 5 of 5 (final)"
    table = standings_table(rows)
    header = table[0]
    points = {row[header.index("SNo")]: row[header.index("Pts")] for row in table[1:]}
    assert points == {sno: float(v) if v.denominator != 1 else int(v) for sno, v in expected.points.items()}
    # No sixth round to pair.
    code, _, err = cli(capsys, "pair", book)
    assert code == 2 and "round 6" in err


def test_partial_results_are_folded_and_the_rest_reported(tmp_path, capsys):
    book = make_book(tmp_path / "club.xlsx", 6, 3)
    assert cli(capsys, "pair", book)[0] == 0
    sheet = read_pairings(grids(book)["Pairings"])
    first, second = sheet.boards[0], sheet.boards[1]
    type_into(book, "Pairings", {first.cell: "1-0"})
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    assert "after round 0 of 3" in out
    assert f"2 of 3 board(s) have no result yet: board 2 (Pairings!{second.cell})" in out
    read = read_crosstable(grids(book)["Crosstable"])
    assert read.player(first.white).entry(1).code is ResultCode.WIN
    assert read.player(first.black).entry(1).colour is Colour.BLACK
    assert read.player(second.white).entry(1).opponent is None
    assert grids(book)["Standings"].rows[0][0] == "Spring Open - Standings after round 0 of 3"
    # Pairing the next round waits for every result.
    code, _, err = cli(capsys, "pair", book)
    assert code == 2 and f"Pairings!{second.cell}: round 1 board 2" in err
    # A second Recalculate folds nothing again: the crosstable part is unchanged.
    crosstable = parts(book)["Crosstable"]
    before = stored(book)
    assert cli(capsys, "recalc", book)[0] == 0
    assert stored(book)[crosstable] == before[crosstable]
    # An unreadable result is reported at its cell; nothing is written.
    type_into(book, "Pairings", {second.cell: "2-0"})
    before = stored(book)
    code, _, err = cli(capsys, "recalc", book)
    assert code == 2 and f"Pairings!{second.cell}: round 1 board 2: '2-0' is not a result" in err
    assert stored(book) == before
    # A result changed after it was folded is a conflict with the crosstable, not an overwrite.
    type_into(book, "Pairings", {second.cell: "½-½", first.cell: "0-1"})
    before = stored(book)
    code, _, err = cli(capsys, "recalc", book)
    assert code == 2 and f"Pairings!{first.cell}: round 1 board 1" in err and "already holds win" in err
    assert stored(book) == before
    type_into(book, "Pairings", {first.cell: "1-0", **{b.cell: "0-1" for b in sheet.boards[2:]}})
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    assert "after round 1 of 3" in out and "no result yet" not in out


def test_a_round_the_crosstable_has_no_room_for_is_refused(tmp_path, capsys):
    book = make_book(tmp_path / "short.xlsx", 4, 1, rounds_setting=False)
    assert cli(capsys, "pair", book)[0] == 0
    sheet = read_pairings(grids(book)["Pairings"])
    type_into(book, "Pairings", {b.cell: "1-0" for b in sheet.boards})
    assert cli(capsys, "recalc", book)[0] == 0
    before = stored(book)
    code, _, err = cli(capsys, "pair", book)
    assert code == 2 and "room for 1 round(s) only" in err
    assert stored(book) == before


def test_swiss_manager_crosstable_gets_its_own_notation(tmp_path, capsys):
    t = tournament_from_text(NAMES[:5], ["1-4 1-0, 5-2 =, 3 U", "2-1 0-1, 4-3 +-, 5 U"],
                             ratings=RATINGS[:5], total_rounds=3)
    book = write_workbook(tmp_path / "sm.xlsx", [crosstable_grid(t, "swiss_manager")])
    code, out, err = cli(capsys, "pair", book, "--format", "json")
    assert code == 0, err
    path = tmp_path / "sm.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    assert json.loads(out) == json.loads(cli(capsys, "pair", path, "--format", "json")[1])
    sheet = read_pairings(grids(book)["Pairings"])
    results = dict(zip((b.cell for b in sheet.boards), ["0-1", "½-½"]))
    type_into(book, "Pairings", results)
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    grid = grids(book)["Crosstable"]
    header = next(r for r in range(grid.height) if "3.Rd" in [str(v) for v in grid.rows[r]])
    col = [str(v) for v in grid.rows[header]].index("3.Rd")
    sno_col = [str(v) for v in grid.rows[header]].index("SNo")
    cell = {grid.rows[r][sno_col]: grid.rows[r][col] for r in range(header + 1, header + 6)}
    b1, b2 = sheet.boards
    assert cell[b1.white] == f"{b1.black}w0" and cell[b1.black] == f"{b1.white}b1"
    assert cell[b2.white] == f"{b2.black}w½" and cell[b2.black] == f"{b2.white}b½"
    (pab, kind), = sheet.byes
    assert kind == "PAB" and cell[pab] == -1


def test_the_excel_button_pairs_and_recalculate_folds(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "excel"))
    from fake_xlwings import FakeBook

    from rulesengine import excel

    source = make_book(tmp_path / "lite.xlsx", 5, 3)
    sheets = {name: [list(row) for row in grid.rows] for name, grid in grids(source).items()}
    book = FakeBook(sheets)
    outcome = excel.pair_next_round(book)
    assert outcome is not None and outcome.paired.round == 1
    after = book.after_script()
    pairings = [row for row in after["Pairings"]]
    assert pairings[2][:5] == ["Board", "White", "White name", "White points", "Result"]
    boards = [row for row in pairings[3:] if row and isinstance(row[0], (int, float))]
    assert len(boards) == 2
    for row in pairings[3:3 + len(boards)]:
        row[4] = "1-0"
    typed = FakeBook({**after, "Pairings": pairings})
    assert excel.recalculate(typed) is not None
    crosstable = typed.after_script()["Crosstable"]
    white = int(boards[0][1])
    assert crosstable[2 + white - 1][4:7] == [float(boards[0][7]), "w", 1.0]


def test_libreoffice_opens_a_paired_and_folded_workbook(tmp_path, capsys):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    skip_unless_tool(None if soffice else "LibreOffice (soffice) is not installed")
    book = make_book(tmp_path / "lo.xlsx", 5, 3)
    assert cli(capsys, "pair", book)[0] == 0
    sheet = read_pairings(grids(book)["Pairings"])
    type_into(book, "Pairings", {sheet.boards[0].cell: "½-½"})
    assert cli(capsys, "recalc", book)[0] == 0
    out = tmp_path / "out"
    run = subprocess.run([soffice, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}", "--headless",
                          "--norestore", "--convert-to", "xlsx", "--outdir", str(out), str(book)],
                         capture_output=True, text=True, timeout=300)
    converted = out / book.name
    assert run.returncode == 0 and converted.exists(), run.stdout + run.stderr
    wb = openpyxl.load_workbook(converted)
    assert wb["Pairings"][sheet.boards[0].cell].value == "½-½"
    assert wb["Pairings"]["A1"].value == "Spring Open - Round 1"
    white = sheet.boards[0].white
    assert [c.value for c in wb["Crosstable"][2 + white][4:7]] == [sheet.boards[0].black, "w", "½"]
    assert wb["Pairings"].data_validations.dataValidation   # the dropdown survives LibreOffice


@pytest.mark.parametrize("typed, expected", [("1-0", "1-0"), ("1/2-1/2", "½-½"), (" 0-1 ", "0-1"),
                                             ("+-", "+/-"), ("--", "-/-"), ("1-0 u", "1-0 unrated"),
                                             ("", ""), ("2-0", None), ("1-1", None)])
def test_result_notations(typed, expected):
    from rulesengine.workbook.sheets.pairings import result_text
    assert result_text(typed) == expected
