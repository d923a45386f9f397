"""Team events on which the tie-break sweep (scripts/team_tiebreak_sweep.py) once differed from
FIDE TEC's engine gacrux 1.11.65: every value stored equals ours (tests/data/team_sweep/README.md)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from rulesengine.dates import parse_date
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.registry import default_registry
from rulesengine.team_tiebreak import TeamTiebreakContext
from rulesengine_fide.tiebreaks.team_opposition import cut_items

SWEEP = Path(__file__).resolve().parents[1] / "data" / "team_sweep"
FOUND = sorted(SWEEP.glob("*.trf"))


def _computed(path: Path, key: str) -> dict[int, object]:
    event = read_team_trf(path)
    groups: dict = {}
    for team in event.teams:
        groups.setdefault(team.match_points if event.primary == "MP" else team.game_points, []).append(team.number)
    context = TeamTiebreakContext(event, parse_date(event.start_date), tuple(tuple(g) for g in groups.values()))
    return default_registry().team_tiebreaks[key.split("/")[0].split(":")[0]].compute(key, context)


@pytest.mark.parametrize("path", FOUND, ids=lambda p: p.stem)
def test_every_stored_value_equals_the_reference(path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    for key, values in expected.items():
        ours = _computed(path, key)
        assert {team: Fraction(str(ours[int(team)])) for team in values} == \
            {team: Fraction(str(value)) for team, value in values.items()}, key


def test_the_sweep_find_is_the_cut_of_two_unplayed_rounds():
    # Team 17: round 2 a match of forfeits only (VUR, dummy 12 MP x 0 MP = 0), round 3 a half-point
    # bye (VUR, dummy 7 MP x 1 MP = 7), round 7 the weakest opponent (6 MP x 0 MP = 0). Art. 16.5
    # cuts a VUR first unless it contributes less than the weakest opponent's round; of the VURs
    # the one contributing least: round 2, not round 3 (whose dummy score is lower).
    path = SWEEP / "tb00145_swiss_t19_b4_r7_A_310_202603.trf"
    assert _computed(path, "EMMSB/C1")[17] == 91
    assert _computed(path, "EMMSB")[17] == 91
    assert _computed(path, "EMGSB/C1")[17] == Fraction(197, 2)


class _Table:
    rounds = 7


@pytest.mark.parametrize("items, dropped_round", [
    # (round, VUR, score counted, contribution, how)
    ([(1, False, 7, 21, "opponent"), (2, True, 12, 0, "dummy capped"), (3, True, 7, 7, "dummy"),
      (4, False, 6, 0, "opponent")], 2),          # the VUR contributing least, though not the lowest score
    ([(1, False, 7, 21, "opponent"), (3, True, 7, 7, "dummy"), (4, False, 6, 0, "opponent")], 3),   # 7 >= 0: the VUR
    ([(1, False, 7, 21, "opponent"), (3, True, 7, 7, "dummy"), (4, False, 6, 18, "opponent")], 4),  # 7 < 18: the opponent
])
def test_cut_one_takes_the_unplayed_round_contributing_least(items, dropped_round):
    kept, dropped = cut_items(_Table(), items, 1, 0)
    assert [item[0] for item in dropped] == [dropped_round]
    assert len(kept) == len(items) - 1
