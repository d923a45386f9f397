"""Art. 14 modifiers (allowed and refused) and art. 10 (rating-based tie-breaks, unrated players)."""

from __future__ import annotations

import json

import pytest

from rulesengine.cli import main
from rulesengine.errors import UsageError
from rulesengine.testing import tournament_from_text


@pytest.mark.parametrize("text, article", [
    ("SB/M1", "art. 14"),       # no most significant value for SB
    ("PS/M1", "art. 14"),
    ("BH/C3", "art. 14"),       # Cut-1 and Cut-2 only
    ("BH/M3", "art. 14"),
    ("BH/C1/M1", "art. 14"),    # either cut or median
    ("TPR/C1", "art. 10.2"),
    ("APRO/M1", "art. 10.4"),
    ("KS/P", "art. 9.2"),
    ("DE/C1", "art. 6"),
    ("WIN/C1", "art. 7.1"),
    ("ARO/U", "/U"),
    ("BH/V7", "rule version"),
])
def test_modifier_refused_where_the_article_does_not_define_it(tb, text, article):
    with pytest.raises(UsageError, match=article.replace(".", r"\.").replace("/", "/")):
        tb.registry.resolve_specs([text])


@pytest.mark.parametrize("text", ["BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "BH/C1/P", "FB/C1", "FB/M1",
                                  "SB/C1", "SB/C2", "SB/P", "PS/C1", "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2",
                                  "ARO/C1/V0", "KS/L40", "KS/L+1", "KS/L-1", "DE/P", "AOB/F", "TPR/U1400",
                                  "RTNG/U1400", "BH/V1", "BH-C1", "bh#c1"])
def test_modifier_accepted_where_the_article_defines_it(tb, text):
    (spec,) = tb.registry.resolve_specs([text])
    assert spec.code in text.upper()


def test_koya_limit_modifier_art_14_5(tb):
    t = tb.fixture("rr01_n6_single")
    ks, ks40 = tb.values(t, "KS"), tb.values(t, "KS/L40")
    assert all(ks40[p] >= ks[p] for p in ks)      # a lower limit counts more opponents


def test_rating_based_tiebreaks_not_computed_with_unrated_players_art_10(tb):
    t = tb.fixture("hc03_unplayed_rules")             # player 8 is unrated
    for code in ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG"):
        result = tb.outcome(t, code)
        assert set(result.values.values()) == {None}
        assert any("unrated" in note and "art. 10" in note for note in result.notes)
    assert tb.values(t, "ARO/U1400")[1] == 2175
    assert tb.outcome(t, "ARO/U1400").notes == ()


def test_rating_averages_round_half_up_art_10_1():
    # Opponents 2001 and 2002: average 2001.5 -> 2002 (not banker's rounding to 2002/2000).
    t = tournament_from_text(3, ["1-2 1-0", "1-3 ="], ratings=[2100, 2001, 2002])
    from rulesengine.registry import build_registry
    from rulesengine.standings import compute_standings
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    standings = compute_standings(t, registry.resolve_specs(["ARO", "TPR", "PTP"]), registry)
    assert standings.values["ARO"][1] == 2002
    # 1.5 / 2 = 75 % -> dp 193 (B.02 table 8.1.1): 2002 + 193.
    assert standings.values["TPR"][1] == 2195
    assert standings.values["ARO"][2] == 2100


def test_perfect_performance_is_the_lowest_rating_reaching_the_score_art_10_3():
    from rulesengine_fide.tiebreaks.fide_tables import expected_score_hundredths
    from rulesengine_fide.tiebreaks.rating_based import RatedGame, perfect_performance
    games = [RatedGame(1, 2, 2000, 100), RatedGame(2, 3, 2100, 50)]
    ptp = perfect_performance(games)
    reach = lambda r: sum(expected_score_hundredths(r, g.rating) for g in games) >= 150  # noqa: E731
    assert reach(ptp) and not reach(ptp - 1)
    assert perfect_performance([RatedGame(1, 2, 2000, 0)]) == 1200


def test_null_in_json_and_blank_in_table_with_the_note_under_it(tb, capsys):
    path = str(tb.fixture("hc03_unplayed_rules").source)
    assert main(["standings", path, "--tiebreaks", "BH,ARO", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(row["tiebreaks"]["ARO"] is None for row in data["standings"])
    assert any("art. 10" in note for note in data["notes"])
    assert main(["standings", path, "--tiebreaks", "BH,ARO", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].endswith(",")          # ARO blank
    assert "# Note:" in out and "art. 10" in out


def test_exact_values_in_json_never_float_noise(tb, capsys):
    path = str(tb.fixture("hc02_bye_example").source)
    assert main(["standings", path, "--tiebreaks", "SB/C1,AOB", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    row = next(r for r in data["standings"] if r["start_rank"] == 1)
    assert row["tiebreaks"]["SB/C1"] == 10.25
    assert row["tiebreaks"]["AOB"] == 12.625


def test_reverse_order_modifier_for_pairing_number_and_rating_art_7_8_and_10_6(tb):
    from rulesengine.standings import compute_standings
    t = tournament_from_text(3, ["1-2 =", "2-3 =", "1-3 ="], ratings=[2000, 2100, 1900])
    registry = tb.registry

    def order(text):
        return [row.start_rank for row in compute_standings(t, registry.resolve_specs([text]), registry).rows]

    assert order("TPN") == [1, 2, 3] and order("TPN/R") == [3, 2, 1]
    assert order("RTNG") == [2, 1, 3] and order("RTNG/R") == [3, 1, 2]
