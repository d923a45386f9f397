"""Table numbers found from the games, and every round checked against the table (C.05 Annex 1)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rulesengine.api import load_event, load_tournament
from rulesengine.pairing import pairing_numbers_record
from rulesengine.errors import InputError
from rulesengine.team import match_tournament
from dataclasses import replace
from rulesengine_fide.round_robin.berger import PLAIN, SWAP_LAST_TWO
from rulesengine_fide.round_robin.check import check_rounds
from rulesengine_fide.round_robin.numbers import FROM_GAMES, FROM_RECORD, FROM_START_RANKS, table_numbers
from rulesengine_fide.round_robin.team import check_team_rounds, team_berger_round

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rr_events import table_event, table_lines  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"
SHUFFLED = {1: 5, 2: 3, 3: 8, 4: 1, 5: 7, 6: 2, 7: 6, 8: 4}   # start rank -> drawn table number


def test_start_ranks_that_follow_the_table_are_the_table_numbers():
    numbers = table_numbers(table_event(8, 7))
    assert (numbers.numbers, numbers.source, numbers.following, numbers.played) == (
        {s: s for s in range(1, 9)}, FROM_START_RANKS, 7, 7)
    assert all(not c.verdict for c in check_rounds(table_event(8, 7)))


@pytest.mark.parametrize("rounds", [2, 3, 7])
def test_drawn_numbers_are_found_from_the_games_played(rounds):
    numbers = table_numbers(table_event(8, rounds, SHUFFLED))
    assert (numbers.numbers, numbers.source, numbers.ambiguous) == (SHUFFLED, FROM_GAMES, False)
    assert "numbers found from the games played" in numbers.note()


def test_after_round_1_alone_the_numbers_cannot_be_told_apart():
    numbers = table_numbers(table_event(8, 1, SHUFFLED))
    assert numbers.source == FROM_GAMES and numbers.ambiguous


def test_a_recorded_numbering_is_used_as_drawn_and_a_wrong_one_is_refused_at_its_line():
    event = table_event(8, 1, SHUFFLED)
    recorded = replace(event, header=(pairing_numbers_record(SHUFFLED),), source="rr.trf")
    found = table_numbers(recorded)
    assert (found.numbers, found.source, found.following) == (SHUFFLED, FROM_RECORD, 1)
    wrong = replace(event, header=(pairing_numbers_record({**SHUFFLED, 8: 5}),), source="rr.trf")
    with pytest.raises(InputError, match=r"rr.trf:1:1: pairing numbers: the numbers are not 1-8, each once"):
        table_numbers(wrong)


def test_an_odd_field_gives_the_bye_of_the_highest_number():
    checks = check_rounds(table_event(7, 7))
    assert all(not c.verdict for c in checks)
    assert [c.rules.byes for c in checks] == [((1, "BYE"),), ((5, "BYE"),), ((2, "BYE"),), ((6, "BYE"),),
                                             ((3, "BYE"),), ((7, "BYE"),), ((4, "BYE"),)]


def test_a_double_round_robin_is_found_with_its_first_cycle_swapped_or_plain():
    for variant in (SWAP_LAST_TWO, PLAIN):
        numbers = table_numbers(table_event(6, 10, cycles=2, variant=variant))
        assert (numbers.variant, numbers.cycles, numbers.following) == (variant, 2, 10)


def test_a_round_with_colours_reversed_is_named_with_its_board():
    lines = table_lines(8, 7)
    lines[3] = lines[3].replace("7-5 1-0", "5-7 0-1")    # table round 4, board 2: 7-5
    checks = check_rounds(table_event(8, 7, lines=lines))
    assert [c.round for c in checks if c.verdict] == [4]
    assert checks[3].verdict == ("board 2: the Berger table (C.05 Annex 1, 8 numbers, round 4) pairs 7-5 (numbers 7-5); "
                                 "recorded with colours reversed (5-7)")
    assert checks[3].criterion == "Annex 1"


def test_a_round_paired_otherwise_names_who_met_whom():
    lines = table_lines(6, 5)
    lines[2] = "2-6 1-0, 3-4 1-0, 1-5 1-0"    # table round 3 is 2-6, 3-1, 4-5
    checks = check_rounds(table_event(6, 5, lines=lines))
    assert [c.round for c in checks if c.verdict] == [3]
    assert checks[2].verdict.startswith("board 2: the Berger table (C.05 Annex 1, 6 numbers, round 3) pairs 3-1 "
                                        "(numbers 3-1); recorded: 3 met 4")


def test_a_board_neither_player_has_a_game_on_is_not_played_not_a_difference():
    lines = table_lines(6, 5)
    lines[4] = "3-6 1-0, 4-2 1-0"              # 5-1 not entered (a withdrawal entered as absences)
    checks = check_rounds(table_event(6, 5, lines=lines))
    assert not checks[4].verdict
    assert [w.message for w in checks[4].warnings] == [
        "board 3: 5-1 (numbers 5-1) not played (neither has an opponent recorded)"]


def test_the_double_round_robin_fixture_follows_the_table_with_numbers_from_its_games():
    t = load_tournament(DATA / "tiebreak" / "rr05_n4_double.trf")     # from ../shared/fixtures/tiebreak
    numbers = table_numbers(t)
    assert (numbers.numbers, numbers.source, numbers.variant) == ({1: 1, 2: 4, 3: 3, 4: 2}, FROM_GAMES, PLAIN)
    assert all(not c.verdict for c in check_rounds(t))


def test_the_generators_own_round_robin_does_not_follow_the_table_from_round_1():
    # tiebreak/README.md: the tie-break fixtures' round robins come from a small generator of its own
    checks = check_rounds(load_tournament(DATA / "tiebreak" / "rr03_n8_single_withdraw.trf"))
    assert checks[0].verdict.startswith("board 2: the Berger table (C.05 Annex 1, 8 numbers, round 1)")


@pytest.mark.parametrize("name, rounds", [("rr01_t6_b4_r5", 5), ("rr04_t7_b4_r7_odd", 7),
                                          ("rr05_t6_b4_r10_double", 10)])
def test_team_round_robins_follow_the_berger_table_of_their_teams(name, rounds):
    # from ../shared/fixtures/team: paired by the FIDE Berger tables (gacrux's, 3-16 teams)
    event = load_event(DATA / "team" / f"{name}.trf")
    checks = check_team_rounds(event)
    assert len(checks) == rounds and all(not c.verdict for c in checks)
    assert table_numbers(match_tournament(event)).source == FROM_START_RANKS


def test_team_berger_round_gives_the_teams_table_round_first_named_team_white():
    event = load_event(DATA / "team" / "rr04_t7_b4_r7_odd.trf")
    paired = team_berger_round(event, 2)
    assert [(b.white, b.black) for b in paired.boards] == [(6, 4), (7, 3), (1, 2)]
    assert paired.byes == ((5, "BYE"),)
    double = load_event(DATA / "team" / "rr05_t6_b4_r10_double.trf")
    assert [(b.white, b.black) for b in team_berger_round(double, 6).boards] == [(6, 1), (5, 2), (4, 3)]


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 16).flatmap(lambda n: st.tuples(st.just(n), st.permutations(range(1, n + 1)),
                                                      st.integers(2, n - 1 + n % 2))))
def test_any_drawn_numbering_is_recovered_from_two_rounds_or_more(case):
    players, drawn, rounds = case
    numbers = dict(zip(range(1, players + 1), drawn))
    event = table_event(players, rounds, numbers)
    found = table_numbers(event)
    assert found.numbers == numbers and not found.ambiguous and found.following == rounds
    assert not any(c.verdict for c in check_rounds(event))


def test_a_withdrawal_entered_as_absences_does_not_hide_the_numbering():
    lines = table_lines(8, 7, SHUFFLED)
    lines[5] = ", ".join(lines[5].split(", ")[1:])          # round 6: board 1 not entered
    found = table_numbers(table_event(8, 7, SHUFFLED, lines=lines))
    assert (found.numbers, found.following, found.played) == (SHUFFLED, 7, 7)


def test_the_double_round_robin_variant_is_a_pairing_option_before_the_rounds_tell():
    from rulesengine.api import pair_round
    event = table_event(6, 2, cycles=2)
    swapped = pair_round(event, 4, "berger")                  # the Annex: table round 5 is played 4th
    plain = pair_round(event, 4, "berger", options={"double_round_robin": "plain"})
    assert [(b.white, b.black) for b in swapped.boards] == [(3, 6), (4, 2), (5, 1)]
    assert [(b.white, b.black) for b in plain.boards] == [(6, 5), (1, 4), (2, 3)]
