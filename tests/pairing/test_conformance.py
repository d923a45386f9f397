"""Conformance with bbpPairings v6.0.0 (FIDE-endorsed, Dutch 2025 rules): re-pairing every round
of every fixture from its earlier rounds gives the recorded games, colours and PAB."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import DATA, mismatched_rounds  # noqa: E402

FILES = sorted(DATA.glob("*.trf"))


def test_fixtures_are_present():
    assert len(FILES) == 21


# All 21 files, 181 rounds, the 301- and 400-player ones included (about 3 s of CPU together).
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_round_matches_bbppairings(path):
    assert mismatched_rounds(path) == []
