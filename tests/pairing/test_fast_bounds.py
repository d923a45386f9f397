"""The B.4 shortcut's bounds where the bracket or the next bracket cannot pair completely
(fastpath.py, nextbracket.BestNextBracket; issue 25 item 8): every bracket they decide is paired
as the plain version pairs it, the weighted matching over the bracket and everyone below it
(C.04.3 C4-C21 and the D.1-D.3 order packed in one weight, no window). The fields are
bench/pairing.py's scattered ones (withdrawn players kept with frozen scores, many absolute
colour preferences: C3 leaves brackets with too many players of one colour)."""

from __future__ import annotations

import random

import pytest

from rulesengine_fide.pairing import dutch, nextbracket
from rulesengine_fide.pairing.completion import left_by_maximum, most_pairs, most_pairs_with_stand_ins
from rulesengine_fide.pairing.dutch import BracketRecord, DutchRound
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.records import read_setup

from .test_matching_scale import _scattered_field


def _decided_by_the_new_bounds(monkeypatch):
    """Record, for each bracket the shortcut pairs with a bound that needs BestNextBracket or
    fewer pairs than half the bracket, its pairs and the plain matching's."""
    seen: list[tuple[str, list, list]] = []
    used = {"best": False}
    plain_takes = nextbracket.BestNextBracket.takes
    plain_fast = dutch.fast_bracket
    plain_bracket = DutchRound._pair_bracket

    def takes(self, xs):
        verdict = plain_takes(self, xs)
        used["best"] = used["best"] or bool(verdict)
        return verdict

    def fast(rnd, mdps, residents, lower, *args):
        used["best"] = False
        result = plain_fast(rnd, mdps, residents, lower, *args)
        fewer = len(mdps) + most_pairs(rnd, residents) < (len(mdps) + len(residents)) // 2
        used["kind"] = None
        if isinstance(result, tuple) and (fewer or used["best"]):
            used["kind"] = "fewer pairs" if fewer else "next bracket short"
        return result

    def bracket(self, mdps, residents, lower, record):
        pairs = plain_bracket(self, mdps, residents, lower, record)
        if used.get("kind"):
            plain = self._pair_bracket_in(mdps, residents, lower, True, lower, BracketRecord(0, [], []))
            seen.append((used["kind"], sorted(pairs), sorted(plain)))
            used["kind"] = None
        return pairs

    monkeypatch.setattr(nextbracket.BestNextBracket, "takes", takes)
    monkeypatch.setattr(dutch, "fast_bracket", fast)
    monkeypatch.setattr(DutchRound, "_pair_bracket", bracket)
    return seen


@pytest.mark.parametrize("players, seed", [(200, 7), (300, 15)])
def test_brackets_the_new_bounds_decide_are_paired_as_the_matching_pairs_them(players, seed, monkeypatch):
    seen = _decided_by_the_new_bounds(monkeypatch)
    tournament = _scattered_field(players, 20, seed)
    for round_number in range(12, 21):
        pair_round(tournament, round_number)
    assert seen, "no bracket was decided by the new bounds"
    for kind, ours, plain in seen:
        assert ours == plain, kind
    # Both shapes occur: the next bracket short of a complete pairing, and a bracket whose
    # residents cannot all be paired among themselves (C3).
    assert {kind for kind, _, _ in seen} == {"fewer pairs", "next bracket short"}


def _late_round(players: int, seed: int, round_number: int) -> DutchRound:
    tournament = _scattered_field(players, 20, seed)
    result = pair_round(tournament, round_number)
    ordered = sorted(result.states.values(), key=lambda s: s.rank_index)
    return DutchRound(ordered, read_setup(tournament).forbidden_in(round_number))


def _brute_most_pairs(vertices: list[int], joinable) -> int:
    """The most pairs among `vertices`, by trying every partner of the first one (or none)."""
    if len(vertices) < 2:
        return 0
    first, others = vertices[0], vertices[1:]
    best = _brute_most_pairs(others, joinable)
    for t, other in enumerate(others):
        if joinable(first, other):
            best = max(best, 1 + _brute_most_pairs(others[:t] + others[t + 1:], joinable))
    return best


def small_sets(seed: int, count: int = 150):
    """(round, rng, players): `count` small random sets of one late round's players (rematches
    and C3 make them imperfect), for checks against an exhaustive search."""
    rnd = _late_round(200, 7, 20)
    rng = random.Random(seed)
    for _attempt in range(count):
        yield rnd, rng, sorted(rng.sample(range(rnd.n), rng.randint(3, 11)))


def test_stand_in_bound_and_leftovers_agree_with_an_exhaustive_search():
    # The most pairs with k stand-ins that may meet `partners` only, and the players a maximum
    # pairing leaves, against a search that tries every pairing.
    shapes = set()
    for rnd, rng, players in small_sets(20):
        partners = set(rng.sample(players, rng.randint(0, len(players))))
        count = rng.randint(1, 3)
        stand_ins = [-1 - t for t in range(count)]

        def joinable(a, b):
            if a < 0 or b < 0:
                return (a >= 0 and a in partners) or (b >= 0 and b in partners)
            return rnd.compatible(a, b)

        expected = _brute_most_pairs(players + stand_ins, joinable)
        assert most_pairs_with_stand_ins(rnd, players, count, partners) == expected
        left = left_by_maximum(rnd, players)
        best = _brute_most_pairs(players, rnd.compatible)
        assert len(players) - len(left) == 2 * best
        assert _brute_most_pairs(left, rnd.compatible) == 0    # nobody left could still meet
        shapes.add((2 * best < len(players) - 1, expected > best))
    assert len(shapes) == 4      # imperfect sets and ones the stand-ins add pairs to both occur
