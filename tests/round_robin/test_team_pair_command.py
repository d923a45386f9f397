"""`rulesengine pair TEAM.trf` on a team round robin (record 092): the teams' Berger table (C.05
Annex 1) through the team pairing hook, as system "team_berger" (issue 24 items 3-4)."""

from __future__ import annotations

import json

import pytest

from fixture_data import DATA
from rulesengine.cli import main
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.model import Colour
from rulesengine.registry import default_registry
from rulesengine.team import match_tournament

EVENTS = {"rr01_t6_b4_r5": 5, "rr04_t7_b4_r7_odd": 7, "rr05_t6_b4_r10_double": 10}


def test_the_team_berger_system_is_registered_through_the_team_hook():
    assert "C.05 Annex 1" in default_registry().team_pairing_system("team_berger").description


@pytest.mark.parametrize("name", sorted(EVENTS))
def test_pair_check_finds_every_round_of_a_team_round_robin_on_its_table(capsys, name):
    assert main(["pair", str(DATA / "team" / f"{name}.trf"), "--check"]) == 0
    assert f"0 of {EVENTS[name]} round(s) differ" in capsys.readouterr().out


@pytest.mark.parametrize("round_number", range(1, 8))
def test_pair_round_n_of_an_odd_team_round_robin_is_the_recorded_round(capsys, round_number):
    """7 teams: each round 3 matches and the bye, the first-named team white, as played."""
    path = DATA / "team" / "rr04_t7_b4_r7_odd.trf"
    assert main(["pair", str(path), "--round", str(round_number), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    matches = match_tournament(read_team_trf(path))   # one game per match, white the first-named team
    played = {(p.start_rank, e.opponent) for p in matches.players
              for e in [p.entry(round_number)] if e.opponent is not None and e.colour is Colour.WHITE}
    assert data["system"] == "team_berger" and len(data["pairings"]) == 3 and len(data["byes"]) == 1
    assert {(p["white"], p["black"]) for p in data["pairings"]} == played
