"""The entity guard reads every part, not only those named .xml/.rels/.vml (issue 25 item 12): a
sheet part named otherwise still reaches openpyxl's and calamine's XML parsers through the
workbook's relationships, so a DOCTYPE in it is refused like one in sheet1.xml."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from packages import export_bytes, with_parts  # noqa: E402
from fuzz.harness import run_cli  # noqa: E402

LAUGHS = b'<?xml version="1.0"?>\n<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
SHEET = "xl/worksheets/sheet1.xml"


def _renamed_sheet(new_name: str, encoding: str = "utf-8"):
    """The sheet part moved to `new_name` (relationship and content type follow) with a DOCTYPE."""
    def change(name: str, data: bytes):
        if name == SHEET:
            body = data.split(b"?>", 1)[1] if data.startswith(b"<?xml") else data
            xml = LAUGHS + body.replace(b"<v>", b"<v>&b;", 1)
            return new_name, xml if encoding == "utf-8" else xml.decode().replace(
                'version="1.0"', f'version="1.0" encoding="{encoding}"').encode(encoding)
        if name in ("xl/_rels/workbook.xml.rels", "[Content_Types].xml"):
            return name, data.replace(b"worksheets/sheet1.xml", new_name.removeprefix("xl/").encode())
        return name, data
    return change


CASES = {
    "sheet part named .bin": ("xl/worksheets/sheet1.bin", "utf-8"),
    "sheet part with no suffix": ("xl/worksheets/sheet1", "utf-8"),
    "sheet part named like an image": ("xl/media/image1.png", "utf-8"),
    "sheet part in UTF-16": (SHEET, "utf-16"),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("command", ["recalc", "audit", "batch"])
def test_a_doctype_in_any_part_is_refused(tmp_path, case, command):
    new_name, encoding = CASES[case]
    data = with_parts(export_bytes(tmp_path), _renamed_sheet(new_name, encoding))
    path = tmp_path / "book.xlsx"
    path.write_bytes(data)
    args = {"recalc": ["recalc", str(path)], "audit": ["audit", str(path)],
            "batch": ["batch", str(path), "--out", str(tmp_path / "out")]}[command]
    outcome = run_cli(args, path)
    assert outcome.status == 2 and "Traceback" not in outcome.stderr, (outcome.failure, outcome.stderr)
    assert path.read_bytes() == data
    assert f"refused: part {new_name} declares a DOCTYPE or XML entities" in outcome.stderr, outcome.stderr
