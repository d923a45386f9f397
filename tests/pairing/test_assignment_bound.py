"""The exact bound of the B.4 shortcut's second search (`assignment_bound.CostRoom`, issue 25 item
8): the least cost of assigning the S1 players not yet paired to distinct S2 players (the others
left over where they may be), kept optimal while pairs are fixed and undone. Checked against
trying every assignment, on random costs with forbidden pairs (C1/C3) and leftover rules."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from rulesengine_fide.pairing.assignment_bound import CostRoom, lexicographic


def _least(s1, s2_left, weight, may_be_left):
    """The least total weight of pairing each of s1 with a distinct player of s2_left, the rest
    of s2_left left over (each must be allowed to be); None when there is no such assignment."""
    best = None
    for chosen in permutations(s2_left, len(s1)):
        costs = [weight(a, b) for a, b in zip(s1, chosen)]
        if any(c is None for c in costs):
            continue
        if not all(may_be_left(b) for b in s2_left if b not in chosen):
            continue
        total = sum(costs)
        best = total if best is None else min(best, total)
    return best


def _instance(rng: random.Random):
    s1_size = rng.randint(1, 5)
    spare = rng.randint(0, 2)
    s1 = list(range(s1_size))
    s2 = list(range(100, 100 + s1_size + spare))
    table = {}
    for a in s1:
        for b in s2:
            # Mostly cheap pairs, some dear, some forbidden: as colour costs are.
            roll = rng.random()
            table[a, b] = None if roll < 0.2 else (0 if roll < 0.6 else rng.randint(1, 30))
    left_ok = {b: rng.random() < 0.7 for b in s2}
    return s1, s2, spare, table.get, lambda b: left_ok[b]


def _room(s1, s2, spare, table, may_be_left, used):
    return CostRoom(s1, s2, used, lambda a, b: table((a, b)), lambda: None, may_be_left if spare else None, spare)


@pytest.mark.parametrize("seed", range(6))
def test_the_first_optimum_is_the_least_assignment(seed):
    rng = random.Random(seed)
    checked = 0
    for _ in range(150):
        s1, s2, spare, table, may_be_left = _instance(rng)
        room = _room(s1, s2, spare, table, may_be_left, [False] * len(s2))
        least = _least(s1, s2, lambda a, b: table((a, b)), may_be_left if spare else (lambda b: True))
        if least is None:
            assert not room.feasible
        else:
            assert room.feasible and room.opt == least
            checked += 1
    assert checked >= 60


@pytest.mark.parametrize("seed", range(6))
def test_fixing_pairs_keeps_the_optimum_exact_and_restore_undoes_it(seed):
    rng = random.Random(100 + seed)
    cuts = fixes = 0
    for _ in range(120):
        s1, s2, spare, table, may_be_left = _instance(rng)
        used = [False] * len(s2)
        room = _room(s1, s2, spare, table, may_be_left, used)
        if not room.feasible:
            continue
        left_rule = may_be_left if spare else (lambda b: True)
        for k, a in enumerate(s1[:-1] if len(s1) > 1 else []):
            before = room.save()
            opt_before = room.opt
            options = [j for j, b in enumerate(s2) if not used[j] and table((a, b)) is not None]
            if not options:
                break
            j = rng.choice(options)
            budget = rng.choice([10**9, opt_before, opt_before + 3])
            reduced = room.reduced(a, j)
            used[j] = True
            ok = room.fix(a, j, budget - table((a, s2[j])))
            rest_s1 = s1[k + 1:]
            rest_s2 = [b for t, b in enumerate(s2) if not used[t]]
            least = _least(rest_s1, rest_s2, lambda x, y: table((x, y)), left_rule)
            # Any assignment holding (a, j) costs at least the optimum plus its reduced cost.
            if least is not None:
                assert table((a, s2[j])) + least >= opt_before + reduced
            expected = least is not None and table((a, s2[j])) + least <= budget
            assert ok == expected
            if ok:
                assert room.opt == least
                fixes += 1
            else:
                # A refused pair is undone: the room is as before it.
                used[j] = False
                room.restore(before)
                assert room.opt == opt_before
                assert room.opt == _least(s1[k:], [b for t, b in enumerate(s2) if not used[t]],
                                          lambda x, y: table((x, y)), left_rule)
                cuts += 1
                break
    assert fixes >= 40 and cuts >= 10


def test_lexicographic_weights_compare_as_the_criteria_do():
    radix = 30
    rng = random.Random(3)
    for _ in range(500):
        a = tuple(rng.randint(0, radix - 1) for _ in range(4))
        b = tuple(rng.randint(0, radix - 1) for _ in range(4))
        assert (lexicographic(a, radix) < lexicographic(b, radix)) == (a < b)
    assert lexicographic((1, 0, 0, 0), radix) > lexicographic((0, radix - 1, radix - 1, radix - 1), radix)


# ---------------------------------------------------------------- in the pairing
def _decided_by_the_exact_search(monkeypatch):
    """Make the plain search run out as soon as it reaches a remainder, so that the second
    search, cut by the exact bound, decides brackets; record each one it decides with its pairs
    and the plain matching's (the bracket and everyone below, no window)."""
    from rulesengine_fide.pairing import fastpath
    from rulesengine_fide.pairing.dutch import BracketRecord, DutchRound

    plain_remainder = fastpath._remainder
    plain_exact = fastpath._remainder_exact
    plain_bracket = DutchRound._pair_bracket
    ran: list[int] = []
    seen: list[tuple[object, list, list]] = []

    def exact(*args, **kwargs):
        ran.append(1)
        return plain_exact(*args, **kwargs)

    def bracket(self, mdps, residents, lower, record):
        ran.clear()
        pairs = plain_bracket(self, mdps, residents, lower, record)
        decided = any(note.startswith(("the first candidate", "MDP-pairing: the first")) for note in record.notes)
        if ran and decided:
            plain = self._pair_bracket_in(mdps, residents, lower, True, lower, BracketRecord(0, [], []))
            seen.append((record.score, sorted(pairs), sorted(plain)))
        return pairs

    def remainder(*args):
        if args[-1] is None:       # the plain search (no exact weights)
            raise fastpath._Budget
        return plain_remainder(*args)

    monkeypatch.setattr(fastpath, "_remainder", remainder)
    monkeypatch.setattr(fastpath, "_remainder_exact", exact)
    monkeypatch.setattr(DutchRound, "_pair_bracket", bracket)
    return seen


@pytest.mark.parametrize("players, played, last", [(200, 11, True), (400, 19, True), (300, 9, False)])
def test_brackets_the_exact_search_decides_are_paired_as_the_matching_pairs_them(players, played, last,
                                                                                 monkeypatch):
    from rulesengine_fide.pairing.engine import pair_round

    from .test_last_round_bounds import _last_round_field
    from .test_matching_scale import _scattered_field

    seen = _decided_by_the_exact_search(monkeypatch)
    field = _last_round_field(players, played, 7) if last else _scattered_field(players, played, 7)
    pair_round(field, played + 1)
    assert len(seen) >= 3, "too few brackets decided by the exact search"
    for score, ours, plain in seen:
        assert ours == plain, score
