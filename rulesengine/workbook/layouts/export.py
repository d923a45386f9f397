"""A Tournament as crosstable grids in each supported layout (for tests, the bench and templates).

`crosstable_grid(tournament, layout)` is the inverse of `layouts.detect.read_crosstable`: reading
the grid back gives the same games. Round-robin grids carry no rounds or colours (see
`layouts.round_robin`); everything else survives exactly.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.model import Colour, EntryKind, ResultCode, Tournament
from rulesengine.workbook.layouts.cells import SM_BYES, SM_RESULTS, WALL_BYES, WALL_GAMES
from rulesengine.grid import CellValue, Grid, MergedRange
from rulesengine.workbook.layouts import round_robin, swiss_manager, template, uschess_wallchart

LAYOUT_NAMES = (template.NAME, swiss_manager.NAME, round_robin.NAME, uschess_wallchart.NAME)


def _points(value: Fraction) -> CellValue:
    return value.numerator if value.denominator == 1 else float(value)


def _half(value: Fraction) -> str:
    whole = int(value)
    return f"{whole or ''}½" if value - whole == Fraction(1, 2) else str(whole)


def crosstable_grid(tournament: Tournament, layout: str, sheet: str = "Crosstable") -> Grid:
    builder = {template.NAME: _template, swiss_manager.NAME: _swiss_manager,
               round_robin.NAME: _round_robin, uschess_wallchart.NAME: _wallchart}[layout]
    return builder(tournament, sheet)


def _template(t: Tournament, sheet: str) -> Grid:
    top: list[CellValue] = ["SNo", "Name", "Rtg", "FED"]
    sub: list[CellValue] = [None, None, None, None]
    merged = []
    for r in range(1, t.rounds + 1):
        col = len(top)
        top += [f"Round {r}", None, None]
        sub += ["Opp", "Col", "Res"]
        merged.append(MergedRange(0, col, 0, col + 2))
    top.append("Pts")
    sub.append(None)
    rows = [top, sub]
    for p in t.players:
        row: list[CellValue] = [p.start_rank, p.name, p.rating, p.federation or None]
        for entry in t.entries(p.start_rank):
            if entry.code is ResultCode.NOT_PAIRED or entry.kind is EntryKind.NOT_PAIRED and entry.opponent is None:
                row += [None, None, "-" if entry.code is ResultCode.FORFEIT_LOSS else None]
                continue
            code = "½" if entry.code is ResultCode.DRAW else entry.code.value
            colour = entry.colour.value if entry.colour is not Colour.NONE else None
            row += [entry.opponent, colour, int(code) if code in ("0", "1") else code]
        row.append(_points(t.points[p.start_rank]))
        rows.append(row)
    return Grid(sheet, rows, tuple(merged))


# Swiss-Manager has no notation for an unrated game: a whole crosstable writes it as played
# (the fold-in, which must not lose the difference, refuses it instead).
_SM_RESULT = {**SM_RESULTS, ResultCode.UNRATED_WIN: "1", ResultCode.UNRATED_LOSS: "0", ResultCode.UNRATED_DRAW: "½"}
_SM_NO_OPPONENT = {**SM_BYES, ResultCode.FORFEIT_WIN: "-1"}


def _swiss_manager(t: Tournament, sheet: str) -> Grid:
    rows: list[list[CellValue]] = [[f"{t.name}"], [f"Final ranking crosstable after {t.rounds} Rounds"], []]
    rows.append(["Rk.", "SNo", None, "Name", "FED", "Rtg", *(f"{r}.Rd" for r in range(1, t.rounds + 1)), "Pts."])
    order = sorted(t.players, key=lambda p: (-t.points[p.start_rank], p.start_rank))
    for rank, p in enumerate(order, start=1):
        cells: list[CellValue] = [rank, p.start_rank, p.title or None, p.name, p.federation or None, p.rating]
        for entry in t.entries(p.start_rank):
            if entry.opponent is not None:
                colour = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(entry.colour, "")
                cells.append(f"{entry.opponent}{colour}{_SM_RESULT[entry.code]}")
            else:
                cells.append(_SM_NO_OPPONENT.get(entry.code, "-0"))
        # Swiss-Manager writes points with a decimal comma in many locales.
        cells.append(str(_points(t.points[p.start_rank])).replace(".", ","))
        rows.append(cells)
    rows.append([])
    for i, spec in enumerate(t.tiebreak_order, start=1):
        rows.append([f"Tie Break{i}: {spec}"])
    return Grid(sheet, rows)


_WC_GAME = {**WALL_GAMES, ResultCode.UNRATED_WIN: "W", ResultCode.UNRATED_LOSS: "L", ResultCode.UNRATED_DRAW: "D"}
_WC_BYE = WALL_BYES


def _wallchart(t: Tournament, sheet: str) -> Grid:
    rows: list[list[CellValue]] = [["#", "Name", "ID", "Rtng", *(f"Rd {r}" for r in range(1, t.rounds + 1)), "Total"]]
    with_colours = any(e.colour is not Colour.NONE for p in t.players for e in t.entries(p.start_rank))
    for p in t.players:
        cells: list[CellValue] = [p.start_rank, p.name, p.player_id or None, p.rating]
        colours: list[CellValue] = [None, None, None, None]
        for entry in t.entries(p.start_rank):
            if entry.opponent is not None:
                cells.append(f"{_WC_GAME[entry.code]}{entry.opponent}")
                colours.append({Colour.WHITE: "W", Colour.BLACK: "B"}.get(entry.colour))
            else:
                cells.append(_WC_BYE.get(entry.code, "X" if entry.code is ResultCode.FORFEIT_WIN else "U"))
                colours.append(None)
        cells.append(float(t.points[p.start_rank]))
        rows.append(cells)
        if with_colours:
            rows.append(colours)  # as WinTD prints it: under every player, blank when no game was played
    return Grid(sheet, rows)


_RR_RESULT = {ResultCode.WIN: "1", ResultCode.LOSS: "0", ResultCode.DRAW: "½", ResultCode.UNRATED_WIN: "1",
              ResultCode.UNRATED_LOSS: "0", ResultCode.UNRATED_DRAW: "½", ResultCode.FORFEIT_WIN: "+",
              ResultCode.FORFEIT_LOSS: "-"}


def _round_robin(t: Tournament, sheet: str) -> Grid:
    n = len(t.players)
    position = {p.start_rank: i for i, p in enumerate(t.players, start=1)}
    rows: list[list[CellValue]] = [["No.", "Name", "Rtg", *range(1, n + 1), "Pts"]]
    for p in t.players:
        results: dict[int, list[str]] = {}
        for entry in t.entries(p.start_rank):
            if entry.opponent is not None:
                results.setdefault(position[entry.opponent], []).append(_RR_RESULT[entry.code])
        cells: list[CellValue] = [position[p.start_rank], p.name, p.rating]
        for k in range(1, n + 1):
            if k == position[p.start_rank]:
                cells.append("*")
            else:
                tokens = results.get(k, [])
                cells.append(" ".join(tokens) if len(tokens) != 1 else
                             (int(tokens[0]) if tokens[0] in "01" else tokens[0]))
        cells.append(_half(t.points[p.start_rank]))
        rows.append(cells)
    return Grid(sheet, rows)
