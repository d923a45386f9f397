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
LARGE = 300  # players; files this big run in the slow test


def _players(path: Path) -> int:
    return int(path.name[1:4])


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


@pytest.mark.parametrize("path", [f for f in FILES if _players(f) < LARGE], ids=lambda p: p.stem)
def test_every_round_matches_bbppairings(path):
    assert _mismatches(path) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", [f for f in FILES if _players(f) >= LARGE], ids=lambda p: p.stem)
def test_every_round_matches_bbppairings_large(path):
    assert _mismatches(path) == []
