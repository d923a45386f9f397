"""The B.4 shortcut's bound of the colour-preference criteria C12/C13 given the last round's
topscorer criteria C10/C11 at theirs (C.04.3 A.7, C10-C13; `preference_bounds.py`, issue 25
item 8): it never exceeds the best pairing's (C12, C13) among the pairings at the best (C10, C11),
over every pairing (the bracket's targets) or over S1 against S2 only (the D.1 search's pruning);
every bracket the shortcut decides in a last round is paired as the weighted matching over the
bracket and everyone below it pairs it (no window); a bound one too high pairs differently."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from rulesengine_fide.pairing import dutch, fastpath, preference_bounds
from rulesengine_fide.pairing.criteria import colour_penalties
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.preference_bounds import PreferenceBound

from .test_last_round_bounds import FIELDS, _decided_with_the_topscorer_bound, _last_round_field


def _add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def _best_pairing(states, players: list[int], pairs: int):
    """The least (C10, C11, C12, C13), in that order, over every pairing of `pairs` pairs among
    `players`, by trying them all (C1/C3 ignored, as the bound ignores them)."""
    best = None

    def walk(rest: list[int], left_over: int, need: int, cost) -> None:
        nonlocal best
        if need == 0:
            if best is None or cost < best:
                best = cost
            return
        if len(rest) < 2 * need:
            return
        first, others = rest[0], rest[1:]
        if left_over:
            walk(others, left_over - 1, need, cost)
        for t, other in enumerate(others):
            pair = colour_penalties(states[first], states[other])
            walk(others[:t] + others[t + 1:], left_over, need - 1, _add(cost, pair))

    walk(players, len(players) - 2 * pairs, pairs, (0, 0, 0, 0))
    return best


def _best_across(states, s1: list[int], s2: list[int]):
    """The least (C10, C11, C12, C13) over every pairing of each of s1 with a distinct one of s2."""
    best = None
    for chosen in permutations(s2, len(s1)):
        cost = (0, 0, 0, 0)
        for a, b in zip(s1, chosen):
            cost = _add(cost, colour_penalties(states[a], states[b]))
        if best is None or cost < best:
            best = cost
    return best


def _below(least, best) -> bool:
    """A (C12, C13) bound at most the best: C12 no higher, C13 no higher when C12 is met."""
    c12, c13 = least
    return c12 < best[2] or (c12 == best[2] and c13 <= best[3])


@pytest.fixture(scope="module")
def last_round_states():
    result = pair_round(_last_round_field(200, 11, 7), 12)
    states = sorted(result.states.values(), key=lambda s: s.rank_index)
    assert sum(s.topscorer for s in states) >= 50
    return states


def test_the_joint_bound_never_exceeds_the_best_pairing(last_round_states):
    states = last_round_states
    rng = random.Random(12)
    told = met = above_pigeonhole = 0
    for _attempt in range(300):
        # Mostly topscorers (the top of the standings), some players below them.
        players = rng.sample(range(120), rng.randint(2, 9))
        pairs = rng.randint(1, len(players) // 2)
        best = _best_pairing(states, players, pairs)
        bound = PreferenceBound(states, players)
        least = bound.least(bound.counts(players), pairs, bound.tops.value(best[0], best[1]))
        assert least != (-1, -1), (players, pairs)
        if least is None:
            continue
        told += 1
        assert _below(least, best), (players, pairs, least, best)
        met += least == best[2:]
        # Stronger than counting the colour wishes alone (each pair has one white).
        wishes = [states[i].preference[1] for i in players if states[i].preference[0]]
        pigeonhole = max(0, wishes.count(1) - pairs) + max(0, wishes.count(-1) - pairs)
        above_pigeonhole += least[0] > max(0, pigeonhole - (len(players) - 2 * pairs))
    assert told >= 200 and met >= 150
    assert above_pigeonhole >= 5


def test_the_bound_across_s1_and_s2_never_exceeds_the_best_transposition(last_round_states):
    states = last_round_states
    rng = random.Random(13)
    told = met = 0
    for _attempt in range(300):
        k = rng.randint(1, 4)
        chosen = rng.sample(range(120), 2 * k + rng.randint(0, 2))
        s1, s2 = chosen[:k], chosen[k:]
        best = _best_across(states, s1, s2)
        bound = PreferenceBound(states, chosen)
        least = bound.least_across(bound.counts(s1), bound.counts(s2), k, bound.tops.value(best[0], best[1]))
        assert least != (-1, -1), (s1, s2)
        if least is None:
            continue    # a non-topscorer's own C10/C11 cost beside a topscorer, left out
        told += 1
        assert _below(least, best), (s1, s2, least, best)
        # A transportation problem is integral: over the types it meets the best (C1 ignored).
        met += least == best[2:]
    assert told >= 200 and met >= told - 10


@pytest.mark.parametrize("players, played, seed", FIELDS)
def test_decided_brackets_are_paired_as_the_matching_pairs_them(players, played, seed, monkeypatch):
    seen = _decided_with_the_topscorer_bound(monkeypatch)
    pair_round(_last_round_field(players, played, seed), played + 1)
    assert len(seen) >= 3
    for bound, ours, plain in seen:
        assert ours == plain, bound


def test_a_c12_bound_one_too_high_exceeds_the_best_pairing(last_round_states, monkeypatch):
    # The mutant bound (one more C12 wherever it tells) is caught by the exhaustive comparison,
    # both over every pairing (the targets) and over S1 against S2 (the search's pruning).
    plain_verdict = preference_bounds._verdict

    def mutant(flow, scale, top_budget):
        least = plain_verdict(flow, scale, top_budget)
        if least is None or least == (-1, -1):
            return least
        return least[0] + 1, least[1]

    monkeypatch.setattr(preference_bounds, "_verdict", mutant)
    with pytest.raises(AssertionError):
        test_the_joint_bound_never_exceeds_the_best_pairing(last_round_states)
    with pytest.raises(AssertionError):
        test_the_bound_across_s1_and_s2_never_exceeds_the_best_transposition(last_round_states)


@pytest.mark.parametrize("players, played, seed", [FIELDS[0], FIELDS[2]])   # (300 x 15: never runs out)
def test_brackets_the_pruned_search_decides_are_paired_as_the_matching_pairs_them(players, played, seed,
                                                                                  monkeypatch):
    # A small search budget makes the plain search run out, so the second search (nodes cut by
    # the joint bound over S1 x S2) decides brackets; they are paired as the matching pairs them.
    # (Brackets up to EXACT_MAX players are cut by the exact bound instead, as
    # test_assignment_bound.py tests: here none is, so that the joint bound is.)
    monkeypatch.setattr(fastpath, "EXACT_MAX", 0)
    plain_fast = fastpath.fast_bracket
    monkeypatch.setattr(dutch, "fast_bracket",
                        lambda rnd, mdps, residents, lower: plain_fast(rnd, mdps, residents, lower,
                                                                       budget_per_player=2))
    pruned = []
    plain_across = PreferenceBound.least_across

    def across(self, *args):
        pruned.append(1)
        return plain_across(self, *args)

    monkeypatch.setattr(PreferenceBound, "least_across", across)
    seen = _decided_with_the_topscorer_bound(monkeypatch)
    pair_round(_last_round_field(players, played, seed), played + 1)
    assert pruned, "the second search never ran"
    assert seen
    for bound, ours, plain in seen:
        assert ours == plain, bound
