"""The bracket's first candidates in generation order, accepted when provably best (B.4).

C.04.3 B.4 accepts the first candidate that meets every criterion; only otherwise is the best
of all candidates needed (the weighted matching in `dutch.py`). This module walks the candidates
in the order D.1 generates them (S1 fixed, S2 transposed lexicographically; for a heterogeneous
bracket first the MDP-pairing, then its remainder) and accepts the first one whose criteria
values reach a lower bound that no candidate can beat:

* C4/C6/C7: every MDP paired and as many pairs as the bracket's players allow (C1, C3: a
  maximum pairing of the bracket in which no two MDPs meet; every player but one resident when
  the bracket is odd and nothing stands in the way; fewer when the players below cannot pair
  among themselves, `pairs_leaving_lower_pairable`, the players left over then only ones who
  may meet a player below whom a maximum pairing there leaves over; an MDP-pairing whose
  remainder cannot reach the pairs is passed over); the rest of the round stays
  pairable, the PAB going where the round's best PAB goes (C5; C9 only once the bracket whose
  single downfloater is the PAB assignee is reached, `DutchRound._enter_c9`);
* C8: the downfloaters (residents) play in the next bracket, which is then paired completely,
  or, where it cannot be, gets the most pairs any downfloaters could give it
  (`nextbracket.BestNextBracket`); in the last bracket one downfloater gets the PAB:
  C2-eligible, C5 (and C9 when in force) at the round's best PAB target. C8 ranks above the
  colours: when a leaf's single leftover cannot reach C8's bound, the search starts again among
  the pairings leaving over one who may (`BestNextBracket.single_pool`, of those some maximum
  pairing of the bracket leaves over), at their colour bounds; when no transposition reaches
  those, the matching of the bracket alone, the absorber taking only them, may find an
  exchange that does (`DutchRound._remainder_by_matching`, checked by `meets_bounds`);
* C10-C11 (last round, topscorers of A.7): no more than `topscorer_bounds.topscorer_bound`, the
  pigeonhole bound of the topscorers' colour needs (0 when no topscorer plays);
* C12-C13: no more unmet colour preferences than the pigeonhole bound (each pair has one white),
  and, in the last round, than `preference_bounds.PreferenceBound` allows at the C10/C11 bound;
* C14-C21: no repeated float.

A candidate reaching every bound is optimal, and the first one in generation order is the
bracket's pairing: the same answer the matching gives, found without it. When the search runs
out of budget it is run once more with every node cut that has no completion at the targets
(the exact least C10-C13 cost of S1 against S2, `assignment_bound.py`, up to EXACT_MAX players;
the joint type bound of `preference_bounds.py` beyond): the same first candidate, sooner. When
no early candidate reaches the bounds (or that budget runs out too) the caller uses the matching.
"""

from __future__ import annotations

import sys
from collections import Counter

from rulesengine_fide.pairing.assignment_bound import CostRoom, lexicographic
from rulesengine_fide.pairing.completion import (can_complete, missed_by_some_maximum, most_pairs, most_pairs_apart,
                                                  pairs_leaving_lower_pairable, who_may_meet)
from rulesengine_fide.pairing.criteria import ColourCosts, colour_penalties
from rulesengine_fide.pairing.nextbracket import BestNextBracket, next_bracket_takes
from rulesengine_fide.pairing.preference_bounds import PreferenceBound
from rulesengine_fide.pairing.round import RoundState
from rulesengine_fide.pairing.state import BLACK, STRONG, WHITE
from rulesengine_fide.pairing.topscorer_bounds import TopscorerBound, topscorer_bound

UP, DOWN = -1, 1
# The exact bound of the second search (`assignment_bound.py`) for brackets up to this many
# players: its first solve reads every S1-S2 pair, too slow beyond (such brackets go to the matching).
EXACT_MAX = 1200
# MDP-pairings whose remainder cannot reach the C6 target that the MDP stage passes over before
# it lets the matching decide (each is a maximum pairing of the remainder).
C6_CHECKS = 3
# The C8 pool of a bracket's single downfloater (`BestNextBracket.single_pool`) for next brackets
# up to this many players: its search is quadratic in them.
POOL_MAX = 1200


class _Budget(Exception):
    pass


class _PoolWanted(Exception):
    """A leaf's single leftover was not shown at C8's bound: search among the pool's pairings."""


class RemainderNeeded:
    """The first MDP-pairing meeting every per-pair bound, whose remainder needs the matching
    (no MDP-pairing: a homogeneous bracket none of whose transpositions reaches the bounds of
    the pairings leaving over one of `pool`); the bracket's bounds: its pairs (C6) and colour
    costs (C10-C13)."""

    def __init__(self, mdp_pairs: list[tuple[int, int]], targets: tuple[int, int, int, int], pairs: int):
        self.mdp_pairs = mdp_pairs
        self.targets = targets
        self.pairs = pairs
        self.leftovers: set[int] | None = None     # `_Below.leftovers`
        self.pool: set[int] | None = None          # `BestNextBracket.single_pool`, when searched


class LexWeights:
    """A pair's colour cost (C10-C13) as one `assignment_bound.lexicographic` integer, None when
    C1/C3 forbid the pair; read once per pair of player types (`criteria.ColourCosts`)."""

    def __init__(self, costs: ColourCosts, compatible, radix: int):
        self.costs = costs
        self.compatible = compatible
        self.radix = radix
        self._values: dict[tuple, int] = {}

    def __call__(self, a: int, b: int) -> int | None:
        if not self.compatible(a, b):
            return None
        costs = self.costs
        key = (costs.type_of(a), costs.type_of(b))
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = lexicographic(costs(a, b), self.radix)
        return value


def _wish(state) -> tuple[int, int, int, int]:
    """A player's colour wish as counts: (white, black, strong white, strong black)."""
    strength, colour = state.preference
    if not strength:
        return 0, 0, 0, 0
    strong = int(strength >= STRONG)
    if colour == WHITE:
        return 1, 0, strong, 0
    return (0, 1, 0, strong) if colour == BLACK else (0, 0, 0, 0)


def _wishes(states, players) -> list[int]:
    """The players' colour wishes counted: [white, black, strong white, strong black]."""
    wishes = [0, 0, 0, 0]
    for i in players:
        for t, v in enumerate(_wish(states[i])):
            wishes[t] += v
    return wishes


def _colour_bound(states, players: list[int], pairs: int) -> tuple[int, int]:
    """Least possible (C12, C13) over any pairing of `pairs` pairs among `players` (the others
    left out)."""
    return _bound_of_wishes(_wishes(states, players), len(players), pairs)


def _bound_of_wishes(wishes, size: int, pairs: int) -> tuple[int, int]:
    """`_colour_bound` from the players' wish counts: each pair has one white, so at least
    (white wishes - pairs) pairs of white-wishers meet (likewise black); each player left out
    takes one unmet wish away."""
    w, b, ws, bs = wishes
    spare = size - 2 * pairs
    c12 = max(0, w - pairs) + max(0, b - pairs)
    c13 = max(0, ws - pairs) + max(0, bs - pairs)
    return max(0, c12 - spare), max(0, c13 - spare)


def _colour_bound_leaving(states, players: list[int], pairs: int, leaving: set[int]) -> tuple[int, int]:
    """`_colour_bound` of the pairings of `pairs` pairs among `players` whose players left over
    are all of `leaving`: each one left over who wishes the colour in excess takes one unmet wish
    away (C12; its strong wishes likewise, C13), as many as there are of them, the excess and
    the number left over allow."""
    spare = len(players) - 2 * pairs
    wished, available = _wishes(states, players), _wishes(states, leaving)

    def least(white: int, black: int) -> int:
        excess = [max(0, wished[t] - pairs) for t in (white, black)]
        relief = min(excess[0], available[white]) + min(excess[1], available[black])
        return excess[0] + excess[1] - min(spare, relief)

    return least(0, 1), least(2, 3)


def fast_bracket(rnd: RoundState, mdps: list[int], residents: list[int], lower: list[int],
                 budget_per_player: int = 40):
    """(pairs, S1, S2) of the bracket when an early candidate is provably best; a
    RemainderNeeded when only the remainder of the first MDP-pairing is in doubt; else None."""
    size = len(mdps) + len(residents)
    if len(mdps) > len(residents):
        return None
    # C6: the MDPs cannot meet each other, so no pairing has more pairs than the MDPs plus a
    # maximum pairing of the residents among themselves (less than half the bracket when C3
    # leaves too many players with the same absolute colour preference); and no more than a
    # maximum pairing of the bracket in which no two MDPs meet, which is dearer to find and
    # lower only where the MDPs take partners the residents need: asked when the first fails.
    pairs_target = min(size // 2, len(mdps) + most_pairs(rnd, residents))
    result = _decide(rnd, mdps, residents, lower, pairs_target, budget_per_player)
    if mdps and (result is None or isinstance(result, RemainderNeeded)):
        apart = most_pairs_apart(rnd, mdps, residents)
        if apart < pairs_target:
            pairs_target = apart
            result = _decide(rnd, mdps, residents, lower, pairs_target, budget_per_player)
    if result is None or isinstance(result, RemainderNeeded):
        return result
    pairs = result
    if mdps:
        return pairs, list(mdps), list(residents)
    return pairs, residents[:pairs_target], residents[pairs_target:]


def _decide(rnd: RoundState, mdps: list[int], residents: list[int], lower: list[int], pairs_target: int,
            budget_per_player: int):
    """`fast_bracket` at a C6 bound of `pairs_target` pairs: the pairs, a RemainderNeeded or None."""
    bracket = mdps + residents
    size = len(bracket)
    below = _Below(rnd, bracket, lower)
    lowered = False
    if size % 2 == 0 and lower and not below.completes():
        # C4 ranks above C6: when the players below cannot be paired among themselves (the
        # answer the leaf with nobody left over needs anyway), the bracket may have fewer pairs.
        most = pairs_leaving_lower_pairable(rnd, size, lower)
        lowered = most < pairs_target
        pairs_target = min(pairs_target, most)
    if not lowered and size - 2 * pairs_target > 1 and lower and size <= POOL_MAX:
        # Several players left over by a maximum pairing of the bracket (C3): only ones some
        # maximum pairing leaves over can be (`completion.missed_by_some_maximum`), so C8's
        # bound counts the residents those may meet (`BestNextBracket`).
        below.restrict(missed_by_some_maximum(rnd, bracket, mdps)[1])
    # C8 ranks above C10-C13: only pairings leaving over one of the players who may float down
    # at C8's bound can be best, and their colour bounds may be higher (the players the plain
    # bounds would leave over cannot meet the next bracket). So the first time a leaf's single
    # leftover is not shown at C8's bound, the search starts again among the pairings leaving
    # one of them over, at their bounds (when nobody can, the matching decides).
    pooling = bool(size % 2 and lower and pairs_target == size // 2)
    pool = None
    if lowered and len(lower) <= POOL_MAX:
        # The bracket's players left over partner the players below that a maximum pairing of
        # them leaves over (C4): each must be able to meet one of those (`missed_by_some_maximum`).
        pool = set(who_may_meet(rnd, bracket, missed_by_some_maximum(rnd, lower)[1]))
        if len(pool) < size - 2 * pairs_target:
            return None
    try:
        result = _search(rnd, mdps, residents, lower, pairs_target, below, pool, budget_per_player, pooling)
    except _PoolWanted:
        pool = _single_leftovers(rnd, mdps, bracket, below) if size <= POOL_MAX else None
        if pool is not None and not pool:
            return None
        result = _search(rnd, mdps, residents, lower, pairs_target, below, pool, budget_per_player, False)
    if isinstance(result, RemainderNeeded):
        result.leftovers, result.pool = below.leftovers, pool
    return result


def _single_leftovers(rnd: RoundState, mdps: list[int], bracket: list[int], below: _Below) -> set[int] | None:
    """The players an odd bracket's best pairings can leave over, where one is (`fast_bracket`):
    only players some maximum pairing of the bracket leaves over (C6; the MDPs apart:
    `completion.missed_by_some_maximum`), which C8's bound then counts, and of those only ones
    who may reach that bound floating down alone (`BestNextBracket.single_pool`)."""
    below.restrict(missed_by_some_maximum(rnd, bracket, mdps)[1])
    best_next = below.best_next()
    if len(best_next.nxt) > POOL_MAX:
        return below.leftovers
    pool = best_next.single_pool([x for x in bracket if x in below.leftovers])
    return below.leftovers if pool is None else pool


class _Below:
    """What the leaves of the searches ask of the players below, kept across searches."""

    def __init__(self, rnd: RoundState, bracket: list[int], lower: list[int]):
        self.rnd = rnd
        self.bracket = bracket
        self.lower = lower
        self._completes: bool | None = None
        self._best_next: BestNextBracket | None = None
        self.leftovers: set[int] | None = None    # the only players the candidates leave over

    def completes(self) -> bool:
        """The players below can be paired among themselves (C4), the PAB at its best (C5, C9)."""
        if self._completes is None:
            self._completes = can_complete(self.rnd, self.lower, self.rnd.bye_target)
        return self._completes

    def restrict(self, leftovers: set[int]) -> None:
        """Only `leftovers` can be left over by the pairings searched (C8's bound counts them)."""
        self.leftovers = leftovers
        self._best_next = None

    def best_next(self) -> BestNextBracket:
        if self._best_next is None:
            self._best_next = BestNextBracket(self.rnd, self.bracket, self.lower, self.leftovers)
        return self._best_next

    def takes(self, left: list[int]) -> bool | None:
        """C8 and C4 for the downfloaters `left`: True when shown at their best, False when
        shown missed, else None."""
        if len(left) == 1 and next_bracket_takes(self.rnd, left[0], self.lower):
            return True
        return self.best_next().takes(left)


def _search(rnd: RoundState, mdps: list[int], residents: list[int], lower: list[int], pairs_target: int,
            below: _Below, pool: set[int] | None, budget_per_player: int, pooling: bool):
    """The D.1 searches of `fast_bracket` at the bounds of `pairs_target` pairs; with `pool`,
    among the pairings leaving one of its players over (C8). The pairs found, a
    RemainderNeeded, or None; with `pooling`, _PoolWanted at the first single leftover not
    shown at C8's bound."""
    states = rnd.states
    bracket = mdps + residents
    size = len(bracket)
    # The targets of (C10, C11, C12, C13): lower bounds over every pairing of pairs_target pairs
    # (leaving one of `pool` over when it is known).
    top = topscorer_bound(states, bracket, pairs_target, mdps)
    if pool is None:
        targets = top + _colour_bound(states, bracket, pairs_target)
    else:
        targets = top + _colour_bound_leaving(states, bracket, pairs_target, pool)
    tops = TopscorerBound(states, bracket)
    pref = PreferenceBound(states, bracket) if tops.active else None
    if pref is not None:
        # C12/C13 among the pairings at the (C10, C11) bound (`preference_bounds.py`).
        joint = pref.least(pref.counts(bracket), pairs_target, tops.value(*top))
        if joint == (-1, -1):
            return None
        if joint is not None and joint[0] >= targets[2]:
            # (Its C13 bound is for the pairings at its C12: the targets' C12 then.)
            targets = top + (joint[0], max(targets[3], joint[1]))
    # In the last round's topscorer brackets the plain search gets a quarter of the budget: when
    # it does not find the candidate soon, the second search (cut by the joint bounds) does.
    budget = [(budget_per_player if pref is None else budget_per_player // 4) * size + 100]
    compatible = rnd.compatible
    leftover_ok: dict[int, bool | None] = {}

    pair_cost = ColourCosts(states)

    def tick():
        budget[0] -= 1
        if budget[0] < 0:
            raise _Budget

    def may_be_left(x: int) -> bool:
        """False when leaving x over already misses a bound: C14/C16 (x floated down before;
        a candidate without it may exist later), or, in the last bracket, the PAB: x is not one
        the round's best PAB can go to (C2 eligible, at the round's PAB target: C5, and C9
        once `_enter_c9` set it)."""
        s = states[x]
        if s.floated(1) == DOWN or s.floated(2) == DOWN or (pool is not None and x not in pool):
            return False
        return bool(lower) or (s.bye_eligible and rnd.bye_value(x) == rnd.bye_target)

    def leaf_ok(left: list[int]) -> bool | None:
        """Bounds that depend on who is left over. None: cannot decide, use the matching."""
        if not left:
            return True if below.completes() else None
        if len(left) > 1:
            if not all(may_be_left(x) for x in left):
                return False
            return below.takes(left) if lower else None   # one PAB only (C2)
        (x,) = left
        if x in leftover_ok:
            return leftover_ok[x]
        if not may_be_left(x):
            verdict = False
        elif not lower:
            verdict = True     # the PAB at its best; completion is then immediate
        else:
            verdict = below.takes(left)
            if verdict is not True and pooling:
                raise _PoolWanted
        leftover_ok[x] = verdict
        return verdict

    # The searches recurse once per S1 player: a 3,000-player first round goes 1,500 deep.
    # (Python-to-Python calls do not use the C stack since 3.11, so a higher limit is safe.)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 2 * size + 1000))

    def search(joint: PreferenceBound | None, exact: LexWeights | None = None):
        if mdps:
            return _mdp_stage(rnd, mdps, residents, pair_cost, compatible, tick, leaf_ok, may_be_left,
                              targets, pairs_target - len(mdps), tops, joint, exact)
        return _remainder(rnd, residents, [], (0, 0, 0, 0), pair_cost, compatible, tick, leaf_ok,
                          may_be_left, targets, pairs_target, tops, joint, exact)

    try:
        try:
            result = search(None)
        except _Budget:
            exact = LexWeights(pair_cost, compatible, size + 1) if size <= EXACT_MAX else None
            if pref is None and exact is None:
                return None
            # Once more, cutting every node with no completion at the targets: the joint C10-C13
            # bound of the players' types (a min-cost flow per node) and the exact least cost of
            # S1 against S2 (`assignment_bound.py`), so only when the plain search runs out: the
            # same first candidate, sooner.
            budget[0] = budget_per_player * size + 100
            result = search(pref, exact)
    except _Budget:
        result = None
    finally:
        sys.setrecursionlimit(limit)
    if result is None and pool and not mdps:
        # No transposition reaches the bounds of the pairings leaving one of the pool over: the
        # matching may still find an exchange that does (the bracket alone, the pool's players
        # free to float: `DutchRound._remainder_by_matching`).
        return RemainderNeeded([], targets, pairs_target)
    return result


def meets_bounds(rnd: RoundState, pairs: list[tuple[int, int]], bracket: list[int], lower: list[int],
                 need: RemainderNeeded) -> bool:
    """Whether a pairing of the bracket reaches every lower bound (see module doc): as many
    pairs as the search's target, its colour targets, and the players left over as a leaf of
    the searches accepts them (no repeated downfloat, C8 and C4 shown at their best)."""
    targets, pairs_target = need.targets, need.pairs
    states = rnd.states
    cost = (0, 0, 0, 0)
    for a, b in pairs:
        cost = _add(cost, colour_penalties(states[a], states[b]))
    if cost != tuple(targets) or len(pairs) != pairs_target:
        return False
    paired = {x for p in pairs for x in p}
    left = [i for i in bracket if i not in paired]
    below = _Below(rnd, bracket, lower)
    below.leftovers = need.leftovers
    if not left:
        return below.completes()
    if any(states[x].floated(1) == DOWN or states[x].floated(2) == DOWN for x in left) or not lower:
        return False
    return below.takes(left) is True


def _over_colour_bound(states, rest: list[int], rest_pairs: int, cost, targets, tops: TopscorerBound,
                       pref: PreferenceBound | None) -> bool:
    """True when `cost` (the pairs fixed so far) plus the least colour cost of any pairing of
    `rest_pairs` pairs among `rest` (its bounds) is beyond the targets: C12, C13 each, and
    (C10, C11) in that order (`TopscorerBound`)."""
    c12, c13 = _colour_bound(states, rest, rest_pairs)
    if cost[2] + c12 > targets[2] or cost[3] + c13 > targets[3]:
        return True
    least = tops.least(Counter(), tops.kinds(rest), len(rest) - 2 * rest_pairs, rest_pairs)
    if tops.value(cost[0], cost[1]) + least > tops.value(targets[0], targets[1]):
        return True
    return _over_joint_bound(pref, pref.counts(rest) if pref else None, rest_pairs, cost, targets, tops)


def _over_joint_bound(pref: PreferenceBound | None, counts, pairs: int, cost, targets, tops) -> bool:
    """True when no pairing of `pairs` pairs among the rest (type multiset `counts`) keeps
    (C10, C11) within the targets and C12, C13 too (`preference_bounds.py`: C12 given the
    remaining (C10, C11) budget; C13 given C12 at its target as well)."""
    if pref is None:
        return False
    return _beyond(pref.least(counts, pairs, tops.value(targets[0], targets[1]) - tops.value(cost[0], cost[1])),
                   cost, targets)


def _beyond(least: tuple[int, int] | None, cost, targets) -> bool:
    """Whether a `PreferenceBound` answer for the rest (given the (C10, C11) budget left)
    puts C12, or C13 with C12 at its target, beyond the targets."""
    if least is None:
        return False
    if least == (-1, -1):
        return True
    c12 = cost[2] + least[0]
    return c12 > targets[2] or (c12 == targets[2] and cost[3] + least[1] > targets[3])


def _within(cost, targets) -> bool:
    """No criterion C10-C13 beyond its target (each only grows as pairs are added)."""
    return all(c <= t for c, t in zip(cost, targets))


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _mdp_stage(rnd, mdps, residents, pair_cost, compatible, tick, leaf_ok, may_be_left, targets, rest_pairs, tops,
               pref, exact=None):
    states = rnd.states
    chosen: list[tuple[int, int]] = []
    used: set[int] = set()
    outcome: list = []
    # The colour wishes of the players not yet paired (MDPs and residents): a node none of whose
    # completions can stay within the C12/C13 targets is cut (pigeonhole, `_bound_of_wishes`),
    # as the complete MDP-pairing would be, before the MDPs below it try every resident.
    wish = {i: _wish(states[i]) for i in mdps + residents}
    wishes = _wishes(states, mdps + residents)
    total_pairs = rest_pairs + len(mdps)
    short_of_pairs = [0]
    partners: list[set[int] | None] = [None]    # the only residents the MDP may meet, once known

    def hopeless(k: int, c) -> bool:
        """After k MDP pairs costing c: no completion within the C12/C13 targets."""
        size = len(mdps) + len(residents) - 2 * k
        c12, c13 = _bound_of_wishes(wishes, size, total_pairs - k)
        return c[2] + c12 > targets[2] or c[3] + c13 > targets[3]

    def pair(a: int, b: int, sign: int) -> None:
        for t in range(4):
            wishes[t] -= sign * (wish[a][t] + wish[b][t])

    def extend(k: int, cost) -> bool:
        """True when the search is over (outcome set: pairs, or None for 'use the matching')."""
        if k == len(mdps):
            rest = [i for i in residents if i not in used]
            if _over_colour_bound(states, rest, rest_pairs, cost, targets, tops, pref):
                # No pairing of this remainder, exchanges included, reaches the bracket's colour
                # bound (pigeonhole, C12/C13): any MDP-pairing that reaches every bound comes
                # later in D.3 order, so the search goes on.
                return False
            if short_of_pairs[0] < C6_CHECKS and most_pairs(rnd, rest) < rest_pairs:
                # Nor its pairs (C6: the MDPs took partners the residents needed). (A few times
                # only: where no MDP-pairing leaves enough, the matching decides sooner.) A
                # single MDP leaves the residents their most pairs only by meeting one some
                # maximum pairing of them leaves over: from here on it meets only those.
                short_of_pairs[0] += 1
                if len(mdps) == 1 and partners[0] is None:
                    most, missed = missed_by_some_maximum(rnd, residents)
                    partners[0] = missed if rest_pairs == most else (set() if rest_pairs > most else None)
                return False
            pairs = _remainder(rnd, rest, list(chosen), cost, pair_cost, compatible, tick, leaf_ok,
                               may_be_left, targets, rest_pairs, tops, pref, exact)
            # No transposition of the remainder reaches the bounds: the caller may still find
            # one with the matching (exchanges), for this first MDP-pairing.
            outcome.append(pairs if pairs is not None else RemainderNeeded(list(chosen), targets,
                                                                                    len(mdps) + rest_pairs))
            return True   # the first complete MDP-pairing decides (see module docstring)
        a = mdps[k]
        for b in residents:
            if b in used or not compatible(a, b) or (partners[0] is not None and b not in partners[0]):
                continue
            tick()
            sb = states[b]
            if sb.floated(1) == UP or sb.floated(2) == UP:
                continue  # C15/C17 would not be zero
            c = _add(cost, pair_cost(a, b))
            if not _within(c, targets):
                continue
            pair(a, b, 1)
            if not hopeless(k + 1, c):
                chosen.append((a, b))
                used.add(b)
                if extend(k + 1, c):
                    return True
                chosen.pop()
                used.discard(b)
            pair(a, b, -1)
        return False

    if not extend(0, (0, 0, 0, 0)):
        return None
    return outcome[0]


def _remainder(rnd, players, fixed, cost, pair_cost, compatible, tick, leaf_ok, may_be_left, targets, pairs, tops,
               pref=None, exact=None):
    """Transpositions of S2 in lexicographic order (D.1), S1 the first `pairs` of `players` (the
    remainder's pairs: half of it, or fewer when C1/C3 allow fewer, as D.2 sizes S1). With
    `exact` (LexWeights), every node is cut by the exact least cost of its completions."""
    if exact is not None:
        return _remainder_exact(players, fixed, cost, pair_cost, compatible, tick, leaf_ok, may_be_left,
                                targets, pairs, exact)
    states = rnd.states
    s1, s2 = players[:pairs], players[pairs:]
    chosen: list[tuple[int, int]] = []
    used = [False] * len(s2)
    found: list = []

    kinds = {i: _wish(states[i]) for i in players}
    # Colour wishes of the players not yet paired: (white, black, strong white, strong black).
    left = [sum(kinds[i][t] for i in players) for t in range(4)]

    # Topscorer kinds (C10, C11) of the S1 players not yet paired and of the S2 players not yet
    # taken, `spare` of whom are left over.
    s1_kinds, s2_kinds = tops.kinds(s1), tops.kinds(s2)
    # Their types for the joint bound of C12/C13 given (C10, C11) (`preference_bounds.py`).
    s1_types, s2_types = (pref.counts(s1), pref.counts(s2)) if pref else (None, None)
    top_target = tops.value(targets[0], targets[1])

    def hopeless(c) -> bool:
        """Even the best pairing of the rest breaks the colour bounds: S2 has |S2 left| places,
        so at least (white wishes - places) pairs of white-wishers meet (likewise black); and
        (C10, C11) beyond the topscorers' bound of the rest."""
        places = len(s2) - k_done[0]
        need12 = max(0, left[0] - places) + max(0, left[1] - places)
        need13 = max(0, left[2] - places) + max(0, left[3] - places)
        if c[2] + need12 > targets[2] or c[3] + need13 > targets[3]:
            return True
        if not tops.active:
            return False
        least = tops.least(s1_kinds, s2_kinds, spare, len(s1) - k_done[0])
        if tops.value(c[0], c[1]) + least > top_target:
            return True
        if pref is None:
            return False
        # Only S1 against S2 from here (transpositions): a transportation problem over the types.
        least = pref.least_across(s1_types, s2_types, len(s1) - k_done[0],
                                  top_target - tops.value(c[0], c[1]))
        return _beyond(least, c, targets)

    k_done = [0]
    # The S2 players S1 does not take are left over: ones who may be (`may_be_left`).
    spare = len(s2) - len(s1)
    room = _Room(s1, s2, used, pair_cost, compatible, tick, may_be_left if spare else None)
    stand_ins = [_LEFTOVER - t for t in range(spare)]
    if not room.settle(list(s1) + stand_ins, _strictness(cost, targets)):
        return None      # no way to pair S1 into S2 within the bounds: no transposition can

    def extend(k: int, c) -> bool:
        if k == len(s1):
            return c == targets and _leaf(s2, used, leaf_ok, fixed + chosen, found)
        a = s1[k]
        ka = kinds[a]
        for t in range(4):
            left[t] -= ka[t]
        s1_kinds[tops.kind[a]] -= 1
        if pref:
            s1_types[pref.type[a]] -= 1
        for j, b in enumerate(s2):
            if used[j] or not compatible(a, b):
                continue
            tick()
            nc = _add(c, pair_cost(a, b))
            if not _within(nc, targets):
                continue
            kb = kinds[b]
            for t in range(4):
                left[t] -= kb[t]
            s2_kinds[tops.kind[b]] -= 1
            if pref:
                s2_types[pref.type[b]] -= 1
            k_done[0] += 1
            if not hopeless(nc) and _descend(room, used, j, _strictness(nc, targets), chosen, (a, b),
                                             lambda: extend(k + 1, nc)):
                return True
            k_done[0] -= 1
            s2_kinds[tops.kind[b]] += 1
            if pref:
                s2_types[pref.type[b]] += 1
            for t in range(4):
                left[t] += kb[t]
        s1_kinds[tops.kind[a]] += 1
        if pref:
            s1_types[pref.type[a]] += 1
        for t in range(4):
            left[t] += ka[t]
        return False

    if not extend(0, cost):
        return None
    return found[0]


def _remainder_exact(players, fixed, cost, pair_cost, compatible, tick, leaf_ok, may_be_left, targets, pairs,
                     exact: LexWeights):
    """`_remainder`'s D.1 search cut by `assignment_bound.CostRoom`: a child is entered only when
    some transposition below it reaches the targets, so the search goes down without
    backtracking but where a leaf's leftover fails `leaf_ok`."""
    s1, s2 = players[:pairs], players[pairs:]
    spare = len(s2) - len(s1)
    used = [False] * len(s2)
    radix = exact.radix
    goal = lexicographic(targets, radix)

    room = CostRoom(s1, s2, used, exact, tick, may_be_left if spare else None, spare)
    if not room.feasible or lexicographic(cost, radix) + room.opt > goal:
        return None      # no transposition reaches the targets
    chosen: list[tuple[int, int]] = []
    found: list = []

    def extend(k: int, c) -> bool:
        if k == len(s1):
            return _leaf(s2, used, leaf_ok, fixed + chosen, found)
        a = s1[k]
        spent = lexicographic(c, radix)
        for j, b in enumerate(s2):
            if used[j] or not compatible(a, b):
                continue
            tick()
            # An assignment holding (a, b) costs at least the optimum plus its reduced cost.
            if spent + room.opt + room.reduced(a, j) > goal:
                continue
            nc = _add(c, pair_cost(a, b))
            if not _within(nc, targets):
                continue
            if _descend(room, used, j, goal - lexicographic(nc, radix), chosen, (a, b), lambda: extend(k + 1, nc)):
                return True
        return False

    if not extend(0, cost):
        return None
    return found[0]


def _descend(room, used: list[bool], j: int, limit, chosen: list, pair: tuple[int, int], deeper) -> bool:
    """Fix `pair` (its S2 player in slot j) when the room still completes the node within
    `limit` (`_Room`: the criteria whose budget is used up; `CostRoom`: the cost left), and
    search below it; True when the search is over, else everything undone."""
    saved = room.save()
    used[j] = True
    if room.fix(pair[0], j, limit):
        chosen.append(pair)
        if deeper():
            return True
        chosen.pop()
    used[j] = False
    room.restore(saved)
    return False


def _leaf(s2, used, leaf_ok, pairs, found: list) -> bool:
    """A complete transposition at the targets: True (the search is over, `found` holds its
    pairs, or None for 'use the matching') unless its leftover S2 players fail `leaf_ok`."""
    verdict = leaf_ok([s2[j] for j in range(len(s2)) if not used[j]])
    if verdict is False:
        return False
    found.append(pairs if verdict else None)
    return True


def _strictness(cost, targets) -> tuple[bool, bool, bool, bool]:
    """Whether the C10 / C11 / C12 / C13 budgets are used up: from here on a pair may not break them."""
    return tuple(c >= t for c, t in zip(cost, targets))


_LEFTOVER = -1   # the stand-ins of the S2 players left over: -1, -2, ...


class _Room:
    """Whether the S1 players not yet paired can still all get an S2 partner that is allowed
    (C1, C3 compatible, no C10-C13 cost once that criterion's budget is used up), and, in
    an odd remainder, one S2 player be left over who may be (C8, C14, C16: `leaf_ok`).

    A necessary condition of every complete candidate below a node of the D.1 search, so
    cutting the nodes that fail it changes no answer; it keeps the search from wandering
    through exponentially many dead transpositions when the first good one lies deep (a
    bipartite matching kept up to date with one augmenting path per displaced player)."""

    def __init__(self, s1, s2, used, pair_cost, compatible, tick, may_be_left=None):
        self.may_be_left = may_be_left
        self.s2 = s2
        self.used = used
        self.pair_cost = pair_cost
        self.compatible = compatible
        self.tick = tick
        self.owner: list[int | None] = [None] * len(s2)     # S2 slot -> S1 player
        self.partner: dict[int, int] = {}                    # S1 player -> S2 slot
        self.strict = (False, False, False, False)
        self.hint = 0          # every S2 slot below it is owned or used
        # Every change to owner and partner since the search began, undone back to a save():
        # a copy per search level would hold levels x S2 slots (a 10,000-player first round:
        # 5,000 levels of 5,000 slots).
        self._journal: list[tuple[bool, int, int | None]] = []
        # Per S1 player (one row for all stand-ins), per S2 slot: which of C10-C13 the pair costs,
        # as bits (`_mask`), -1 when it may not be formed at all. The breadth-first searches
        # below ask this for whole rows of slots, so it is kept as plain integers.
        self._masks: dict[int, dict[int, int]] = {}
        self._strict_mask = 0

    def _mask(self, a: int, j: int) -> int:
        if a <= _LEFTOVER:
            return 0 if self.may_be_left(self.s2[j]) else -1
        b = self.s2[j]
        if not self.compatible(a, b):
            return -1
        c10, c11, c12, c13 = self.pair_cost(a, b)
        return (c10 > 0) | (c11 > 0) << 1 | (c12 > 0) << 2 | (c13 > 0) << 3

    def _row(self, a: int) -> dict[int, int]:
        key = _LEFTOVER if a <= _LEFTOVER else a
        row = self._masks.get(key)
        if row is None:
            row = self._masks[key] = {}
        return row

    def allowed(self, a: int, j: int) -> bool:
        """The pair (S1 player or stand-in a, slot j) may be formed, at no cost in a criterion
        whose budget is used up."""
        row = self._row(a)
        mask = row.get(j)
        if mask is None:
            mask = row[j] = self._mask(a, j)
        return mask >= 0 and not mask & self._strict_mask

    def save(self):
        return len(self._journal), self.strict, self.hint, self._strict_mask

    def restore(self, saved) -> None:
        mark, self.strict, self.hint, self._strict_mask = saved
        journal, owner, partner = self._journal, self.owner, self.partner
        while len(journal) > mark:
            is_slot, key, old = journal.pop()
            if is_slot:
                owner[key] = old
            elif old is None:
                del partner[key]
            else:
                partner[key] = old

    def _own(self, j: int, a: int | None) -> None:
        """Slot j is held by S1 player a (None: free)."""
        self._journal.append((True, j, self.owner[j]))
        self.owner[j] = a

    def _link(self, a: int, j: int | None) -> None:
        """S1 player a holds slot j (None: none)."""
        self._journal.append((False, a, self.partner.get(a)))
        if j is None:
            del self.partner[a]
        else:
            self.partner[a] = j

    def _free(self, j: int) -> None:
        self._own(j, None)
        if j < self.hint:
            self.hint = j

    def settle(self, players: list[int], strict: tuple[bool, bool]) -> bool:
        """Give every player in `players` a partner (after the strictness may have grown)."""
        displaced = list(players)
        if strict != self.strict:
            self.strict = strict
            self._strict_mask = sum(1 << t for t, on in enumerate(strict) if on)
            for a, j in list(self.partner.items()):
                if not self.allowed(a, j):
                    self._link(a, None)
                    self._free(j)
                    displaced.append(a)
        return all(self._augment(a) for a in displaced)

    def fix(self, a: int, j: int, strict: tuple[bool, bool]) -> bool:
        """a is paired with slot j for good (the caller marked j used): re-home whoever held j."""
        old = self.partner.get(a)
        if old is not None:
            self._link(a, None)
            self._free(old)
        holder = self.owner[j]
        self._own(j, None)
        displaced = []
        if holder is not None and holder != a:
            self._link(holder, None)
            displaced.append(holder)
        return self.settle(displaced, strict)

    def _augment(self, root: int) -> bool:
        """One augmenting path (breadth first) from the unpartnered S1 player `root`."""
        self.tick()
        owner, partner, used = self.owner, self.partner, self.used
        # Most often a free slot is at hand (the first S2 players not yet taken).
        j = self.hint
        while j < len(owner) and (owner[j] is not None or used[j]):
            j += 1
        self.hint = j
        for j in range(j, len(owner)):
            if owner[j] is None and not used[j] and self.allowed(root, j):
                self._own(j, root)
                self._link(root, j)
                return True
        prev: dict[int, int | None] = {root: None}
        seen: set[int] = set()
        queue = [root]
        strict_mask = self._strict_mask
        for u in queue:
            row = self._row(u)
            for j in range(len(owner)):
                if used[j] or j in seen:
                    continue
                mask = row.get(j)
                if mask is None:
                    mask = row[j] = self._mask(u, j)
                if mask < 0 or mask & strict_mask:
                    continue
                seen.add(j)
                w = owner[j]
                if w is None:
                    while u is not None:
                        held = partner.get(u)
                        self._own(j, u)
                        self._link(u, j)
                        u, j = prev[u], held
                    return True
                if w not in prev:
                    prev[w] = u
                    queue.append(w)
        return False
