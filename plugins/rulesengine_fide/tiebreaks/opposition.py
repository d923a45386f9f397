"""The list of opponents' scores behind Buchholz, Fore Buchholz and Sonneborn-Berger.

For each round of a player: the opponent's adjusted score (art. 16.3) when the round counts as
a game, else the dummy (art. 16.4) or virtual opponent, or nothing (round robins, art. 15).
A round counts as a game when it was played over the board, or it had a scheduled opponent and
either the spec has ``/P`` ("forfeits count as played"), the event is treated as a round robin
(art. 15), or -- for Fore Buchholz -- it is the final round (art. 8.3: all final-round
pairings count as draws).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.tiebreak import ContributionLine, TiebreakContext, TiebreakSpec
from rulesengine_fide.tiebreaks.event import EventData, event_data
from rulesengine_fide.tiebreaks.modifiers import Contribution
from rulesengine_fide.tiebreaks.rulesets import RuleSet, is_round_robin, rule_set
from rulesengine_fide.tiebreaks.unplayed import adjusted_scores, dummy_opponent_score, dummy_score


# Builds a named tuple from a plain tuple without the Python-level __new__ (tens of thousands
# per event).
_make = tuple.__new__


@dataclass(frozen=True)
class Treatment:
    """How unplayed rounds are treated for one spec in one context."""

    data: EventData
    rule_set: RuleSet
    round_robin: bool
    forfeits_as_played: bool
    fore: bool
    adjusted: dict[int, int]      # every player's adjusted score (art. 16.3) under this treatment


def treatment(spec: TiebreakSpec, context: TiebreakContext, fore: bool = False) -> Treatment:
    data, rules, round_robin = event_data(context.tournament), rule_set(spec, context), is_round_robin(context)
    return Treatment(data, rules, round_robin, spec.modifier("P") is not None, fore,
                     adjusted_scores(data, rules, round_robin, fore))


def oppositions(t: Treatment, weight_by_result: bool = False) -> dict[int, tuple[Contribution, ...]]:
    """`opposition` for every player, computed once per treatment (BH, BH/C1, BH/M1 share it)."""
    key = ("opposition", t.rule_set, t.round_robin, t.forfeits_as_played, t.fore, weight_by_result)
    found = t.data.memo.get(key)
    if found is None:
        found = t.data.memo[key] = {sno: tuple(opposition(t, sno, weight_by_result)) for sno in t.data.start_ranks}
    return found


def opposition(t: Treatment, sno: int, weight_by_result: bool = False, describe: bool = False
               ) -> list[Contribution]:
    """The contributions of every round (value = score, or score x own points for SB);
    `describe` adds the human description of each (for explanations; slower)."""
    data = t.data
    adjusted = t.adjusted
    any_scheduled = t.forfeits_as_played or t.round_robin
    final_round = data.rounds if t.fore else -1   # art. 8.3: a final-round pairing counts as a game
    round_robin = t.round_robin
    cuts_unplayed_first = not t.rule_set.virtual_opponent
    out: list[Contribution] = []
    append = out.append
    desc = ""
    for r in data.table[sno]:
        opp = r.opponent
        if opp and (r.over_the_board or any_scheduled or r.number == final_round):
            score = adjusted[opp]
            if describe:
                how = "game" if r.over_the_board else f"{r.kind.value} counted as a game"
                what = "score with final-round pairings drawn (art. 8.3)" if t.fore else "adjusted score"
                desc = f"{how} vs {opp}: {what} {data.text(score)}"
                if score != data.totals[opp] and not t.fore:
                    desc += f" (final score {data.text(data.totals[opp])}, art. 16.3 adjustment)"
            vur = False
        elif round_robin:
            continue  # art. 15: a round without an opponent is left out
        else:
            if describe:
                score, desc = dummy_opponent_score(data, sno, r.number, t.rule_set, adjusted, t.fore)
                desc = f"{r.kind.value}{f' vs {opp}' if opp else ''}: {desc}"
            else:
                score = dummy_score(data, sno, r.number, t.rule_set, adjusted, t.fore)
            vur = r.voluntarily_unplayed and cuts_unplayed_first
        value = score * r.points if weight_by_result else score
        if describe and weight_by_result:
            desc += f" x own {data.text(r.points)}"
        append(_make(Contribution, (score, value, r.number, opp or None, vur, desc)))
    return out


def explanation_lines(entries: list[Contribution], dropped: tuple[tuple[Contribution, str], ...],
                      to_value) -> tuple[ContributionLine, ...]:
    """Breakdown lines in round order; dropped entries say why (cut, median, art. 16.5)."""
    why = {c.round: reason for c, reason in dropped}
    return tuple(ContributionLine(c.round, c.opponent, c.description, to_value(c.value), why.get(c.round, ""))
                 for c in entries)
