"""The round being paired, as every bracket step reads it (FIDE C.04.3, 2025 text).

The players in the A.2 order (`PlayerState`, by pairing index), their score groups (A.3: one
per distinct pairing score, highest first), the absolute criteria between two players (C1-C3,
`criteria.incompatibility`, asked once per pair) and each player's PAB value (C5 then C9). The
completion check, the fast path, the next-bracket construction and the edge weights read these;
`dutch.DutchRound` extends it with the round's pairing.
"""

from __future__ import annotations

from rulesengine_fide.pairing.criteria import incompatibility
from rulesengine_fide.pairing.state import PlayerState


class RoundState:
    def __init__(self, states: list[PlayerState], forbidden: set[frozenset[int]]):
        self.states = states
        self.n = len(states)
        scores = sorted({s.pairing_score for s in states}, reverse=True)
        self.group_index = {sc: i for i, sc in enumerate(scores)}
        self.group = [self.group_index[s.pairing_score] for s in states]
        self.scores = scores
        self.forbidden = forbidden
        self._compat: dict[tuple[int, int], str | None] = {}
        self.odd = self.n % 2 == 1
        # The PAB value (C5, C9) of the round's best PAB that leaves the rest pairable (C4): set by
        # the pairing once it is known; None while unknown or when the round is even.
        self.bye_target: tuple[int, int] | None = None
        # nextbracket.NextBracket per set of lower players, shared by the bracket's questions.
        self.next_bracket_cache: dict = {}

    # ---------------------------------------------------------------- absolute criteria
    def compatible(self, i: int, j: int) -> bool:
        key = (i, j) if i < j else (j, i)
        reason = self._compat.get(key, 0)
        if reason == 0:
            reason = self._compat[key] = incompatibility(self.states[i], self.states[j], self.forbidden)
        return reason is None

    def why_incompatible(self, i: int, j: int) -> str | None:
        self.compatible(i, j)
        return self._compat[(i, j) if i < j else (j, i)]

    def bye_value(self, i: int) -> tuple[int, int]:
        """C5 then C9: the lower the score and the fewer the unplayed games, the better (higher)."""
        return self.group[i], -self.states[i].unplayed
