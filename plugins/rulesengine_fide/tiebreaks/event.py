"""One pass over a tournament, shared by every tie-break: who met whom, and what each round was.

Scores are kept as whole numbers of *units* (the largest unit every score of the scoring
system is a multiple of: 1/2 under 1-1/2-0), so the arithmetic of thousands of players is
integer arithmetic; values leave as exact `Fraction`s. `event_data(tournament)` computes the
table once per tournament object and caches it; it depends on the tournament only, never on
which tie-break asked first, so no tie-break can change another (the reference engine's
"FB before BH" defect cannot happen here).
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from itertools import repeat
from operator import is_, itemgetter
from typing import NamedTuple

from rulesengine.model import GAME_CODES, UNRATED_GAME_CODES, Colour, EntryKind, ResultCode, RoundEntry, Tournament

#: Round kinds that are *voluntarily unplayed rounds* (VUR, C.07 art. 16.2 as read in
#: domain.md section 3): the player could have played and did not.
VOLUNTARILY_UNPLAYED = frozenset({
    EntryKind.HALF_POINT_BYE, EntryKind.ZERO_POINT_BYE, EntryKind.NOT_PAIRED,
    EntryKind.FORFEIT_LOSS, EntryKind.DOUBLE_FORFEIT,
})
OVER_THE_BOARD = frozenset({EntryKind.GAME, EntryKind.UNRATED_GAME})
FORFEITS = frozenset({EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.DOUBLE_FORFEIT})
#: The codes of a game over the board, rated or not (the entry kinds in OVER_THE_BOARD).
GAME_RESULTS = GAME_CODES | UNRATED_GAME_CODES
#: Of a game over the board: the result in hundredths of a point, and whether it was a win.
RESULT100 = {code: 100 if code.value in "1W" else (50 if code.value in "=D" else 0) for code in GAME_RESULTS}
GAME_WON = {code: code.value in "1W" for code in GAME_RESULTS}


# Builds a named tuple from a plain tuple without the Python-level __new__.
_make = tuple.__new__
# Round fields read in C (by position: a named tuple's attribute is a Python-level property).
_OPPONENT_AT, _POINTS_AT, _BLACK_AT, _OTB_AT = itemgetter(1), itemgetter(2), itemgetter(4), itemgetter(7)


#: Distinct values kept per scoring system (a batch of many events with many distinct Sonneborn-
#: Berger values starts afresh past this).
MAX_SHARED_VALUES = 100_000


class Round(NamedTuple):
    """One player's round, as the tie-breaks see it (points in units). A named tuple: tens of
    thousands are made per event, and tuples are the cheapest immutable record to build."""

    number: int
    opponent: int          # scheduled opponent's start rank, 0 when there was none
    points: int            # in units
    kind: EntryKind
    black: bool            # played (or was scheduled) with Black
    win_result: bool       # a win over the board (W or 1)
    result100: int         # result of an over-the-board game in hundredths of a point (100, 50, 0)
    over_the_board: bool
    voluntarily_unplayed: bool
    forfeit: bool


@dataclass(frozen=True)
class EventData:
    rounds: int
    unit: Fraction                 # the value of one unit, e.g. 1/2
    win: int                       # points of a win, in units
    draw: int                      # points of a draw, in units
    start_ranks: tuple[int, ...]
    table: dict[int, tuple[Round, ...]]
    totals: dict[int, int]         # final score, in units
    last_non_vur: dict[int, int]   # last round that is not voluntarily unplayed (0: none)
    last_paired: dict[int, int]    # last round with a scheduled opponent or a pairing-allocated bye
    ratings: dict[int, int | None]
    #: Per player, per round 1..rounds: the scheduled opponent (0: none), the points in units and
    #: whether the player had Black -- the table's columns, for tie-breaks that read whole rows
    #: in C (`map`, `sorted`, `sum`) instead of one record at a time.
    opponents: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    round_points: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    blacks: dict[int, tuple[bool, ...]] = field(default_factory=dict, compare=False, repr=False)
    #: Per player, per round 1..rounds: the result code (model.ResultCode).
    codes: dict[int, tuple[ResultCode, ...]] = field(default_factory=dict, compare=False, repr=False)
    #: The players who played every round over the board against an opponent: for them no
    #: unplayed-round rule (C.07 art. 15, 16) can apply, so their tie-breaks take the fast paths.
    all_over_the_board: frozenset[int] = field(default_factory=frozenset, compare=False, repr=False)
    #: Values derived from this table alone (adjusted scores, ...), memoised by their own key.
    memo: dict = field(default_factory=dict, compare=False, repr=False)
    #: The Fractions `value` and `value2` have handed out, by units: shared by the events of one
    #: scoring system (`_scoring`), at most MAX_SHARED_VALUES each.
    values: dict[int, Fraction] = field(default_factory=dict, compare=False, repr=False)
    values2: dict[int, Fraction] = field(default_factory=dict, compare=False, repr=False)

    def value(self, units: int) -> Fraction:
        """A score in units back to points. Each distinct value is one shared Fraction: a large
        event has tens of thousands of values but few distinct ones, and building a Fraction
        (a gcd in Python code) costs more than the arithmetic that produced it."""
        found = self.values.get(units)
        if found is None:
            if len(self.values) >= MAX_SHARED_VALUES:
                self.values.clear()
            found = self.values[units] = Fraction(units, self.unit.denominator)
        return found

    def values_of(self, units: dict[int, int]) -> dict[int, Fraction]:
        """`value` of every player's units (same keys): each distinct value converted once."""
        return _each_distinct_once(self.value, units, self.values)

    def values2_of(self, units_squared: dict[int, int]) -> dict[int, Fraction]:
        """`value2` of every player's units squared (same keys), each distinct value once."""
        return _each_distinct_once(self.value2, units_squared, self.values2)

    def text(self, units: int) -> str:
        """A score in units as people write it: "3", "2.5", "0.25"."""
        value = self.value(units)
        return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"

    def value2(self, units_squared: int) -> Fraction:
        """A product of two scores (Sonneborn-Berger) back to points (shared, like `value`)."""
        found = self.values2.get(units_squared)
        if found is None:
            if len(self.values2) >= MAX_SHARED_VALUES:
                self.values2.clear()
            found = self.values2[units_squared] = Fraction(units_squared, self.unit.denominator ** 2)
        return found

    def points_after(self, start_rank: int, round_number: int) -> int:
        # The points column of the player's rows (`round_points`), summed in C.
        return sum(self.round_points[start_rank][:round_number])


def _each_distinct_once(convert, units: dict[int, int], shared: dict[int, Fraction]) -> dict[int, Fraction]:
    # The values handed out before (`shared`, most of a small event's) are looked up in C; only
    # the others are converted, each distinct one once.
    found = list(map(shared.get, units.values()))
    if any(map(is_, found, repeat(None))):   # by identity: `None in found` would call Fraction.__eq__
        distinct = {u: convert(u) for u in set(units.values())}
        return dict(zip(units, map(distinct.__getitem__, units.values())))
    return dict(zip(units, found))


def _unit(tournament: Tournament) -> Fraction:
    """The scoring system's own unit (`ScoringSystem.units`), halved where it is whole: a half
    point must be a whole number of units, as the dummy opponent's draws of C.07 art. 16 are."""
    return Fraction(1, math.lcm(tournament.scoring.units().scale, 2))


def _filled_first(method):
    """`method` of a `_Rows` table, called after every row is built."""
    def call(table, *args):
        table._fill()
        return method(table, *args)
    call.__name__ = method.__name__
    return call


class _Rows(dict):
    """Start rank -> the player's `Round` rows, built on first look-up for the players whose
    every round was a game over the board (their tie-breaks read the columns instead, so most
    rows of a large event are never needed). Whole-table reads build every row first."""

    def __init__(self, rows: dict, later: dict, make) -> None:
        super().__init__(rows)
        self._later = later   # start rank -> (opponents, colours, codes): rows not built yet
        self._make = make     # (opponents, colours, codes, double forfeits) -> rows

    def __missing__(self, start_rank: int) -> tuple[Round, ...]:
        columns = self._later.pop(start_rank)   # KeyError for a start rank not in the event
        rows = self[start_rank] = self._make(*columns, frozenset())
        return rows

    def _fill(self) -> None:
        for start_rank in list(self._later):
            self[start_rank]

    def __contains__(self, start_rank) -> bool:
        return super().__contains__(start_rank) or start_rank in self._later

    def get(self, start_rank, default=None):
        return self[start_rank] if start_rank in self else default

    def __len__(self) -> int:
        return super().__len__() + len(self._later)

    # Whole-table reads see every row.
    __iter__ = _filled_first(dict.__iter__)
    keys = _filled_first(dict.keys)
    values = _filled_first(dict.values)
    items = _filled_first(dict.items)
    __eq__ = _filled_first(dict.__eq__)


class _Scoring(NamedTuple):
    """What a scoring system's values are in units, worked out once per scoring system."""

    unit: Fraction
    win: int
    draw: int
    game_points: dict            # ResultCode of a game over the board -> its points in units
    known: dict                  # (code, no opponent, double forfeit, Black) -> a row's tail
    values: dict                 # units -> the shared Fraction (EventData.value)
    values2: dict                # units squared -> the shared Fraction (EventData.value2)


# Per scoring system, by identity (kept alive here so its id stays its own; nearly every event
# shares STANDARD_SCORING): a batch of small events would otherwise redo the same Fraction
# arithmetic for every event.
_SCORINGS: dict[int, tuple[object, _Scoring]] = {}


def _scoring(tournament: Tournament) -> _Scoring:
    scoring = tournament.scoring
    found = _SCORINGS.get(id(scoring))
    if found is not None and found[0] is scoring:
        return found[1]
    unit = _unit(tournament)
    scale = unit.denominator

    def units(value: Fraction) -> int:
        return int(Fraction(value) * scale)

    tables = _Scoring(unit, units(scoring.win), units(scoring.draw),
                      {code: units(scoring.points(RoundEntry(0, 0, Colour.WHITE, code))) for code in GAME_RESULTS},
                      {}, {}, {})
    if len(_SCORINGS) >= 64:
        _SCORINGS.clear()
    _SCORINGS[id(scoring)] = (scoring, tables)
    return tables


def _build(tournament: Tournament) -> EventData:
    tables = _scoring(tournament)
    scale = tables.unit.denominator
    scoring = tournament.scoring
    # The few distinct (code, has opponent, double forfeit, Black) combinations, worked out
    # once: each row is then its round, its opponent and one of these shared tails.
    known = tables.known
    black = Colour.BLACK

    def describe(key: tuple) -> tuple:
        code, no_opponent, double_forfeit, is_black = key
        entry = RoundEntry(0, None if no_opponent else 0, black if is_black else Colour.WHITE, code, double_forfeit)
        kind = entry.kind
        otb = kind in OVER_THE_BOARD
        tail = known[key] = (int(Fraction(scoring.points(entry)) * scale), kind, is_black, otb and GAME_WON[code],
                             RESULT100[code] if otb else 0, otb, kind in VOLUNTARILY_UNPLAYED, kind in FORFEITS)
        return tail

    def make_rows(opponents, colours, codes, double_forfeits) -> tuple[Round, ...]:
        rows = []
        number = 0
        for opponent, colour, code in zip(opponents, colours, codes):
            number += 1
            key = (code, not opponent, number in double_forfeits, colour is black)
            tail = known.get(key) or describe(key)
            rows.append(_make(Round, (number, opponent, *tail)))
        return tuple(rows)

    # A game over the board has the same points whoever the opponent: each code's, in units.
    game_points = tables.game_points
    is_black = {colour: colour is black for colour in Colour}
    table: dict[int, tuple[Round, ...]] = {}
    later: dict[int, tuple] = {}
    opponents: dict[int, tuple[int, ...]] = {}
    round_points: dict[int, tuple[int, ...]] = {}
    blacks: dict[int, tuple[bool, ...]] = {}
    codes_of: dict[int, tuple[ResultCode, ...]] = {}
    full: list[int] = []
    totals: dict[int, int] = {}
    last_non_vur: dict[int, int] = {}
    last_paired: dict[int, int] = {}
    rounds = tournament.rounds
    pairing_allocated_bye = EntryKind.PAIRING_ALLOCATED_BYE
    missing = (0,), (Colour.NONE,), (ResultCode.NOT_PAIRED,)
    for player in tournament.players:
        sno = player.start_rank
        opps, colours, codes, double_forfeits = player.columns
        if len(codes) != rounds:   # rounds after the last entry read as not paired
            extra = rounds - len(codes)
            opps, colours, codes = ((column + filler * extra)[:rounds]
                                    for column, filler in zip((opps, colours, codes), missing))
        codes_of[sno] = codes
        if rounds and all(opps) and GAME_RESULTS.issuperset(codes):
            # Every round a game over the board (double forfeits are not games): the columns
            # straight from the player's, the rows only if a tie-break asks for them.
            full.append(sno)
            later[sno] = opps, colours, codes
            opponents[sno] = opps
            round_points[sno] = pts = tuple(map(game_points.__getitem__, codes))
            blacks[sno] = tuple(map(is_black.__getitem__, colours))
            totals[sno] = sum(pts)
            last_non_vur[sno] = last_paired[sno] = rounds
            continue
        table[sno] = rows = make_rows(opps, colours, codes, double_forfeits)
        opponents[sno] = opps
        round_points[sno] = pts = tuple(map(_POINTS_AT, rows))
        blacks[sno] = tuple(map(_BLACK_AT, rows))
        totals[sno] = sum(pts)
        # Scanned from the end: the last such round is nearly always the final one.
        last_non_vur[sno] = next((r.number for r in reversed(rows) if not r.voluntarily_unplayed), 0)
        last_paired[sno] = next((r.number for r in reversed(rows)
                                 if r.opponent or r.kind is pairing_allocated_bye), 0)
    return EventData(tournament.rounds, tables.unit, tables.win, tables.draw,
                     tuple(p.start_rank for p in tournament.players),
                     _Rows(table, later, make_rows), totals, last_non_vur, last_paired,
                     {p.start_rank: (p.rating or None) for p in tournament.players},
                     opponents=opponents, round_points=round_points, blacks=blacks, codes=codes_of,
                     all_over_the_board=frozenset(full), values=tables.values, values2=tables.values2)


_CACHE: dict[int, tuple[weakref.ref, EventData]] = {}
_CACHE_SIZE = 16


def event_data(tournament: Tournament) -> EventData:
    """The shared per-tournament table (computed once per tournament object)."""
    key = id(tournament)
    hit = _CACHE.get(key)
    if hit is not None and hit[0]() is tournament:
        return hit[1]
    data = _build(tournament)
    if len(_CACHE) >= _CACHE_SIZE:
        for stale in [k for k, (ref, _) in _CACHE.items() if ref() is None] or list(_CACHE)[:1]:
            del _CACHE[stale]
    _CACHE[key] = (weakref.ref(tournament, partial(_forget, key)), data)
    return data


def _forget(key: int, ref: weakref.ref) -> None:
    """The tournament is gone: drop its table and memo at once (a batch of large events would
    otherwise keep up to _CACHE_SIZE of them, tie-break values included, until evicted)."""
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is ref:
        del _CACHE[key]
