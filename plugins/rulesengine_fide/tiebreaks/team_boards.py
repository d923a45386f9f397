"""TBR and BBE (C.07 art. 12.2, 12.3): the game points on board 1, then board 2, ... (Top Board
Result); on all boards but the bottom one, then but the two bottom ones, ... (Bottom Board
Elimination), each reapplied to the teams still tied.

The value is a rank within each group the earlier criteria leave tied, as FIDE TEC's engine
gives it: 1, 2, ... (equal for teams the boards cannot separate), 0 for a group not separated
at all or a team alone on its score."""

from __future__ import annotations

from rulesengine_fide.tiebreaks.team_table import TeamTable


def board_keys(table: TeamTable, bottom: bool) -> dict[int, tuple[int, ...]]:
    boards = table.event.boards
    keys = {}
    for team in table.numbers:
        points = [table.board_points[team].get(board, 0) for board in range(1, boards + 1)]   # units
        if bottom:
            total = sum(points)
            keys[team] = tuple(total - sum(points[boards - k:]) for k in range(1, boards))
        else:
            keys[team] = tuple(points)
    return keys


def rank_within_groups(groups: list[list[int]], keys: dict[int, tuple]) -> dict[int, int]:
    """1 + the number of teams of the group with a better key; 0 where the group stays tied."""
    values = {}
    for group in groups:
        ranks = {team: 1 + sum(1 for other in group if keys[other] > keys[team]) for team in group}
        separated = len(set(ranks.values())) > 1
        values.update({team: rank if separated else 0 for team, rank in ranks.items()})
    return values
