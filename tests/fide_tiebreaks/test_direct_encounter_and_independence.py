"""Direct encounter (art. 6) within tied groups, and tie-breaks that cannot disturb each other."""

from __future__ import annotations

import random

from rulesengine.registry import build_registry
from rulesengine.standings import POINTS, compute_standings
from rulesengine.testing import tournament_from_text
from rulesengine.tiebreak import TiebreakContext, parse_spec
from rulesengine_fide.tiebreaks.direct_encounter import direct_encounter

REGISTRY = build_registry({"RULESENGINE_PLUGINS": "builtin"})


def de_tied(t, group, text="DE", **options):
    """DE for players forced into one tied group."""
    tied = {sno: (0 if sno in group else sno + 100) for sno in t.by_start_rank}
    context = TiebreakContext(t, None, options, ((POINTS, tied),))
    return direct_encounter(parse_spec(text), context).values


def test_all_met_ordered_by_their_games_art_6_2():
    # A beat B, B beat C, A drew C: A 1.5, B 1, C 0.5 among them.
    t = tournament_from_text(3, ["1-2 1-0", "2-3 1-0", "1-3 ="], kind="round robin")
    assert de_tied(t, {1, 2, 3}) == {1: 1, 2: 2, 3: 3}


def test_applied_again_within_each_subgroup_still_tied_art_6_2():
    # A 2, B 2, C 1, D 1 among them; then A beat B and D beat C.
    t = tournament_from_text(4, ["1-2 1-0, 3-4 0-1", "1-3 0-1, 2-4 1-0", "1-4 1-0, 2-3 1-0"], kind="round robin")
    assert de_tied(t, {1, 2, 3, 4}) == {1: 1, 2: 2, 4: 3, 3: 4}


def test_a_cycle_separates_nobody_value_zero():
    t = tournament_from_text(3, ["1-2 1-0", "2-3 1-0", "3-1 1-0"], kind="round robin")
    assert de_tied(t, {1, 2, 3}) == {1: 0, 2: 0, 3: 0}


def test_certain_leader_when_not_all_met_art_6_3():
    # Swiss: A beat B and C; B and C never met. Neither can reach A's 2 points: A first.
    t = tournament_from_text(4, ["1-2 1-0, 3-4 1-0", "1-3 1-0, 2-4 1-0"])
    assert de_tied(t, {1, 2, 3}) == {1: 1, 2: 2, 3: 2, 4: 0}


def test_no_certain_leader_when_a_missing_game_could_change_it_art_6_3():
    # A beat B; C met neither: C could still reach 1 point. Nobody separated.
    t = tournament_from_text(4, ["1-2 1-0, 3-4 1-0"])
    assert de_tied(t, {1, 2, 3}) == {1: 0, 2: 0, 3: 0, 4: 0}


def test_forfeits_count_only_with_p_in_a_swiss_art_6_1():
    t = tournament_from_text(2, ["1-2 +-"])
    assert de_tied(t, {1, 2}) == {1: 0, 2: 0}
    assert de_tied(t, {1, 2}, "DE/P") == {1: 1, 2: 2}


def test_fore_buchholz_before_buchholz_does_not_change_buchholz():
    # The reference engine's defect (tiebreak-research.md 3.8 item 2): a player with a zero-point
    # bye in round 2 and a forfeit loss in round 3; computing FB first changed the opponent's BH.
    t = tournament_from_text(6, [
        "1-6 1-0, 2-3 =, 4-5 0-1",
        "1-2 =, 3-5 1-0, 4 U, 6 Z",
        "2-6 +-, 1-3 0-1, 4-5 =",
    ])
    alone = compute_standings(t, REGISTRY.resolve_specs(["BH"]), REGISTRY).values["BH"]
    after_fb = compute_standings(t, REGISTRY.resolve_specs(["FB", "BH"]), REGISTRY).values["BH"]
    assert dict(alone) == dict(after_fb)


def test_every_tiebreak_gives_the_same_values_in_any_order(tb):
    t = tb.fixture("sw17_n30_r9_all")
    codes = ["BH", "BH/C1", "FB", "FB/C1", "AOB", "SB/C1", "PS", "KS", "ABH", "AFB", "WIN", "STD", "REP",
             "BH/V1", "SB/P"]
    reference = {code: tb.values(t, code) for code in codes}
    shuffled = codes[:]
    random.Random(7).shuffle(shuffled)
    standings = compute_standings(t, REGISTRY.resolve_specs(shuffled), REGISTRY)
    for code in codes:
        assert dict(standings.values[code]) == reference[code], code


def test_without_previous_criteria_the_groups_are_those_tied_on_points():
    t = tournament_from_text(3, ["1-2 1-0", "2-3 =", "3-1 0-1"], kind="round robin")
    # Points 2, 0.5, 0.5: only 2 and 3 are tied, and they drew: nobody is separated (taken as
    # one group of three, player 1 would have been placed first).
    assert direct_encounter(parse_spec("DE"), TiebreakContext(t)).values == {1: 0, 2: 0, 3: 0}
