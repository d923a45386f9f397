"""Damaged and encrypted workbooks give one located message and exit 2, never a traceback
(issue 10 item 1, issue 12 item 5); the file is left exactly as it was."""

from __future__ import annotations

import zipfile

import pytest

from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.io.package import OLE_MAGIC, inspect_package


def small_book(path):
    t = tournament_from_text(["Ana", "Bo"], ["1-2 1-0"])
    return write_workbook(path, [crosstable_grid(t, "template")])


def damage(path, offset_in_part: int = 20, part: str = "xl/worksheets/sheet1.xml"):
    """Flip bytes inside one part's compressed data (its deflate stream)."""
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(part)
    data = bytearray(path.read_bytes())
    header = info.header_offset
    name_len = int.from_bytes(data[header + 26: header + 28], "little")
    extra_len = int.from_bytes(data[header + 28: header + 30], "little")
    start = header + 30 + name_len + extra_len + offset_in_part
    for i in range(start, min(start + 16, start + info.compress_size - offset_in_part)):
        data[i] ^= 0xA5
    path.write_bytes(bytes(data))


def recalc_refuses(path, capsys) -> str:
    before = path.read_bytes()
    assert main(["recalc", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.splitlines()) <= 25
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
    return err


def test_corrupted_deflate_stream(tmp_path, capsys):
    path = small_book(tmp_path / "damaged.xlsx")
    damage(path)
    with pytest.raises(InputError) as err:
        inspect_package(path)
    assert str(err.value).startswith(f"{path}: refused: part xl/worksheets/sheet1.xml cannot be read")
    assert str(path) in recalc_refuses(path, capsys)


def test_corrupted_central_directory(tmp_path, capsys):
    path = small_book(tmp_path / "cd.xlsx")
    data = bytearray(path.read_bytes())
    directory = data.find(b"PK\x01\x02")
    data[directory + 42: directory + 46] = (len(data) // 3).to_bytes(4, "little")  # a local header offset
    path.write_bytes(bytes(data))
    assert str(path) in recalc_refuses(path, capsys)


def test_truncated_workbook(tmp_path, capsys):
    path = small_book(tmp_path / "cut.xlsx")
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    assert str(path) in recalc_refuses(path, capsys)


def test_password_protected_workbook_says_so(tmp_path, capsys):
    """An encrypted .xlsx is an OLE compound file (MS-OFFCRYPTO), not a zip."""
    path = tmp_path / "secret.xlsx"
    path.write_bytes(OLE_MAGIC + b"\x00" * 504 + b"EncryptedPackage".ljust(512, b"\x00"))
    with pytest.raises(InputError) as err:
        inspect_package(path)
    assert "password-protected" in str(err.value) and "not a zip" not in str(err.value)
    assert "password-protected" in recalc_refuses(path, capsys)
