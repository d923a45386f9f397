"""`rulesengine explain`: every contribution of one player's tie-break, as text and as data."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rulesengine.cli import main
from rulesengine.cli.explain import explain_tiebreak
from rulesengine.errors import UsageError


def test_buchholz_cut1_breakdown_shows_the_bye_cut_first_art_16_5(tb):
    t = tb.fixture("hc02_bye_example")
    e = explain_tiebreak(t, "BH/C1", 1, tb.registry)
    assert e.total == 11
    assert [line.round for line in e.lines] == [1, 2, 3, 4, 5]
    assert [line.value for line in e.lines] == [3, Fraction(5, 2), Fraction(5, 2), 2, Fraction(7, 2)]
    bye = e.lines[2]
    assert bye.opponent is None and "dummy opponent" in bye.description and "16.4.2" in bye.description
    assert "16.5" in bye.dropped
    assert [line.round for line in e.lines if line.dropped] == [3]


def test_sonneborn_berger_cut1_breakdown_drops_the_weakest_opponent(tb):
    e = explain_tiebreak(tb.fixture("hc02_bye_example"), "SB/C1", 1, tb.registry)
    assert e.total == Fraction(41, 4)
    assert [line.round for line in e.lines if line.dropped] == [4]


def test_forfeit_win_dummy_capped_at_the_scheduled_opponent_explained(tb):
    e = explain_tiebreak(tb.fixture("hc03_unplayed_rules"), "BH", 1, tb.registry)
    forfeit = e.lines[1]
    assert forfeit.opponent == 6 and forfeit.value == Fraction(3, 2) and "16.4.1" in forfeit.description
    assert e.total == Fraction(25, 2)


def test_opponents_adjustment_is_shown(tb):
    # P7's opponent P8 ended with a zero-point bye: final 1.5, adjusted 2 (art. 16.3).
    e = explain_tiebreak(tb.fixture("hc03_unplayed_rules"), "BH", 5, tb.registry)
    line = next(line for line in e.lines if line.opponent == 8)
    assert line.value == 2 and "final score 1.5" in line.description and "16.3" in line.description


def test_every_opponent_based_spec_has_a_breakdown_matching_its_value(tb):
    t = tb.fixture("sw11_n18_r8_mixed")
    for text in ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "BH/V1", "FB", "FB/C1", "SB", "SB/C1",
                 "SB/C2", "PS", "PS/C1", "KS", "ARO", "ARO/C1", "ARO/M1", "TPR", "PTP", "AOB", "ABH", "AFB"):
        computed = tb.values(t, text)
        for sno in (1, 5, 9, 18):
            e = explain_tiebreak(t, text, sno, tb.registry)
            assert e.total == computed[sno], (text, sno)
            kept = [line.value for line in e.lines if not line.dropped and line.value is not None]
            if text.split("/")[0] in ("BH", "FB", "SB", "ABH", "AFB"):
                assert sum(kept) == e.total, (text, sno)


def test_explain_cli_table_and_json(tb, capsys):
    path = str(tb.fixture("hc02_bye_example").source)
    assert main(["explain", path, "--player", "1", "--tiebreak", "BH/C1"]) == 0
    out = capsys.readouterr().out
    assert "Total BH/C1: 11" in out and "dummy opponent" in out and "16.5" in out
    assert main(["explain", path, "--player", "1", "--tiebreak", "bh-c1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tiebreak"] == "BH/C1" and data["total"] == 11
    assert data["lines"][2]["value"] == 2.5 and "16.5" in data["lines"][2]["dropped"]
    assert main(["explain", path, "--player", "1", "--tiebreak", "BH", "--rules", "fide-2024",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 15.5


def test_explain_refuses_unknown_players_and_undefined_specs(tb):
    t = tb.fixture("hc02_bye_example")
    with pytest.raises(UsageError, match="start rank 99"):
        explain_tiebreak(t, "BH", 99, tb.registry)
    with pytest.raises(UsageError, match="Median"):
        explain_tiebreak(t, "SB/M1", 1, tb.registry)


def test_explain_rating_based_without_ratings_says_why(tb):
    e = explain_tiebreak(tb.fixture("hc03_unplayed_rules"), "ARO", 1, tb.registry)
    assert e.total is None and any("art. 10" in note for note in e.notes)


def test_direct_encounter_breakdown_lists_the_games_within_the_tied_group(tb):
    # Ana, Bo and Kai are tied on 4; Ana lost to Bo and Kai met neither: DE separates nobody.
    e = explain_tiebreak(tb.fixture("hc01_ana_bo_kai"), "DE", 1, tb.registry)
    assert [(line.round, line.opponent, line.value) for line in e.lines] == [(4, 2, 0)]
    assert e.total == 0 and "tied group: 1, 2, 3" in e.notes
