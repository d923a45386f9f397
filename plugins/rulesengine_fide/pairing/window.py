"""A bracket's matching over a window of the players below it, made exact (C.04.3 C4, C6-C8).

The weighted matching over a bracket and *everyone* below it (`dutch.py`, weights.py) is the
reference: its card field (C4) asks the whole round to stay pairable with the PAB at its best
(C5), then C6-C21 and the generation order choose the bracket's pairing. At scale the players
below are thousands, so the bracket is matched with a window of them instead (the next bracket
and a few more). Giving the window the card field as it stands would be wrong: it rewards pairs
among the window's players, so when the window's own bottom cannot pair among itself it pays
to send more of the bracket down into it, though in the whole round the players below the
window would pair those bottom players. C6 then falls short of its best.

Here the window is a relaxation of the whole round, checked afterwards:

* The card field counts only the *confined* players of the bracket and window: those who can
  meet nobody below the window (C1, C3) and cannot take the PAB (C2, C5). Only they must be
  paired inside the bracket and window in every completion of the round; everyone else may be
  paired by a player below the window or get the PAB, so leaving them unpaired costs nothing
  (as if each had a stand-in from below). Every real completion of the round, cut to the
  bracket and window, is a matching of this graph with the most card there is and the same
  C6, C7, C8, C10-C21 and order fields, so the relaxed optimum bounds the reference's from above.
* The optimum found is a real one when it can be completed: its next-bracket pairs (C8) kept,
  everyone else left below (the downfloaters, the rest of the next bracket, the players below)
  can all be paired, the PAB going where the round's best PAB goes (`realised`). It then
  reaches the bound, so it is the reference's optimum (the same weight, hence the same pairs).

When the check fails the caller pairs the bracket with everyone below (exact, slower).
"""

from __future__ import annotations

from rulesengine_fide.pairing.completion import can_complete
from rulesengine_fide.pairing.round import RoundState
from rulesengine_fide.pairing.weights import EdgeWeigher, Ordering


class WindowFallsShort(Exception):
    """The window's optimum cannot be completed as it is: pair with everyone below instead."""


def confined_players(rnd: RoundState, members: list[int], beyond: list[int]) -> frozenset[int]:
    """The players of `members` (the bracket and its window) who can meet nobody in `beyond`
    (the players below the window; C1, C3) and cannot get the PAB (C2, C5 at the round's
    target): every completion of the round pairs them inside the bracket and window."""
    compatible = rnd.compatible
    bye_possible = rnd.odd
    out = set()
    for i in members:
        if bye_possible and rnd.states[i].bye_eligible and \
                (rnd.bye_target is None or rnd.bye_value(i) == rnd.bye_target):
            continue
        if not any(compatible(i, j) for j in beyond):
            out.add(i)
    return frozenset(out)


class WindowWeigher(EdgeWeigher):
    """`EdgeWeigher` whose card field counts the confined players an edge pairs (0, 1 or 2)
    instead of one per edge; an edge left with no weight at all is left out."""

    def __init__(self, *args, confined: frozenset[int], **kwargs):
        super().__init__(*args, **kwargs)
        assert not self.with_bye and self.absorber is None and self.rnd.card_first
        self.confined = confined

    def graph(self, ordering: Ordering) -> tuple[list[int], list[tuple[int, int, int]]]:
        vertices, edges = super().graph(ordering)
        card = 1 << self.shift["card"]    # every edge carries one card unit (weights.py)
        inner = self.confined
        out = []
        for u, v, w in edges:
            w += card * ((vertices[u] in inner) + (vertices[v] in inner) - 1)
            if w:
                out.append((u, v, w))
        return vertices, out


def realised(rnd: RoundState, weigher: EdgeWeigher, mate: dict[int, int], lower: list[int]) -> bool:
    """Can the window's optimum `mate` be completed as it is: its pairs in the next bracket (C8:
    downfloaters with residents, residents among themselves) kept, can everyone else below the
    bracket's pairs be paired, the PAB going to the round's best PAB value (C4, C5)?"""
    inside = weigher.mdp_set | weigher.resident_set
    down = [i for i in weigher.mdps + weigher.residents if mate.get(i, -1) not in inside]
    nxt = weigher.next_set
    candidates = set(down) | nxt
    kept = {i for i in candidates if mate.get(i, -1) in candidates and (i in nxt or mate[i] in nxt)}
    rest = [i for i in down if i not in kept] + [i for i in lower if i not in kept]
    return can_complete(rnd, rest, rnd.bye_target)
