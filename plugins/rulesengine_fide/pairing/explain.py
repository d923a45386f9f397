"""--explain: the round's pairing bracket by bracket, in the words of C.04.3.

The engine finds each bracket's pairing with a weighted matching (the criteria as weights), so
instead of listing every transposition and exchange it tried, it shows what an arbiter would
check by hand: the bracket, S1 and S2, the first candidate (S1[i] against S2[i]) with the
criterion each of its pairs breaks, and the pairing chosen with the exchanges it needed.
"""

from __future__ import annotations

from rulesengine.numbers import to_text

from rulesengine_fide.pairing.criteria import colour_penalties, criterion_text, incompatibility
from rulesengine_fide.pairing.engine import RoundPairing
from rulesengine_fide.pairing.state import ABSOLUTE, MILD, STRONG, WHITE, PlayerState

_STRENGTH = {ABSOLUTE: "absolute", STRONG: "strong", MILD: "mild"}


def _who(s: PlayerState) -> str:
    strength, colour = s.preference
    pref = f", {_STRENGTH[strength]} {'white' if colour == WHITE else 'black'}" if strength else ""
    return f"{s.number} ({to_text(s.score)}{pref})"


def _pair_problems(a: PlayerState, b: PlayerState, forbidden) -> list[str]:
    reason = incompatibility(a, b, forbidden)
    if reason == "C1":
        return [f"they have already played ({criterion_text('C1')})"]
    if reason == "C3":
        return [f"both have the same absolute colour preference ({criterion_text('C3')})"]
    c10, c11, c12, c13 = colour_penalties(a, b)
    out = []
    for code, value in (("C10", c10), ("C11", c11), ("C13", c13), ("C12", c12)):
        if value:
            out.append(f"{value} player(s) would not get their colour under {code}")
            break
    return out


def explain_round(pairing: RoundPairing, forbidden: set[frozenset[int]] = frozenset()) -> str:
    states = pairing.states
    text = f" ({pairing.text.title})" if pairing.text is not None else ""
    lines = [f"Round {pairing.round}: {len(states)} players to pair{text}"]
    for record in pairing.brackets:
        kind = "heterogeneous" if record.mdps else "homogeneous"
        lines.append("")
        lines.append(f"Bracket {to_text(record.score)} ({kind}):")
        if record.mdps:
            lines.append("  moved-down players: " + ", ".join(_who(states[n]) for n in record.mdps))
        lines.append("  residents: " + (", ".join(_who(states[n]) for n in record.residents) or "none"))
        lines.append(f"  S1: {record.s1 or '-'}   S2: {record.s2 or '-'}")
        natural = list(zip(record.s1, record.s2))
        chosen = {frozenset(p) for p in record.pairs}
        if natural:
            lines.append("  first candidate (S1[i] against S2[i]): "
                         + ", ".join(f"{a}-{b}" for a, b in natural))
            rejected = False
            for a, b in natural:
                if frozenset((a, b)) in chosen:
                    continue
                problems = _pair_problems(states[a], states[b], forbidden)
                if problems:
                    rejected = True
                    lines.append(f"    {a}-{b}: " + "; ".join(problems))
            if not rejected and any(frozenset(p) not in chosen for p in natural):
                lines.append("    its pairs are each acceptable, but together they leave a worse set of "
                             "downfloaters or floats (C6-C8, C14-C21) than the pairing chosen")
        for note in record.notes:
            lines.append("  " + note)
        if record.pairs:
            s1 = set(record.s1)
            how = ""
            if {frozenset(p) for p in natural} == chosen:
                how = " (the first candidate: accepted)"
            elif record.mdps:
                paired_mdps = sorted({x for p in record.pairs for x in p} & set(record.mdps))
                if set(paired_mdps) != s1:
                    how = f" (MDP exchange: moved-down players {', '.join(map(str, paired_mdps))} paired)"
                else:
                    how = " (a transposition of S2 for the moved-down players)"
            else:
                moved_in = sorted(min(p) for p in record.pairs if min(p) not in s1 and record.s1)
                if moved_in:
                    how = f" (exchange: {', '.join(map(str, moved_in))} moved from S2 to S1)"
                elif record.s1:
                    how = " (a transposition of S2)"
            lines.append("  pairs chosen" + how + ": " + ", ".join(f"{a}-{b}" for a, b in record.pairs))
        if record.downfloaters:
            lines.append("  downfloaters: " + ", ".join(_who(states[n]) for n in record.downfloaters))
    if pairing.pab is not None:
        lines.append("")
        s = states[pairing.pab]
        head = f"Pairing-allocated bye: {s.number} (score {to_text(s.score)}, {s.unplayed} unplayed round(s)): "
        if pairing.text is not None and not pairing.text.pab_criteria:
            lines.append(head + "the player left over in the last bracket (the 2017 text has no C5 and C9; "
                                "C.2: no second PAB, none after a forfeit win)")
        else:
            lines.append(head + f"the lowest score possible ({criterion_text('C5')}); in the bracket whose "
                                f"single downfloater takes it, the fewest unplayed games ({criterion_text('C9')})")
    return "\n".join(lines) + "\n"
