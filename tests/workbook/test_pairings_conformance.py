"""The workbook route pairs as certified engines do: every round of the bbpPairings 6.0.0 fixtures
(tests/data/pairing/, see its README) re-paired from a template workbook holding rounds 1..r-1
(and round r's announced byes, typed as H / Z / - in that round's Res cells, as a TD types them),
with Settings `Rounds` and `First colour` as the TRF's XXR and XXC say. The pairing (boards,
colours, board order, PAB) equals the recorded one and `rulesengine pair FILE.trf`'s.

Baku-accelerated fixtures are paired with Settings `Acceleration: Baku` (TRF `192 FIDE_DUTCH_BAKU`),
the 3-1-0 fixture with Settings `Points for a win: 3`, `Points for a draw: 1` (TRF 162).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rulesengine.api import load_tournament, pair_round
from rulesengine.errors import InputError
from rulesengine.model import Colour, ResultCode
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.pair_book import pair_grids

DATA = Path(__file__).resolve().parents[1] / "data" / "pairing"
FIXTURES = ["p007_r05_plain", "p009_r07_forfeits", "p011_r09_plain", "p013_r07_mixed", "p015_r09_plain",
            "p017_r07_forfeits", "p019_r09_absences", "p021_r05_mixed", "p030_r08_mixed", "p033_r13_plain",
            "p051_r11_plain", "p064_r13_mixed", "p100_r10_plain", "p128_r07_plain", "p200_r09_plain",
            "p024_r07_baku", "p080_r11_baku", "p175_r09_baku", "p041_r07_score310"]
ANNOUNCED = {ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE, ResultCode.FULL_POINT_BYE,
             ResultCode.FORFEIT_LOSS}


def workbook_before(t, r: int, colour: str) -> dict[str, Grid]:
    players = []
    for p in t.players:
        entry = p.entry(r)
        rounds = list(p.rounds[:r - 1])
        if entry.opponent is None and entry.code in ANNOUNCED:
            rounds.append(entry)   # announced before the pairing
        players.append(replace(p, rounds=tuple(rounds), declared_points=None, declared_rank=None))
    held = replace(t, players=tuple(players))
    settings = [["Setting", "Value"], ["Rounds", t.rounds], ["First colour", colour]]
    if any(code == "192" and text.strip().endswith("_BAKU") for code, text in t.header):
        settings.append(["Acceleration", "Baku"])
    if t.scoring.win != 1:
        settings += [["Points for a win", float(t.scoring.win)], ["Points for a draw", float(t.scoring.draw)]]
    return {"Crosstable": crosstable_grid(held, "template"), "Settings": Grid("Settings", settings)}


@pytest.mark.parametrize("name", FIXTURES)
def test_every_round_pairs_as_recorded(name):
    t = load_tournament(DATA / f"{name}.trf")
    colour = "black" if any(code == "XXC" and "black1" in text for code, text in t.header) else "white"
    for r in range(1, t.rounds + 1):
        grids = workbook_before(t, r, colour)
        paired = pair_grids(grids, list(grids)).paired
        assert paired.round == r
        recorded = {(p.start_rank, p.entry(r).opponent) for p in t.players
                    if p.entry(r).opponent is not None and p.entry(r).colour is Colour.WHITE}
        assert {(b.white, b.black) for b in paired.boards} == recorded, f"{name} round {r}"
        assert [p for p, kind in paired.byes if kind == "PAB"] == \
            [p.start_rank for p in t.players if p.entry(r).code is ResultCode.PAIRING_ALLOCATED_BYE]
        trf = pair_round(t, r)
        assert (paired.boards, paired.byes) == (trf.boards, trf.byes), f"{name} round {r}"


def test_first_colour_must_be_a_colour():
    t = load_tournament(DATA / "p007_r05_plain.trf")
    grids = workbook_before(t, 1, "red")
    with pytest.raises(InputError, match=r"Settings!B3: setting 'First colour': 'red' is not a colour"):
        pair_grids(grids, list(grids))
