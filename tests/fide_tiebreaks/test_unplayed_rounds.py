"""Art. 16 (Swiss) and art. 15 (round robin): what unplayed rounds contribute, by rule set."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from rulesengine.errors import UsageError
from rulesengine.testing import tournament_from_text
from rulesengine.tiebreak import TiebreakContext, parse_spec
from rulesengine_fide.tiebreaks.event import event_data
from rulesengine_fide.tiebreaks.rulesets import RuleSet, rule_set, rule_set_for_date
from rulesengine_fide.tiebreaks.unplayed import adjusted_scores, dummy_opponent_score

HALF = Fraction(1, 2)


def test_trailing_zero_point_bye_is_raised_to_a_half_art_16_3(tb):
    t = tb.fixture("hc03_unplayed_rules")
    abh = tb.values(t, "ABH")
    assert t.points[8] == Fraction(3, 2) and abh[8] == 2          # last-round Z counts 1/2, not 0
    assert t.points[7] == Fraction(5, 2) and abh[7] == Fraction(5, 2)  # last-round H counts 1/2
    assert t.points[4] == 3 and abh[4] == 3                        # last-round F still counts 1
    # P6: forfeit loss, then absent three rounds: each absence counts 1/2, the forfeit loss 0.
    assert t.points[6] == 0 and abh[6] == Fraction(3, 2)


def test_forfeit_win_dummy_capped_at_scheduled_opponent_art_16_4_1(tb):
    t = tb.fixture("hc03_unplayed_rules")
    # P1 (4.5) won by forfeit against P6 (adjusted 1.5): the dummy scores 1.5, not 4.5.
    assert tb.values(t, "BH")[1] == Fraction(25, 2)
    assert tb.values(t, "BH", fide_rules="fide-2024")[1] == Fraction(31, 2)


def test_pairing_allocated_bye_ends_the_trailing_stretch_art_16_3():
    # Player 3: zero-point bye in round 1, then a pairing-allocated bye: the Z is not trailing.
    t = tournament_from_text(4, ["1-2 1-0, 3 Z, 4 Z", "1-4 1-0, 2 Z, 3 U", "1-3 =, 2-4 ="])
    data = event_data(t)
    adjusted = adjusted_scores(data, RuleSet.FIDE_2026, round_robin=False)
    assert data.value(adjusted[3]) == Fraction(3, 2)    # 0 + 1 + 1/2: the round-1 Z stays 0


def test_forfeit_loss_counts_zero_even_when_trailing_art_16_3():
    t = tournament_from_text(4, ["1-2 1-0, 3-4 1-0", "1-3 1-0, 2-4 +-"])
    data = event_data(t)
    adjusted = adjusted_scores(data, RuleSet.FIDE_2026, round_robin=False)
    assert data.value(adjusted[4]) == 0


def test_round_robin_leaves_rounds_without_opponent_out_art_15(tb):
    t = tournament_from_text(["Ana", "Bo", "X", "Y", "Z"], [
        "1-2 =, 3-4 1-0", "1-3 1-0, 2-5 1-0", "1-4 =, 3-5 1-0", "1-5 +-, 2-4 1-0", "2-3 =, 4-5 1-0"],
        kind="round robin")
    # Ana's forfeit win against Z counts as a game (Z's score 0): BH = 3 + 2.5 + 1.5 + 0.
    assert tb.values(t, "BH")[1] == 7
    # The same event as a Swiss: the forfeit win is a dummy capped at Z's adjusted score 0 and
    # the idle round a dummy capped at 2.5 (16.4.1, 16.4.2); uncapped both score Ana's own 3.
    assert tb.values(t, "BH", pairing_kind="swiss")[1] == Fraction(19, 2)
    assert tb.values(t, "BH", pairing_kind="swiss", fide_rules="fide-2024")[1] == 13


def test_buchholz_in_a_round_robin_is_computed_with_a_warning_note_to_art_8(tb):
    t = tournament_from_text(3, ["1-2 1-0", "2-3 1-0", "1-3 ="], kind="round robin")
    result = tb.outcome(t, "BH")
    assert result.values[1] is not None
    assert any("must not be used in round-robins" in note and "art. 8" in note for note in result.notes)
    assert not tb.outcome(t, "SB").notes


def test_virtual_opponent_2009_rule_examples():
    # Example 1: round 3 of 9, P did not show up with 1.5 after 2 rounds: Svon = 5.5.
    t = tournament_from_text(4, ["1-2 1-0, 3-4 =", "1-3 =, 2-4 ="], total_rounds=9)
    data = event_data(t)
    score, why = dummy_opponent_score(data, 1, 3, RuleSet.FIDE_2017_VIRTUAL_OPPONENT, {})
    assert data.value(score) == Fraction(11, 2) and "virtual opponent" in why
    # Example 2: round 6 of 9, P's opponent did not show up, P had 3.5: Svon = 5.0.
    rounds = ["1-2 1-0, 3-4 =", "1-3 1-0, 2-4 =", "1-4 1-0, 2-3 =", "1-2 0-1, 3-4 =", "1-3 =, 2-4 =", "1-4 +-"]
    t = tournament_from_text(4, rounds, total_rounds=9)
    data = event_data(t)
    score, _ = dummy_opponent_score(data, 1, 6, RuleSet.FIDE_2017_VIRTUAL_OPPONENT, {})
    assert data.value(score) == 5


def test_virtual_opponent_rules_count_opponents_unplayed_games_as_draws(tb):
    t = tb.fixture("hc03_unplayed_rules")
    abh = tb.values(t, "ABH", fide_rules="fide-2017-virtual-opponent")
    assert abh[6] == 2              # four unplayed rounds at 1/2, one lost game
    assert abh[1] == 4              # the forfeit win counts as a draw for opponents


@pytest.mark.parametrize("day, expected", [
    (date(2026, 3, 1), RuleSet.FIDE_2026),
    (date(2026, 2, 28), RuleSet.FIDE_2024),
    (date(2023, 9, 1), RuleSet.FIDE_2024),
    (date(2023, 8, 31), RuleSet.FIDE_2017_VIRTUAL_OPPONENT),
    (None, RuleSet.FIDE_2026),
])
def test_rule_set_by_event_date(day, expected):
    assert rule_set_for_date(day) is expected


def test_rule_set_by_date_option_and_modifier():
    t = tournament_from_text(2, ["1-2 1-0"], start_date="2025/05/01")
    context = TiebreakContext(t, date(2025, 5, 1))
    assert rule_set(parse_spec("BH"), context) is RuleSet.FIDE_2024
    assert rule_set(parse_spec("BH/V2"), context) is RuleSet.FIDE_2026
    forced = TiebreakContext(t, date(2025, 5, 1), {"fide_rules": "fide-2026"})
    assert rule_set(parse_spec("BH"), forced) is RuleSet.FIDE_2026
    assert rule_set(parse_spec("BH/V1"), forced) is RuleSet.FIDE_2024
    with pytest.raises(UsageError, match="fide_rules"):
        rule_set(parse_spec("BH"), TiebreakContext(t, None, {"fide_rules": "fide-1999"}))


def test_archived_event_uses_the_rules_of_its_date(tb):
    t = tb.fixture("hc04_fide2026_laxman")
    from dataclasses import replace
    archived = replace(t, start_date="2025/06/01")
    assert tb.values(archived, "BH")[1] == 57     # uncapped dummy before March 2026
    assert tb.values(t, "BH")[1] == 55
