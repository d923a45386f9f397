"""The TRF format reads a team event (records 310 / 013, issue 22) as a TeamTournament and an
individual file as before; `api.load_tournament` gives a team event's players' individual event."""

from __future__ import annotations

import pytest

from fixture_data import all_trf_fixtures, fixture_files
from rulesengine import api
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.formats.trf import read_trf
from rulesengine.model import Tournament
from rulesengine.registry import default_registry
from rulesengine.team import TeamTournament

TEAM_FILES = fixture_files("team", "*.trf")


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_a_team_file_is_read_as_a_team_event(path):
    event = api.load_event(path)
    assert isinstance(event, TeamTournament)
    assert event == read_team_trf(path)
    assert api.load_tournament(path) == event.individual
    assert default_registry().formats["trf"].write(event) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", all_trf_fixtures()[:40], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_individual_file_is_read_as_before(path):
    event = api.load_event(path)
    assert isinstance(event, Tournament)
    assert event == read_trf(path)
