"""The openpyxl adapter: open a workbook safely, read sheets as grids, apply a WritePlan, save.

`recalc_workbook(path)` is the whole `rulesengine recalc` route: inspect the package (zip and
entity bombs, size bounds), load it (macros kept for .xlsm), read every sheet the recalculation
needs once, `recalculate`, write only engine-owned sheets, save atomically behind the fidelity
guard. Nothing is written when anything fails before the save.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.registry import Registry
from rulesengine.workbook.grid import CellValue, Grid, MergedRange, parse_address
from rulesengine.workbook.package import DEFAULT_LIMITS, Limits, inspect_package
from rulesengine.workbook.recalc import CLEAR_SHEET, WritePlan, recalculate, sheets_to_read
from rulesengine.workbook.save import SaveResult, check_not_open, save_atomically
from rulesengine.workbook.settings import WorkbookSettings

MACRO_SUFFIXES = (".xlsm", ".xltm")
SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm")


def _defused() -> bool:
    try:
        import defusedxml  # noqa: F401
        from openpyxl.xml import DEFUSEDXML
    except ImportError:
        return False
    return bool(DEFUSEDXML)


def load_workbook(path: str | Path, limits: Limits = DEFAULT_LIMITS, read_only: bool = False):
    """(workbook, package info, openpyxl warnings) after the package passed `inspect_package`."""
    import openpyxl

    path = Path(path)
    where = Location(str(path))
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(Problem(where, f"not an Excel workbook: expected {', '.join(SUFFIXES)} "
                                        f"(save .xls / .ods files as .xlsx first)"))
    if not path.exists():
        raise InputError(Problem(where, "no such file"))
    if not _defused():
        raise InputError(Problem(where, "refused: openpyxl's XML protection (defusedxml) is missing or "
                                        "switched off (OPENPYXL_DEFUSEDXML); install defusedxml"))
    info = inspect_package(path, limits)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            wb = openpyxl.load_workbook(path, read_only=read_only, keep_vba=path.suffix.lower() in MACRO_SUFFIXES,
                                        rich_text=info.rich_text and not read_only)
        except Exception as exc:  # openpyxl raises many kinds for a broken file; the TD needs one line
            name = type(exc).__name__
            reason = "it declares XML entities (refused)" if "Forbidden" in name or "Entities" in name else str(exc)
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
        while row and row[-1] is None:
            row.pop()
        rows.append(row)
    while rows and not rows[-1]:
        rows.pop()
    merged = tuple(MergedRange(r.min_row - 1, r.min_col - 1, r.max_row - 1, r.max_col - 1)
                   for r in getattr(ws, "merged_cells", ()).ranges) if hasattr(ws, "merged_cells") else ()
    return Grid(ws.title, rows, merged)


def read_grids(wb, names: Iterable[str], limits: Limits = DEFAULT_LIMITS) -> dict[str, Grid]:
    return {name: sheet_grid(wb[name], limits) for name in names if name in wb.sheetnames}


def apply_plan(wb, plan: WritePlan) -> None:
    """Write a plan's values into the workbook: engine-owned sheets only, values only."""
    from openpyxl.styles import Font

    bold = Font(bold=True)
    for write in plan.writes:
        created = write.sheet not in wb.sheetnames
        ws = wb.create_sheet(write.sheet) if created else wb[write.sheet]
        if write.clear == CLEAR_SHEET and not created:
            for block in list(ws.merged_cells.ranges):
                ws.unmerge_cells(str(block))
            ws.delete_rows(1, ws.max_row + 1)
        elif write.clear and write.clear != CLEAR_SHEET:
            for row in ws[write.clear]:
                for cell in (row if isinstance(row, tuple) else (row,)):
                    cell.value = None
        top, left = parse_address(write.top_left)
        headers = set(write.header_rows)
        for i, values in enumerate(write.rows):
            for j, value in enumerate(values):
                if value is None or value == "":
                    continue
                cell = ws.cell(row=top + i + 1, column=left + j + 1, value=value)
                if isinstance(value, str) and value.startswith("="):
                    cell.data_type = "s"  # text that looks like a formula stays text
                if i in headers:
                    cell.font = bold
        if created:
            ws.freeze_panes = "A2" if plan.writes[0] is write else None
            for letter, width in (("A", 8), ("B", 8), ("C", 28)):
                ws.column_dimensions[letter].width = width


@dataclass(frozen=True)
class RecalcResult:
    plan: WritePlan
    save: SaveResult


def recalc_workbook(path: str | Path, overrides: WorkbookSettings | None = None, *, explain: Sequence[str] = (),
                    registry: Registry | None = None, limits: Limits = DEFAULT_LIMITS,
                    force: bool = False) -> RecalcResult:
    """Recalculate a workbook file in place (or beside it, when the fidelity guard says so)."""
    path = Path(path)
    check_not_open(path)
    wb, info, notes = load_workbook(path, limits)
    grids = read_grids(wb, sheets_to_read(wb.sheetnames), limits)
    plan = recalculate(grids, overrides, explain=explain, registry=registry, sheet_names=wb.sheetnames)
    apply_plan(wb, plan)
    result = save_atomically(path, wb.save, info, notes, force=force)
    return RecalcResult(plan, result)


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
                    cell = ws.cell(row=r, column=c, value=value)
                    if isinstance(value, str) and value.startswith("="):
                        cell.data_type = "s"
        for block in grid.merged:
            ws.merge_cells(start_row=block.first_row + 1, start_column=block.first_col + 1,
                           end_row=block.last_row + 1, end_column=block.last_col + 1)
    wb.save(path)
    return Path(path)
