"""Buchholz and its family: BH (art. 8.1), AOB (art. 8.2), FB (art. 8.3), with the helpers
ABH / AFB (the adjusted score a player contributes to opponents, art. 16.3).

Note to art. 8 (2026): these tie-breaks must not be used in round-robins. When asked for one
anyway it is computed (unplayed games per art. 15) and a note says so.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.tiebreak import ContributionLine, Explanation, TiebreakContext, TiebreakOutcome, TiebreakSpec
from rulesengine_fide.tiebreaks.modifiers import apply_cuts, cut_and_median
from rulesengine_fide.tiebreaks.opposition import Treatment, explanation_lines, opposition, opposition_totals, treatment
from rulesengine_fide.tiebreaks.unplayed import contributed_points

ROUND_ROBIN_NOTE = ("{spec}: Buchholz tie-breaks must not be used in round-robins (FIDE C.07 art. 8, note); "
                    "computed as requested, unplayed games per art. 15")


def _round_robin_notes(spec: TiebreakSpec, t: Treatment) -> tuple[str, ...]:
    return (ROUND_ROBIN_NOTE.format(spec=spec),) if t.round_robin else ()


def _buchholz_units(spec: TiebreakSpec, context: TiebreakContext, fore: bool) -> tuple[dict[int, int], Treatment]:
    """Every player's (Fore) Buchholz in units, and the treatment it was computed under."""
    t = treatment(spec, context, fore=fore)
    low, high = cut_and_median(spec)
    return opposition_totals(t, low, high), t


def _buchholz_values(spec: TiebreakSpec, context: TiebreakContext, fore: bool
                     ) -> tuple[dict[int, Fraction], Treatment]:
    units, t = _buchholz_units(spec, context, fore)
    return t.data.values_of(units), t


def buchholz(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 8.1: the sum of the (adjusted, art. 16.3) scores of the player's opponents;
    own unplayed rounds against a dummy opponent (art. 16.4); Cut-n / Median-n (art. 14, 16.5)."""
    values, t = _buchholz_values(spec, context, fore=False)
    return TiebreakOutcome(values, _round_robin_notes(spec, t))


def fore_buchholz(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 8.3: Buchholz with every final-round pairing counted as a draw."""
    values, t = _buchholz_values(spec, context, fore=True)
    return TiebreakOutcome(values, _round_robin_notes(spec, t))


def average_of_opponents_buchholz(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 8.2: the average Buchholz (``/F``: Fore Buchholz) of the opponents played
    over the board. The article prescribes no rounding: the value is the exact mean."""
    fore = spec.modifier("F") is not None
    inner = TiebreakSpec(spec.code, tuple(m for m in spec.modifiers if m[0] != "F"))
    bh, t = _buchholz_units(inner, context, fore=fore)
    data = t.data
    values: dict[int, Fraction | None] = {}
    lonely: list[int] = []
    full = data.all_over_the_board
    means: dict[tuple[int, int], Fraction] = {}   # one shared Fraction per (sum, count)
    for sno in data.start_ranks:
        if sno in full:   # every round a game over the board: every opponent counts
            opponents = list(map(bh.__getitem__, data.opponents[sno]))
        else:
            opponents = [bh[r.opponent] for r in data.table[sno] if r.over_the_board and r.opponent]
        if opponents:
            key = (sum(opponents), len(opponents))
            mean = means.get(key)
            if mean is None:
                mean = means[key] = Fraction(key[0], data.unit.denominator * key[1])
            values[sno] = mean
        else:
            values[sno] = None
            lonely.append(sno)
    notes = list(_round_robin_notes(spec, t))
    if lonely:
        notes.append(f"{spec}: no value for player(s) {', '.join(map(str, lonely))}: no game played over the board "
                     f"(FIDE C.07 art. 8.2 averages over games played)")
    return TiebreakOutcome(values, tuple(notes))


def adjusted_score(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """Helper ABH: the score a player contributes to opponents' Buchholz (FIDE C.07 art. 16.3)."""
    return _contributed(spec, context, fore=False)


def adjusted_fore_score(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """Helper AFB: the score a player contributes to opponents' Fore Buchholz (art. 8.3, 16.3)."""
    return _contributed(spec, context, fore=True)


def _contributed(spec: TiebreakSpec, context: TiebreakContext, fore: bool) -> TiebreakOutcome:
    t = treatment(spec, context, fore=fore)
    return TiebreakOutcome(t.data.values_of(t.adjusted))


def explain_buchholz(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    return _explain(spec, context, start_rank, fore=spec.code == "FB")


def _explain(spec: TiebreakSpec, context: TiebreakContext, start_rank: int, fore: bool) -> Explanation:
    t = treatment(spec, context, fore=fore)
    low, high = cut_and_median(spec)
    entries = opposition(t, start_rank, describe=True)
    result = apply_cuts(entries, low, high, t.data.rounds, t.rule_set)
    notes = [f"rules: {t.rule_set.value}{', round robin (art. 15)' if t.round_robin else ''}"]
    notes.extend(_round_robin_notes(spec, t))
    return Explanation(start_rank, str(spec), explanation_lines(entries, result.dropped, t.data.value),
                       t.data.value(result.total), tuple(notes))


def explain_average_of_buchholz(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    fore = spec.modifier("F") is not None
    inner = TiebreakSpec("FB" if fore else "BH", tuple(m for m in spec.modifiers if m[0] != "F"))
    bh, t = _buchholz_values(inner, context, fore=fore)
    lines = tuple(ContributionLine(r.number, r.opponent,
                                   f"game vs {r.opponent}: {inner.code} {float(bh[r.opponent]):g}",
                                   bh[r.opponent]) for r in t.data.table[start_rank] if r.over_the_board and r.opponent)
    total = average_of_opponents_buchholz(spec, context).values[start_rank]
    return Explanation(start_rank, str(spec), lines, total,
                       (f"average of {len(lines)} opponents' {inner.code} (art. 8.2), exact",))


def explain_contributed(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    fore = spec.code == "AFB"
    t = treatment(spec, context, fore=fore)
    data = t.data
    points = contributed_points(data, start_rank, t.rule_set, t.round_robin, fore)
    lines = []
    for r, value in zip(data.table[start_rank], points):
        desc = r.kind.value + (f" vs {r.opponent}" if r.opponent else "")
        if value != r.points:
            desc += f": scored {data.text(r.points)}, counts {data.text(value)} for opponents (art. 16.3)"
        lines.append(ContributionLine(r.number, r.opponent or None, desc, data.value(value)))
    return Explanation(start_rank, str(spec), tuple(lines), data.value(sum(points)))
