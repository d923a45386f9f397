"""Team tie-breaks on the team's own results: MPTS/GPTS (C.07 art. 11), MPvGP (art. 13.1), WIN
and WON (art. 7.1, 7.2 via art. 13), PS (art. 7.4) and KS (art. 7.5) on `:MP`/`:GP`, and BC
(art. 12.1, lower is better)."""

from __future__ import annotations

from fractions import Fraction

from rulesengine_fide.tiebreaks.team_table import TeamTable


def totals(table: TeamTable, reference: str) -> dict[int, Fraction]:
    """MPTS or GPTS (art. 11); MPvGP is the other one (art. 13.1)."""
    values: dict[int, Fraction] = {}
    points: dict[int, Fraction] = {}   # total (units) -> its Fraction, made once: teams share totals
    for team in table.numbers:
        total = table.total(team, reference)
        value = points.get(total)
        if value is None:
            value = points[total] = table.score(total, reference)
        values[team] = value
    return values


def wins(table: TeamTable, over_the_board: bool) -> dict[int, int]:
    """WIN (art. 7.1): matches won, byes and forfeits earning a win's match points included;
    WON (art. 7.2): matches won with an opponent, played over the board."""
    return {team: sum(1 for row in table.rows[team] if row.won and (not over_the_board or (row.played and row.opponent)))
            for team in table.numbers}


def progressive(table: TeamTable, reference: str, cut: int) -> dict[int, Fraction]:
    """PS (art. 7.4): the sum of the running scores after each round, the first `cut` left out (/C)."""
    values = {}
    for team in table.numbers:
        running = total = 0
        for rnd, row in enumerate(table.rows[team], start=1):
            running += table.points(row, reference)
            if rnd > cut:
                total += running
        values[team] = table.score(total, reference)
    return values


def koya(table: TeamTable, reference: str) -> dict[int, Fraction]:
    """KS (art. 7.5): the score against the opponents who scored at least half the maximum."""
    limit = koya_limit(table, reference)
    return {team: table.score(sum(table.points(row, reference) for row in table.rows[team]
                                  if row.opponent and table.total(row.opponent, reference) >= limit), reference)
            for team in table.numbers}


def koya_limit(table: TeamTable, reference: str, percent: Fraction = Fraction(50)) -> Fraction:
    """Half the maximum score (in units); in a round robin the maximum counts the matches scheduled, as FIDE
    TEC's engine does (idle rounds of an odd round robin and teams never paired taken off)."""
    matches = table.rounds
    if table.round_robin:
        teams = len(table.numbers)
        if table.rounds % teams == 0:
            matches -= table.rounds // teams
        matches -= sum(1 for team in table.numbers if table.last_met(team) == 0)
    return percent * table.win(reference) * matches / 100


def board_count(table: TeamTable) -> dict[int, Fraction]:
    """BC (art. 12.1): the sum over boards of board number x game points there (lower is better)."""
    return {team: table.score(sum(board * points for board, points in table.board_points[team].items()), "GP")
            for team in table.numbers}
