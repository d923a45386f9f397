"""Unplayed rounds in opponent-based tie-breaks: FIDE C.07 art. 16 (Swiss) and art. 15 (round robin).

The reading (domain.md section 3, "The precise reading"; tiebreak-research.md section 3.7):

* Art. 16.3 -- what a player contributes to opponents (the *adjusted score*): every round at
  face value, except that a round after the player's last round that is not voluntarily
  unplayed (see `event.VOLUNTARILY_UNPLAYED`) and has no scheduled opponent counts as a draw.
  So a trailing zero-point bye or absence is raised to 1/2, a trailing forfeit loss stays 0, a
  full-point bye or pairing-allocated bye ends the trailing stretch.
* Art. 16.4 -- a player's own unplayed round is a game against a *dummy opponent* scoring the
  player's own final score; from March 2026 capped (16.4.1: forfeits of either sign, at the
  scheduled opponent's adjusted score; 16.4.2: rounds without an opponent, at draw points x
  rounds).
* Art. 15 (round robins): unplayed games with an opponent count as played; rounds without an
  opponent are left out; no trailing adjustment.
* Before September 2023 (Congress 2009 text): every unplayed game of an opponent counts as a
  draw, and a player's own unplayed round is against a *virtual opponent* who starts the round
  on the player's score, takes the other side of the forfeit result, and draws every later round.

Fore Buchholz (art. 8.3) treats every final-round pairing as a draw; for a player paired in
the final round no trailing adjustment applies (they played to the end).
"""

from __future__ import annotations

from rulesengine_fide.tiebreaks.event import EventData
from rulesengine_fide.tiebreaks.rulesets import RuleSet


def adjusted_scores(data: EventData, rule_set: RuleSet, round_robin: bool, fore: bool = False) -> dict[int, int]:
    """Each player's adjusted score (art. 16.3), in units, as contributed to opponents."""
    key = ("adjusted", rule_set.virtual_opponent, round_robin, fore)
    cached = data.memo.get(key)
    if cached is None:
        cached = data.memo[key] = {sno: adjusted_score(data, sno, rule_set, round_robin, fore)
                                   for sno in data.start_ranks}
    return cached


def adjusted_score(data: EventData, sno: int, rule_set: RuleSet, round_robin: bool, fore: bool = False) -> int:
    """`sum(contributed_points(...))`; without a round to adjust, the player's own total."""
    if rule_set.virtual_opponent and not round_robin:
        if sno in data.all_over_the_board:
            return data.totals[sno]      # every game played: nothing counts as a draw instead
    elif fore and data.last_paired[sno] == data.rounds:
        rows = data.table[sno]
        if rows and rows[-1].opponent:   # art. 8.3: the final-round pairing counts as a draw
            return data.totals[sno] - rows[-1].points + data.draw
        return data.totals[sno]
    elif data.last_non_vur[sno] == data.rounds:
        return data.totals[sno]          # art. 16.3: no round after the last one played
    return sum(contributed_points(data, sno, rule_set, round_robin, fore))


def contributed_points(data: EventData, sno: int, rule_set: RuleSet, round_robin: bool,
                       fore: bool = False) -> list[int]:
    """Per round, the points this player's round contributes to opponents (art. 16.3), in units."""
    rows = data.table[sno]
    if rule_set.virtual_opponent and not round_robin:
        # 2009 text: "all unplayed games in which players are indirectly involved ... are
        # considered to have been drawn".
        return [r.points if r.over_the_board else data.draw for r in rows]
    if fore and data.last_paired[sno] == data.rounds:
        # Art. 8.3: the final-round pairing counts as a draw; the player played to the end.
        out = [r.points for r in rows]
        if rows and rows[-1].opponent:
            out[-1] = data.draw
        return out
    last = data.last_non_vur[sno]
    unplayed_value = 0 if round_robin else data.draw
    return [r.points if (r.number <= last or r.opponent) else unplayed_value for r in rows]


def own_score(data: EventData, sno: int, fore: bool = False) -> int:
    """The player's final score (for Fore Buchholz, with a final-round pairing drawn)."""
    total = data.totals[sno]
    rows = data.table[sno]
    if fore and data.last_paired[sno] == data.rounds and rows and rows[-1].opponent:
        total += data.draw - rows[-1].points
    return total


def dummy_score(data: EventData, sno: int, round_number: int, rule_set: RuleSet, adjusted: dict[int, int],
                fore: bool = False) -> int:
    """Score of the opponent that stands in for an unplayed round (art. 16.4), in units."""
    r = data.table[sno][round_number - 1]
    if rule_set.virtual_opponent:
        return (data.points_after(sno, round_number - 1) + (data.win - r.points)
                + data.draw * (data.rounds - round_number))
    own = own_score(data, sno, fore)
    if not rule_set.caps_dummy:
        return own
    return min(own, adjusted[r.opponent] if r.opponent else data.draw * data.rounds)


def dummy_opponent_score(data: EventData, sno: int, round_number: int, rule_set: RuleSet,
                         adjusted: dict[int, int], fore: bool = False) -> tuple[int, str]:
    """`dummy_score` with the reason, as an explanation shows it."""
    score = dummy_score(data, sno, round_number, rule_set, adjusted, fore)
    r = data.table[sno][round_number - 1]
    if rule_set.virtual_opponent:
        before = data.points_after(sno, round_number - 1)
        return score, (f"virtual opponent (2009 rule): {data.text(before)} before the round "
                       f"+ {data.text(data.win - r.points)} in it + draws in {data.rounds - round_number} later rounds")
    own = own_score(data, sno, fore)
    why = f"dummy opponent (art. 16.4): own score {data.text(own)}"
    if not rule_set.caps_dummy:
        return score, why + " (uncapped, rules before March 2026)"
    if r.opponent:
        cap, article = adjusted[r.opponent], f"scheduled opponent {r.opponent}'s adjusted score"
        article_number = "16.4.1"
    else:
        cap, article = data.draw * data.rounds, f"draw points x {data.rounds} rounds"
        article_number = "16.4.2"
    if score < own:
        return score, why + f", capped at {article} = {data.text(cap)} (art. {article_number})"
    return score, why + f" (not above the cap of art. {article_number}: {article} = {data.text(cap)})"
