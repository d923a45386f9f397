"""A lower bound of the colour-preference criteria C12 and C13 over the pairings of a bracket whose
topscorer criteria C10/C11 are at their bound (C.04.3, 2025 text, A.7, C10-C13), for the B.4
shortcut (`fastpath.py`) in the last round.

The criteria are compared in order, so once a candidate reaches the (C10, C11) bound B of
`topscorer_bounds.py` only the pairings at B compete on C12, then C13. The plain pigeonhole bound
of C12 (each pair has one white) ignores that B may force same-preference pairs (topscorers whose
better colour for C10/C11 is not their preferred one, or who must give way to each other).

Relaxation: each player is reduced to a type (its topscorer kind: better colour, cost there, extra
cost of the other, as `TopscorerBound`; its preferred colour; whether that preference is strong or
absolute), and a pair's costs are read from the two types alone: (C10, C11) as M * C10 + C11 (a
non-topscorer's own cost is left out: 0, never more than its true cost), C12 one when both prefer
the same colour, C13 one when both do strongly. C1/C3 (who may not meet) and C8/C14-C16 (who may
be left over) are left out too. Every pairing of the bracket is so a feasible point, at no greater
cost, of the fractional b-matching over the types (x_st >= 0 pairs of types s and t, each type s
in at most n_s pairs counting a pair of two s twice, P pairs in all), a linear programme.

That programme is solved exactly as a min-cost flow on its bipartite double (each type a left and
a right node of capacity n_s, 2 P units; a flow f gives x = (f + f^T) / 2 and back), with one
lexicographic weight W1 * top + W2 * C12 + C13 per arc (W1, W2 above anything the lower parts sum
to). Its optimum (T, C, D) is, halved, the programme's lexicographic minimum. When T / 2 equals B
the integral pairings at B lie in the programme's set {top <= B}, so each of them has
C12 >= C / 2, hence >= ceil(C / 2); and when C is even, those also at C12 = C / 2 have
C13 >= ceil(D / 2). When T / 2 is below B (the relaxation finds a cheaper top cost) nothing is
claimed (None): the caller keeps the pigeonhole bound.

During the D.1 search (transpositions: each S1 player against an S2 player) what is left is a
transportation problem between the S1 and S2 types (`least_across`), whose optimum is integral:
the same lexicographic flow without the doubling, a bound for every completion of the node, used
to cut nodes that cannot reach the targets (it changes no answer, only how soon it is found).
"""

from __future__ import annotations

from collections import Counter, deque

from rulesengine_fide.pairing.state import STRONG, PlayerState
from rulesengine_fide.pairing.topscorer_bounds import TopscorerBound

Kind = tuple[tuple[int, int, int], int, bool]   # (topscorer kind, preferred colour or 0, strong)


def _type(state: PlayerState, top_kind: tuple[int, int, int]) -> Kind:
    strength, colour = state.preference
    if not strength:
        return top_kind, 0, False
    return top_kind, colour, strength >= STRONG


def _top_cost(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """M * C10 + C11 of a pair of the two topscorer kinds under its better colours: both bases,
    plus the smaller regret when both seek the same colour (one of them gives way)."""
    (sa, ba, ra), (sb, bb, rb) = a, b
    return ba + bb + (min(ra, rb) if sa and sa == sb else 0)


def _pair_costs(a: Kind, b: Kind) -> tuple[int, int, int]:
    same = a[1] != 0 and a[1] == b[1]
    return _top_cost(a[0], b[0]), int(same), int(same and a[2] and b[2])


def _min_cost_flow(nodes: int, arcs: list[list[int]], source: int, sink: int, amount: int) -> int | None:
    """Least cost of `amount` units from source to sink (successive shortest paths on the residual
    graph, whose arcs are [head, capacity, cost, index of the reverse arc] per tail, each found by
    Bellman-Ford relaxing only from the nodes whose distance fell). None when the amount cannot
    flow."""
    total = 0
    while amount > 0:
        dist: list[int | None] = [None] * nodes
        via: list[tuple[int, int] | None] = [None] * nodes
        dist[source] = 0
        queue = deque([source])
        queued = [False] * nodes
        queued[source] = True
        while queue:
            u = queue.popleft()
            queued[u] = False
            du = dist[u]
            for k, (v, cap, cost, _) in enumerate(arcs[u]):
                if cap > 0 and (dist[v] is None or du + cost < dist[v]):
                    dist[v] = du + cost
                    via[v] = (u, k)
                    if not queued[v]:
                        queued[v] = True
                        queue.append(v)
        if dist[sink] is None:
            return None
        push, v = amount, sink
        while v != source:
            u, k = via[v]
            push = min(push, arcs[u][k][1])
            v = u
        v = sink
        while v != source:
            u, k = via[v]
            arc = arcs[u][k]
            arc[1] -= push
            arcs[arc[0]][arc[3]][1] += push
            v = u
        total += push * dist[sink]
        amount -= push
    return total


class PreferenceBound:
    """The bound of the module doc for one bracket's players, for the whole bracket and for what
    is left of it during a search (`least`)."""

    def __init__(self, states: list[PlayerState], players: list[int]):
        self.tops = TopscorerBound(states, players)
        self.type = {i: _type(states[i], self.tops.kind[i]) for i in players}
        self._memo: dict = {}

    def counts(self, players) -> Counter:
        return Counter(self.type[i] for i in players)

    def least(self, counts: Counter, pairs: int, top_budget: int) -> tuple[int, int] | None:
        """A lower bound (C12, C13) of the pairings of `pairs` pairs among the players of the
        type multiset `counts` whose M * C10 + C11 is at most `top_budget`; None when the
        relaxation's least M * C10 + C11 is below the budget (it cannot tell), (-1, -1) when it
        is above or the pairs cannot be formed (no such pairing)."""
        if pairs <= 0:
            return (0, 0) if top_budget >= 0 else (-1, -1)
        key = (_frozen(counts), None, pairs, top_budget)
        if key not in self._memo:
            # The fractional b-matching: its bipartite double carries 2 P units, at twice the cost.
            self._memo[key] = _verdict(_lexicographic_flow(counts, counts, 2 * pairs), 2, top_budget)
        return self._memo[key]

    def least_across(self, s1: Counter, s2: Counter, pairs: int, top_budget: int) -> tuple[int, int] | None:
        """As `least`, for the pairings in which each of `pairs` pairs joins a player of `s1` and
        one of `s2` (the D.1 transpositions: S1 against S2). A transportation problem, whose
        optimum is integral: the bound is the least over the type-level pairings themselves."""
        if pairs <= 0:
            return (0, 0) if top_budget >= 0 else (-1, -1)
        key = (_frozen(s1), _frozen(s2), pairs, top_budget)
        if key not in self._memo:
            self._memo[key] = _verdict(_lexicographic_flow(s1, s2, pairs), 1, top_budget)
        return self._memo[key]


def _frozen(counts: Counter) -> frozenset:
    return frozenset((k, n) for k, n in counts.items() if n > 0)


def _lexicographic_flow(left: Counter, right: Counter, amount: int) -> tuple[int, int, int] | None:
    """The least (top, C12, C13) in lexicographic order of `amount` units from the types of
    `left` (each at most its count) to those of `right`, a unit from s to t costing the pair
    (s, t); None when that many units cannot flow."""
    lk = sorted(k for k, n in left.items() if n > 0)
    rk = sorted(k for k, n in right.items() if n > 0)
    n1, n2 = len(lk), len(rk)
    w2 = amount + 1                 # above any C13 sum
    w1 = (amount + 1) * w2          # above any W2 * C12 + C13 sum
    source, sink = n1 + n2, n1 + n2 + 1
    arcs: list[list[list[int]]] = [[] for _ in range(n1 + n2 + 2)]

    def arc(u: int, v: int, cap: int, cost: int) -> None:
        arcs[u].append([v, cap, cost, len(arcs[v])])
        arcs[v].append([u, 0, -cost, len(arcs[u]) - 1])

    for s, kind in enumerate(lk):
        arc(source, s, left[kind], 0)
        for t, other in enumerate(rk):
            top, c12, c13 = _pair_costs(kind, other)
            arc(s, n1 + t, amount, w1 * top + w2 * c12 + c13)
    for t, other in enumerate(rk):
        arc(n1 + t, sink, right[other], 0)
    least = _min_cost_flow(n1 + n2 + 2, arcs, source, sink, amount)
    if least is None:
        return None
    top, rest = divmod(least, w1)
    c12, c13 = divmod(rest, w2)
    return top, c12, c13


def _verdict(flow: tuple[int, int, int] | None, scale: int, top_budget: int) -> tuple[int, int] | None:
    """(C12, C13) bounds from a lexicographic optimum at `scale` times the costs (see `least`)."""
    if flow is None:
        return -1, -1
    top, c12, c13 = flow
    if top > scale * top_budget:
        return -1, -1
    if top < scale * top_budget:
        return None
    # C13's bound holds for the pairings at C12 = c12 / scale, so only when that is whole.
    return -(-c12 // scale), (-(-c13 // scale) if c12 % scale == 0 else 0)

