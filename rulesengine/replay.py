"""The replay: every event in order, from nothing, every time (shared/docs/domain.md section 2:
"corrections replay history").

One fold over the events: each is rated from the records everyone held before it
(`PlayerRating.record_after` of one event is the record before the next, as
`rulesengine.rating.next_records` does by start rank, here re-keyed by identity: a member id, a
pending name, or a workbook's SNo). The rating system is any registered one; the season uses the
club ladder's. Unplayed and unrated games are the system's to leave out (the club policy never
rates byes, forfeits or W/D/L games); events the ladder does not rate at all (bughouse) are
simply not given to the replay.

Used by the season store and by the club-season workbook alike: one implementation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from rulesengine.model import EntryKind, Tournament
from rulesengine import api
from rulesengine.rating import RatingRecord, RatingReport, RatingSystem

Identity = Hashable


@dataclass(frozen=True)
class EventRun:
    """One event to rate: its id, date, the tournament, and who each start number is."""

    event: str
    date: date | None
    tournament: Tournament
    identities: Mapping[int, Identity]


@dataclass(frozen=True)
class Played:
    """One event in a player's history."""

    event: str
    date: date | None
    games: int                 # games that moved the rating (counted toward the player's total)
    score: Fraction            # points scored in those games
    rating_before: float
    rating_after: float
    provisional: bool          # provisional going into the event (its stretch of the chart is dashed)
    won: int = 0               # of the counted games
    drawn: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Replay:
    reports: tuple[RatingReport, ...]           # one per event, in order
    records: Mapping[Identity, RatingRecord]    # everyone's record after the last event
    history: Mapping[Identity, tuple[Played, ...]]


def took_part(t: Tournament, start_no: int) -> bool:
    """In the event: paired at least once, or given a bye (not merely listed)."""
    return any(e.kind is not EntryKind.NOT_PAIRED for e in t.entries(start_no))


def _won_drawn_lost(games) -> tuple[int, int, int]:
    won = drawn = 0
    for game in games:
        # Scores are 1, 1/2 or 0; the numerator and denominator say which without Fraction arithmetic.
        if game.score.denominator == 2:
            drawn += 1
        elif game.score.numerator:
            won += 1
    return won, drawn, len(games) - won - drawn


def replay(events: Sequence[EventRun], system: RatingSystem, *, initial: Mapping[Identity, RatingRecord] = {},
           options: Mapping | None = None, rule_set: str | None = None) -> Replay:
    """Rate every event in the order given, each from the records after the one before."""
    records: dict[Identity, RatingRecord] = dict(initial)
    history: dict[Identity, list[Played]] = {}
    reports = []
    options = dict(options or {})
    for run in events:
        t = run.tournament
        before = {}
        for player in t.players:
            held = records.get(run.identities[player.start_rank])
            before[player.start_rank] = held if held is not None else RatingRecord(player.start_rank)
        report = api.rate(t, system, before, event_date=run.date, rule_set=rule_set, options=options)
        reports.append(report)
        for rated in report.players:
            identity = run.identities[rated.start_rank]
            if rated.record_after is not None:
                records[identity] = rated.record_after
            elif rated.rating_after is not None:  # a system that gives no record: carry the rating
                records[identity] = replace(before[rated.start_rank], rating=rated.rating_after)
            if not took_part(t, rated.start_rank):
                continue
            counted = rated.rated_games
            history.setdefault(identity, []).append(Played(
                run.event, run.date, len(counted), rated.score_total,
                float(rated.rating_before) if rated.rating_before is not None else float("nan"),
                float(rated.rating_after) if rated.rating_after is not None else float("nan"),
                bool(rated.extra.get("provisional", False)),
                *_won_drawn_lost(counted)))
    return Replay(tuple(reports), records, {k: tuple(v) for k, v in history.items()})
