"""Swiss-Manager / chess-results.com crosstables ("Final ranking crosstable after N rounds").

    Rk. | SNo |  | Name | FED | Rtg | 1.Rd | 2.Rd | ... | Pts. | TB1 | TB2
     1  |  5  |GM| Rossi| NED | 2163| 11w1 |  2b0 | ... | 5    | 16,5| 14
    ...
    Tie Break1: Buchholz Tie-Breaks (variabel with parameter)

A round cell is the opponent's start number, the colour and the result: `12w1`, `5b½`, `7w0`;
forfeits have `+`/`-` as the result (`12w+`, `5b-`). Rounds without an opponent are `-1`
(pairing-allocated bye), `-½` (half-point bye) and `-0` (not paired); Excel often turns the
first and last into the numbers -1 and 0. A TRF code in brackets says what this notation
cannot: `-1 (F)` full-point bye, `-0 (Z)` zero-point bye. The tie-break legend under the table
becomes the tournament's announced tie-break order, and the `TB1`, `TB2`, ... columns are what
the export published (`published`). Every operation of `rulesengine.layout.CrosstableLayout`.
"""

from __future__ import annotations

import re

from rulesengine.errors import InputError, Location, Problem
from rulesengine.grid import CellValue, Grid, cell_address, text
from rulesengine.layout import CrosstableCells, NoNotation, PrintedStandings, RawEntry
from rulesengine.layout_cells import (Columns, Problems, build_tournament, find_header, formula, header_labels,
                                      numbered_rows, player_columns, points_cell, read_player, split_trf_note,
                                      start_number)
from rulesengine.model import Colour, ResultCode, RoundEntry, ScoringSystem, STANDARD_SCORING, Tournament
from rulesengine.registry import default_registry

NAME = "swiss_manager"
ROUND_HEADER = re.compile(r"^(\d{1,9})\s*\.?\s*(rd|rnd|r|runde|ronda|rde|round)\.?$")
CELL = re.compile(r"^(?P<opp>\d{1,9})\s*(?P<colour>[wbsWBS]?)\s*(?P<result>1/2|0[.,]5|[10½=+-])$")
_RESULTS = {"1": ResultCode.WIN, "0": ResultCode.LOSS, "½": ResultCode.DRAW, "=": ResultCode.DRAW,
            "1/2": ResultCode.DRAW, "0.5": ResultCode.DRAW, "0,5": ResultCode.DRAW,
            "+": ResultCode.FORFEIT_WIN, "-": ResultCode.FORFEIT_LOSS}
_NO_OPPONENT = {"-1": ResultCode.PAIRING_ALLOCATED_BYE, "-½": ResultCode.HALF_POINT_BYE,
                "-1/2": ResultCode.HALF_POINT_BYE, "-0.5": ResultCode.HALF_POINT_BYE,
                "-0,5": ResultCode.HALF_POINT_BYE, "-0": ResultCode.NOT_PAIRED, "0": ResultCode.NOT_PAIRED,
                "bye": ResultCode.PAIRING_ALLOCATED_BYE, "": ResultCode.NOT_PAIRED, "-": ResultCode.NOT_PAIRED}
LEGEND = re.compile(r"^(?:tie[- ]?break|tb)\s*(\d+)\s*:\s*(.+)$", re.IGNORECASE)
TB_HEADER = re.compile(r"^tb\s*(\d+)$")


def _round_columns(labels: list[str]) -> list[tuple[int, int]]:
    """(round number, column) for each `N.Rd` header."""
    found = []
    for c, label in enumerate(labels):
        match = ROUND_HEADER.match(label.replace(" ", "")) or ROUND_HEADER.match(label)
        if match:
            found.append((int(match.group(1)), c))
    return found


def _header(grid: Grid) -> int | None:
    return find_header(grid, lambda labels: bool(_round_columns(labels))
                       or ("rk" in labels and "sno" in labels and not any(l.isdigit() for l in labels)))


def detect(grid: Grid) -> bool:
    return _header(grid) is not None


def legend(grid: Grid, start_row: int) -> dict[int, str]:
    """The words of the `Tie Break1: ...` lines under the table, by tie-break number."""
    found: dict[int, str] = {}
    for r in range(start_row, grid.height):
        for value in grid.rows[r]:
            match = LEGEND.match(text(value))
            if match:
                found[int(match.group(1))] = match.group(2).strip()
    return found


def legend_codes(grid: Grid, start_row: int) -> tuple[str, ...]:
    """Tie-break codes from `Tie Break1: ...` lines under the table, in order."""
    found: dict[int, str] = {}
    for number, words in legend(grid, start_row).items():
        # The plugin that owns a code says how publishers name it (hook rulesengine_tiebreak_legends).
        code = default_registry().spec_for_legend(words)
        if code:
            found[number] = code
    return tuple(found[k] for k in sorted(found))


def _columns(grid: Grid, header: int) -> tuple[list[str], list[tuple[int, int]], Columns]:
    """The header's labels, its round columns and its player columns."""
    labels = header_labels(grid, header)
    rounds = _round_columns(labels)
    first = min((c for _, c in rounds), default=len(labels))
    return labels, rounds, player_columns(labels, header, first, max((c for _, c in rounds), default=first) + 1)


def read(grid: Grid, *, scoring: ScoringSystem = STANDARD_SCORING, kind: str = "swiss", name: str = "") -> Tournament:
    problems = Problems(grid.sheet)
    header = _header(grid)
    if header is None:
        problems.add(0, 0, "no Swiss-Manager header (Name, 1.Rd, 2.Rd, ...) found")
        problems.raise_if_any()
    labels, rounds, cols = _columns(grid, header)
    # The table ends at the first row without a start number (the legend follows).
    number_col = cols.sno if cols.sno is not None else cols.rank
    raws, r = [], header + 1
    while r < grid.height:
        key = grid.value(r, number_col) if number_col is not None else grid.value(r, cols.name)
        if text(key) == "" or (number_col is not None and start_number(key) is None and not formula(key)):
            break
        player = read_player(grid, r, cols, problems, len(raws) + 1)
        if player is not None:
            for number, c in rounds:
                found = read_cell(grid, r, c, number, problems)
                if found is not None:
                    player.entries.append(found)
            raws.append(player)
        r += 1
    if not name:
        name = next((text(v) for row in grid.rows[:header] for v in row if text(v)), "")
    total_rounds = max((n for n, _ in rounds), default=0)
    announced = legend_codes(grid, r)
    if not problems.items and cols.sno is not None and cols.rank is not None:
        # Both `Rk.` and `SNo`: the cells normally name start numbers, but a ranking crosstable
        # may name ranks. Take start numbers unless only ranks make every game mirror.
        try:
            return build_tournament(raws, total_rounds, Problems(grid.sheet), name=name, kind=kind,
                                    scoring=scoring, tiebreak_order=announced, layout=NAME)
        except InputError as by_start_number:
            sno_of_rank = {p.rank: p.start_rank for p in raws if p.rank is not None}
            if len(sno_of_rank) != len(raws):
                raise by_start_number from None
            for player in raws:
                for entry in player.entries:
                    if entry.opponent is not None:
                        entry.opponent = sno_of_rank.get(entry.opponent, -entry.opponent)
            try:
                return build_tournament(raws, total_rounds, Problems(grid.sheet), name=name, kind=kind,
                                        scoring=scoring, tiebreak_order=announced, layout=NAME)
            except InputError:
                raise by_start_number from None
    return build_tournament(raws, total_rounds, problems, name=name, kind=kind, scoring=scoring,
                            tiebreak_order=announced, layout=NAME)


def read_cell(grid: Grid, r: int, c: int, number: int, problems: Problems) -> RawEntry | None:
    raw = grid.value(r, c)
    cell = grid.address(r, c).split("!", 1)[1]
    if formula(raw):
        problems.add(r, c, f"round {number}: the cell holds a formula; type the result itself")
        return None
    if isinstance(raw, (int, float)) and not isinstance(raw, bool) and raw in (-1, 0, -0.5):
        value = {-1: "-1", 0: "-0", -0.5: "-½"}[raw]
    else:
        value = text(raw).replace(" ", "")
    value, note = split_trf_note(value)
    code = _NO_OPPONENT.get(value.lower())
    if code is not None:
        if note is not None:
            code = note
        return RawEntry(number, None, Colour.NONE, code, cell) if code is not ResultCode.NOT_PAIRED else None
    match = CELL.match(value)
    if not match:
        problems.add(r, c, f"round {number}: cannot read {text(raw)!r} (want opponent, colour and result "
                           f"like 12w1, 5b½, 7w+, or -1 / -½ / -0 for a round without opponent)")
        return None
    colour = {"w": Colour.WHITE, "b": Colour.BLACK, "s": Colour.BLACK, "": Colour.NONE}[match["colour"].lower()]
    return RawEntry(number, int(match["opp"]), colour, _RESULTS[match["result"]], cell)


def published(grid: Grid) -> PrintedStandings | None:
    """The `Pts.` and `TB1`, `TB2`, ... columns after the rounds, and the legend naming them."""
    header = _header(grid)
    if header is None:
        return None
    labels, _, cols = _columns(grid, header)
    number_col = cols.sno if cols.sno is not None else cols.rank
    rows: dict[int, int] = {}
    r = header + 1
    while r < grid.height and number_col is not None and (sno := start_number(grid.value(r, number_col))) is not None:
        rows[sno] = r
        r += 1
    tiebreaks = tuple(sorted((int(m.group(1)), c) for c, label in enumerate(labels) if (m := TB_HEADER.match(label))))
    return PrintedStandings(header, rows, cols.total, tiebreaks, legend(grid, r))


# ---------------------------------------------------------------- the fold-in: locate, entry, write

RESULT_NOTATION = {ResultCode.WIN: "1", ResultCode.LOSS: "0", ResultCode.DRAW: "½", ResultCode.FORFEIT_WIN: "+",
                   ResultCode.FORFEIT_LOSS: "-"}
# Rounds without an opponent; a TRF code in brackets says what the notation cannot.
BYE_NOTATION: dict[ResultCode, CellValue] = {ResultCode.PAIRING_ALLOCATED_BYE: -1, ResultCode.HALF_POINT_BYE: "-½",
                                             ResultCode.FULL_POINT_BYE: "-1 (F)", ResultCode.ZERO_POINT_BYE: "-0 (Z)"}
_COLOUR_LETTER = {Colour.WHITE: "w", Colour.BLACK: "b"}


def locate(grid: Grid) -> CrosstableCells:
    """Each player's row (down to the first row without a start number) and each round's cell."""
    header = _header(grid)
    if header is None:
        raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"), "no Swiss-Manager header (Name, 1.Rd, ...)"))
    _, rounds, cols = _columns(grid, header)
    number_col = cols.sno if cols.sno is not None else cols.rank
    rows, r = [], header + 1
    while r < grid.height and number_col is not None and start_number(grid.value(r, number_col)) is not None:
        rows.append(r)
        r += 1
    return CrosstableCells(grid, numbered_rows(grid, rows, number_col), {n: (c,) for n, c in rounds}, cols.total)


def entry(cells: CrosstableCells, sno: int, round_number: int) -> RawEntry | None:
    """What the round's cell holds (None: empty); InputError when it cannot be read."""
    problems = Problems(cells.grid.sheet)
    found = read_cell(cells.grid, cells.rows[sno], cells.rounds[round_number][0], round_number, problems)
    problems.raise_if_any()
    return found


def write(cells: CrosstableCells, sno: int, round_entry: RoundEntry, result_only: bool = False) -> dict[str, CellValue]:
    """`12w1`, `5b½`, `-1` for the pairing-allocated bye; NoNotation for an unrated game."""
    address = cell_address(cells.rows[sno], cells.rounds[round_entry.round][0])
    if round_entry.opponent is None:
        return {address: BYE_NOTATION[round_entry.code]}
    if round_entry.code not in RESULT_NOTATION:
        raise NoNotation("a Swiss-Manager crosstable has no notation for an unrated game")
    return {address: f"{round_entry.opponent}{_COLOUR_LETTER[round_entry.colour]}{RESULT_NOTATION[round_entry.code]}"}


# ---------------------------------------------------------------- export

# A whole crosstable writes an unrated game as played (the fold-in, which must not lose the
# difference, refuses it instead).
_EXPORTED_RESULT = {**RESULT_NOTATION, ResultCode.UNRATED_WIN: "1", ResultCode.UNRATED_LOSS: "0",
                    ResultCode.UNRATED_DRAW: "½"}
_EXPORTED_NO_OPPONENT = {**BYE_NOTATION, ResultCode.FORFEIT_WIN: "-1"}


def export(t: Tournament, sheet: str) -> Grid:
    """A "Final ranking crosstable": players by rank, the legend of the tie-break order under it."""
    rows: list[list[CellValue]] = [[f"{t.name}"], [f"Final ranking crosstable after {t.rounds} Rounds"], []]
    rows.append(["Rk.", "SNo", None, "Name", "FED", "Rtg", *(f"{r}.Rd" for r in range(1, t.rounds + 1)), "Pts."])
    order = sorted(t.players, key=lambda p: (-t.points[p.start_rank], p.start_rank))
    for rank, p in enumerate(order, start=1):
        cells: list[CellValue] = [rank, p.start_rank, p.title or None, p.name, p.federation or None, p.rating]
        for e in t.entries(p.start_rank):
            if e.opponent is not None:
                colour = _COLOUR_LETTER.get(e.colour, "")
                cells.append(f"{e.opponent}{colour}{_EXPORTED_RESULT[e.code]}")
            else:
                cells.append(_EXPORTED_NO_OPPONENT.get(e.code, "-0"))
        # Swiss-Manager writes points with a decimal comma in many locales.
        cells.append(str(points_cell(t.points[p.start_rank])).replace(".", ","))
        rows.append(cells)
    rows.append([])
    for i, spec in enumerate(t.tiebreak_order, start=1):
        rows.append([f"Tie Break{i}: {spec}"])
    return Grid(sheet, rows)
