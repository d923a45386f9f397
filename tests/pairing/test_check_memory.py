"""`pair --check` keeps only each round's verdict and pairing: a round's pairing objects, which
refer to each other, are freed before the next round is paired (not left for the cyclic
collector, which let 9,999 x 30 grow to 2.9 GB)."""

from __future__ import annotations

import gc
from pathlib import Path

import rulesengine_fide.pairing.check as check
from rulesengine.formats.trf import read_trf
from rulesengine_fide.pairing.dutch import DutchRound

DATA = Path(__file__).resolve().parents[1] / "data" / "pairing"


def _rounds_alive_after_check(collect) -> tuple[int, list[str]]:
    tournament = read_trf(DATA / "p015_r09_plain.trf")
    gc.collect()
    gc.disable()   # only the check's own collections run, as when the automatic one is late
    saved = check.gc.collect
    check.gc.collect = collect
    try:
        verdicts = [c.verdict for c in check.check_tournament(tournament)]
        alive = sum(1 for o in gc.get_objects() if isinstance(o, DutchRound))
    finally:
        check.gc.collect = saved
        gc.enable()
        gc.collect()
    return alive, verdicts


def test_check_frees_each_rounds_pairing():
    alive, verdicts = _rounds_alive_after_check(gc.collect)
    assert alive == 0
    assert verdicts == [""] * 9   # the fixture's nine rounds are the rules' pairings


def test_without_the_collection_rounds_pile_up():
    # The mutant: no collection between rounds. Every round's DutchRound stays alive, which is
    # what the test above guards against.
    alive, verdicts = _rounds_alive_after_check(lambda: 0)
    assert alive >= 9
    assert verdicts == [""] * 9
