"""The pairing criteria of C.04.3 (2025 text), by number and in words, and their per-pair parts.

Absolute criteria (C1-C3) decide whether two players may meet at all; the quality criteria
(C5-C21) are counts or scores that a candidate pairing should keep as low as possible, compared
in this order. Only the per-pair parts live here; `dutch.py` packs them into matching weights.
"""

from __future__ import annotations

from rulesengine_fide.pairing.state import ABSOLUTE, BLACK, STRONG, WHITE, PlayerState

CRITERIA: dict[str, str] = {
    "C1": "two players shall not play against each other more than once",
    "C2": "a player who has already received a pairing-allocated bye, or has already scored a win's "
          "worth of points without playing, shall not receive the pairing-allocated bye",
    "C3": "non-topscorers with the same absolute colour preference shall not meet",
    "C4": "choose the bracket's downfloaters so that the rest of the round can be paired (completion)",
    "C5": "minimise the score of the player who receives the pairing-allocated bye",
    "C6": "minimise the number of downfloaters (maximise the number of pairs)",
    "C7": "minimise the scores of the downfloaters, highest first",
    "C8": "choose the downfloaters so that the next bracket has the most pairs and the lowest "
          "downfloater scores",
    "C9": "minimise the number of unplayed games of the player who receives the pairing-allocated bye",
    "C10": "minimise the number of topscorers or topscorers' opponents whose colour difference goes "
           "beyond +2 or -2",
    "C11": "minimise the number of topscorers or topscorers' opponents who get the same colour three "
           "times in a row",
    "C12": "minimise the number of players who do not get their colour preference",
    "C13": "minimise the number of players who do not get their strong colour preference",
    "C14": "minimise the number of downfloaters who also received a downfloat in the previous round",
    "C15": "minimise the number of moved-down players' opponents who also received an upfloat in the "
           "previous round",
    "C16": "minimise the number of downfloaters who also received a downfloat two rounds before",
    "C17": "minimise the number of moved-down players' opponents who also received an upfloat two "
           "rounds before",
    "C18": "minimise the scores of the downfloaters who also received a downfloat in the previous round",
    "C19": "minimise the score differences of moved-down players whose opponents also received an "
           "upfloat in the previous round",
    "C20": "minimise the scores of the downfloaters who also received a downfloat two rounds before",
    "C21": "minimise the score differences of moved-down players whose opponents also received an "
           "upfloat two rounds before",
}


def criterion_text(code: str) -> str:
    return f"{code} ({CRITERIA[code]})"


def incompatibility(a: PlayerState, b: PlayerState, forbidden: set[frozenset[int]]) -> str | None:
    """The absolute criterion that forbids a and b to meet, or None."""
    if b.number in a.opponents:
        return "C1"
    if frozenset((a.number, b.number)) in forbidden:
        return "C1"  # a forbidden pair (XXP / 260) counts as already met
    sa, ca = a.preference
    sb, cb = b.preference
    if sa == ABSOLUTE and sb == ABSOLUTE and ca == cb and not (a.topscorer or b.topscorer):
        return "C3"
    return None


def _three_in_row(colours: list[int], colour: int) -> bool:
    return len(colours) >= 2 and colours[-1] == colours[-2] == colour


def colour_penalties(a: PlayerState, b: PlayerState) -> tuple[int, int, int, int]:
    """(C10, C11, C12, C13) counts for the pair a-b. C10/C11 concern pairs with a topscorer
    and take the better of the two colour allocations."""
    sa, ca = a.preference
    sb, cb = b.preference
    c12 = 1 if sa and sb and ca == cb else 0
    c13 = 1 if sa >= STRONG and sb >= STRONG and ca == cb else 0
    c10 = c11 = 0
    if a.topscorer or b.topscorer:
        options = []
        da, db = a.colour_difference, b.colour_difference
        for col in (WHITE, BLACK):
            v10 = int(abs(da + col) > 2) + int(abs(db - col) > 2)
            v11 = int(_three_in_row(a.colours, col)) + int(_three_in_row(b.colours, -col))
            options.append((v10, v11))
        c10, c11 = min(options)
    return c10, c11, c12, c13


class ColourCosts:
    """`colour_penalties` of pairs of players given by index into `states`, worked out once per
    pair of player types: the counts read only a player's topscorer flag, colour difference, last
    two colours and preference (the searches ask them for hundreds of thousands of pairs)."""

    def __init__(self, states: list[PlayerState]):
        self.states = states
        self._types: dict[int, tuple] = {}
        self._costs: dict[tuple, tuple[int, int, int, int]] = {}

    def type_of(self, i: int) -> tuple:
        kind = self._types.get(i)
        if kind is None:
            s = self.states[i]
            kind = self._types[i] = (s.topscorer, s.colour_difference, tuple(s.colours[-2:]), s.preference)
        return kind

    def __call__(self, a: int, b: int) -> tuple[int, int, int, int]:
        key = (self.type_of(a), self.type_of(b))
        cost = self._costs.get(key)
        if cost is None:
            cost = self._costs[key] = colour_penalties(self.states[a], self.states[b])
        return cost
