"""A difference the 2017 sweep found that is not the engine's rules but the weighted matching's:
tests/data/pairing_sweep/open/ (docs/notes/r-sweep2.md). Both tests are strict expected failures:
they pass, and so fail here, the day `matching.max_weight_matching` finds the optimum again.

s2019_04117 round 8 (2017 text, bbpPairings 5.0.1): the penultimate bracket's remainder 7 9 14 15
18 with the collapsed last bracket 10 17 16 19 20 below it. bbpPairings pairs 9 v 14 and
downfloats 7 (C.12: 14 downfloated last round and is paired); the matching's `solve` returns
7 v 9 (14 downfloats again), a matching of less weight than `solve_by_stages` and an exhaustive
search find on the same graph. `open/matching_graph.json`: that graph cut to the 12 edges that
still show it (weights as decimal strings)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from rulesengine.formats.trf import read_trf
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.matching import max_weight_matching

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import recorded  # noqa: E402

OPEN = Path(__file__).resolve().parents[1] / "data" / "pairing_sweep" / "open"
MATCHING_BUG = "matching.solve: a suboptimal matching where solve_by_stages finds the optimum (r-sweep2 note)"


def _total(edges: list[tuple[int, int, int]], mate: list[int]) -> int:
    weight = {(min(u, v), max(u, v)): w for u, v, w in edges}
    return sum(weight[(v, m)] for v, m in enumerate(mate) if m > v)


def _best_by_search(n: int, edges: list[tuple[int, int, int]]) -> int:
    """The most weight any matching of the graph has, by trying every matching."""
    weight = {(min(u, v), max(u, v)): w for u, v, w in edges}

    def best(free: tuple[int, ...]) -> int:
        if not free:
            return 0
        v, rest = free[0], free[1:]
        options = [best(rest)]
        for i, u in enumerate(rest):
            if (v, u) in weight:
                options.append(weight[(v, u)] + best(rest[:i] + rest[i + 1:]))
        return max(options)

    return best(tuple(range(n)))


def test_the_reference_form_finds_the_optimum_of_the_graph():
    data = json.loads((OPEN / "matching_graph.json").read_text(encoding="utf-8"))
    edges = [(u, v, int(w)) for u, v, w in data["edges"]]
    n = data["vertices"]
    assert _total(edges, max_weight_matching(n, edges, by_stages=True)) == _best_by_search(n, edges)


@pytest.mark.xfail(strict=True, reason=MATCHING_BUG)
def test_solve_finds_the_optimum_of_the_graph():
    data = json.loads((OPEN / "matching_graph.json").read_text(encoding="utf-8"))
    edges = [(u, v, int(w)) for u, v, w in data["edges"]]
    n = data["vertices"]
    assert _total(edges, max_weight_matching(n, edges)) == _best_by_search(n, edges)


@pytest.mark.xfail(strict=True, reason=MATCHING_BUG)
def test_round_8_is_paired_as_bbppairings_5_paired_it():
    t = read_trf(OPEN / "s2019_04117_p20_r10.trf")
    games, pab = recorded(t, 8)
    result = pair_round(t, 8)
    assert {(b.white, b.black) for b in result.boards} == games and result.pab == pab
