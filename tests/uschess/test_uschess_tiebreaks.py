"""US Chess tie-breaks (rule 34E), every value derived by hand from the rule text.

The event ("Riverbend Open", 7 players, 5 rounds) has a pairing-allocated bye (Gus R1, Ed R3), a
half-point bye (Di R2), two forfeits (Fay forfeits to Bo in R2, Di to Ed in R5) and a withdrawal
(Fay after R3):

    R1: Ana-Di 1-0, Bo-Ed 1-0, Cy-Fay =, Gus bye (U)
    R2: Cy-Ana =, Fay-Bo -+, Ed-Gus 0-1, Di half-point bye
    R3: Ana-Bo 0-1, Gus-Cy =, Di-Fay =, Ed bye (U)
    R4: Ana-Ed =, Bo-Gus =, Cy-Di 1-0             (Fay withdrawn)
    R5: Gus-Ana 0-1, Cy-Bo =, Di-Ed -+            (Fay withdrawn)

Scores: Ana 3, Bo 4, Cy 3, Di 1, Ed 2 1/2, Fay 1, Gus 3 (max 5, even score 2 1/2).

34E1 adjusted scores (each unplayed game of the opponent counts 1/2):
    Ana 3 (all played)          Bo 1 + 1/2 (forfeit win) + 1 + 1/2 + 1/2 = 3 1/2
    Cy 3 (all played)           Di 0 + 1/2 (bye) + 1/2 + 0 + 1/2 (forfeit loss) = 1 1/2
    Ed 0 + 0 + 1/2 (bye) + 1/2 + 1/2 (forfeit win) = 1 1/2
    Fay 1/2 + 1/2 (forfeit loss) + 1/2 + 1/2 + 1/2 (withdrawn) = 2 1/2   (final score 1: raised)
    Gus 1/2 (bye) + 1 + 1/2 + 1/2 + 0 = 2 1/2                           (final score 3: lowered)

Own unplayed games count as an opponent scored 0 (34E1). Opposition lists, by round:
    Ana (plus):  Di 1.5, Cy 3, Bo 3.5, Ed 1.5, Gus 2.5 -> Solkoff 12; MM drops 1.5 -> 10.5;
                 Median drops 3.5 and 1.5 -> 7
    Cy (plus):   Fay 2.5, Ana 3, Gus 2.5, Di 1.5, Bo 3.5 -> 13; MM 11.5; Median 8
    Gus (plus):  bye 0, Ed 1.5, Cy 3, Bo 3.5, Ana 3 -> 11; MM drops the bye's 0 -> 11; Median 7.5
    Bo (plus):   Ed 1.5, forfeit 0, Ana 3, Gus 2.5, Cy 3 -> 10; MM 10; Median 7
    Di (minus):  Ana 3, bye 0, Fay 2.5, Cy 3, forfeit 0 -> 8.5; MM drops one 3 -> 5.5; Median 5.5
    Ed (even):   Bo 3.5, Gus 2.5, bye 0, Ana 3, forfeit 0 -> 9; MM drops 3.5 and 0 -> 5.5; Median 5.5
    Fay (minus): Cy 3, forfeit 0, Di 1.5, absent 0, absent 0 -> 4.5; MM drops 3 -> 1.5; Median 1.5

34E3 Cumulative (running scores, less 1 per bye/forfeit win and 1/2 per half-point bye):
    Ana 1+1.5+1.5+2+3 = 9          Bo 1+2+3+3.5+4 - 1 = 12.5     Cy .5+1+1.5+2.5+3 = 8.5
    Di 0+.5+1+1+1 - .5 = 3         Ed 0+0+1+1.5+2.5 - 2 = 3      Fay .5+.5+1+1+1 = 4
    Gus 1+2+2.5+3+3 - 1 = 10.5
34E9 Cumulative of opposition (played opponents' 34E3 values):
    Ana 3+8.5+12.5+3+10.5 = 37.5   Cy 4+9+10.5+3+12.5 = 39       Gus 3+8.5+12.5+9 = 33
    Bo 3+9+10.5+8.5 = 31           Di 9+4+8.5 = 21.5             Ed 12.5+10.5+9 = 32   Fay 8.5+3 = 11.5
34E7 Kashdan (4/2/1/0): Ana W D L D W = 13; Cy D D D W D = 12; Gus bye W D D L = 9; Bo W ff W D D = 12;
    Di L bye D L ff = 4; Ed L L bye D ff = 4; Fay D ff D - - = 4.
34E8 Sonneborn-Berger (adjusted): Ana 1.5 + 1.5 + 0 + .75 + 2.5 = 6.25; Cy 1.25+1.5+1.25+1.5+1.75 = 7.25;
    Gus 0 + 1.5 + 1.5 + 1.75 + 0 = 4.75.  With final scores (/F): Ana 1+1.5+1.25+3 = 6.75;
    Cy .5+1.5+1.5+1+2 = 6.5; Gus 2.5+1.5+2 = 6.
34E5 among Ana, Cy, Gus (tied on 3): Ana drew Cy, beat Gus: +1; Cy drew both: 0; Gus -1.
    Di and Fay (tied on 1) drew: 0 each. Bo and Ed are tied with nobody: no value.
34E6 Most blacks (played games only): Ana 2, Bo 2 (the forfeit with Black does not count), Cy 1, Gus 2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.errors import UsageError
from rulesengine.standings import compute_standings
from rulesengine.testing import tournament_from_text
from rulesengine.tiebreak import TiebreakContext, parse_spec

ANA, BO, CY, DI, ED, FAY, GUS = range(1, 8)
F = Fraction


def values(registry, tournament, text):
    spec = registry.resolve_specs([text])[0]
    context = TiebreakContext(tournament, previous=((parse_spec("PTS"), tournament.points),))
    return dict(registry.tiebreak(spec.code).compute(spec, context).values)


@pytest.fixture
def event(riverbend):
    return riverbend


def test_scores_of_the_hand_worked_event(event):
    assert event.points == {ANA: 3, BO: 4, CY: 3, DI: 1, ED: F(5, 2), FAY: 1, GUS: 3}


def test_adjusted_scores_count_every_unplayed_game_as_a_half_34e1(event):
    from rulesengine_uschess.tiebreaks.adjusted import adjusted_scores
    assert adjusted_scores(event) == {ANA: 3, BO: F(7, 2), CY: 3, DI: F(3, 2), ED: F(3, 2), FAY: F(5, 2), GUS: F(5, 2)}


def test_rule_book_adjusted_score_example_34e1():
    # "an opponent who won the first two games, lost the third, withdrew and did not play rounds
    # four or five would have an adjusted score of 3 points (1+1+0+0.5+0.5 = 3)"
    from rulesengine_uschess.tiebreaks.adjusted import adjusted_score
    t = tournament_from_text(4, ["1-2 1-0, 3-4 =", "1-3 1-0, 2-4 =", "4-1 1-0, 2-3 ="], total_rounds=5)
    assert adjusted_score(t, 1) == 3
    assert t.points[1] == 2


def test_solkoff_34e2(registry, event):
    assert values(registry, event, "SOLK") == {ANA: 12, BO: 10, CY: 13, DI: F(17, 2), ED: 9, FAY: F(9, 2), GUS: 11}


def test_modified_median_plus_even_minus_34e1(registry, event):
    assert values(registry, event, "MM") == {ANA: F(21, 2), BO: 10, CY: F(23, 2), DI: F(11, 2), ED: F(11, 2),
                                             FAY: F(3, 2), GUS: 11}


def test_modified_median_drops_own_bye_as_the_lowest_for_a_plus_score_34e1(registry, event):
    explanation = registry.tiebreak("MM").explain(parse_spec("MM"), TiebreakContext(event), GUS)
    dropped = [line for line in explanation.lines if line.dropped]
    assert [(line.round, line.value) for line in dropped] == [(1, 0)]
    assert explanation.total == 11


def test_median_harkness_34e4(registry, event):
    assert values(registry, event, "MED") == {ANA: 7, BO: 7, CY: 8, DI: F(11, 2), ED: F(11, 2), FAY: F(3, 2),
                                              GUS: F(15, 2)}


def test_cumulative_subtracts_unearned_points_once_34e3(registry, event):
    assert values(registry, event, "CUM") == {ANA: 9, BO: F(25, 2), CY: F(17, 2), DI: 3, ED: 3, FAY: 4,
                                              GUS: F(21, 2)}


def test_cumulative_rule_book_example_34e3():
    # bye in round 1, then W, L, D, W: 1 + 2 + 2 + 2 1/2 + 3 1/2 - 1 = 10
    from rulesengine_uschess.tiebreaks.cumulative import cumulative_score
    t = tournament_from_text(6, ["1 U, 2-3 1-0, 4-5 =", "1-2 1-0", "1-3 0-1", "1-4 =", "1-5 1-0"])
    assert cumulative_score(t, 1) == 10


def test_cumulative_of_opposition_34e9(registry, event):
    assert values(registry, event, "OPPC") == {ANA: F(75, 2), BO: 31, CY: 39, DI: F(43, 2), ED: 32,
                                               FAY: F(23, 2), GUS: 33}


def test_kashdan_counts_unplayed_games_zero_34e7(registry, event):
    assert values(registry, event, "KASH") == {ANA: 13, BO: 12, CY: 12, DI: 4, ED: 4, FAY: 4, GUS: 9}


def test_sonneborn_berger_adjusted_and_final_34e8(registry, event):
    adjusted = values(registry, event, "USSB")
    final = values(registry, event, "USSB/F")
    assert (adjusted[ANA], adjusted[CY], adjusted[GUS]) == (F(25, 4), F(29, 4), F(19, 4))
    assert (final[ANA], final[CY], final[GUS]) == (F(27, 4), F(13, 2), 6)


def test_result_between_tied_players_plus_minus_34e5(registry, event):
    assert values(registry, event, "RBT") == {ANA: 1, BO: None, CY: 0, DI: 0, ED: None, FAY: 0, GUS: -1}


def test_most_blacks_counts_played_games_only_34e6(registry, event):
    got = values(registry, event, "BLK")
    assert (got[ANA], got[BO], got[CY], got[GUS]) == (2, 2, 1, 2)


def test_uschess_preset_is_the_rule_book_default_order(registry, event):
    specs = registry.resolve_specs(["uschess"])
    assert [str(s) for s in specs] == ["MM", "SOLK", "CUM", "OPPC"]
    standings = compute_standings(event, specs, registry)
    assert [row.name for row in standings.rows] == ["Bo", "Cy", "Gus", "Ana", "Ed", "Di", "Fay"]


def test_nine_rounds_drop_two_at_each_end_34e1(registry):
    """Ten players, nine-round all-play-all, the lower start rank always wins except Five-Six drawn.

    Scores: One 9, Two 8, Three 7, Four 6, Five 4.5, Six 4.5, Seven 3, Eight 2, Nine 1, Ten 0.
    One (plus) faces 8, 7, 6, 4.5, 4.5, 3, 2, 1, 0: the two lowest go -> 36 - 1 = 35.
    Ten (minus) faces 9, 8, 7, 6, 4.5, 4.5, 3, 2, 1 less the two highest (9, 8) -> 45 - 17 = 28.
    Five (even, 4.5 of 9) faces 9, 8, 7, 6, 4.5, 3, 2, 1, 0: drop 9, 8 and 1, 0 -> 22.5.
    """
    rounds = []
    ring = list(range(2, 11))
    for r in range(9):
        pairs = [(1, ring[0])] + [(ring[i], ring[-i]) for i in range(1, 5)]
        items = []
        for a, b in pairs:
            white, black = min(a, b), max(a, b)
            items.append(f"{white}-{black} " + ("=" if (white, black) == (5, 6) else "1-0"))
        rounds.append(", ".join(items))
        ring = ring[1:] + ring[:1]
    t = tournament_from_text(10, rounds)
    assert t.points[5] == t.points[6] == F(9, 2)
    got = values(registry, t, "MM")
    assert (got[1], got[10], got[5]) == (35, 28, F(45, 2))


def test_codes_refuse_modifiers_the_rule_does_not_have(registry):
    with pytest.raises(UsageError):
        registry.resolve_specs(["MM/C1"])
    with pytest.raises(UsageError):
        registry.resolve_specs(["SOLK/F"])
    assert [str(s) for s in registry.resolve_specs(["USSB/F", "MED/M2"])] == ["USSB/F", "MED/M2"]


def test_median_modifier_fixes_the_drop_count(registry, event):
    assert values(registry, event, "MED/M2")[ANA] == F(5, 2)  # 12 - (3.5 + 3) - (1.5 + 1.5)


def test_every_code_explains_its_value(registry, event):
    context = TiebreakContext(event, previous=((parse_spec("PTS"), event.points),))
    for code in ("MM", "SOLK", "CUM", "MED", "RBT", "BLK", "KASH", "USSB", "OPPC"):
        rule = registry.tiebreak(code)
        spec = parse_spec(code)
        value = rule.compute(spec, context).values[ANA]
        assert rule.explain(spec, context, ANA).total == value, code
    rbt = registry.tiebreak("RBT").explain(parse_spec("RBT"), context, ANA)
    assert [(line.opponent, line.value) for line in rbt.lines] == [(CY, 0), (GUS, 1)]
