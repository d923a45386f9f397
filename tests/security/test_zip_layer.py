"""Every error the zip layer raises is one located line, "the workbook cannot be read", in every
command that reads a workbook (issue 26 item 1): never a traceback, never a changed input.

Each package is a real export with bytes of its central directory or end record changed; each was
a traceback once (`NotImplementedError: zip file version 14.2`, `LZMAError`, ...) or passes the
same code path.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from packages import (END, END_ENTRIES, END_OFFSET, END_SIZE, METHOD, NAME_LENGTH, VERSION_NEEDED,  # noqa: E402
                      export_bytes, header_of, set_field)
from fuzz.harness import run_cli  # noqa: E402

SHEET = "xl/worksheets/sheet1.xml"


def _central(field: int, fmt: str, value: int, part: str = SHEET):
    return lambda data: set_field(data, header_of(data, part) + field, fmt, value)


def _end(field: int, fmt: str, value: int):
    return lambda data: set_field(data, data.rfind(END) + field, fmt, value)


DAMAGE = {
    # "version needed to extract" 14.2: zipfile raises NotImplementedError on opening the package
    "version 14.2 (central directory)": _central(VERSION_NEEDED, "<H", 142),
    "version 14.2 (workbook part)": _central(VERSION_NEEDED, "<H", 142, "xl/workbook.xml"),
    # compression methods the zip layer does not implement, or whose stream is not what it says
    "method 99 (unknown)": _central(METHOD, "<H", 99),
    "method 14 (LZMA) over deflate bytes": _central(METHOD, "<H", 14),
    "method 12 (bzip2) over deflate bytes": _central(METHOD, "<H", 12),
    "method 0 (stored) over deflate bytes": _central(METHOD, "<H", 0),
    "a name 65,535 bytes long": _central(NAME_LENGTH, "<H", 0xFFFF),
    "end record: central directory past the end": _end(END_OFFSET, "<I", 0x7FFF_FFFF),
    "end record: central directory size 0": _end(END_SIZE, "<I", 0),
    "end record: 65,535 entries": _end(END_ENTRIES, "<H", 0xFFFF),
}


def _commands(path: Path) -> dict[str, list[str]]:
    out = path.parent / "out"
    return {"recalc": ["recalc", str(path)], "pair": ["pair", str(path)], "audit": ["audit", str(path)],
            "standings": ["standings", str(path)], "batch": ["batch", str(path), "--out", str(out)]}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("command", ["recalc", "pair", "audit", "standings", "batch"])
def test_damaged_package_is_one_located_line(tmp_path, damage, command):
    data = DAMAGE[damage](export_bytes(tmp_path))
    path = tmp_path / "book.xlsx"
    path.write_bytes(data)
    outcome = run_cli(_commands(path)[command], path)
    assert outcome.status == 2, (outcome.status, outcome.stderr)
    assert "Traceback" not in outcome.stderr
    assert path.read_bytes() == data
    lines = outcome.stderr.strip().splitlines()
    # at most 300 characters a line where the file's name is short (the campaign's rule)
    assert all(len(line.replace(str(path.parent), "/tmp/x")) <= 300 for line in lines), lines
    if command == "batch":
        # batch's error line for the input: its name, then the same located message
        errors = [line for line in lines if " error " in line]
        assert len(errors) == 1 and "book.xlsx: book.xlsx: " in errors[0], lines
        message = errors[0].split("book.xlsx: ", 1)[1]
    else:
        assert outcome.ok, outcome.failure
        if command in ("recalc", "pair"):   # their last line: "BOOK was not changed (1 problem)"
            assert lines[-1] == f"rulesengine: {path} was not changed (1 problem)", lines
            lines = lines[:-1]
        assert len(lines) == 1, lines
        message = lines[0].removeprefix("rulesengine: ")
    assert message.startswith(path.name if command == "batch" else str(path)), message
    if command != "standings":   # standings reads text (TRF): it says so, located at line 1
        assert any(words in message for words in ("cannot read the workbook", "cannot be read",
                                                  "not an Excel workbook")), message


def test_version_in_the_central_directory_names_it(tmp_path):
    path = tmp_path / "book.xlsx"
    path.write_bytes(DAMAGE["version 14.2 (central directory)"](export_bytes(tmp_path)))
    outcome = run_cli(["recalc", str(path)], path)
    assert outcome.stderr.splitlines()[0] == (f"{path}: cannot read the workbook: zip file version 14.2 "
                                              f"(is the file damaged? nothing was written)")


def test_unknown_compression_names_the_part(tmp_path):
    path = tmp_path / "book.xlsx"
    path.write_bytes(DAMAGE["method 99 (unknown)"](export_bytes(tmp_path)))
    outcome = run_cli(["recalc", str(path)], path)
    assert outcome.stderr.splitlines()[0] == (f"{path}: refused: part {SHEET} cannot be read "
                                              f"(NotImplementedError: That compression method is not supported); "
                                              f"the workbook looks damaged")
