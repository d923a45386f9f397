"""C8 and C4 at their best for one downfloater: the next bracket takes it and pairs completely.

A bracket's downfloater x reaches the C8 bound (C.04.3 C8: the next bracket gets the most pairs
and the lowest downfloater scores) when x plays a resident of the next bracket and that bracket
is then paired completely (one resident left when its number is odd), and C4 when the rest of
the round is still paired at the same time, the PAB (if any) going where the round's best PAB
goes (C5, C9). `NextBracket.takes` shows it by finding such a pairing of everyone below (the
next bracket's other residents among themselves, the rest among themselves: two perfect
pairings, `completion.pairs_all`); it answers None when it finds none for the first few
partners (the caller then lets the matching decide).

The construction does not depend on x beyond x's partner b, so the verdict is cached per b:
a bracket of hundreds of players asks for every member and pays for a few constructions.

`BestNextBracket` is the same question where the next bracket cannot pair completely (late
rounds of scattered fields: more absolute colour preferences of one colour than of the other,
C3), and for several downfloaters: C8 at the most pairs any downfloaters from the bracket could
give the next bracket (a cardinality bound with stand-ins), every downfloater paired there;
where the players below cannot pair among themselves, no more than leaves them the partners
they lack (C4), reached when the residents floating down to them leave the others pairable
with the downfloater. Its `single_pool` names the players who, floating down alone, may reach that bound, so that the
searches look only at pairings leaving one of them over (C8 ranks above the colours).
"""

from __future__ import annotations

from rulesengine_fide.pairing.completion import (can_complete, left_by_maximum, maximum_apart, missed_by_some_maximum,
                                                  most_pairs_with_stand_ins, pair_up, pairs_all,
                                                  pairs_leaving_lower_pairable, who_may_meet)
from rulesengine_fide.pairing.round import RoundState

# Partners of x in the next bracket tried before giving up (each is one construction).
PARTNERS_TRIED = 3
# Maximum pairings of the next bracket with a bracket's leftovers (`BestNextBracket._by_maximum`),
# at most this many per bracket: each costs about as much as the pairing of that bracket.
MAXIMUM_CHECKS = 24


def next_bracket_takes(rnd: RoundState, x: int, lower: list[int]) -> bool | None:
    """True when downfloater x can reach the C8 and C4 bounds below (see module doc), None when
    no such pairing was found."""
    if not lower:
        return None
    key = (len(lower), lower[0])
    helper = rnd.next_bracket_cache.get(key)
    if helper is None:
        helper = rnd.next_bracket_cache[key] = NextBracket(rnd, lower)
    return helper.takes(x)


class NextBracket:
    def __init__(self, rnd: RoundState, lower: list[int]):
        self.rnd = rnd
        next_group = rnd.group[lower[0]]
        self.nxt = [i for i in lower if rnd.group[i] == next_group]
        self.rest = lower[len(self.nxt):]
        self.bye: int | None = None
        self.impossible = False
        if (len(lower) + 1) % 2:
            # The PAB goes to the best possible assignee (C5, C9); take the lowest-ranked one.
            for i in reversed(lower):
                if rnd.states[i].bye_eligible and rnd.bye_value(i) == rnd.bye_target:
                    self.bye = i
                    break
            if self.bye is None:
                self.impossible = True
        # The next bracket with x holds len(nxt) + 1 players: x-b is one of its pairs.
        self.inner_pairs = (len(self.nxt) + 1) // 2 - 1
        self._verdict: dict[int, bool] = {}
        self._rest_verdict: dict[int | None, bool] = {}

    def takes(self, x: int) -> bool | None:
        if self.impossible:
            return None
        compatible = self.rnd.compatible
        tried = 0
        for b in self.nxt:
            if b == self.bye or not compatible(x, b):
                continue
            verdict = self._verdict.get(b)
            if verdict is None:
                verdict = self._verdict[b] = self._pairs_without(b)
            if verdict:
                return True
            tried += 1
            if tried == PARTNERS_TRIED:
                break
        return None

    def _pairs_without(self, b: int) -> bool:
        """Can everyone below but b (and the PAB) be paired, the next bracket's other residents
        among themselves as far as their number allows?"""
        group = [i for i in self.nxt if i != b and i != self.bye]
        allowed_left = len(group) - 2 * self.inner_pairs
        if allowed_left < 0:
            return False
        if allowed_left == 0:
            return pairs_all(self.rnd, group) and self._rest_pairs_with(None)
        # One resident stays over and is paired below: the greedy's leftover first, then from the
        # bottom of the bracket up, a few of them.
        _, left = pair_up(group, self.rnd.compatible, allowed_left)
        candidates = left[:1] + [y for y in reversed(group) if y not in left[:1]]
        for y in candidates[:PARTNERS_TRIED]:
            if self._rest_pairs_with(y) and pairs_all(self.rnd, [i for i in group if i != y]):
                return True
        return False

    def _rest_pairs_with(self, y: int | None) -> bool:
        """Can the players below the next bracket (but the PAB), with y when given, all be paired?"""
        verdict = self._rest_verdict.get(y)
        if verdict is None:
            tail = sorted(([y] if y is not None else []) + [i for i in self.rest if i != self.bye])
            verdict = self._rest_verdict[y] = pairs_all(self.rnd, tail)
        return verdict


class BestNextBracket:
    """C8 and C4 at their best for a set of downfloaters xs (all of one score) of `bracket`,
    whether or not the next bracket can pair completely.

    C8 counts the pairs in the next bracket (its residents with the downfloaters), then their
    scores; a downfloater paired there weighs more than a pair of residents. No choice of
    len(xs) downfloaters from the bracket gives the next bracket more pairs than a maximum
    pairing of its residents with len(xs) stand-ins, each of which may meet any resident some
    player of the bracket may meet (C1, C3): that is the bound. xs reach it when each x plays a
    resident b_x, the other residents pair as the bound allows, and everyone left below pairs
    too, the PAB going where the round's best PAB goes (C4, C5, C9). `takes` shows such a
    pairing (a few quick constructions, then a maximum pairing of the next bracket with xs),
    answers False for a single downfloater shown unable to reach the bound, else None (the
    caller then lets the matching decide)."""

    def __init__(self, rnd: RoundState, bracket: list[int], lower: list[int], leftovers: set[int] | None = None):
        self.rnd = rnd
        next_group = rnd.group[lower[0]]
        self.nxt = [i for i in lower if rnd.group[i] == next_group]
        self.below = lower[len(self.nxt):]
        # The residents a downfloater may meet: any the bracket's players (or, when given, the
        # only players its candidates can leave over) may meet.
        floaters = bracket if leftovers is None else [x for x in bracket if x in leftovers]
        self.reach = set(who_may_meet(rnd, self.nxt, floaters))
        self._bound: dict[int, int] = {}
        self._stand_ins: dict[int, int] = {}
        self._verdict: dict[frozenset[int], bool] = {}
        self._below_alone: bool | None = None
        self._by_max: dict[frozenset[int], bool | None] = {}
        self._floaters: dict[int, list[int] | None] = {}
        self._others_missed: dict[int, set[int]] = {}

    def bound(self, count: int) -> int:
        """The most pairs `count` downfloaters and the next bracket's residents can form in a
        completed round: a maximum pairing with stand-ins, and, when the players below cannot
        pair among themselves, no more than leaves them the partners they lack (C4:
        `completion.pairs_leaving_lower_pairable`)."""
        if count not in self._bound:
            most = self._stand_ins[count] = most_pairs_with_stand_ins(self.rnd, self.nxt, count, self.reach)
            if not self._below_completes():
                most = min(most, pairs_leaving_lower_pairable(self.rnd, len(self.nxt) + count, self.below))
            self._bound[count] = most
        return self._bound[count]

    def takes(self, xs: list[int]) -> bool | None:
        compatible = self.rnd.compatible
        if len(xs) == 1:
            (x,) = xs
            tried = 0
            for b in self.nxt:
                if not compatible(x, b):
                    continue
                if self._pairs_with([b]):
                    return True
                tried += 1
                if tried == PARTNERS_TRIED:
                    break
            if self._with_floaters(xs):
                return True
            return self._by_maximum(xs)
        # Several downfloaters: each takes the first resident left that it may meet.
        chosen: list[int] = []
        for x in xs:
            b = next((b for b in self.nxt if b not in chosen and compatible(x, b)), None)
            if b is None:
                break
            chosen.append(b)
        if len(chosen) == len(xs) and self._pairs_with(chosen) or self._with_floaters(xs):
            return True
        # (Not False: the stand-ins' bound for several downfloaters is often out of reach for
        # every choice, and a search refusing leaf after leaf would only run out of budget.)
        return True if self._by_maximum(xs) else None

    def single_pool(self, players: list[int]) -> set[int] | None:
        """The players of `players` who, floating down alone, may reach the C8 and C4 bounds (a
        set holding everyone `takes` would show), None when that is everyone. Where C8's bound
        is one pair more than a maximum pairing of the residents, a downfloater reaches it only
        by meeting a resident some maximum pairing of them leaves over
        (`completion.missed_by_some_maximum`); where the downfloater and the residents pair
        completely at the bound, the players below must pair among themselves (C4, C5, C9)."""
        bound = self.bound(1)
        most, missed = missed_by_some_maximum(self.rnd, self.nxt)
        if most >= bound:
            return None
        if 2 * bound == len(self.nxt) + 1 and not self._below_completes():
            return set()
        return set(who_may_meet(self.rnd, players, missed))

    def _below_completes(self) -> bool:
        if self._below_alone is None:
            self._below_alone = can_complete(self.rnd, self.below, self.rnd.bye_target)
        return self._below_alone

    def _with_floaters(self, xs: list[int]) -> bool:
        """Where C4 caps the next bracket's pairs below the stand-ins' maximum (the players below
        lack partners): True when xs and the residents reach the cap with the residents `down`
        too many floating down to partner the players below: the lowest residents who may
        meet one of those a maximum pairing of the players below can leave over, everyone
        below then completed (C4, the PAB at its best), and the other residents and xs paired
        completely (a single x: x meets one some maximum pairing of the others leaves over)."""
        count = len(xs)
        bound = self.bound(count)
        if bound >= self._stand_ins[count]:
            return False
        down = len(self.nxt) + count - 2 * bound
        if down not in self._floaters:
            self._floaters[down] = self._choose_floaters(down)
        others = self._floaters[down]
        if others is None:
            return False
        if count > 1:
            return not maximum_apart(self.rnd, xs, others)[1]
        if down not in self._others_missed:
            most, missed = missed_by_some_maximum(self.rnd, others)
            self._others_missed[down] = missed if 2 * most + 1 == len(others) else set()
        return bool(who_may_meet(self.rnd, xs, self._others_missed[down]))

    def _choose_floaters(self, down: int) -> list[int] | None:
        """The residents left in the next bracket when `down` of them float down to the players
        below (`_with_floaters`), None when that choice does not complete the players below."""
        rnd = self.rnd
        able = who_may_meet(rnd, self.nxt[::-1], missed_by_some_maximum(rnd, self.below)[1])
        if len(able) < down or not can_complete(rnd, sorted(self.below + able[:down]), rnd.bye_target):
            return None
        floating = set(able[:down])
        return [b for b in self.nxt if b not in floating]

    def _by_maximum(self, xs: list[int]) -> bool | None:
        """The verdict where the quick constructions did not show xs at the bounds, from a
        maximum pairing of the next bracket with xs (`completion.maximum_apart`, a few per
        bracket): False when it has fewer pairs than the bound (C8 is missed whoever xs meet);
        True when it pairs every x and the players it leaves over can be paired with everyone
        below (C4, the PAB at its best: C5, C9); when it leaves nobody over at exactly the
        bound, that is exact (the players below pair among themselves or not; above the bound,
        C4's cap, residents must float down: `_with_floaters`); else None."""
        key = frozenset(xs)
        if key in self._by_max:
            return self._by_max[key]
        if len(self._by_max) >= MAXIMUM_CHECKS:
            return None
        most, left = maximum_apart(self.rnd, xs, self.nxt)
        if most < self.bound(len(xs)):
            verdict: bool | None = False
        elif key & set(left):
            verdict = None
        elif not left:
            verdict = self._below_completes() if most == self.bound(len(xs)) else None
        else:
            verdict = True if can_complete(self.rnd, sorted(self.below + left), self.rnd.bye_target) else None
        self._by_max[key] = verdict
        return verdict

    def _pairs_with(self, partners: list[int]) -> bool:
        """With the downfloaters paired to `partners`: do the other residents reach the bound
        among themselves, and can everyone left below then be paired (PAB at its best)?"""
        key = frozenset(partners)
        verdict = self._verdict.get(key)
        if verdict is None:
            residents = [i for i in self.nxt if i not in key]
            left = left_by_maximum(self.rnd, residents)
            pairs = (len(residents) - len(left)) // 2 + len(partners)
            verdict = pairs == self.bound(len(partners)) and \
                can_complete(self.rnd, sorted(self.below + left), self.rnd.bye_target)
            self._verdict[key] = verdict
        return verdict
