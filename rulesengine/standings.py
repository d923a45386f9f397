"""Standings: points and an ordered list of tie-breaks -> a ranked table.

Players are ordered by points, then by each tie-break in turn (FIDE C.07 art. 4: the order is the
one announced before round 1). Each tie-break sees the criteria before it (`context.previous`),
which direct encounter needs (art. 6). Players equal on points and every tie-break share a rank.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import attrgetter, is_not, itemgetter
from datetime import date
from fractions import Fraction
from typing import Any, Collection, Mapping, Sequence

from rulesengine.event_date import find_event_date
from rulesengine.expulsions import recorded_expulsions
from rulesengine.round_robin_leavers import Leaver, leavers, without_players
from rulesengine.fast_init import set_fields_at_once
from rulesengine.model import Tournament
from rulesengine.numbers import to_text
from rulesengine.ranking_keys import shared_ranks, sort_keys, unequal, values_by_row
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
class ExpelledRow:
    """A player expelled from round `from_round` on (VCL4THP Q197-198): not ranked, listed apart."""

    start_rank: int
    name: str
    points: Fraction
    tiebreaks: Mapping[str, TiebreakValue]
    from_round: int


@dataclass(frozen=True)
class NotCountedRow:
    """A player who left a round robin having completed under half of their games: not ranked,
    and no result of theirs counts for anyone (FIDE General Regulations for Competitions 6.6 a)."""

    start_rank: int
    name: str
    points: Fraction       # as the crosstable has them
    from_round: int
    completed: int
    scheduled: int


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    specs: tuple[TiebreakSpec, ...]
    rows: tuple[StandingRow, ...]
    notes: tuple[str, ...] = ()
    values: Mapping[str, Mapping[int, TiebreakValue]] = field(default_factory=dict)
    expelled: tuple[ExpelledRow, ...] = ()   # in start-rank order; not in `rows`
    not_counted: tuple[NotCountedRow, ...] = ()   # a round robin's leavers under half (GRC 6.6 a)


def event_date(tournament: Tournament) -> date | None:
    """The event's date as the file gives it (the start date, a TRF 132 round date, the end date),
    by the one date rule (`rulesengine.event_date`), else None; the year in the name, which only
    the rules in use can make decide, is the api's (`api.rules_date`)."""
    return find_event_date(tournament).value


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
    given = list(compress(declared, stated))
    found = list(map(points.__getitem__, map(_START_RANK, compress(players, stated))))
    differs = unequal(given, found)
    if True not in differs:
        return []
    return [f"player {player.start_rank} ({player.name}): the file gives {to_text(value)} points, "
            f"the results add up to {to_text(added)}; the results are used"
            for player, value, added in compress(zip(compress(players, stated), given, found), differs)]


def abnormal_points_notes(tournament: Tournament) -> list[str]:
    """TRF-2026 record 299 (abnormal points: penalties, points awarded) is not applied yet: say so
    rather than rank silently as if it were not there."""
    lines = sum(1 for code, _ in tournament.header if code == "299")
    if not lines:
        return []
    return [f"record 299 (abnormal points) is not applied: {lines} line{'s' if lines != 1 else ''} left out; "
            f"points and tie-breaks are from the results alone"]


def withdrawal_notes(tournament: Tournament, expelled: Collection[int] = ()) -> list[str]:
    """Name each player who withdrew (VCL4THP Q170: withdrawn players are marked in the standings),
    by the TRF convention: a line with entries up to round W-1 and none from round W on, while
    round W is recorded for others (a line with no entries at all is a late entrant)."""
    # Read from the round columns (`Player.columns`, index 0 = round 1): a large event's entries
    # are never built for this, and when every line is as long as the longest nobody withdrew.
    lengths = [len(p.columns.opponents) for p in tournament.players]
    longest = max(lengths, default=0)
    if all(n == longest for n in lengths):
        return []
    recorded = 0
    for p in tournament.players:
        opponents = p.columns.opponents
        for index in range(len(opponents) - 1, recorded - 1, -1):
            if opponents[index]:
                recorded = index + 1
                break
    return [f"player {p.start_rank} ({p.name}) withdrew: no entries from round {n + 1} on; ranked with "
            f"the rounds played" for p, n in zip(tournament.players, lengths)
            if 0 < n < recorded and p.start_rank not in expelled]


def round_robin_leaver_notes(tournament: Tournament, left: Sequence[Leaver]) -> list[str]:
    """What GRC 6.6 made of each player who left a round robin (VCL4THP Q103)."""
    out = []
    for leaver in left:
        who = f"player {leaver.start_rank} ({tournament.player(leaver.start_rank).name})"
        games = f"from round {leaver.from_round} having completed {leaver.completed} of {leaver.scheduled} games"
        if leaver.under_half:
            out.append(f"{who} left the round robin {games} (under half): not ranked; the results stay in the "
                       f"crosstable, but the points scored by or against them are not counted in the standings "
                       f"(FIDE General Regulations for Competitions 6.6 a; VCL4THP Q103)")
        else:
            out.append(f"{who} left the round robin {games} (half or more): ranked, every result counted (FIDE "
                       f"General Regulations for Competitions 6.6 b)")
    return out


def expulsion_notes(rows: Sequence[ExpelledRow]) -> list[str]:
    """Name each expelled player, apart from the ranking (VCL4THP Q197-198)."""
    return [f"player {row.start_rank} ({row.name}) was expelled from round {row.from_round}: not ranked "
            f"({to_text(row.points)} point{'' if row.points == 1 else 's'}); their games count for their opponents' tie-breaks (VCL4THP Q197-198)"
            for row in rows]


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


_FIRST, _SECOND, _NAME = itemgetter(0), itemgetter(1), attrgetter("name")
_DECLARED, _START_RANK = attrgetter("declared_points"), attrgetter("start_rank")


def compute_standings(tournament: Tournament, specs: Sequence[TiebreakSpec], registry: Registry,
                      rules_date: date | None = None, options: Mapping[str, Any] | None = None,
                      rule_set: str | None = None) -> Standings:
    """Rank the players of a tournament by points and the given tie-breaks, in order.

    `rule_set` is a rule text the user forced (`TiebreakContext.rule_set`).

    A player a `### Expelled` line names (VCL4THP Q197-198) is left out of the ranking and listed
    apart (`Standings.expelled`); every tie-break is computed over the whole event first, so the
    games they played count for their opponents exactly as before (C.07 has no rule that removes
    them), and the others' ranks close up.

    A round robin follows GRC 6.6 instead (VCL4THP Q103, `rulesengine.round_robin_leavers`): a
    player who left it having completed under half of their games is not ranked and the points
    scored by or against them are left out (`Standings.not_counted`); one with half or more stays.
    """
    options = dict(options or {})
    rules_date = rules_date or event_date(tournament)
    expelled = recorded_expulsions(tournament)
    left = leavers(tournament, expelled)
    leaver_notes = round_robin_leaver_notes(tournament, left)
    apart = tuple(NotCountedRow(x.start_rank, tournament.player(x.start_rank).name, tournament.points[x.start_rank],
                                x.from_round, x.completed, x.scheduled) for x in left if x.under_half)
    if tournament.is_round_robin:
        expelled = {}   # Q197-198 is the Swiss rule; a round robin's leavers are GRC 6.6's
    shown = tournament
    if apart:
        tournament = without_players(tournament, [row.start_rank for row in apart])
    points = tournament.points
    previous: list[tuple[TiebreakSpec, Mapping[int, TiebreakValue]]] = [(POINTS, points)]
    notes: list[str] = (declared_points_notes(shown) + withdrawal_notes(shown, {*expelled, *(x.start_rank for x in left)})
                        + abnormal_points_notes(tournament) + leaver_notes)
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
    columns = [sort_keys(points, start_ranks, True)]
    columns += [sort_keys(vals, start_ranks, higher) for (_, vals), higher in zip(previous[1:], directions)]
    keys = list(zip(*columns))
    # Ties on every criterion keep start-rank order and share a rank.
    order = sorted(zip(keys, start_ranks))
    players = tournament.by_start_rank
    gone: tuple[ExpelledRow, ...] = ()
    if expelled:
        order = [item for item in order if item[1] not in expelled]
        names = list(dict.fromkeys(texts))
        gone = tuple(ExpelledRow(sno, players[sno].name, points[sno], tiebreaks, expelled[sno][0])
                     for sno, tiebreaks in zip(sorted(expelled), values_by_row(values, names, sorted(expelled))))
        notes += expulsion_notes(gone)
    ranked = list(map(_SECOND, order))
    row_values = values_by_row(values, list(dict.fromkeys(texts)), ranked)
    ranks = shared_ranks(list(map(_FIRST, order)))
    rows = map(StandingRow, ranks, ranked, map(_NAME, map(players.__getitem__, ranked)),
               map(points.__getitem__, ranked), row_values)
    return Standings(shown, tuple(specs), tuple(rows), tuple(notes), values, gone, apart)
