"""The data the pairing searches read instead of asking the criteria per pair (C1, C3), and the
completion check (C4) that replaced a blossom over every pair of the rest of the round: both
give the answers of the plain definitions."""

from __future__ import annotations

import random

import pytest

from rulesengine.formats.trf import read_trf
from rulesengine_fide.pairing.completion import can_complete, missed_by_some_maximum, most_pairs
from rulesengine_fide.pairing.criteria import incompatibility
from rulesengine_fide.pairing.dutch import DutchRound
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.matching import max_weight_matching
from rulesengine_fide.pairing.records import read_setup

from .helpers import DATA, cut


def _round_state(name: str, round_number: int) -> DutchRound:
    tournament = cut(read_trf(DATA / name), round_number)
    result = pair_round(tournament, round_number)
    ordered = sorted(result.states.values(), key=lambda s: s.rank_index)
    return DutchRound(ordered, read_setup(tournament).forbidden_in(round_number))


def _completes_by_blossom(rnd: DutchRound, players: list[int], bye_value) -> bool:
    """The definition: a perfect matching of the players (and the PAB) over every allowed pair."""
    players = list(players) + ([rnd.n] if len(players) % 2 else [])

    def joinable(a: int, b: int) -> bool:
        if rnd.n in (a, b):
            x = a + b - rnd.n
            return rnd.states[x].bye_eligible and (bye_value is None or rnd.bye_value(x) == bye_value)
        return incompatibility(rnd.states[a], rnd.states[b], rnd.forbidden) is None

    edges = [(s, t, 1) for s in range(len(players)) for t in range(s + 1, len(players))
             if joinable(players[s], players[t])]
    return all(m >= 0 for m in max_weight_matching(len(players), edges))


@pytest.mark.parametrize("name, round_number", [("p009_r07_forfeits.trf", 7), ("p064_r13_mixed.trf", 13),
                                                ("p024_r07_baku.trf", 5), ("p301_r09_forfeits.trf", 9)])
def test_compatible_is_c1_and_c3(name, round_number):
    rnd = _round_state(name, round_number)
    for i in range(rnd.n):
        for j in range(rnd.n):
            if i != j:
                plain = incompatibility(rnd.states[i], rnd.states[j], rnd.forbidden) is None
                assert rnd.compatible(i, j) == plain, (i, j)


def test_forbidden_pairs_are_incompatible():
    rnd = _round_state("p030_r08_mixed.trf", 8)
    a, b = rnd.states[0], rnd.states[1]
    with_pair = DutchRound(rnd.states, {frozenset((a.number, b.number)), frozenset((a.number,))})
    assert not with_pair.compatible(0, 1) and not with_pair.compatible(1, 0)


@pytest.mark.parametrize("name, round_number", [("p013_r07_mixed.trf", 7), ("p033_r13_plain.trf", 13),
                                                ("p051_r11_plain.trf", 11), ("p019_r09_absences.trf", 9)])
def test_completion_agrees_with_the_blossom_on_every_subset_tried(name, round_number):
    # Late rounds of small fields: many rematches, so many subsets cannot be completed.
    rnd = _round_state(name, round_number)
    rng = random.Random(round_number)
    values = sorted({rnd.bye_value(i) for i in range(rnd.n)}) + [None]
    answers = set()
    for attempt in range(150):
        largest = rnd.n if attempt % 2 else min(rnd.n, 14)
        players = sorted(rng.sample(range(rnd.n), rng.randint(1, largest)))
        bye_value = rng.choice(values)
        expected = _completes_by_blossom(rnd, players, bye_value)
        assert can_complete(rnd, players, bye_value) == expected, (players, bye_value)
        answers.add(expected)
    assert answers == {True, False}


@pytest.mark.parametrize("name, round_number", [("p033_r13_plain.trf", 13), ("p019_r09_absences.trf", 9)])
def test_most_pairs_is_the_blossom_maximum(name, round_number):
    # The cap on a remainder's guessed pair count (dutch.py): a maximum pairing under C1/C3.
    rnd = _round_state(name, round_number)
    rng = random.Random(7 * round_number)
    short = set()
    for _attempt in range(120):
        players = sorted(rng.sample(range(rnd.n), rng.randint(2, rnd.n)))
        edges = [(s, t, 1) for s in range(len(players)) for t in range(s + 1, len(players))
                 if incompatibility(rnd.states[players[s]], rnd.states[players[t]], rnd.forbidden) is None]
        expected = sum(1 for m in max_weight_matching(len(players), edges) if m >= 0) // 2
        assert most_pairs(rnd, players) == expected, players
        short.add(expected < len(players) // 2)
    assert short == {True, False}


@pytest.mark.parametrize("name, round_number", [("p033_r13_plain.trf", 13), ("p019_r09_absences.trf", 9),
                                                ("p013_r07_mixed.trf", 7)])
def test_missed_by_some_maximum_is_the_definition(name, round_number):
    # The exact C8 check of one downfloater (nextbracket.BestNextBracket.single_pool): a player
    # is in D when a maximum pairing without him is as large as one with him.
    rnd = _round_state(name, round_number)
    rng = random.Random(11 * round_number)
    kinds = set()
    for _attempt in range(80):
        players = sorted(rng.sample(range(rnd.n), rng.randint(2, min(rnd.n, 24))))
        most, missed = missed_by_some_maximum(rnd, players)
        assert most == most_pairs(rnd, players)
        expected = {v for v in players if most_pairs(rnd, [u for u in players if u != v]) == most}
        assert missed == expected, players
        kinds.add((bool(missed), missed == set(players)))
    # Sets every maximum pairing covers, sets with some players missed (but not all).
    assert {(False, False), (True, False)} <= kinds


def _random_graph_round(rng: random.Random, size: int, density: float):
    """A stand-in for the round: `size` players, pairs allowed at random (C1 only)."""
    from types import SimpleNamespace
    met = [set() for _ in range(size)]
    for a in range(size):
        for b in range(a + 1, size):
            if rng.random() > density:
                met[a].add(b)
                met[b].add(a)
    states = [SimpleNamespace(bye_eligible=True) for _ in range(size)]
    return SimpleNamespace(n=size, met=met, absolute_colour=[0] * size, states=states)


def test_pairing_searches_agree_with_the_blossom_on_random_graphs():
    # Sparse graphs with many odd cycles: several searches fail in one pairing, and the later
    # ones skip the trees the failed ones grew (completion._PerfectPairing.alive).
    rng = random.Random(2026)
    failures = set()
    for _attempt in range(300):
        size = rng.randint(4, 18)
        rnd = _random_graph_round(rng, size, rng.choice((0.15, 0.25, 0.4, 0.7)))
        players = list(range(size))
        edges = [(a, b, 1) for a in players for b in players if a < b and b not in rnd.met[a]]
        expected = sum(1 for m in max_weight_matching(size, edges) if m >= 0) // 2
        most, missed = missed_by_some_maximum(rnd, players)
        assert most == most_pairs(rnd, players) == expected
        for v in players:
            rest = [u for u in players if u != v]
            rest_edges = [(rest.index(a), rest.index(b), 1) for a, b, _ in edges if v not in (a, b)]
            without = sum(1 for m in max_weight_matching(size - 1, rest_edges) if m >= 0) // 2
            assert (v in missed) == (without == expected), (size, v)
        failures.add(size - 2 * expected)
    assert max(failures) >= 4     # pairings in which several searches failed
