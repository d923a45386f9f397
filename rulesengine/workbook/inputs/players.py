"""The optional `Players` sheet: one row per start number with what a crosstable may not carry
(rating, federation, FIDE ID, birth year, games played before, K, ...), for standings and ratings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from rulesengine.errors import Location, Problem
from rulesengine.model import Tournament
from rulesengine.rating import RatingRecord, round_half_away_from_zero
from rulesengine.workbook.inputs.bounds import (BIRTH_YEAR, DEVIATION, GAMES, K_FACTOR, MAX_ROUNDS, RATING, VOLATILITY,
                                                check_range)
from rulesengine.grid import Grid, cell_address, text
from rulesengine.layout_cells import (FED_LABELS, ID_LABELS, NAME_LABELS, Problems, RATING_LABELS,
                                                 TITLE_LABELS, find_column, formula, norm, start_number)
from rulesengine.cell_values import parse_points, shown
from rulesengine.numbers import is_digits

PLAYERS_SHEET = "Players"
# Column header -> RatingRecord/Player field, beyond the crosstable's own columns.
_EXTRA = {
    "games": "games", "games played": "games", "prior games": "games", "n": "games",
    "k": "k", "k-factor": "k", "k factor": "k",
    "birth": "birth_year", "birth year": "birth_year", "born": "birth_year", "year of birth": "birth_year",
    "birthday": "birth_year", "birth date": "birth_year", "b-day": "birth_year",
    "highest rating": "highest_rating", "highest": "highest_rating", "peak": "highest_rating",
    "rd": "deviation", "deviation": "deviation", "volatility": "volatility",
    # The event day: the first round a player is no longer paired in (issue 23 item 4).
    "withdrawn from round": "withdrawn_from", "withdrawn from": "withdrawn_from", "withdrawn": "withdrawn_from",
    "withdrew from round": "withdrawn_from", "withdrawal from round": "withdrawn_from",
    # An expelled player (VCL4THP Q197-198): not paired from this round on, and not ranked.
    "expelled from round": "expelled_from", "expelled from": "expelled_from", "expelled": "expelled_from",
    # A player who may not take a half-point bye (free entry, conditions: VCL4THP Q175-176).
    "no half-point byes": "no_half_point_byes", "no hpb": "no_half_point_byes",
    "no half point byes": "no_half_point_byes",
}


# Every number read from the sheet is bounded (workbook.bounds): 1e308 is a slip, not a rating.
_BOUNDS = {"rating": RATING, "k": K_FACTOR, "highest_rating": RATING, "deviation": DEVIATION,
           "volatility": VOLATILITY}


@dataclass(frozen=True)
class PlayerFacts:
    start_rank: int
    name: str = ""
    rating: float | None = None  # a ladder carries decimals (1413.8)
    federation: str = ""
    title: str = ""
    player_id: str = ""
    games: int | None = None
    k: float | None = None
    birth_year: int | None = None
    highest_rating: float | None = None
    deviation: float | None = None
    volatility: float | None = None
    withdrawn_from: int | None = None   # not paired from this round on (the TD's "Withdrawn from round")
    withdrawn_cell: str = ""            # where it was typed: `Players!J7`
    expelled_from: int | None = None    # expelled: not paired from this round on, not ranked (Q197-198)
    expelled_cell: str = ""
    no_half_point_byes: bool = False    # may not take a half-point bye (Q175-176)
    no_half_point_byes_cell: str = ""


def parse_players(grid: Grid | None) -> tuple[dict[int, PlayerFacts], list[Problem]]:
    """Read the Players sheet: header row with `SNo` and `Name`, one row per player."""
    if grid is None:
        return {}, []
    problems = Problems(grid.sheet)
    header = None
    for r in range(min(grid.height, 20)):
        labels = [norm(v) for v in grid.row(r, merged=True)]
        if any(label in NAME_LABELS for label in labels) and find_column(labels, {"sno", "no", "#", "nr", "start no"}) is not None:
            header = r
            break
    if header is None:
        return {}, []
    labels = [norm(v) for v in grid.row(header, merged=True)]
    sno_col = find_column(labels, {"sno", "no", "#", "nr", "start no"})
    cols = {"name": find_column(labels, NAME_LABELS), "rating": find_column(labels, RATING_LABELS),
            "federation": find_column(labels, FED_LABELS), "title": find_column(labels, TITLE_LABELS),
            "player_id": find_column(labels, ID_LABELS)}
    for c, label in enumerate(labels):
        if label in _EXTRA and _EXTRA[label] not in cols:
            cols[_EXTRA[label]] = c
    facts: dict[int, PlayerFacts] = {}
    for r in range(header + 1, grid.height):
        raw_sno = grid.value(r, sno_col)
        if text(raw_sno) == "":
            if all(text(v) == "" for v in grid.rows[r]):
                continue
            problems.add(r, sno_col, "row has no start number")
            continue
        sno = start_number(raw_sno)
        if sno is None or sno <= 0:
            problems.add(r, sno_col, f"start number must be a positive whole number, found {text(raw_sno)!r}")
            continue
        values: dict[str, Any] = {}
        for field_name, c in cols.items():
            if c is None:
                continue
            raw = grid.value(r, c)
            if text(raw) == "":
                continue
            if formula(raw):
                problems.add(r, c, f"{field_name.replace('_', ' ')} cell holds a formula; type the value itself")
                continue
            try:
                values[field_name] = _convert(field_name, raw)
            except ValueError as exc:
                problems.add(r, c, str(exc))
                continue
            if field_name in _CELL_OF:
                values[_CELL_OF[field_name]] = str(Location(sheet=grid.sheet, cell=cell_address(r, c)))
        if sno in facts:
            problems.add(r, sno_col, f"start number {sno} appears twice")
            continue
        if "withdrawn_from" in values and "expelled_from" in values:
            problems.add(r, cols["expelled_from"], "a player is withdrawn or expelled, not both: clear one of the two")
            continue
        facts[sno] = PlayerFacts(start_rank=sno, **values)
    return facts, problems.items


# The fields whose cell a later message names (`Players!J7`).
_CELL_OF = {"withdrawn_from": "withdrawn_cell", "expelled_from": "expelled_cell",
            "no_half_point_byes": "no_half_point_byes_cell"}


def _convert(field_name: str, raw: Any) -> Any:
    if field_name in ("name", "federation", "title", "player_id"):
        return text(raw)
    if field_name == "no_half_point_byes":
        word = text(raw).strip().lower()
        if word in ("yes", "y", "x", "1", "true", "no hpb"):
            return True
        if word in ("no", "n", "0", "false", "-"):
            return False
        raise ValueError(f"no half-point byes must be yes or no (or x), found {text(raw)!r}")
    if field_name in ("withdrawn_from", "expelled_from"):
        number = parse_points(raw) if not isinstance(raw, bool) else None
        if number is None or number.denominator != 1 or not 1 <= number <= MAX_ROUNDS:
            raise ValueError(f"{field_name.replace('_', ' ')} round must be a round number (1 to {MAX_ROUNDS}), "
                             f"found {text(raw)!r}")
        return int(number)
    if field_name == "birth_year":
        if isinstance(raw, (date, datetime)):
            return raw.year
        digits = text(raw)[:4]
        if not is_digits(digits):
            raise ValueError(f"birth year must be a year, found {text(raw)!r}")
        return check_range(int(digits), BIRTH_YEAR, "birth year", raw)
    try:
        number = parse_points(raw)
    except (OverflowError, ValueError):  # inf, nan typed or pasted
        number = None
    what = field_name.replace('_', ' ')
    if number is None and _finite_number(raw):
        number = raw  # a number past the readers' bounds: the range check below names it
    if number is None:
        raise ValueError(f"{what} must be a number, found {shown(raw)!r}")
    if field_name == "games" and isinstance(number, float):
        number = Fraction(number)  # exact, so a fractional count is refused below
    if field_name == "games":
        if number.denominator != 1:
            raise ValueError(f"games must be a whole number, found {text(raw)!r}")
        return check_range(int(number), GAMES, "games", raw)
    return float(check_range(number, _BOUNDS[field_name], what, raw))


def _finite_number(raw: Any) -> bool:
    return isinstance(raw, (int, float)) and not isinstance(raw, bool) and math.isfinite(raw)


def no_players_problem(tournament: Tournament, crosstable: Grid, players: Grid | None,
                       facts: dict[int, PlayerFacts]) -> Problem | None:
    """A crosstable without players is not an event of 0 players (issue 23 item 3): a problem at the
    cell to type the first player in, naming the Players sheet's rows when the players are there
    instead (the crosstable is where the event's players are typed; Players adds to them by SNo)."""
    if tournament.players:
        return None
    first = _first_player_row(crosstable)
    where = Location(sheet=crosstable.sheet, cell=cell_address(first, 0))
    if facts and players is not None:
        count = len(facts)
        return Problem(where, f"no players here, but the {players.sheet} sheet lists {count}: the event's players "
                              f"are typed here, one row each (SNo and Name, then the rounds); copy the SNo and "
                              f"Name columns of {players.sheet} into {crosstable.sheet}!"
                              f"{cell_address(first, 0)}:{cell_address(first + count - 1, 1)}")
    return Problem(where, "no players yet: type each player here, one row each (SNo 1, 2, 3, ... and Name, then "
                          "the rounds)")


def _first_player_row(grid: Grid) -> int:
    """The row under the crosstable's header rows (the last of the first rows holding a label)."""
    header = 0
    for r in range(min(grid.height, 10)):
        if any(text(v) for v in grid.row(r)):
            header = r
    return header + 1


def merge_players(tournament: Tournament, facts: dict[int, PlayerFacts]) -> Tournament:
    """Fill what the crosstable left empty (rating, federation, ...) from the Players sheet."""
    if not facts:
        return tournament
    players = []
    for p in tournament.players:
        f = facts.get(p.start_rank)
        if f is None:
            players.append(p)
            continue
        # The model holds whole ratings (as TRF does); the exact one stays in the rating record.
        listed = round_half_away_from_zero(f.rating) if f.rating else None
        players.append(replace(p, rating=p.rating or listed, federation=p.federation or f.federation,
                               title=p.title or f.title, player_id=p.player_id or f.player_id,
                               birth_date=p.birth_date or (str(f.birth_year) if f.birth_year else "")))
    return replace(tournament, players=tuple(players))


def rating_records(tournament: Tournament, facts: dict[int, PlayerFacts]) -> dict[int, RatingRecord]:
    records = {}
    for p in tournament.players:
        f = facts.get(p.start_rank, PlayerFacts(p.start_rank))
        birth = f.birth_year or (int(p.birth_date[:4]) if is_digits(p.birth_date[:4]) else None)
        records[p.start_rank] = RatingRecord(
            start_rank=p.start_rank, rating=f.rating if f.rating else float(p.rating) if p.rating else None,
            games=f.games,
            birth_year=birth, highest_rating=f.highest_rating, k=f.k, player_id=p.player_id,
            deviation=f.deviation, volatility=f.volatility)
    return records
