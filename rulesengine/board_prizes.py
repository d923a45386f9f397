"""Board prizes of a team event (issue 22 item 4): each board's players ranked on their results there.

What counts as a game on board b (FIDE C.07 art. 12 intro reads an unplayed game by its result,
as the team tie-breaks BC, TBR and BBE do): every board of a match the player was fielded on,
played over the board or forfeited inside the match (won or lost); her points are what she scored
there, a forfeit win included. A team PAB (record 320), a forfeited match (330) and a team bye
(240) field no player: art. 12 gives those board points to the team, not to anyone on its
roster, so they count for nobody here. A rating performance counts only games over the board.

Two orders:

* `points` (the default): points, then percentage (points / games), as board prizes go when
  the event's regulations name no other order; equal on both share a rank.
* `performance`: the rating performance over the games on that board, for players with at
  least a minimum of games, as European Chess Union Tournament Regulations B.7.1 word board
  medals (best performance rating on each board; B.7.1.1: at least 70 % of the rounds, a half
  rounded up; ties (b) more games, (c) higher percentage, (d) the better team rank; its tie (a),
  mutual results, is not applied). The Chess Olympiad's board medals go the same way. The
  performance is what a plugin's individual tie-break (FIDE C.07 art. 10.2 TPR) gives over the
  games on that board alone; players under the minimum follow, by points, unranked for the prize.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, Callable, Mapping

from rulesengine.errors import UsageError
from rulesengine.model import Colour, ResultCode, RoundEntry, Tournament
from rulesengine.standings import compute_standings
from rulesengine.team import TeamTournament

if TYPE_CHECKING:
    from rulesengine.registry import Registry

ORDERS = ("points", "performance")


@dataclass(frozen=True)
class BoardResult:
    """One player's results on one board: points and games (art. 12 intro), games over the board,
    and (order `performance`) her performance there and whether she reached the minimum."""

    player: int
    name: str
    team: int
    rating: int | None
    points: Fraction
    games: int
    played: int
    rank: int = 0
    performance: int | None = None
    eligible: bool = True

    @property
    def percentage(self) -> Fraction:
        return self.points / self.games if self.games else Fraction(0)


@dataclass(frozen=True)
class BoardTable:
    board: int
    players: tuple[BoardResult, ...]


def board_results(event: TeamTournament) -> dict[int, dict[int, BoardResult]]:
    """board -> player -> her results on that board, over every match she was fielded in."""
    tallies: dict[int, dict[int, list]] = {}
    for team in event.teams:
        for team_round in team.rounds:
            for board in team_round.boards:
                if board.player is None:
                    continue
                entry = event.individual.player(board.player).rounds[team_round.round - 1]
                if entry.code is ResultCode.FORFEIT_LOSS and entry.opponent is None:
                    continue   # listed but not there (`0000 - -`): no game on the board
                tally = tallies.setdefault(board.number, {}).setdefault(board.player, [team.number, Fraction(0), 0, 0])
                tally[1] += board.points
                tally[2] += 1
                tally[3] += board.over_the_board
    return {number: {sno: BoardResult(sno, event.individual.player(sno).name, team, event.individual.player(sno).rating,
                                      points, games, played)
                     for sno, (team, points, games, played) in players.items()}
            for number, players in sorted(tallies.items())}


def minimum_games(rounds: int) -> int:
    """ECU B.7.1.1: 70 % of the rounds, rounded down below a half and up from a half."""
    tenths = 7 * rounds
    return tenths // 10 + (1 if tenths % 10 >= 5 else 0)


def board_tournament(event: TeamTournament, board: int) -> Tournament:
    """The individual event cut to the games on one board (every other round not paired): what a
    performance over that board's games is computed from."""
    on_board = {(team_round.round, b.player) for team in event.teams for team_round in team.rounds
                for b in team_round.boards if b.number == board and b.player is not None}
    individual = event.individual
    players = tuple(replace(player, rounds=tuple(
        entry if (entry.round, player.start_rank) in on_board else RoundEntry(entry.round, None, Colour.NONE,
                                                                               ResultCode.NOT_PAIRED)
        for entry in player.rounds)) for player in individual.players)
    return replace(individual, players=players, tiebreak_order=())


def rank_boards(event: TeamTournament, order: str = "points", *, min_games: int | None = None,
                performances: Callable[[int], Mapping[int, int | None]] | None = None,
                team_ranks: Mapping[int, int] | None = None) -> tuple[BoardTable, ...]:
    """Every board's players ranked by `order` (see the module text). `performances(board)` gives
    each player's performance over that board's games; `team_ranks` the team's final rank (ECU
    B.7.1.1 tie (d))."""
    if order not in ORDERS:
        raise ValueError(f"board order {order!r}: one of {', '.join(ORDERS)}")
    team_ranks = team_ranks or {}
    tables = []
    for board, results in board_results(event).items():
        rows = list(results.values())
        key: Callable[[BoardResult], tuple] = _points_key
        if order == "performance" and performances is not None:
            minimum = minimum_games(event.rounds) if min_games is None else min_games
            values = performances(board)
            rows = [replace(row, performance=values.get(row.player),
                            eligible=row.games >= minimum and values.get(row.player) is not None) for row in rows]
            key = partial(_performance_key, team_ranks=team_ranks)
        rows.sort(key=lambda row: (key(row), row.player))
        ranked: list[BoardResult] = []
        for place, row in enumerate(rows, start=1):   # equal keys share the rank of the first of them
            tied = place > 1 and key(rows[place - 2]) == key(row)
            ranked.append(replace(row, rank=ranked[-1].rank if tied else place))
        tables.append(BoardTable(board, tuple(ranked)))
    return tuple(tables)


def _points_key(row: BoardResult) -> tuple:
    """Points, then percentage: the higher first."""
    return (-row.points, -row.percentage)


def _performance_key(row: BoardResult, team_ranks: Mapping[int, int]) -> tuple:
    """ECU B.7.1.1: the performance, then (b) more games, (c) the percentage, (d) the better team
    rank; the players under the minimum after every eligible one, by points and percentage."""
    if row.eligible:
        return (0, -(row.performance or 0), -row.games, -row.percentage, team_ranks.get(row.team, 0))
    return (1, -row.points, -row.percentage)

PERFORMANCE_CODE = "TPR"   # the individual tie-break whose value is the performance (C.07 art. 10.2 in the FIDE plugin)


def registry_performances(event: TeamTournament, registry: Registry, rules_date: date | None = None
                          ) -> Callable[[int], dict[int, int | None]]:
    """`performances(board)` for `rank_boards`, from the registry's individual TPR over the games on
    that board (the rule stays in its plugin; the core only cuts the event to the board)."""
    if PERFORMANCE_CODE not in registry.tiebreaks:
        raise UsageError(f"--board-order performance needs the individual tie-break {PERFORMANCE_CODE} "
                         "(no loaded plugin provides it)")
    specs = registry.resolve_specs([PERFORMANCE_CODE])

    def performances(board: int) -> dict[int, int | None]:
        table = compute_standings(board_tournament(event, board), specs, registry, rules_date=rules_date)
        values = table.values[str(specs[0])]
        return {sno: (int(value) if value is not None else None) for sno, value in values.items()}
    return performances
