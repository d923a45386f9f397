"""Colour preferences (C.04.6 art. 1.7) and the colour allocation (art. 4).

A preference is "" (none) or a colour "w"/"b" with a strength: 2 for the simple preference of
type A and the strong one of type B, 1 for the mild one of type B. There are no absolute colour
preferences (Preface): a colour never keeps two teams apart, it enters the pairing only through
[C8] and [C9] and is allocated after the round is paired (art. 3.3.2 step 4).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine_fide.team_pairing.rules import TeamPairingRules
from rulesengine_fide.team_pairing.state import TeamState

OTHER = {"w": "b", "b": "w"}


@dataclass(frozen=True)
class Preference:
    colour: str = ""      # "w", "b" or "" (no preference)
    strength: int = 0     # 2 simple (type A) / strong (type B), 1 mild (type B)

    def __str__(self) -> str:
        if not self.colour:
            return "-"
        return ("W" if self.colour == "w" else "B") + ("" if self.strength == 2 else " (mild)")


def preference(state: TeamState, rules: TeamPairingRules, round_number: int) -> Preference:
    """Art. 1.7 from the colour difference (1.6.2) and the colours of the last two played matches."""
    if not rules.uses_colour:
        return Preference()
    cod, last_two = state.colour_difference, state.colours[-2:]
    # art. 1.7.1 / 1.7.2 first two paragraphs (worded alike for the simple and the strong one)
    if cod < -1 or (cod in (0, -1) and last_two == "bb"):
        return Preference("w", 2)
    if cod > 1 or (cod in (0, 1) and last_two == "ww"):
        return Preference("b", 2)
    if not rules.type_b:
        return Preference()                       # art. 1.7.1: otherwise type A has none
    # art. 1.7.2 mild preferences; none before the first match, nor at 0 in the last round
    if cod == -1:
        return Preference("w", 1)
    if cod == 1:
        return Preference("b", 1)
    if cod == 0 and state.colours and round_number != rules.planned_rounds:
        return Preference(OTHER[state.colours[-1]], 1)
    return Preference()


def first_team(a: TeamState, b: TeamState, rules: TeamPairingRules) -> bool:
    """Art. 4.2: is `a` the first-team? The higher primary score (the standings score, not the
    accelerated one: FIDE TEC's correction to 4.2.1), then the higher secondary score unless the
    competition does not use it (4.2.2), then the smaller TPN (4.2.3)."""
    if a.score != b.score:
        return a.score > b.score
    if rules.secondary_used and a.secondary != b.secondary:
        return a.secondary > b.secondary
    return a.number < b.number


def allocate(a: TeamState, b: TeamState, rules: TeamPairingRules, round_number: int) -> tuple[int, int, str]:
    """Art. 4.3: (white team, black team, the rule that decided, e.g. "4.3.5")."""
    first, second = (a, b) if first_team(a, b, rules) else (b, a)
    fp, sp = preference(first, rules, round_number), preference(second, rules, round_number)

    def give(colour: str, rule: str) -> tuple[int, int, str]:
        return (first.number, second.number, rule) if colour == "w" else (second.number, first.number, rule)

    initial = (rules.initial_colour or "W").lower()
    if first.played == 0 and second.played == 0:                       # 4.3.1
        return give(initial if first.number % 2 == 1 else OTHER[initial], "4.3.1")
    if fp.colour and not sp.colour:                                    # 4.3.2
        return give(fp.colour, "4.3.2")
    if sp.colour and not fp.colour:
        return give(OTHER[sp.colour], "4.3.2")
    if fp.colour and sp.colour and fp.colour != sp.colour:             # 4.3.3
        return give(fp.colour, "4.3.3")
    if rules.type_b and fp.colour and sp.colour and fp.strength != sp.strength:   # 4.3.4 (type B)
        return give(fp.colour if fp.strength == 2 else OTHER[sp.colour], "4.3.4")
    if first.colour_difference != second.colour_difference:            # 4.3.5
        return give("w" if first.colour_difference < second.colour_difference else "b", "4.3.5")
    for f, s in zip(reversed(first.colours), reversed(second.colours)):  # 4.3.6
        if f != s:
            return give(OTHER[f], "4.3.6")
    if fp.colour:                                                      # 4.3.7
        return give(fp.colour, "4.3.7")
    if first.colours:                                                  # 4.3.8
        return give(OTHER[first.colours[-1]], "4.3.8")
    if second.colours:                                                 # 4.3.9
        return give(second.colours[-1], "4.3.9")
    return give(initial if first.number % 2 == 1 else OTHER[initial], "4.3.1")   # no colour known
