"""The 2017 text with Baku acceleration against bbpPairings 5.0.1 (tests/data/pairing_sweep/README.md,
`sample_2017_baku/`): 5.0.1 has no `192 ..._BAKU`, but reads per-player accelerations (`XXA`), so
the sweep writes the Baku 2016 method (C.04.5.1: group A the first 2*ceil(N/4) pairing numbers,
1 virtual point in the first half of the accelerated rounds, 1/2 in the rest) as XXA lines into
the generator's model file. Every round re-paired from the rounds before it gives 5.0.1's games,
colours and PAB."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulesengine.formats.trf import read_trf
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.texts import TEXT_2017

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import mismatched_rounds  # noqa: E402

SAMPLE = sorted((Path(__file__).resolve().parents[1] / "data" / "pairing_sweep" / "sample_2017_baku").glob("*.trf"))


def test_the_sample_is_present():
    assert len(SAMPLE) == 22


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_the_accelerated_2017_sample_matches_bbppairings_5(path):
    t = read_trf(path)
    assert pair_round(t, 1).text is TEXT_2017 and any(code == "XXA" for code, _ in t.header)
    assert mismatched_rounds(path) == []


def test_the_acceleration_is_what_pairs_round_1(tmp_path):
    """s1717_00036, 23 players: group A is 1-12 (2*ceil(23/4)), one virtual point in rounds 1-2, so
    round 1 pairs 1-12 among themselves (1 v 7, ..., 6 v 12), 13-22 apart, and 23 gets the PAB.
    Without its XXA lines the same file pairs 1 v 12 (S1 1-11 against S2 12-22) and differs."""
    path = next(p for p in SAMPLE if p.stem == "s1717_00036_p23_r7")
    games = {frozenset((b.white, b.black)) for b in pair_round(read_trf(path), 1).boards}
    assert {frozenset((k, k + 6)) for k in range(1, 7)} <= games
    plain = tmp_path / path.name
    plain.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                             if not line.startswith("XXA")), encoding="utf-8")
    assert 1 in mismatched_rounds(plain)
