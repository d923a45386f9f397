"""Our own template's crosstable: per round three columns `Opp | Col | Res` under a `Round N` header.

    SNo | Name | Rtg | FED |      Round 1      |      Round 2      | ... | Pts
        |      |     |     | Opp | Col | Res   | Opp | Col | Res   |
     1  | Ana  | 2100| NOR |  4  |  w  |  1    |  3  |  b  |  ½    |

`Res` takes the TRF-16 codes (`1 = 0 + - W D L H F U Z`) plus `½`, `1/2`, `0.5`; `Col` is `w`/`b`
or empty; `Opp` is the opponent's start number, empty for byes. Nothing is lost from a TRF file.
Every operation of `rulesengine.layout.CrosstableLayout` but `published`.
"""

from __future__ import annotations

import re

from rulesengine.errors import InputError, Location, Problem
from rulesengine.grid import CellValue, Grid, MergedRange, cell_address, text
from rulesengine.layout import CrosstableCells, RawEntry
from rulesengine.layout_cells import (Columns, Problems, build_tournament, data_rows, formula, header_labels, norm,
                                      numbered_rows, player_columns, points_cell, read_player, start_number)
from rulesengine.model import Colour, EntryKind, ResultCode, RoundEntry, ScoringSystem, STANDARD_SCORING, Tournament

NAME = "template"
RESULT_CODES = {
    "1": ResultCode.WIN, "0": ResultCode.LOSS, "=": ResultCode.DRAW, "½": ResultCode.DRAW,
    "1/2": ResultCode.DRAW, "0.5": ResultCode.DRAW, "0,5": ResultCode.DRAW,
    "+": ResultCode.FORFEIT_WIN, "-": ResultCode.FORFEIT_LOSS,
    "W": ResultCode.UNRATED_WIN, "D": ResultCode.UNRATED_DRAW, "L": ResultCode.UNRATED_LOSS,
    "H": ResultCode.HALF_POINT_BYE, "F": ResultCode.FULL_POINT_BYE, "U": ResultCode.PAIRING_ALLOCATED_BYE,
    "Z": ResultCode.ZERO_POINT_BYE,
}
# What the dropdowns of the template offer, in this order.
RESULT_CHOICES = ("1", "½", "0", "+", "-", "H", "F", "U", "Z", "W", "D", "L")
COLOUR_CHOICES = ("w", "b")
_BYES = {ResultCode.HALF_POINT_BYE, ResultCode.FULL_POINT_BYE, ResultCode.PAIRING_ALLOCATED_BYE,
         ResultCode.ZERO_POINT_BYE}
_COLOURS = {"w": Colour.WHITE, "white": Colour.WHITE, "b": Colour.BLACK, "black": Colour.BLACK,
            "": Colour.NONE, "-": Colour.NONE}


def _sub_header(grid: Grid) -> int | None:
    for r in range(min(grid.height, 40)):
        labels = [norm(v) for v in grid.row(r)]
        if "opp" in labels and "res" in labels:
            return r
    return None


def detect(grid: Grid) -> bool:
    return _sub_header(grid) is not None


def _round_groups(grid: Grid, sub: int) -> list[tuple[int, int, int | None, int]]:
    """(round, opp col, col col or None, res col) for each round, left to right."""
    labels = [norm(v) for v in grid.row(sub)]
    top = header_labels(grid, sub - 1) if sub > 0 else [""] * len(labels)
    groups = []
    for c, label in enumerate(labels):
        if label != "opp":
            continue
        colour = c + 1 if c + 1 < len(labels) and labels[c + 1] == "col" else None
        res = next((k for k in range(c + 1, min(c + 4, len(labels))) if labels[k] == "res"), None)
        if res is None:
            continue
        match = re.search(r"(\d{1,9})", top[c] if c < len(top) else "")
        number = int(match.group(1)) if match else len(groups) + 1
        groups.append((number, c, colour, res))
    return groups


def _player_columns(grid: Grid, sub: int, groups: list[tuple[int, int, int | None, int]]) -> Columns:
    """The player columns, named by the header row or the sub-header under it."""
    first_round_col = groups[0][1] if groups else grid.width
    after = max((g[3] for g in groups), default=first_round_col) + 1
    top = header_labels(grid, sub - 1) if sub > 0 else []
    labels = [t or norm(s) for t, s in zip(top + [""] * grid.width, [norm(v) for v in grid.row(sub)])]
    return player_columns(labels, sub, first_round_col, after)


def read(grid: Grid, *, scoring: ScoringSystem = STANDARD_SCORING, kind: str = "swiss",
         name: str = "") -> Tournament:
    problems = Problems(grid.sheet)
    sub = _sub_header(grid)
    if sub is None:
        problems.add(0, 0, "no header row with Opp / Col / Res columns found")
        problems.raise_if_any()
    groups = _round_groups(grid, sub)
    cols = _player_columns(grid, sub, groups)
    rounds = max((g[0] for g in groups), default=0)
    raws = []
    for position, r in enumerate(data_rows(grid, sub + 1, [c for c in (cols.sno, cols.name) if c is not None]),
                                 start=1):
        player = read_player(grid, r, cols, problems, position)
        if player is None:
            continue
        for number, opp_col, colour_col, res_col in groups:
            found = _read_round(grid, r, number, opp_col, colour_col, res_col, problems)
            if found is not None:
                player.entries.append(found)
        raws.append(player)
    return build_tournament(raws, rounds, problems, name=name, kind=kind, scoring=scoring, layout=NAME)


def _read_round(grid: Grid, r: int, number: int, opp_col: int, colour_col: int | None, res_col: int,
                problems: Problems) -> RawEntry | None:
    row = grid.rows[r]
    width = len(row)
    opp_raw = row[opp_col] if opp_col < width else None
    res_raw = row[res_col] if res_col < width else None
    colour_raw = row[colour_col] if colour_col is not None and colour_col < width else None
    if opp_raw is None and res_raw is None and colour_raw is None:
        return None  # not paired
    for c, raw in ((opp_col, opp_raw), (res_col, res_raw), (colour_col, colour_raw)):
        if c is not None and formula(raw):
            problems.add(r, c, f"round {number}: the cell holds a formula; type the value itself")
            return None
    cell = cell_address(r, res_col)
    res_text = text(res_raw)
    if isinstance(res_raw, float) and not res_raw.is_integer():
        res_text = "0.5" if res_raw == 0.5 else res_text
    code = RESULT_CODES.get(res_text) or RESULT_CODES.get(res_text.upper())
    opp_text = text(opp_raw)
    if not res_text:
        if not opp_text:
            return None
        # Paired, result not yet in: the round is still being played (checked in workbook.progress).
        opponent = start_number(opp_raw)
        if opponent is None or opponent <= 0:
            problems.add(r, opp_col, f"round {number}: opponent must be a start number, found {opp_text!r}")
            return None
        colour = _COLOURS.get(text(colour_raw).lower(), Colour.NONE)
        return RawEntry(number, opponent, colour, ResultCode.NOT_PAIRED, cell, pending=True)
    if code is None:
        problems.add(r, res_col, f"round {number}: unknown result {res_text!r} (use {' '.join(RESULT_CHOICES)})")
        return None
    colour = _COLOURS.get(text(colour_raw).lower())
    if colour is None:
        problems.add(r, colour_col, f"round {number}: colour must be w or b, found {text(colour_raw)!r}")
        return None
    if code in _BYES:
        if opp_text and start_number(opp_raw) != 0:
            problems.add(r, opp_col, f"round {number}: a bye ({res_text}) has no opponent, found {opp_text!r}")
            return None
        return RawEntry(number, None, Colour.NONE, code, cell)
    opponent = start_number(opp_raw) if opp_text else None
    if opp_text and (opponent is None or opponent < 0):
        problems.add(r, opp_col, f"round {number}: opponent must be a start number, found {opp_text!r}")
        return None
    if not opponent:
        if code is ResultCode.FORFEIT_LOSS:  # absent, as TRF `0000 - -`
            return RawEntry(number, None, Colour.NONE, ResultCode.NOT_PAIRED, cell)
        problems.add(r, opp_col, f"round {number}: result {res_text!r} needs an opponent")
        return None
    return RawEntry(number, opponent, colour, code, cell)


# ---------------------------------------------------------------- the fold-in: locate, entry, write

RESULT_NOTATION: dict[ResultCode, CellValue] = {
    ResultCode.WIN: 1, ResultCode.LOSS: 0, ResultCode.DRAW: "½", ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "-", ResultCode.UNRATED_WIN: "W", ResultCode.UNRATED_DRAW: "D",
    ResultCode.UNRATED_LOSS: "L", ResultCode.PAIRING_ALLOCATED_BYE: "U", ResultCode.HALF_POINT_BYE: "H",
    ResultCode.FULL_POINT_BYE: "F", ResultCode.ZERO_POINT_BYE: "Z"}
_COLOUR_LETTER = {Colour.WHITE: "w", Colour.BLACK: "b"}


def locate(grid: Grid) -> CrosstableCells:
    """Each player's row and each round's Opp, Col and Res columns (the header read as `read` reads it)."""
    sub = _sub_header(grid)
    if sub is None:
        raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"), "no header row with Opp / Col / Res"))
    groups = _round_groups(grid, sub)
    cols = _player_columns(grid, sub, groups)
    rows = data_rows(grid, sub + 1, [c for c in (cols.sno, cols.name) if c is not None])
    number_col = cols.sno if cols.sno is not None else cols.rank
    return CrosstableCells(grid, numbered_rows(grid, rows, number_col),
                           {n: (opp, col, res) for n, opp, col, res in groups}, cols.total)


def entry(cells: CrosstableCells, sno: int, round_number: int) -> RawEntry | None:
    """What the round's three cells hold (None: empty); InputError when they cannot be read."""
    problems = Problems(cells.grid.sheet)
    opp, col, res = cells.rounds[round_number]
    found = _read_round(cells.grid, cells.rows[sno], round_number, opp, col, res, problems)
    problems.raise_if_any()
    return found


def write(cells: CrosstableCells, sno: int, round_entry: RoundEntry, result_only: bool = False) -> dict[str, CellValue]:
    """The result in Res; the opponent and colour in Opp and Col unless the pairing is there."""
    r = cells.rows[sno]
    opp, col, res = cells.rounds[round_entry.round]
    out: dict[str, CellValue] = {cell_address(r, res): RESULT_NOTATION[round_entry.code]}
    if round_entry.opponent is not None and not result_only:
        out[cell_address(r, opp)] = round_entry.opponent
        if col is not None:
            out[cell_address(r, col)] = _COLOUR_LETTER[round_entry.colour]
    return out


# ---------------------------------------------------------------- export

def export(t: Tournament, sheet: str) -> Grid:
    """The tournament in our template, every TRF code kept (`read` gives the same games back)."""
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
        for e in t.entries(p.start_rank):
            if e.code is ResultCode.NOT_PAIRED or e.kind is EntryKind.NOT_PAIRED and e.opponent is None:
                row += [None, None, "-" if e.code is ResultCode.FORFEIT_LOSS else None]
                continue
            code = "½" if e.code is ResultCode.DRAW else e.code.value
            colour = e.colour.value if e.colour is not Colour.NONE else None
            row += [e.opponent, colour, int(code) if code in ("0", "1") else code]
        row.append(points_cell(t.points[p.start_rank]))
        rows.append(row)
    return Grid(sheet, rows, tuple(merged))
