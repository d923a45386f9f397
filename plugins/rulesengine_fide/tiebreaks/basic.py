"""PTS, Buchholz and Sonneborn-Berger over played games, with Cut-n and Median-n.

Rounds that were not played over the board contribute nothing here; the article-16 treatment of
unplayed rounds (dummy opponents, adjusted scores) is not implemented in this module.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.errors import UsageError
from rulesengine.model import EntryKind
from rulesengine.tiebreak import TiebreakContext, TiebreakOutcome, TiebreakRule, TiebreakSpec


def points(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """C.07 art. 5: the score."""
    return TiebreakOutcome(dict(context.tournament.points))


def _cut_and_median(spec: TiebreakSpec, contributions: list[Fraction]) -> Fraction:
    """C.07 art. 14.1/14.2: Cut-n drops the n lowest; Median-n drops the n lowest and n highest."""
    ordered = sorted(contributions)
    cut = spec.number("C", 1) if spec.modifier("C") is not None else 0
    median = spec.number("M", 1) if spec.modifier("M") is not None else 0
    low = cut + median
    high = len(ordered) - median
    return sum(ordered[low:high] if low < high else [], Fraction(0))


def _played_opponents(context: TiebreakContext, start_rank: int):
    for entry in context.tournament.entries(start_rank):
        if entry.kind in (EntryKind.GAME, EntryKind.UNRATED_GAME):
            yield entry


def buchholz(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """C.07 art. 8.1: the sum of the final scores of the player's opponents (played games)."""
    pts = context.tournament.points
    return TiebreakOutcome({
        p.start_rank: _cut_and_median(spec, [pts[e.opponent] for e in _played_opponents(context, p.start_rank)])
        for p in context.tournament.players
    })


def sonneborn_berger(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """C.07 art. 9.1: for each game, the opponent's final score times the points scored."""
    tournament = context.tournament
    pts = tournament.points
    scoring = tournament.scoring
    return TiebreakOutcome({
        p.start_rank: _cut_and_median(spec, [pts[e.opponent] * scoring.points(e)
                                             for e in _played_opponents(context, p.start_rank)])
        for p in tournament.players
    })


def _one_of_cut_or_median(spec: TiebreakSpec) -> None:
    if spec.modifier("C") is not None and spec.modifier("M") is not None:
        raise UsageError(f"tie-break {spec}: use either Cut or Median, not both (C.07 art. 14)")


RULES = (
    TiebreakRule("PTS", "Points", "FIDE C.07 art. 5", points),
    TiebreakRule("BH", "Buchholz", "FIDE C.07 art. 8.1", buchholz, frozenset("CM"),
                 check_spec=_one_of_cut_or_median),
    TiebreakRule("SB", "Sonneborn-Berger", "FIDE C.07 art. 9.1", sonneborn_berger, frozenset("CM"),
                 check_spec=_one_of_cut_or_median),
)
