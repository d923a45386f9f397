"""Each team's rounds as the team tie-breaks read them (FIDE C.07 art. 11-16 applied to matches).

Per round: the match points and game points earned, the opponent team, whether the match was
played (a game over the board, or a team PAB), whether the round was voluntarily unplayed
(art. 16.2: neither played nor won), and the game points on each board (art. 12 intro: a team
PAB and a forfeited match won score a standard win on every board). Where C.07 is silent on team
rounds (how an unplayed team round counts in BH) this follows FIDE TEC's engine gacrux 1.11.65:
the individual art. 16 applied to the team round.

Scores are whole numbers of units, exact and fast (a few hundred teams' rounds are summed and
multiplied for every code): `scale["MP"]` units to a match point, `scale["GP"]` to a game point
(2 for halves), the least that makes every score of the event whole. `score(units, reference)`
turns a value back into points at the edge; a product of two scores (ESB) divides by both scales.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Callable, NamedTuple, TypeVar

from rulesengine.team import MatchKind, TeamRound, TeamTournament

T = TypeVar("T")
_WON_UNPLAYED = frozenset({MatchKind.FORFEIT_WIN, MatchKind.FULL_POINT_BYE})


@dataclass(frozen=True)
class BoardUnits:
    """How a table scores boards in units (art. 12 intro), shared by all its rows: the boards of a
    match, a standard win and draw, the units to a game point, and the units of each score object
    seen (a few, shared by every board of the event)."""

    count: int
    win: int
    draw: int
    scale: int
    seen: dict[int, int] = field(default_factory=dict, compare=False)


class Row(NamedTuple):
    """One team's round: MP and GP earned (in units), opponent (0 = none), played, voluntarily
    unplayed, won, and the round it was read from (whose boards `TeamTable.boards` scores when a
    board code asks). A named tuple: a table holds one per team and round, made in a few microseconds."""

    mp: int
    gp: int
    opponent: int
    played: bool
    vur: bool
    won: bool          # the match points of a won match (art. 7 WIN counts these)
    source: TeamRound


@dataclass
class TeamTable:
    """The event's team rounds in the shape every team tie-break reads."""

    event: TeamTournament
    rows: dict[int, list[Row]]
    round_robin: bool
    rules_2026: bool                                # art. 16.4 caps (March 2026 amendments)
    scale: dict[str, int]
    units: BoardUnits
    _totals: dict[str, dict[int, int]] = field(default_factory=dict, repr=False)
    _derived: dict[tuple, object] = field(default_factory=dict, repr=False)
    _board_points: dict[int, dict[int, int]] | None = field(default=None, repr=False)

    @property
    def board_points(self) -> dict[int, dict[int, int]]:
        """team -> board -> game points (units) over all rounds (art. 12: BC, TBR, BBE; only they need it)."""
        if self._board_points is None:
            totals: dict[int, dict[int, int]] = {}
            for team, rows in self.rows.items():
                per_board = totals[team] = {}
                for row in rows:
                    for number, points in self.boards(row):
                        per_board[number] = per_board.get(number, 0) + points
            self._board_points = totals
        return self._board_points

    @property
    def rounds(self) -> int:
        return self.event.rounds

    @property
    def numbers(self) -> list[int]:
        return [team.number for team in self.event.teams]

    def derived(self, key: tuple, make: Callable[[], T]) -> T:
        """A value derived from the table alone, made once (the table never changes)."""
        if key not in self._derived:
            self._derived[key] = make()
        return self._derived[key]

    def boards(self, row: Row) -> list[tuple[int, int]]:
        """(board, game points in units) of one round as art. 12 scores them."""
        return _boards(row.source, self.units, row.won)

    def score(self, units: int | Fraction, reference: str) -> Fraction:
        """A value in units of the reference score, as points."""
        return Fraction(units, self.scale[reference]) if isinstance(units, int) else units / self.scale[reference]

    def draw(self, reference: str) -> int:
        """The points of a drawn match in the reference score: TD match points, or half the boards (units)."""
        if reference == "MP":
            return _units(self.event.team_points.draw, self.scale["MP"])
        return _units(self.event.individual.scoring.draw * self.event.boards, self.scale["GP"])

    def win(self, reference: str) -> int:
        if reference == "MP":
            return _units(self.event.team_points.win, self.scale["MP"])
        return _units(self.event.individual.scoring.win * self.event.boards, self.scale["GP"])

    def points(self, row: Row, reference: str) -> int:
        return row.mp if reference == "MP" else row.gp

    def total(self, team: int, reference: str) -> int:
        totals = self._totals.get(reference)
        if totals is None:
            index = reference == "MP"
            totals = self._totals[reference] = {number: sum(row.mp if index else row.gp for row in rows)
                                                for number, rows in self.rows.items()}
        return totals[team]

    def last_not_vur(self, team: int) -> int:
        return max((i + 1 for i, row in enumerate(self.rows[team]) if not row.vur), default=0)

    def last_met(self, team: int) -> int:
        return max((i + 1 for i, row in enumerate(self.rows[team]) if row.opponent or row.played), default=0)


# `Row(...)` without the named tuple's own `__new__` (Python code): one row per team and round.
_new_row = partial(tuple.__new__, Row)


def _units(value: Fraction, scale: int) -> int:
    """`value` x `scale`, whole when the scale is a multiple of the value's denominator (the event's
    own scores: `_scales` chose it so), without building a Fraction."""
    numerator, denominator = value.numerator, value.denominator
    if scale % denominator == 0:
        return numerator * (scale // denominator)
    return value * scale   # a score outside the event's (a draw x boards that is not whole): exact still


def team_table(event: TeamTournament, round_robin: bool, rules_2026: bool) -> TeamTable:
    scoring = event.individual.scoring
    scale = _scales(event)
    mp_scale, gp_scale = scale["MP"], scale["GP"]
    units = BoardUnits(event.boards, _units(scoring.win, gp_scale), _units(scoring.draw, gp_scale), gp_scale)
    team_win = _units(event.team_points.win, mp_scale)
    # Each score object's units, worked out once: a reader shares a few objects among all rounds
    # (the team points, one per game-point total). Keyed by id: the event holds every object.
    mp_of: dict[int, int] = {}
    gp_of: dict[int, int] = {}
    rows: dict[int, list[Row]] = {}
    pab, not_paired, match, won_unplayed, new_row = (MatchKind.PAIRING_ALLOCATED_BYE, MatchKind.NOT_PAIRED,
                                                     MatchKind.MATCH, _WON_UNPLAYED, _new_row)   # locals: read per round
    for team in event.teams:
        team_rows = rows[team.number] = []
        for r in team.rounds:
            kind, match_points, game_points = r.kind, r.match_points, r.game_points
            played = r.over_the_board or kind is pab
            mp = mp_of.get(id(match_points))
            if mp is None:
                mp = mp_of[id(match_points)] = _units(match_points, mp_scale)
            gp = gp_of.get(id(game_points))
            if gp is None:
                gp = gp_of[id(game_points)] = _units(game_points, gp_scale)
            won = mp == team_win and kind is not not_paired
            wins_unplayed = kind in won_unplayed or (kind is match and won)
            team_rows.append(new_row((mp, gp, r.opponent or 0, played, not played and not wins_unplayed, won, r)))
    return TeamTable(event, rows, round_robin, rules_2026, scale, units)


def _scales(event: TeamTournament) -> dict[str, int]:
    """The least units per match point and per game point that make the event's scores whole: the
    team points (362), the PAB's (320) and the scoring system's values (a match's game points are
    sums of these). A score outside them still counts exactly (`_units` keeps it a Fraction)."""
    points = event.team_points
    mp = {points.win.denominator, points.draw.denominator, points.loss.denominator}
    gp = {value.denominator for value in vars(event.individual.scoring).values() if isinstance(value, Fraction)}
    if event.pab is not None:
        mp.add(event.pab[0].denominator)
        gp.add(event.pab[1].denominator)
    return {"MP": math.lcm(*mp), "GP": math.lcm(*gp)}


def _boards(r: TeamRound, units: BoardUnits, won: bool) -> list[tuple[int, int]]:
    """Game points per board in units (art. 12.1-12.3): the boards of a match played over the
    board; a PAB, a forfeited match won and a full-point bye a win on every board, a half-point
    bye or an unplayed drawn match a draw on every board, anything else nothing."""
    if r.over_the_board:
        found = []
        for board in r.boards:
            if board.player is not None:
                value = units.seen.get(id(board.points))
                if value is None:   # the event holds the object, so its id stays its own while it lives
                    value = units.seen[id(board.points)] = _units(board.points, units.scale)
                found.append((board.number, value))
        return found
    if r.kind is MatchKind.PAIRING_ALLOCATED_BYE or r.kind in _WON_UNPLAYED or (r.kind is MatchKind.MATCH and won):
        return [(number, units.win) for number in range(1, units.count + 1)]
    if r.kind is MatchKind.HALF_POINT_BYE or (r.kind is MatchKind.MATCH and r.match_points and not won):
        return [(number, units.draw) for number in range(1, units.count + 1)]
    return []
