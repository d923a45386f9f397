"""Copy a zip package member for member, raw: untouched parts keep their compressed bytes.

Python's zipfile can only copy a member by inflating and deflating it again, which costs time
and changes the compressed stream. Here an untouched part is copied as it is stored (same
method, same deflate stream, same CRC, same date); only new and changed parts are deflated.
The format is the plain zip of APPNOTE.TXT 4.3 (local headers, central directory, end record),
without zip64: workbooks are bounded far below 4 GiB by package.Limits.
"""

from __future__ import annotations

import struct
import time
import zipfile
import zlib
from dataclasses import dataclass
from typing import BinaryIO, Iterable

LOCAL_HEADER = b"PK\x03\x04"
CENTRAL_HEADER = b"PK\x01\x02"
END_RECORD = b"PK\x05\x06"
_UTF8_NAME = 0x800
_DATA_DESCRIPTOR = 0x08
_LIMIT = 0xFFFFFFFF


class RawCopyUnsupported(Exception):
    """The package uses zip features this copier does not write (zip64, encryption)."""


@dataclass(frozen=True)
class Member:
    """One stored member: its name as stored, its compressed bytes and what the headers say."""

    name: bytes
    method: int
    crc: int
    size: int
    raw: bytes
    date_time: tuple[int, int, int, int, int, int]
    flag_bits: int = 0
    create_version: int = 20
    create_system: int = 0
    extract_version: int = 20
    internal_attr: int = 0
    external_attr: int = 0


def read_raw(path, info: zipfile.ZipInfo, handle: BinaryIO) -> Member:
    """Member `info` of the zip open as `handle`, with its compressed bytes as stored."""
    if info.flag_bits & 0x1:
        raise RawCopyUnsupported(f"{info.filename} is encrypted")
    if max(info.compress_size, info.file_size, info.header_offset) >= _LIMIT:
        raise RawCopyUnsupported(f"{info.filename} needs zip64")
    handle.seek(info.header_offset)
    header = handle.read(30)
    if header[:4] != LOCAL_HEADER:
        raise RawCopyUnsupported(f"{path}: bad local header for {info.filename}")
    name_length, extra_length = struct.unpack("<HH", header[26:30])
    handle.seek(info.header_offset + 30 + name_length + extra_length)
    raw = handle.read(info.compress_size)
    encoding = "utf-8" if info.flag_bits & _UTF8_NAME else "cp437"
    return Member(info.orig_filename.encode(encoding), info.compress_type, info.CRC, info.file_size, raw,
                  info.date_time, info.flag_bits & ~_DATA_DESCRIPTOR, info.create_version, info.create_system,
                  info.extract_version, info.internal_attr, info.external_attr)


def fresh(name: str, data: bytes, like: Member | None = None) -> Member:
    """A new or changed part, deflated (or stored, when `like` was stored)."""
    method = like.method if like is not None and like.method in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED) \
        else zipfile.ZIP_DEFLATED
    if method == zipfile.ZIP_DEFLATED:
        packer = zlib.compressobj(6, zlib.DEFLATED, -15)
        raw = packer.compress(data) + packer.flush()
    else:
        raw = data
    encoded = name.encode("ascii", "ignore")
    flags = 0 if encoded.decode("ascii") == name else _UTF8_NAME
    stamp = like.date_time if like is not None else time.localtime()[:6]
    return Member(name.encode("utf-8"), method, zlib.crc32(data), len(data), raw, tuple(max(v, 0) for v in stamp),
                  flags, 20, 3, 20, 0, like.external_attr if like is not None else 0o644 << 16)


def _dos(date_time: tuple[int, ...]) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    return (hour << 11) | (minute << 5) | (second // 2), (max(year, 1980) - 1980) << 9 | (month << 5) | day


def write_members(handle: BinaryIO, members: Iterable[Member]) -> None:
    """Write a whole zip: each member's local header and bytes, then the central directory."""
    central = []
    offset = 0
    count = 0
    for m in members:
        if len(m.raw) >= _LIMIT or m.size >= _LIMIT or offset >= _LIMIT:
            raise RawCopyUnsupported("the package would need zip64")
        dos_time, dos_date = _dos(m.date_time)
        fixed = struct.pack("<HHHHHIIIHH", m.extract_version, m.flag_bits, m.method, dos_time, dos_date,
                            m.crc, len(m.raw), m.size, len(m.name), 0)
        handle.write(LOCAL_HEADER + fixed + m.name)
        handle.write(m.raw)
        central.append(CENTRAL_HEADER + struct.pack(
            "<BBHHHHHIIIHHHHHII", m.create_version, m.create_system, m.extract_version, m.flag_bits, m.method,
            dos_time, dos_date, m.crc, len(m.raw), m.size, len(m.name), 0, 0, 0, m.internal_attr,
            m.external_attr, offset) + m.name)
        offset += 30 + len(m.name) + len(m.raw)
        count += 1
    directory = b"".join(central)
    handle.write(directory)
    handle.write(END_RECORD + struct.pack("<HHHHIIH", 0, 0, count, count, len(directory), offset, 0))
