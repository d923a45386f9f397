"""The C6 bound of a bracket with MDPs and the remainder solved by the matching (fastpath.py,
dutch.DutchRound._remainder_by_matching; issue 25 item 8). C6's bound is a maximum pairing of
the bracket in which no two MDPs meet (`completion.most_pairs_apart`; before, the MDPs plus a
maximum pairing of the residents, which the MDP-pairing may not leave room for), and a
remainder whose players cannot all be paired (C3) is solved by the matching too, its players
left over checked as the searches' leaves are (C8 and C4 shown at their best). Every bracket so
decided is paired as the plain matching (the bracket and everyone below, no window) pairs it.
Seed 23 of 3,000 players after 20 rounds: 2.6 s before, 0.8 s."""

from __future__ import annotations

import pytest

from rulesengine_fide.pairing.completion import maximum_apart, most_pairs_apart
from rulesengine_fide.pairing.dutch import BracketRecord, DutchRound
from rulesengine_fide.pairing.engine import pair_round

from .test_fast_bounds import _brute_most_pairs, small_sets
from .test_matching_scale import _scattered_field


def test_pairings_apart_agree_with_an_exhaustive_search():
    shapes = set()
    for rnd, rng, players in small_sets(23):
        apart = players[:rng.randint(1, len(players) - 1)]
        others = players[len(apart):]

        def joinable(a, b):
            return not (a in apart and b in apart) and rnd.compatible(a, b)

        expected = _brute_most_pairs(players, joinable)
        assert most_pairs_apart(rnd, apart, others) == expected
        most, left = maximum_apart(rnd, apart, others)
        assert most == expected and len(players) - len(left) == 2 * most
        # Every player of `apart` is paired whenever some maximum pairing pairs them all.
        covers_all = _covers(apart, others, expected, rnd)
        assert (not set(apart) & set(left)) == covers_all
        shapes.add((covers_all, expected < len(players) // 2))
    assert len(shapes) >= 3


def _covers(apart, others, most, rnd) -> bool:
    """Whether some pairing of `most` pairs pairs every player of `apart` (tried exhaustively)."""
    def search(free_apart, pool, pairs):
        if not free_apart:
            return pairs + _brute_most_pairs(pool, rnd.compatible) == most
        a, rest = free_apart[0], free_apart[1:]
        return any(search(rest, [p for p in pool if p != b], pairs + 1)
                   for b in pool if rnd.compatible(a, b))
    return search(list(apart), list(others), 0)


@pytest.mark.parametrize("players, seed, first", [(200, 7, 12), (300, 15, 12), (500, 3, 16)])
def test_remainders_the_matching_decides_are_paired_as_the_plain_matching(players, seed, first, monkeypatch):
    seen = []
    plain_bracket = DutchRound._pair_bracket

    def bracket(self, mdps, residents, lower, record):
        pairs = plain_bracket(self, mdps, residents, lower, record)
        if any(note.startswith(("MDP-pairing: the first in generation order; its remainder",
                                "the best candidate by the matching among those leaving over"))
               for note in record.notes):
            plain = self._pair_bracket_in(mdps, residents, lower, True, lower, BracketRecord(0, [], []))
            seen.append((len(mdps) + len(residents) - 2 * len(pairs), sorted(pairs), sorted(plain)))
        return pairs

    monkeypatch.setattr(DutchRound, "_pair_bracket", bracket)
    tournament = _scattered_field(players, 20, seed)
    for round_number in range(first, 21):
        pair_round(tournament, round_number)
    assert seen, "no remainder was decided by the matching"
    for _left, ours, plain in seen:
        assert ours == plain
    # Remainders with several players left over (C3) are decided too.
    assert any(left > 1 for left, _ours, _plain in seen)


def test_colour_bound_leaving_given_players_agrees_with_trying_every_choice():
    # `fastpath._colour_bound_leaving`: C12/C13's pigeonhole bound when the players left over
    # must come from a pool (C8's single downfloater, C4's partners of the players below),
    # against the least bound over every choice of the players left over.
    from itertools import combinations

    from rulesengine_fide.pairing.fastpath import _colour_bound, _colour_bound_leaving

    raised = 0
    for rnd, rng, players in small_sets(31, 120):
        pairs = rng.randint(max(1, (len(players) - 4) // 2), len(players) // 2)
        spare = len(players) - 2 * pairs
        pool = set(rng.sample(players, rng.randint(spare, len(players))))
        expected = None
        for left in combinations(sorted(pool), spare):
            value = _colour_bound(rnd.states, [i for i in players if i not in left], pairs)
            expected = value if expected is None else (min(expected[0], value[0]), min(expected[1], value[1]))
        assert _colour_bound_leaving(rnd.states, players, pairs, pool) == expected
        raised += expected > _colour_bound(rnd.states, players, pairs)
    assert raised      # the pool raises the bound in some sets
