"""Every round of team Swiss events paired by FIDE TEC's engine gacrux 1.11.65 (C.04.6) is the
round our engine pairs from the rounds before it: the sample of the sweep (tests/data/team_swiss,
README there) and the Swiss events of the team tie-break fixtures (tests/data/team)."""

from __future__ import annotations

import pytest

from fixture_data import fixture_files
from rulesengine.formats.team_trf import read_team_trf
from rulesengine_fide.team_pairing.check import check_team_event
from rulesengine_fide.team_pairing.round import pair_team_round

SAMPLE = fixture_files("team_swiss", "*.trf")
SWISS_FIXTURES = fixture_files("team", "sw*.trf")


def test_the_sample_is_there():
    assert len(SAMPLE) >= 20 and len(SWISS_FIXTURES) == 8


@pytest.mark.parametrize("path", SAMPLE + SWISS_FIXTURES, ids=lambda p: p.stem)
def test_every_recorded_round_is_the_rules_round(path):
    checks = check_team_event(read_team_trf(path))
    assert checks, "no round checked"
    assert [(c.round, c.verdict) for c in checks if c.verdict] == []


def test_colour_models_and_features_of_the_sample_are_covered():
    """The sample holds all three colour models (record 192), accelerations (250), team byes
    (240), forfeited matches (330) and PABs (320)."""
    events = [read_team_trf(p) for p in SAMPLE]
    codes = {e.type_code for e in events}
    assert {"FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_MP_GP"} <= codes
    assert any(code == "250" for e in events for code, _ in e.individual.header)
    assert sum(len(e.byes) for e in events) > 0 and sum(len(e.forfeits) for e in events) > 0
    assert sum(e.pab is not None for e in events) > 0


@pytest.mark.parametrize("path", SAMPLE[:6], ids=lambda p: p.stem)
def test_no_team_gets_the_pab_twice_or_after_a_forfeit_win_art_2_1_2(path):
    event = read_team_trf(path)
    for number in range(1, event.rounds + 1):
        result = pair_team_round(event, number, planned_rounds=event.rounds)
        if result.pab is not None:
            assert result.states[result.pab].may_get_pab
