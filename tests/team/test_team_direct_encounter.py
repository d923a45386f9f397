"""EDE and its chains (C.07 art. 13.3): the chains are refused for an event dated before they were
in force; EDE's value is a rank within the groups tied before it (0 where nobody is separated)."""

from __future__ import annotations

from datetime import date

import pytest

from fixture_data import fixture_files
from rulesengine.errors import UsageError
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.registry import default_registry
from rulesengine.team_tiebreak import TeamTiebreakContext

SWISS = next(path for path in fixture_files("team", "*.trf") if path.stem.startswith("sw01"))
ROUND_ROBIN = next(path for path in fixture_files("team", "*.trf") if path.stem.startswith("rr01"))


def test_a_chain_is_refused_before_the_march_2026_amendments():
    event = read_team_trf(SWISS)
    context = TeamTiebreakContext(event, date(2026, 2, 28), (tuple(t.number for t in event.teams),))
    with pytest.raises(UsageError, match=r"13\.3\.2 are in force from 2026-03-01"):
        default_registry().team_tiebreaks["EDET"].compute("EDET", context)


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
