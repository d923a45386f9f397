"""The least colour cost of completing a D.1 search node, exactly: a min-cost assignment of the S1
players not yet paired to the S2 players not yet taken, kept optimal as the search fixes pairs
(C.04.3, 2025 text, B.4 and D.1; C10-C13 in the last round), for the B.4 shortcut (`fastpath.py`).

The shortcut's other bounds (`topscorer_bounds.py`, `preference_bounds.py`, the pigeonhole of
colour wishes) look at player types and leave out who has met whom (C1) and who may not meet
(C3); near the top of a last round, where the topscorers have met many of each other, the first
transposition reaching them can lie so deep that the search runs out of budget. A transposition
pairs each S1 player with a distinct S2 player (the S2 players left over are `spare` stand-ins,
allowed on the S2 players who may be left over, at no cost), so the least (C10, C11, C12, C13)
of a node's completions is the optimum of an assignment problem over the compatible pairs,
whose pairs cost `weight(a, b)`: the four counts as one integer, C10 in the highest digit of a
radix above any count (so comparing the integers compares the tuples in order).

It is solved by successive shortest paths with dual potentials u (rows: S1 players and the
stand-ins) and v (columns: S2 slots), reduced cost w - u - v >= 0, zero on the assigned pairs
(the Hungarian method). Fixing a pair (a, j) removes a row and a column; if j was held by
another row h, h and a's old column are free, and one shortest augmenting path (Dijkstra on
the reduced costs, cut at the budget) gives the new optimum. Any assignment containing (a, j)
costs at least the optimum plus the reduced cost of (a, j), a test before any path is sought.

Every change is journalled and undone back to a `save()`, as the search backtracks. The bound is
exact for the transpositions of the node (the leftover rules of C8/C14/C16 beyond `may_be_left`
are checked at the leaf, as before), so a search cut by it visits, level by level, only pairs
that some completion at the targets uses: it changes no answer, only how soon it is found.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Callable

LEFTOVER = -1   # the stand-ins of the S2 players left over: -1, -2, ...
_ABSENT = object()   # in the journal: the key was not in the dict


def lexicographic(cost: tuple[int, int, int, int], radix: int) -> int:
    """(C10, C11, C12, C13) as one integer comparing as the tuple does (each count below radix)."""
    c10, c11, c12, c13 = cost
    return ((c10 * radix + c11) * radix + c12) * radix + c13


class CostRoom:
    """The optimal assignment of the rows (`s1` and `spare` stand-ins) to the columns (slots of
    `s2` not `used`); `opt` is its cost, None when no complete assignment exists."""

    def __init__(self, s1: list[int], s2: list[int], used: list[bool], weight: Callable[[int, int], int | None],
                 tick: Callable[[], None], may_be_left: Callable[[int], bool] | None, spare: int):
        self.s2 = s2
        self.used = used
        self.weight = weight
        self.tick = tick
        self.may_be_left = may_be_left
        self.owner: list[int | None] = [None] * len(s2)
        self.partner: dict[int, int] = {}
        self.u: dict[int, int] = {}
        self.v = [0] * len(s2)
        self.opt = 0
        self._journal: list[tuple[int, int, object]] = []
        self._left: dict[int, int | None] = {}    # column -> a stand-in's cost there
        rows = list(s1) + [LEFTOVER - t for t in range(spare)]
        for r in rows:
            # Each row's least cost as its potential, so that it has a column at reduced cost 0.
            costs = [w for w in (self.w(r, j) for j in range(len(s2)) if not used[j]) if w is not None]
            self.u[r] = min(costs, default=0)
        self.feasible = all(self._augment(r, None) for r in rows)

    # ---------------------------------------------------------------- costs
    def w(self, r: int, j: int) -> int | None:
        if r > LEFTOVER:
            return self.weight(r, self.s2[j])
        if j not in self._left:
            self._left[j] = 0 if self.may_be_left(self.s2[j]) else None
        return self._left[j]

    def reduced(self, r: int, j: int) -> int | None:
        """w - u - v of the pair (row r, column j); None when not allowed."""
        w = self.w(r, j)
        return None if w is None else w - self.u[r] - self.v[j]

    # ---------------------------------------------------------------- journal
    def save(self):
        return len(self._journal), self.opt, self.feasible

    def restore(self, saved) -> None:
        mark, self.opt, self.feasible = saved
        journal = self._journal
        while len(journal) > mark:
            table, key, old = journal.pop()
            if old is _ABSENT:
                del table[key]
            else:
                table[key] = old

    def _set(self, table, key: int, value) -> None:
        """table[key] = value (a dict's key removed when value is _ABSENT), journalled."""
        old = table.get(key, _ABSENT) if isinstance(table, dict) else table[key]
        self._journal.append((table, key, old))
        if value is _ABSENT:
            del table[key]
        else:
            table[key] = value

    # ---------------------------------------------------------------- the search's step
    def fix(self, a: int, j: int, budget: int) -> bool:
        """Row a takes column j for good (the caller marked j used). False when the rest then
        cannot be assigned at a cost of at most `budget` (the state is then for `restore` only)."""
        old = self.partner[a]
        self.opt -= self.w(a, old)
        self._set(self.partner, a, _ABSENT)
        self._set(self.owner, old, None)
        self._set(self.u, a, _ABSENT)
        if old == j:
            return self.opt <= budget
        holder = self.owner[j]
        self.opt -= self.w(holder, j)
        self._set(self.owner, j, None)
        self._set(self.partner, holder, _ABSENT)
        # `holder` is the one row without a column, `old` the one column without a row.
        return self._augment(holder, budget, old)

    def _augment(self, root: int, budget: int | None, free: int | None = None) -> bool:
        """The shortest augmenting path from the unassigned row `root` to a free column (Dijkstra
        on the reduced costs), its potentials updated so that the assignment stays optimal. With
        a `budget` (and then the one `free` column), False as soon as the new optimum must exceed it."""
        u, v, owner, used = self.u, self.v, self.owner, self.used
        columns = range(len(owner))
        ur = u[root]
        # Free columns at reduced cost 0 end the search at once (the common case).
        free_columns = [free] if free is not None else [j for j in columns if not used[j] and owner[j] is None]
        for j in free_columns:
            w = self.w(root, j)
            if w is not None and w - ur - v[j] == 0:
                return self._apply(root, j, 0, {}, {j: root}, budget)
        limit = None
        if budget is not None:
            # A path of reduced length d to the free column makes the optimum
            # opt + d + u[root] + v[free] (the assigned pairs' reduced costs are 0), so no path
            # longer than this can keep it within the budget:
            limit = budget - self.opt - ur - v[free]
            if limit < 0:
                return False
        best: dict[int, int] = {}
        via: dict[int, int] = {}
        heap: list[tuple[int, int, int]] = []

        def relax(r: int, base: int) -> None:
            urr = u[r]
            for j in columns:
                if used[j] or j in final:
                    continue
                w = self.w(r, j)
                if w is None:
                    continue
                d = base + w - urr - v[j]
                if limit is not None and d > limit:
                    continue
                if d < best.get(j, d + 1):
                    best[j] = d
                    via[j] = r
                    heappush(heap, (d, owner[j] is not None, j))

        final: dict[int, int] = {}
        relax(root, 0)
        while heap:
            d, owned, j = heappop(heap)
            if j in final or best[j] != d:
                continue
            self.tick()
            final[j] = d
            if not owned:
                return self._apply(root, j, d, final, via, budget)
            relax(owner[j], d)
        return False

    def _apply(self, root: int, end: int, dist: int, final: dict[int, int], via: dict[int, int],
               budget: int | None) -> bool:
        """Update the potentials by the distances, then flip the path root .. end."""
        owner, u, v = self.owner, self.u, self.v
        for j, d in final.items():
            if d < dist:
                self._set(v, j, v[j] - (dist - d))
                r = owner[j]
                self._set(u, r, u[r] + (dist - d))
        self._set(u, root, u[root] + dist)
        j = end
        while True:
            r = via[j]
            old = self.partner.get(r)
            self.opt += self.w(r, j) - (self.w(r, old) if old is not None else 0)
            self._set(owner, j, r)
            self._set(self.partner, r, j)
            if r == root:
                break
            j = old
        return budget is None or self.opt <= budget
