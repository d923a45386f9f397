"""EDE and its chains (C.07 art. 13.3): the chains are refused for an event dated before they were
in force; EDE's value is a rank within the groups tied before it (0 where nobody is separated)."""

from __future__ import annotations

from datetime import date

import pytest

from fixture_data import fixture_files
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.registry import default_registry
from rulesengine.team_tiebreak import TeamTiebreakContext

SWISS = next(path for path in fixture_files("team", "*.trf") if path.stem.startswith("sw01"))
ROUND_ROBIN = next(path for path in fixture_files("team", "*.trf") if path.stem.startswith("rr01"))


@pytest.mark.parametrize("code", ["EDET", "EDEB", "EDEBT", "EDEBB"])
def test_a_chain_before_the_march_2026_amendments_is_the_rules_choice_of_art_12(code):
    """The 2024 text of art. 13.3.2 lets the tournament rules name the art. 12 tie-breaks after
    EDE (Held's exercises 46-48); the chain ranks as it does under the 2026 text, which names it."""
    event = read_team_trf(SWISS)
    by_points: dict = {}
    for team in event.teams:
        by_points.setdefault(team.match_points, []).append(team.number)
    groups = tuple(map(tuple, by_points.values()))
    rule = default_registry().team_tiebreaks[code]
    before = rule.compute(code, TeamTiebreakContext(event, date(2026, 2, 28), groups))
    assert before == rule.compute(code, TeamTiebreakContext(event, date(2026, 3, 1), groups))
    assert set(before.values()) == {0, 1, 2, 3}


def test_a_team_alone_in_its_group_is_zero():
    event = read_team_trf(SWISS)
    alone = TeamTiebreakContext(event, date(2026, 3, 1), tuple((t.number,) for t in event.teams))
    assert set(default_registry().team_tiebreaks["EDE"].compute("EDE", alone).values()) == {0}


def test_in_a_single_round_robin_the_whole_field_is_ordered_by_its_match_points_first():
    """Everyone met everyone (art. 6.2): among all teams the points scored are the totals."""
    event = read_team_trf(ROUND_ROBIN)
    whole = TeamTiebreakContext(event, date(2026, 3, 1), (tuple(t.number for t in event.teams),))
    values = default_registry().team_tiebreaks["EDE"].compute("EDE", whole)
    assert min(values.values()) == 1
    for a in event.teams:
        for b in event.teams:
            if a.match_points > b.match_points:
                assert values[a.number] < values[b.number]
