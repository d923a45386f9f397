"""The worked examples of domain.md section 3 and the FIDE Arbiters' Manual 2026, one test each."""

from __future__ import annotations

from fractions import Fraction

from rulesengine.standings import compute_standings
from rulesengine.testing import tournament_from_text


def test_ana_bo_kai_buchholz_cut1_median1_art_8_1_and_14(tb):
    # Three players tied 4/5 in a 14-player Swiss: Ana = 1, Bo = 2, Kai = 3 (fixture hc01).
    t = tb.fixture("hc01_ana_bo_kai")
    bh, c1, m1 = (tb.values(t, s) for s in ("BH", "BH/C1", "BH/M1"))
    assert [bh[p] for p in (1, 2, 3)] == [13, Fraction(27, 2), Fraction(25, 2)]
    assert [c1[p] for p in (1, 2, 3)] == [12, Fraction(23, 2), Fraction(23, 2)]
    assert [m1[p] for p in (1, 2, 3)] == [8, Fraction(15, 2), Fraction(17, 2)]
    # Plain BH picks Bo, Cut-1 Ana, Median-1 Kai.
    for spec, leader in (("BH", 2), ("BH/C1", 1), ("BH/M1", 3)):
        values = tb.values(t, spec)
        assert max((1, 2, 3), key=values.__getitem__) == leader


def test_progressive_score_art_7_5():
    # W W W L W -> 1+2+3+3+4 = 13; L W W W W -> 0+1+2+3+4 = 10.
    t = tournament_from_text(["Ana", "Bo", "C", "D"], [
        "1-3 1-0, 2-4 0-1", "1-4 1-0, 2-3 1-0", "1-3 1-0, 2-4 1-0", "1-2 0-1, 3-4 =", "1-4 1-0, 2-3 1-0"])
    from rulesengine.registry import build_registry
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    standings = compute_standings(t, registry.resolve_specs(["PS", "PS/C1"]), registry)
    ps = standings.values["PS"]
    assert ps[1] == 13 and ps[2] == 10
    assert standings.values["PS/C1"][1] == 12 and standings.values["PS/C1"][2] == 10


def test_the_bye_example_dummy_capped_and_cut_first_art_16_4_2_and_16_5(tb):
    # Player 1: W, W, half-point bye, W, W = 4.5/5; real opponents finish 3.5, 3, 2.5, 2 (sum 11).
    t = tb.fixture("hc02_bye_example")
    assert tb.values(t, "BH")[1] == Fraction(27, 2)          # 11 + dummy capped at 2.5
    assert tb.values(t, "BH/C1")[1] == 11                     # the bye is cut, not the 2
    assert tb.values(t, "BH/M1")[1] == Fraction(15, 2)
    assert tb.values(t, "BH/V1")[1] == Fraction(31, 2)        # 2024 rules: dummy uncapped, 4.5


def test_sonneborn_berger_cut_removes_the_higher_of_bye_and_weakest_art_16_5(tb):
    t = tb.fixture("hc02_bye_example")
    assert tb.values(t, "SB")[1] == Fraction(49, 4)           # 12.25
    # The bye contributes 2.5 x 1/2 = 1.25, less than the weakest opponent's 2 x 1: 2 is cut.
    assert tb.values(t, "SB/C1")[1] == Fraction(41, 4)        # 10.25


def five_player_round_robin():
    # Ana and Bo tied on 3/4 and drew each other; X 2.5, Y 1.5, Z 0.
    return tournament_from_text(["Ana", "Bo", "X", "Y", "Z"], [
        "1-2 =, 3-4 1-0",
        "1-3 1-0, 2-5 1-0",
        "1-4 =, 3-5 1-0",
        "1-5 1-0, 2-4 1-0",
        "2-3 =, 4-5 1-0",
    ], kind="round robin")


def test_sonneborn_berger_round_robin_example_art_9_1(tb):
    t = five_player_round_robin()
    assert t.points[1] == t.points[2] == 3
    sb = tb.values(t, "SB")
    assert sb[1] == Fraction(19, 4)   # 0.5x3 + 1x2.5 + 0.5x1.5 + 1x0 = 4.75
    assert sb[2] == Fraction(17, 4)   # 0.5x3 + 0.5x2.5 + 1x1.5 + 1x0 = 4.25


def test_arbiters_manual_2026_laxman_art_16_4(tb):
    t = tb.fixture("hc04_fide2026_laxman")
    assert tb.values(t, "BH")[1] == 55
    assert tb.values(t, "BH", fide_rules="fide-2024")[1] == 57
    assert tb.values(t, "BH/C1")[1] == 50
    assert tb.values(t, "SB")[1] == Fraction(149, 4)   # 37.25


def test_arbiters_manual_2026_example_01_art_16_3_trailing_byes(tb):
    t = tb.fixture("hc05_fide2026_ex01")
    assert tb.values(t, "BH")[1] == Fraction(99, 2)    # 49.5
    assert tb.values(t, "BH/V1")[1] == 51


def test_arbiters_manual_2026_example_03(tb):
    t = tb.fixture("hc06_fide2026_ex03")
    assert tb.values(t, "BH")[1] == 63
    assert tb.values(t, "BH", fide_rules="fide-2024")[1] == Fraction(129, 2)   # 64.5
