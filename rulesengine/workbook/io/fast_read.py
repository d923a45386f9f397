"""Read a workbook's sheets as grids, fast: python-calamine where it gives what openpyxl would.

    names, grids = read_workbook_grids("event.xlsx")                 # every sheet
    names, grids = read_workbook_grids("event.xlsx", ["Crosstable"])  # only these

calamine (compiled, Rust) reads cached cell values ten to thirty times faster than openpyxl. It
is used sheet by sheet, only where its grid is the one openpyxl's `sheet_grid` gives:

- a formula without a cached result (files written by openpyxl or XlsxWriter-like tools before
  any spreadsheet computed them) reads as empty in calamine but as its formula text in openpyxl,
  and an error cell (`t="e"`, e.g. #N/A) reads as empty in calamine but as its text in openpyxl:
  such sheets are read with openpyxl;
- a sheet part written with a namespace prefix (`<x:c>`, some .NET generators) is left to openpyxl
  too: the checks above look at the raw XML and would not see its cells.

Values are brought to openpyxl's types: whole floats become ints, a date-only cell becomes a
datetime at midnight, an empty string is an empty cell. Merged blocks come from calamine's merged
ranges, top to bottom (as `sheet_grid` sorts openpyxl's). Where python-calamine is not importable (the
Excel Lite button runs in Pyodide) every sheet is read with openpyxl, with identical grids.

A formula cell that has a cached value is read as that value (what the TD sees), where openpyxl's
route reads its formula text: the crosstable parsers want the value.
"""

from __future__ import annotations

import io
import re
import zipfile
from datetime import date, datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.grid import CellValue, Grid, MergedRange, cell_address
from rulesengine.workbook.io.openpyxl_book import check_workbook_path, load_workbook, read_grids, sorted_merges
from rulesengine.workbook.io.package import DEFAULT_LIMITS, ZIP_ERRORS, Limits, PackageInfo, inspect_package, shown
from rulesengine.workbook.io.package_map import PackageMap, read_package_map

ENGINES = ("auto", "calamine", "openpyxl")
_FORMULA = re.compile(rb"<f[\s>/]")
_CELL_END = re.compile(rb"</c>|<c[\s>]")
_CACHED = re.compile(rb"<v>[^<]")
_ERROR_CELL = re.compile(rb"""\st=["']e["']""")
_MAX_EXACT = 2 ** 53


def calamine_available() -> bool:
    try:
        import python_calamine  # noqa: F401
    except ImportError:
        return False
    return True


def read_workbook_grids(path: str | Path, names: Iterable[str] | None = None,
                        limits: Limits = DEFAULT_LIMITS, *, engine: str = "auto",
                        data: bytes | None = None) -> tuple[list[str], dict[str, Grid]]:
    """(every sheet name in tab order, {name: Grid} of the sheets asked for; all when `names` is None).

    The package is checked with `inspect_package` first (zip and entity bombs, size limits), and
    each sheet against `limits` as openpyxl's route does. Names not in the workbook are skipped.
    `engine` "openpyxl" reads every sheet with openpyxl (the Pyodide route); "calamine" insists
    on calamine where it can be used. `data`: the file's bytes, already read (batch and audit
    read each input once); `path` then only names it. Raises InputError naming the file or
    `Sheet!Cell`.
    """
    path = Path(path)
    check_workbook_path(path, exists=data is None)
    info = inspect_package(path, limits, data=data)
    return read_grids_checked(path, info, names, limits, engine=engine, data=data)


def read_grids_checked(path: Path, info: PackageInfo,
                       names: Iterable[str] | Callable[[list[str]], Iterable[str]] | None,
                       limits: Limits = DEFAULT_LIMITS, *, engine: str = "auto", data: bytes | None = None,
                       ) -> tuple[list[str], dict[str, Grid]]:
    """`read_workbook_grids` for a package that already passed `inspect_package` (as `info`).

    `names` may also be a function of the workbook's sheet names (recalc's `sheets_to_read`).
    """
    source = path if data is None else io.BytesIO(data)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    where = Location(str(path))
    try:
        with zipfile.ZipFile(source) as archive:
            package = read_package_map(archive)
            sheet_names = package.names
            if callable(names):
                names = names(sheet_names)
            wanted = [n for n in (sheet_names if names is None else names) if n in sheet_names]
            fast = [] if engine == "openpyxl" or not calamine_available() else \
                [n for n in wanted if _calamine_reads_like_openpyxl(archive, package, n)]
    except (*ZIP_ERRORS, KeyError, SyntaxError) as exc:  # SyntaxError: expat's ParseError
        raise InputError(Problem(where, f"cannot read the workbook: {shown(str(exc), 120)}")) from None
    grids: dict[str, Grid] = {}
    if fast:
        grids.update(_calamine_grids(path, fast, limits, data))
    slow = [n for n in wanted if n not in grids]
    if slow:
        wb, _, _ = load_workbook(path, limits, info=info, data=data)
        grids.update(read_grids(wb, slow, limits))
    return sheet_names, {n: grids[n] for n in wanted}


def _calamine_reads_like_openpyxl(archive: zipfile.ZipFile, package: PackageMap, name: str) -> bool:
    """True when calamine's grid of this sheet is the one openpyxl would give (module docstring)."""
    entry = package.sheet(name)
    if entry is None or entry.kind != "worksheet" or not entry.part:
        return False
    data = archive.read(entry.part)
    if b"<worksheet" not in data[:4096]:
        return False  # a prefixed (x:worksheet) part
    if _ERROR_CELL.search(data):
        return False
    for match in _FORMULA.finditer(data):
        end = _CELL_END.search(data, match.end())
        if not _CACHED.search(data, match.end(), end.start() if end else len(data)):
            return False
    return True


def _calamine_grids(path: Path, names: Sequence[str], limits: Limits,
                    data: bytes | None = None) -> dict[str, Grid]:
    from python_calamine import CalamineWorkbook

    grids = {}
    try:
        if data is None:
            book = CalamineWorkbook.from_path(str(path))
        else:
            book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        try:
            for name in names:
                sheet = book.get_sheet_by_name(name)
                grids[name] = _sheet_grid(name, sheet, limits)
        finally:
            book.close()
    except InputError:
        raise
    except Exception as exc:  # calamine's errors are many (a sheet's XML too); the TD needs one line
        raise InputError(Problem(Location(str(path)), f"cannot read the workbook: {shown(str(exc), 120)}")) from None
    return grids


def _sheet_grid(name: str, sheet: Any, limits: Limits) -> Grid:
    end = sheet.end
    max_row, max_col = (end[0] + 1, end[1] + 1) if end else (0, 0)
    if max_row > limits.max_rows:
        raise InputError(Problem(Location(sheet=name, cell="A1"),
                                 f"refused: the sheet has {max_row:,} rows (limit {limits.max_rows:,})"))
    if max_row * max_col > limits.max_cells:
        far = cell_address(max_row - 1, max_col - 1)
        raise InputError(Problem(Location(sheet=name, cell=far),
                                 f"refused: the sheet reaches {far}, {max_row * max_col:,} cells to read "
                                 f"(limit {limits.max_cells:,}); delete what is in the far cells"))
    rows: list[list[CellValue]] = []
    for values in sheet.to_python(skip_empty_area=False):
        row = [v if v.__class__ is str and v else _value(v) for v in values]  # most cells: text as it is
        while row and row[-1] is None:
            row.pop()
        rows.append(row)
    while rows and not rows[-1]:
        rows.pop()
    merged = sorted_merges(MergedRange(r0, c0, r1, c1) for (r0, c0), (r1, c1) in (sheet.merged_cell_ranges or ()))
    return Grid(name, rows, merged)


def _value(value: Any) -> CellValue:
    """A calamine value as openpyxl gives it (module docstring)."""
    if value == "" and isinstance(value, str):
        return None
    if isinstance(value, float):
        return int(value) if value.is_integer() and abs(value) < _MAX_EXACT else value
    if isinstance(value, date) and not isinstance(value, datetime):
        return datetime(value.year, value.month, value.day)
    return value
