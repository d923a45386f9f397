"""What a rating system is, as the core sees it: pre-event records in, per-game figures out.

A rating plugin registers `RatingSystem` records (see `hookspecs.rulesengine_rating_systems`).
Its `rate` function is pure: it takes a `RatingRequest` (the event, everyone's pre-event record,
the event date and options) and returns a `RatingReport` saying, per player and per game, the
figures used and the rule that decided each one. A season of events (the club ladder) is a
replay: the records after one event (`PlayerRating.record_after`) are the records before the next.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any, Callable, Mapping

from rulesengine.model import Tournament


@dataclass(frozen=True)
class RatingRecord:
    """A player's standing before the event, as far as it is known.

    Any field may be None (unknown); `assumed` lists the defaults the caller filled in, so the
    output can say so. `deviation` and `volatility` serve Glicko-type systems; `extra` carries
    anything else a system needs (e.g. US Chess's "established" flag).
    """

    start_rank: int
    rating: float | None = None
    games: int | None = None
    birth_year: int | None = None
    highest_rating: float | None = None
    k: float | None = None
    fide_id: str = ""
    deviation: float | None = None
    volatility: float | None = None
    assumed: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameRating:
    """One game (or unplayed round) as the rating system treated it."""

    round: int
    opponent: int | None
    opponent_rating_used: float | None
    expected: float | None
    score: Fraction
    rated: bool
    reason: str
    change: float | None = None


@dataclass(frozen=True)
class PlayerRating:
    """One player's result: figures, the rules that decided them, and the record after the event."""

    start_rank: int
    name: str
    rating_before: float | None
    k: float | None
    games: tuple[GameRating, ...]
    expected_total: float
    score_total: Fraction
    change: float
    change_published: float
    rating_after: float | None
    initial_rating: bool
    rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    record_after: RatingRecord | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RatingReport:
    system: str
    rules: str
    players: tuple[PlayerRating, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class RatingRequest:
    """The input of a rating computation. `rule_set` forces a rule set instead of the date's."""

    tournament: Tournament
    records: Mapping[int, RatingRecord]
    event_date: date | None = None
    rule_set: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RatingSystem:
    """A rating system a plugin provides (returned by the `rulesengine_rating_systems` hook)."""

    name: str
    description: str
    rate: Callable[[RatingRequest], RatingReport]
    rule_sets: tuple[str, ...] = ()
