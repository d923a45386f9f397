"""Each team's rounds as the team tie-breaks read them (FIDE C.07 art. 11-16 applied to matches).

Per round: the match points and game points earned, the opponent team, whether the match was
played (a game over the board, or a team PAB), whether the round was voluntarily unplayed
(art. 16.2: neither played nor won), and the game points on each board (art. 12 intro: a team
PAB and a forfeited match won score a standard win on every board). Where C.07 is silent on team
rounds (how an unplayed team round counts in BH) this follows FIDE TEC's engine gacrux 1.11.65:
the individual art. 16 applied to the team round.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from rulesengine.team import MatchKind, TeamRound, TeamTournament

_WON_UNPLAYED = frozenset({MatchKind.FORFEIT_WIN, MatchKind.FULL_POINT_BYE})


@dataclass(frozen=True)
class Row:
    """One team's round: MP and GP earned, opponent (0 = none), played, voluntarily unplayed."""

    mp: Fraction
    gp: Fraction
    opponent: int
    played: bool
    vur: bool
    won: bool          # the match points of a won match (art. 7 WIN counts these)
    boards: tuple[tuple[int, Fraction], ...] = ()   # (board, game points) as art. 12 scores them


@dataclass
class TeamTable:
    """The event's team rounds in the shape every team tie-break reads."""

    event: TeamTournament
    rows: dict[int, list[Row]]
    round_robin: bool
    rules_2026: bool                                # art. 16.4 caps (March 2026 amendments)

    @cached_property
    def board_points(self) -> dict[int, dict[int, Fraction]]:
        """team -> board -> game points over all rounds (art. 12: BC, TBR, BBE; only they need it)."""
        totals: dict[int, dict[int, Fraction]] = {}
        for team, rows in self.rows.items():
            per_board = totals[team] = {}
            for row in rows:
                for number, points in row.boards:
                    per_board[number] = per_board[number] + points if number in per_board else points
        return totals

    @property
    def rounds(self) -> int:
        return self.event.rounds

    @property
    def numbers(self) -> list[int]:
        return [team.number for team in self.event.teams]

    def draw(self, reference: str) -> Fraction:
        """The points of a drawn match in the reference score: TD match points, or half the boards."""
        if reference == "MP":
            return self.event.team_points.draw
        return self.event.individual.scoring.draw * self.event.boards

    def win(self, reference: str) -> Fraction:
        return self.event.team_points.win if reference == "MP" else self.event.individual.scoring.win * self.event.boards

    def points(self, row: Row, reference: str) -> Fraction:
        return row.mp if reference == "MP" else row.gp

    def total(self, team: int, reference: str) -> Fraction:
        return sum((self.points(row, reference) for row in self.rows[team]), Fraction(0))

    def last_not_vur(self, team: int) -> int:
        return max((i + 1 for i, row in enumerate(self.rows[team]) if not row.vur), default=0)

    def last_met(self, team: int) -> int:
        return max((i + 1 for i, row in enumerate(self.rows[team]) if row.opponent or row.played), default=0)


def team_table(event: TeamTournament, round_robin: bool, rules_2026: bool) -> TeamTable:
    rows: dict[int, list[Row]] = {}
    scoring = event.individual.scoring
    for team in event.teams:
        rows[team.number] = []
        for r in team.rounds:
            played = r.over_the_board or r.kind is MatchKind.PAIRING_ALLOCATED_BYE
            won = r.match_points == event.team_points.win and r.kind is not MatchKind.NOT_PAIRED
            wins_unplayed = r.kind in _WON_UNPLAYED or (r.kind is MatchKind.MATCH and won)
            round_boards = tuple(_boards(r, event.boards, scoring.win, scoring.draw, won))
            rows[team.number].append(Row(r.match_points, r.game_points, r.opponent or 0, played,
                                         not played and not wins_unplayed, won, round_boards))
    return TeamTable(event, rows, round_robin, rules_2026)


def _boards(r: TeamRound, count: int, win: Fraction, draw: Fraction, won: bool) -> list[tuple[int, Fraction]]:
    """Game points per board (art. 12.1-12.3): the boards of a match played over the board; a
    PAB, a forfeited match won and a full-point bye a win on every board, a half-point bye or an
    unplayed drawn match a draw on every board, anything else nothing."""
    if r.over_the_board:
        return [(board.number, board.points) for board in r.boards if board.player is not None]
    if r.kind is MatchKind.PAIRING_ALLOCATED_BYE or r.kind in _WON_UNPLAYED or (r.kind is MatchKind.MATCH and won):
        return [(number, win) for number in range(1, count + 1)]
    if r.kind is MatchKind.HALF_POINT_BYE or (r.kind is MatchKind.MATCH and r.match_points and not won):
        return [(number, draw) for number in range(1, count + 1)]
    return []
