"""US Chess wall charts (WinTD / SwissSys / MSA style).

    #  | Name        | ID       | Rtng | Rd 1 | Rd 2 | Rd 3 | Total
    1  | ANDERSEN, G | 15445895 | 1794 | W16  | W 20 | D7   | 2.5
       |             |          |      | W    | B    | W    |          <- optional colour row

A round cell is a result letter and the opponent's pairing number: `W12` win, `L5` loss, `D3`
draw (`W 12` also), `X12` forfeit win, `F5` forfeit loss (X/F may omit the opponent); `B` full-point
(pairing-allocated) bye, `H` half-point bye, `U` unpaired, `Z` zero-point bye. Colours are not part
of the cell: when the row under a player holds only `W`/`B` in the round columns, those are the
player's colours. A TRF code in brackets says what the letters cannot: `B (F)` a requested
full-point bye.
"""

from __future__ import annotations

import re

from rulesengine.model import Colour, ResultCode, ScoringSystem, STANDARD_SCORING, Tournament
from rulesengine.grid import Grid, text
from rulesengine.workbook.layouts.common import (Problems, RawEntry, build_tournament, find_header, formula,
                                                 header_labels, player_columns, read_player, split_trf_note,
                                                 start_number)

NAME = "uschess_wallchart"
ROUND_HEADER = re.compile(r"^(?:rd|r|rnd|round)\s*\.?\s*(\d{1,9})$")
CELL = re.compile(r"^(?P<r>[WLDXF])\s*(?P<opp>\d{1,9})$|^(?P<nr>[BHUZXF])(?:\s*(?:0|-+))?$", re.IGNORECASE)
_GAMES = {"W": ResultCode.WIN, "L": ResultCode.LOSS, "D": ResultCode.DRAW,
          "X": ResultCode.FORFEIT_WIN, "F": ResultCode.FORFEIT_LOSS}
_NO_OPPONENT = {"B": ResultCode.PAIRING_ALLOCATED_BYE, "H": ResultCode.HALF_POINT_BYE,
                "U": ResultCode.NOT_PAIRED, "Z": ResultCode.ZERO_POINT_BYE,
                "X": ResultCode.FORFEIT_WIN, "F": ResultCode.NOT_PAIRED}
_COLOURS = {"W": Colour.WHITE, "B": Colour.BLACK, "": Colour.NONE}


def _round_columns(labels: list[str]) -> list[tuple[int, int]]:
    return [(int(m.group(1)), c) for c, label in enumerate(labels) if (m := ROUND_HEADER.match(label))]


def _header(grid: Grid) -> int | None:
    return find_header(grid, lambda labels: bool(_round_columns(labels)))


def detect(grid: Grid) -> bool:
    header = _header(grid)
    if header is None:
        return False
    rounds = _round_columns(header_labels(grid, header))
    cells = [text(grid.value(r, c)) for r in range(header + 1, min(grid.height, header + 60)) for _, c in rounds]
    cells = [v for v in cells if v]
    # Majority of filled round cells in wall-chart notation (an empty chart is one too).
    return not cells or sum(bool(CELL.match(split_trf_note(v)[0])) for v in cells) * 2 > len(cells)


def _colour_row(grid: Grid, r: int, number_col: int | None, rounds: list[tuple[int, int]]) -> bool:
    if r >= grid.height or (number_col is not None and start_number(grid.value(r, number_col)) is not None):
        return False
    values = [text(grid.value(r, c)).upper() for _, c in rounds]
    return any(values) and all(v in _COLOURS for v in values)


def _player_follows(grid: Grid, r: int, number_col: int | None) -> bool:
    """Whether the next row that is not blank (within two rows) starts a player."""
    for k in range(r, min(grid.height, r + 2)):
        if any(text(v) for v in grid.rows[k]):
            return number_col is not None and start_number(grid.value(k, number_col)) is not None
    return False


def read(grid: Grid, *, scoring: ScoringSystem = STANDARD_SCORING, kind: str = "swiss", name: str = "") -> Tournament:
    problems = Problems(grid.sheet)
    header = _header(grid)
    if header is None:
        problems.add(0, 0, "no wall-chart header (Name, Rd 1, Rd 2, ...) found")
        problems.raise_if_any()
    labels = header_labels(grid, header)
    rounds = _round_columns(labels)
    first = min(c for _, c in rounds)
    cols = player_columns(labels, header, first, max(c for _, c in rounds) + 1)
    number_col = cols.sno if cols.sno is not None else cols.rank
    raws, r = [], header + 1
    while r < grid.height:
        row = grid.rows[r]
        if all(text(v) == "" for v in row):
            # A blank row is the colour row of a player who played no game (WinTD prints one under
            # every player) when a player row follows; otherwise the table has ended.
            if _player_follows(grid, r + 1, number_col):
                r += 1
                continue
            break
        if _colour_row(grid, r, number_col, rounds):
            r += 1  # a colour row without a player above it: skip
            continue
        player = read_player(grid, r, cols, problems, len(raws) + 1)
        colours = {}
        if _colour_row(grid, r + 1, number_col, rounds):
            colours = {number: _COLOURS[text(grid.value(r + 1, c)).upper()] for number, c in rounds}
        if player is not None:
            for number, c in rounds:
                entry = read_cell(grid, r, c, number, colours.get(number, Colour.NONE), problems)
                if entry is not None:
                    player.entries.append(entry)
            raws.append(player)
        r += 2 if colours else 1
    return build_tournament(raws, max(n for n, _ in rounds), problems, name=name, kind=kind, scoring=scoring,
                            layout=NAME)


def read_cell(grid: Grid, r: int, c: int, number: int, colour: Colour, problems: Problems) -> RawEntry | None:
    raw = grid.value(r, c)
    cell = grid.address(r, c).split("!", 1)[1]
    if formula(raw):
        problems.add(r, c, f"round {number}: the cell holds a formula; type the result itself")
        return None
    value, note = split_trf_note(text(raw))
    if not value:
        return None
    match = CELL.match(value)
    if not match:
        problems.add(r, c, f"round {number}: cannot read {value!r} (want W12, L5, D3, X12, F5, B, H, U or Z)")
        return None
    if match["r"]:
        return RawEntry(number, int(match["opp"]), colour, _GAMES[match["r"].upper()], cell)
    code = note or _NO_OPPONENT[match["nr"].upper()]
    return RawEntry(number, None, Colour.NONE, code, cell) if code is not ResultCode.NOT_PAIRED else None
