"""The round being paired, as every bracket step reads it (FIDE C.04.3, 2025 text).

The players in the A.2 order (`PlayerState`, by pairing index), their score groups (A.3: one
per distinct pairing score, highest first), the absolute criteria between two players (C1, C3;
`compatible`, which the searches ask millions of times) and each player's PAB value (C5 then C9). The
completion check, the fast path, the next-bracket construction and the edge weights read these;
`dutch.DutchRound` extends it with the round's pairing.
"""

from __future__ import annotations

from rulesengine_fide.pairing.state import ABSOLUTE, PlayerState


class RoundState:
    def __init__(self, states: list[PlayerState], forbidden: set[frozenset[int]]):
        self.states = states
        self.n = len(states)
        scores = sorted({s.pairing_score for s in states}, reverse=True)
        self.group_index = {sc: i for i, sc in enumerate(scores)}
        self.group = [self.group_index[s.pairing_score] for s in states]
        self.scores = scores
        self.forbidden = forbidden
        # C1 and C3 as data, asked for every pair the searches look at: the rank indices each
        # player may not meet (played opponents and forbidden pairs) and the colour of an
        # absolute preference that rules out meeting the same (0 when none, or a topscorer).
        index = {s.number: i for i, s in enumerate(states)}
        self.met: list[set[int]] = [{index[o] for o in s.opponents if o in index} for s in states]
        for pair in forbidden:
            a, b = (index.get(number) for number in pair) if len(pair) == 2 else (None, None)
            if a is not None and b is not None:
                self.met[a].add(b)
                self.met[b].add(a)
        self.absolute_colour = [_absolute_colour(s) for s in states]
        self.odd = self.n % 2 == 1
        # The PAB value (C5, and C9 once in force) of the round's best PAB that leaves the rest
        # pairable (C4): set by the pairing once it is known; None while unknown, when the round
        # is even, or under a text without C5 (2017: whoever is left over in the last bracket).
        self.bye_target: tuple[int, int] | None = None
        # C9 counts only in the bracket whose single downfloater is the PAB assignee (the bracket
        # at the PAB's score, everyone below it pairing among themselves), as the endorsed
        # engine reads it: in higher brackets C10-C21 choose among the PAB candidates C5 allows.
        # `bye_value` then ranks by unplayed games too; `c9_in_force` turns on the weights' field.
        self.c9_in_force = False
        self.c9_in_target = False
        # C5 (the lowest score for the PAB) as a weight: the 2025 text's; the 2017 text has none.
        self.c5_in_force = True
        # The most pairs overall (completion) above the bracket's own criteria: the 2025 text's
        # C4 at every bracket; the 2017 text asks it of the penultimate bracket only.
        self.card_first = True
        # C7 as the 2017 text's pairing score difference (A.8, C.6) instead of the 2025 text's
        # downfloater scores.
        self.psd = False
        # 2017 text, C.7 of a bracket whose next bracket is the last: the pairs there count the
        # players who may not get the PAB, so that one who may is left over (bbpPairings 5.0.1's
        # "final brackets").
        self.pab_in_next_bracket = False
        # nextbracket.NextBracket per set of lower players, shared by the bracket's questions.
        self.next_bracket_cache: dict = {}

    # ---------------------------------------------------------------- absolute criteria
    def compatible(self, i: int, j: int) -> bool:
        """C1 (no rematch, no forbidden pair) and C3 (no two non-topscorers with the same
        absolute colour preference); the same answer as `criteria.incompatibility` is None."""
        colour = self.absolute_colour[i]
        return j not in self.met[i] and (not colour or colour != self.absolute_colour[j])

    def bye_value(self, i: int) -> tuple[int, int]:
        """C5 then C9 (when in target): the lower the score and the fewer the unplayed games,
        the better (higher)."""
        return self.group[i], (-self.states[i].unplayed if self.c9_in_target else 0)


def _absolute_colour(state: PlayerState) -> int:
    """The colour a player's absolute preference (A.6) asks for, when C3 applies to them."""
    strength, colour = state.preference
    return colour if strength == ABSOLUTE and not state.topscorer else 0
