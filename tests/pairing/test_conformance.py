"""Conformance with bbpPairings v6.0.0 (FIDE-endorsed, Dutch 2025 rules): re-pairing every round
of every fixture from its earlier rounds gives the recorded games, colours and PAB."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulesengine.formats.trf import read_trf
from rulesengine_fide.pairing.engine import pair_round

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import DATA, recorded  # noqa: E402

FILES = sorted(DATA.glob("*.trf"))


def _mismatches(path: Path) -> list[int]:
    t = read_trf(path)
    bad = []
    for r in range(1, t.rounds + 1):
        games, pab = recorded(t, r)
        result = pair_round(t, r)
        if {(b.white, b.black) for b in result.boards} != games or result.pab != pab:
            bad.append(r)
    return bad


def test_fixtures_are_present():
    assert len(FILES) == 21


# All 21 files, 181 rounds, the 301- and 400-player ones included (about 3 s of CPU together).
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_round_matches_bbppairings(path):
    assert _mismatches(path) == []
