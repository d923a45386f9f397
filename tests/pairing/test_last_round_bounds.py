"""The B.4 shortcut's lower bound of the topscorer criteria in the last round (C.04.3 A.7, C10:
colour difference beyond +-2, C11: the same colour three times in a row; `topscorer_bounds.py`,
issue 25 item 8): it never exceeds the best pairing's (C10, C11), and every bracket the shortcut
decides with it is paired as the plain version pairs it, the weighted matching over the bracket
and everyone below it (C4-C21 and the D.1-D.3 order in one weight, no window). The fields are
bench/pairing.py's scattered ones with the paired round the tournament's last: colours drawn at
random, so many topscorers whose colour difference is beyond +-2 whatever they get."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rulesengine_fide.pairing import dutch, fastpath
from rulesengine_fide.pairing.criteria import colour_penalties
from rulesengine_fide.pairing.dutch import BracketRecord, DutchRound
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.state import BLACK, WHITE
from rulesengine_fide.pairing.topscorer_bounds import own_cost, topscorer_bound

from .test_matching_scale import _scattered_field

def _last_round_field(players: int, played: int, seed: int):
    """bench/pairing.py's scattered field whose round played + 1 is the last (XXR)."""
    field = _scattered_field(players, played, seed)
    return replace(field, rounds=played + 1, header=(("XXR", f" {played + 1}"), ("XXC", " white1")))


def _decided_with_the_topscorer_bound(monkeypatch):
    """Record, for each bracket the shortcut pairs with a topscorer bound above (0, 0), its
    pairs, the plain matching's, and the bound."""
    seen: list[tuple[tuple[int, int], list, list]] = []
    state: dict = {}
    plain_fast = dutch.fast_bracket
    plain_bracket = DutchRound._pair_bracket

    def fast(rnd, mdps, residents, lower, *args):
        bounds: list[tuple[int, int]] = []
        plain_bound = fastpath.topscorer_bound

        def bound(states, players, pairs, paired=()):
            value = plain_bound(states, players, pairs, paired)
            bounds.append(value)
            return value

        fastpath.topscorer_bound = bound
        try:
            result = plain_fast(rnd, mdps, residents, lower, *args)
        finally:
            fastpath.topscorer_bound = plain_bound
        # The first call is the whole bracket's bound (the targets).
        state["bound"] = bounds[0] if bounds and result is not None and bounds[0] != (0, 0) else None
        return result

    def bracket(self, mdps, residents, lower, record):
        pairs = plain_bracket(self, mdps, residents, lower, record)
        decided = any(note.startswith(("the first candidate", "MDP-pairing: the first")) for note in record.notes)
        if state.get("bound") and decided:
            plain = self._pair_bracket_in(mdps, residents, lower, True, lower, BracketRecord(0, [], []))
            seen.append((state["bound"], sorted(pairs), sorted(plain)))
        state["bound"] = None
        return pairs

    monkeypatch.setattr(dutch, "fast_bracket", fast)
    monkeypatch.setattr(DutchRound, "_pair_bracket", bracket)
    return seen


FIELDS = [(200, 11, 7), (300, 15, 15), (400, 19, 3)]


@pytest.mark.parametrize("players, played, seed", FIELDS)
def test_brackets_the_topscorer_bound_decides_are_paired_as_the_matching_pairs_them(players, played, seed,
                                                                                    monkeypatch):
    seen = _decided_with_the_topscorer_bound(monkeypatch)
    pair_round(_last_round_field(players, played, seed), played + 1)
    assert len(seen) >= 3, "too few brackets decided with the topscorer bound"
    for bound, ours, plain in seen:
        assert ours == plain, bound
    # Both criteria's bounds are used: C10 above 0 (topscorers beyond +-2 whatever they get)
    # and C11 above 0.
    assert any(c10 for (c10, _), _, _ in seen) and any(c11 for (_, c11), _, _ in seen)


@pytest.mark.parametrize("too_high", [(1, 0), (0, 1)])
def test_a_bound_too_high_by_one_pairs_differently(too_high, monkeypatch):
    # The mutant accepts the first candidate one topscorer violation worse than the best.
    seen = _decided_with_the_topscorer_bound(monkeypatch)
    plain_bound = fastpath.topscorer_bound

    def mutant(states, players, pairs, paired=()):
        c10, c11 = plain_bound(states, players, pairs, paired)
        if (c10, c11) == (0, 0):
            return c10, c11
        return c10 + too_high[0], c11 + too_high[1]

    monkeypatch.setattr(fastpath, "topscorer_bound", mutant)
    for players, played, seed in FIELDS[:2]:
        pair_round(_last_round_field(players, played, seed), played + 1)
    assert any(ours != plain for _, ours, plain in seen)


def _best_topscorer_cost(states, players: list[int], pairs: int, paired: set[int] = frozenset()) -> tuple[int, int]:
    """The least (C10, C11) over every pairing of `pairs` pairs among `players` in which each of
    `paired` plays, by trying them all (C1/C3 ignored, as the bound ignores them)."""
    best = None

    def walk(rest: list[int], left_over: int, need: int, c10: int, c11: int) -> None:
        nonlocal best
        if need == 0:
            if not paired & set(rest) and (best is None or (c10, c11) < best):
                best = (c10, c11)
            return
        if len(rest) < 2 * need:
            return
        first, others = rest[0], rest[1:]
        if left_over and first not in paired:
            walk(others, left_over - 1, need, c10, c11)
        for t, other in enumerate(others):
            p10, p11, _, _ = colour_penalties(states[first], states[other])
            walk(others[:t] + others[t + 1:], left_over, need - 1, c10 + p10, c11 + p11)

    walk(players, len(players) - 2 * pairs, pairs, 0, 0)
    return best


def test_the_bound_never_exceeds_the_best_pairing_and_often_meets_it():
    tournament = _last_round_field(200, 11, 7)
    result = pair_round(tournament, 12)
    states = sorted(result.states.values(), key=lambda s: s.rank_index)
    assert sum(s.topscorer for s in states) >= 50
    rng = random.Random(25)
    met = 0
    shapes = set()
    for _attempt in range(200):
        players = rng.sample(range(len(states)), rng.randint(2, 9))
        pairs = rng.randint(1, len(players) // 2)
        bound = topscorer_bound(states, players, pairs)
        best = _best_topscorer_cost(states, players, pairs)
        assert bound <= best, (players, pairs)
        met += bound == best
        shapes.add((bound[0] > 0, bound[1] > 0, len(players) > 2 * pairs))
    assert met >= 150
    assert len(shapes) >= 6          # C10 and C11 bounds, with and without players left over


def test_a_pairs_cost_is_its_players_costs_under_its_better_colours():
    # colour_penalties takes the better of a topscorer pair's two colour allocations, C10 first:
    # the bound splits that cost into each player's own (own_cost).
    tournament = _last_round_field(200, 11, 7)
    states = list(pair_round(tournament, 12).states.values())
    rng = random.Random(8)
    checked = 0
    for _attempt in range(2000):
        a, b = rng.sample(states, 2)
        if not (a.topscorer or b.topscorer):
            continue
        options = []
        for colour in (WHITE, BLACK):
            (a10, a11), (b10, b11) = own_cost(a, colour), own_cost(b, -colour)
            options.append((a10 + b10, a11 + b11))
        assert min(options) == colour_penalties(a, b)[:2]
        checked += 1
    assert checked >= 500


def test_with_the_mdps_paired_the_bound_never_exceeds_the_best_such_pairing():
    # The shortcut accepts only pairings of every MDP (C7 ranks them first), so its bound is over
    # those: a topscorer MDP beyond +-2 whatever colour it gets is no longer a player left over.
    tournament = _last_round_field(200, 11, 7)
    states = sorted(pair_round(tournament, 12).states.values(), key=lambda s: s.rank_index)
    rng = random.Random(31)
    raised = 0
    for _attempt in range(200):
        players = rng.sample(range(len(states)), rng.choice([3, 5, 7, 9]))
        pairs = len(players) // 2
        paired = rng.sample(players, rng.randint(1, 2))
        bound = topscorer_bound(states, players, pairs, paired)
        best = _best_topscorer_cost(states, players, pairs, set(paired))
        assert bound <= best, (players, paired)
        raised += bound > topscorer_bound(states, players, pairs)
    assert raised >= 10


def test_a_topscorer_mdp_beyond_two_whatever_it_gets_counts_once():
    # The case of a 3,000-player last round (round 6): its score-2.5 bracket had one MDP, a
    # topscorer with five blacks (colour difference -5: beyond +-2 with either colour), and 614
    # residents who were not topscorers. Leaving the MDP over gave the bound (0, 0), which no
    # pairing of the MDP reaches, so the shortcut gave up and the matching took 105 s.
    from rulesengine_fide.pairing.state import PlayerState

    def player(number, colours, topscorer):
        return PlayerState(number=number, score=3, pairing_score=3, colours=colours, opponents=frozenset(),
                           floats=[], bye_eligible=True, unplayed=0, topscorer=topscorer, rank_index=number)

    mdp = player(0, [-1, -1, -1, -1, -1], True)
    residents = [player(i, [1, -1, 1, -1, 1] if i % 2 else [-1, 1, -1, 1, -1], False) for i in range(1, 8)]
    states = [mdp] + residents
    everyone = list(range(8))
    assert topscorer_bound(states, everyone, 3) == (0, 0)             # the MDP left over
    assert topscorer_bound(states, everyone, 3, paired=[0]) == (1, 0)  # C10: it is beyond +-2


def test_the_shortcut_decides_a_bracket_with_such_an_mdp_as_the_matching_pairs_it():
    from fractions import Fraction

    from rulesengine_fide.pairing.fastpath import fast_bracket
    from rulesengine_fide.pairing.state import PlayerState

    def player(index, colours, topscorer, score):
        return PlayerState(number=index + 1, score=Fraction(score), pairing_score=Fraction(score), colours=colours,
                           opponents=frozenset(), floats=[0] * 5, bye_eligible=True, unplayed=0,
                           topscorer=topscorer, rank_index=index)

    mdp = player(0, [-1, -1, -1, -1, -1], True, 3)
    residents = [player(i, [1, -1, 1, -1, 1] if i % 2 else [-1, 1, -1, 1, -1], False, Fraction(5, 2))
                 for i in range(1, 7)]
    decided = fast_bracket(DutchRound([mdp] + residents, set()), [0], list(range(1, 7)), [])
    assert decided is not None    # (the bound without the MDP paired: None, the matching)
    pairs, _s1, _s2 = decided
    assert pairs[0] == (0, 1)     # C10 = 1 whoever the MDP meets: the first in D.3 order
    plain = DutchRound([mdp] + residents, set(), use_fast_path=False).pair()
    assert DutchRound([mdp] + residents, set()).pair().pairs == plain.pairs == [(1, 2), (3, 6), (4, 5)]


def test_colour_costs_read_once_per_pair_of_types_are_the_pairs_own():
    # The searches read C10-C13 through criteria.ColourCosts (once per pair of player types):
    # the same counts as colour_penalties for every pair, topscorers or not.
    from rulesengine_fide.pairing.criteria import ColourCosts

    states = sorted(pair_round(_last_round_field(200, 11, 7), 12).states.values(), key=lambda s: s.rank_index)
    costs = ColourCosts(states)
    rng = random.Random(41)
    seen = set()
    for _attempt in range(3000):
        a, b = rng.sample(range(len(states)), 2)
        value = costs(a, b)
        assert value == colour_penalties(states[a], states[b]), (a, b)
        seen.add(tuple(part > 0 for part in value))
    assert len(costs._costs) < 3000 and len(seen) >= 5
