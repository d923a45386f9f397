"""The tournament model: players, rounds and every kind of round entry.

Everything here is immutable. A round entry always says what happened in that round
(architecture rule "unplayed is data, not absence"): rule plugins decide what each kind
means for their tie-breaks and ratings, the model only records it.

Scores are exact (`fractions.Fraction`), so 11.5 never becomes 11.499999.
"""

from __future__ import annotations

import enum
import math
from dataclasses import MISSING, dataclass, field, fields
from fractions import Fraction
from functools import cached_property
from operator import attrgetter
from itertools import compress
from typing import Iterator, Mapping, NamedTuple


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


def _set_fields_in_c(cls):
    """A frozen, slotted dataclass's `__init__` that stores each field through its slot (the
    member descriptor, C code) instead of `object.__setattr__` by name: the same object, built
    in half the time. Readers make one RoundEntry per player and round (130,000 for a large
    event), so this is most of the cost of reading a TRF."""
    setters = [getattr(cls, f.name).__set__ for f in fields(cls)]
    set_round, set_opponent, set_colour, set_code, set_double_forfeit = setters

    def __init__(self, round: int, opponent: int | None, colour: Colour, code: ResultCode,
                 double_forfeit: bool = False) -> None:
        set_round(self, round)
        set_opponent(self, opponent)
        set_colour(self, colour)
        set_code(self, code)
        set_double_forfeit(self, double_forfeit)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = __init__
    return cls


_set_fields_in_c(RoundEntry)

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


STANDARD_SCORING = ScoringSystem()

# Per scoring system (by identity, kept alive here so the id stays its own; nearly every event
# shares STANDARD_SCORING): the unit every score is a whole multiple of, each code's points in
# units, and the Fractions handed out per total in units. A batch of small events reuses them
# instead of redoing Fraction arithmetic per event.
_UNITS: dict[int, tuple[ScoringSystem, tuple]] = {}


def _score_units(scoring: ScoringSystem) -> tuple[int, dict[ResultCode, int], int, dict[int, Fraction]]:
    found = _UNITS.get(id(scoring))
    if found is not None and found[0] is scoring:
        return found[1]
    values = {code: scoring.points(RoundEntry(0, 0, Colour.NONE, code)) for code in ResultCode}
    # TRF `0000 - -` (a forfeit loss without an opponent) is an absence: not-paired points.
    absent = scoring.points(RoundEntry(0, None, Colour.NONE, ResultCode.FORFEIT_LOSS))
    scale = math.lcm(*(Fraction(v).denominator for v in (*values.values(), absent)))
    tables = (scale, {code: int(value * scale) for code, value in values.items()}, int(absent * scale), {})
    if len(_UNITS) >= 64:
        _UNITS.clear()
    _UNITS[id(scoring)] = (scoring, tables)
    return tables

_CODE_OF = attrgetter("code")


class RoundColumns(NamedTuple):
    """A player's rounds as columns, one tuple per `RoundEntry` field (index 0 = round 1).

    `opponents` holds start ranks with 0 where `RoundEntry.opponent` is None; `double_forfeits`
    the round numbers whose forfeit loss was answered by a forfeit loss. Readers of large files
    hand these over (`Player.from_columns`) and whole-event computations read them with C-level
    loops (`map`, `sum`): ranking a 2,000 x 13 TRF then never builds its 26,000 entries.
    """

    opponents: tuple[int, ...]
    colours: tuple[Colour, ...]
    codes: tuple[ResultCode, ...]
    double_forfeits: frozenset[int] = frozenset()


_OPPONENT_OF, _COLOUR_OF, _DOUBLE_FORFEIT_OF = attrgetter("opponent"), attrgetter("colour"), attrgetter("double_forfeit")
_ZERO_FOR_NONE, _NONE_FOR_ZERO = {None: 0}, {0: None}


def _columns_of(rounds: tuple[RoundEntry, ...]) -> RoundColumns:
    opponents = list(map(_OPPONENT_OF, rounds))
    return RoundColumns(tuple(map(_ZERO_FOR_NONE.get, opponents, opponents)),
                        tuple(map(_COLOUR_OF, rounds)), tuple(map(_CODE_OF, rounds)),
                        frozenset(compress(range(1, len(rounds) + 1), map(_DOUBLE_FORFEIT_OF, rounds))))


def _rounds_of(columns: RoundColumns) -> tuple[RoundEntry, ...]:
    opponents, colours, codes, double_forfeits = columns
    entries = tuple(map(RoundEntry, range(1, len(codes) + 1), map(_NONE_FOR_ZERO.get, opponents, opponents),
                        colours, codes))
    if not double_forfeits:
        return entries
    return tuple(RoundEntry(e.round, e.opponent, e.colour, e.code, True) if i in double_forfeits else e
                 for i, e in enumerate(entries, 1))


class _Derived:
    """A player's `rounds` or `columns`, worked out from the other on first read and kept in the
    instance (a non-data descriptor: once stored, the instance's own value is read in C)."""

    def __init__(self, name: str, source: str, make, default) -> None:
        self.name, self.source, self.make, self.default = name, source, make, default

    def __get__(self, player, owner=None):
        if player is None:
            return self.default
        state = player.__dict__
        value = state[self.name] = self.make(state[self.source])
        return value


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
        player = object.__new__(cls)
        state = player.__dict__
        state.update(_PLAYER_DEFAULTS)
        state.update(values)
        state["columns"] = columns
        return player


# `rounds` and `columns` each derive from the other: a player built by the dataclass holds
# `rounds`, one built by `from_columns` holds `columns`.
Player.rounds = _Derived("rounds", "columns", _rounds_of, ())
Player.columns = _Derived("columns", "rounds", _columns_of, None)
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
        """Each player's total score, computed from the entries with this event's scoring.

        Scores are added as whole numbers of the scoring system's smallest unit (1/2 under
        1-1/2-0) in C-level loops, and each distinct total becomes one shared Fraction: adding
        thousands of Fractions one by one is the slow part of reading a large event.
        """
        rounds = self.rounds
        scale, units, absent_units, shared = _score_units(self.scoring)
        forfeit_loss = ResultCode.FORFEIT_LOSS
        totals: dict[int, Fraction] = {}
        for player in self.players:
            opponents, _, codes, _ = player.columns
            codes = codes[:rounds]
            total = sum(map(units.__getitem__, codes))
            if forfeit_loss in codes:
                total += sum(absent_units - units[forfeit_loss] for code, opponent in zip(codes, opponents)
                             if code is forfeit_loss and not opponent)
            total += (rounds - len(codes)) * units[ResultCode.NOT_PAIRED]   # missing trailing rounds
            value = shared.get(total)
            if value is None:
                value = shared[total] = Fraction(total, scale)
            totals[player.start_rank] = value
        return totals

    def points_after(self, start_rank: int, round_number: int) -> Fraction:
        """A player's score after the given round."""
        player = self.by_start_rank[start_rank]
        return sum((self.scoring.points(player.entry(r)) for r in range(1, round_number + 1)), Fraction(0))

    @property
    def is_round_robin(self) -> bool:
        return self.kind == "round robin"



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
