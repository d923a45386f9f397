"""Tie-breaks from the opponents' scores: 34E1 Modified Median, 34E2 Solkoff, 34E4 Median, 34E8
Sonneborn-Berger. All use the adjusted scores of 34E1 (see `adjusted`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from rulesengine.tiebreak import (ContributionLine, Explanation, TiebreakContext, TiebreakOutcome, TiebreakSpec)

from rulesengine_uschess.tiebreaks.adjusted import (OpponentLine, adjusted_scores, drops_per_end, opposition,
                                                    score_class)

Drops = tuple[int, int]  # how many of the lowest and of the highest contributions are discarded


def _drop(values: list[tuple[Fraction, OpponentLine]], low: int, high: int) -> dict[int, str]:
    """Indices of the dropped contributions and why. Among equal values an unplayed game goes first
    on the low side (it is the 0 the rule adds), a played game first on the high side."""
    order = sorted(range(len(values)), key=lambda i: (values[i][0], values[i][1].played, values[i][1].round))
    dropped = {i: "lowest" for i in order[:low]}
    rest = order[low:]
    dropped.update({i: "highest" for i in (rest[max(0, len(rest) - high):] if high else ())})
    return dropped


def _total(values: list[tuple[Fraction, OpponentLine]], drops: Drops) -> Fraction:
    dropped = _drop(values, *drops)
    return sum((v for i, (v, _) in enumerate(values) if i not in dropped), Fraction(0))


# ----------------------------------------------------------------- which drops each rule makes

def modified_median_drops(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Drops:
    """34E1: plus score drops the lowest, minus score the highest, even score both; two at each end
    that is dropped from nine rounds on."""
    n = drops_per_end(context.tournament)
    kind = score_class(context.tournament, start_rank)
    return {"plus": (n, 0), "minus": (0, n), "even": (n, n)}[kind]


def no_drops(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Drops:
    return (0, 0)


def median_drops(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Drops:
    """34E4: the highest and the lowest are dropped whatever the score; as in 34E1, two at each end
    from nine rounds on. `MED/M1` or `MED/M2` fixes the number."""
    forced = spec.modifier("M")
    n = spec.number("M", 1) if forced is not None else drops_per_end(context.tournament)
    return (n, n)


# ----------------------------------------------------------------- contributions

def _opponent_scores(spec: TiebreakSpec, context: TiebreakContext) -> dict[int, Fraction]:
    """34E1 adjusted scores; `/F` (Sonneborn-Berger only) takes the opponents' final scores."""
    if spec.modifier("F") is not None:
        return dict(context.tournament.points)
    return adjusted_scores(context.tournament)


def opponent_contributions(spec, context, start_rank, scores) -> list[tuple[Fraction, OpponentLine]]:
    return [(line.score, line) for line in opposition(context.tournament, start_rank, scores)]


def sb_contributions(spec, context, start_rank, scores) -> list[tuple[Fraction, OpponentLine]]:
    """34E8: the scores of opponents defeated plus half the scores of opponents drawn; unplayed
    games add nothing (their opponent counts 0 under 34E1)."""
    return [(line.score * line.result_fraction, line) for line in opposition(context.tournament, start_rank, scores)]


Contributions = Callable[[TiebreakSpec, TiebreakContext, int, dict[int, Fraction]],
                         list[tuple[Fraction, OpponentLine]]]
DropRule = Callable[[TiebreakSpec, TiebreakContext, int], Drops]


def make_compute(contributions: Contributions, drops: DropRule):
    def compute(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
        scores = _opponent_scores(spec, context)
        return TiebreakOutcome({
            p.start_rank: _total(contributions(spec, context, p.start_rank, scores),
                                 drops(spec, context, p.start_rank))
            for p in context.tournament.players
        })
    return compute


def make_explain(contributions: Contributions, drops: DropRule):
    def explain(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
        scores = _opponent_scores(spec, context)
        values = contributions(spec, context, start_rank, scores)
        low, high = drops(spec, context, start_rank)
        dropped = _drop(values, low, high)
        lines = tuple(
            ContributionLine(line.round, line.opponent, line.description, value,
                             f"34E1: {dropped[i]} dropped" if i in dropped else "")
            for i, (value, line) in enumerate(values))
        notes = []
        if (low, high) != (0, 0):
            notes.append(f"{score_class(context.tournament, start_rank)} score: drops {low} lowest, {high} highest")
        return Explanation(start_rank, str(spec), lines, _total(values, (low, high)), tuple(notes))
    return explain
