"""Where one player's round lives in a TD's crosstable, and how that layout writes a result there.

The fold-in (workbook.fold_results) writes a round's results into the TD's crosstable in the
layout's own notation: our template (`Opp | Col | Res`: 4, w, 1), Swiss-Manager / chess-results
(`4w1`, `-1` for the PAB) and the US Chess wall chart (`W4`, with the colour in the row under the
player). A round-robin grid is not paired round by round and is not folded into.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import Colour, ResultCode
from rulesengine.grid import CellValue, Grid, cell_address, text
from rulesengine.workbook.layouts import swiss_manager, template, uschess_wallchart
from rulesengine.workbook.layouts.common import (Problems, RawEntry, data_rows, header_labels, norm,
                                                 player_columns, start_number)

R = ResultCode
# Each layout's notation of a result (also used by workbook.export to write whole crosstables).
_TEMPLATE_RES: dict[ResultCode, CellValue] = {
    R.WIN: 1, R.LOSS: 0, R.DRAW: "½", R.FORFEIT_WIN: "+", R.FORFEIT_LOSS: "-", R.UNRATED_WIN: "W",
    R.UNRATED_DRAW: "D", R.UNRATED_LOSS: "L", R.PAIRING_ALLOCATED_BYE: "U", R.HALF_POINT_BYE: "H",
    R.FULL_POINT_BYE: "F", R.ZERO_POINT_BYE: "Z"}
SM_RESULTS = {R.WIN: "1", R.LOSS: "0", R.DRAW: "½", R.FORFEIT_WIN: "+", R.FORFEIT_LOSS: "-"}
# Swiss-Manager's rounds without an opponent; a TRF code in brackets says what its notation cannot.
SM_BYES: dict[ResultCode, CellValue] = {R.PAIRING_ALLOCATED_BYE: -1, R.HALF_POINT_BYE: "-½",
                                         R.FULL_POINT_BYE: "-1 (F)", R.ZERO_POINT_BYE: "-0 (Z)"}
WALL_GAMES = {R.WIN: "W", R.LOSS: "L", R.DRAW: "D", R.FORFEIT_WIN: "X", R.FORFEIT_LOSS: "F"}
WALL_BYES: dict[ResultCode, CellValue] = {R.PAIRING_ALLOCATED_BYE: "B", R.HALF_POINT_BYE: "H",
                                           R.FULL_POINT_BYE: "B (F)", R.ZERO_POINT_BYE: "Z"}
_COLOUR_LETTER = {Colour.WHITE: "w", Colour.BLACK: "b"}


class NoNotation(ValueError):
    """The layout has no way to write this result (e.g. an unrated game on a Swiss-Manager sheet)."""


@dataclass(frozen=True)
class CrosstableCells:
    """Rows of the players and columns of the rounds of one crosstable grid (0-based)."""

    layout: str
    grid: Grid
    rows: dict[int, int]                   # start number -> row
    rounds: dict[int, tuple[int, ...]]     # round -> columns (template: opp, col, res; others: one)
    total_col: int | None
    colour_rows: dict[int, int]            # wall chart: start number -> the colour row under the player

    def existing(self, sno: int, round_number: int) -> RawEntry | None:
        """What the crosstable holds for this player in this round (None: empty); InputError when
        the cell cannot be read (the recalculation would report it too)."""
        problems = Problems(self.grid.sheet)
        r, cols = self.rows[sno], self.rounds[round_number]
        if self.layout == template.NAME:
            opp, col, res = cols
            entry = template._read_round(self.grid, r, round_number, opp, col, res, problems)
        elif self.layout == swiss_manager.NAME:
            entry = swiss_manager.read_cell(self.grid, r, cols[0], round_number, problems)
        else:
            colour = Colour.NONE
            if sno in self.colour_rows:
                colour = {"W": Colour.WHITE, "B": Colour.BLACK}.get(
                    text(self.grid.value(self.colour_rows[sno], cols[0])).upper(), Colour.NONE)
            entry = uschess_wallchart.read_cell(self.grid, r, cols[0], round_number, colour, problems)
        problems.raise_if_any()
        return entry

    def address(self, sno: int, round_number: int) -> str:
        """The cell a message points at: the result cell of the round."""
        return cell_address(self.rows[sno], self.rounds[round_number][-1])

    def cells(self, sno: int, round_number: int, opponent: int | None, colour: Colour,
              code: ResultCode, result_only: bool = False) -> dict[str, CellValue]:
        """A1 address -> value for this entry in the layout's notation (NoNotation if it has none).

        `result_only`: the pairing is already there (a template round typed without result).
        """
        r, cols = self.rows[sno], self.rounds[round_number]
        if self.layout == template.NAME:
            opp, col, res = cols
            out = {cell_address(r, res): _TEMPLATE_RES[code]}
            if opponent is not None and not result_only:
                out[cell_address(r, opp)] = opponent
                if col is not None:
                    out[cell_address(r, col)] = _COLOUR_LETTER[colour]
            return out
        if self.layout == swiss_manager.NAME:
            if opponent is None:
                return {cell_address(r, cols[0]): SM_BYES[code]}
            if code not in SM_RESULTS:
                raise NoNotation("a Swiss-Manager crosstable has no notation for an unrated game")
            return {cell_address(r, cols[0]): f"{opponent}{_COLOUR_LETTER[colour]}{SM_RESULTS[code]}"}
        if opponent is None:
            return {cell_address(r, cols[0]): WALL_BYES[code]}
        if code not in WALL_GAMES:
            raise NoNotation("a US Chess wall chart has no notation for an unrated game")
        if sno not in self.colour_rows:
            raise NoNotation(f"the wall chart has no colour row under player {sno} (row {r + 1}) to record "
                             f"the colour in; leave an empty row under each player, as WinTD prints it")
        return {cell_address(r, cols[0]): f"{WALL_GAMES[code]}{opponent}",
                cell_address(self.colour_rows[sno], cols[0]): _COLOUR_LETTER[colour].upper()}


def locate(grid: Grid, layout: str) -> CrosstableCells:
    """The cells of `grid` in `layout`; InputError when the layout is not one results fold into."""
    if layout == template.NAME:
        return _template(grid)
    if layout == swiss_manager.NAME:
        return _swiss_manager(grid)
    if layout == uschess_wallchart.NAME:
        return _wallchart(grid)
    raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"),
                             f"results cannot be folded into a {layout.replace('_', ' ')} crosstable (only our "
                             f"template, Swiss-Manager and US Chess wall-chart layouts are paired round by round)"))


def _numbered_rows(grid: Grid, rows: list[int], number_col: int | None) -> dict[int, int]:
    out = {}
    for position, r in enumerate(rows, start=1):
        sno = start_number(grid.value(r, number_col)) if number_col is not None else position
        if sno is not None and sno > 0:
            out.setdefault(sno, r)
    return out


def _template(grid: Grid) -> CrosstableCells:
    # The same reading of the header as layouts.template.read.
    sub = template._sub_header(grid)
    if sub is None:
        raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"), "no header row with Opp / Col / Res"))
    groups = template._round_groups(grid, sub)
    first = groups[0][1] if groups else grid.width
    after = max((g[3] for g in groups), default=first) + 1
    top = header_labels(grid, sub - 1) if sub > 0 else []
    labels = [t or norm(s) for t, s in zip(top + [""] * grid.width, [norm(v) for v in grid.row(sub)])]
    cols = player_columns(labels, sub, first, after)
    rows = data_rows(grid, sub + 1, [c for c in (cols.sno, cols.name) if c is not None])
    number_col = cols.sno if cols.sno is not None else cols.rank
    return CrosstableCells(template.NAME, grid, _numbered_rows(grid, rows, number_col),
                           {n: (opp, col, res) for n, opp, col, res in groups}, cols.total, {})


def _swiss_manager(grid: Grid) -> CrosstableCells:
    header = swiss_manager._header(grid)
    labels = header_labels(grid, header)
    rounds = swiss_manager._round_columns(labels)
    first = min((c for _, c in rounds), default=len(labels))
    cols = player_columns(labels, header, first, max((c for _, c in rounds), default=first) + 1)
    number_col = cols.sno if cols.sno is not None else cols.rank
    rows, r = [], header + 1
    while r < grid.height and number_col is not None and start_number(grid.value(r, number_col)) is not None:
        rows.append(r)
        r += 1
    return CrosstableCells(swiss_manager.NAME, grid, _numbered_rows(grid, rows, number_col),
                           {n: (c,) for n, c in rounds}, cols.total, {})


def _wallchart(grid: Grid) -> CrosstableCells:
    header = uschess_wallchart._header(grid)
    labels = header_labels(grid, header)
    rounds = uschess_wallchart._round_columns(labels)
    cols = player_columns(labels, header, min(c for _, c in rounds), max(c for _, c in rounds) + 1)
    number_col = cols.sno if cols.sno is not None else cols.rank
    players, colour_rows = {}, {}
    for r in range(header + 1, grid.height):
        sno = start_number(grid.value(r, number_col)) if number_col is not None else None
        if sno is None:
            continue
        players[sno] = r
        below = r + 1
        if below >= grid.height or (start_number(grid.value(below, number_col)) is None
                                    and all(text(grid.value(below, c)).upper() in ("", "W", "B") for _, c in rounds)):
            colour_rows[sno] = below   # WinTD's colour row (blank until the first game)
    return CrosstableCells(uschess_wallchart.NAME, grid, players, {n: (c,) for n, c in rounds}, cols.total,
                           colour_rows)
