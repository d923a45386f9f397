"""Fold the results a TD entered on the Pairings sheet into the crosstable (Recalculate does it).

For each board with a result, both players' cells of round N are written in the crosstable's own
notation (the layout's `locate`, `entry` and `write`, see `rulesengine.layout`); the byes of the
round are written with the first result (the round has started). A cell that already holds the
same entry is left alone, so a round is never folded twice; a cell holding something else is a
conflict, reported at both cells, and nothing is written. Boards without a result are reported; the standings stay after round N-1 until the
round is complete (FIDE C.07 ranks an event over the rounds held). The points total of a player
(the crosstable's Pts cell, when it holds a number) is brought up to date with the round.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.cell_values import parse_points
from rulesengine.errors import InputError, Location, Problem
from rulesengine.grid import CellValue, Grid, cell_address, parse_address
from rulesengine.layout import CrosstableCells, CrosstableLayout, NoNotation, RawEntry
from rulesengine.layout_cells import formula
from rulesengine.model import Colour, ResultCode, RoundEntry, Tournament
from rulesengine.workbook.sheets.pairings import BYE_CODES, RESULTS, Board, read_pairings
from rulesengine.workbook.plan import SheetWrite
from rulesengine.workbook.sheets.standings import cell_number


@dataclass(frozen=True)
class Fold:
    """What folding the Pairings sheet into the crosstable did (or would do)."""

    round: int
    sheet: str                       # the crosstable sheet
    grid: Grid                       # the crosstable with the results folded in
    writes: tuple[SheetWrite, ...]   # the cells to type into the TD's crosstable sheet
    folded: int                      # boards and byes written now
    byes: int                        # of which byes
    already: int                     # boards already in the crosstable
    missing: tuple[Board, ...]       # boards still without a result
    boards: int
    sheet_byes: tuple[tuple[int, str], ...] = ()   # the byes on the Pairings sheet (start number, kind)

    @property
    def complete(self) -> bool:
        return not self.missing

    def notes(self, pairings_sheet: str) -> tuple[str, ...]:
        notes = []
        if self.folded:
            games = self.folded - self.byes
            what = " and ".join(part for part in (f"{games} board(s)" if games else "",
                                                  f"{self.byes} bye(s)" if self.byes else "") if part)
            notes.append(f"{pairings_sheet}: round {self.round}: {what} folded into {self.sheet}")
        if self.missing:
            shown = ", ".join(f"{b.number} ({pairings_sheet}!{b.cell})" for b in self.missing[:12])
            more = f" and {len(self.missing) - 12} more" if len(self.missing) > 12 else ""
            notes.append(f"{pairings_sheet}: round {self.round}: {len(self.missing)} of {self.boards} board(s) have "
                         f"no result yet: board {shown}{more}; the standings are after round {self.round - 1} "
                         f"until every result is entered")
        return tuple(notes)


def fold_pairings(pairings: Grid, crosstable: Grid, layout: CrosstableLayout, tournament: Tournament) -> Fold | None:
    """Fold `pairings` (the Pairings sheet's grid) into `crosstable` (read as `tournament` with `layout`).

    None when the Pairings sheet has no boards. Raises InputError naming the cells (an unreadable
    result, a conflict with the crosstable, a round the crosstable has no room for, a layout that
    is not paired round by round).
    """
    sheet = read_pairings(pairings)
    if sheet is None:
        return None
    n = sheet.round
    where = crosstable.sheet
    if not layout.paired:
        raise InputError(Problem(Location(sheet=where, cell="A1"),
                                 f"results cannot be folded into a {layout.name.replace('_', ' ')} crosstable: "
                                 f"{layout.unpaired}"))
    cells = layout.locate(crosstable)
    problems: list[Problem] = []

    def at(cell: str, message: str, on: str = pairings.sheet) -> None:
        problems.append(Problem(Location(sheet=on, cell=cell), message))

    if n not in cells.rounds:
        room = max(cells.rounds, default=0)
        at("A1", f"round {n}: the crosstable sheet {where!r} has no column for round {n} (it has room for "
                 f"{room} round(s)); add the round's {layout.round_columns.format(n=n)} and Recalculate; "
                 f"nothing was written")
        raise InputError(problems)
    writes: dict[str, CellValue] = {}
    written: dict[int, ResultCode] = {}
    missing, already, folded, started, byes = [], 0, 0, False, 0
    for board in sheet.boards:
        unknown = [p for p in (board.white, board.black) if p not in cells.rows]
        if unknown:
            at(board.cell, f"round {n} board {board.number}: player {unknown[0]} is not in {where!r}")
            continue
        sides = ((board.white, board.black, Colour.WHITE), (board.black, board.white, Colour.BLACK))
        try:
            found = [layout.entry(cells, p, n) for p, _, _ in sides]
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        if not board.result:
            if all(e is None or (e.pending and e.opponent == o) for e, (_, o, _) in zip(found, sides)):
                missing.append(board)
            elif all(e is not None and not e.pending and e.opponent == o for e, (_, o, _) in zip(found, sides)):
                already += 1   # typed into the crosstable itself
                started = True
            else:
                _conflict(at, cells, board, n, sides, found, "has no result yet")
            continue
        started = True
        codes = RESULTS[board.result]
        done = 0
        for (player, opponent, colour), entry, code in zip(sides, found, codes):
            if entry is not None and not entry.pending and (entry.opponent, entry.code) == (opponent, code) \
                    and entry.colour in (colour, Colour.NONE):
                done += 1
                continue
            if entry is not None and not (entry.pending and entry.opponent == opponent):
                _conflict(at, cells, board, n, sides, found, board.result)
                break
            try:
                writes.update(layout.write(cells, player, RoundEntry(n, opponent, colour, code), entry is not None))
            except NoNotation as exc:
                at(board.cell, f"round {n} board {board.number}: {board.result}: {exc}")
                break
            written[player] = code
        if done == 2:
            already += 1
        elif not problems:
            folded += 1
    for player, kind in sheet.byes:
        if player not in cells.rows:
            at("A1", f"round {n}: bye for player {player}, who is not in {where!r}")
            continue
        code = BYE_CODES[kind]
        try:
            entry = layout.entry(cells, player, n)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        if entry is not None and entry.opponent is None and entry.code is code:
            continue
        if entry is not None:
            at(cells.address(player, n),
               f"round {n}: the Pairings sheet gives player {player} a {kind}, but the crosstable holds "
               f"{_describe(entry)}; correct one of them (or delete the Pairings sheet if it is out of date)",
               on=where)
            continue
        if started:
            writes.update(layout.write(cells, player, RoundEntry(n, None, Colour.NONE, code), False))
            written[player] = code
            folded += 1
            byes += 1
    if problems:
        raise InputError(problems)
    writes.update(_totals(cells, tournament, written, writes))
    grid = _patched(crosstable, writes)
    return Fold(n, where, grid, _cell_writes(where, writes), folded, byes, already, tuple(missing),
                len(sheet.boards), sheet.byes)


def _conflict(at, cells: CrosstableCells, board: Board, n: int, sides, found, what: str) -> None:
    for (player, _, _), entry in zip(sides, found):
        if entry is not None:
            at(board.cell, f"round {n} board {board.number} ({board.white}-{board.black}) {what}, but "
                           f"{cells.grid.sheet}!{cells.address(player, n)} already holds {_describe(entry)} for "
                           f"player {player}; correct one of them (or delete the Pairings sheet if it is out of "
                           f"date)")
            return


def _describe(entry: RawEntry) -> str:
    if entry.pending:
        return f"a pairing with {entry.opponent} without result"
    what = entry.code.name.lower().replace("_", " ")
    return f"{what} against {entry.opponent}" if entry.opponent else what


def _totals(cells: CrosstableCells, tournament: Tournament, written: dict[int, ResultCode],
            writes: dict[str, CellValue]) -> dict[str, CellValue]:
    """The Pts cells that hold a number, with the round's points added (a stale total would be
    reported as not matching the results on the next read)."""
    if cells.total_col is None:
        return {}
    out = {}
    for player, code in written.items():
        address = cell_address(cells.rows[player], cells.total_col)
        value = cells.grid.value(cells.rows[player], cells.total_col)
        total = None if isinstance(value, bool) or formula(value) else parse_points(value)
        if total is None or address in writes or total != tournament.points.get(player):
            continue   # empty, a formula, or not the total of the results (the recalculation says so)
        gained = tournament.scoring.points(RoundEntry(0, None if code in BYE_CODES.values() else 1,
                                                      Colour.NONE, code))
        out[address] = cell_number(tournament.points[player] + gained)
    return out


def _patched(grid: Grid, writes: dict[str, CellValue]) -> Grid:
    rows = [list(row) for row in grid.rows]
    for address, value in writes.items():
        r, c = parse_address(address)
        while len(rows) <= r:
            rows.append([])
        row = rows[r]
        while len(row) <= c:
            row.append(None)
        row[c] = value
    return Grid(grid.sheet, rows, grid.merged)


def _cell_writes(sheet: str, writes: dict[str, CellValue]) -> tuple[SheetWrite, ...]:
    """The cells as SheetWrites of one row each, one per run of adjacent cells (an adapter writes a
    block at once; a gap must not be written as an empty cell)."""
    by_row: dict[int, dict[int, CellValue]] = {}
    for address, value in writes.items():
        r, c = parse_address(address)
        by_row.setdefault(r, {})[c] = value
    out = []
    for r in sorted(by_row):
        run: list[tuple[int, CellValue]] = []
        for c in sorted(by_row[r]):
            if run and c != run[-1][0] + 1:
                out.append(_run(sheet, r, run))
                run = []
            run.append((c, by_row[r][c]))
        out.append(_run(sheet, r, run))
    return tuple(out)


def _run(sheet: str, r: int, run: list[tuple[int, CellValue]]) -> SheetWrite:
    return SheetWrite(sheet, (tuple(v for _, v in run),), top_left=cell_address(r, run[0][0]), clear=None,
                      header_rows=())
