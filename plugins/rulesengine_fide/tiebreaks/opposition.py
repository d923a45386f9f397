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
from operator import itemgetter, mul

from rulesengine.tiebreak import ContributionLine, TiebreakContext, TiebreakSpec
from rulesengine_fide.tiebreaks.event import EventData, event_data
from rulesengine_fide.tiebreaks.modifiers import Contribution, cut_totals
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


def oppositions(t: Treatment, weight_by_result: bool = False, only_slow: bool = False
                ) -> dict[int, tuple[Contribution, ...]]:
    """`opposition` for every player (`only_slow`: those not on the fast path, some round not
    over the board), computed once per treatment (BH, BH/C1, BH/M1 share it)."""
    key = ("opposition", t.rule_set, t.round_robin, t.forfeits_as_played, t.fore, weight_by_result, only_slow)
    found = t.data.memo.get(key)
    if found is None:
        if weight_by_result:
            # Sonneborn-Berger's rounds are Buchholz's (the same rounds count, against the same
            # scores: `opposition`), each valued at the score times the player's own points of
            # that round (art. 9.1): derived from those, which BH and SB in one order share.
            round_points = t.data.round_points
            found = {sno: tuple([_make(Contribution, (c.score, c.score * points[c.round - 1], c.round, c.opponent,
                                                      c.voluntarily_unplayed, "")) for c in entries])
                     for sno, entries in oppositions(t, False, only_slow).items()
                     for points in (round_points[sno],)}
        else:
            full = t.data.all_over_the_board if only_slow else ()
            found = {sno: tuple(opposition(t, sno)) for sno in t.data.start_ranks if sno not in full}
        t.data.memo[key] = found
    return found


def opposition_totals(t: Treatment, low: int, high: int, weight_by_result: bool = False) -> dict[int, int]:
    """`cut_totals(oppositions(t, weight_by_result), low, high, ...)`: every player's Buchholz
    (or Sonneborn-Berger) in units, after Cut-n / Median-n (art. 14).

    A player who played every round over the board has no unplayed round (art. 16 cannot
    apply): each round contributes the opponent's adjusted score (times the player's own points
    for SB), and a cut keeps a slice of those values in significance order (score, then value;
    which of two equal entries goes never changes the total). Those values are read in C and
    kept per treatment, so BH, BH/C1 and BH/M1 share them; only the other players' rounds are
    built as `Contribution`s, for the art. 16.5 rules of `apply_cuts`.
    """
    data = t.data
    ordered = _ordered_values(t, weight_by_result)
    rounds = data.rounds
    low = min(low, rounds)
    high = min(high, rounds - low)
    others = cut_totals(oppositions(t, weight_by_result, only_slow=True), low, high, rounds, t.rule_set)
    # The fast players' slices summed in C, then every player's total in start-rank order.
    kept = itemgetter(slice(low, rounds - high))
    others.update(zip(ordered, map(sum, map(kept, ordered.values()))))
    return dict(zip(data.start_ranks, map(others.__getitem__, data.start_ranks)))


_SECOND = itemgetter(1)


def _ordered_values(t: Treatment, weight_by_result: bool) -> dict[int, list[int]]:
    """For each player who played every round over the board: the round values in
    significance order (see `opposition_totals`), memoised per treatment."""
    # For these players a round's value depends on the adjusted scores alone (no unplayed
    # round, so neither /P nor the dummy rules of art. 16.4 matter): treatments sharing the
    # adjusted scores (memoised, see `unplayed.adjusted_scores`) share the values.
    key = ("ordered values", id(t.adjusted), weight_by_result)
    found = t.data.memo.get(key)
    if found is None:
        data = t.data
        score_of = t.adjusted.__getitem__
        found = {}
        for sno in data.all_over_the_board:
            scores = list(map(score_of, data.opponents[sno]))
            if weight_by_result:
                values = list(map(mul, scores, data.round_points[sno]))
                found[sno] = list(map(_SECOND, sorted(zip(scores, values))))
            else:
                scores.sort()
                found[sno] = scores
        t.data.memo[key] = found
    return found


def opposition(t: Treatment, sno: int, weight_by_result: bool = False, describe: bool = False
               ) -> list[Contribution]:
    """The contributions of every round (value = score, or score x own points for SB);
    `describe` adds the human description of each (for explanations; slower)."""
    if not weight_by_result and not describe:
        return _plain_opposition(t, sno)
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


def _plain_opposition(t: Treatment, sno: int) -> list[Contribution]:
    """`opposition(t, sno)`: each round's opponent's (or dummy's) score as its value, without
    descriptions; the same rules as `opposition`, in the loop every slow-path player of every
    event runs (Buchholz's, which Sonneborn-Berger's derive from: `oppositions`)."""
    data = t.data
    adjusted = t.adjusted
    any_scheduled = t.forfeits_as_played or t.round_robin
    final_round = data.rounds if t.fore else -1   # art. 8.3: a final-round pairing counts as a game
    round_robin = t.round_robin
    rule_set, fore = t.rule_set, t.fore
    cuts_unplayed_first = not rule_set.virtual_opponent
    out: list[Contribution] = []
    append = out.append
    for r in data.table[sno]:
        opp = r.opponent
        if opp and (r.over_the_board or any_scheduled or r.number == final_round):
            score = adjusted[opp]
            append(_make(Contribution, (score, score, r.number, opp, False, "")))
        elif not round_robin:   # art. 15: a round robin's round without an opponent is left out
            score = dummy_score(data, sno, r.number, rule_set, adjusted, fore)
            append(_make(Contribution, (score, score, r.number, opp or None,
                                        r.voluntarily_unplayed and cuts_unplayed_first, "")))
    return out


def explanation_lines(entries: list[Contribution], dropped: tuple[tuple[Contribution, str], ...],
                      to_value) -> tuple[ContributionLine, ...]:
    """Breakdown lines in round order; dropped entries say why (cut, median, art. 16.5)."""
    why = {c.round: reason for c, reason in dropped}
    return tuple(ContributionLine(c.round, c.opponent, c.description, to_value(c.value), why.get(c.round, ""))
                 for c in entries)
