"""What every crosstable layout shares: finding the header, reading the player columns, and the
checks made after any import (results mirror each other, points re-totalled against the totals
column). Problems are collected, never raised one by one, so the TD sees them all at once.

Public: a layout plugin reads its sheet with these, as the built-in layouts do:

    problems = Problems(grid.sheet)
    header = find_header(grid, lambda labels: ...)          # the row naming the columns
    cols = player_columns(header_labels(grid, header), header, first_round_col, after_rounds)
    player = read_player(grid, row, cols, problems, position)  # SNo, name, rating, ... of a row
    player.entries.append(RawEntry(...))                     # each round, in the layout's notation
    return build_tournament(players, rounds, problems, layout=NAME)  # mirror checks, totals

`numbered_rows` maps start numbers to rows (a layout's `locate`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Callable, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import (MIRRORED_CODES, STANDARD_SCORING, Colour, Player, ResultCode, RoundEntry,
                               ScoringSystem, Tournament)
from rulesengine.cell_values import parse_int, parse_points, shown, whole_number
from rulesengine.grid import CellValue, Grid, cell_address, text
from rulesengine.layout import RawEntry
from rulesengine.limits import MAX_RATING, MAX_ROUNDS, MIN_RATING

HEADER_SCAN_ROWS = 40
RATING = (float(MIN_RATING), float(MAX_RATING))   # limits.py: a rating outside is a typing slip

# A cell may end with a TRF code in brackets, e.g. `-1 (F)`, saying what the layout's own
# notation cannot (a requested full-point bye looks like a pairing-allocated one on chess-results).
TRF_NOTE = re.compile(r"\s*\(\s*([UFHZ])\s*\)\s*$", re.IGNORECASE)
BYE_CODES = {"U": ResultCode.PAIRING_ALLOCATED_BYE, "F": ResultCode.FULL_POINT_BYE,
             "H": ResultCode.HALF_POINT_BYE, "Z": ResultCode.ZERO_POINT_BYE}


def norm(value: CellValue) -> str:
    """A header label normalised for matching: lower case, no spaces or dots at the ends."""
    return re.sub(r"\s+", " ", text(value).lower()).strip(" .:#")


# Header labels of the player columns, as seen in the layouts' own files.
SNO_LABELS = {"sno", "snr", "no", "nr", "#", "pair", "pair no", "pair num", "start no", "start rank", "id no", "num", ""}
NAME_LABELS = {"name", "player", "player name", "players", "nombre", "naam", "spieler"}
RATING_LABELS = {"rtg", "rating", "elo", "rtng", "rate", "fide rtg", "nrtg", "irtg", "pre", "pre-rating"}
FED_LABELS = {"fed", "federation", "country", "fed."}
TITLE_LABELS = {"title", "tit", "t"}
TOTAL_LABELS = {"pts", "points", "total", "score", "tot", "sum", "punkte", "pts total"}
RANK_LABELS = {"rk", "rank", "pos", "place", "pl", "rank no"}
UNRATED = {"unr", "unrated", "nr", "n/r", "new", "-", "--", "---", "0"}
# Player id column headings -> the authority that issued the id ("" when the heading does not say).
ID_ISSUERS = {"fide id": "FIDE", "fideid": "FIDE", "fide-id": "FIDE", "id": "",
              "uscf id": "US Chess", "uscf": "US Chess", "us chess id": "US Chess"}
ID_LABELS = set(ID_ISSUERS)


def formula(value: CellValue) -> bool:
    """True when a cell holds a formula's text (openpyxl without cached values gives `=...`)."""
    return isinstance(value, str) and value.lstrip().startswith("=")


@dataclass
class RawPlayer:
    start_rank: int
    name: str
    row: int
    name_cell: str
    entries: list[RawEntry] = field(default_factory=list)
    rating: int | None = None
    federation: str = ""
    title: str = ""
    player_id: str = ""
    id_issuer: str = ""
    total: Fraction | None = None
    total_cell: str = ""
    rank: int | None = None


class Problems:
    """A collector of problems on one sheet."""

    def __init__(self, sheet: str):
        self.sheet = sheet
        self.items: list[Problem] = []

    def add(self, row: int, col: int, message: str) -> None:
        self.items.append(Problem(Location(sheet=self.sheet, cell=cell_address(row, col)), message))

    def at(self, cell: str, message: str) -> None:
        self.items.append(Problem(Location(sheet=self.sheet, cell=cell), message))

    def raise_if_any(self) -> None:
        if self.items:
            raise InputError(self.items)


@dataclass(frozen=True)
class Columns:
    """Where the player columns of a crosstable are (0-based; None = absent)."""

    header_row: int
    name: int
    sno: int | None = None
    rating: int | None = None
    federation: int | None = None
    title: int | None = None
    total: int | None = None
    rank: int | None = None
    player_id: int | None = None
    id_issuer: str = ""


def find_column(labels: Sequence[str], wanted: set[str], start: int = 0, stop: int | None = None) -> int | None:
    for c, label in enumerate(labels[start:stop], start=start):
        if label in wanted:
            return c
    return None


def header_labels(grid: Grid, row: int) -> list[str]:
    """The normalised labels of a header row, reading merged blocks' values into each column."""
    return [norm(v) for v in grid.row(row, merged=True)]


def find_header(grid: Grid, accept: Callable[[list[str]], bool]) -> int | None:
    """The first row (within the first rows of the sheet) whose labels `accept` approves."""
    for r in range(min(grid.height, HEADER_SCAN_ROWS)):
        labels = header_labels(grid, r)
        if any(label in NAME_LABELS for label in labels) and accept(labels):
            return r
    return None


def player_columns(labels: list[str], header_row: int, first_round_col: int, after_rounds: int) -> Columns:
    """Locate the player columns before the rounds and the totals/rank columns after them."""
    name = find_column(labels, NAME_LABELS, 0, first_round_col)
    before = labels[:first_round_col]
    rank = find_column(before, RANK_LABELS)
    sno = find_column(before, SNO_LABELS - {""})
    if sno is None and rank is None:
        # A first column with an empty header holding numbers is the pairing number.
        sno = 0 if name != 0 and before and before[0] == "" else None
    return Columns(
        header_row=header_row,
        name=name if name is not None else 0,
        sno=sno,
        rating=find_column(before, RATING_LABELS),
        federation=find_column(before, FED_LABELS),
        title=find_column(before, TITLE_LABELS),
        player_id=(id_col := find_column(before, ID_LABELS)),
        id_issuer=ID_ISSUERS[before[id_col]] if id_col is not None else "",
        total=find_column(labels, TOTAL_LABELS, after_rounds),
        rank=rank if rank is not None else find_column(labels, RANK_LABELS, after_rounds),
    )


def read_player(grid: Grid, r: int, cols: Columns, problems: Problems, position: int,
                sno_from_rank: bool = True) -> RawPlayer | None:
    """The player facts of row r (start rank, name, rating, ...), or None for a row to skip."""
    def cell(c: int | None) -> CellValue:
        return grid.value(r, c) if c is not None else None

    name_value = cell(cols.name)
    if formula(name_value):
        problems.add(r, cols.name, f"name cell holds a formula ({text(name_value)[:40]}); the engine never "
                                   f"evaluates formulas: type the name itself")
        name = ""
    else:
        name = text(name_value)
    number_col = cols.sno if cols.sno is not None else (cols.rank if sno_from_rank else None)
    sno: int | None = position
    if number_col is not None:
        raw = cell(number_col)
        sno = start_number(raw)
        if sno is None or sno <= 0:
            problems.add(r, number_col, f"start number must be a positive whole number, found {text(raw)!r}")
            return None
    player = RawPlayer(start_rank=sno, name=name, row=r, name_cell=cell_address(r, cols.name))
    if not name and not formula(name_value):
        problems.add(r, cols.name, f"player {sno} has no name")
    if cols.rating is not None:
        raw = cell(cols.rating)
        if text(raw) and norm(raw) not in UNRATED:
            rating = parse_int(raw)
            if rating is None:
                problems.add(r, cols.rating, f"rating must be a whole number, found {text(raw)!r}")
            elif not RATING[0] <= rating <= RATING[1]:
                problems.add(r, cols.rating, f"rating {shown(raw)} is out of range ({RATING[0]:g} to {RATING[1]:g})")
                rating = None
            player.rating = rating or None
    if cols.federation is not None:
        player.federation = text(cell(cols.federation))
    if cols.title is not None:
        player.title = text(cell(cols.title))
    if cols.player_id is not None:
        player.player_id = text(cell(cols.player_id))
        player.id_issuer = cols.id_issuer if player.player_id else ""
    if cols.total is not None:
        raw = cell(cols.total)
        player.total_cell = cell_address(r, cols.total)
        if text(raw) and not formula(raw):
            total = parse_points(raw)
            if total is None:
                problems.add(r, cols.total, f"points total must be a number, found {text(raw)!r}")
            player.total = total
    if cols.rank is not None and cols.rank != number_col:
        player.rank = parse_int(cell(cols.rank))
    return player


def start_number(value: CellValue) -> int | None:
    """A start/pairing number cell: 12, 12.0, "12", "12." -> 12; anything else -> None.

    Stricter than `parse_int` for text: "12 (F)" or "1794->1817" is not a start number."""
    return whole_number(value)  # ASCII digits only, bounded (cell_values.py)


def build_tournament(raws: list[RawPlayer], rounds: int, problems: Problems, *, name: str = "",
                     kind: str = "swiss", scoring: ScoringSystem = STANDARD_SCORING,
                     tiebreak_order: tuple[str, ...] = (), layout: str = "",
                     check_colours: bool = True) -> Tournament:
    """Link the players, check that every game reads the same from both sides, re-total points.

    `rounds` is how many rounds the sheet has room for; the tournament has as many as the last
    round with any entry, because empty trailing round columns are rounds not yet played (a
    7-round event typed into a 9-round template), not rounds everybody missed. Entries paired
    without a result (`pending`) are left out of the games and listed in `extra["pending"]`
    (`round:cell` words) so the recalculation can stop before their round (`workbook.progress`).
    Raises InputError with every problem found (including those already collected).
    """
    if rounds > MAX_ROUNDS:  # limits.py: a header "Round 10000000" must not make 10,000,000 rounds
        problems.add(0, 0, f"{rounds:,} rounds is more than {MAX_ROUNDS} (see the round headers)")
        problems.raise_if_any()
    by_sno: dict[int, RawPlayer] = {}
    for raw in raws:
        if raw.start_rank in by_sno:
            problems.at(raw.name_cell, f"start number {raw.start_rank} is already used by "
                                       f"{by_sno[raw.start_rank].name!r} in row {by_sno[raw.start_rank].row + 1}")
            continue
        by_sno[raw.start_rank] = raw
    by_round = {sno: {e.round: e for e in raw.entries} for sno, raw in by_sno.items()}
    players: list[Player] = []
    pending: list[RawEntry] = []
    capacity = rounds
    rounds = min(rounds, max((e.round for raw in by_sno.values() for e in raw.entries if not e.pending), default=0))
    for sno, raw in by_sno.items():
        entries: dict[int, RoundEntry] = {}
        for e in raw.entries:
            if e.pending:
                _check_pending(e, sno, by_sno, problems)
                pending.append(e)
                continue
            entry = RoundEntry(e.round, e.opponent, e.colour, e.code)
            if e.opponent is not None:
                other = by_sno.get(e.opponent)
                if e.opponent == sno:
                    problems.at(e.cell, f"round {e.round}: player {sno} is paired with themself")
                elif other is None:
                    problems.at(e.cell, f"round {e.round}: opponent {e.opponent} is not in the crosstable")
                else:
                    theirs = by_round[e.opponent].get(e.round)
                    if theirs is not None and theirs.pending and theirs.opponent == sno:
                        problems.at(e.cell, f"round {e.round}: player {sno} has a result against {e.opponent}, but "
                                            f"{theirs.cell} has no result yet")
                    elif theirs is None or theirs.opponent != sno:
                        found = "nothing" if theirs is None or theirs.opponent is None else f"opponent {theirs.opponent}"
                        problems.at(e.cell, f"round {e.round}: player {sno} is paired with {e.opponent}, but "
                                            f"{theirs.cell if theirs else 'the row of ' + str(e.opponent)} "
                                            f"gives {found}")
                    elif theirs.code not in MIRRORED_CODES.get(e.code, ()):
                        problems.at(e.cell, f"round {e.round}: result {_show(e.code)} for player {sno} does not "
                                            f"match {_show(theirs.code)} given by player {e.opponent} in {theirs.cell}")
                    elif check_colours and entry.played and e.colour is not Colour.NONE and theirs.colour is e.colour:
                        problems.at(e.cell, f"round {e.round}: players {sno} and {e.opponent} both have "
                                            f"{'white' if e.colour is Colour.WHITE else 'black'} (see {theirs.cell})")
                    elif e.code is ResultCode.FORFEIT_LOSS and theirs.code is ResultCode.FORFEIT_LOSS:
                        entry = replace(entry, double_forfeit=True)
            entries[e.round] = entry
        ordered = tuple(entries.get(r, RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED))
                        for r in range(1, rounds + 1))
        players.append(Player(start_rank=sno, name=raw.name, rounds=ordered, title=raw.title,
                              rating=raw.rating, federation=raw.federation, player_id=raw.player_id,
                              id_issuer=raw.id_issuer,
                              declared_points=raw.total, declared_rank=raw.rank))
    tournament = Tournament(name=name, players=tuple(sorted(players, key=lambda p: p.start_rank)),
                            rounds=rounds, scoring=scoring, kind=kind, tiebreak_order=tiebreak_order,
                            source=problems.sheet,
                            extra={"layout": layout, "sheet": problems.sheet, "round_columns": str(capacity),
                                   "pending": " ".join(f"{e.round}:{e.cell}" for e in
                                                       sorted(pending, key=lambda e: (e.round, e.cell)))})
    if not problems.items:
        points = tournament.points
        for sno, raw in by_sno.items():
            if raw.total is not None and raw.total != points[sno]:
                problems.at(raw.total_cell, f"points total {_fmt(raw.total)} for player {sno} ({raw.name}) "
                                            f"does not match {_fmt(points[sno])} counted from the results")
    problems.raise_if_any()
    return tournament


def _check_pending(e: RawEntry, sno: int, by_sno: dict[int, RawPlayer], problems: Problems) -> None:
    """A pairing without a result still names a real opponent (mirror checks wait for the result)."""
    if e.opponent == sno:
        problems.at(e.cell, f"round {e.round}: player {sno} is paired with themself")
    elif e.opponent is not None and e.opponent not in by_sno:
        problems.at(e.cell, f"round {e.round}: opponent {e.opponent} is not in the crosstable")


def _show(code: ResultCode) -> str:
    return {ResultCode.WIN: "win", ResultCode.LOSS: "loss", ResultCode.DRAW: "draw",
            ResultCode.FORFEIT_WIN: "forfeit win", ResultCode.FORFEIT_LOSS: "forfeit loss",
            ResultCode.UNRATED_WIN: "unrated win", ResultCode.UNRATED_LOSS: "unrated loss",
            ResultCode.UNRATED_DRAW: "unrated draw"}.get(code, code.name.lower().replace("_", " "))


def _fmt(points: Fraction) -> str:
    return str(points.numerator) if points.denominator == 1 else f"{float(points):g}"


def split_trf_note(raw: str) -> tuple[str, ResultCode | None]:
    """`-1 (F)` -> ("-1", FULL_POINT_BYE); a cell without a note -> (cell, None)."""
    match = TRF_NOTE.search(raw)
    if not match:
        return raw, None
    return raw[:match.start()].strip(), BYE_CODES[match.group(1).upper()]


def data_rows(grid: Grid, first: int, key_cols: Sequence[int]) -> list[int]:
    """Rows of the table body: from `first` down to the first row blank in all `key_cols`."""
    rows = []
    for r in range(first, grid.height):
        if all(text(grid.value(r, c)) == "" for c in key_cols):
            break
        rows.append(r)
    return rows


def numbered_rows(grid: Grid, rows: Sequence[int], number_col: int | None) -> dict[int, int]:
    """Start number -> row of the players' rows (the row's position when there is no number
    column); the first row wins when two give the same number (`read` reports it)."""
    out: dict[int, int] = {}
    for position, r in enumerate(rows, start=1):
        sno = start_number(grid.value(r, number_col)) if number_col is not None else position
        if sno is not None and sno > 0:
            out.setdefault(sno, r)
    return out


def points_cell(value: Fraction) -> CellValue:
    """A points total as an export writes it: 4 for 4, 4.5 for 4½."""
    return value.numerator if value.denominator == 1 else float(value)
