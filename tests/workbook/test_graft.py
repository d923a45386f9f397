"""recalc writes only what it owns: the TD's package is kept part for part, byte for byte.

TD workbooks are made the ways TDs make them: by openpyxl, by XlsxWriter (Excel-like packages:
shared strings, charts, images, notes, validation, sparklines, text boxes, a VBA project) and by
LibreOffice (its own package layout), plus custom XML and pivot-cache parts. After `recalc` every
zip member but the few the engine owns has the same stored bytes (same compressed stream, same
CRC), and openpyxl, calamine and LibreOffice read the values we wrote.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zipfile
import zlib
from pathlib import Path

import openpyxl
import pytest
from defusedxml import ElementTree

from rulesengine.errors import InputError
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.io import fast_read, zip_parts
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.io.graft import GraftUnsupported, prepare_graft
from rulesengine.grid import Grid
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.plan import LineChart, SheetLook, SheetWrite

from typed_books import write_grid_with_xlsxwriter
from tool_check import skip_unless_tool

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
EVENT = tournament_from_text(["محمد الأحمد", "Пётр Иванов", "Zoë Ødegaard", "José Núñez"],
                             ["1-2 1-0, 3-4 =", "4-1 0-1, 2-3 1-0", "1-3 =, 2-4 0-1"])
BOOK_PARTS = {"[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml"}


def png_pixel() -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


def openpyxl_book(path: Path) -> Path:
    """A TD's book made with openpyxl: a chart, a note, validation, a user name, custom properties."""
    from openpyxl.chart import BarChart, Reference
    from openpyxl.comments import Comment
    from openpyxl.packaging.custom import StringProperty
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    write_workbook(path, [crosstable_grid(EVENT, "template")])
    wb = openpyxl.load_workbook(path)
    notes = wb.create_sheet("Notes")
    notes.append(["Prize fund"])
    for value in (100, 50, 25):
        notes.append([value])
    chart = BarChart()
    chart.add_data(Reference(notes, min_col=1, min_row=2, max_row=4))
    notes.add_chart(chart, "C2")
    notes["A1"].comment = Comment("ask the organiser", "TD")
    dv = DataValidation(type="list", formula1='"paid,unpaid"')
    notes.add_data_validation(dv)
    dv.add("B2:B4")
    wb.defined_names["Prizes"] = DefinedName("Prizes", attr_text="Notes!$A$2:$A$4")
    wb.custom_doc_props.append(StringProperty(name="Arbiter", value="Ана Пи"))
    wb.save(path)
    return path


def xlsxwriter_book(path: Path, macro: bool = False) -> Path:
    """A book as Excel-like tools write it: shared strings, chart, image, note, validation, text box,
    sparkline, custom property, and a VBA project when .xlsm."""
    xlsxwriter = pytest.importorskip("xlsxwriter")
    wb = xlsxwriter.Workbook(str(path))
    write_grid_with_xlsxwriter(wb, crosstable_grid(EVENT, "template"), "Crosstable")
    notes = wb.add_worksheet("Notes")
    notes.write("A1", "Prize fund", wb.add_format({"bold": True, "bg_color": "#FFFF00"}))
    notes.write_column("A2", [100, 50, 25])
    notes.write_formula("A5", "=SUM(A2:A4)", None, 175)
    line = wb.add_chart({"type": "line"})
    line.add_series({"values": "=Notes!$A$2:$A$4"})
    notes.insert_chart("C2", line)
    notes.write_comment("A1", "ask the organiser")
    notes.data_validation("B2:B4", {"validate": "list", "source": ["paid", "unpaid"]})
    image = path.with_name("pixel.png")
    image.write_bytes(png_pixel())
    notes.insert_image("E10", str(image))
    notes.insert_textbox("E2", "Round 4 starts at 10:00")
    notes.add_sparkline("B5", {"range": "Notes!A2:A4"})
    wb.set_custom_property("Arbiter", "Ана Пи")
    if macro:
        vba = path.with_name("vbaProject.bin")
        vba.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504)
        wb.add_vba_project(str(vba))
    wb.close()
    return path


def with_custom_xml_and_pivot_cache(path: Path) -> Path:
    """Add the parts Excel writes for custom XML data and a pivot cache (rewritten by zipfile)."""
    extra = {
        "customXml/item1.xml": b'<?xml version="1.0"?><prizes xmlns="urn:club"><p>100</p></prizes>',
        "customXml/itemProps1.xml": b'<?xml version="1.0"?><ds:datastoreItem ds:itemID="{6F5E3B7A-0000-4000-8000-000000000001}" '
                                    b'xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"/>',
        "customXml/_rels/item1.xml.rels": b'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                                          b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXmlProps" Target="itemProps1.xml"/></Relationships>',
        "xl/pivotCache/pivotCacheDefinition1.xml": b'<?xml version="1.0"?><pivotCacheDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" recordCount="0"/>',
    }
    source = path.with_suffix(".src" + path.suffix)
    path.rename(source)
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", b'<Override PartName="/customXml/itemProps1.xml" ContentType='
                                    b'"application/vnd.openxmlformats-officedocument.customXmlProperties+xml"/>'
                                    b'<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" ContentType='
                                    b'"application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/></Types>')
            if info.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(b"</Relationships>", b'<Relationship Id="rIdX1" Type="http://schemas.openxmlformats.org/'
                                    b'officeDocument/2006/relationships/customXml" Target="../customXml/item1.xml"/>'
                                    b"</Relationships>")
            new.writestr(info, data)
        for name, data in extra.items():
            new.writestr(name, data)
    source.unlink()
    return path


def libreoffice(sources: list[Path], outdir: Path, fmt: str = "xlsx") -> list[Path]:
    skip_unless_tool(None if SOFFICE else "LibreOffice (soffice) is not installed")
    profile = outdir.parent / "lo-profile"
    run = subprocess.run([SOFFICE, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                          "--convert-to", fmt, "--outdir", str(outdir), *map(str, sources)],
                         capture_output=True, text=True, timeout=300, env={**os.environ, "HOME": str(outdir.parent)})
    out = [outdir / (p.stem + "." + fmt) for p in sources]
    assert run.returncode == 0 and all(p.exists() for p in out), run.stdout + run.stderr
    return out


def stored(path: Path) -> dict[str, zip_parts.Member]:
    with zipfile.ZipFile(path) as archive, open(path, "rb") as handle:
        return {info.filename: zip_parts.read_raw(path, info, handle) for info in archive.infolist()}


def values(path: Path, sheet: str) -> list[list]:
    wb = openpyxl.load_workbook(path, data_only=True)
    rows = [[None if v == "" else v for v in r] for r in wb[sheet].iter_rows(values_only=True)]
    for row in rows:
        while row and row[-1] is None:
            row.pop()
    while rows and not rows[-1]:
        rows.pop()
    return rows


def expected(write: SheetWrite) -> list[list]:
    rows = [[None if v == "" else v for v in r] for r in write.rows]
    for row in rows:
        while row and row[-1] is None:
            row.pop()
    while rows and not rows[-1]:
        rows.pop()
    return rows


def td_books(tmp_path: Path) -> dict[str, Path]:
    books = {"openpyxl": with_custom_xml_and_pivot_cache(openpyxl_book(tmp_path / "by-openpyxl.xlsx")),
             "xlsxwriter": with_custom_xml_and_pivot_cache(xlsxwriter_book(tmp_path / "by-xlsxwriter.xlsx")),
             "xlsm": xlsxwriter_book(tmp_path / "with-macros.xlsm", macro=True)}
    return books


@pytest.mark.parametrize("maker", ("openpyxl", "xlsxwriter", "xlsm"))
def test_every_part_we_do_not_own_is_byte_identical(tmp_path, maker):
    path = td_books(tmp_path)[maker]
    before = stored(path)
    result = recalc_workbook(path)
    assert (result.route, result.save.replaced, result.save.lost) == ("graft", True, ())
    after = stored(path)
    new_parts = set(after) - set(before)
    sheet = next(p for p in new_parts if p.startswith("xl/worksheets/sheet"))
    assert new_parts == {sheet}  # the new Standings sheet, nothing else
    for name, member in before.items():
        if name in BOOK_PARTS:
            continue
        kept = after[name]
        assert (kept.raw, kept.crc, kept.method, kept.date_time) == (member.raw, member.crc, member.method,
                                                                     member.date_time), name
    assert stored(result.save.backup).keys() == before.keys()  # the TD's original, kept whole
    assert values(path, "Standings") == expected(result.plan.writes[0])
    names, grids = fast_read.read_workbook_grids(path, ["Standings"])
    assert [list(r) for r in grids["Standings"].rows] == expected(result.plan.writes[0])
    assert names[-1] == "Standings" and names[:-1] == openpyxl.load_workbook(result.save.backup).sheetnames
    with zipfile.ZipFile(path) as archive:
        for name in BOOK_PARTS | {sheet}:
            ElementTree.fromstring(archive.read(name))  # well-formed
        assert archive.testzip() is None


def test_a_libreoffice_book_keeps_its_parts_and_libreoffice_reads_every_result(tmp_path):
    books = td_books(tmp_path)
    made_by_lo = libreoffice([books["xlsxwriter"]], tmp_path / "lo")[0]
    lo_book = made_by_lo.rename(tmp_path / "by-libreoffice.xlsx")
    before = stored(lo_book)
    results = {}
    for name, path in {**books, "libreoffice": lo_book}.items():
        results[name] = recalc_workbook(path)
        assert results[name].route == "graft" and results[name].save.replaced, name
    after = stored(lo_book)
    for name, member in before.items():
        if name not in BOOK_PARTS:
            assert after[name].raw == member.raw, name
    # LibreOffice opens each result and saves it again: what it read is what we wrote.
    opened = libreoffice([books[n] for n in books] + [lo_book], tmp_path / "reopened")
    for path, (name, result) in zip(opened, results.items()):
        assert values(path, "Standings") == expected(result.plan.writes[0]), name
        assert "Notes" in openpyxl.load_workbook(path).sheetnames


def test_a_second_recalc_changes_only_the_engine_sheets(tmp_path):
    path = xlsxwriter_book(tmp_path / "club.xlsx")
    recalc_workbook(path, explain=["Zoë"])
    first = stored(path)
    result = recalc_workbook(path)  # Explain is emptied, Standings rewritten, in their parts
    second = stored(path)
    assert result.route == "graft" and set(first) == set(second)
    changed = {name for name in first if first[name].raw != second[name].raw}
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Crosstable", "Notes", "Standings", "Explain"]
    assert wb["Explain"].max_row == 1 and wb["Explain"]["A1"].value is None
    assert changed <= {"xl/worksheets/sheet3.xml", "xl/worksheets/sheet4.xml"}  # styles, workbook: as they were
    assert "xl/worksheets/sheet4.xml" in changed


def chart_write(sheet: str = "Ladder", points=(1500, 1510, 1490)) -> SheetWrite:
    rows = (("Club ladder",), ("Date", "Zoë Ødegaard"), *((f"2026-0{i + 1}-01", p) for i, p in enumerate(points)))
    look = SheetLook(title_rows=(0,), header_rows=(1,), charts=(LineChart("Rating", 1, 2, len(rows) - 1, 0, (1,), "D2"),),
                     comments={(2, 1): "provisional"}, repeat_rows=(0, 1))
    return SheetWrite(sheet, rows, look=look)


def test_rewriting_a_sheet_with_a_chart_replaces_its_chart_and_keeps_its_tab(tmp_path):
    path = xlsxwriter_book(tmp_path / "club.xlsx")
    prepare_graft(path, [chart_write()])(str(tmp_path / "one.xlsx"))
    one = stored(tmp_path / "one.xlsx")
    prepare_graft(tmp_path / "one.xlsx", [chart_write(points=(1500, 1520, 1530, 1540))])(str(tmp_path / "two.xlsx"))
    two = stored(tmp_path / "two.xlsx")
    charts = lambda parts: sorted(p for p in parts if p.startswith("xl/charts/chart"))  # noqa: E731
    assert len(charts(two)) == len(charts(one)) == 2  # the TD's chart on Notes, and ours
    assert set(two) == set(one)  # the old chart, drawing and notes replaced under the same names
    wb = openpyxl.load_workbook(tmp_path / "two.xlsx")
    assert wb.sheetnames == ["Crosstable", "Notes", "Ladder"]
    ladder = wb["Ladder"]
    assert ladder["B6"].value == 1540 and ladder["B3"].comment.text.startswith("provisional")
    assert ladder.print_title_rows == "$1:$2"
    assert len(ladder._charts) == 1
    with zipfile.ZipFile(tmp_path / "two.xlsx") as archive:
        workbook = archive.read("xl/workbook.xml").decode()
    assert workbook.count("_xlnm.Print_Titles") == 1 and 'localSheetId="2"' in workbook
    notes_parts = [p for p in one if p.startswith("xl/drawings/drawing1") or p == "xl/charts/chart1.xml"]
    assert all(one[p].raw == two[p].raw for p in notes_parts)


def test_a_template_standings_sheet_keeps_its_tab_position(tmp_path):
    template = Path(__file__).resolve().parents[2] / "workbook_templates" / "swiss.xlsx"
    path = tmp_path / "swiss.xlsx"
    shutil.copy(template, path)
    from openpyxl import load_workbook

    wb = load_workbook(path)
    ws = wb["Crosstable"]
    for block in list(ws.merged_cells.ranges):
        ws.unmerge_cells(str(block))
    ws.delete_rows(1, ws.max_row)
    grid = crosstable_grid(EVENT, "template")
    for r, row in enumerate(grid.rows, start=1):  # our event in the template's layout
        for c, value in enumerate(row, start=1):
            ws.cell(row=r, column=c, value=value)
    for block in grid.merged:
        ws.merge_cells(start_row=block.first_row + 1, start_column=block.first_col + 1,
                       end_row=block.last_row + 1, end_column=block.last_col + 1)
    wb.save(path)
    order = load_workbook(path).sheetnames
    result = recalc_workbook(path)
    assert result.route == "graft"
    assert load_workbook(path).sheetnames == order and order.index("Standings") < order.index("Settings")
    assert values(path, "Standings") == expected(result.plan.writes[0])


def test_a_write_the_graft_cannot_make_takes_the_openpyxl_route(tmp_path):
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(EVENT, "template"), Grid("Standings", [["old"]])])
    with pytest.raises(GraftUnsupported, match="not one the engine rewrites whole"):
        prepare_graft(path, [SheetWrite("Standings", (("new",),), clear="A1:B2")])
    with pytest.raises(GraftUnsupported, match="more than one write"):
        prepare_graft(path, [SheetWrite("Standings", (("a",),)), SheetWrite("Standings", (("b",),), clear=None)])
    with pytest.raises(GraftUnsupported, match="control characters"):
        prepare_graft(path, [SheetWrite("Standings", (("bell\x07",),))])


def test_a_failing_write_leaves_the_workbook_and_folder_as_they_were(tmp_path, monkeypatch):
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(EVENT, "template")])
    before = path.read_bytes()

    def broken(handle, members):
        handle.write(b"half a zip")
        raise OSError("disk full")
    monkeypatch.setattr("rulesengine.workbook.io.graft.write_members", broken)
    with pytest.raises((OSError, InputError), match="disk full"):  # save.py may report it as an InputError
        recalc_workbook(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]


def test_what_the_openpyxl_route_would_lose_now_stays_in_place(tmp_path):
    """Text boxes and sparklines made the old route divert the result; the graft keeps them."""
    path = xlsxwriter_book(tmp_path / "club.xlsx")
    before = stored(path)
    result = recalc_workbook(path)
    assert result.save.replaced and result.save.written == path and not result.save.lost
    after = stored(path)
    for name in ("xl/drawings/drawing1.xml", "xl/worksheets/sheet2.xml", "docProps/custom.xml"):
        assert after[name].raw == before[name].raw  # the text box, the sparkline, the custom property
    assert not (tmp_path / "club.recalculated.xlsx").exists()


def test_new_sheet_relationship_ids_and_sheet_ids_do_not_clash(tmp_path):
    path = with_custom_xml_and_pivot_cache(xlsxwriter_book(tmp_path / "club.xlsx"))
    prepare_graft(path, [SheetWrite("Standings", (("x",),)), SheetWrite("Explain", (("y",),))])(str(tmp_path / "o.xlsx"))
    with zipfile.ZipFile(tmp_path / "o.xlsx") as archive:
        rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    ids = [r.get("Id") for r in rels]
    assert len(ids) == len(set(ids))
    ns = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    sheets = [(s.get("name"), s.get("sheetId")) for s in book.iter(ns + "sheet")]
    assert [n for n, _ in sheets] == ["Crosstable", "Notes", "Standings", "Explain"]
    assert len({i for _, i in sheets}) == 4
    assert values(tmp_path / "o.xlsx", "Explain") == [["y"]]
