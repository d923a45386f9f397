"""`standings` and `rate` on a workbook, a spreadsheet of another kind or a PDF say what the file
is and which command reads it, instead of "not valid utf-8 text" (issue 25 item 19)."""

from __future__ import annotations

import zipfile

import openpyxl
import pytest

from rulesengine.cli import main


def _xlsx(path):
    openpyxl.Workbook().save(path)


def _ods(path):
    with zipfile.ZipFile(path, "w") as z:   # OpenDocument: a stored `mimetype` member comes first
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", "<office:document-content/>")


def _xls(path):
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504)


def _pdf(path):
    path.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")


@pytest.mark.parametrize("name, make, said", [
    ("event.xlsx", _xlsx, "an Excel workbook, not a trf file: `rulesengine recalc FILE` computes its standings"),
    ("renamed.trf", _xlsx, "an Excel workbook, not a trf file"),
    ("event.ods", _ods, "an OpenDocument spreadsheet (.ods), not a trf file: save it as .xlsx"),
    ("event.xls", _xls, "an Excel 97-2003 workbook (.xls), not a trf file: save it as .xlsx"),
    ("results.pdf", _pdf, "a PDF document, not a trf file: export the event as TRF"),
])
@pytest.mark.parametrize("command", [["standings"], ["rate", "--system", "elo"]])
def test_a_file_no_text_format_reads_is_named_with_the_command_that_reads_it(tmp_path, capsys, name, make, said,
                                                                              command):
    path = tmp_path / name
    make(path)
    assert main([command[0], str(path), *command[1:]]) == 2
    err = capsys.readouterr().err
    assert f"{path}: {said}" in err and "utf-8" not in err and len(err.splitlines()) == 1
