"""What a rating system is, as the core sees it: pre-event records in, per-game figures out.

A rating plugin registers `RatingSystem` records (see `hookspecs.rulesengine_rating_systems`).
Its `rate` function is pure: it takes a `RatingRequest` (the event, everyone's pre-event record,
the event date and options) and returns a `RatingReport` saying, per player and per game, the
figures used and the rule that decided each one.

The shape every system fills in, whatever its arithmetic:

* per game (`GameRating`): the opponent's rating as listed, the rating actually used for them
  (after any cap), the expected score, the score, the game's own change, whether the game counted
  and why (`reason`), and the rules applied to it;
* per player (`PlayerRating`): the rating used, K or its equivalent (None where the system has
  none, e.g. Glicko), the totals, the unrounded and the published change, the new rating, the
  rules that decided them, the defaults assumed for missing data, and `record_after`.

A season of events (the club ladder, a replay after a correction) is a fold: the records after
one event (`PlayerRating.record_after`) are the records before the next; `next_records` builds
that mapping. Nothing a system needs between events may live anywhere else, which is why
`RatingRecord.extra` exists (FIDE keeps an unrated player's pooled games there, US Chess its
"established" flag).

How the systems fit the one shape: FIDE fills `k` with its 8.3.3 K and keeps an unrated player's
pooled games in `record_after.extra`; Glicko-2 leaves `k` None and carries RD and volatility in
the record; US Chess puts K = 800/(N' + m) in `k` and its floors in `record_after`; the club ladder
reads `games` for its K switch and provisional status, and replays a season through
`next_records`. None of them needs a field the others do not understand.

Rules that changed over time are data: a plugin keeps a table of `RuleSet`-like records, each
with a `name` and the date it took effect, and `rule_set_for` picks the one in force on the event
date (or the one the caller forces by name). The helpers at the end (`rating_score`,
`round_half_away_from_zero`, `event_date_of`) are shared because every system needs them the
same way; anything federation-specific belongs in the plugin.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence, TypeVar, Union

from rulesengine.dates import parse_date
from rulesengine.errors import UsageError
from rulesengine.fast_init import set_fields_at_once
from rulesengine.model import DRAW_CODES, LOSS_CODES, WIN_CODES, ResultCode, RoundEntry, Tournament
from rulesengine.numbers import to_json_number

# Ratings are floats; systems whose regulation works in table values (FIDE's hundredths) may keep
# them exact as Fractions. Both print through `rulesengine.numbers.to_json_number`.
RatingNumber = Union[float, Fraction, int]


@set_fields_at_once   # made per player and per game: see rulesengine.fast_init
@dataclass(frozen=True)
class RatingRecord:
    """A player's standing before the event, as far as it is known.

    Any field may be None (unknown): the rating system decides what to assume and says so in
    `PlayerRating.assumed`. `assumed` here lists what the *caller* filled in (e.g. a rating list
    that gave no games count). `games` counts rated games before the event; `highest_rating` is
    the highest published rating ever (FIDE's K 10 once 2400 was reached); `k` is an explicit
    override of the system's K. `deviation` and `volatility` serve Glicko-type systems; `extra`
    carries anything else a system needs between events (keys prefixed with the system's name).
    """

    start_rank: int
    rating: float | None = None
    games: int | None = None
    birth_year: int | None = None
    highest_rating: float | None = None
    k: float | None = None
    player_id: str = ""
    deviation: float | None = None
    volatility: float | None = None
    assumed: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    birth_date: date | None = None  # when the full date is known (TRF 001); birth_year is then its year

    @property
    def is_rated(self) -> bool:
        return self.rating is not None


@set_fields_at_once   # made per player and per game: see rulesengine.fast_init
@dataclass(frozen=True)
class GameRating:
    """One round entry with an opponent (a game, or a forfeit) as the rating system treated it.

    `opponent_rating` is the opponent's pre-event rating as listed; `opponent_rating_used` is the
    figure the calculation used (after a cap: FIDE prints it as "2800 *"). `expected` and `change`
    are None when the game did not count (`rated` False; `reason` says why, citing the rule).
    `rules` names every rule applied to this game beyond the plain formula.
    """

    round: int
    opponent: int | None
    opponent_rating_used: RatingNumber | None
    expected: RatingNumber | None
    score: Fraction
    rated: bool
    reason: str
    change: RatingNumber | None = None
    opponent_rating: RatingNumber | None = None
    rules: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


@set_fields_at_once   # made per player and per game: see rulesengine.fast_init
@dataclass(frozen=True)
class UnratedRound:
    """A round without an opponent (a bye, or not paired): never rated, kept so output is complete."""

    round: int
    kind: str
    reason: str


@set_fields_at_once   # made per player and per game: see rulesengine.fast_init
@dataclass(frozen=True)
class PlayerRating:
    """One player's result: figures, the rules that decided them, and the record after the event.

    `change` is unrounded; `change_published` is as the system publishes it (FIDE: whole number,
    half away from zero). `rating_after` is None when the player has no (published) rating after
    the event. `initial_rating` is True when the new rating is a first rating (FIDE 8.2) rather
    than an update. `rules` names the rules that decided K, the rounding and the new rating;
    `assumed` lists defaults taken for missing data (rating list columns absent, etc.).
    """

    start_rank: int
    name: str
    rating_before: RatingNumber | None
    k: RatingNumber | None
    games: tuple[GameRating, ...]
    expected_total: RatingNumber
    score_total: Fraction
    change: RatingNumber
    change_published: RatingNumber
    rating_after: RatingNumber | None
    initial_rating: bool
    rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    record_after: RatingRecord | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    assumed: tuple[str, ...] = ()
    unrated_rounds: tuple[UnratedRound, ...] = ()
    # Set by a system that skipped the per-game records (`RatingRequest.detail` False): how many
    # games counted, which `games` can then no longer say. None when `games` is complete.
    rated_game_count: int | None = None

    @property
    def rated_games(self) -> tuple[GameRating, ...]:
        return tuple(g for g in self.games if g.rated)

    @property
    def games_counted(self) -> int:
        """How many games counted, whether or not the per-game records were built."""
        if self.rated_game_count is not None:
            return self.rated_game_count
        return sum(1 for g in self.games if g.rated)


@dataclass(frozen=True)
class RatingReport:
    """The result of rating one event: the system, the rule set used, and every player.

    `rules` names the rule set and why it was chosen ("FIDE B.02 as amended 1 Oct 2025, chosen by
    the event date 2025-11-02"); `notes` are event-level remarks (defaults assumed for everyone,
    rating-list rows not matched, ...).
    """

    system: str
    rules: str
    players: tuple[PlayerRating, ...]
    notes: tuple[str, ...] = ()
    rule_set: str = ""
    event_date: date | None = None

    def player(self, start_rank: int) -> PlayerRating:
        for player in self.players:
            if player.start_rank == start_rank:
                return player
        raise KeyError(start_rank)


@dataclass(frozen=True)
class RatingRequest:
    """The input of a rating computation. `rule_set` forces a rule set instead of the date's.

    `records` maps start rank to pre-event record; a player missing from it is treated as having
    an empty record (unrated, nothing known) — use `record` to read it. `event_date` decides which
    dated rules apply; when None, systems use `event_date_of` (the tournament's start date).
    `options` are system-specific (e.g. Glicko-2's `tau`), documented in `RatingSystem.options`.

    `detail` False tells the system that nobody will read the per-game records (`rate --format
    table|csv` shows per-player figures only): it may then leave `PlayerRating.games` and
    `unrated_rounds` empty and set `rated_game_count` instead, which saves building a record per
    game. Every per-player figure, rule text and `record_after` stays exactly as with detail. A
    system may ignore the flag (then `rated_game_count` stays None and `games` is complete).
    `detail_players` names players whose records are wanted all the same (`explain-rating`
    shows one player's games): `wants_detail` says, per player, what a system should build.
    """

    tournament: Tournament
    records: Mapping[int, RatingRecord]
    event_date: date | None = None
    rule_set: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    detail: bool = True
    detail_players: frozenset[int] = frozenset()

    def record(self, start_rank: int) -> RatingRecord:
        return self.records.get(start_rank) or RatingRecord(start_rank)

    def wants_detail(self, start_rank: int) -> bool:
        """Whether this player's per-game records are wanted (`detail`, or named in `detail_players`)."""
        return self.detail or start_rank in self.detail_players


@dataclass(frozen=True)
class RatingExplanation:
    """What a rating system adds to the step-by-step account of one player's calculation.

    The front end (`rulesengine explain-rating`, the workbook's Explain sheet) lays out what every
    system has (games, expected score, K, change); a system's `explain` adds only what is its own,
    read from its own `extra` keys, so no front end reads them: text after the rating before and
    after ("RD 350", "RD 290.32   volatility 0.059999"), extra columns of the games table after
    the opponent's rating (`game_columns`, with `game_cells` per round), and the lines that
    derive a first rating (FIDE B.02 8.2).
    """

    rating_before: str = ""
    rating_after: str = ""
    game_columns: tuple[str, ...] = ()
    game_cells: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    initial_rating: tuple[str, ...] = ()


@dataclass(frozen=True)
class RatingSystem:
    """A rating system a plugin provides (returned by the `rulesengine_rating_systems` hook).

    `rule_sets` names the dated rule sets `RatingRequest.rule_set` may force, oldest first;
    `options` maps each accepted option name to a one-line description (shown by `--help`-like
    listings and checked by the CLI). `explain(report, player)` returns what the system adds to
    the explanation of one player (see `RatingExplanation`); None adds nothing.
    """

    name: str
    description: str
    rate: Callable[[RatingRequest], RatingReport]
    rule_sets: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    explain: Callable[[RatingReport, PlayerRating], RatingExplanation] | None = None


# ---------------------------------------------------------------- dated rule sets


class Dated(Protocol):
    name: str
    effective_from: date


D = TypeVar("D", bound=Dated)


def rule_set_for(table: Sequence[D], event_date: date | None, forced: str | None = None) -> tuple[D, str]:
    """The rule set in force on `event_date` (or the one named by `forced`), and why it was chosen.

    `table` is a plugin's list of dated rule sets. Without a date, the newest is used and the
    reason says so; before the oldest entry, the oldest is used and the reason says that too.
    """
    ordered = sorted(table, key=lambda r: r.effective_from)
    if forced:
        for rule_set in ordered:
            if rule_set.name.lower() == forced.lower():
                return rule_set, f"forced by option (rule set {rule_set.name})"
        raise UsageError(f"unknown rule set {forced!r}; known: {', '.join(r.name for r in ordered)}")
    if event_date is None:
        return ordered[-1], "no event date: the rules in force now were assumed"
    chosen = None
    for rule_set in ordered:
        if rule_set.effective_from <= event_date:
            chosen = rule_set
    if chosen is None:
        return ordered[0], (f"event date {event_date.isoformat()} is before the oldest known rules "
                            f"({ordered[0].effective_from.isoformat()}); those were used")
    return chosen, f"in force on the event date {event_date.isoformat()}"


# ---------------------------------------------------------------- helpers every system needs


def rating_score(entry: RoundEntry) -> Fraction | None:
    """The game score a rating system uses: 1, 1/2 or 0, whatever the event's scoring system.

    Ratings count a win as 1 even in a 3-1-0 event. Returns None for entries without a game
    result (byes, forfeits, not paired); W/D/L unrated games do return their score, since whether
    they count is the system's decision, not the score's.
    """
    if entry.code in WIN_CODES:
        return _WIN
    if entry.code in DRAW_CODES:
        return _DRAW
    if entry.code in LOSS_CODES:
        return _LOSS
    return None


_WIN, _DRAW, _LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
#: The score of a rated game over the board (TRF 1 = 0, `EntryKind.GAME`) by its code: what
#: `rating_score` gives, as a table for the systems' per-game loops.
GAME_SCORES = {ResultCode.WIN: _WIN, ResultCode.DRAW: _DRAW, ResultCode.LOSS: _LOSS}


def score_sum(scores: Iterable[Fraction]) -> Fraction:
    """The sum of game scores (1, 1/2, 0, as `rating_score` gives them), added exactly in half
    points: the same Fraction as `sum(scores, Fraction(0))` without a Fraction addition per game."""
    return Fraction(sum(s.numerator * 2 // s.denominator for s in scores), 2)


def exact_sum(values: Iterable[RatingNumber]) -> Fraction:
    """The exact sum of ratings as a Fraction (`sum(map(Fraction, values), Fraction(0))`), added as
    integers when every value is a whole number, as listed ratings are."""
    values = tuple(values)
    if all(type(v) is int or (type(v) is float and v.is_integer()) for v in values):
        return Fraction(sum(map(int, values)))
    return sum(map(Fraction, values), Fraction(0))


def round_half_away_from_zero(value: RatingNumber, places: int = 0) -> RatingNumber:
    """Round to `places` decimals with 0.5 away from zero (FIDE B.02 8.3.4: "0.5 is rounded away
    from zero"); Python's round() rounds halves to even and is wrong for this.

    Fractions are rounded exactly and an int comes back for places=0; floats are rounded through
    their shortest decimal form, so 2.675 (stored as 2.67499...) rounds as the 2.675 a person sees.
    """
    if isinstance(value, Fraction):
        scaled = abs(value) * 10 ** places
        whole = int(scaled + Fraction(1, 2))
        signed = whole if value >= 0 else -whole
        return signed if places == 0 else Fraction(signed, 10 ** places)
    quantum = Decimal(1).scaleb(-places)
    rounded = Decimal(repr(float(value))).copy_abs().quantize(quantum, rounding=ROUND_HALF_UP)
    rounded = rounded if value >= 0 else -rounded
    return int(rounded) if places == 0 else float(rounded)


def rating_text(value: RatingNumber | None, places: int) -> str:
    """A rating figure as explanations print it: whole numbers bare, others to `places` decimals
    (half away from zero) without trailing zeros; "-" for None."""
    if value is None:
        return "-"
    number = to_json_number(value)
    if isinstance(number, int):
        return str(number)
    text = f"{float(round_half_away_from_zero(value, places)):.{places}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def signed_rating_text(value: RatingNumber | None, places: int) -> str:
    """As `rating_text`, with "+" before a positive figure."""
    if value is None:
        return "-"
    text = rating_text(value, places)
    return text if text.startswith("-") or float(value) == 0 else "+" + text


def event_date_of(request: RatingRequest) -> date | None:
    """The date that picks the rules: the request's, else the tournament's start date (TRF 042).

    FIDE rates an event with the list in force when it starts (Title Regulations 1.4.6a), and the
    2650 amendment gives no other date, so the start date is the one used throughout.
    """
    if request.event_date is not None:
        return request.event_date
    return parse_date(request.tournament.start_date) or parse_date(request.tournament.end_date)


def next_records(report: RatingReport, before: Mapping[int, RatingRecord]) -> dict[int, RatingRecord]:
    """The records after the event, for the next one: `record_after` where the system gave one.

    Keyed by start rank of this event; a season replay re-keys them by its own player identity.
    """
    after = dict(before)
    for player in report.players:
        if player.record_after is not None:
            after[player.start_rank] = player.record_after
    return after


def record_with(record: RatingRecord, **changes: Any) -> RatingRecord:
    """`dataclasses.replace(record, **changes)` without its per-call field introspection.

    A rating run makes one `record_after` per player; `replace` inspects every field each time
    (about 15 us). `RatingRecord` has no `__post_init__` and no init-only fields, so copying the
    instance's fields and setting the changed ones gives the same record (tested against
    `replace`).
    """
    if type(record) is not RatingRecord or not _RECORD_FIELDS.issuperset(changes):
        return replace(record, **changes)   # a subclass, or a misspelt field: replace says what is wrong
    values = record.__dict__.copy()
    values.update(changes)
    copy = object.__new__(RatingRecord)
    _set_record_dict(copy, values)   # one record per player: its own dict (not key-sharing) costs nothing here
    return copy


_RECORD_FIELDS = frozenset(RatingRecord.__dataclass_fields__)
_set_record_dict = RatingRecord.__dict__["__dict__"].__set__


def with_assumed(record: RatingRecord, *notes: str) -> RatingRecord:
    """A copy of the record with more caller-side assumptions listed."""
    return replace(record, assumed=record.assumed + tuple(notes))
