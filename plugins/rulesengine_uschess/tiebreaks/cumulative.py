"""34E3 Cumulative and 34E9 Cumulative scores of opposition.

34E3: add up the player's running score after each round (win, loss, win, draw, loss shows
1, 1, 2, 2 1/2, 2 1/2 on the wall chart: 9). Then one point is subtracted for each unplayed win
(full-point bye, pairing bye, forfeit win) and half a point for each half-point bye. The rule
subtracts the unearned points once, not from every later running total: the TD pages' example
(bye, W, L, D, W) is 1 + 2 + 2 + 2 1/2 + 3 1/2 - 1 = 10. Zero-point byes, forfeit losses and
rounds missed after withdrawing earn nothing, so nothing is subtracted for them.

34E9: the sum of the 34E3 values of the player's opponents (played games only: an unplayed game
has no opponent whose play is measured, as in 34E1).
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.model import Tournament
from rulesengine.tiebreak import ContributionLine, Explanation, TiebreakContext, TiebreakOutcome, TiebreakSpec


def running_scores(tournament: Tournament, start_rank: int) -> list[Fraction]:
    """The wall chart's running score after each round."""
    scoring = tournament.scoring
    total = Fraction(0)
    running = []
    for entry in tournament.entries(start_rank):
        total += scoring.points(entry)
        running.append(total)
    return running


def unearned_points(tournament: Tournament, start_rank: int) -> Fraction:
    """Points scored without a game: 1 per bye or forfeit win, 1/2 per half-point bye."""
    scoring = tournament.scoring
    return sum((scoring.points(e) for e in tournament.entries(start_rank) if not e.played), Fraction(0))


def cumulative_score(tournament: Tournament, start_rank: int) -> Fraction:
    """34E3: the sum of running scores less the points of unplayed games."""
    return sum(running_scores(tournament, start_rank), Fraction(0)) - unearned_points(tournament, start_rank)


def cumulative(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    t = context.tournament
    return TiebreakOutcome({p.start_rank: cumulative_score(t, p.start_rank) for p in t.players})


def explain_cumulative(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    t = context.tournament
    lines = [ContributionLine(e.round, e.opponent, "running score", value)
             for e, value in zip(t.entries(start_rank), running_scores(t, start_rank))]
    for entry in t.entries(start_rank):
        points = t.scoring.points(entry)
        if not entry.played and points:
            lines.append(ContributionLine(entry.round, None, f"{entry.kind.value}: unearned points (34E3)", -points))
    return Explanation(start_rank, str(spec), tuple(lines), cumulative_score(t, start_rank))


def opposition_cumulative(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """34E9: the sum of the opponents' 34E3 cumulative scores."""
    t = context.tournament
    cum = {p.start_rank: cumulative_score(t, p.start_rank) for p in t.players}
    return TiebreakOutcome({
        p.start_rank: sum((cum[e.opponent] for e in t.entries(p.start_rank) if e.played and e.opponent is not None),
                          Fraction(0))
        for p in t.players
    })


def explain_opposition_cumulative(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    t = context.tournament
    lines = []
    for e in t.entries(start_rank):
        if e.played and e.opponent is not None:
            lines.append(ContributionLine(e.round, e.opponent, f"vs {e.opponent}: cumulative",
                                          cumulative_score(t, e.opponent)))
        else:
            lines.append(ContributionLine(e.round, None, f"{e.kind.value} (unplayed: no opponent)", Fraction(0)))
    return Explanation(start_rank, str(spec), tuple(lines), sum((line.value for line in lines), Fraction(0)))
