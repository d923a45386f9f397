"""The articles of C.04.6 one by one, on small constructed cases (and the places where FIDE TEC's
maintainers documented corrections: art. 3.6.1, 4.2.1 and 3.3.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine_fide.team_pairing.brackets import Field, NoLegalPairing, pab_team, pair_bracket, pair_top_scoregroup
from rulesengine_fide.team_pairing.colours import Preference, allocate, first_team, preference
from rulesengine_fide.team_pairing.rules import NO_COLOUR, TYPE_A, TYPE_B, TeamPairingRules
from rulesengine_fide.team_pairing.state import TeamState


def state(number, score=0, colours="", secondary=0, pairing_score=None, met=(), may_get_pab=True, drift=""):
    return TeamState(number, Fraction(score), Fraction(secondary),
                     Fraction(score if pairing_score is None else pairing_score), len(colours), colours, drift,
                     frozenset(met), may_get_pab)


A, B, NONE = TeamPairingRules(TYPE_A), TeamPairingRules(TYPE_B, planned_rounds=9), TeamPairingRules(NO_COLOUR)


def test_type_a_has_no_preference_where_type_b_has_a_mild_one_art_1_7():
    """Colour difference +1, last two played matches with Black: no preference in type A (1.7.1),
    a mild one for Black in type B (1.7.2)."""
    team = state(1, colours="wwwbb")             # cod +1, last two "bb"
    assert preference(team, A, 6) == Preference()
    assert preference(team, B, 6) == Preference("b", 1)
    assert preference(team, NONE, 6) == Preference()


def test_simple_and_strong_preferences_art_1_7_1_and_1_7_2():
    assert preference(state(1, colours="bbw" + "b"), A, 5) == Preference("w", 2)      # cod -2
    assert preference(state(1, colours="wbb"), A, 4) == Preference("w", 2)            # cod -1, last two black
    assert preference(state(1, colours="bww"), B, 4) == Preference("b", 2)            # cod +1, last two white


def test_type_b_mild_preference_at_zero_difference_only_before_the_last_round_art_1_7_2():
    team = state(1, colours="wb")
    assert preference(team, B, 5) == Preference("w", 1)
    assert preference(team, B, 9) == Preference()          # the last round (record 142: 9 rounds)
    assert preference(state(1), B, 1) == Preference()      # no match played yet


def test_first_team_by_the_primary_score_not_the_accelerated_one_art_4_2_1():
    """FIDE TEC's correction to art. 4.2.1: the standings score decides, the fictitious points of
    an acceleration do not."""
    leader = state(7, score=4, pairing_score=4)
    accelerated = state(2, score=3, pairing_score=5)
    assert first_team(leader, accelerated, A) and not first_team(accelerated, leader, A)


def test_first_team_by_secondary_score_unless_unused_art_4_2_2_then_tpn_4_2_3():
    a, b = state(5, score=2, secondary=7), state(3, score=2, secondary=6)
    assert first_team(a, b, A)
    assert not first_team(a, b, TeamPairingRules(TYPE_A, secondary_used=False))   # 4.2.3: smaller TPN


def test_both_teams_without_a_match_the_odd_tpn_first_team_takes_the_initial_colour_art_4_3_1():
    rules = TeamPairingRules(TYPE_A, initial_colour="B")
    assert allocate(state(3), state(8), rules, 1)[:2] == (8, 3)     # team 3 first-team, odd: Black
    assert allocate(state(4), state(9), rules, 1)[:2] == (4, 9)     # team 4 first-team, even: White
    assert allocate(state(4), state(9), rules, 1)[2] == "4.3.1"


def test_colour_rules_in_order_art_4_3():
    assert allocate(state(1, 2, "wb"), state(2, 2, "ww"), A, 3) == (1, 2, "4.3.2")    # only 2 prefers (Black)
    assert allocate(state(1, 2, "bb"), state(2, 2, "ww"), A, 3) == (1, 2, "4.3.3")
    assert allocate(state(1, 2, "wwb"), state(2, 2, "bwb"), A, 4) == (2, 1, "4.3.5")  # lower difference: White
    assert allocate(state(1, 2, "wb"), state(2, 2, "bw"), A, 3) == (1, 2, "4.3.6")   # alternate from the last
    assert allocate(state(1, 2, "bw"), state(2, 2, "bw"), A, 3)[2] == "4.3.8"


def test_type_b_strong_preference_beats_a_mild_one_art_4_3_4():
    strong, mild = state(2, 2, "wbb"), state(1, 2, "wb")          # strong White / mild White
    assert allocate(mild, strong, B, 4) == (2, 1, "4.3.4")


def _field(teams, level, met=(), floated=(), prefs=None, type_b=False, last_two=False, no_pab=()):
    met = {frozenset(p) for p in met}
    return Field(teams=list(teams), level=dict(level),
                 can_meet=lambda a, b: (a or b) not in no_pab if 0 in (a, b) else frozenset((a, b)) not in met,
                 floated={t: t in floated for t in teams}, preference=prefs or {t: Preference() for t in teams},
                 type_b=type_b, last_two_rounds=last_two)


def test_the_top_member_is_the_smaller_tpn_art_3_6_1():
    """Art. 3.6.2's identifier (top members in order, then their bottom members): 1-3, 2-4 comes
    first, 1-4, 2-3 when 1 and 3 met. FIDE TEC's correction to art. 3.6.1: the teams are taken in
    TPN order, upfloaters included: residents 2, 3, 5 with upfloater 1 pair 1-3, 2-5 (in score
    order, 2, 3, 5, 1, it would be 2-5, 1-3 with team 3 a top member)."""
    fld = _field([1, 2, 3, 4], {1: 1, 2: 1, 3: 1, 4: 1})
    assert pair_bracket(fld, 1, [1, 2, 3, 4])[0] == [(1, 3), (2, 4)]
    fld = _field([1, 2, 3, 4], {1: 1, 2: 1, 3: 1, 4: 1}, met=[(1, 3)])
    assert pair_bracket(fld, 1, [1, 2, 3, 4])[0] == [(1, 4), (2, 3)]
    fld = _field([1, 2, 3, 5], {2: 2, 3: 2, 5: 2, 1: 1}, met=[(1, 2)])
    assert pair_bracket(fld, 2, [2, 3, 5, 1])[0] == [(1, 3), (2, 5)]


def test_same_colour_preferences_are_avoided_before_the_order_c8_art_2_3_5():
    w, b = Preference("w", 2), Preference("b", 2)
    fld = _field([1, 2, 3, 4], {t: 1 for t in (1, 2, 3, 4)}, prefs={1: w, 2: b, 3: w, 4: b})
    assert pair_bracket(fld, 1, [1, 2, 3, 4])[0] == [(1, 4), (2, 3)]     # not 1-3, 2-4: both pairs would clash


def test_fewest_upfloaters_then_highest_scores_c4_c5():
    """Three residents at level 2: one upfloater, taken from level 1 before level 0 ([C5])."""
    fld = _field([1, 2, 3, 4, 5, 6], {1: 2, 2: 2, 3: 2, 4: 0, 5: 1, 6: 0})
    bracket = pair_top_scoregroup(fld, 2, [1, 2, 3, 4, 5, 6])
    assert bracket.upfloaters == [5] and bracket.criteria["C4"] == 1
    assert bracket.pairs == [(1, 3), (2, 5)]


def test_an_upfloater_that_floated_last_round_is_avoided_c7_but_not_in_the_last_two_rounds():
    level = {1: 2, 2: 1, 3: 1, 4: 1}
    assert pair_top_scoregroup(_field([1, 2, 3, 4], level, floated=[2]), 2, [1, 2, 3, 4]).upfloaters == [3]
    assert pair_top_scoregroup(_field([1, 2, 3, 4], level, floated=[2], last_two=True), 2, [1, 2, 3, 4]).upfloaters == [2]


def test_pab_lowest_score_then_most_played_then_largest_tpn_art_3_4():
    fld = _field([1, 2, 3, 4, 5], {1: 1, 2: 1, 3: 0, 4: 0, 5: 1})
    assert pab_team(fld, {t: 2 for t in range(1, 6)}) == 4
    assert pab_team(fld, {1: 2, 2: 2, 3: 2, 4: 1, 5: 2}) == 3
    fld = _field([1, 2, 3, 4, 5], {1: 1, 2: 1, 3: 0, 4: 0, 5: 1}, no_pab=(3, 4))      # [C2] art. 2.1.2
    assert pab_team(fld, {t: 2 for t in range(1, 6)}) == 5


def test_an_impossible_round_is_left_to_the_chief_arbiter_art_3_3_3():
    """Every pair has met and the odd team may not have the PAB: no pairing, no extra byes."""
    fld = _field([1, 2, 3], {1: 0, 2: 0, 3: 0}, met=[(1, 2), (1, 3), (2, 3)])
    with pytest.raises(NoLegalPairing, match="3.3.3"):
        pab_team(fld, {1: 2, 2: 2, 3: 2})
    fld = _field([1, 2, 3, 4], {t: 0 for t in (1, 2, 3, 4)}, met=[(1, 2), (1, 3), (1, 4)])
    with pytest.raises(NoLegalPairing, match="3.3.3"):
        pair_top_scoregroup(fld, 0, [1, 2, 3, 4])


def test_prohibited_pairs_of_record_260_join_c1():
    from rulesengine_fide.team_pairing.rules import _prohibited
    first, last, teams = _prohibited("260   1   9    3   12", "x.trf:9")
    rules = TeamPairingRules(TYPE_A, prohibited=((first, last, teams),))
    assert rules.forbidden_in(4) == {frozenset((3, 12))} and rules.forbidden_in(10) == frozenset()
    with pytest.raises(Exception, match="x.trf:9: record 260"):
        _prohibited("260   1   9    3", "x.trf:9")


def test_a_match_won_with_every_board_forfeited_bars_the_pab_art_2_1_2():
    """In round 5 of this gacrux-paired event team 1's opponent fielded nobody: team 1 won by
    forfeit, as with a 330 `+-`, so [C2] bars it from the PAB afterwards (FIDE TEC's engine reads
    it so); the match gives it no colour and no meeting."""
    from fixture_data import fixture_path
    from rulesengine.formats.team_trf import read_team_trf
    from rulesengine_fide.team_pairing.rules import read_rules
    from rulesengine_fide.team_pairing.state import team_states
    event = read_team_trf(fixture_path("team_swiss", "ts03006_t9_b5_r7_B.trf"))
    rules = read_rules(event)
    before, after = team_states(event, 5, rules)[1], team_states(event, 6, rules)[1]
    assert before.may_get_pab and not after.may_get_pab
    assert after.played == before.played and after.colours == before.colours and after.met == before.met
    assert after.score == before.score + event.team_points.win


@pytest.mark.parametrize("code, model, primary, secondary_used", [
    ("FIDE_TEAM_TYPEA_MP_GP", TYPE_A, "MP", True), ("FIDE_TEAM_TYPEB_GP_MP", TYPE_B, "GP", True),
    ("FIDE_TEAM_TYPEB_MP", TYPE_B, "MP", False), ("FIDE_TEAM_MP_GP", NO_COLOUR, "MP", True),
    ("FIDE_TEAM_GP", NO_COLOUR, "GP", False), ("FIDE_TEAM", TYPE_A, "MP", True),
    ("FIDE_TEAM_BAKU", TYPE_A, "MP", True), ("FIDE_TEAM_TYPEA_MP_GP_BAKU", TYPE_A, "MP", True), ("", TYPE_A, "MP", True),
])
def test_record_192_names_the_colour_model_and_the_scores_art_1_2_and_1_7(code, model, primary, secondary_used):
    from dataclasses import replace as _replace

    from fixture_data import fixture_path
    from rulesengine.formats.team_trf import read_team_trf
    from rulesengine_fide.team_pairing.rules import read_rules
    event = _replace(read_team_trf(fixture_path("team_swiss", "ts00005_t14_b5_r9_A.trf")), type_code=code)
    rules = read_rules(event)
    assert (rules.colour_model, rules.primary, rules.secondary_used) == (model, primary, secondary_used)
    assert rules.planned_rounds == 9 and rules.initial_colour in ("W", "B")


def test_record_250_accelerates_the_pairing_score_only_c04_7_art_1_5():
    from rulesengine_fide.team_pairing.rules import Acceleration, _acceleration
    acc = _acceleration("250  1.0  2.0   1   2    1    7", "x.trf:12")
    assert acc == Acceleration(Fraction(1), Fraction(2), 1, 2, 1, 7)
    rules = TeamPairingRules(TYPE_A, acceleration=(acc,))
    assert rules.accelerated(7, 2) == 1 and rules.accelerated(8, 2) == 0 and rules.accelerated(7, 3) == 0
    assert rules.accelerated(7, 1, primary=False) == 2
    with pytest.raises(Exception, match="x.trf:12: record 250"):
        _acceleration("250  one  2.0   1   2    1    7", "x.trf:12")
