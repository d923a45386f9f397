"""Team tie-breaks on the opponents' scores: BH, FB, AOB with `:MP`/`:GP` (C.07 art. 13 applying
art. 8), the Extended Sonneborn-Berger EMMSB/EMGSB/EGMSB/EGGSB (art. 13.2) with the team cut of
art. 14.1.2, and SSSC (art. 13.4).

Unplayed team rounds follow art. 16 (2024; from 1 March 2026 with the caps of 16.4) as FIDE TEC's
engine applies it to matches, C.07 having no team text for them: what a team contributes to its
opponents counts its rounds after its last one not voluntarily unplayed as drawn matches
(art. 16.3); its own unplayed rounds are against a dummy scoring its own total (art. 16.4); in a
round robin unplayed matches count as played and rounds without an opponent are left out (art. 15).
"""

from __future__ import annotations

import math
from operator import itemgetter, mul
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from rulesengine_fide.tiebreaks.team_table import TeamTable


def adjusted(table: TeamTable, reference: str, fore: bool = False) -> dict[int, int]:
    """Each team's score (units) as its opponents count it (art. 16.3; art. 8.3 for Fore Buchholz);
    kept in the table for the list's other codes (BH and ESB on one score read the same)."""
    return table.derived(("adjusted", reference, fore), lambda: _adjusted(table, reference, fore))


def _adjusted(table: TeamTable, reference: str, fore: bool) -> dict[int, int]:
    draw = table.draw(reference)
    result = {}
    rounds = table.rounds
    for team in table.numbers:
        rows = table.rows[team]
        if len(rows) == rounds and rows and not rows[-1].vur:   # its last round counts: every round does
            value = table.total(team, reference)
        else:
            last = table.last_not_vur(team)
            if fore and table.last_met(team) == rounds:
                last = rounds
            value = 0
            for rnd, row in enumerate(rows, start=1):
                if rnd <= last or row.opponent:
                    value += table.points(row, reference)
                elif not table.round_robin:
                    value += draw
        if fore and table.last_met(team) == table.rounds and rows and rows[-1].opponent:
            value += draw - table.points(rows[-1], reference)
        result[team] = value
    return result


def own_score(table: TeamTable, team: int, reference: str, fore: bool) -> int:
    """The team's total (units), its final-round match counted as drawn for Fore Buchholz (art. 8.3)."""
    rows = table.rows[team]
    total = table.total(team, reference)
    if fore and table.last_met(team) == table.rounds and rows and rows[-1].opponent:
        return total + table.draw(reference) - table.points(rows[-1], reference)
    return total


def opposition(table: TeamTable, opponent_ref: str, own_ref: str | None, *, cut_low: int = 0, cut_high: int = 0,
               played_all: bool = False, fore: bool = False,
               contributed: dict[int, int] | None = None) -> dict[int, Fraction]:
    """Sum over rounds of the opponent's adjusted score (times the own score against it when
    `own_ref` is given: Sonneborn-Berger), with Cut/Median (art. 14.1; for ESB art. 14.1.2: the
    lowest opponent's score, ties broken by the lowest contribution). `contributed` (units)
    replaces what each team contributes to its opponents (an audit's reading of another program,
    `team_audit`)."""
    if contributed is None:
        contributed = adjusted(table, opponent_ref, fore)
    unit = contribution_unit(table, opponent_ref, own_ref)
    values = {}
    points: dict[int, Fraction] = {}   # total (units) -> its Fraction, made once: teams share totals
    met = matches_every_round(table)
    low = min(cut_low, table.rounds)
    high = min(cut_high, table.rounds - low)
    own_index = None if own_ref is None else _MP_INDEX if own_ref == "MP" else _GP_INDEX
    for team in table.numbers:
        rows = met.get(team)
        if rows is not None:   # `round_items` and `cut_items` on rounds that are all played matches
            total = _kept_total(rows, contributed, own_index, low, high)
        else:
            items = round_items(table, team, contributed, opponent_ref, own_ref, played_all, fore)
            kept, _ = cut_items(table, items, cut_low, cut_high)
            total = sum(map(_VALUE, kept))
        value = points.get(total)
        if value is None:
            value = points[total] = Fraction(total, unit)
        values[team] = value
    return values


def matches_every_round(table: TeamTable) -> dict[int, list]:
    """The teams whose every round (as many as the event has) is a match played over the board:
    team -> its rows. Each such round counts its opponent's score, whatever the options (art. 16
    and art. 15 concern only unplayed rounds), so `_kept_total` adds them up without `Item`s."""
    def make() -> dict[int, list]:
        rounds = table.rounds
        return {team: rows for team, rows in table.rows.items()
                if len(rows) == rounds and all(map(_PLAYED, rows)) and all(map(_OPPONENT, rows))}
    return table.derived(("matches every round",), make)


_OPPONENT, _PLAYED = itemgetter(2), itemgetter(3)   # `Row.opponent`, `Row.played`
_MP_INDEX, _GP_INDEX = itemgetter(0), itemgetter(1)   # `Row.mp`, `Row.gp`


def _kept_total(rows: list, contributed: dict[int, int], own: itemgetter | None, low: int, high: int) -> int:
    """`cut_items` then the sum, for rounds that are all played matches: no round is voluntarily
    unplayed, so Cut drops the `low` lowest (score, contribution) and Median the `high` highest
    (art. 14.1); which of two equal ones goes does not change the sum."""
    scores = list(map(contributed.__getitem__, map(_OPPONENT, rows)))
    values = scores if own is None else list(map(mul, scores, map(own, rows)))
    if not low and not high:
        return sum(values)
    return sum(map(_SECOND, sorted(zip(scores, values))[low:len(rows) - high]))


_SECOND = itemgetter(1)


def contribution_unit(table: TeamTable, opponent_ref: str, own_ref: str | None) -> int:
    """Units to a point of a contribution: the opponent's score's, times the own score's for ESB."""
    return table.scale[opponent_ref] * (table.scale[own_ref] if own_ref else 1)


# One round of a team as BH/FB/ESB count it: (round, voluntarily unplayed, the score counted,
# the contribution (both in units), how: "opponent" | "dummy" (art. 16.4) | "dummy capped" (16.4.1/16.4.2, 2026)).
Item = tuple[int, bool, int, int, str]


def round_items(table: TeamTable, team: int, contributed: dict[int, int], opponent_ref: str,
                own_ref: str | None, played_all: bool, fore: bool) -> list[Item]:
    """The rounds that count for `team`, before any cut (a round robin's idle rounds left out, art. 15)."""
    rounds, round_robin, capped = table.rounds, table.round_robin, table.rules_2026
    cap_alone = table.draw(opponent_ref) * rounds   # art. 16.4.2 (2026): a round without an opponent
    predetermined = played_all or round_robin   # art. 15: unplayed games count as played in round robins
    own_total = own_score(table, team, opponent_ref, fore)
    own_mp = own_ref == "MP"
    items: list[Item] = []
    for rnd, row in enumerate(table.rows[team], start=1):
        opponent = row.opponent
        if opponent and (predetermined or row.played or (fore and rnd == rounds)):
            vur, score, how = False, contributed[opponent], "opponent"
        elif not round_robin:
            vur, score, how = row.vur, own_total, "dummy"
            if capped:   # art. 16.4.1 / 16.4.2 (March 2026)
                cap = contributed[opponent] if opponent else cap_alone
                if cap < score:
                    score, how = cap, "dummy capped"
        elif opponent:
            vur, score, how = row.vur, 0, "opponent"
        else:
            continue   # art. 15: a round robin's round without an opponent is left out
        value = score * (row.mp if own_mp else row.gp) if own_ref else score
        items.append((rnd, vur, score, value, how))
    return items


_SCORE_THEN_VALUE = itemgetter(2, 3)   # an item's score counted, then its contribution
_VALUE = itemgetter(3)
_VALUE_THEN_SCORE = itemgetter(3, 2)


def cut_items(table: TeamTable, items: list[Item], cut_low: int, cut_high: int) -> tuple[list[Item], list[Item]]:
    """Cut (the lowest: a voluntarily unplayed round first unless it contributes less than the
    lowest opponent's round, art. 16.5) and Median (the highest) of art. 14.1: (kept, dropped)."""
    kept, dropped = list(items), []
    low = min(cut_low, table.rounds)
    high = min(cut_high, table.rounds - low)
    for _ in range(low):
        if not kept:
            break
        lowest = min(kept, key=_SCORE_THEN_VALUE)
        unplayed = [item for item in kept if item[1]]   # voluntarily unplayed rounds come first (art. 16.5)
        # of those, the one contributing least (as gacrux 1.11.65 and the individual cut choose:
        # for ESB a forfeited round's 0 before a bye's dummy score x its points)
        unplayed_first = min(unplayed, key=_VALUE_THEN_SCORE) if unplayed else lowest
        chosen = lowest if lowest[3] > unplayed_first[3] else unplayed_first
        kept.remove(chosen)
        dropped.append(chosen)
    for _ in range(high):
        if kept:
            chosen = max(kept, key=_SCORE_THEN_VALUE)
            kept.remove(chosen)
            dropped.append(chosen)
    return kept, dropped


def average_of_opponents(table: TeamTable, reference: str, bh: dict[int, Fraction]) -> dict[int, Decimal | None]:
    """AOB (art. 8.2): the mean BH of the opponents met over the board; rounded half up as FIDE TEC's
    engine rounds it (2 decimals under 9 rounds, 3 from 9), the article giving no rounding."""
    places = Decimal("0.01") if table.rounds < 9 else Decimal("0.001")
    values: dict[int, Decimal | None] = {}
    for team in table.numbers:
        met = [bh[row.opponent] for row in table.rows[team] if row.played and row.opponent]
        if not met:
            values[team] = None
            continue
        mean = sum(met, Fraction(0)) / len(met)
        values[team] = (Decimal(mean.numerator) / Decimal(mean.denominator)).quantize(places, rounding=ROUND_HALF_UP)
    return values


def sssc_divisor(table: TeamTable, primary: str) -> int:
    """SSSC's K (art. 13.4): the highest primary score over the highest secondary score of one
    match, rounded down."""
    rounds, boards, win = table.rounds, table.event.boards, table.event.team_points.win
    return math.floor(win * rounds / boards) if primary == "MP" else math.floor(Fraction(rounds * boards) / win)


def score_strength(table: TeamTable, primary: str, secondary: str, bh: dict[int, Fraction], k: int | None) -> dict:
    """SSSC (art. 13.4): secondary score + BH(primary) / K, K the highest primary score divided by
    the highest secondary score of one match, rounded down, unless set (/K); to 0.01 as FIDE TEC's
    engine gives it (the article has no rounding)."""
    if k is None:
        k = sssc_divisor(table, primary)
    values = {}
    for team in table.numbers:
        value = table.score(table.total(team, secondary), secondary) + bh[team] / max(k, 1)
        values[team] = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return values
