"""US Chess wall charts (WinTD / SwissSys / MSA style).

    #  | Name        | ID       | Rtng | Rd 1 | Rd 2 | Rd 3 | Total
    1  | ANDERSEN, G | 15445895 | 1794 | W16  | W 20 | D7   | 2.5
       |             |          |      | W    | B    | W    |          <- optional colour row

A round cell is a result letter and the opponent's pairing number: `W12` win, `L5` loss, `D3`
draw (`W 12` also), `X12` forfeit win, `F5` forfeit loss (X/F may omit the opponent); `B` full-point
(pairing-allocated) bye, `H` half-point bye, `U` unpaired, `Z` zero-point bye. Colours are not part
of the cell: when the row under a player holds only `W`/`B` in the round columns, those are the
player's colours. A TRF code in brackets says what the letters cannot: `B (F)` a requested
full-point bye. Every operation of `rulesengine.layout.CrosstableLayout` but `published`; it
imports only the public core, as any federation's layout plugin would.
"""

from __future__ import annotations

import re

from rulesengine.grid import CellValue, Grid, cell_address, text
from rulesengine.layout import CrosstableCells, NoNotation, RawEntry
from rulesengine.layout_cells import (Problems, build_tournament, find_header, formula, header_labels, player_columns,
                                      read_player, split_trf_note, start_number)
from rulesengine.plugins import Colour, InputError, Location, Problem, ResultCode, RoundEntry, ScoringSystem
from rulesengine.plugins import STANDARD_SCORING, Tournament

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
                found = read_cell(grid, r, c, number, colours.get(number, Colour.NONE), problems)
                if found is not None:
                    player.entries.append(found)
            raws.append(player)
        r += 2 if colours else 1
    # A wall chart is ranked by US Chess's tie-breaks (rule 34E, the plugin's `uschess` preset) unless
    # Settings say otherwise, under the event's name printed above the table.
    return build_tournament(raws, max(n for n, _ in rounds), problems, name=name or _event_name(grid, header),
                            kind=kind, scoring=scoring, tiebreak_order=(DEFAULT_TIEBREAKS,), layout=NAME)


DEFAULT_TIEBREAKS = "uschess"


def _event_name(grid: Grid, header: int) -> str:
    """The first line above the header that holds one text alone (WinTD and SwissSys print the
    event's name there), or ""."""
    for r in range(header):
        values = [text(v) for v in grid.rows[r] if text(v)]
        if len(values) == 1 and not values[0].isdigit():
            return values[0]
    return ""


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


# ---------------------------------------------------------------- the fold-in: locate, entry, write

GAME_LETTERS = {ResultCode.WIN: "W", ResultCode.LOSS: "L", ResultCode.DRAW: "D", ResultCode.FORFEIT_WIN: "X",
                ResultCode.FORFEIT_LOSS: "F"}
BYE_LETTERS: dict[ResultCode, CellValue] = {ResultCode.PAIRING_ALLOCATED_BYE: "B", ResultCode.HALF_POINT_BYE: "H",
                                            ResultCode.FULL_POINT_BYE: "B (F)", ResultCode.ZERO_POINT_BYE: "Z"}
_COLOUR_LETTER = {Colour.WHITE: "W", Colour.BLACK: "B"}


def locate(grid: Grid) -> CrosstableCells:
    """Each player's row and round cells, and the colour row under the player (blank until the
    first game, as WinTD prints it) where there is one."""
    header = _header(grid)
    if header is None:
        raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"), "no wall-chart header (Name, Rd 1, ...)"))
    labels = header_labels(grid, header)
    rounds = _round_columns(labels)
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
            colour_rows[sno] = below
    return CrosstableCells(grid, players, {n: (c,) for n, c in rounds}, cols.total, colour_rows)


def entry(cells: CrosstableCells, sno: int, round_number: int) -> RawEntry | None:
    """What the round's cell holds, with the colour from the colour row (None: empty)."""
    problems = Problems(cells.grid.sheet)
    c = cells.rounds[round_number][0]
    colour = Colour.NONE
    if sno in cells.rows_below:
        colour = _COLOURS.get(text(cells.grid.value(cells.rows_below[sno], c)).upper(), Colour.NONE)
    found = read_cell(cells.grid, cells.rows[sno], c, round_number, colour, problems)
    problems.raise_if_any()
    return found


def write(cells: CrosstableCells, sno: int, round_entry: RoundEntry, result_only: bool = False) -> dict[str, CellValue]:
    """`W4` in the round's cell and the colour in the row under the player; `B`, `H`, `Z` for byes."""
    r, c = cells.rows[sno], cells.rounds[round_entry.round][0]
    if round_entry.opponent is None:
        return {cell_address(r, c): BYE_LETTERS[round_entry.code]}
    if round_entry.code not in GAME_LETTERS:
        raise NoNotation("a US Chess wall chart has no notation for an unrated game")
    if sno not in cells.rows_below:
        raise NoNotation(f"the wall chart has no colour row under player {sno} (row {r + 1}) to record "
                         f"the colour in; leave an empty row under each player, as WinTD prints it")
    return {cell_address(r, c): f"{GAME_LETTERS[round_entry.code]}{round_entry.opponent}",
            cell_address(cells.rows_below[sno], c): _COLOUR_LETTER[round_entry.colour]}


# ---------------------------------------------------------------- export

# A whole chart writes an unrated game as played (the fold-in refuses it instead).
_EXPORTED_GAME = {**GAME_LETTERS, ResultCode.UNRATED_WIN: "W", ResultCode.UNRATED_LOSS: "L",
                  ResultCode.UNRATED_DRAW: "D"}


def export(t: Tournament, sheet: str) -> Grid:
    """A wall chart, with a colour row under every player when any game has a colour."""
    rows: list[list[CellValue]] = [["#", "Name", "ID", "Rtng", *(f"Rd {r}" for r in range(1, t.rounds + 1)), "Total"]]
    with_colours = any(e.colour is not Colour.NONE for p in t.players for e in t.entries(p.start_rank))
    for p in t.players:
        cells: list[CellValue] = [p.start_rank, p.name, p.player_id or None, p.rating]
        colours: list[CellValue] = [None, None, None, None]
        for e in t.entries(p.start_rank):
            if e.opponent is not None:
                cells.append(f"{_EXPORTED_GAME[e.code]}{e.opponent}")
                colours.append(_COLOUR_LETTER.get(e.colour))
            else:
                cells.append(BYE_LETTERS.get(e.code, "X" if e.code is ResultCode.FORFEIT_WIN else "U"))
                colours.append(None)
        cells.append(float(t.points[p.start_rank]))
        rows.append(cells)
        if with_colours:
            rows.append(colours)  # as WinTD prints it: under every player, blank when no game was played
    return Grid(sheet, rows)
