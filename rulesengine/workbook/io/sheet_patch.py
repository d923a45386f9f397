"""Type values into a few cells of a worksheet part, leaving every other byte of it as it was.

    data = patch_cells(sheet_xml, {"H5": 4, "I5": "w", "J5": 1})

The one place the engine writes into a sheet the TD owns is the fold-in of a round's results
(workbook.fold_results). The sheet is not rewritten: in `<sheetData>` (ECMA-376 Part 1, 18.3.1.80)
each target `<c>` element is replaced (keeping its style `s`), or inserted at its place in its
`<row>` (cells in column order, 18.3.1.73), or the row is inserted at its place among the rows;
a row's `spans` hint and the sheet's `<dimension>` are widened when a cell falls outside them.
Text is written as an inline string (`t="inlineStr"`, as openpyxl writes text), numbers as `<v>`.

A target cell holding a formula keeps its formula and loses only its cached value (`<v>`), so
Excel and LibreOffice compute it afresh on opening (a TD's `=SUM(...)` in the Pts column): the
engine never writes over a formula.

What this does not patch raises PatchUnsupported (the caller then takes the openpyxl route):
namespace-prefixed sheet XML, rows or cells without their `r` address.
"""

from __future__ import annotations

import re
from typing import Mapping
from xml.sax.saxutils import escape

from rulesengine.grid import CellValue, cell_address, column_letter, parse_address

__all__ = ["PatchUnsupported", "patch_cells"]


class PatchUnsupported(Exception):
    """The sheet part is shaped in a way this patcher does not edit (the message says how)."""


_SHEET_DATA = re.compile(rb"<sheetData\s*/>|<sheetData\b[^>]*>(.*?)</sheetData>", re.DOTALL)
_ROW = re.compile(rb"<row\b[^>]*?(?:/>|>.*?</row>)", re.DOTALL)
_CELL = re.compile(rb"<c\b[^>]*?(?:/>|>.*?</c>)", re.DOTALL)
_ATTR_R = re.compile(rb'\sr="([^"]*)"')
_ATTR_S = re.compile(rb'\ss="(\d+)"')
_SPANS = re.compile(rb'\sspans="(\d+):(\d+)"')
_DIMENSION = re.compile(rb'<dimension\b[^>]*\sref="([^"]*)"[^>]*/>')
_FORMULA = re.compile(rb"<f[\s>/]")
_CACHED = re.compile(rb"<v>.*?</v>|<v\s*/>", re.DOTALL)
_TYPE = re.compile(rb'\st="[^"]*"')


def patch_cells(data: bytes, cells: Mapping[str, CellValue]) -> bytes:
    """The sheet part `data` with each A1 address of `cells` holding its value (text or number)."""
    if not cells:
        return data
    if b"<worksheet" not in data[:400] or b"<sheetData" not in data:
        raise PatchUnsupported("worksheet part with a namespace prefix or without sheetData")
    match = _SHEET_DATA.search(data)
    if match is None:
        raise PatchUnsupported("sheetData element not found")
    body = match.group(1) or b""
    by_row: dict[int, dict[int, CellValue]] = {}
    for address, value in cells.items():
        r, c = parse_address(address)
        by_row.setdefault(r + 1, {})[c] = value
    rows = list(_rows(body))
    pieces: list[bytes] = []
    at = 0
    pending = sorted(by_row)
    for number, start, end, xml in rows:
        while pending and pending[0] < number:   # a new row goes before the first row below it
            pieces.append(body[at:start])
            at = start
            new = pending.pop(0)
            pieces.append(_new_row(new, by_row[new]))
        if pending and pending[0] == number:
            pending.pop(0)
            pieces.append(body[at:start])
            pieces.append(_patch_row(xml, number, by_row[number]))
            at = end
    pieces.append(body[at:])
    pieces.extend(_new_row(n, by_row[n]) for n in pending)
    new_body = b"".join(pieces)
    out = data[:match.start()] + b"<sheetData>" + new_body + b"</sheetData>" + data[match.end():]
    return _widen_dimension(out, cells)


def _rows(body: bytes):
    """(row number, start, end, xml) of each `<row>` of sheetData, in document order."""
    last = 0
    for match in _ROW.finditer(body):
        head = match.group(0)[:match.group(0).find(b">") + 1]
        r = _ATTR_R.search(head)
        if r is None:
            raise PatchUnsupported("a row without its r attribute")
        number = int(r.group(1))
        if number <= last:
            raise PatchUnsupported("rows out of order")
        last = number
        yield number, match.start(), match.end(), match.group(0)


def _cell_xml(address: str, value: CellValue, style: bytes = b"") -> bytes:
    s = b' s="' + style + b'"' if style else b""
    ref = address.encode()
    if isinstance(value, bool):
        return b'<c r="' + ref + b'"' + s + b' t="b"><v>' + (b"1" if value else b"0") + b"</v></c>"
    if isinstance(value, (int, float)):
        return b'<c r="' + ref + b'"' + s + b"><v>" + repr(value).encode() + b"</v></c>"
    text = str(value)
    space = b' xml:space="preserve"' if text != text.strip() else b""
    return (b'<c r="' + ref + b'"' + s + b' t="inlineStr"><is><t' + space + b">"
            + escape(text).encode("utf-8") + b"</t></is></c>")


def _patch_row(xml: bytes, number: int, values: Mapping[int, CellValue]) -> bytes:
    close = xml.find(b">")
    head = xml[:close + 1]
    if head.endswith(b"/>"):
        head, inner, tail = head[:-2] + b">", b"", b"</row>"
    else:
        inner, tail = xml[close + 1:-len(b"</row>")], b"</row>"
    cells = []
    for match in _CELL.finditer(inner):
        r = _ATTR_R.search(match.group(0)[:match.group(0).find(b">") + 1])
        if r is None:
            raise PatchUnsupported(f"a cell without its r attribute in row {number}")
        cells.append((parse_address(r.group(1).decode())[1], match.start(), match.end(), match.group(0)))
    pieces, at = [], 0
    todo = sorted(values)
    for col, start, end, cell in cells:
        while todo and todo[0] < col:
            pieces.append(inner[at:start])
            at = start
            c = todo.pop(0)
            pieces.append(_cell_xml(cell_address(number - 1, c), values[c]))
        if todo and todo[0] == col:
            todo.pop(0)
            if _FORMULA.search(cell):
                pieces.append(inner[at:start])
                pieces.append(_without_cached_value(cell))
                at = end
                continue
            style = _ATTR_S.search(cell[:cell.find(b">") + 1])
            pieces.append(inner[at:start])
            pieces.append(_cell_xml(cell_address(number - 1, col), values[col], style.group(1) if style else b""))
            at = end
    pieces.append(inner[at:])
    pieces.extend(_cell_xml(cell_address(number - 1, c), values[c]) for c in todo)
    spans = _SPANS.search(head)
    if spans is not None:
        low = min(int(spans.group(1)), min(values) + 1)
        high = max(int(spans.group(2)), max(values) + 1)
        head = head[:spans.start()] + f' spans="{low}:{high}"'.encode() + head[spans.end():]
    return head + b"".join(pieces) + tail


def _without_cached_value(cell: bytes) -> bytes:
    """A formula cell with its cached value (and the value's type) removed: computed on opening."""
    head_end = cell.find(b">")
    head = _TYPE.sub(b"", cell[:head_end])
    return head + _CACHED.sub(b"", cell[head_end:])


def _new_row(number: int, values: Mapping[int, CellValue]) -> bytes:
    return (f'<row r="{number}">'.encode()
            + b"".join(_cell_xml(cell_address(number - 1, c), values[c]) for c in sorted(values)) + b"</row>")


def _widen_dimension(data: bytes, cells: Mapping[str, CellValue]) -> bytes:
    match = _DIMENSION.search(data)
    if match is None:
        return data
    ref = match.group(1).decode()
    first, _, last = ref.partition(":")
    try:
        r0, c0 = parse_address(first)
        r1, c1 = parse_address(last or first)
    except ValueError:
        return data
    for address in cells:
        r, c = parse_address(address)
        r0, c0, r1, c1 = min(r0, r), min(c0, c), max(r1, r), max(c1, c)
    new = f"{column_letter(c0)}{r0 + 1}:{column_letter(c1)}{r1 + 1}"
    if new == ref:
        return data
    element = match.group(0)
    start = match.start(1) - match.start(0)
    element = element[:start] + new.encode() + element[start + len(match.group(1)):]
    return data[:match.start()] + element + data[match.end():]
