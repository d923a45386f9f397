"""The team-event model (issue 22): teams, their matches round by round and the event's team facts.

A team event is an individual event (`Tournament`: every player keeps her own results, which
board prizes need) plus the teams and their matches. Everything is immutable and exact
(`Fraction`). The records behind each field are TRF-2026's (FIDE C.04 Annex 2, 2025 text):
310 teams, 320 team PAB, 330 forfeited matches, 300 boards out of the default order, 352 the
board colour sequence, 362 team points, 240 team byes, 192 the tournament type; the legacy
TRF-16 013 record gives a team's name and players only.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Callable

from rulesengine.fast_init import set_fields_at_once
from rulesengine.model import Tournament
from rulesengine.numbers import fraction_sum

_new = object.__new__

MAX_TEAM_PLAYERS = 14   # record 310 (and 013) hold up to 14 players


class MatchKind(enum.Enum):
    """What one team's round was."""

    __hash__ = object.__hash__

    MATCH = "match"                      # boards against another team (some may be forfeited)
    FORFEIT_WIN = "forfeit win"          # record 330, this team won the forfeited match
    FORFEIT_LOSS = "forfeit loss"        # record 330, this team lost it (or both did: `--`)
    PAIRING_ALLOCATED_BYE = "PAB"        # record 320
    FULL_POINT_BYE = "FPB"               # record 240 F
    HALF_POINT_BYE = "HPB"               # record 240 H
    ZERO_POINT_BYE = "ZPB"               # record 240 Z
    NOT_PAIRED = "not paired"            # withdrawn, absent, idle in an odd round robin


@dataclass(frozen=True)
class TeamPoints:
    """Match points of a team match (record 362: `TW 2.0  TD 1.0  TL 0.0` by default; 3/1/0 and
    others are just other values); C.07 art. 11: MP is the primary team score by default."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)


@set_fields_at_once   # one per board of every match (22,000 at 200 teams x 10 boards x 11 rounds)
@dataclass(frozen=True)
class Board:
    """One board of one team's match: the team's player on it (None = an empty board), her
    opponent (None when none) and the game points she scored there."""

    number: int
    player: int | None
    opponent: int | None
    points: Fraction
    over_the_board: bool


class _OverTheBoard:
    """`TeamRound.over_the_board`: a match with at least one game played over the board (FIDE
    TEC's engine's reading of a played match; a 330 forfeited match is never one). Read from the
    boards, unless the instance holds the value (`TeamRound.with_boards_later`: the reader worked
    it out from the result codes, so the boards need not be built); a non-data descriptor, so
    that value is read in C."""

    def __get__(self, r: TeamRound | None, owner: type | None = None) -> bool | _OverTheBoard:
        if r is None:
            return self
        if r.kind is not MatchKind.MATCH:
            return False
        for board in r.boards:   # a loop, not any(...): read for every team round of every ranking
            if board.over_the_board:
                return True
        return False


@set_fields_at_once   # one per team and round; see rulesengine.fast_init
@dataclass(frozen=True)
class TeamRound:
    """One team's round: the opponent team (None for byes and unpaired rounds), what it was,
    the match points and game points it earned, and its boards (a match's boards in board order;
    none for byes and forfeited matches)."""

    round: int
    opponent: int | None
    kind: MatchKind
    match_points: Fraction
    game_points: Fraction
    boards: tuple[Board, ...] = ()

    over_the_board = _OverTheBoard()

    @classmethod
    def with_boards_later(cls, round: int, opponent: int | None, kind: MatchKind, match_points: Fraction,
                          game_points: Fraction, over_the_board: bool,
                          boards: Callable[[int], tuple[Board, ...]]) -> TeamRound:
        """A team round whose boards are built by `boards(round)` when first read (a standings run
        never reads them; one callable serves all of a team's rounds), with `over_the_board` as
        the reader worked it out; the same object as the dataclass builds once `boards` is read
        (tests/team/test_team_trf_fast_path.py)."""
        instance = _new(cls)   # `fast_init.built_from_fields`, inline: one per team and round
        instance.__dict__.update(round=round, opponent=opponent, kind=kind, match_points=match_points,
                                 game_points=game_points, over_the_board=over_the_board, boards_later=boards)
        return instance


class _BoardsLater:
    """`TeamRound.boards` of a round made by `with_boards_later`: `boards_later(round)`, built on
    first read and kept in the instance (a non-data descriptor: then the instance's own value is
    read in C); the class reads the field's default, ()."""

    def __get__(self, r: TeamRound | None, owner: type | None = None) -> tuple[Board, ...]:
        if r is None:
            return ()
        state = r.__dict__
        value = state["boards"] = state["boards_later"](state["round"])
        return value


TeamRound.boards = _BoardsLater()


@set_fields_at_once   # one per team, made by every reading of a team file
@dataclass(frozen=True)
class Team:
    """A team (record 310, or 013 in a legacy file): pairing number, name, nickname, its players'
    start ranks in board order (up to 14), and what the file declared (strength, MP, GP, rank)."""

    number: int
    name: str
    players: tuple[int, ...]
    nickname: str = ""
    strength: int | None = None
    declared_match_points: Fraction | None = None
    declared_game_points: Fraction | None = None
    declared_rank: int | None = None
    rounds: tuple[TeamRound, ...] = ()

    @cached_property
    def match_points(self) -> Fraction:
        return fraction_sum(r.match_points for r in self.rounds)

    @cached_property
    def game_points(self) -> Fraction:
        return fraction_sum(r.game_points for r in self.rounds)


@dataclass(frozen=True)
class TeamBye:
    """A requested team bye (record 240 F/H/Z for a team) in one round."""

    kind: MatchKind
    round: int
    team: int


@dataclass(frozen=True)
class ForfeitedMatch:
    """A forfeited match (record 330): `+-`, `-+` or `--` between the white and black team."""

    result: str
    round: int
    white: int
    black: int


@dataclass(frozen=True)
class Lineup:
    """Boards out of the default order (record 300): the team's player per board in one round
    (0 = an empty board)."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class TeamTournament:
    """A team event: the individual event of its players and the teams with their rounds.

    `boards` is the number of boards of a match (record 352's length, else the largest lineup);
    `colour_sequence` the board colours of the first-named team (352, "" when absent);
    `pab` the match and game points of a team PAB (record 320); `type_code` record 192's code
    (e.g. `BERGER_TEAM_ROUNDROBIN`); `kind` "swiss" or "round robin"; `colour_model` the colour
    model a team book's Settings state (a TRF file states it in record 192's code).
    """

    individual: Tournament
    teams: tuple[Team, ...]
    boards: int
    team_points: TeamPoints = TeamPoints()
    pab: tuple[Fraction, Fraction] | None = None
    colour_sequence: str = ""
    type_code: str = ""
    kind: str = "swiss"
    byes: tuple[TeamBye, ...] = ()
    forfeits: tuple[ForfeitedMatch, ...] = ()
    lineups: tuple[Lineup, ...] = ()
    legacy: bool = False          # team records are TRF-16 013 lines
    notes: tuple[str, ...] = field(default=())
    colour_model: str = ""        # the pairing's colour model as a team book states it: "type A", "type B",
                                  # "no colour" (FIDE C.04.6 art. 1.7); "": as record 192 says, else type A

    @property
    def rounds(self) -> int:
        return self.individual.rounds

    @property
    def start_date(self) -> str:
        return self.individual.start_date

    @property
    def is_round_robin(self) -> bool:
        return self.kind == "round robin"

    @cached_property
    def by_number(self) -> dict[int, Team]:
        return {team.number: team for team in self.teams}

    def team(self, number: int) -> Team:
        return self.by_number[number]

    @property
    def primary(self) -> str:
        """The primary team score, "MP" or "GP": the first of them in record 192's code
        (`..._GP_MP`: game points); C.07 art. 11: match points otherwise."""
        words = self.type_code.upper().split("_")
        return next((word for word in words if word in ("MP", "GP")), "MP")


def first_named(event: TeamTournament, white: int, black: int) -> tuple[int, int]:
    """A paired match's two teams in the order that names them (home first): record 352's colours
    are the first-named team's board by board, and a team's colour is its first board's (C.04.6
    art. 1.6.1), so the team the pairing gives White is named first unless the sequence starts
    with Black."""
    return (white, black) if (event.colour_sequence or "W")[0].upper() == "W" else (black, white)


def match_tournament(event: TeamTournament) -> Tournament:
    """The event's match schedule as a tournament of teams (issue 24: team round robins by the
    Berger tables): one player per team (start rank = team number), one game per match, white
    the first-named team. That team is the one whose player on a board has that board's colour of
    record 352 (W B W B ... when absent); a forfeited match names it (record 330). Match results
    are scored win/draw/loss by match points; byes keep their kind, idle rounds are not paired."""
    from dataclasses import replace

    from rulesengine.model import Colour, Player, ResultCode, RoundEntry
    forfeits = {(f.round, f.white): f for f in event.forfeits}
    forfeits.update({(f.round, f.black): f for f in event.forfeits})
    byes = {MatchKind.PAIRING_ALLOCATED_BYE: ResultCode.PAIRING_ALLOCATED_BYE,
            MatchKind.FULL_POINT_BYE: ResultCode.FULL_POINT_BYE, MatchKind.HALF_POINT_BYE: ResultCode.HALF_POINT_BYE,
            MatchKind.ZERO_POINT_BYE: ResultCode.ZERO_POINT_BYE}

    def first_named(team_round: TeamRound) -> bool | None:
        for board in team_round.boards:
            if board.player is None:
                continue
            colour = event.individual.player(board.player).entry(team_round.round).colour
            if colour is Colour.NONE:
                continue
            sequence = event.colour_sequence or "WB" * ((board.number + 1) // 2)
            expected = sequence[(board.number - 1) % len(sequence)].upper()
            return (colour is Colour.WHITE) == (expected == "W")
        return None

    def entry(team: Team, r: TeamRound) -> RoundEntry:
        if r.opponent is None:
            return RoundEntry(r.round, None, Colour.NONE, byes.get(r.kind, ResultCode.NOT_PAIRED))
        forfeit = forfeits.get((r.round, team.number))
        if forfeit is not None:
            colour = Colour.WHITE if forfeit.white == team.number else Colour.BLACK
        else:
            white = first_named(r)
            colour = Colour.NONE if white is None else Colour.WHITE if white else Colour.BLACK
        if r.kind in (MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS):
            code = ResultCode.FORFEIT_WIN if r.kind is MatchKind.FORFEIT_WIN else ResultCode.FORFEIT_LOSS
        else:
            other = event.team(r.opponent).rounds[r.round - 1] if r.round <= len(event.team(r.opponent).rounds) else r
            code = (ResultCode.WIN if r.match_points > other.match_points else ResultCode.LOSS
                    if r.match_points < other.match_points else ResultCode.DRAW)
        return RoundEntry(r.round, r.opponent, colour, code)

    players = tuple(Player(team.number, team.name, tuple(entry(team, r) for r in team.rounds))
                    for team in sorted(event.teams, key=lambda t: t.number))
    # No team records: the teams are its players now (a pairing system refuses a team event's players).
    header = tuple((code, rest) for code, rest in event.individual.header if code not in ("310", "013"))
    return replace(event.individual, players=players, kind=event.kind, pending_round=None, header=header)
