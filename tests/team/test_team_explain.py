"""`rulesengine explain TEAM.trf --team N` (issue 22 item 3): a team's values match by match.

Every explained total equals gacrux 1.11.65's stored value (every value key of every fixture),
the lines of the additive codes add up to it (dropped lines left out), the rank codes give the
value the standings give in the same order, and a hand-checked PAB team reads as art. 16 says."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from fixture_data import fixture_files, fixture_path
from rulesengine import api
from rulesengine.cli import main
from rulesengine.registry import default_registry
from rulesengine.team_explain import explain_team_tiebreak
from rulesengine_fide.tiebreaks.team_codes import RANK_CODES

TEAM_FILES = fixture_files("team", "*.trf")
ADDITIVE = {"MPTS", "GPTS", "MPVGP", "WIN", "WON", "PS", "KS", "BH", "FB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC"}
ROUNDED = ("AOB", "SSSC")


def _code(key: str) -> str:
    return key.split("/")[0].split(":")[0].upper()


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_every_explained_total_is_gacruxs_value_and_the_lines_add_up(path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    registry = default_registry()
    event = api.load_event(path, registry=registry)
    keys = [key for key in expected if not key.startswith("RANK(") and key not in ("MPTS", "GPTS")]
    # The primary score again as the only tie-break (it splits nothing): each key right after it.
    run = api.team_standings(event, ["MPTS" if event.primary == "MP" else "GPTS"], registry)
    checked = 0
    for key in keys:
        for team, stored in expected[key].items():
            explanation = explain_team_tiebreak(run, key, int(team), registry)
            tolerance = Fraction(1, 200) if key.startswith(ROUNDED) else Fraction(0)
            assert abs(Fraction(str(explanation.total)) - Fraction(str(stored))) <= tolerance, (key, team)
            if _code(key) in ADDITIVE:
                counted = sum((Fraction(line.value) for line in explanation.lines
                               if line.value is not None and not line.dropped), Fraction(0))
                assert counted == explanation.total, (key, team)
            checked += 1
    assert checked == sum(len(expected[key]) for key in keys)


def test_rank_codes_explained_within_the_standings_order():
    path = fixture_path("team", "sw28_t12_b4_r7_manyff.trf")
    registry = default_registry()
    event = api.load_event(path, registry=registry)
    separated = 0
    for order in (["fide_team", "TBR", "BBE"], ["TBR", "EDE", "BC", "EDEBB"]):
        run = api.team_standings(event, order, registry)
        for spec in run.standings.tiebreaks:
            for row in run.standings.rows:
                explanation = explain_team_tiebreak(run, spec, row.team.number, registry)
                assert explanation.total == row.values[spec], (spec, row.team.number)
                separated += _code(spec) in RANK_CODES and bool(explanation.total)
    assert separated   # some rank code separated a tied group: the groups were the standings' own


def test_a_pab_team_by_hand_art_16_4(capsys):
    # sw02, team 9 (Sligo Rooks, 6 MP): round 1 a team PAB (320: 2 MP, 2 GP), then teams 2, 4, 3, 6
    # (6, 8, 7, 4 MP). BH:MP/C1: the PAB round is a dummy with the team's own 6 MP (art. 16.4, 2024
    # text: the event is dated 2025-10-04); the cut drops team 6's 4: 6 + 6 + 8 + 7 = 27.
    path = fixture_path("team", "sw02_t9_b4_r5_pab.trf")
    assert main(["explain", str(path), "--team", "9", "--tiebreak", "BH:MP/C1", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["team"] == {"team": 9, "name": "Sligo Rooks", "mp": 6, "gp": 8}
    (explanation,) = document["explanations"]
    lines = explanation["lines"]
    assert [(x["round"], x["opponent"], x["kind"], x["value"], x["dropped"]) for x in lines] == [
        (1, None, "PAB (320)", 6, None), (2, 2, "match", 6, None), (3, 4, "match", 8, None),
        (4, 3, "match", 7, None), (5, 6, "match", 4, "cut: lowest (art. 14.1)")]
    assert "art. 16.4" in lines[0]["description"] and lines[1]["boards"] == [1, 0.5, 0, 1]
    assert explanation["total"] == 27
    assert explanation["notes"][0] == "Buchholz, FIDE C.07 art. 13 (8.1)"


def test_without_a_tiebreak_every_tiebreak_of_the_standings_is_explained(capsys):
    path = fixture_path("team", "sw02_t9_b4_r5_pab.trf")   # record 202: EMGSB/C1,GPTS,BH:MP/C1
    assert main(["explain", str(path), "--team", "9"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Team 9 Sligo Rooks: rank 5, 6 MP, 8 GP\n")
    assert "Total EMGSB/C1: 34.5\n" in text and "Total GPTS: 8\n" in text and "Total BH:MP/C1: 27\n" in text
    assert "PAB (320)" in text and "cut: lowest (art. 14.1)" in text


def test_bad_team_and_flags_are_clear_errors(capsys):
    path = fixture_path("team", "sw02_t9_b4_r5_pab.trf")
    assert main(["explain", str(path), "--team", "99"]) == 2
    assert "no team 99" in capsys.readouterr().err
    assert main(["explain", str(path)]) == 2
    assert "--team N" in capsys.readouterr().err
    individual = fixture_files("tiebreak", "*.trf")[0]
    assert main(["explain", str(individual), "--team", "1"]) == 2
    assert "--team applies to team events" in capsys.readouterr().err


def test_a_player_of_a_team_event_keeps_her_individual_explain(capsys):
    path = fixture_path("team", "rr01_t6_b4_r5.trf")
    assert main(["explain", str(path), "--player", "1", "--tiebreak", "BH", "--tiebreaks", "BH", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["player"]["start_rank"] == 1


def test_a_rule_without_explain_gives_its_value_and_says_so():
    from types import SimpleNamespace

    from rulesengine.team_tiebreak import TeamTiebreakRule

    def boards_won(spec, context):
        return {team.number: sum(1 for r in team.rounds for b in r.boards if b.points == 1)
                for team in context.event.teams}

    registry = default_registry()
    rules = {**registry.team_tiebreaks, "XBW": TeamTiebreakRule("XBW", "Boards won", "Federation X rule 7", boards_won)}
    path = fixture_path("team", "rr01_t6_b4_r5.trf")
    event = api.load_event(path, registry=registry)
    run = api.team_standings(event, ["GPTS"], registry)
    explanation = explain_team_tiebreak(run, "XBW", 1, SimpleNamespace(team_tiebreaks=rules))
    # team 1 in rr01, its players' won games: 1 (1 1 1 = =) 3, 2 (= . 1 0 .) 1, 3 (1 0 . 1 1) 3,
    # 4 (0 0 1 0 =) 1, 5 (. 0 = . 0) 0
    assert explanation.total == 8 and explanation.lines == ()
    assert explanation.notes[0] == "no match-by-match breakdown for this tie-break"


def test_a_team_preset_name_explains_each_of_its_tiebreaks(capsys):
    path = fixture_path("team", "sw02_t9_b4_r5_pab.trf")   # dated 2025-10-04: EDE/P stands for EDET/P
    assert main(["explain", str(path), "--team", "9", "--tiebreak", "fide_team", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [e["tiebreak"] for e in document["explanations"]] == ["EDE/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
