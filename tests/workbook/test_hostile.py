"""Hostile workbooks are refused quickly, in bounded memory, with a message a TD can act on."""

from __future__ import annotations

import tracemalloc
import zipfile

import pytest

from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.limits import MAX_SHEET_ROWS
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.io.openpyxl_book import load_workbook, write_workbook
from rulesengine.workbook.route import recalc_workbook

MiB = 1024 * 1024


def small_book(path):
    t = tournament_from_text(["Ana", "Bo"], ["1-2 1-0"])
    return write_workbook(path, [crosstable_grid(t, "template")])


def rewrite_part(path, part, make):
    """Copy the package with one part replaced by `make(old_bytes)` (a bytes or an iterator of bytes)."""
    source = path.with_suffix(".orig.zip")
    path.rename(source)
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            data = old.read(item)
            if item.filename != part:
                new.writestr(item, data)
                continue
            produced = make(data)
            if isinstance(produced, bytes):
                new.writestr(item.filename, produced)
            else:
                with new.open(item.filename, "w", force_zip64=True) as stream:
                    for chunk in produced:
                        stream.write(chunk)
    source.unlink()
    return path


def peak_memory(action):
    tracemalloc.start()
    try:
        action()
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak


BILLION_LAUGHS = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
                  + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                             for i in range(1, 10))
                  + b"]>\n")


def body(xml: bytes) -> bytes:
    """A part's XML without its declaration (openpyxl writes some parts without one)."""
    return xml.split(b"?>", 1)[1] if xml.startswith(b"<?xml") else xml


def test_xml_entity_bomb_is_refused(tmp_path):
    path = rewrite_part(small_book(tmp_path / "bomb.xlsx"), "xl/worksheets/sheet1.xml",
                        lambda old: BILLION_LAUGHS + body(old).replace(b"<v>1</v>", b"<v>&lol9;</v>", 1))
    with pytest.raises(InputError) as info:
        recalc_workbook(path)
    message = str(info.value)
    assert message.startswith(str(path)) and "declares a DOCTYPE or XML entities" in message


def test_openpyxl_itself_refuses_entities_when_our_scan_is_bypassed(tmp_path, monkeypatch):
    """Defence in depth: defusedxml (a dependency) makes openpyxl refuse too."""
    import rulesengine.workbook.io.package as package

    path = rewrite_part(small_book(tmp_path / "bomb.xlsx"), "xl/workbook.xml",
                        lambda old: BILLION_LAUGHS + body(old))
    monkeypatch.setattr(package, "_DECLARATION", package.re.compile(rb"(?!x)x"))
    with pytest.raises(InputError) as info:
        load_workbook(path)
    assert "cannot read the workbook" in str(info.value)


def test_zip_bomb_is_refused_before_openpyxl_inflates_it(tmp_path):
    padding = b" " * (64 * MiB)  # compresses about 1000:1
    path = rewrite_part(small_book(tmp_path / "zipbomb.xlsx"), "xl/worksheets/sheet1.xml",
                        lambda old: iter([old.replace(b"<sheetData>", b"<sheetData>" + padding[:1])]
                                         + [padding[i:i + MiB] for i in range(0, len(padding), MiB)]))
    assert path.stat().st_size < 1 * MiB
    peak = {}

    def run():
        with pytest.raises(InputError) as info:
            recalc_workbook(path)
        peak["message"] = str(info.value)
    used = peak_memory(run)
    assert "inflates more than 200 times its compressed size (a zip bomb?)" in peak["message"]
    assert used < 16 * MiB


def test_a_million_row_sheet_is_refused_by_counting_rows_while_inflating(tmp_path):
    def rows(old):
        head, _, _ = old.partition(b"<sheetData>")
        yield head.replace(b'<dimension ref="A1:J4"/>', b'<dimension ref="A1:A1000000"/>') + b"<sheetData>"
        for start in range(1, 1_000_001, 10_000):
            yield b"".join(b'<row r="%d"><c r="A%d"><v>%d</v></c></row>' % (i, i, i)
                           for i in range(start, start + 10_000))
        yield b"</sheetData></worksheet>"
    path = rewrite_part(small_book(tmp_path / "huge.xlsx"), "xl/worksheets/sheet1.xml", rows)
    box = {}

    def run():
        with pytest.raises(InputError) as info:
            recalc_workbook(path)
        box["message"] = str(info.value)
    used = peak_memory(run)
    assert (f"xl/worksheets/sheet1.xml has more than {MAX_SHEET_ROWS:,} rows; a crosstable never needs that many"
            in box["message"])
    assert used < 16 * MiB


def test_formula_in_a_name_cell_is_refused_and_nothing_is_written(tmp_path, capsys):
    t = tournament_from_text(["Ana", '=HYPERLINK("http://evil.example","Bo")'], ["1-2 1-0"])
    path = write_workbook(tmp_path / "formula.xlsx", [crosstable_grid(t, "template")])
    # write_workbook keeps such text as text; make it a real formula as a TD's sheet would have it.
    import openpyxl
    wb = openpyxl.load_workbook(path)
    wb["Crosstable"]["B4"].value = '=HYPERLINK("http://evil.example","Bo")'
    wb.save(path)
    before = path.read_bytes()

    assert main(["recalc", str(path)]) == 2

    err = capsys.readouterr().err
    assert err.startswith("Crosstable!B4: name cell holds a formula")
    assert "never evaluates formulas" in err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["formula.xlsx"]


def test_not_a_zip_file(tmp_path):
    path = tmp_path / "fake.xlsx"
    path.write_text("Rk.;SNo;Name\n")
    with pytest.raises(InputError) as info:
        recalc_workbook(path)
    assert "not an Excel workbook" in str(info.value)


def test_one_far_away_cell_cannot_make_the_grid_huge(tmp_path):
    import openpyxl
    path = small_book(tmp_path / "far.xlsx")
    wb = openpyxl.load_workbook(path)
    for r in range(1, 800):
        wb["Crosstable"].cell(row=r, column=20, value=None)
    wb["Crosstable"]["XFD800"] = "stray"   # 800 x 16,384 cells: past MAX_CELLS (12,000,000)
    wb.save(path)
    with pytest.raises(InputError) as info:
        recalc_workbook(path)
    assert str(info.value).startswith("Crosstable!XFD800: refused: the sheet reaches XFD800, 13,107,200 cells")
