"""C4, completion: can a set of players still be paired (one PAB when their number is odd)?

Asked for the rest of the round at every bracket, so for up to every player of a 10,000-player
field many times per round. The graph is never written down: two players may meet unless
`RoundState.compatible` says no (C1, C3), which in a Swiss field is nearly every pair. A greedy
pairing pairs nearly everyone; Edmonds' blossom search (cardinality only) then looks for an
augmenting path from each player it left over, trying first the edges that end one at once.
A search that fails proves that player cannot be paired in any pairing of the set.
"""

from __future__ import annotations

from typing import Callable

from rulesengine_fide.pairing.round import RoundState


def can_complete(rnd: RoundState, players: list[int], bye_value: tuple[int, int] | None) -> bool:
    """True when `players` can all be paired under C1-C3, the PAB (if their number is odd) going
    to an eligible player (C2) whose bye value (C5, C9) is `bye_value` when one is given."""
    players = list(players)
    if len(players) % 2:
        players.append(rnd.n)   # the PAB, as one more vertex
    return _PerfectPairing(rnd, players, bye_value).exists()


def pairs_all(rnd: RoundState, players: list[int]) -> bool:
    """True when `players` can all be paired with each other under C1 and C3 (no PAB)."""
    return len(players) % 2 == 0 and _PerfectPairing(rnd, list(players), None).exists()


def most_pairs(rnd: RoundState, players: list[int]) -> int:
    """The size of a maximum pairing of `players` among themselves under C1 and C3 (no PAB)."""
    return _PerfectPairing(rnd, list(players), None).most_pairs()


def most_pairs_apart(rnd: RoundState, apart: list[int], players: list[int]) -> int:
    """The size of a maximum pairing of `apart` and `players` under C1 and C3 in which no two of
    `apart` meet: the most pairs of a bracket whose MDPs (`apart`) each meet a resident or
    float on (C6)."""
    return maximum_apart(rnd, apart, players)[0]


def maximum_apart(rnd: RoundState, apart: list[int], players: list[int]) -> tuple[int, list[int]]:
    """A maximum pairing of `apart` and `players` under C1 and C3 in which no two of `apart`
    meet, covering as many of `apart` as any pairing can (they are paired first, and an
    augmenting path never unpairs a player): its number of pairs and the players it leaves
    unpaired."""
    everyone = list(apart) + list(players)
    search = _Apart(rnd, everyone, set(apart))
    most = search.most_pairs()
    return most, [everyone[u] for u in range(search.size) if search.mate[u] < 0]


def most_pairs_with_stand_ins(rnd: RoundState, players: list[int], stand_ins: int, partners: set[int]) -> int:
    """The size of a maximum pairing of `players` and `stand_ins` extra vertices, each of which
    may pair with any player in `partners` (never with another stand-in): the most pairs any
    `stand_ins` players who may meet `partners` could bring to `players` (C8's bound)."""
    extra = list(range(rnd.n + 1, rnd.n + 1 + stand_ins))
    return _WithStandIns(rnd, list(players) + extra, partners).most_pairs()


def left_by_maximum(rnd: RoundState, players: list[int]) -> list[int]:
    """The players a maximum pairing of `players` among themselves (C1, C3) leaves unpaired."""
    search = _PerfectPairing(rnd, list(players), None)
    search.most_pairs()
    return [players[u] for u in range(search.size) if search.mate[u] < 0]


def who_may_meet(rnd: RoundState, players: list[int], others) -> list[int]:
    """Those of `players` (in their order) who may meet one of `others` under C1 and C3."""
    compatible = rnd.compatible
    return [x for x in players if any(compatible(x, y) for y in others)]


def missed_by_some_maximum(rnd: RoundState, players: list[int], apart: list[int] = ()) -> tuple[int, set[int]]:
    """(size of a maximum pairing of `players` under C1 and C3, the players some maximum pairing
    leaves unpaired): the set D of the Gallai-Edmonds decomposition, the players an even
    alternating path reaches from a player a maximum pairing leaves over. A player y may join
    them and raise the maximum by one exactly when y may meet someone in D. No two players of
    `apart` (among `players`) meet when given (`most_pairs_apart`)."""
    players = list(players)
    search = _Apart(rnd, players, set(apart)) if apart else _PerfectPairing(rnd, players, None)
    most = search.most_pairs()
    search.alive = list(range(search.size))
    reached = [False] * search.size
    free = [u for u in range(search.size) if search.mate[u] < 0]
    for root in free:
        if not reached[root]:
            search._augment_from(root, free, reached)
    return most, {players[u] for u in range(search.size) if reached[u]}


def pairs_leaving_lower_pairable(rnd: RoundState, size: int, lower: list[int]) -> int:
    """The most pairs a bracket of `size` players can have when the round is completed (C4):
    in any completion, the players below that a maximum pairing among themselves leaves over
    (C1, C3), less the one PAB when the round has one, are paired with players of the bracket,
    who float down; the bracket's players left over are as many as its size's parity allows."""
    short = len(lower) - 2 * most_pairs(rnd, lower) - (1 if (size + len(lower)) % 2 else 0)
    down = max(0, short)
    down += (size - down) % 2
    return (size - down) // 2


def pair_up(players: list[int], compatible: Callable[[int, int], bool], allowed_left: int) -> tuple[int, list[int]]:
    """A pairing of `players` (in rank order) leaving at most `allowed_left` of them unpaired
    if it can find one: greedy (each player takes the first compatible one below), then
    augmenting paths of length three (u-p, q-v for a pair p-q and unpaired u, v) for the few
    players the greedy leaves over. Returns (number of pairs, unpaired players)."""
    mate: dict[int, int] = {}
    count = len(players)
    for t, a in enumerate(players):
        if a in mate:
            continue
        for u in range(t + 1, count):
            c = players[u]
            if c not in mate and compatible(a, c):
                mate[a] = c
                mate[c] = a
                break
    unpaired = [a for a in players if a not in mate]
    while len(unpaired) > allowed_left:
        if not _augment(players, mate, unpaired, compatible):
            break
    return (len(players) - len(unpaired)) // 2, unpaired


def _augment(players, mate, unpaired, compatible) -> bool:
    for iu, u in enumerate(unpaired):
        for v in unpaired[iu + 1:]:
            for p in players:
                q = mate.get(p)
                if q is None or not compatible(u, p) or not compatible(v, q):
                    continue
                mate[u], mate[p] = p, u
                mate[v], mate[q] = q, v
                unpaired.remove(u)
                unpaired.remove(v)
                return True
    return False


class _PerfectPairing:
    """Whether the vertices (rank indices; `rnd.n` stands for the PAB) have a perfect matching.

    Vertices are numbered by their position in `players`. Edmonds' algorithm in its
    breadth-first form: even vertices are the root and the mates of odd ones, `parent` links an
    odd vertex to the even one that reached it, `base` names the blossom a vertex is contracted
    into."""

    def __init__(self, rnd: RoundState, players: list[int], bye_value: tuple[int, int] | None):
        self.players = players
        self.size = len(players)
        self.bye = rnd.n
        self.met = rnd.met
        self.absolute = rnd.absolute_colour
        # C2 and the PAB's value (C5, C9): who may take the PAB.
        self.takes_bye = {i for i in players if i < rnd.n and rnd.states[i].bye_eligible
                          and (bye_value is None or rnd.bye_value(i) == bye_value)}
        self.mate = [-1] * self.size
        # The vertices a failed search has not ruled out: when no augmenting path starts at a
        # free vertex, none ever passes through the alternating tree grown from it (Edmonds),
        # so later searches skip that tree.
        self.alive = list(range(self.size))

    def joinable(self, a: int, b: int) -> bool:
        """Rank indices a and b may form a pair (or the PAB, when one of them is `bye`)."""
        if a == self.bye:
            return b in self.takes_bye
        if b == self.bye:
            return a in self.takes_bye
        colour = self.absolute[a]
        return b not in self.met[a] and (not colour or colour != self.absolute[b])

    def exists(self) -> bool:
        if self.size % 2:
            return False
        return self._pair(stop_at_first_failure=True) == self.size // 2

    def most_pairs(self) -> int:
        return self._pair(stop_at_first_failure=False)

    def _pair(self, stop_at_first_failure: bool) -> int:
        """Greedy, then one augmenting search from each vertex it left free: a vertex with no
        augmenting path now has none after later augmentations either (Edmonds), so the result
        is a maximum pairing. Returns its number of pairs (less when stopped early)."""
        players, mate, joinable = self.players, self.mate, self.joinable
        for u in range(self.size):
            if mate[u] >= 0:
                continue
            a = players[u]
            for v in range(u + 1, self.size):
                if mate[v] < 0 and joinable(a, players[v]):
                    mate[u], mate[v] = v, u
                    break
        free = [u for u in range(self.size) if mate[u] < 0]
        for root in free:
            if mate[root] < 0 and not self._augment_from(root, free) and stop_at_first_failure:
                break   # no perfect pairing: root is unpaired in a maximum one
        return sum(1 for u in range(self.size) if mate[u] >= 0) // 2

    def _augment_from(self, root: int, free: list[int], reached: list[bool] | None = None) -> bool:
        """Search an augmenting path from the free vertex `root` and apply it. When there is
        none, the vertices the search labelled even are those an even alternating path from
        root reaches; they are marked in `reached` when given."""
        size, players, mate, joinable, alive = self.size, self.players, self.mate, self.joinable, self.alive
        parent = [-1] * size
        base = list(range(size))
        even = [False] * size
        queue: list[int] = []

        def make_even(v: int) -> int:
            """Label v even; return a free vertex it reaches directly (-1 when none)."""
            even[v] = True
            queue.append(v)
            pv = players[v]
            for f in free:
                if f != root and mate[f] < 0 and joinable(pv, players[f]):
                    parent[f] = v
                    return f
            return -1

        def lowest_common_base(a: int, b: int) -> int:
            seen = [False] * size
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] < 0:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark_path(v: int, top: int, child: int, in_blossom: list[bool]) -> None:
            while base[v] != top:
                in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        end = make_even(root)
        head = 0
        while end < 0 and head < len(queue):
            v = queue[head]
            head += 1
            pv = players[v]
            for to in alive:
                if base[v] == base[to] or mate[v] == to or not joinable(pv, players[to]):
                    continue
                if to == root or (mate[to] >= 0 and parent[mate[to]] >= 0):
                    top = lowest_common_base(v, to)
                    in_blossom = [False] * size
                    mark_path(v, top, to, in_blossom)
                    mark_path(to, top, v, in_blossom)
                    for i in alive:
                        if in_blossom[base[i]]:
                            base[i] = top
                            if not even[i]:
                                end = make_even(i)
                                if end >= 0:
                                    break
                elif parent[to] < 0:
                    parent[to] = v
                    if mate[to] < 0:
                        end = to
                    else:
                        end = make_even(mate[to])
                if end >= 0:
                    break
        if end < 0:
            if reached is not None:
                for u in range(size):
                    reached[u] = reached[u] or even[u]
            self.alive = [u for u in alive if not even[u] and parent[u] < 0]
            return False
        v = end
        while v >= 0:
            pv = parent[v]
            after = mate[pv]
            mate[v], mate[pv] = pv, v
            v = after
        return True


class _WithStandIns(_PerfectPairing):
    """`_PerfectPairing` whose vertices above the PAB's index are stand-ins that pair with
    `partners` only (no PAB vertex is used)."""

    def __init__(self, rnd: RoundState, players: list[int], partners: set[int]):
        super().__init__(rnd, players, None)
        self.partners = partners

    def joinable(self, a: int, b: int) -> bool:
        if a > self.bye:
            return b < self.bye and b in self.partners
        if b > self.bye:
            return a < self.bye and a in self.partners
        return super().joinable(a, b)


class _Apart(_PerfectPairing):
    """`_PerfectPairing` in which no two of the players `apart` may form a pair."""

    def __init__(self, rnd: RoundState, players: list[int], apart: set[int]):
        super().__init__(rnd, players, None)
        self.apart = apart

    def joinable(self, a: int, b: int) -> bool:
        return not (a in self.apart and b in self.apart) and super().joinable(a, b)
