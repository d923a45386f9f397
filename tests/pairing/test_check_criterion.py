"""The Dutch plugin's check names the criterion itself (RoundCheck.criterion), so an audit need not
read it out of the sentence."""

from __future__ import annotations

from pathlib import Path

from rulesengine.formats.trf import read_trf
from rulesengine.registry import default_registry

DATA = Path(__file__).resolve().parents[1] / "data"


def test_a_swapped_pairing_names_c1_as_its_criterion():
    checks = default_registry().pairing_system("dutch").check(read_trf(DATA / "audit" / "p021_r05_swapped.trf"))
    differing = [c for c in checks if c.verdict]
    assert [(c.round, c.criterion) for c in differing] == [(5, "C1")]
    assert "breaks C1" in differing[0].verdict


def test_rounds_that_agree_name_no_criterion():
    checks = default_registry().pairing_system("dutch").check(read_trf(DATA / "pairing" / "p021_r05_mixed.trf"))
    assert checks and all(c.verdict == "" and c.criterion == "" for c in checks)
