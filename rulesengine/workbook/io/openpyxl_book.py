"""The openpyxl adapter: open a workbook safely, read sheets as grids, apply sheet writes.

It knows openpyxl and the engine's write vocabulary (`workbook.plan`, `workbook.look`), nothing
of the recalculation: the route that reads, computes and saves is `workbook.route`.
"""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path
from typing import Iterable, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.grid import CellValue, Grid, MergedRange, cell_address, column_letter, parse_address
from rulesengine.workbook.look import (CellFormat, formatted_cells, landscape, look_of, merge_span, row_heights,
                                       merged_rows)
from rulesengine.workbook.io.package import DEFAULT_LIMITS, Limits, PackageInfo, inspect_package, shown
from rulesengine.workbook.plan import CLEAR_SHEET, LineChart, SheetWrite, is_cell_patch
from rulesengine.workbook.look.paper import (MARGIN_HEADER, MARGIN_SIDE, MARGIN_TOP_BOTTOM, ROW_HEIGHT,
                                               book_paper)

MACRO_SUFFIXES = (".xlsm", ".xltm")
# Characters XML 1.0 cannot hold (openpyxl refuses them with IllegalCharacterError).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm")


def _defused() -> bool:
    try:
        import defusedxml  # noqa: F401
        from openpyxl.xml import DEFUSEDXML
    except ImportError:
        return False
    return bool(DEFUSEDXML)


def check_workbook_path(path: Path, exists: bool = True) -> None:
    """Refuse what is not an existing .xlsx/.xlsm workbook (`exists` False: its bytes are already
    read), or XML parsing without protection."""
    where = Location(str(path))
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(Problem(where, f"not an Excel workbook: expected {', '.join(SUFFIXES)} "
                                        f"(save .xls / .ods files as .xlsx first)"))
    if exists and not path.exists():
        raise InputError(Problem(where, "no such file"))
    if not _defused():
        raise InputError(Problem(where, "refused: openpyxl's XML protection (defusedxml) is missing or "
                                        "switched off (OPENPYXL_DEFUSEDXML); install defusedxml"))


def load_workbook(path: str | Path, limits: Limits = DEFAULT_LIMITS, read_only: bool = False,
                  info: PackageInfo | None = None, data: bytes | None = None):
    """(workbook, package info, openpyxl warnings) after the package passed `inspect_package`.

    `info` is the inspection already made of this file (it is not repeated); `data` the file's
    bytes, already read (`path` then names it only).
    """
    import openpyxl

    path = Path(path)
    where = Location(str(path))
    check_workbook_path(path, exists=data is None)
    info = info or inspect_package(path, limits, data=data)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            wb = openpyxl.load_workbook(path if data is None else io.BytesIO(data), read_only=read_only, keep_vba=path.suffix.lower() in MACRO_SUFFIXES,
                                        rich_text=info.rich_text and not read_only)
        except Exception as exc:  # openpyxl raises many kinds for a broken file; the TD needs one line
            name = type(exc).__name__
            reason = ("it declares XML entities (refused)" if "Forbidden" in name or "Entities" in name
                      else shown(" ".join(str(exc).split()), 120))   # openpyxl's own text has line breaks
            raise InputError(Problem(where, f"cannot read the workbook: {reason}")) from None
    notes = [str(w.message) for w in caught if _lossy(str(w.message))]
    return wb, info, notes


def _lossy(message: str) -> bool:
    text = message.lower()
    return "will be removed" in text or "will be lost" in text or "not supported" in text


def sheet_grid(ws, limits: Limits = DEFAULT_LIMITS) -> Grid:
    """A worksheet's values as a Grid (trailing empty cells trimmed; merged blocks kept)."""
    where = Location(sheet=ws.title, cell="A1")
    max_row = ws.max_row or 0
    if max_row > limits.max_rows:
        raise InputError(Problem(where, f"refused: the sheet has {max_row:,} rows (limit {limits.max_rows:,})"))
    max_col = ws.max_column or 0
    if max_row * max_col > limits.max_cells:
        from openpyxl.utils import get_column_letter
        far = f"{get_column_letter(max_col)}{max_row}"
        raise InputError(Problem(Location(sheet=ws.title, cell=far),
                                 f"refused: the sheet reaches {far}, {max_row * max_col:,} cells to read "
                                 f"(limit {limits.max_cells:,}); delete what is in the far cells"))
    rows: list[list[CellValue]] = []
    for values in ws.iter_rows(values_only=True):
        row = list(values)
        if "" in row:  # an empty string is an empty cell, as the xlwings and calamine routes read it
            row = [None if v == "" else v for v in row]
        while row and row[-1] is None:
            row.pop()
        rows.append(row)
    while rows and not rows[-1]:
        rows.pop()
    merged = sorted_merges(MergedRange(r.min_row - 1, r.min_col - 1, r.max_row - 1, r.max_col - 1)
                           for r in getattr(ws, "merged_cells", ()).ranges) if hasattr(ws, "merged_cells") else ()
    return Grid(ws.title, rows, merged)


def sorted_merges(blocks: Iterable[MergedRange]) -> tuple[MergedRange, ...]:
    """Merged blocks top to bottom, left to right: one order whichever reader found them."""
    return tuple(sorted(blocks, key=lambda m: (m.first_row, m.first_col, m.last_row, m.last_col)))


def read_grids(wb, names: Iterable[str], limits: Limits = DEFAULT_LIMITS) -> dict[str, Grid]:
    return {name: sheet_grid(wb[name], limits) for name in names if name in wb.sheetnames}


def apply_writes(wb, writes: Sequence[SheetWrite]) -> None:
    """Apply SheetWrites in order, each with its look.

    A write that clears the whole sheet (CLEAR_SHEET) replaces an existing sheet by a new one at
    the same tab position: last run's cell formats, widths, notes and chart go with it, as the
    graft writer replaces the sheet's part.
    """
    styles = CellStyles()
    written = {w.sheet for w in writes}
    paper = book_paper([ws.page_setup.paperSize for ws in wb.worksheets if ws.title not in written]
                       or [wb[name].page_setup.paperSize for name in written if name in wb.sheetnames])
    for write in writes:
        if write.sheet not in wb.sheetnames:
            ws = wb.create_sheet(write.sheet)
        elif write.clear == CLEAR_SHEET:
            index = wb.sheetnames.index(write.sheet)
            wb.remove(wb[write.sheet])
            ws = wb.create_sheet(write.sheet, index)
        else:
            ws = wb[write.sheet]
            if write.clear:
                for row in ws[write.clear]:
                    for cell in (row if isinstance(row, tuple) else (row,)):
                        cell.value = None
        write_values(ws, write, styles, paper)


class CellStyles:
    """openpyxl style arrays per CellFormat, built once per workbook and copied onto each cell.

    Assigning font, fill, border, alignment and number format one by one costs five look-ups
    per cell; copying a ready style array costs one.
    """

    def __init__(self):
        self._arrays: dict[tuple[CellFormat, str | None], object] = {}

    def apply(self, cell, fmt: CellFormat) -> None:
        from copy import copy

        key = (fmt, None if fmt.number_format else cell.number_format)  # a date keeps openpyxl's date format
        ready = self._arrays.get(key)
        if ready is not None:
            cell._style = copy(ready)
            return
        from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

        base = cell.parent.parent._fonts[0]  # the workbook's default font: keep its face and size
        cell.font = Font(name=base.name, family=base.family, scheme=base.scheme, color=base.color,
                         size=fmt.size or base.size, bold=fmt.bold, italic=fmt.italic)
        if fmt.fill:
            cell.fill = PatternFill("solid", fgColor=fmt.fill)
        if fmt.rule_below:
            cell.border = Border(bottom=Side(style="thin"))
        if fmt.horizontal or fmt.wrap or fmt.vertical:
            cell.alignment = Alignment(horizontal=fmt.horizontal, vertical=fmt.vertical, wrap_text=fmt.wrap or None)
        if fmt.number_format:
            cell.number_format = fmt.number_format
        self._arrays[key] = copy(cell._style)


def write_values(ws, write: SheetWrite, styles: CellStyles, paper_size: int | None = None) -> None:
    """One SheetWrite onto a worksheet: values, then every field of its look (plan.SheetLook)."""
    top, left = parse_address(write.top_left)
    patch = is_cell_patch(write)
    for i, values in enumerate(write.rows):
        for j, value in enumerate(values):
            if value is None or value == "":
                continue
            if patch:
                held = ws.cell(row=top + i + 1, column=left + j + 1).value
                if isinstance(held, str) and held.startswith("="):
                    continue   # a TD's formula (a Pts =SUM): never written over; computed on opening
            if isinstance(value, str) and _CONTROL.search(value):
                value = escaped_controls(value)
            cell = ws.cell(row=top + i + 1, column=left + j + 1, value=value)
            if isinstance(value, str) and value.startswith("="):
                cell.data_type = "s"  # text that looks like a formula stays text
    if not write.rows or patch:
        return  # cells typed into a TD's own sheet (a fold-in): values only, the sheet's look is the TD's
    for r, c, fmt in formatted_cells(write):
        styles.apply(ws.cell(row=top + r + 1, column=left + c + 1), fmt)
    apply_layout(ws, write, paper_size)


def escaped_controls(text: str) -> str:
    """Control characters as OOXML writes them in a string (`_x001B_`, ECMA-376 Part 1, 22.9.2.19
    ST_Xstring): a name read from `_x001B_...` in the crosstable is written back as it was, and
    Excel shows it as the crosstable shows it."""
    return _CONTROL.sub(lambda m: f"_x{ord(m.group()):04X}_", text)


def apply_layout(ws, write: SheetWrite, paper_size: int | None = None) -> None:
    """Widths, merges, freeze, print setup, notes and charts of the write's look (not the cells' formats).

    `paper_size` is the workbook's own paper (ECMA-376 pageSetup/@paperSize, the TD's sheets');
    None leaves it to the spreadsheet program (the locale's paper). The page is laid out for A4 and
    Letter alike (look.paper): margins as it assumes, rows of its height.
    """
    if not write.rows:
        return
    top, left = parse_address(write.top_left)
    from openpyxl.comments import Comment
    from openpyxl.worksheet.pagebreak import Break
    from openpyxl.worksheet.page import PageMargins
    from openpyxl.worksheet.properties import PageSetupProperties

    look = look_of(write)
    for c, width in look.column_widths.items():
        ws.column_dimensions[column_letter(left + c)].width = width
    span = merge_span(write, 0)
    for r in merged_rows(write):
        ws.merge_cells(start_row=top + r + 1, start_column=left + 1, end_row=top + r + 1, end_column=left + span)
    # Every row's height is set (the default one for the sheet), so each program prints the same
    # rows on a page: Excel's default row is 15 points, LibreOffice's 12.8.
    ws.sheet_format.defaultRowHeight = ROW_HEIGHT
    ws.sheet_format.customHeight = True
    for r, height in row_heights(write).items():
        ws.row_dimensions[top + r + 1].height = height
    for r in look.page_breaks:
        ws.row_breaks.append(Break(id=top + r))   # the break is after the row before it
    ws.page_margins = PageMargins(left=MARGIN_SIDE, right=MARGIN_SIDE, top=MARGIN_TOP_BOTTOM,
                                  bottom=MARGIN_TOP_BOTTOM, header=MARGIN_HEADER, footer=MARGIN_HEADER)
    if paper_size:
        ws.page_setup.paperSize = paper_size
    if look.freeze_rows:
        ws.freeze_panes = cell_address(top + look.freeze_rows, 0)
    if look.repeat_rows:
        first, last = look.repeat_rows
        ws.print_title_rows = f"{top + first + 1}:{top + last + 1}"
    ws.page_setup.orientation = "landscape" if landscape(write) else "portrait"
    if look.fit_width:
        ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0  # as many pages down as it takes
    for (r, c), note in look.comments.items():
        ws.cell(row=top + r + 1, column=left + c + 1).comment = Comment(note, "rulesengine")
    for chart in look.charts:
        ws.add_chart(_line_chart(ws, chart, top, left), _shift(chart.anchor, top, left))
    for dropdown in look.dropdowns:
        _dropdown(ws, dropdown, top, left)


def _dropdown(ws, spec, top: int, left: int) -> None:
    """A data-validation list (ECMA-376 Part 1, 18.3.1.32) over one column's rows."""
    from openpyxl.worksheet.datavalidation import DataValidation

    letter = column_letter(left + spec.col)
    dv = DataValidation(type="list", formula1='"' + ",".join(spec.choices) + '"', allow_blank=True,
                        showErrorMessage=True, errorTitle="Result", error=spec.prompt or None,
                        showInputMessage=bool(spec.prompt), promptTitle="Result" if spec.prompt else None,
                        prompt=spec.prompt or None)
    ws.add_data_validation(dv)
    dv.add(f"{letter}{top + spec.first_row + 1}:{letter}{top + spec.last_row + 1}")


def _shift(anchor: str, top: int, left: int) -> str:
    r, c = parse_address(anchor)
    return cell_address(r + top, c + left)


def _line_chart(ws, spec: LineChart, top: int, left: int):
    """A native line chart (c:lineChart, ECMA-376 Part 1, 21.2.2.97) over the sheet's own cells."""
    from openpyxl.chart import LineChart as OpenpyxlLineChart
    from openpyxl.chart import Reference, Series
    from openpyxl.chart.data_source import StrRef
    from openpyxl.chart.series import SeriesLabel

    chart = OpenpyxlLineChart()
    chart.title = spec.title
    chart.y_axis.title = spec.y_title or None
    chart.x_axis.title = spec.x_title or None
    first, last = top + spec.first_row + 1, top + spec.last_row + 1
    quoted = "'" + ws.title.replace("'", "''") + "'"
    for col in spec.series_cols:
        values = Reference(ws, min_col=left + col + 1, min_row=first, max_row=last)
        series = Series(values)
        header = f"{quoted}!${column_letter(left + col)}${top + spec.header_row + 1}"
        series.tx = SeriesLabel(strRef=StrRef(header))
        chart.series.append(series)
    chart.set_categories(Reference(ws, min_col=left + spec.category_col + 1, min_row=first, max_row=last))
    return chart


def write_workbook(path: str | Path, grids: Sequence[Grid]) -> Path:
    """A new workbook holding these grids as sheets, values only (tests, the bench, exports)."""
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    for grid in grids:
        ws = wb.create_sheet(grid.sheet)
        for r, row in enumerate(grid.rows, start=1):
            for c, value in enumerate(row, start=1):
                if value is not None:
                    if isinstance(value, str) and _CONTROL.search(value):
                        value = escaped_controls(value)
                    cell = ws.cell(row=r, column=c, value=value)
                    if isinstance(value, str) and value.startswith("="):
                        cell.data_type = "s"
        for block in grid.merged:
            ws.merge_cells(start_row=block.first_row + 1, start_column=block.first_col + 1,
                           end_row=block.last_row + 1, end_column=block.last_col + 1)
    wb.save(path)
    return Path(path)
