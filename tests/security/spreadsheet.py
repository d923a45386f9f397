"""CSV read as LibreOffice Calc and Excel read it, to find the cells they would take as formulas.

A row ends at a CR LF, a bare CR or a bare LF outside quotes; a field in double quotes may hold
anything (`""` is a quote). A cell is a formula when it starts with = + - @ (Excel also runs one
after a tab or CR at the start); a number such as -0.5 is a value. A line inside a quoted cell
that starts so is counted too: a reader splitting there would find a formula.
"""

from __future__ import annotations

import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_LINE_BREAK = re.compile(r"\r\n?|\n")


def spreadsheet_rows(text: str) -> list[list[tuple[str, bool]]]:
    """Each row's cells as (value, quoted)."""
    rows: list[list[tuple[str, bool]]] = []
    row: list[tuple[str, bool]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] == '"':
            value, i = _quoted(text, i + 1)
            quoted = True
        else:
            start = i
            while i < n and text[i] not in ',\r\n':
                i += 1
            value, quoted = text[start:i], False
        row.append((value, quoted))
        if i < n and text[i] == ",":
            i += 1
            continue
        if text.startswith("\r\n", i):
            i += 2
        elif i < n:
            i += 1
        rows.append(row)
        row = []
    if row:
        rows.append(row)
    return rows


def _quoted(text: str, i: int) -> tuple[str, int]:
    parts = []
    while i < len(text):
        end = text.find('"', i)
        if end < 0:
            return "".join(parts) + text[i:], len(text)
        parts.append(text[i:end])
        if text.startswith('""', end):
            parts.append('"')
            i = end + 2
        else:
            i = end + 1
            while i < len(text) and text[i] not in ',\r\n':   # text after the closing quote
                parts.append(text[i])
                i += 1
            return "".join(parts), i
    return "".join(parts), i


def formulas(text: str) -> list[str]:
    """Every cell, and every line inside a quoted cell, a spreadsheet would take as a formula."""
    found = []
    for row in spreadsheet_rows(text):
        for value, quoted in row:
            pieces = _LINE_BREAK.split(value) if quoted else [value]
            if value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
                found.append(value)
            found += [line for line in pieces[1:] if line.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(line)]
    return found
