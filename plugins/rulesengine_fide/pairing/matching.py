"""Maximum-weight matching on a general graph (Edmonds' blossom algorithm, primal-dual form).

The Dutch system's criteria are packed into one integer weight per possible pair (see
`weights.py`), so the best round-pairing is the matching of maximum total weight. Weights are
Python integers of any size; nothing is rounded. Galil's 1986 formulation (dual adjustments
between searches), with one change for brackets of hundreds of players: an augmentation
dissolves only the two alternating trees it joins (`solve`), where the textbook stage restarts
every tree (`solve_by_stages`, kept as the reference the tests compare with).

Vertices are 0..n-1; `edges` is a list of (u, v, weight) with weight > 0. Returns mate[v] (the
vertex matched to v, or -1). Unmatched vertices are allowed (maximum weight, not maximum
cardinality: the caller makes cardinality the top criterion by weight).
"""

from __future__ import annotations

import itertools


def max_weight_matching(n: int, edges: list[tuple[int, int, int]], by_stages: bool = False) -> list[int]:
    """`by_stages`: the textbook stages, one augmentation each (the reference in the tests)."""
    if not edges:
        return [-1] * n
    if by_stages:
        return _Matcher(n, edges).solve_by_stages()
    return _Matcher(n, edges, partial_stages=True).solve()


class _Matcher:
    # Endpoints: edge k has endpoints 2k (its first vertex) and 2k+1 (its second); a vertex's
    # `mate` is the endpoint at the far side of its matched edge. Blossoms are numbered n..2n-1.

    def __init__(self, n: int, edges: list[tuple[int, int, int]], partial_stages: bool = False):
        self.n = n
        # Doubled weights keep every dual variable an integer (S-S edges move by slack/2).
        self.edges = [(u, v, 2 * w) for u, v, w in edges]
        self.eu = [u for u, _, _ in self.edges]
        self.ev = [v for _, v, _ in self.edges]
        self.ew = [w for _, _, w in self.edges]
        self.endpoint = [x for u, v, _ in self.edges for x in (u, v)]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (u, v, _) in enumerate(self.edges):
            self.neighbend[u].append(2 * k + 1)
            self.neighbend[v].append(2 * k)
        # The same edges as (endpoint, edge, far vertex, weight), in neighbend's order: what the
        # inner loops read, without three lookups per edge.
        ew_ = self.ew
        self.degree = [len(ends) for ends in self.neighbend]
        self.adjacent = [[(p, p >> 1, self.endpoint[p], ew_[p >> 1]) for p in ends] for ends in self.neighbend]
        top = max(w for _, _, w in self.edges)
        self.mate = [-1] * n
        self.label = [0] * (2 * n)          # 0 free, 1 S (outer), 2 T (inner)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int] | None] = [None] * (2 * n)
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.blossombest: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top // 2] * n + [0] * n
        # The tick an edge was found tight at (0: not known to be); it stays tight until one of
        # its ends leaves a dissolved tree (`dissolved`, see `solve`).
        self.allow: list[int] = [0] * len(self.edges)
        self.tick = 1
        self.dissolved = [0] * n   # the tick a vertex's tree was last dissolved at (see `solve`)
        self.epoch = [0] * n       # how many times a vertex's tree was dissolved
        self.candidates: dict[int, list[tuple]] = {}   # see `best_edge_between_s`
        self.queue: list[int] = []
        # `solve` (trees kept across augmentations): least slacks renewed on expansion.
        self.partial_stages = partial_stages

    def slack(self, k: int) -> int:
        u, v, w = self.edges[k]
        return self.dual[u] + self.dual[v] - w

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                out.append(t)
            else:
                stack.extend(self.childs[t])
        return out

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            # A T-blossom's base is matched: its mate becomes an S-vertex.
            base = self.base[b]
            m = self.mate[base]
            w, t, p = self.endpoint[m], 1, m ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace from v and w towards their roots; the first blossom met twice is the new base."""
        path = []
        base = -1
        label, inblossom, labelend, endpoint = self.label, self.inblossom, self.labelend, self.endpoint
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        inblossom, labelend, endpoint = self.inblossom, self.labelend, self.endpoint
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.unused.pop()
        self.candidates.pop(b, None)
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        self.label[b] = 1
        labelend[b] = labelend[bb]
        self.dual[b] = 0
        self.childs[b] = path
        self.endps[b] = endps
        for x in self.leaves(b):
            if self.label[inblossom[x]] == 2:
                self.queue.append(x)
            inblossom[x] = b
        for sub in path:
            self.candidates.pop(sub, None)
        # Best edge from the new blossom to every other S-blossom. The duals do not move here,
        # so each edge's slack is computed once and kept beside it (same choices, same ties).
        best_to: dict[int, int] = {}
        best_slack: dict[int, int] = {}
        label, dual, eu, ev, ew = self.label, self.dual, self.eu, self.ev, self.ew
        for sub in path:
            if self.blossombest[sub] is None:
                lists = [[p >> 1 for p in self.neighbend[x]] for x in self.leaves(sub)]
            else:
                lists = [self.blossombest[sub]]
            for lst in lists:
                for kk in lst:
                    i, j = eu[kk], ev[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        sl = dual[i] + dual[j] - ew[kk]
                        cur = best_slack.get(bj)
                        if cur is None or sl < cur:
                            best_to[bj] = kk
                            best_slack[bj] = sl
            self.blossombest[sub] = None
            self.bestedge[sub] = -1
        self.blossombest[b] = list(best_to.values())
        best = -1
        least = 0
        for bj, kk in best_to.items():
            if best == -1 or best_slack[bj] < least:
                best, least = kk, best_slack[bj]
        self.bestedge[b] = best

    def expand_blossom(self, b: int, endstage: bool) -> None:
        n = self.n
        for s in self.childs[b]:
            self.parent[s] = -1
            if s < n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for x in self.leaves(s):
                    self.inblossom[x] = s
        if not endstage and self.label[b] == 2:
            # Relabel the children along the even path from the entry child to the base.
            childs = self.childs[b]
            endps = self.endps[b]
            entry = self.inblossom[self.endpoint[self.labelend[b] ^ 1]]
            j = childs.index(entry)
            if j & 1:
                j -= len(childs)
                jstep, trick = 1, 0
            else:
                jstep, trick = -1, 1
            p = self.labelend[b]
            while j != 0:
                self.label[self.endpoint[p ^ 1]] = 0
                self.label[self.endpoint[endps[j - trick] ^ trick ^ 1]] = 0
                self.assign_label(self.endpoint[p ^ 1], 2, p)
                self.allow[endps[j - trick] // 2] = True
                j += jstep
                p = endps[j - trick] ^ trick
                self.allow[p // 2] = True
                j += jstep
            bv = childs[j]
            self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
            self.labelend[self.endpoint[p ^ 1]] = self.labelend[bv] = p
            self.bestedge[bv] = -1
            j += jstep
            while childs[j] != entry:
                bv = childs[j]
                if self.label[bv] == 1:
                    j += jstep
                    continue
                reached = -1
                for x in self.leaves(bv):
                    if self.label[x] != 0:
                        reached = x
                        break
                if reached != -1:
                    self.label[reached] = 0
                    self.label[self.endpoint[self.mate[self.base[bv]]]] = 0
                    self.assign_label(reached, 2, self.labelend[reached])
                j += jstep
            if self.partial_stages:
                self.renew_least_slacks(b)
        self.label[b] = self.labelend[b] = -1
        self.childs[b] = self.endps[b] = None
        self.base[b] = -1
        self.blossombest[b] = None
        self.bestedge[b] = -1
        self.unused.append(b)

    def renew_least_slacks(self, b: int) -> None:
        """After the T-blossom b is expanded, each of its leaves left unlabelled gets its least-slack
        edge to an S-vertex found again. The textbook stage has it complete: every S-vertex scans
        in every stage and records it. `solve` scans an S-vertex once, while the leaf may have been
        S itself then (the edge went to the S-S bookkeeping) or the entry vertex (its record reset
        on labelling): the leaf would carry only edges of later scans, the next dual step could
        pass an edge of less slack and leave the duals infeasible (a matching below the optimum,
        tests/pairing/test_sweep_open.py). The edge held is kept when it still has the least
        slack, so the choices do not change where they were right."""
        label, inblossom, dual, bestedge = self.label, self.inblossom, self.dual, self.bestedge
        eu, ev, ew = self.eu, self.ev, self.ew
        for x in self.leaves(b):
            if label[inblossom[x]] != 0:
                continue
            dx = dual[x]
            best, least = -1, 0
            held = bestedge[x]
            if held != -1 and label[inblossom[eu[held] + ev[held] - x]] == 1:
                best, least = held, dual[eu[held]] + dual[ev[held]] - ew[held]
            for _p, k, y, wk in self.adjacent[x]:
                if label[inblossom[y]] == 1:
                    sl = dx + dual[y] - wk
                    if best == -1 or sl < least:
                        best, least = k, sl
            bestedge[x] = best

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs = self.childs[b]
        endps = self.endps[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, trick = 1, 0
        else:
            jstep, trick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.childs[b] = childs[i:] + childs[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.childs[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == -1:
                    break
                t = self.endpoint[self.labelend[bs]]
                bt = self.inblossom[t]
                s = self.endpoint[self.labelend[bt]]
                j = self.endpoint[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    # ---------------------------------------------------------------- the search
    def solve(self) -> list[int]:
        """Grow an alternating tree from every free vertex at once; an augmentation dissolves only
        the two trees it joins, the others keep their labels and go on growing. The textbook
        stage (`solve_by_stages`) throws every tree away after each augmentation and rescans
        every edge: n/2 stages of O(m) each, the whole cost on a bracket of hundreds of players."""
        n = self.n
        label, inblossom, endpoint = self.label, self.inblossom, self.endpoint
        free = 0
        for v in range(n):
            if self.mate[v] == -1 and label[inblossom[v]] == 0:
                self.assign_label(v, 1, -1)
                free += 1
        queue = self.queue
        while free >= 2:
            while queue and free >= 2:
                v = queue.pop()
                if label[inblossom[v]] != 1:
                    continue      # its tree was dissolved by an augmentation
                k = self.scan(v)
                if k >= 0:
                    self.augment_and_dissolve(k)
                    free -= 2
            if free < 2:
                break
            if not self.adjust_duals():
                break
        return [endpoint[m] if m >= 0 else -1 for m in self.mate]

    def scan(self, v: int) -> int:
        """Look along the edges of the S-vertex v: label, form blossoms, keep the least slacks.
        Returns the edge that closes an augmenting path (-1: none)."""
        label, inblossom, dual = self.label, self.inblossom, self.dual
        eu, ev, ew = self.eu, self.ev, self.ew
        bestedge, allow, dissolved = self.bestedge, self.allow, self.dissolved
        dv = dual[v]
        dis_v = dissolved[v]
        tick = self.tick
        bv = inblossom[v]    # changes only when a blossom forms (read again there)
        held, held_slack = -2, 0   # bv's least-slack edge to another S-blossom, and its slack
        for p, k, w, wk in self.adjacent[v]:
            bw = inblossom[w]
            if bv == bw:
                continue
            a = allow[k]
            if not (a and a > dis_v and a > dissolved[w]):
                a = 0
                kslack = dv + dual[w] - wk
                if kslack <= 0:
                    a = allow[k] = tick
            if a:
                if label[bw] == 0:
                    self.assign_label(w, 2, p ^ 1)
                elif label[bw] == 1:
                    base = self.scan_blossom(v, w)
                    if base < 0:
                        return k
                    self.add_blossom(base, k)
                    bv = inblossom[v]
                elif label[w] == 0:
                    label[w] = 2
                    self.labelend[w] = p ^ 1
            elif label[bw] == 1:
                cur = bestedge[bv]
                if cur != held:      # the duals stay put during a scan: an edge's slack too
                    held = cur
                    held_slack = dual[eu[cur]] + dual[ev[cur]] - ew[cur] if cur != -1 else 0
                if cur == -1 or kslack < held_slack:
                    bestedge[bv] = held = k
                    held_slack = kslack
            elif label[w] == 0:
                cur = bestedge[w]
                if cur == -1 or kslack < dual[eu[cur]] + dual[ev[cur]] - ew[cur]:
                    bestedge[w] = k
        return -1

    def adjust_duals(self) -> bool:
        """No augmenting path with tight edges: move the duals by the largest step that keeps them
        feasible, and act on the edge or blossom that stopped it. False when the free vertices'
        duals reached zero (the matching is optimal)."""
        n = self.n
        label, inblossom, dual, bestedge = self.label, self.inblossom, self.dual, self.bestedge
        parent, base = self.parent, self.base
        eu, ev, ew = self.eu, self.ev, self.ew
        deltatype = 1
        delta = min(dual[:n])
        deltaedge = deltablossom = -1
        # Each vertex's top-level label, read once: nothing below relabels before the duals move.
        top_label = [label[b] for b in inblossom]
        for v in range(n):
            k = bestedge[v]
            if k != -1 and top_label[v] == 0:
                if top_label[eu[k] + ev[k] - v] != 1:
                    k = bestedge[v] = self.best_edge_to_s(v, top_label)   # its S end was dissolved
                    if k == -1:
                        continue
                d = dual[eu[k]] + dual[ev[k]] - ew[k]
                if d < delta:
                    delta, deltatype, deltaedge = d, 2, k
        # The top-level blossoms in use, once (the loops below read them in the order they had).
        tops = [b for b in range(n, 2 * n) if base[b] >= 0 and parent[b] == -1]
        for b in itertools.chain(range(n), tops):
            k = bestedge[b]
            if k != -1 and label[b] == 1 and parent[b] == -1:
                bu, bv = inblossom[eu[k]], inblossom[ev[k]]
                if bu == bv or label[bu] != 1 or label[bv] != 1:
                    k = bestedge[b] = self.best_edge_between_s(b)
                    if k == -1:
                        continue
                d = (dual[eu[k]] + dual[ev[k]] - ew[k]) // 2
                if d < delta:
                    delta, deltatype, deltaedge = d, 3, k
        for b in tops:
            if label[b] == 2 and dual[b] < delta:
                delta, deltatype, deltablossom = dual[b], 4, b
        dual[:n] = [d - delta if lb == 1 else d + delta if lb == 2 else d
                    for d, lb in zip(dual, top_label)]
        for b in tops:
            if label[b] == 1:
                dual[b] += delta
            elif label[b] == 2:
                dual[b] -= delta
        if deltatype == 1:
            return False
        if deltatype == 2:
            self.allow[deltaedge] = self.tick
            i, j = eu[deltaedge], ev[deltaedge]
            if label[inblossom[i]] == 0:
                i, j = j, i
            self.queue.append(i)
        elif deltatype == 3:
            self.allow[deltaedge] = self.tick
            self.queue.append(eu[deltaedge])
        else:
            self.expand_blossom(deltablossom, False)
        return True

    def best_edge_to_s(self, x: int, top_label: list[int]) -> int:
        """The least-slack edge from the unlabelled vertex x to an S-blossom (-1: none);
        `top_label[y]`: the label of y's top-level blossom (x's is 0, so no S end is x's own)."""
        dual = self.dual
        best, best_slack = -1, 0
        dx = dual[x]
        for _p, k, y, wk in self.adjacent[x]:
            if top_label[y] == 1:
                s = dx + dual[y] - wk
                if best == -1 or s < best_slack:
                    best, best_slack = k, s
        return best

    def best_edge_between_s(self, b: int) -> int:
        """The least-slack edge from the S-blossom b to another S-blossom (-1: none).

        Asked when b's least-slack edge lost its far end to a dissolved tree. Every S-vertex's
        dual moves by the same step, so the slacks from b to the vertices that stay S keep their
        order: b's edges are sorted once and read from the front, skipping ends dissolved since
        (`epoch`). An end that became S after the sort scanned its edges then (and holds the
        edge on its side)."""
        label, inblossom, epoch = self.label, self.inblossom, self.epoch
        queue = self.candidates.get(b)
        if queue is None:
            dual, ew, endpoint = self.dual, self.ew, self.endpoint
            found = []
            for x in self.leaves(b):
                dx = dual[x]
                for p in self.neighbend[x]:
                    y = endpoint[p]
                    if inblossom[y] != b and label[inblossom[y]] == 1:
                        found.append((dx + dual[y] - ew[p >> 1], p >> 1, y, epoch[y]))
            found.sort(reverse=True)
            queue = self.candidates[b] = found
        while queue:
            _slack, k, y, y_epoch = queue[-1]
            if epoch[y] == y_epoch and inblossom[y] != b and label[inblossom[y]] == 1:
                return k
            queue.pop()
        return -1

    def tree_root(self, b: int, roots: dict[int, int]) -> int:
        """The root blossom of the alternating tree holding the labelled top-level blossom b."""
        path = []
        label, labelend, endpoint, inblossom = self.label, self.labelend, self.endpoint, self.inblossom
        while b not in roots:
            path.append(b)
            if label[b] == 1 and labelend[b] == -1:
                roots[b] = b
                break
            b = inblossom[endpoint[labelend[b]]]
        root = roots[b]
        for t in path:
            roots[t] = root
        return root

    def augment_and_dissolve(self, k: int) -> None:
        """Augment along the path through edge k, then unlabel the two trees it joined, as a new
        stage would, and leave every other tree as it is."""
        n = self.n
        label, inblossom, bestedge, dual = self.label, self.inblossom, self.bestedge, self.dual
        roots: dict[int, int] = {}
        joined = {self.tree_root(inblossom[self.eu[k]], roots), self.tree_root(inblossom[self.ev[k]], roots)}
        tops = {inblossom[v] for v in range(n)}
        members = [b for b in tops if label[b] in (1, 2) and self.tree_root(b, roots) in joined]
        was_s = [b for b in members if label[b] == 1]
        self.augment_matching(k)
        leaves: list[int] = []
        for b in members:
            stack = [b]
            while stack:
                t = stack.pop()
                label[t] = 0
                bestedge[t] = -1
                if t < n:
                    leaves.append(t)
                else:
                    self.blossombest[t] = None
                    stack.extend(self.childs[t])
        # As at the end of a stage: S-blossoms whose dual is zero are no longer needed.
        for b in was_s:
            if b >= n and dual[b] == 0:
                self.expand_blossom(b, True)
        self.forget_entries_from(set(leaves))
        # Edges found tight before now are asked again when they touch an unlabelled vertex.
        for x in leaves:
            self.dissolved[x] = self.tick
            self.epoch[x] += 1
            self.candidates.pop(x, None)
        for b in members:
            self.candidates.pop(b, None)
        self.tick += 1
        # The unlabelled vertices' least-slack edges to the S-vertices left (for the next dual
        # step), found from whichever side has fewer edges; a tight one makes its S end scan again.
        top_label = [label[b] for b in inblossom]
        s_left = [v for v, lb in enumerate(top_label) if lb == 1]
        best_slack: dict[int, int] = {}
        degree = self.degree
        if sum(map(degree.__getitem__, s_left)) < sum(map(degree.__getitem__, leaves)):
            gone = set(leaves)
            adjacent = self.adjacent
            for s in s_left:
                ds = dual[s]
                for _p, k, y, wk in adjacent[s]:
                    if y in gone:
                        sl = ds + dual[y] - wk
                        if y not in best_slack or sl < best_slack[y]:
                            best_slack[y] = sl
                            bestedge[y] = k
        else:
            for x in leaves:
                e = bestedge[x] = self.best_edge_to_s(x, top_label)
                if e != -1:
                    best_slack[x] = self.slack(e)
        rescan = set()
        for x, sl in best_slack.items():
            if sl == 0:
                e = bestedge[x]
                s_end = self.eu[e] + self.ev[e] - x
                if s_end not in rescan:
                    rescan.add(s_end)
                    self.queue.append(s_end)

    def forget_entries_from(self, gone: set[int]) -> None:
        """A T-blossom of a tree left standing marks the leaves an S-vertex reaches by a tight
        edge (`scan`); its expansion relabels the children through them. A mark whose S end is
        in `gone` (dissolved) is stale: take another tight edge from an S-vertex, or none. A
        marked leaf's least slack was not kept (the S-vertices that reached it recorded nothing),
        and counts if the expansion leaves it free: find it too."""
        label, inblossom, labelend, endpoint = self.label, self.inblossom, self.labelend, self.endpoint
        dual, ew, bestedge = self.dual, self.ew, self.bestedge
        for b in {inblossom[v] for v in range(self.n)}:
            if b < self.n or label[b] != 2:
                continue
            for x in self.leaves(b):
                if label[x] != 2 or labelend[x] == labelend[b] or endpoint[labelend[x]] not in gone:
                    continue
                label[x] = 0
                labelend[x] = -1
                best, best_slack = -1, 0
                for p in self.neighbend[x]:
                    y = endpoint[p]
                    if label[inblossom[y]] == 1:
                        slack = dual[x] + dual[y] - ew[p >> 1]
                        if slack == 0 and label[x] == 0:
                            label[x] = 2
                            labelend[x] = p
                        if best == -1 or slack < best_slack:
                            best, best_slack = p >> 1, slack
                bestedge[x] = best

    def solve_by_stages(self) -> list[int]:
        """The textbook form (one augmentation per stage, every label reset): the reference
        `solve` is tested against."""
        n = self.n
        label, inblossom, endpoint, dual = self.label, self.inblossom, self.endpoint, self.dual
        for _stage in range(n):
            for i in range(2 * n):
                label[i] = 0
                self.bestedge[i] = -1
            for b in range(n, 2 * n):
                self.blossombest[b] = None
            self.allow = [0] * len(self.edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and label[inblossom[v]] == 0:
                    self.assign_label(v, 1, -1)
            augmented = False
            while True:
                queue = self.queue
                while queue and not augmented:
                    k = self.scan(queue.pop())
                    if k >= 0:
                        self.augment_matching(k)
                        augmented = True
                if augmented or not self.adjust_duals():
                    break
            if not augmented:
                break
            for b in range(n, 2 * n):
                if self.parent[b] == -1 and self.base[b] >= 0 and label[b] == 1 and dual[b] == 0:
                    self.expand_blossom(b, True)
        return [endpoint[m] if m >= 0 else -1 for m in self.mate]
