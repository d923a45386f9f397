"""Sonneborn-Berger, FIDE C.07 art. 9.1: for each round, the opponent's adjusted score times the
points the player scored in that round; own unplayed rounds against the dummy opponent
(art. 16.4). Cut-n (art. 14.1.1.d: the contribution of the opponent with the lowest score)
with the art. 16.5 "higher of" rule for voluntarily unplayed rounds."""

from __future__ import annotations

from rulesengine.tiebreak import Explanation, TiebreakContext, TiebreakOutcome, TiebreakSpec
from rulesengine_fide.tiebreaks.modifiers import apply_cuts, cut_and_median
from rulesengine_fide.tiebreaks.opposition import explanation_lines, opposition, opposition_totals, treatment


def sonneborn_berger(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 9.1 (with art. 14 cuts, art. 15/16 unplayed rounds)."""
    t = treatment(spec, context)
    low, high = cut_and_median(spec)
    data = t.data
    totals = opposition_totals(t, low, high, weight_by_result=True)
    return TiebreakOutcome(data.values2_of(totals))


def explain_sonneborn_berger(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    t = treatment(spec, context)
    low, high = cut_and_median(spec)
    entries = opposition(t, start_rank, weight_by_result=True, describe=True)
    result = apply_cuts(entries, low, high, t.data.rounds, t.rule_set)
    notes = (f"rules: {t.rule_set.value}{', round robin (art. 15)' if t.round_robin else ''}",)
    return Explanation(start_rank, str(spec), explanation_lines(entries, result.dropped, t.data.value2),
                       t.data.value2(result.total), notes)
