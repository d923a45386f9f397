"""Federation X's crosstable sheet (German): one cell a round.

    Nr. | Name     | Elo  | Runde 1 | Runde 2 | Punkte
     1  | Berg, Ana| 2210 |  5s1    | 3w½     | 1,5
     2  | Lund, Zoë| 2150 | spielfrei | 4s0   | 1

A round is the opponent's number, the colour (`w` weiß, `s` schwarz) and the result (`1`, `½`,
`0`, `+`/`-` for a forfeit): `5s1`. `spielfrei` is the pairing-allocated bye (a full point),
`frei ½` a half-point bye; `5w` alone is a pairing whose result is not in yet.
"""

from __future__ import annotations

import re

from rulesengine.grid import CellValue, Grid, cell_address, text
from rulesengine.layout import CrosstableCells, NoNotation, RawEntry
from rulesengine.layout_cells import (Columns, Problems, build_tournament, find_header, formula, header_labels,
                                      numbered_rows, player_columns, read_player, start_number)
from rulesengine.plugins import (Colour, InputError, Location, Problem, ResultCode, RoundEntry, ScoringSystem,
                                 STANDARD_SCORING, Tournament)

NAME = "fedx_sheet"
ROUND = re.compile(r"^runde (\d{1,3})$")
CELL = re.compile(r"^(?P<opp>\d{1,4})(?P<colour>[ws])(?P<result>[10½+-]?)$")
RESULTS = {"1": ResultCode.WIN, "½": ResultCode.DRAW, "0": ResultCode.LOSS, "+": ResultCode.FORFEIT_WIN,
           "-": ResultCode.FORFEIT_LOSS}
BYES = {"spielfrei": ResultCode.PAIRING_ALLOCATED_BYE, "frei ½": ResultCode.HALF_POINT_BYE}
COLOURS = {"w": Colour.WHITE, "s": Colour.BLACK}


def _rounds(labels: list[str]) -> dict[int, int]:
    return {int(m.group(1)): c for c, label in enumerate(labels) if (m := ROUND.match(label))}


def _table(grid: Grid) -> tuple[int, dict[int, int], Columns]:
    """The header row, each round's column and the player columns; InputError without a header."""
    header = find_header(grid, lambda labels: bool(_rounds(labels)))
    if header is None:
        raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"), "no Federation X header (Runde 1, ...)"))
    labels = header_labels(grid, header)
    rounds = _rounds(labels)
    return header, rounds, player_columns(labels, header, min(rounds.values()), max(rounds.values()) + 1)


def detect(grid: Grid) -> bool:
    return find_header(grid, lambda labels: bool(_rounds(labels))) is not None


def locate(grid: Grid) -> CrosstableCells:
    header, rounds, cols = _table(grid)
    rows = [r for r in range(header + 1, grid.height) if start_number(grid.value(r, cols.sno)) is not None]
    return CrosstableCells(grid, numbered_rows(grid, rows, cols.sno), {n: (c,) for n, c in rounds.items()},
                           cols.total)


def _read_cell(grid: Grid, r: int, c: int, number: int, problems: Problems) -> RawEntry | None:
    raw = grid.value(r, c)
    value, cell = text(raw).lower(), cell_address(r, c)
    if formula(raw):
        problems.add(r, c, f"Runde {number}: the cell holds a formula; type the result itself")
        return None
    if not value:
        return None
    if value in BYES:
        return RawEntry(number, None, Colour.NONE, BYES[value], cell)
    match = CELL.match(value.replace(" ", ""))
    if not match:
        problems.add(r, c, f"Runde {number}: cannot read {text(raw)!r} (want 5s1, 3w½, spielfrei or frei ½)")
        return None
    opponent, colour = int(match["opp"]), COLOURS[match["colour"]]
    if not match["result"]:
        return RawEntry(number, opponent, colour, ResultCode.NOT_PAIRED, cell, pending=True)
    return RawEntry(number, opponent, colour, RESULTS[match["result"]], cell)


def read(grid: Grid, *, scoring: ScoringSystem = STANDARD_SCORING, kind: str = "swiss", name: str = "") -> Tournament:
    problems = Problems(grid.sheet)
    _, rounds, cols = _table(grid)
    cells = locate(grid)
    players = []
    for position, r in enumerate(cells.rows.values(), start=1):
        player = read_player(grid, r, cols, problems, position)
        if player is not None:
            player.entries += [e for n, c in rounds.items() if (e := _read_cell(grid, r, c, n, problems))]
            players.append(player)
    return build_tournament(players, max(rounds), problems, name=name, kind=kind, scoring=scoring, layout=NAME)


def entry(cells: CrosstableCells, sno: int, round_number: int) -> RawEntry | None:
    problems = Problems(cells.grid.sheet)
    found = _read_cell(cells.grid, cells.rows[sno], cells.rounds[round_number][0], round_number, problems)
    problems.raise_if_any()
    return found


def _notation(e: RoundEntry) -> str:
    if e.opponent is None:
        bye = next((words for words, code in BYES.items() if code is e.code), None)
        if bye is None:
            raise NoNotation(f"a Federation X sheet has no notation for a {e.code.name.lower().replace('_', ' ')}")
        return bye
    result = next((mark for mark, code in RESULTS.items() if code is e.code), None)
    if result is None:
        raise NoNotation("a Federation X sheet has no notation for an unrated game")
    return f"{e.opponent}{'w' if e.colour is Colour.WHITE else 's'}{result}"


def write(cells: CrosstableCells, sno: int, round_entry: RoundEntry, result_only: bool = False) -> dict[str, CellValue]:
    return {cell_address(cells.rows[sno], cells.rounds[round_entry.round][0]): _notation(round_entry)}


def export(tournament: Tournament, sheet: str) -> Grid:
    rows: list[list[CellValue]] = [["Nr.", "Name", "Elo", *(f"Runde {n}" for n in range(1, tournament.rounds + 1)),
                                    "Punkte"]]
    for p in tournament.players:
        games = [None if e.code is ResultCode.NOT_PAIRED else _notation(e) for e in tournament.entries(p.start_rank)]
        points = tournament.points[p.start_rank]
        total = str(points.numerator) if points.denominator == 1 else f"{float(points):g}".replace(".", ",")
        rows.append([p.start_rank, p.name, p.rating, *games, total])
    return Grid(sheet, rows)
