"""The representation `rulesengine.model` keeps for speed, behind its names.

A player's rounds are `RoundEntry` records (`Player.rounds`), the domain's reading. Whole-event
computations read them as columns instead (`Player.columns`: one tuple per field, summed and
mapped in C), and readers of large files hand the columns over (`Player.from_columns`), so
ranking a 2,000 x 13 TRF never builds its 26,000 entries. Each form is worked out from the other
on first read (`DerivedFromOther`). A scoring system's points become whole numbers of its
smallest unit (`score_units`), so an event's totals are integer sums (`totals`), each distinct
total one shared Fraction.

Nothing here knows the model's classes (the model imports this module): the entry type, the
codes and the points are handed in. `tests/core/test_round_columns.py` proves each route gives
what the plain definition gives.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import compress
from operator import attrgetter
from typing import Any, Callable, Iterable, Mapping, NamedTuple


class RoundColumns(NamedTuple):
    """A player's rounds as columns, one tuple per `RoundEntry` field (index 0 = round 1).

    `opponents` holds start ranks with 0 where `RoundEntry.opponent` is None; `double_forfeits`
    the round numbers whose forfeit loss was answered by a forfeit loss.
    """

    opponents: tuple[int, ...]
    colours: tuple[Any, ...]     # model.Colour
    codes: tuple[Any, ...]       # model.ResultCode
    double_forfeits: frozenset[int] = frozenset()


_OPPONENT_OF, _COLOUR_OF, _CODE_OF = attrgetter("opponent"), attrgetter("colour"), attrgetter("code")
_DOUBLE_FORFEIT_OF = attrgetter("double_forfeit")
_ZERO_FOR_NONE, _NONE_FOR_ZERO = {None: 0}, {0: None}


def columns_of(rounds: tuple) -> RoundColumns:
    """The columns of a player's round entries."""
    opponents = list(map(_OPPONENT_OF, rounds))
    return RoundColumns(tuple(map(_ZERO_FOR_NONE.get, opponents, opponents)),
                        tuple(map(_COLOUR_OF, rounds)), tuple(map(_CODE_OF, rounds)),
                        frozenset(compress(range(1, len(rounds) + 1), map(_DOUBLE_FORFEIT_OF, rounds))))


def rounds_of(columns: RoundColumns, entry: Callable[..., Any]) -> tuple:
    """The round entries (`entry(round, opponent, colour, code, double_forfeit)`) of `columns`."""
    opponents, colours, codes, double_forfeits = columns
    entries = tuple(map(entry, range(1, len(codes) + 1), map(_NONE_FOR_ZERO.get, opponents, opponents),
                        colours, codes))
    if not double_forfeits:
        return entries
    return tuple(entry(e.round, e.opponent, e.colour, e.code, True) if i in double_forfeits else e
                 for i, e in enumerate(entries, 1))


class DerivedFromOther:
    """An attribute worked out from another one of the instance on first read and kept in the
    instance (a non-data descriptor: once stored, the instance's own value is read in C)."""

    def __init__(self, name: str, source: str, make: Callable[[Any], Any], default: Any) -> None:
        self.name, self.source, self.make, self.default = name, source, make, default

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self.default
        state = instance.__dict__
        value = state[self.name] = self.make(state[self.source])
        return value


class ScoreUnits(NamedTuple):
    """A scoring system in whole units: every score is a whole multiple of `1 / scale`.

    `by_code` is each result code's points in units (a forfeit loss with an opponent), `absent`
    those of `forfeit_loss` without one (TRF `0000 - -`), `missing` those of a round the file
    leaves out; `shared` holds the Fraction handed out per total in units."""

    scale: int
    by_code: Mapping[Any, int]
    forfeit_loss: Any
    absent: int
    missing: int
    shared: dict[int, Fraction]


# Per scoring system (by identity, kept alive here so the id stays its own; nearly every event
# shares the standard one): a batch of small events reuses the units instead of redoing
# Fraction arithmetic per event.
_UNITS: dict[int, tuple[object, ScoreUnits]] = {}


def score_units(scoring: object, points: Callable[[], tuple[Mapping[Any, Fraction], Fraction]],
                forfeit_loss: Any, not_paired: Any) -> ScoreUnits:
    """`scoring`'s units; `points()` gives each code's points and those of an absence (asked only
    the first time this scoring system is seen)."""
    found = _UNITS.get(id(scoring))
    if found is not None and found[0] is scoring:
        return found[1]
    values, absent = points()
    scale = math.lcm(*(Fraction(v).denominator for v in (*values.values(), absent)))
    by_code = {code: int(value * scale) for code, value in values.items()}
    units = ScoreUnits(scale, by_code, forfeit_loss, int(absent * scale), by_code[not_paired], {})
    if len(_UNITS) >= 64:
        _UNITS.clear()
    _UNITS[id(scoring)] = (scoring, units)
    return units


def totals(players: Iterable[Any], rounds: int, units: ScoreUnits) -> dict[int, Fraction]:
    """Each player's score over rounds 1..`rounds`, by start rank, added in units in C."""
    scale, by_code, forfeit_loss, absent, missing, shared = units
    absent_extra = absent - by_code[forfeit_loss]
    result: dict[int, Fraction] = {}
    for player in players:
        opponents, _, codes, _ = player.columns
        codes = codes[:rounds]
        total = sum(map(by_code.__getitem__, codes))
        if forfeit_loss in codes:
            total += sum(absent_extra for code, opponent in zip(codes, opponents)
                         if code is forfeit_loss and not opponent)
        total += (rounds - len(codes)) * missing
        value = shared.get(total)
        if value is None:
            value = shared[total] = Fraction(total, scale)
        result[player.start_rank] = value
    return result
