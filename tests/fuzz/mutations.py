"""Hypothesis strategies that mutate real inputs as an attacker or a careless exporter would:
TRF text (fields, records, line endings, huge and Unicode numbers) and workbooks (cells, Settings,
and the zip package itself). Seeds are the fixtures in tests/data/tiebreak and the example."""

from __future__ import annotations

import io
import re
import struct
import zipfile
from pathlib import Path

from hypothesis import strategies as st

TESTS = Path(__file__).resolve().parents[1]
SEEDS = sorted((TESTS / "data" / "tiebreak").glob("*.trf")) + [TESTS.parent / "examples" / "riverside-open-2026.trf"]
SEED_TEXTS = [p.read_text(encoding="utf-8") for p in SEEDS if p.exists()]
# Small seeds keep each run short; the big speed files are for benchmarks.
SMALL_SEEDS = [t for t in SEED_TEXTS if t.count("\n001 ") <= 60 and not t.startswith("001")] or SEED_TEXTS

NASTY_NUMBERS = ["³", "₂", "①", "٣", "3/0", "1/0", "1e9999", "9" * 400, "1" + "0" * 5000, "-1", "-0", "+5",
                 "1e308", "1.0e-99999999", "NaN", "inf", "0x10", "1_000", "½", "4,5", "", " ", "0", "9999"]
NASTY_TEXT = ["=HYPERLINK(\"http://x\",\"y\")", "@SUM(A1:A9)", "+1+1", "-2+3", "\tTab", "\x00", "ß", "ﬀ",
              "\u2028", "\u202e", "𝟘𝟙", "Ж" * 40, "x" * 5000, "<!DOCTYPE x [<!ENTITY a 'b'>]>", "'", '"']
NASTY_RECORDS = ["XXR 1000000", "XXR 999999999999", "XXR ³", "XXR -5", "142 0", "162  W 1e999999999",
                 "162  W 3.0    D 1e9999", "162 W 3/0", "BBW 1.0e-99999999", "BBW " + "9" * 400,
                 "XXS WW=1e99999999", "XXS WW=1/0 WD=½", "202 BH,NOPE,SB", "212 PTS,BH/C99999999", "202 " + "BH," * 3000,
                 "092 Round Robin", "042 2026/13/45", "042 ³³³³/01/01", "012 " + "x" * 100_000]
FIELDS = [(4, 8), (9, 10), (10, 13), (14, 47), (48, 52), (53, 56), (57, 68), (69, 79), (80, 84), (85, 89)]

tokens = st.sampled_from(NASTY_NUMBERS + NASTY_TEXT)


@st.composite
def trf_mutation(draw, seeds=SMALL_SEEDS) -> str:
    """A real TRF with one to four mutations."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 4))):
        text = draw(st.sampled_from(TRF_OPERATIONS))(draw, text)
    return text


def _players(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith("001")] or [0]


def _field(draw, text: str) -> str:
    """A fixed column of a player record (or an opponent column) replaced by a nasty value."""
    lines = text.split("\n")
    i = draw(st.sampled_from(_players(lines)))
    start, end = draw(st.sampled_from(FIELDS + [(89 + 10 * r + 2, 89 + 10 * r + 6) for r in range(3)]))
    value = draw(tokens)
    if draw(st.booleans()):
        value = value[: max(end - start, 1)]
    line = lines[i].ljust(end)
    lines[i] = line[:start] + value.rjust(end - start) + line[end:]
    return "\n".join(lines)


def _block_char(draw, text: str) -> str:
    lines = text.split("\n")
    i = draw(st.sampled_from(_players(lines)))
    pos = draw(st.integers(89, max(89, len(lines[i]) - 1)))
    char = draw(st.sampled_from(list("wbWB-=+10DLHFUZQ ³①ß\t") + ["  ", ""]))
    lines[i] = lines[i][:pos] + char + lines[i][pos + 1:]
    return "\n".join(lines)


def _record(draw, text: str) -> str:
    lines = text.split("\n")
    lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(NASTY_RECORDS)))
    return "\n".join(lines)


def _shuffle_lines(draw, text: str) -> str:
    lines = text.split("\n")
    op = draw(st.sampled_from(["delete", "duplicate", "swap"]))
    i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(j, lines[i])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _endings(draw, text: str) -> str:
    lines = text.split("\n")
    marks = draw(st.lists(st.sampled_from(["\n", "\r\n", "\r", "\n\n"]), min_size=len(lines), max_size=len(lines)))
    return "".join(line + mark for line, mark in zip(lines, marks))


def _truncate(draw, text: str) -> str:
    return text[: draw(st.integers(0, len(text)))]


def _insert_text(draw, text: str) -> str:
    pos = draw(st.integers(0, len(text)))
    return text[:pos] + draw(st.text(min_size=1, max_size=8)) + text[pos:]


def _huge_line(draw, text: str) -> str:
    lines = text.split("\n")
    i = draw(st.sampled_from(_players(lines)))
    lines[i] += draw(st.sampled_from(["  0002 w 1" * 2000, "x" * 1_000_000, "  0000 - H" * 1200]))
    return "\n".join(lines)


def _many_players(draw, text: str) -> str:
    extra = "\n".join(f"001 {n:>4} m    {'P' + str(n):<33} 2000 NOR {'':>11} 2000/01/01  0.0 {n:>4}"
                      for n in range(9000, 9000 + draw(st.integers(1, 300))))
    return text + extra + "\n"


TRF_OPERATIONS = [_field, _field, _block_char, _record, _record, _shuffle_lines, _endings, _truncate,
                  _insert_text, _huge_line, _many_players]


# ---------------------------------------------------------------- workbooks

CELL_VALUES = st.one_of(
    st.sampled_from(NASTY_NUMBERS + NASTY_TEXT),
    st.sampled_from([1e308, -1e308, float("inf"), float("nan"), 10**30, -1, 0, 2.5, True, None]),
    st.integers(-10**6, 10**6),
    st.text(max_size=12),
)
SETTINGS = [["Setting", "Value"], ["Tie-breaks", "BH/C1,BH,SB"], ["Rating system", "fide"],
            ["Points for a win", 1], ["Points for a draw", 0.5], ["Rules date", "2026-04-10"]]


def small_tournament(text: str):
    from rulesengine.formats.trf import parse_trf
    return parse_trf(text)


@st.composite
def workbook_mutation(draw) -> tuple[bytes, str]:
    """(the bytes of a mutated .xlsx, a short description): grid cells, Settings, Players, package."""
    from rulesengine.workbook.layouts.export import crosstable_grid, exporting_layouts
    from rulesengine.grid import Grid

    seeds = [t for t in SMALL_SEEDS if t.count("\n001 ") <= 24]
    tournament = small_tournament(draw(st.sampled_from(seeds)))
    layout = draw(st.sampled_from(exporting_layouts()))
    grid = crosstable_grid(tournament, layout)
    rows = [list(r) for r in grid.rows]
    what = [layout]
    for _ in range(draw(st.integers(0, 6))):
        r = draw(st.integers(0, len(rows) - 1))
        c = draw(st.integers(0, max(len(rows[r]) - 1, 0)))
        value = draw(CELL_VALUES)
        if c < len(rows[r]):
            rows[r][c] = value
        what.append(f"cell {r},{c}={str(value)[:20]!r}")
    grids = [Grid(grid.sheet, rows, grid.merged)]
    if draw(st.booleans()):
        settings = [list(row) for row in SETTINGS]
        for _ in range(draw(st.integers(0, 3))):
            r = draw(st.integers(1, len(settings) - 1))
            settings[r][1] = draw(CELL_VALUES)
            what.append(f"setting {settings[r][0]}={str(settings[r][1])[:20]!r}")
        grids.append(Grid("Settings", settings))
    if draw(st.booleans()):
        players = [["SNo", "Name", "Rating", "Games", "Birth year"]]
        for p in tournament.players[:8]:
            players.append([p.start_rank, p.name, draw(st.one_of(st.just(p.rating), CELL_VALUES)), 30, 1990])
        grids.append(Grid("Players", players))
        what.append("players")
    data = _xlsx_bytes(grids)
    package_op = draw(st.sampled_from(["none"] * 10 + ["flip", "truncate", "ole", "drop_part", "bomb_ratio",
                                                      "central_flip", "central_flip", "central_field"]))
    if package_op != "none":
        data = _mutate_package(data, package_op, draw)
        what.append(package_op)
    return data, "; ".join(what)


def _xlsx_bytes(grids) -> bytes:
    import openpyxl
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for grid in grids:
        ws = wb.create_sheet(grid.sheet)
        for r, row in enumerate(grid.rows, start=1):
            for c, value in enumerate(row, start=1):
                if value is None:
                    continue
                if isinstance(value, str):
                    value = ILLEGAL_CHARACTERS_RE.sub("?", value)
                if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53:
                    value = str(value)
                cell = ws.cell(row=r, column=c, value=value)
                if isinstance(value, str) and value.startswith("="):
                    cell.data_type = "s"
    buffer = io.BytesIO()
    wb.save(buffer)
    return _deterministic(buffer.getvalue())


_STAMP = re.compile(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(</dcterms:)")


def _deterministic(data: bytes) -> bytes:
    """The same package bytes for the same grids whenever they are made: openpyxl stamps the save
    time in docProps/core.xml and every member's date, so the package's length (which the
    package mutations draw offsets from) changed with the clock and Hypothesis, replaying a case,
    saw other draws (FlakyStrategyDefinition)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            member = source.read(info)
            if info.filename == "docProps/core.xml":
                member = _STAMP.sub(rb"\g<1>2026-01-01T00:00:00Z\g<2>", member)
            target.writestr(zipfile.ZipInfo(info.filename, date_time=(2026, 1, 1, 0, 0, 0)), member,
                            compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


# Fields of a central directory header (APPNOTE.TXT 4.3.12: version needed, flags, method, sizes,
# name/extra/comment lengths, local header offset) and of the end record (4.3.16: entries, size,
# offset), with values a damaged or hostile package carries: versions the zip layer refuses,
# methods it lacks, lengths and offsets past the end.
_CENTRAL_FIELDS = [(6, "<H"), (8, "<H"), (10, "<H"), (20, "<I"), (24, "<I"), (28, "<H"), (30, "<H"), (32, "<H"),
                   (42, "<I")]
_END_FIELDS = [(8, "<H"), (10, "<H"), (12, "<I"), (16, "<I"), (20, "<H")]
_FIELD_VALUES = [0, 1, 12, 14, 63, 64, 99, 142, 0x7F, 0xFF, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFF]


def _central_directory(data: bytes) -> tuple[int, int]:
    """(where the central directory starts, where the end record starts)."""
    end = data.rfind(b"PK\x05\x06")
    return (struct.unpack_from("<I", data, end + 16)[0] if end >= 0 else 0), max(end, 0)


def _mutate_package(data: bytes, op: str, draw) -> bytes:
    if op == "central_flip":   # a damaged disk or download: bytes of the central directory or end record
        start, _ = _central_directory(data)
        data = bytearray(data)
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(min(start, len(data) - 1), len(data) - 1))
            data[i] ^= draw(st.integers(1, 255))
        return bytes(data)
    if op == "central_field":  # a hostile package: one field of one header set to a nasty value
        start, end = _central_directory(data)
        headers = [i for i in range(start, end) if data.startswith(b"PK\x01\x02", i)]
        if draw(st.booleans()) and headers:
            offset, fmt = draw(st.sampled_from(_CENTRAL_FIELDS))
            at = draw(st.sampled_from(headers)) + offset
        else:
            offset, fmt = draw(st.sampled_from(_END_FIELDS))
            at = end + offset
        value = draw(st.sampled_from(_FIELD_VALUES)) & (0xFFFF if fmt == "<H" else 0xFFFF_FFFF)
        changed = bytearray(data)
        struct.pack_into(fmt, changed, at, value)
        return bytes(changed)
    if op == "flip":
        data = bytearray(data)
        for _ in range(draw(st.integers(1, 8))):
            i = draw(st.integers(0, len(data) - 1))
            data[i] ^= draw(st.integers(1, 255))
        return bytes(data)
    if op == "truncate":
        return data[: draw(st.integers(0, len(data) - 1))]
    if op == "ole":
        return bytes.fromhex("D0CF11E0A1B11AE1") + b"\x00" * 1024
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        names = source.namelist()
        dropped = draw(st.sampled_from(names)) if op == "drop_part" else None
        for name in names:
            if name == dropped:
                continue
            content = source.read(name)
            if op == "bomb_ratio" and name.startswith("xl/worksheets/"):
                content = content.replace(b"</sheetData>", b"<row r=\"99999\"/>" * 2 + b"</sheetData>")
            target.writestr(name, content)
    return out.getvalue()


# ---------------------------------------------------------------- chess-results XML

CHESS_RESULTS_SEED = (TESTS / "data" / "published" / "chess_results" / "spring_open_2026.xml").read_text(encoding="utf-8")
_ATTRIBUTE = r'(\b[a-zA-Z_0-9]+)="([^"]*)"'


@st.composite
def chess_results_mutation(draw) -> str:
    """The hand-written chess-results file with one to four mutations: an attribute's value
    replaced by a nasty number or text (escaped as XML would carry it), an element line dropped
    or repeated, the text cut short, or random characters inserted."""
    import re
    from xml.sax.saxutils import escape

    text = CHESS_RESULTS_SEED
    for _ in range(draw(st.integers(1, 4))):
        operation = draw(st.sampled_from(("value", "value", "value", "drop", "repeat", "truncate", "insert")))
        spans = [m.span(2) for m in re.finditer(_ATTRIBUTE, text)]
        if operation == "value" and spans:
            start, end = draw(st.sampled_from(spans))
            text = text[:start] + escape(draw(tokens), {'"': "&quot;"}) + text[end:]
        elif operation in ("drop", "repeat"):
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = [] if operation == "drop" else [lines[i]] * draw(st.integers(2, 3))
            text = "\n".join(lines)
        elif operation == "truncate":
            text = _truncate(draw, text)
        else:
            text = _insert_text(draw, text)
    return text


# ---------------------------------------------------------------- Vega result pages

VEGA_EVENTS = sorted(p.parent for p in (TESTS / "data" / "published" / "vega").rglob("crosstable.html"))


@st.composite
def vega_mutation(draw) -> tuple[Path, str, str]:
    """(a real Vega event folder, the page mutated, its text): one to four mutations of a printed
    number (a nasty number or text in its place), a line dropped or repeated, or the page cut short."""
    import re

    folder = draw(st.sampled_from(VEGA_EVENTS))
    name = draw(st.sampled_from(["crosstable.html", "standings.html"]))
    text = (folder / name).read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 4))):
        operation = draw(st.sampled_from(("number", "number", "text", "drop", "repeat", "truncate")))
        spans = [m.span() for m in re.finditer(r">\s*[0-9½.,]+\s*<", text)]
        if operation in ("number", "text") and spans:
            start, end = draw(st.sampled_from(spans))
            token = draw(st.sampled_from(NASTY_NUMBERS if operation == "number" else NASTY_TEXT))
            text = text[:start + 1] + token + text[end - 1:]
        elif operation in ("drop", "repeat"):
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = [] if operation == "drop" else [lines[i]] * 3
            text = "\n".join(lines)
        elif operation == "truncate":
            text = _truncate(draw, text)
    return folder, name, text
