"""Safe write-back: lock files, backup, atomic replace, and the fidelity guard."""

from __future__ import annotations

import importlib.util
import struct
import zipfile
import zlib

import openpyxl
import pytest

from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.sheets.standings import standings_table

from typed_books import write_grid_with_xlsxwriter
from tool_check import skip_unless_tool

try:  # XlsxWriter writes the workbooks Excel-like tools make (pictures, text boxes, macros, sparklines)
    import xlsxwriter
except ImportError:  # pragma: no cover - CI installs it
    xlsxwriter = None


@pytest.fixture(autouse=True)
def _needs_xlsxwriter():
    skip_unless_tool(None if xlsxwriter is not None else "XlsxWriter is not installed")

EVENT = tournament_from_text(["محمد الأحمد", "Пётр Иванов", "Zoë Ødegaard", "José Núñez"],
                             ["1-2 1-0, 3-4 =", "4-1 0-1, 2-3 1-0", "1-3 =, 2-4 0-1"])


def png_pixel() -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


def xlsxwriter_book(path, *, chart=False, comment=False, validation=False, macro=False, image=False,
                    textbox=False, sparkline=False):
    """A TD's workbook as Excel-like tools write it: a crosstable plus a user sheet with extras."""
    wb = xlsxwriter.Workbook(str(path))
    write_grid_with_xlsxwriter(wb, crosstable_grid(EVENT, "template"), "Crosstable")
    notes = wb.add_worksheet("Notes")
    bold = wb.add_format({"bold": True, "bg_color": "#FFFF00"})
    notes.write("A1", "Prize fund", bold)
    notes.write_column("A2", [100, 50, 25])
    notes.write_formula("A5", "=SUM(A2:A4)", None, 175)
    if chart:
        line = wb.add_chart({"type": "line"})
        line.add_series({"values": "=Notes!$A$2:$A$4"})
        notes.insert_chart("C2", line)
    if comment:
        notes.write_comment("A1", "ask the organiser")
    if validation:
        notes.data_validation("B2:B4", {"validate": "list", "source": ["paid", "unpaid"]})
    if image:
        image_path = path.with_name("pixel.png")
        image_path.write_bytes(png_pixel())
        notes.insert_image("E10", str(image_path))
    if textbox:
        notes.insert_textbox("E2", "Round 4 starts at 10:00")
    if sparkline:
        notes.add_sparkline("B5", {"range": "Notes!A2:A4"})
    if macro:
        vba = path.with_name("vbaProject.bin")
        vba.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504)  # an OLE header is all openpyxl copies
        wb.add_vba_project(str(vba))
    wb.close()
    return path


@pytest.fixture
def openpyxl_route(monkeypatch):
    """These tests are about the fidelity guard of the openpyxl route: keep recalc off the graft."""
    from rulesengine.workbook import route
    from rulesengine.workbook.io import graft

    def unsupported(*args, **kwargs):
        raise graft.GraftUnsupported("test: the openpyxl route")
    monkeypatch.setattr(route, "prepare_graft", unsupported)


def parts(path):
    with zipfile.ZipFile(path) as z:
        return set(z.namelist())


def test_what_openpyxl_keeps_survives_in_place(tmp_path):
    path = xlsxwriter_book(tmp_path / "club.xlsm", chart=True, comment=True, validation=True, macro=True)
    vba = zipfile.ZipFile(path).read("xl/vbaProject.bin")

    result = recalc_workbook(path)

    assert result.save.replaced and result.save.written == path
    assert (tmp_path / "club.original.xlsm").exists() and result.save.backup == tmp_path / "club.original.xlsm"
    after = parts(path)
    assert "xl/vbaProject.bin" in after and zipfile.ZipFile(path).read("xl/vbaProject.bin") == vba
    assert any(p.startswith("xl/charts/chart") for p in after)
    wb = openpyxl.load_workbook(path, keep_vba=True)
    notes = wb["Notes"]
    assert notes["A5"].value == "=SUM(A2:A4)"
    assert notes["A1"].font.bold and notes["A1"].comment.text.startswith("ask the organiser")
    assert [str(dv.sqref) for dv in notes.data_validations.dataValidation] == ["B2:B4"]
    assert wb.sheetnames == ["Crosstable", "Notes", "Standings"]
    names = [row[2] for row in standings_table(list(wb["Standings"].iter_rows(values_only=True)))[1:]]
    assert sorted(names) == sorted(p.name for p in EVENT.players)  # Arabic, Cyrillic, accents unchanged


def test_a_text_box_openpyxl_would_drop_diverts_the_result(tmp_path, capsys, openpyxl_route):
    path = xlsxwriter_book(tmp_path / "club.xlsx", chart=True, textbox=True)
    before = path.read_bytes()

    assert main(["recalc", str(path)]) == 0

    err = capsys.readouterr().err
    assert path.read_bytes() == before
    diverted = tmp_path / "club.recalculated.xlsx"
    assert diverted.exists() and "Standings" in openpyxl.load_workbook(diverted).sheetnames
    assert f"Wrote Standings to {diverted}, NOT to {path}" in err
    assert "drawing objects (charts, pictures, shapes, text boxes): 1 of 2" in err
    assert not (tmp_path / "club.original.xlsx").exists()


def test_an_image_is_kept_or_the_result_diverted(tmp_path, openpyxl_route):
    path = xlsxwriter_book(tmp_path / "club.xlsx", image=True)
    result = recalc_workbook(path)
    if importlib.util.find_spec("PIL") is None:  # openpyxl drops images without Pillow
        assert not result.save.replaced and any(item.startswith("images and media") for item in result.save.lost)
    else:
        assert result.save.replaced and any(p.startswith("xl/media/") for p in parts(path))


def test_a_sparkline_openpyxl_warns_about_diverts_the_result(tmp_path, openpyxl_route):
    path = xlsxwriter_book(tmp_path / "club.xlsx", sparkline=True)
    result = recalc_workbook(path)
    assert not result.save.replaced
    assert any("openpyxl:" in item and "will be removed" in item for item in result.save.lost)


def test_force_replaces_anyway_and_keeps_a_backup(tmp_path, openpyxl_route):
    path = xlsxwriter_book(tmp_path / "club.xlsx", textbox=True)
    before = path.read_bytes()
    result = recalc_workbook(path, force=True)
    assert result.save.replaced and result.save.lost
    assert (tmp_path / "club.original.xlsx").read_bytes() == before


@pytest.mark.parametrize(("lock", "app"), [("~$club.xlsx", "Excel"), (".~lock.club.xlsx#", "LibreOffice")])
def test_refuses_while_the_workbook_is_open(tmp_path, capsys, lock, app):
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(EVENT, "template")])
    (tmp_path / lock).write_text("owner")
    before = path.read_bytes()
    assert main(["recalc", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"the workbook is open in {app} (lock file {lock})" in err
    assert path.read_bytes() == before


def test_a_failing_save_leaves_the_workbook_and_folder_as_they_were(tmp_path, monkeypatch, openpyxl_route):
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(EVENT, "template")])
    before = path.read_bytes()

    def broken_save(self, filename):
        with open(filename, "wb") as handle:
            handle.write(b"half a file")
        raise OSError("disk full")
    monkeypatch.setattr(openpyxl.Workbook, "save", broken_save)
    with pytest.raises(InputError, match="cannot save the workbook: disk full"):
        recalc_workbook(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]


def test_user_sheets_are_untouched_and_only_engine_sheets_change(tmp_path):
    path = xlsxwriter_book(tmp_path / "club.xlsx")
    recalc_workbook(path, explain=["Zoë"])
    recalc_workbook(path)  # a second run empties the stale Explain sheet and rewrites Standings
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Crosstable", "Notes", "Standings", "Explain"]
    assert wb["Explain"].max_row == 1 and wb["Explain"]["A1"].value is None
    assert [c.value for c in wb["Notes"]["A"][:5]] == ["Prize fund", 100, 50, 25, "=SUM(A2:A4)"]
    standings = list(wb["Standings"].iter_rows(values_only=True))
    assert standings_table(standings)[0][:4] == ["Rank", "SNo", "Name", "Pts"]
    assert all(not (isinstance(v, str) and v.startswith("=")) for row in standings for v in row)


def test_text_that_looks_like_a_formula_is_written_as_text(tmp_path):
    t = tournament_from_text(["=1+1", "Bo"], ["1-2 1-0"])
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(t, "template")])
    cell = openpyxl.load_workbook(path)["Crosstable"]["B3"]
    assert cell.value == "=1+1" and cell.data_type == "s"
    with pytest.raises(InputError):  # read back as a value it is still refused as a name
        recalc_workbook(path)


def test_chart_image_comments_validation_and_macro_together(tmp_path, openpyxl_route):
    """The issue's fidelity workbook: everything kept, or the result written beside it with a reason."""
    path = xlsxwriter_book(tmp_path / "club.xlsm", chart=True, image=True, comment=True, validation=True, macro=True)
    before = path.read_bytes()
    result = recalc_workbook(path)
    if importlib.util.find_spec("PIL") is None:
        assert not result.save.replaced and path.read_bytes() == before
        assert result.save.written == tmp_path / "club.recalculated.xlsm"
        assert [item.split(":")[0] for item in result.save.lost] == ["images and media",
                                                                     "drawing objects (charts, pictures, shapes, text boxes)"]
        kept = parts(result.save.written)
        assert "xl/vbaProject.bin" in kept and any(p.startswith("xl/charts/") for p in kept)
    else:
        assert result.save.replaced and not result.save.lost
