"""The Recalculate button: xlwings entry points shared by xlwings Lite and the ribbon add-in.

Both routes call `recalculate(book)` with an xlwings Book (`excel/lite/main.py` from the
`@script` of a Lite workbook, `excel/addin/rulesengine_td.py` with `xw.Book.caller()`). It reads
every sheet the recalculation needs once, as a grid; calls the same pure function as the CLI
(`rulesengine.workbook.recalc.recalculate`); and applies the WritePlan with one write per sheet.

xlwings queues writes: a range read after it was written still shows its old value (in Lite and
in xlwings' remote mode alike), so nothing here reads after the first write.

This module does not import xlwings; it only calls methods of the Book it is given, which keeps
it importable (and testable) where xlwings is missing, and keeps the Lite path free of anything
but the engine's pure-Python code: no threads, no processes, no CLI libraries.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Sequence

from rulesengine.errors import InputError, Location, Problem, RulesEngineError
from rulesengine.grid import CellValue, Grid, cell_address, parse_address
from rulesengine.workbook.look import CellFormat, format_blocks, look_of, merge_span, merged_row_height, merged_rows
from rulesengine.workbook.io.package import DEFAULT_LIMITS, Limits
from rulesengine.workbook.plan import LineChart, is_cell_patch
from rulesengine.workbook.recalc import CLEAR_SHEET, SheetWrite, WritePlan, sheets_to_read
from rulesengine.workbook.recalc import recalculate as recalculate_grids
from rulesengine.workbook.inputs.settings import WorkbookSettings
from rulesengine.workbook.team.recalc import TeamPlan, recalculate_team, team_layout_of

ALERT_TITLE = "Recalculate: nothing was written"
PAIR_ALERT_TITLE = "Pair next round: nothing was written"


def recalculate(book: Any, overrides: WorkbookSettings | None = None,
                explain: Sequence[str] = ()) -> WritePlan | TeamPlan | None:
    """Recalculate an open workbook: standings, tie-breaks and ratings on the engine's sheets.

    Returns the plan that was written. Bad input (`Sheet!Cell: message`) or a bad setting is
    shown to the TD in an alert and printed (the Lite pane shows prints), and nothing is written;
    then None is returned.
    """
    names = [sheet.name for sheet in book.sheets]
    try:
        grids = read_grids(book)
        team = team_layout_of(grids)   # a team book (issue 22): the Team Standings sheet
        plan = (recalculate_team(grids, team, overrides) if team is not None
                else recalculate_grids(grids, overrides, explain=explain, sheet_names=names))
    except RulesEngineError as exc:
        _tell(book, str(exc))
        return None
    apply_plan(book, plan)
    for note in plan.notes:
        print(f"Note: {note}")
    from rulesengine.workbook.pairing_check import manual_board_warnings
    for warning in manual_board_warnings(plan):   # a board changed by hand (VCL4THP Q66-69)
        print(warning)
    return plan


def pair_next_round(book: Any, round_number: int | None = None, system: str = "dutch"):
    """The "Pair next round" button: fold the results entered on the Pairings sheet into the
    crosstable, pair the next round (FIDE Dutch by default) and write the Pairings sheet.

    The same pure function as `rulesengine pair BOOK.xlsx` (workbook.pair_book.pair_grids; a team
    book: workbook.team.pair.pair_team_book, the round's match blocks typed into Matches); a
    round not finished or bad input is shown in an alert and nothing is written (None returned).
    """
    from rulesengine.workbook.pair_book import pair_grids
    from rulesengine.workbook.team.pair import pair_team_book

    names = [sheet.name for sheet in book.sheets]
    try:
        grids = read_grids(book)
        team = team_layout_of(grids)
        if team is not None:
            outcome = pair_team_book(grids, team, round_number=round_number, system=system)
        else:
            outcome = pair_grids(grids, names, round_number=round_number, system=system)
    except RulesEngineError as exc:
        _tell(book, str(exc), PAIR_ALERT_TITLE)
        return None
    apply_writes(book, outcome.writes)
    if team is not None:
        paired = outcome.paired
        print(f"Round {paired.round}: {len(paired.boards)} match(es)"
              + "".join(f", {kind} team {number}" for number, kind in paired.byes)
              + ". Correct the lineups on the Matches sheet, type each board's result, then Recalculate.")
        for note in outcome.notes:
            print(f"Note: {note}")
        return outcome
    paired = outcome.paired
    print(f"Round {paired.round}: {len(paired.boards)} board(s)"
          + "".join(f", {kind} {player}" for player, kind in paired.byes)
          + ". Enter the results on the Pairings sheet, then Recalculate.")
    for note in (*outcome.notes, *outcome.plan.notes):
        print(f"Note: {note}")
    return outcome


def read_grids(book: Any, limits: Limits = DEFAULT_LIMITS) -> dict[str, Grid]:
    """Each sheet the recalculation needs, read once, as a grid anchored at A1."""
    sheets = {sheet.name: sheet for sheet in book.sheets}
    return {name: read_grid(sheets[name], limits) for name in sheets_to_read(list(sheets))}


def read_grid(sheet: Any, limits: Limits = DEFAULT_LIMITS) -> Grid:
    """One sheet's values from A1 to the end of its used range, in one read.

    The used range need not start at A1; the grid always does, so cell addresses in messages
    are the sheet's own. Excel hands every number over as a float: whole numbers become ints,
    as openpyxl reads them, so both routes give the parsers the same grid. A used range beyond
    the limits the openpyxl route applies is refused before it is read (a whole formatted
    column makes Excel's used range a million rows long).
    """
    last = sheet.used_range.last_cell
    if last.row > limits.max_rows or last.row * last.column > limits.max_cells:
        end = cell_address(last.row - 1, last.column - 1)
        raise InputError(Problem(Location(sheet=sheet.name, cell=end),
                                 f"refused: the sheet's used range reaches {end} (limit {limits.max_rows:,} rows, "
                                 f"{limits.max_cells:,} cells); delete the empty rows and columns after the data"))
    values = sheet.range((1, 1), (last.row, last.column)).options(ndim=2).value
    return Grid(sheet.name, _trim([[_from_excel(v) for v in row] for row in values or []]))


def apply_plan(book: Any, plan: WritePlan | TeamPlan) -> None:
    """Apply a plan's writes in order: clear, then one block of values per SheetWrite."""
    apply_writes(book, plan.writes)


def apply_writes(book: Any, writes: Sequence[SheetWrite]) -> None:
    """Each write in order; the cells folded into the TD's crosstable are values only (a block
    per run of adjacent cells, so no cell between them is emptied)."""
    sheets = {sheet.name.lower(): sheet for sheet in book.sheets}
    for write in writes:
        sheet = sheets.get(write.sheet.lower())
        if sheet is None:
            sheet = book.sheets.add(name=write.sheet, after=book.sheets[len(book.sheets) - 1])
            sheets[write.sheet.lower()] = sheet
        _apply(sheet, write)


def _apply(sheet: Any, write: SheetWrite) -> None:
    if write.clear == CLEAR_SHEET:
        sheet.clear()  # contents and cell formats: last run's bold rows sit elsewhere now
    elif write.clear:
        sheet.range(write.clear).clear_contents()
    width = max((len(row) for row in write.rows), default=0)
    if width == 0:
        return
    block = [[_to_excel(v) for v in row] + [None] * (width - len(row)) for row in write.rows]
    row0, col0 = parse_address(write.top_left)
    target = sheet.range((row0 + 1, col0 + 1)).resize(len(block), width)
    if is_cell_patch(write) and _holds_formula(target):
        return   # a TD's formula (a Pts =SUM) is never written over; Excel computes it
    target.value = block
    if not is_cell_patch(write):   # a folded result: the TD's sheet keeps its own look
        _apply_look(sheet, write, row0, col0)


def _holds_formula(rng: Any) -> bool:
    """Whether a cell of the range holds a formula (an engine without `Range.formula`: no)."""
    try:
        formulas = rng.formula
    except (AttributeError, NotImplementedError):
        return False
    stack = [formulas]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, str) and item.startswith("="):
            return True
    return False


# What xlwings can set on a range, per CellFormat field. Each call is tried on its own: an engine
# that lacks one (alignment and notes need xlwings Lite's Office.js client; a desktop engine may
# lack another) raises AttributeError or NotImplementedError and that field is skipped
# (plan.SheetLook: the values are what matters). Print titles, orientation and fit-to-width have
# no xlwings API on any engine and are left to the TD's print dialog.
def _apply_look(sheet: Any, write: SheetWrite, row0: int, col0: int) -> None:
    look = look_of(write)

    def at(r0: int, c0: int, r1: int | None = None, c1: int | None = None):
        return sheet.range((row0 + r0 + 1, col0 + c0 + 1), (row0 + (r1 if r1 is not None else r0) + 1,
                                                             col0 + (c1 if c1 is not None else c0) + 1))

    for r0, r1, c0, c1, fmt in format_blocks(write):
        _format(at(r0, c0, r1, c1), fmt, multi_row=r1 > r0)
    points = _widths_in_points(sheet)
    for c, width in look.column_widths.items():
        _try(lambda: setattr(at(0, c), "column_width", width * 7 * 0.75 + 3.75 if points else width))
    span = merge_span(write, 0)
    for r in merged_rows(write):
        _try(lambda: at(r, 0, r, span - 1).merge())
        height = merged_row_height(write, r)
        if height:
            _try(lambda: setattr(at(r, 0), "row_height", height))
    if look.freeze_rows:
        _try(lambda: sheet.freeze_panes.freeze_at(f"{row0 + 1}:{row0 + look.freeze_rows}"))
    for (r, c), note in look.comments.items():
        _try(lambda: at(r, c).add_note(note))
    for chart in look.charts:
        _try(lambda: _line_chart(sheet, at, chart))
    for dropdown in look.dropdowns:
        _try(lambda: _dropdown(at(dropdown.first_row, dropdown.col, dropdown.last_row, dropdown.col), dropdown))


def _dropdown(rng: Any, spec) -> None:
    """A list validation through the engine's native object (Excel's COM `Validation.Add`, type 3 =
    xlValidateList); xlwings has no API of its own for it, so other engines skip it."""
    api = rng.api
    if isinstance(api, dict) or not hasattr(api, "Validation"):
        raise NotImplementedError
    api.Validation.Delete()
    api.Validation.Add(3, 1, 1, ",".join(spec.choices))


def _format(rng: Any, fmt: CellFormat, multi_row: bool) -> None:
    if fmt.bold:
        _try(lambda: setattr(rng.font, "bold", True))
    if fmt.italic:
        _try(lambda: setattr(rng.font, "italic", True))
    if fmt.size:
        _try(lambda: setattr(rng.font, "size", fmt.size))
    if fmt.fill:
        _try(lambda: setattr(rng, "color", "#" + fmt.fill))
    if fmt.rule_below:
        for side in ("edge_bottom", "inside_horizontal") if multi_row else ("edge_bottom",):
            _try(lambda: setattr(rng.borders[side], "line_style", "continuous"))
    if fmt.number_format:
        _try(lambda: setattr(rng, "number_format", fmt.number_format))
    if fmt.wrap:
        _try(lambda: setattr(rng, "wrap_text", True))
    if fmt.horizontal:
        _try(lambda: setattr(rng, "horizontal_alignment", fmt.horizontal))
    if fmt.vertical:
        _try(lambda: setattr(rng, "vertical_alignment", fmt.vertical))


CHART_PREFIX = "rulesengine: "  # our charts' names: the next recalculation replaces them, not stacks more


def _line_chart(sheet: Any, at, spec: LineChart) -> None:
    """A line chart (xlwings Charts.add): the series block with its header row, dates on the x axis.

    `sheet.clear()` leaves charts in place, so last run's chart of the same name is deleted first.
    """
    name = (CHART_PREFIX + spec.title)[:255]
    for existing in list(sheet.charts):
        if existing.name == name:
            existing.delete()
    first, last = min(spec.series_cols), max(spec.series_cols)
    chart = sheet.charts.add(width=480, height=288, chart_type="line", anchor=sheet.range(spec.anchor), name=name)
    chart.set_source_data(at(spec.header_row, first, spec.last_row, last), plot_by="columns")
    chart.set_x_axis_values(at(spec.first_row, spec.category_col, spec.last_row, spec.category_col))


def _widths_in_points(sheet: Any) -> bool:
    """xlwings Lite (Office.js) takes column widths in points, the desktop engines in characters."""
    return isinstance(getattr(sheet.book, "api", None), dict)


def _try(action) -> None:
    try:
        action()
    except (AttributeError, NotImplementedError):
        pass  # this engine cannot apply this field (see _apply_look)


def _from_excel(value: Any) -> CellValue:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value == "":
        return None
    return value


def _to_excel(value: CellValue) -> CellValue:
    """Values xlwings can hand to Excel: plain numbers, text, booleans, dates; None = empty.

    Text that Excel would take for a formula gets its text prefix, an apostrophe, so it stays
    text (as the openpyxl route stores it as a string).
    """
    if isinstance(value, str):
        return "'" + value if value.startswith("=") else value
    if value is None or isinstance(value, (bool, int, float, datetime, date)):
        return value
    return str(value)


def _trim(rows: list[list[CellValue]]) -> list[list[CellValue]]:
    """Drop trailing empty cells of each row and trailing empty rows (Excel's used range may be
    larger than the data, e.g. after cells were formatted or cleared)."""
    trimmed = []
    for row in rows:
        end = len(row)
        while end and row[end - 1] is None:
            end -= 1
        trimmed.append(row[:end])
    while trimmed and not trimmed[-1]:
        trimmed.pop()
    return trimmed


def _tell(book: Any, message: str, title: str = ALERT_TITLE) -> None:
    print(f"{title}\n{message}")
    try:
        book.app.alert(message, title=title, mode="critical")
    except Exception:  # an engine without alerts (e.g. a read-only book): the print must do
        pass
