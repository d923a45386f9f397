"""THE read of a workbook's sheets as grids for batch and audit, where nothing is written back.

One function, so the fast reader (`rulesengine.workbook.fast_read.read_workbook_grids`, python-
calamine with an openpyxl fallback) replaces it in one place once it lands. Until then openpyxl
in read-only mode, after the same package checks as `recalc` (zip and entity bombs, size bounds).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from rulesengine.workbook.grid import Grid


def read_workbook_grids(path: str | Path, names: Iterable[str] | None = None) -> tuple[list[str], dict[str, Grid]]:
    """(every sheet name in order, {name: Grid} for `names` or for every sheet)."""
    from rulesengine.workbook.openpyxl_io import load_workbook, read_grids

    wb, _, _ = load_workbook(path, read_only=True)
    try:
        sheet_names = list(wb.sheetnames)
        wanted = sheet_names if names is None else [n for n in names if n in sheet_names]
        return sheet_names, read_grids(wb, wanted)
    finally:
        wb.close()
