"""Team ranking (issue 22 item 3): every RANK(...) list the fixtures store gives gacrux 1.11.65's
ranks (teams still tied share one); the Olympiad and FIDE_TEAM presets rank the events."""

from __future__ import annotations

import json

import pytest

from fixture_data import fixture_files
from rulesengine.dates import parse_date
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.registry import default_registry
from rulesengine.team_standings import rank_teams
from rulesengine_fide.tiebreaks.team import DEFAULT_TEAM_PRESET, TEAM_PRESETS, team_preset

TEAM_FILES = fixture_files("team", "*.trf")


def _rank_lists(path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    return {key: ranks for key, ranks in expected.items() if key.startswith("RANK(")}


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_every_stored_rank_list_equals_the_reference(path):
    event = read_team_trf(path)
    rules = default_registry().team_tiebreaks
    for key, ranks in _rank_lists(path).items():
        primary, *tiebreaks = key[len("RANK("):-1].split(",")
        standings = rank_teams(event, tuple(tiebreaks), rules, parse_date(event.start_date))
        assert standings.primary == primary
        assert {str(row.team.number): row.rank for row in standings.rows} == ranks, key


def test_rank_lists_compared():
    assert sum(len(_rank_lists(path)) for path in TEAM_FILES) == 36


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_the_presets_rank_every_event(path):
    event = read_team_trf(path)
    date = parse_date(event.start_date)
    for name in TEAM_PRESETS:
        standings = rank_teams(event, team_preset(name, date), default_registry().team_tiebreaks, date)
        assert sorted(row.team.number for row in standings.rows) == sorted(t.number for t in event.teams)
        assert standings.rows[0].rank == 1


def test_fide_team_is_the_default_and_takes_ede_before_the_chains_are_in_force():
    assert DEFAULT_TEAM_PRESET == "fide_team"
    assert team_preset("fide_team", parse_date("2026-02-28"))[0] == "EDE/P"
    assert team_preset("fide_team", parse_date("2026-03-01"))[0] == "EDET/P"
    assert team_preset("olympiad", None) == ("EMGSB/C1", "GPTS", "BH:MP/C1")


@pytest.mark.parametrize("path", [p for p in TEAM_FILES if not read_team_trf(p).legacy], ids=lambda p: p.stem)
def test_the_310_rank_column_is_the_rank_under_the_first_list(path):
    event = read_team_trf(path)
    primary, *tiebreaks = next(iter(_rank_lists(path)))[len("RANK("):-1].split(",")
    standings = rank_teams(event, tuple(tiebreaks), default_registry().team_tiebreaks, parse_date(event.start_date))
    assert {row.team.number: row.rank for row in standings.rows} == {t.number: t.declared_rank for t in event.teams}
