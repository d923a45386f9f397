"""Standings: points and an ordered list of tie-breaks -> a ranked table.

Players are ordered by points, then by each tie-break in turn (FIDE C.07 art. 4: the order is the
one announced before round 1). Each tie-break sees the criteria before it (`context.previous`),
which direct encounter needs (art. 6). Players equal on points and every tie-break share a rank.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import accumulate, compress, repeat
from operator import attrgetter, floordiv, is_not, itemgetter, mul, ne
from datetime import date
from fractions import Fraction
from typing import Any, Mapping, Sequence

from rulesengine.dates import parse_date
from rulesengine.fast_init import set_fields_at_once
from rulesengine.model import Tournament
from rulesengine.numbers import to_text
from rulesengine.registry import Registry
from rulesengine.tiebreak import TiebreakContext, TiebreakSpec, TiebreakValue

POINTS = TiebreakSpec("PTS")


@set_fields_at_once   # one per player of every event: see rulesengine.fast_init
@dataclass(frozen=True)
class StandingRow:
    rank: int
    start_rank: int
    name: str
    points: Fraction
    tiebreaks: Mapping[str, TiebreakValue]


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    specs: tuple[TiebreakSpec, ...]
    rows: tuple[StandingRow, ...]
    notes: tuple[str, ...] = ()
    values: Mapping[str, Mapping[int, TiebreakValue]] = field(default_factory=dict)


def event_date(tournament: Tournament) -> date | None:
    """The event's start date (TRF record 042) when it can be read, else None.

    Read by `rulesengine.dates`, the one date reader the rating path uses too (2025/10/31,
    2025-10-31, 31.10.2025, and 31/10/2025 when unambiguous).
    """
    return parse_date(tournament.start_date)


def declared_points_notes(tournament: Tournament) -> list[str]:
    """Say where the points a file declares differ from what its results add up to.

    The engine always ranks by the computed total; a difference usually means a typing error or
    a scoring system the file does not declare, and a TD must see it.
    """
    players = tournament.players
    declared = list(map(_DECLARED, players))
    stated = list(map(is_not, declared, repeat(None)))
    if True not in stated:
        return []
    points = tournament.points
    # Compared as (numerator, denominator) pairs, read and compared in C: Fractions are kept in
    # lowest terms, so equal values have equal pairs, and Fraction.__eq__ is Python code.
    given = list(compress(declared, stated))
    found = list(map(points.__getitem__, map(_START_RANK, compress(players, stated))))
    ratio = _RATIO_SLOTS if set(map(type, given)) == set(map(type, found)) == _FRACTION_ONLY else _RATIO
    unequal = list(map(ne, map(ratio, given), map(ratio, found)))
    if True not in unequal:
        return []
    return [f"player {player.start_rank} ({player.name}): the file gives {to_text(value)} points, "
            f"the results add up to {to_text(added)}; the results are used"
            for player, value, added in compress(zip(compress(players, stated), given, found), unequal)]


def pending_round_note(tournament: Tournament) -> str | None:
    """Say that a paired, unplayed round is left out (see `model.PendingRound`): the standings
    are those after the round before it."""
    pending = tournament.pending_round
    if pending is None:
        return None
    blank, games = len(pending.games_without_result), len(pending.games)
    entered = blank < games
    return (f"round {pending.number} is pending (paired, {f'{blank} of {games}' if entered else str(games)} "
            f"game{'s' if games != 1 else ''} without a result): the standings are after round {pending.number - 1}"
            f"{f'; the results entered for round {pending.number} are not counted yet' if entered else ''}")


def _sort_column(values: Mapping[int, TiebreakValue], start_ranks: Sequence[int], higher_is_better: bool
                 ) -> list:
    """One criterion's sort key per player (in `start_ranks` order): smaller sorts first.

    Exact values (int, Fraction) become whole numbers over their common denominator, the same
    order as the Fractions without thousands of Fraction comparisons; Decimals stay as they are.
    A value that cannot be computed (None) ranks below every computed one (infinity). A large
    event has few distinct values and tie-breaks hand out shared value objects, so each distinct
    object is converted once, keyed by identity (every one stays alive in `column` meanwhile).
    """
    column = list(map(values.get, start_ranks))
    sign = -1 if higher_is_better else 1
    kinds = set(map(type, column))
    if kinds <= _WHOLE_OR_NONE:
        # Whole numbers (ratings, counts, places): the values themselves are the keys. Ratings
        # are not shared objects (ints above 256 never are), so no identity map would help.
        if type(None) not in kinds:
            return list(map(sign.__mul__, column))
        return [math.inf if value is None else sign * value for value in column]
    missing = type(None) in kinds
    kinds.discard(type(None))
    if kinds == _FRACTION_ONLY and not missing:
        # Fractions only (points, Buchholz, Sonneborn-Berger of a small event), each read through
        # its slots in C: the same keys as the route below, without the identity map, which
        # pays only when attribute reads are Python calls.
        denominators = list(map(_DENOMINATOR_SLOT, column))
        scale = sign * math.lcm(*denominators)
        return list(map(mul, map(_NUMERATOR_SLOT, column), map(floordiv, repeat(scale), denominators)))
    distinct = dict(zip(map(id, column), column))
    if not all(issubclass(kind, (Fraction, int)) for kind in kinds):
        # Decimals (rating averages) and the like: the values themselves, signed.
        keys: dict[int, Any] = {ident: math.inf if value is None else sign * value for ident, value in distinct.items()}
        return list(map(keys.__getitem__, map(id, column)))
    # Exact values: numerator x (common denominator / denominator). Ints have a numerator and a
    # denominator of 1 too, so one route serves both; it runs in C (map) over the distinct values,
    # which for a small event is most of a standings table's own cost.
    present = list(compress(distinct.values(), map(is_not, distinct.values(), repeat(None)))) if missing \
        else list(distinct.values())
    numerator, denominator = (_NUMERATOR_SLOT, _DENOMINATOR_SLOT) if kinds == _FRACTION_ONLY else (_NUMERATOR, _DENOMINATOR)
    denominators = list(map(denominator, present))
    scale = sign * math.lcm(*denominators)  # the denominator divides it exactly, whatever the sign
    keys = dict(zip(map(id, present), map(mul, map(numerator, present), map(floordiv, repeat(scale), denominators))))
    if missing:
        keys[id(None)] = math.inf
    return list(map(keys.__getitem__, map(id, column)))


_NUMERATOR, _DENOMINATOR = attrgetter("numerator"), attrgetter("denominator")
_RATIO = attrgetter("numerator", "denominator")
_FIRST, _SECOND, _NAME = itemgetter(0), itemgetter(1), attrgetter("name")
_DECLARED, _START_RANK = attrgetter("declared_points"), attrgetter("start_rank")


def _fraction_slots() -> tuple[Any, Any, Any]:
    """Getters of a Fraction's numerator, denominator and both, read in C: CPython's Fraction
    keeps its terms in the slots `_numerator` and `_denominator` (since Python 3.0), behind
    properties that are Python calls. Where a Python keeps them elsewhere, the properties."""
    probe = Fraction(3, 6)
    if getattr(probe, "_numerator", None) == 1 and getattr(probe, "_denominator", None) == 2:
        return attrgetter("_numerator"), attrgetter("_denominator"), attrgetter("_numerator", "_denominator")
    return _NUMERATOR, _DENOMINATOR, _RATIO


_NUMERATOR_SLOT, _DENOMINATOR_SLOT, _RATIO_SLOTS = _fraction_slots()
_FRACTION_ONLY = frozenset({Fraction})
_WHOLE_OR_NONE = frozenset({int, type(None)})


def compute_standings(tournament: Tournament, specs: Sequence[TiebreakSpec], registry: Registry,
                      rules_date: date | None = None, options: Mapping[str, Any] | None = None,
                      rule_set: str | None = None) -> Standings:
    """Rank the players of a tournament by points and the given tie-breaks, in order.

    `rule_set` is a rule text the user forced (`TiebreakContext.rule_set`).
    """
    options = dict(options or {})
    rules_date = rules_date or event_date(tournament)
    points = tournament.points
    previous: list[tuple[TiebreakSpec, Mapping[int, TiebreakValue]]] = [(POINTS, points)]
    notes: list[str] = declared_points_notes(tournament)
    pending = pending_round_note(tournament)
    if pending:
        notes.insert(0, pending)
    values: dict[str, Mapping[int, TiebreakValue]] = {}
    directions: list[bool] = []
    texts = [str(spec) for spec in specs]
    for spec, text in zip(specs, texts):
        rule = registry.tiebreak(spec.code)
        context = TiebreakContext(tournament, rules_date, options, tuple(previous), rule_set)
        outcome = rule.compute(spec, context)
        for note in outcome.notes:
            if note not in notes:
                notes.append(note)
        values[text] = outcome.values
        previous.append((spec, outcome.values))
        directions.append(rule.higher_is_better if outcome.higher_is_better is None else outcome.higher_is_better)

    start_ranks = list(map(_START_RANK, tournament.players))
    columns = [_sort_column(points, start_ranks, True)]
    columns += [_sort_column(vals, start_ranks, higher) for (_, vals), higher in zip(previous[1:], directions)]
    keys = list(zip(*columns))
    # Ties on every criterion keep start-rank order and share a rank.
    order = sorted(zip(keys, start_ranks))
    ranked = list(map(_SECOND, order))
    names = list(dict.fromkeys(texts))
    # Each row's values by name, built column by column in C.
    row_values = map(dict, map(zip, repeat(names), zip(*(map(values[name].get, ranked) for name in names))))
    if not names:
        row_values = ({} for _ in ranked)
    # Ranks: a row's position, unless its key equals the row's before (then that row's rank);
    # positions grow, so each rank is the last position where the key changed (in C).
    sorted_keys = list(map(_FIRST, order))
    changed = map(ne, sorted_keys, [None, *sorted_keys[:-1]])
    ranks = accumulate(map(mul, range(1, len(order) + 1), changed), max)
    players = tournament.by_start_rank
    rows = map(StandingRow, ranks, ranked, map(_NAME, map(players.__getitem__, ranked)),
               map(points.__getitem__, ranked), row_values)
    return Standings(tournament, tuple(specs), tuple(rows), tuple(notes), values)
