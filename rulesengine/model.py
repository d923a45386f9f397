"""The tournament model: players, rounds and every kind of round entry.

Everything here is immutable. A round entry always says what happened in that round
(architecture rule "unplayed is data, not absence"): rule plugins decide what each kind
means for their tie-breaks and ratings, the model only records it.

Scores are exact (`fractions.Fraction`), so 11.5 never becomes 11.499999.
"""

from __future__ import annotations

import enum
from dataclasses import MISSING, dataclass, field, fields
from fractions import Fraction
from functools import cached_property, partial
from operator import call
from typing import Callable, Iterator, Mapping

from rulesengine.fast_init import built_from_fields, set_fields_at_once
from rulesengine.round_columns import (DerivedFromOther, RoundColumns, ScoreUnits, columns_of, rounds_of,
                                       score_units, totals)


class Colour(enum.Enum):
    """Colour of the pieces a player had in a round (TRF-16 column `c`)."""

    # Members are singletons: hash by identity in C (Enum.__hash__ is Python code, and these
    # are set members and dict keys on every hot path).
    __hash__ = object.__hash__

    WHITE = "w"
    BLACK = "b"
    NONE = "-"


class ResultCode(enum.Enum):
    """What happened to one player in one round (FIDE C.04 Annex 2, TRF-16 result codes).

    The value is the TRF-16 character; NOT_PAIRED covers both `0000 - -` and a blank entry.
    """

    # Members are singletons: hash by identity in C (Enum.__hash__ is Python code, and these
    # are set members and dict keys on every hot path).
    __hash__ = object.__hash__

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    NOT_PAIRED = " "


class EntryKind(enum.Enum):
    """The broad kind of a round entry, the distinction tie-break and rating rules start from."""

    # Members are singletons: hash by identity in C (Enum.__hash__ is Python code, and these
    # are set members and dict keys on every hot path).
    __hash__ = object.__hash__

    GAME = "game"                      # played over the board, rated (1 = 0)
    UNRATED_GAME = "unrated game"      # played over the board, not to be rated (W D L)
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    DOUBLE_FORFEIT = "double forfeit"  # both sides were forfeited
    PAIRING_ALLOCATED_BYE = "pairing-allocated bye"
    FULL_POINT_BYE = "full-point bye"
    HALF_POINT_BYE = "half-point bye"
    ZERO_POINT_BYE = "zero-point bye"
    NOT_PAIRED = "not paired"          # absent, withdrawn, or idle in an odd round robin


GAME_CODES = frozenset({ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS})
UNRATED_GAME_CODES = frozenset({ResultCode.UNRATED_WIN, ResultCode.UNRATED_DRAW, ResultCode.UNRATED_LOSS})
WIN_CODES = frozenset({ResultCode.WIN, ResultCode.UNRATED_WIN})
DRAW_CODES = frozenset({ResultCode.DRAW, ResultCode.UNRATED_DRAW})
LOSS_CODES = frozenset({ResultCode.LOSS, ResultCode.UNRATED_LOSS})


# What one player's result must be answered with on the opponent's side of the same game.
MIRRORED_CODES: dict[ResultCode, frozenset[ResultCode]] = {
    ResultCode.WIN: frozenset({ResultCode.LOSS}),
    ResultCode.LOSS: frozenset({ResultCode.WIN}),
    ResultCode.DRAW: frozenset({ResultCode.DRAW}),
    ResultCode.FORFEIT_WIN: frozenset({ResultCode.FORFEIT_LOSS}),
    ResultCode.FORFEIT_LOSS: frozenset({ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS}),  # or double forfeit
    ResultCode.UNRATED_WIN: frozenset({ResultCode.UNRATED_LOSS}),
    ResultCode.UNRATED_LOSS: frozenset({ResultCode.UNRATED_WIN}),
    ResultCode.UNRATED_DRAW: frozenset({ResultCode.UNRATED_DRAW}),
}


@set_fields_at_once   # one per player and round (130,000 for a large event): see rulesengine.fast_init
@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's entry for one round.

    `opponent` is the opponent's start rank, or None when there was no opponent (byes, not
    paired). For forfeits it is the scheduled opponent when known. `double_forfeit` is set when
    a forfeit loss is matched by the opponent's forfeit loss (TRF `-` on both sides).
    """

    # Slots: a large event holds 130,000 entries; without a per-entry dict each takes 112 bytes
    # instead of 152 and is built a little faster.

    round: int
    opponent: int | None
    colour: Colour
    code: ResultCode
    double_forfeit: bool = False

    @property
    def kind(self) -> EntryKind:
        code = self.code
        if code in GAME_CODES:
            return EntryKind.GAME
        if code in UNRATED_GAME_CODES:
            return EntryKind.UNRATED_GAME
        if code is ResultCode.FORFEIT_WIN:
            return EntryKind.FORFEIT_WIN
        if code is ResultCode.FORFEIT_LOSS:
            if self.opponent is None:
                return EntryKind.NOT_PAIRED  # TRF `0000 - -`: absent, not a forfeit
            return EntryKind.DOUBLE_FORFEIT if self.double_forfeit else EntryKind.FORFEIT_LOSS
        return _BYE_KINDS[code]

    @property
    def played(self) -> bool:
        """True when a game was played over the board (rated or not)."""
        return self.code in GAME_CODES or self.code in UNRATED_GAME_CODES


_BYE_KINDS = {
    ResultCode.PAIRING_ALLOCATED_BYE: EntryKind.PAIRING_ALLOCATED_BYE,
    ResultCode.FULL_POINT_BYE: EntryKind.FULL_POINT_BYE,
    ResultCode.HALF_POINT_BYE: EntryKind.HALF_POINT_BYE,
    ResultCode.ZERO_POINT_BYE: EntryKind.ZERO_POINT_BYE,
    ResultCode.NOT_PAIRED: EntryKind.NOT_PAIRED,
}


@dataclass(frozen=True)
class ScoringSystem:
    """Points awarded for each kind of round entry.

    The default is 1 - 1/2 - 0 with a pairing-allocated bye worth a win. Other systems (3-1-0,
    declared by TRF-2026 record 162, JaVaFo's XXS or bbpPairings' BB? lines) are just other values.
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction | None = None          # None: same as win
    forfeit_loss: Fraction = Fraction(0)
    pairing_allocated_bye: Fraction | None = None  # None: same as win
    full_point_bye: Fraction | None = None         # None: same as win
    half_point_bye: Fraction | None = None         # None: same as draw
    zero_point_bye: Fraction = Fraction(0)
    not_paired: Fraction = Fraction(0)

    def points(self, entry: RoundEntry) -> Fraction:
        """Points this entry earns under this scoring system."""
        code = entry.code
        if code in WIN_CODES:
            return self.win
        if code in DRAW_CODES:
            return self.draw
        if code in LOSS_CODES:
            return self.loss
        if code is ResultCode.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if code is ResultCode.FORFEIT_LOSS:
            return self.forfeit_loss if entry.opponent is not None else self.not_paired
        if code is ResultCode.PAIRING_ALLOCATED_BYE:
            return self.win if self.pairing_allocated_bye is None else self.pairing_allocated_bye
        if code is ResultCode.FULL_POINT_BYE:
            return self.win if self.full_point_bye is None else self.full_point_bye
        if code is ResultCode.HALF_POINT_BYE:
            return self.draw if self.half_point_bye is None else self.half_point_bye
        if code is ResultCode.ZERO_POINT_BYE:
            return self.zero_point_bye
        return self.not_paired

    def units(self) -> ScoreUnits:
        """These points as whole numbers of their smallest unit (1/2 under 1-1/2-0), worked out once
        per scoring system: what an event's totals are added in (`rulesengine.round_columns`)."""
        return score_units(self, self._points_by_code, ResultCode.FORFEIT_LOSS, ResultCode.NOT_PAIRED)

    def _points_by_code(self) -> tuple[dict[ResultCode, Fraction], Fraction]:
        """Each code's points (a forfeit loss with an opponent), and an absence's (TRF `0000 - -`)."""
        return ({code: self.points(RoundEntry(0, 0, Colour.NONE, code)) for code in ResultCode},
                self.points(RoundEntry(0, None, Colour.NONE, ResultCode.FORFEIT_LOSS)))


STANDARD_SCORING = ScoringSystem()

@dataclass(frozen=True)
class Player:
    """A player of the tournament and their round entries (index 0 = round 1).

    Fields follow the TRF-16 001 record. `player_id` is the id a rating authority gave the player
    and `id_issuer` names that authority ("FIDE" for TRF's ID column, "US Chess" for a wall
    chart's USCF ID; "" when unknown). `declared_points` and `declared_rank` are what the source
    file stated; the engine computes its own totals from the entries.

    `columns` (not a field) is `rounds` as `RoundColumns`, for whole-event loops; a player made
    by `from_columns` builds `rounds` from it when first read.
    """

    start_rank: int
    name: str
    rounds: tuple[RoundEntry, ...] = ()
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    player_id: str = ""
    birth_date: str = ""
    id_issuer: str = ""
    declared_points: Fraction | None = None
    declared_rank: int | None = None

    def entry(self, round_number: int) -> RoundEntry:
        """The entry for a round (1-based); missing trailing rounds read as not paired."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return RoundEntry(round_number, None, Colour.NONE, ResultCode.NOT_PAIRED)

    @property
    def is_rated(self) -> bool:
        return bool(self.rating)

    @classmethod
    def from_columns(cls, columns: RoundColumns, **values) -> Player:
        """A player whose `rounds` are built from `columns` only when first read (the same
        entries, `RoundEntry.round` = position). `values` are the other fields by name; the
        frozen dataclass's per-field `__setattr__` is skipped (readers build thousands)."""
        if not _PLAYER_REQUIRED <= values.keys() <= _PLAYER_FIELDS:
            raise TypeError(f"Player.from_columns: fields {sorted(values)} are not {sorted(_PLAYER_FIELDS)} "
                            f"with at least {sorted(_PLAYER_REQUIRED)}")
        return built_from_fields(cls, {**_PLAYER_DEFAULTS, **values, "columns": columns})


# `rounds` and `columns` each derive from the other: a player built by the dataclass holds
# `rounds`, one built by `from_columns` holds `columns`.
Player.rounds = DerivedFromOther("rounds", "columns", partial(rounds_of, entry=RoundEntry), ())
Player.columns = DerivedFromOther("columns", "rounds", columns_of, None)
_PLAYER_FIELDS = frozenset(f.name for f in fields(Player)) - {"rounds"}
_PLAYER_DEFAULTS = {f.name: f.default for f in fields(Player) if f.name in _PLAYER_FIELDS
                    and f.default is not MISSING}
_PLAYER_REQUIRED = _PLAYER_FIELDS - _PLAYER_DEFAULTS.keys()


@dataclass(frozen=True)
class PendingRound:
    """A round that is paired and not played yet: the file after `rulesengine pair --format trf`
    (TRF round blocks with an opponent and a blank result, `  0012 w  `).

    It is no part of the results: standings, tie-breaks and ratings are those after round
    `number - 1`, as if the file stopped there. A pending round is not a voluntarily unplayed
    round (FIDE C.07 art. 16.2: the player has not had the chance to play it yet) and earns no
    points, its pairing-allocated and requested byes included. The tournament's players hold
    rounds 1..number-1 only; `entries` holds each player's entries from this round on as the
    file gives them (a game without a result: opponent and colour set, code NOT_PAIRED), so the
    file is written back as it was read.
    """

    number: int
    games: tuple[tuple[int, int], ...]          # (white, black) start ranks, by white's start rank
    byes: tuple[tuple[int, ResultCode], ...]    # (player, bye code: U, H, F or Z), by start rank
    entries: Mapping[int, tuple[RoundEntry, ...]] = field(default_factory=dict)

    @property
    def games_without_result(self) -> tuple[tuple[int, int], ...]:
        """The games of this round whose result is still blank (usually all of them)."""
        return tuple((white, black) for white, black in self.games
                     if self.entries[white][0].code is ResultCode.NOT_PAIRED)


@dataclass(frozen=True)
class Tournament:
    """A tournament: header facts, scoring, and players with their round entries.

    `header` keeps every non-player record of the source file in order, as (code, text) pairs,
    so a file written back is the file read (TRF 0xx records, XX extension lines, comments).
    `kind` is "swiss" or "round robin" (TRF record 092, or set by the caller).
    `pending_round` is the next round when it is paired and not played yet (results blank):
    the players' rounds stop before it (see `PendingRound`).
    """

    name: str
    players: tuple[Player, ...]
    rounds: int
    scoring: ScoringSystem = STANDARD_SCORING
    kind: str = "swiss"
    start_date: str = ""
    end_date: str = ""
    tiebreak_order: tuple[str, ...] = ()
    header: tuple[tuple[str, str], ...] = ()
    source: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)
    pending_round: PendingRound | None = None

    @cached_property
    def by_start_rank(self) -> dict[int, Player]:
        return {p.start_rank: p for p in self.players}

    def player(self, start_rank: int) -> Player:
        return self.by_start_rank[start_rank]

    def entries(self, start_rank: int) -> Iterator[RoundEntry]:
        """Every round 1..rounds for a player, missing ones as not paired."""
        player = self.by_start_rank[start_rank]
        for r in range(1, self.rounds + 1):
            yield player.entry(r)

    @cached_property
    def points(self) -> dict[int, Fraction]:
        """Each player's total score, computed from the entries with this event's scoring (missing
        trailing rounds are not paired). Added in whole units of the scoring system, in C, each
        distinct total one shared Fraction (`rulesengine.round_columns.totals`)."""
        return totals(self.players, self.rounds, self.scoring.units())

    def points_after(self, start_rank: int, round_number: int) -> Fraction:
        """A player's score after the given round."""
        player = self.by_start_rank[start_rank]
        return sum((self.scoring.points(player.entry(r)) for r in range(1, round_number + 1)), Fraction(0))

    @property
    def is_round_robin(self) -> bool:
        return self.kind == "round robin"

    @classmethod
    def with_players_later(cls, players: Callable[[], tuple[Player, ...]], **values) -> Tournament:
        """A tournament whose players are built by `players()` when first read (the TRF team
        reader: a team standings run reads none of them); `values` are the other fields by name.
        Equal to the tournament built with them, once read (tests/team/test_team_trf_fast_path.py)."""
        tournament = cls(players=(), **values)
        state = tournament.__dict__
        del state["players"]
        state["players_later"] = players
        return tournament


# `players` of a tournament made by `with_players_later`: built on first read, kept in the instance.
Tournament.players = DerivedFromOther("players", "players_later", call, ())


def with_derived_of(copy: Tournament, source: Tournament) -> Tournament:
    """`copy` (a `dataclasses.replace` of `source` that changed header facts: a date, a name)
    holding what `source` has already worked out from its players, instead of working it out
    again: the points (`Tournament.points`: players, rounds and scoring alone decide them) when
    the three are the same objects, and the players by start rank when the players are.
    Returns `copy` itself."""
    derived = source.__dict__
    if copy.players is not source.players:
        return copy
    state = copy.__dict__
    if "by_start_rank" in derived:
        state.setdefault("by_start_rank", derived["by_start_rank"])
    if "points" in derived and copy.rounds == source.rounds and copy.scoring is source.scoring:
        state.setdefault("points", derived["points"])
    return copy
