"""Hostile workbook packages made from a real export: bytes of the zip's central directory and
end record changed the way a damaged disk, a bad download or an attacker changes them."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

from rulesengine.testing import tournament_from_text
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.layouts.export import crosstable_grid

CENTRAL = b"PK\x01\x02"
END = b"PK\x05\x06"
# Offsets inside a central directory header (APPNOTE.TXT 4.3.12) and the end record (4.3.16).
VERSION_NEEDED, METHOD, NAME_LENGTH = 6, 10, 28
END_ENTRIES, END_SIZE, END_OFFSET = 10, 12, 16


def export_bytes(tmp_path: Path, layout: str = "swiss_manager") -> bytes:
    """A four-player event as the engine exports it (a chess-results-style crosstable)."""
    tournament = tournament_from_text(["Ana", "Bo", "Cy", "Di"], ["1-2 1-0, 3-4 =", "1-3 0-1, 2-4 1-0"])
    path = write_workbook(tmp_path / "export.xlsx", [crosstable_grid(tournament, layout)])
    data = path.read_bytes()
    path.unlink()
    return data


def central_headers(data: bytes) -> list[int]:
    """Where each central directory header starts."""
    end = data.rfind(END)
    start = struct.unpack_from("<I", data, end + END_OFFSET)[0]
    found, at = [], start
    while data.startswith(CENTRAL, at):
        found.append(at)
        at += 46 + sum(struct.unpack_from("<3H", data, at + NAME_LENGTH))
    return found


def header_of(data: bytes, part: str) -> int:
    """The central directory header of one part."""
    for at in central_headers(data):
        length = struct.unpack_from("<H", data, at + NAME_LENGTH)[0]
        if data[at + 46:at + 46 + length].decode() == part:
            return at
    raise KeyError(part)


def set_field(data: bytes, at: int, fmt: str, value: int) -> bytes:
    changed = bytearray(data)
    struct.pack_into(fmt, changed, at, value)
    return bytes(changed)


def with_parts(data: bytes, change) -> bytes:
    """The package rewritten part by part: `change(name, bytes)` gives (name, bytes) or None to drop."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for name in source.namelist():
            kept = change(name, source.read(name))
            if kept is not None:
                target.writestr(*kept)
    return out.getvalue()
