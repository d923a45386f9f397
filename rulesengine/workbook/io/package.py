"""Look inside an .xlsx/.xlsm package before anything parses it: bounded, streaming, no XML parser.

A workbook is a zip of XML parts. Before openpyxl opens one we make sure it cannot hurt us:
a zip bomb (parts that inflate far beyond their size, too many parts), an XML entity bomb (any
DOCTYPE/ENTITY declaration; Excel never writes one), or a sheet too big to be a crosstable (rows
and cells counted while inflating, never by trusting the sheet's own `dimension`). The same pass
lists the parts and counts drawing anchors, which the fidelity guard compares after saving.
"""

from __future__ import annotations

import io
import lzma
import os
import re
import struct
import zipfile
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rulesengine.errors import InputError, Location, Problem, clip
from rulesengine.limits import (MAX_CELLS, MAX_INFLATION_RATIO, MAX_PACKAGE_BYTES, MAX_PACKAGE_PARTS, MAX_PART_BYTES,
                               MAX_SHEET_ROWS)

CHUNK = 1 << 16

# Excel saves a password-protected (encrypted) workbook not as a zip but as an OLE compound file
# (MS-OFFCRYPTO: an EncryptedPackage stream inside a CFB container), which starts with these bytes.
OLE_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
PASSWORD_PROTECTED = ("the workbook is password-protected (encrypted): the engine cannot read it. In Excel: File > "
                      "Info > Protect Workbook > Encrypt with Password, clear the password, save, and run again")

# Everything the zip layer raises for a damaged package, on opening it or inflating a part: a bad
# or lying central directory (BadZipFile, struct.error, an offset past the end: OSError/ValueError/
# EOFError/OverflowError), a "version needed" or compression method it does not implement
# (NotImplementedError), zip64 fields it refuses (LargeZipFile), an encrypted part (RuntimeError),
# a damaged deflate, LZMA or bzip2 stream (zlib.error, LZMAError, OSError).
ZIP_ERRORS: tuple[type[BaseException], ...] = (
    zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError, OSError, ValueError,
    OverflowError, zlib.error, struct.error, lzma.LZMAError)


@dataclass(frozen=True)
class Limits:
    """Bounds on what a workbook may hold before the engine opens it."""

    max_parts: int = MAX_PACKAGE_PARTS
    max_part_bytes: int = MAX_PART_BYTES       # one part, inflated
    max_total_bytes: int = MAX_PACKAGE_BYTES   # all parts, inflated
    max_ratio: int = MAX_INFLATION_RATIO       # inflated/compressed, for parts over 1 MiB
    max_rows: int = MAX_SHEET_ROWS             # rows in one sheet
    max_cells: int = MAX_CELLS                 # cells in the whole workbook


DEFAULT_LIMITS = Limits()


@dataclass
class PackageInfo:
    """What the package holds: part names, rows/cells per worksheet part, drawing anchors."""

    parts: list[str] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)
    cells: dict[str, int] = field(default_factory=dict)
    anchors: int = 0
    rich_text: bool = False  # some cell holds rich text (runs), which openpyxl keeps only when asked
    # The file as it was when inspected (file_fingerprint): saving refuses if it changed since.
    fingerprint: tuple[int, int, int] | None = None

    def categories(self) -> Counter:
        """How many parts of each kind the fidelity guard protects (see CATEGORIES)."""
        counts: Counter = Counter()
        for name in self.parts:
            for label, pattern in CATEGORIES:
                if pattern.match(name):
                    counts[label] += 1
                    break
        if self.anchors:
            counts["drawing objects (charts, pictures, shapes, text boxes)"] = self.anchors
        return counts


# Parts whose disappearance means the TD would lose something (shared/docs/excel.md).
CATEGORIES = tuple((label, re.compile(pattern, re.IGNORECASE)) for label, pattern in (
    ("VBA macro project", r"^xl/vbaProject\.bin$"),
    ("images and media", r"^xl/media/"),
    ("charts", r"^xl/charts/chart\d+\.xml$"),
    ("drawings", r"^xl/drawings/drawing\d+\.xml$"),
    ("legacy drawings (comments, form buttons)", r"^xl/drawings/.*\.vml$"),
    ("comments", r"^xl/(comments\d+|comments/comment\d+)\.xml$"),
    ("threaded comments", r"^xl/threadedComments/"),
    ("comment authors", r"^xl/persons/"),
    ("pivot tables", r"^xl/pivotTables/"),
    ("pivot caches", r"^xl/pivotCache/"),
    ("slicers", r"^xl/slicers?(Caches)?/"),
    ("timelines", r"^xl/timeline"),
    ("form controls", r"^xl/ctrlProps/"),
    ("ActiveX controls", r"^xl/activeX/"),
    ("ribbon customisation", r"^customUI/"),
    ("Office add-in (web extension) data", r"^xl/webextensions/"),
    ("custom XML data", r"^customXml/"),
    ("tables", r"^xl/tables/"),
    ("external links", r"^xl/externalLinks/"),
    ("embedded objects", r"^xl/embeddings/"),
))

_SHEET = re.compile(r"^xl/worksheets/sheet\d+\.xml$", re.IGNORECASE)
_DRAWING = re.compile(r"^xl/drawings/drawing\d+\.xml$", re.IGNORECASE)


def _declarations() -> re.Pattern[bytes]:
    """`<!DOCTYPE` or `<!ENTITY` in UTF-8 (ASCII) and in UTF-16 of either byte order: what an XML
    parser reads as a declaration in a part of any name (expat takes UTF-16 with or without a BOM)."""
    words = [f"<!{word}" for word in ("DOCTYPE", "ENTITY")]
    forms = [re.escape(w.encode("ascii")) for w in words]
    for order in ("utf-16-le", "utf-16-be"):
        forms += [re.escape(w.encode(order)) for w in words]
    return re.compile(b"|".join(forms), re.IGNORECASE)


_DECLARATION = _declarations()


def _count(prev: bytes, chunk: bytes, needle: bytes) -> int:
    """Occurrences of `needle` in chunk, plus those spanning the join with the previous chunk."""
    k = len(needle) - 1
    return chunk.count(needle) + (prev[-k:] + chunk[:k]).count(needle) if k else chunk.count(needle)


def inspect_package(path: str | Path, limits: Limits = DEFAULT_LIMITS, *, scan: bool = True,
                    data: bytes | None = None) -> PackageInfo:
    """Check a workbook package against `limits` and list what it holds; InputError when refused.

    With `scan` (the default) every part is inflated once, in chunks, counting real bytes (a
    zip's declared sizes can lie); without it only the part names are read (for a file we just
    wrote ourselves). `data`: the file's bytes, already read (`path` then only names it in
    messages, and the package has no fingerprint: it is never saved).
    """
    path = Path(path)
    where = Location(str(path))
    info = PackageInfo()
    magic = b""
    try:
        if data is not None:
            magic = data[:len(OLE_MAGIC)]
            archive = zipfile.ZipFile(io.BytesIO(data))
        else:
            info.fingerprint = file_fingerprint(path)  # taken first: any later change is seen at save
            with open(path, "rb") as handle:
                magic = handle.read(len(OLE_MAGIC))
            archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        if magic == OLE_MAGIC:
            raise InputError(Problem(where, PASSWORD_PROTECTED)) from None
        raise InputError(Problem(where, "not an Excel workbook (.xlsx/.xlsm is a zip file; this is not one)")) from None
    except ZIP_ERRORS as exc:  # unreadable, or a central directory the zip layer cannot follow
        raise unreadable_package(where, exc) from None
    with archive:
        members = archive.infolist()
        if len(members) > limits.max_parts:
            raise InputError(Problem(where, f"refused: the package has {len(members)} parts (limit {limits.max_parts})"))
        info.parts = [m.filename for m in members]
        if not scan:
            for m in members:
                if _DRAWING.match(m.filename):
                    try:
                        info.anchors += _anchor_tags(archive.read(m)) // 2
                    except ZIP_ERRORS as exc:
                        raise unreadable_part(where, m.filename, exc) from None
            return info
        total = cells_total = 0
        for member in members:
            size = 0
            rows = cells = 0
            anchors = 0
            prev = b""
            is_sheet = bool(_SHEET.match(member.filename))
            is_drawing = bool(_DRAWING.match(member.filename))
            may_hold_text = is_sheet or member.filename.lower() == "xl/sharedstrings.xml"
            try:
                with archive.open(member) as stream:
                    while chunk := stream.read(CHUNK):
                        size += len(chunk)
                        total += len(chunk)
                        if size > limits.max_part_bytes or total > limits.max_total_bytes:
                            raise InputError(Problem(where, f"refused: part {part_name(member.filename)} inflates beyond "
                                                            f"{_mib(limits.max_part_bytes if size > limits.max_part_bytes else limits.max_total_bytes)} "
                                                            f"(a zip bomb?)"))
                        if size > (1 << 20) and member.compress_size and size > limits.max_ratio * member.compress_size:
                            raise InputError(Problem(where, f"refused: part {part_name(member.filename)} inflates more than "
                                                            f"{limits.max_ratio} times its compressed size (a zip bomb?)"))
                        # Every part, whatever its name or content type says: the workbook's
                        # relationships, not names, tell openpyxl which part to parse as a sheet.
                        if _DECLARATION.search(prev + chunk):
                            raise InputError(Problem(where, f"refused: part {part_name(member.filename)} declares a DOCTYPE or "
                                                            f"XML entities (Excel never does; this is how XML entity "
                                                            f"bombs work)"))
                        if is_sheet:
                            rows += _count(prev, chunk, b"<row") + _count(prev, chunk, b":row ")
                            cells += _count(prev, chunk, b"<c ") + _count(prev, chunk, b"<c>") + _count(prev, chunk, b":c ")
                            if rows > limits.max_rows:
                                raise InputError(Problem(where, f"refused: {part_name(member.filename)} has more than "
                                                                f"{limits.max_rows:,} rows; a crosstable never needs that many"))
                            if cells_total + cells > limits.max_cells:
                                raise InputError(Problem(where, f"refused: the workbook has more than {limits.max_cells:,} cells"))
                        if may_hold_text and not info.rich_text and _count(prev, chunk, b"<r>"):
                            info.rich_text = True
                        if is_drawing:
                            anchors += _anchor_tags(chunk, prev)
                        prev = chunk[-32:]
            except ZIP_ERRORS as exc:  # a damaged stream, a bad CRC, a truncated file, an encrypted part
                raise unreadable_part(where, member.filename, exc) from None
            cells_total += cells
            if is_sheet:
                info.rows[member.filename] = rows
                info.cells[member.filename] = cells
            info.anchors += anchors // 2
    return info


def unreadable_package(where: Location, exc: BaseException) -> InputError:
    """`BOOK: cannot read the workbook: REASON (is the file damaged? nothing was written)`."""
    reason = str(getattr(exc, "strerror", None) or exc) or type(exc).__name__
    return InputError(Problem(where, f"cannot read the workbook: {shown(reason, 64)} "
                                     f"(is the file damaged? nothing was written)"))


def unreadable_part(where: Location, part: str, exc: BaseException) -> InputError:
    """`BOOK: refused: part P cannot be read (ERROR: ...); the workbook looks damaged`."""
    return InputError(Problem(where, f"refused: part {part_name(part)} cannot be read "
                                     f"({type(exc).__name__}: {shown(str(exc), 48)}); the workbook looks damaged"))


def part_name(name: str) -> str:
    """A part's name for a message (a damaged central directory makes names of anything, up to
    65,535 bytes long)."""
    return shown(name, 48)


def shown(text: str, width: int) -> str:
    """`text` as it is when printable, else escaped (`\\x1b`: never a control character on the
    terminal), cut to `width` characters with the count of the rest (errors.clip)."""
    return clip(text if text.isprintable() else ascii(text)[1:-1], width)


def file_fingerprint(path: str | Path) -> tuple[int, int, int]:
    """(inode, size, modification time in ns): changes whenever the file is saved or replaced."""
    status = os.stat(path)
    return (status.st_ino, status.st_size, status.st_mtime_ns)


def _anchor_tags(chunk: bytes, prev: bytes = b"") -> int:
    """Opening plus closing anchor tags in a drawing part (each object has both)."""
    return sum(_count(prev, chunk, tag) for tag in (b"twoCellAnchor", b"oneCellAnchor", b"absoluteAnchor"))


def _mib(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB"


def lost_parts(before: PackageInfo, after: PackageInfo) -> list[str]:
    """What `after` lacks that `before` had, per protected category, in words."""
    old, new = before.categories(), after.categories()
    lost = []
    for label, count in old.items():
        if new.get(label, 0) < count:
            lost.append(f"{label}: {count - new.get(label, 0)} of {count}")
    return lost
