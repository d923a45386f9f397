"""A small, strict fake of the xlwings Book/Sheets/Sheet/Range subset `rulesengine.excel` calls.

It copies the behaviour of xlwings that matters to an adapter, as seen in xlwings 0.37's remote
engine (the one xlwings Lite runs) and its COM engine:

- **Writes are queued.** Reading a range after writing it returns the value it had when the
  script started; the writes take effect only when the script returns (`book.after_script()`
  shows the sheets as Excel would then). Sheets added with `sheets.add` exist at once but are
  empty to readers.
- **Values come back as Excel holds them:** every number is a float, an empty cell is None.
  Without `.options(ndim=2)` a single cell reads as a scalar and a one-row or one-column range
  as a flat list, as in xlwings.
- **Writes take Excel's types only** (str, int, float, bool, date, datetime, None = empty):
  anything else (a Fraction, a Decimal) raises TypeError, where real xlwings would fail in the
  client. A 2-D write fills the block from the range's top-left cell, as xlwings does.
- The used range is the bounding box of the non-empty cells, so it need not start at A1.

Anything outside the subset raises AttributeError/NotImplementedError rather than pretending.
It runs under CPython and inside Pyodide (no dependencies).
"""

from __future__ import annotations

import re
from datetime import date, datetime

_A1 = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")
_EXCEL_TYPES = (str, int, float, bool, date, datetime)


def _col_number(letters: str) -> int:
    n = 0
    for char in letters.upper():
        n = n * 26 + ord(char) - 64
    return n


def _col_letters(number: int) -> str:
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _parse_a1(text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    first, _, last = text.partition(":")
    cells = []
    for part in (first, last or first):
        match = _A1.match(part.strip())
        if not match:
            raise ValueError(f"fake xlwings: not an A1 address: {text!r}")
        cells.append((int(match[2]), _col_number(match[1])))
    return cells[0], cells[1]


def _held(value):
    """A cell's value as Excel holds it: numbers are floats, "" is empty."""
    if value is None or value == "":
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return value


def _to_excel(value):
    """A value written by a script as Excel stores it (what a later read returns)."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.startswith("'"):
        return value[1:] or None  # Excel's text prefix: the apostrophe is not part of the value
    if isinstance(value, str) and value.startswith("="):
        raise ValueError(f"Excel would take {value!r} for a formula (the engine writes values only)")
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, _EXCEL_TYPES):
        return value
    raise TypeError(f"xlwings cannot write a value of type {type(value).__name__}: {value!r}")


class FakeBook:
    """A workbook open in Excel, as an xlwings script receives it."""

    def __init__(self, sheets: dict[str, list[list]], name: str = "club.xlsx", client: str = "Office.js",
                 charts: dict[str, list[str]] | None = None):
        self.name = name
        self.client = client  # xlwings Lite runs in Office.js; alignment and notes need it
        self.fullname = name
        # Per sheet: its name and the cells when the script started {(row, col): value}, 1-based.
        self._sheets: list[dict] = []
        for sheet_name, rows in sheets.items():
            cells = {}
            for r, row in enumerate(rows, start=1):
                for c, value in enumerate(row, start=1):
                    value = _held(value)
                    if value is not None:
                        cells[(r, c)] = value
            self._sheets.append({"name": sheet_name, "cells": cells,
                                 "charts": [{"name": n} for n in (charts or {}).get(sheet_name, [])]})
        self.actions: list[dict] = []  # queued, in order; like book.json()["actions"] of xlwings
        self.reads: list[tuple[str, str]] = []  # (sheet, address) of every value read
        self.reads_after_writes: list[tuple[str, str]] = []  # reads that came after a queued action
        self.app = FakeApp(self)

    @property
    def sheets(self) -> "FakeSheets":
        return FakeSheets(self)

    def json(self):
        return {"actions": list(self.actions)}

    # --------------------------------------------------------------- for tests

    def after_script(self) -> dict[str, list[list]]:
        """Every sheet as Excel shows it once the queued actions ran: rows from A1, trimmed."""
        state = {entry["name"]: dict(entry["cells"]) for entry in self._sheets_at_start()}
        order = [entry["name"] for entry in self._sheets_at_start()]
        for action in self.actions:
            func = action["func"]
            if func == "addSheet":
                position, name = action["args"]
                order.insert(position, name)
                state[name] = {}
                continue
            if func == "alert":
                continue
            cells = state[action["sheet"]]
            if func in ("sheetClearContents", "sheetClear"):
                cells.clear()
                continue
            if func in FORMAT_ACTIONS:
                continue
            r0, c0 = action["start_row"] + 1, action["start_column"] + 1
            if func == "rangeClearContents":
                for r in range(r0, r0 + action["row_count"]):
                    for c in range(c0, c0 + action["column_count"]):
                        cells.pop((r, c), None)
            elif func == "setValues":
                for dr, row in enumerate(action["values"]):
                    for dc, value in enumerate(row):
                        if value is None:
                            cells.pop((r0 + dr, c0 + dc), None)
                        else:
                            cells[(r0 + dr, c0 + dc)] = value
            else:  # pragma: no cover - only actions this fake emits
                raise AssertionError(func)
        return {name: _rows(state[name]) for name in order}

    def _sheets_at_start(self) -> list[dict]:
        return [entry for entry in self._sheets if not entry.get("added")]


def _rows(cells: dict) -> list[list]:
    if not cells:
        return []
    height = max(r for r, _ in cells)
    width = max(c for _, c in cells)
    return [[cells.get((r, c)) for c in range(1, width + 1)] for r in range(1, height + 1)]


# Actions that change how cells look, not their values (xlwings 0.37 remote engine names).
FORMAT_ACTIONS = {"setFontProperty", "setRangeColor", "setNumberFormat", "setWrapText", "setHorizontalAlignment",
                  "setVerticalAlignment", "setBorderProperty", "setColumnWidth", "setRowHeight", "rangeMerge",
                  "freezePaneAtRange", "addNote", "addChart", "setChartXAxisValues", "deleteChart"}


class FakeApp:
    def __init__(self, book: FakeBook):
        self._book = book
        self.alerts: list[dict] = []

    def alert(self, prompt, title=None, buttons="ok", mode=None, callback=None):
        self.alerts.append({"prompt": prompt, "title": title})
        self._book.actions.append({"func": "alert", "args": [prompt, title]})


class FakeSheets:
    def __init__(self, book: FakeBook):
        self._book = book

    def _entries(self) -> list[dict]:
        return self._book._sheets

    def __len__(self) -> int:
        return len(self._entries())

    def __iter__(self):
        for index in range(len(self)):
            yield FakeSheet(self._book, self._entries()[index])

    def __getitem__(self, key) -> "FakeSheet":
        entries = self._entries()
        if isinstance(key, int):
            return FakeSheet(self._book, entries[key])  # 0-based, negative allowed, like xlwings
        for entry in entries:
            if entry["name"].casefold() == str(key).casefold():  # Excel sheet names ignore case
                return FakeSheet(self._book, entry)
        raise KeyError(f"Sheet '{key}' doesn't exist!")

    def __call__(self, key) -> "FakeSheet":
        return self[key - 1] if isinstance(key, int) else self[key]  # 1-based, like xlwings

    @property
    def names(self) -> list[str]:
        return [entry["name"] for entry in self._entries()]

    def add(self, name=None, before=None, after=None) -> "FakeSheet":
        if name is None:
            raise NotImplementedError("fake xlwings: give the new sheet a name")
        if any(entry["name"].casefold() == name.casefold() for entry in self._entries()):
            raise ValueError(f"a sheet named {name!r} already exists")
        entries = self._entries()
        if before is not None:
            position = entries.index(before._entry)
        elif after is not None:
            position = entries.index(after._entry) + 1
        else:
            position = len(entries)
        entry = {"name": name, "cells": {}, "added": True, "charts": []}
        entries.insert(position, entry)
        self._book.actions.append({"func": "addSheet", "args": [position, name]})
        return FakeSheet(self._book, entry)


class FakeSheet:
    def __init__(self, book: FakeBook, entry: dict):
        self.book = book
        self._entry = entry

    def __eq__(self, other) -> bool:
        return isinstance(other, FakeSheet) and other._entry is self._entry

    def __hash__(self) -> int:
        return id(self._entry)

    @property
    def name(self) -> str:
        return self._entry["name"]

    @property
    def index(self) -> int:
        return self.book._sheets.index(self._entry) + 1  # 1-based, like xlwings

    def range(self, cell1, cell2=None) -> "FakeRange":
        if isinstance(cell1, str):
            if cell2 is not None:
                raise NotImplementedError("fake xlwings: range('A1', 'B2'); use range('A1:B2')")
            first, last = _parse_a1(cell1)
        else:
            first = tuple(cell1)
            last = tuple(cell2) if cell2 is not None else first
        if len(first) != 2 or len(last) != 2 or min(*first, *last) < 1:
            raise ValueError(f"fake xlwings: bad range {cell1!r}, {cell2!r}")
        top, bottom = sorted((first[0], last[0]))
        left, right = sorted((first[1], last[1]))
        return FakeRange(self, top, left, bottom, right)

    def __getitem__(self, address: str) -> "FakeRange":
        return self.range(address)

    @property
    def used_range(self) -> "FakeRange":
        cells = self._entry["cells"]
        if not cells:
            return self.range((1, 1))  # Excel reports A1 for an empty sheet
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        return self.range((min(rows), min(cols)), (max(rows), max(cols)))

    def clear_contents(self) -> None:
        """Empty every cell of the sheet (queued, like every write)."""
        self.book.actions.append({"func": "sheetClearContents", "sheet": self.name})

    def clear(self) -> None:
        """Empty every cell of the sheet and drop its cell formats (queued)."""
        self.book.actions.append({"func": "sheetClear", "sheet": self.name})

    @property
    def cells(self):
        raise NotImplementedError("fake xlwings: sheet.cells is outside the subset rulesengine.excel uses")

    @property
    def freeze_panes(self) -> "FakeFreezePanes":
        return FakeFreezePanes(self)

    @property
    def charts(self) -> "FakeCharts":
        return FakeCharts(self)


class FakeRange:
    def __init__(self, sheet: FakeSheet, top: int, left: int, bottom: int, right: int, ndim: int | None = None):
        self.sheet = sheet
        self._box = (top, left, bottom, right)
        self._ndim = ndim

    @property
    def row(self) -> int:
        return self._box[0]

    @property
    def column(self) -> int:
        return self._box[1]

    @property
    def shape(self) -> tuple[int, int]:
        top, left, bottom, right = self._box
        return bottom - top + 1, right - left + 1

    @property
    def last_cell(self) -> "FakeRange":
        _, _, bottom, right = self._box
        return FakeRange(self.sheet, bottom, right, bottom, right)

    @property
    def address(self) -> str:
        top, left, bottom, right = self._box
        first = f"${_col_letters(left)}${top}"
        return first if (top, left) == (bottom, right) else f"{first}:${_col_letters(right)}${bottom}"

    def resize(self, row_size: int | None = None, column_size: int | None = None) -> "FakeRange":
        top, left, bottom, right = self._box
        rows = row_size if row_size is not None else bottom - top + 1
        cols = column_size if column_size is not None else right - left + 1
        if rows < 1 or cols < 1:
            raise ValueError("fake xlwings: resize to an empty range")
        return FakeRange(self.sheet, top, left, top + rows - 1, left + cols - 1, self._ndim)

    def options(self, ndim=None, **other):
        if other:
            raise NotImplementedError(f"fake xlwings: options {sorted(other)} are outside the subset")
        if ndim not in (None, 1, 2):
            raise ValueError("ndim must be 1 or 2")
        top, left, bottom, right = self._box
        return FakeRange(self.sheet, top, left, bottom, right, ndim)

    # ------------------------------------------------------------------ values

    @property
    def value(self):
        top, left, bottom, right = self._box
        book = self.sheet.book
        book.reads.append((self.sheet.name, self.address))
        if book.actions:
            book.reads_after_writes.append((self.sheet.name, self.address))
        # Always the cells as they were when the script started: queued writes are invisible.
        cells = self.sheet._entry["cells"] if not self.sheet._entry.get("added") else {}
        block = [[cells.get((r, c)) for c in range(left, right + 1)] for r in range(top, bottom + 1)]
        if self._ndim == 2:
            return block
        if len(block) == 1 and len(block[0]) == 1 and self._ndim is None:
            return block[0][0]
        if len(block) == 1:
            return block[0]
        if all(len(row) == 1 for row in block):
            return [row[0] for row in block]
        if self._ndim == 1:
            raise ValueError("ndim=1 on a 2-D range")
        return block

    @value.setter
    def value(self, data) -> None:
        top, left, bottom, right = self._box
        if isinstance(data, (list, tuple)):
            rows = [list(r) for r in data] if data and isinstance(data[0], (list, tuple)) else [list(data)]
            if any(isinstance(v, (list, tuple)) for row in rows for v in row):
                raise TypeError("fake xlwings: nested lists beyond two dimensions")
            if len({len(row) for row in rows}) > 1:
                raise ValueError("fake xlwings: rows of a 2-D write must all have the same length")
        else:
            height, width = self.shape
            rows = [[data] * width for _ in range(height)]
        values = [[_to_excel(v) for v in row] for row in rows]
        if not values or not values[0]:
            return
        self.sheet.book.actions.append({
            "func": "setValues", "sheet": self.sheet.name, "start_row": top - 1, "start_column": left - 1,
            "row_count": len(values), "column_count": len(values[0]), "values": values,
        })

    @property
    def font(self) -> "FakeFont":
        return FakeFont(self)

    def _format(self, func: str, args) -> None:
        """Queue a format action on this range, as xlwings' remote engine does."""
        top, left, _, _ = self._box
        height, width = self.shape
        self.sheet.book.actions.append({"func": func, "args": args, "sheet": self.sheet.name, "start_row": top - 1,
                                        "start_column": left - 1, "row_count": height, "column_count": width})

    def _write_only(name):  # noqa: N805 - a property factory: xlwings Lite cannot read these synchronously
        def fail(self):
            raise NotImplementedError(f"fake xlwings: reading {name} synchronously isn't supported")
        return fail

    def _office_js(self, what: str) -> None:
        if self.sheet.book.client != "Office.js":
            raise NotImplementedError(f"Range.{what} is only supported with Office.js clients")

    color = property(_write_only("color"), lambda self, value: self._format("setRangeColor", _hex(value)))
    number_format = property(_write_only("number_format"), lambda self, value: self._format("setNumberFormat", value))
    wrap_text = property(_write_only("wrap_text"), lambda self, value: self._format("setWrapText", bool(value)))
    row_height = property(_write_only("row_height"), lambda self, value: self._format("setRowHeight", value))

    @property
    def column_width(self):
        raise NotImplementedError("fake xlwings: reading column_width synchronously isn't supported")

    @column_width.setter
    def column_width(self, value) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise ValueError("column_width must be a non-negative number.")
        self._format("setColumnWidth", value)

    @property
    def horizontal_alignment(self):
        raise NotImplementedError("fake xlwings: reading alignment synchronously isn't supported")

    @horizontal_alignment.setter
    def horizontal_alignment(self, value: str) -> None:
        self._office_js("horizontal_alignment")
        if value not in ("left", "center", "right", "general", "justify", "distributed", "fill",
                         "center_across_selection"):
            raise KeyError(value)
        self._format("setHorizontalAlignment", value)

    @property
    def vertical_alignment(self):
        raise NotImplementedError("fake xlwings: reading alignment synchronously isn't supported")

    @vertical_alignment.setter
    def vertical_alignment(self, value: str) -> None:
        self._office_js("vertical_alignment")
        if value not in ("top", "center", "bottom", "justify", "distributed"):
            raise KeyError(value)
        self._format("setVerticalAlignment", value)

    @property
    def borders(self) -> "FakeBorders":
        return FakeBorders(self)

    def merge(self, across: bool = False) -> None:
        self._format("rangeMerge", bool(across))

    def add_note(self, text: str) -> None:
        self._office_js("add_note")
        if self.shape != (1, 1):
            raise ValueError("fake xlwings: a note belongs to a single cell")
        self._format("addNote", [self.address, text])

    def clear_contents(self) -> None:
        top, left, _, _ = self._box
        height, width = self.shape
        self.sheet.book.actions.append({
            "func": "rangeClearContents", "sheet": self.sheet.name, "start_row": top - 1, "start_column": left - 1,
            "row_count": height, "column_count": width,
        })


def _hex(value) -> str:
    if isinstance(value, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", value):
        return value.upper()
    if isinstance(value, tuple) and len(value) == 3:
        return "#" + "".join(f"{v:02X}" for v in value)
    raise ValueError(f"fake xlwings: not a colour: {value!r}")


class FakeBorders:
    SIDES = ("edge_top", "edge_bottom", "edge_left", "edge_right", "inside_horizontal", "inside_vertical",
             "diagonal_down", "diagonal_up")

    def __init__(self, rng: FakeRange):
        self._range = rng

    def __getitem__(self, side: str) -> "FakeBorder":
        if side not in self.SIDES:
            raise KeyError(side)
        return FakeBorder(self._range, side)


class FakeBorder:
    def __init__(self, rng: FakeRange, side: str):
        self._range, self._side = rng, side

    @property
    def line_style(self):
        raise NotImplementedError("fake xlwings: reading borders synchronously isn't supported")

    @line_style.setter
    def line_style(self, value) -> None:
        if value not in (None, "continuous", "dash", "dash_dot", "dash_dot_dot", "dot", "double", "slant_dash_dot"):
            raise ValueError(value)
        self._range._format("setBorderProperty", [self._side, "line_style", value])


class FakeFreezePanes:
    def __init__(self, sheet: FakeSheet):
        self._sheet = sheet

    def freeze_at(self, frozen_range) -> None:
        address = frozen_range.address if isinstance(frozen_range, FakeRange) else str(frozen_range)
        self._sheet.book.actions.append({"func": "freezePaneAtRange", "args": [address], "sheet": self._sheet.name})


class FakeCharts:
    """Charts.add as in xlwings' remote engine: the chart is created with its first source data."""

    TYPES = ("line", "line_markers", "column_clustered", "bar_clustered", "xy_scatter")

    def __init__(self, sheet: FakeSheet):
        self._sheet = sheet

    def __iter__(self):
        """The sheet's charts as the payload lists them (charts added by this script included)."""
        return iter([FakeChart(self._sheet, None, api) for api in self._sheet._entry["charts"]])

    def __len__(self) -> int:
        return len(self._sheet._entry["charts"])

    def add(self, left=0, top=0, width=355, height=211, chart_type=None, source=None, plot_by=None, name=None,
            anchor=None, style=227) -> "FakeChart":
        if (chart_type or "column_clustered") not in self.TYPES:
            raise ValueError(f"Invalid chart type: {chart_type!r}")
        chart = FakeChart(self._sheet, {"chart_type": chart_type or "column_clustered", "width": width, "name": name,
                                        "height": height, "anchor": anchor.address if anchor is not None else None})
        if source is not None:
            chart.set_source_data(source, plot_by)
        return chart


class FakeChart:
    def __init__(self, sheet: FakeSheet, pending: dict | None, api: dict | None = None):
        self._sheet, self._pending, self._later, self._api = sheet, pending, [], api

    @property
    def name(self) -> str:
        return (self._api or self._pending)["name"]

    def delete(self) -> None:
        if self._pending is not None:
            self._pending = None  # never created in Excel
            return
        charts = self._sheet._entry["charts"]
        index = next(i for i, api in enumerate(charts) if api is self._api)
        del charts[index]
        self._sheet.book.actions.append({"func": "deleteChart", "sheet": self._sheet.name, "args": [index]})

    def set_source_data(self, rng: FakeRange, plot_by=None) -> None:
        if plot_by not in (None, "rows", "columns"):
            raise ValueError(plot_by)
        self._sheet.book.actions.append({"func": "addChart", "sheet": self._sheet.name,
                                         "args": [self._pending["chart_type"], rng.address, plot_by,
                                                  self._pending["anchor"]]})
        self._api = {"name": self._pending["name"] or f"Chart {len(self._sheet._entry['charts']) + 1}"}
        self._sheet._entry["charts"].append(self._api)
        self._pending = None
        for action in self._later:
            self._sheet.book.actions.append(action)

    def set_x_axis_values(self, rng: FakeRange) -> None:
        action = {"func": "setChartXAxisValues", "sheet": self._sheet.name, "args": [rng.address]}
        (self._later.append if self._pending is not None else self._sheet.book.actions.append)(action)


class FakeFont:
    def __init__(self, rng: FakeRange):
        self._range = rng

    @property
    def bold(self):
        raise NotImplementedError("fake xlwings: reading fonts is outside the subset")

    @bold.setter
    def bold(self, value: bool) -> None:
        self._range._format("setFontProperty", ["bold", bool(value)])

    italic = property(bold.fget, lambda self, value: self._range._format("setFontProperty", ["italic", bool(value)]))
    size = property(bold.fget, lambda self, value: self._range._format("setFontProperty", ["size", value]))
