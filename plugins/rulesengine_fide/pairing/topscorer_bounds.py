"""A lower bound of the topscorer criteria C10 and C11 over every pairing of a bracket (C.04.3,
2025 text, A.7 and C10/C11), for the B.4 shortcut (`fastpath.py`) in the last round.

C10 counts the topscorers or topscorers' opponents whose colour difference goes beyond +-2, C11
those who get the same colour three times in a row; both count a pair only when it holds a
topscorer, and a pair takes the better of its two colour allocations, C10 first
(`criteria.colour_penalties`). So a pair's cost is, over the colour c its first player gets,

    min_c  cost(a, c) + cost(b, -c),    cost(x, c) = M * (x beyond +-2 with c) + (x three in a row with c),

read as the number M * C10 + C11 with M above any C11 count (one more than the bracket's
players): comparing those numbers compares (C10, C11) in order. Each topscorer x has a better
colour (`seek`), its cost there (`base`) and what the other colour costs more (`regret`). In any
pairing of P pairs only P players get white: at least (white-seekers - P) of the white-seekers
play black, each paying at least its regret (likewise black). Non-topscorers are left out (their
costs count only beside a topscorer, and are never negative). Hence, for the paired players,

    M * C10 + C11  >=  sum of base + the smallest (white-seekers - P) regrets among them
                                    + the smallest (black-seekers - P) regrets among them,

and over the players left over (the bracket's size less 2 P) the least of that. A pairing whose
(C10, C11) equal the bound's is the best possible on C10 and then C11.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from rulesengine_fide.pairing.state import BLACK, WHITE, PlayerState

# Left-over choices tried one by one up to this many players left over; beyond it a weaker bound
# (each player left over taken to save as much as any player could).
EXACT_LEFTOVERS = 4


def own_cost(state: PlayerState, colour: int) -> tuple[int, int]:
    """(C10, C11) of one player of a topscorer's pair who gets `colour` (C.04.3 C10, C11)."""
    beyond = abs(state.colour_difference + colour) > 2
    c = state.colours
    third = len(c) >= 2 and c[-1] == c[-2] == colour
    return int(beyond), int(third)


NEUTRAL = (0, 0, 0)   # a non-topscorer: costs nothing of its own (its costs count beside a topscorer)


def _kind(state: PlayerState, m: int) -> tuple[int, int, int]:
    """(seek, base, regret) of a topscorer: the better colour (0: both alike), its cost as
    M * C10 + C11, and the extra cost of the other colour."""
    w10, w11 = own_cost(state, WHITE)
    b10, b11 = own_cost(state, BLACK)
    white, black = m * w10 + w11, m * b10 + b11
    if white == black:
        return 0, white, 0
    return (WHITE, white, black - white) if white < black else (BLACK, black, white - black)


def _paired_bound(kinds: Counter, pairs: int) -> int:
    """The bound (M * C10 + C11) when exactly the players of `kinds` (kind -> count) are paired."""
    total = sum(base * n for (_, base, _), n in kinds.items())
    for side in (WHITE, BLACK):
        regrets = sorted((regret, n) for (seek, _, regret), n in kinds.items() if seek == side and n > 0)
        over = sum(n for _, n in regrets) - pairs
        for regret, n in regrets:
            if over <= 0:
                break
            total += regret * min(n, over)
            over -= n
    return total


class TopscorerBound:
    """The bound of the module doc for one bracket's players, as M * C10 + C11 (M: one more than
    the bracket's players), for the whole bracket and for what is left of it during a search."""

    def __init__(self, states: list[PlayerState], players: list[int]):
        self.m = len(players) + 1
        self.kind = {i: _kind(states[i], self.m) if states[i].topscorer else NEUTRAL for i in players}
        self.active = any(k != NEUTRAL for k in self.kind.values())

    def value(self, c10: int, c11: int) -> int:
        return self.m * c10 + c11

    def least(self, paired: Counter, others: Counter, leave: int, pairs: int) -> int:
        """The least M * C10 + C11 of `pairs` pairs among the players of the two multisets of
        kinds when every one of `paired` plays and `leave` of `others` are left over."""
        if not self.active or pairs <= 0:
            return 0
        if leave == 0:
            return _paired_bound(paired + others, pairs)
        if leave > EXACT_LEFTOVERS:
            # Leaving a player over saves at most its base and its regret (the regret it might
            # have paid), so the least bound is at least the whole one less the largest savings.
            savings = sorted((base + regret for (_, base, regret), n in others.items() for _ in range(n)),
                             reverse=True)
            return max(0, _paired_bound(paired + others, pairs) - sum(savings[:leave]))
        best = None
        for gone in combinations_with_replacement(sorted(k for k, n in others.items() if n > 0), leave):
            removed = Counter(gone)
            if any(removed[k] > others[k] for k in removed):
                continue
            value = _paired_bound(paired + (others - removed), pairs)
            if best is None or value < best:
                best = value
        return best if best is not None else 0

    def kinds(self, players) -> Counter:
        return Counter(self.kind[i] for i in players)


def topscorer_bound(states: list[PlayerState], players: list[int], pairs: int,
                    paired: list[int] = ()) -> tuple[int, int]:
    """A lower bound (C10, C11), compared in that order, of every pairing of `pairs` pairs among
    `players` in which each of `paired` (a subset of them) plays, the others left over as it
    falls; (0, 0) when no topscorer plays. (The B.4 shortcut passes the bracket's MDPs: it only
    accepts pairings of every MDP, the best on C7 whenever one exists, so the bound is for those;
    a topscorer MDP beyond +-2 whatever it gets is then no player left over.)"""
    bound = TopscorerBound(states, players)
    if not bound.active:
        return 0, 0
    forced = set(paired)
    others = [i for i in players if i not in forced]
    least = bound.least(bound.kinds(paired), bound.kinds(others), len(players) - 2 * pairs, pairs)
    return divmod(least, bound.m)
