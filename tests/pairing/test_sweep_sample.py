"""Tournaments of the random sweeps against the endorsed engines (tests/data/pairing_sweep/README.md):
every round re-paired from the rounds before it gives the engine's games, colours and PAB.

* `sample_2025/`: 190 tournaments of 5-30 players by bbpPairings 6.0.0 (the 2025 text);
* `sample_2017/`: 104 by bbpPairings 5.0.1 (the 2017 text; their start date, 2025, selects it);
* the files beside them: the differences the sweeps found and the fixes, one per article.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulesengine.formats.trf import read_trf
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.texts import TEXT_2017, TEXT_2025

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import mismatched_rounds  # noqa: E402

SWEEP = Path(__file__).resolve().parents[1] / "data" / "pairing_sweep"
FILES = sorted(SWEEP.glob("*.trf"))
SAMPLE_2025 = sorted((SWEEP / "sample_2025").glob("*.trf"))
SAMPLE_2017 = sorted((SWEEP / "sample_2017").glob("*.trf"))


def _games(path: Path, round_number: int, text=None):
    result = pair_round(read_trf(path), round_number, text=text)
    return sorted((b.white, b.black) for b in result.boards), result.pab


def test_the_samples_are_present():
    assert (len(FILES), len(SAMPLE_2025), len(SAMPLE_2017)) == (15, 190, 104)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_round_matches_the_endorsed_engine(path):
    assert mismatched_rounds(path) == []


@pytest.mark.parametrize("path", SAMPLE_2025, ids=lambda p: p.stem)
def test_the_2025_sample_matches_bbppairings_6(path):
    assert mismatched_rounds(path) == []


@pytest.mark.parametrize("path", SAMPLE_2017, ids=lambda p: p.stem)
def test_the_2017_sample_matches_bbppairings_5(path):
    assert pair_round(read_trf(path), 1).text is TEXT_2017   # chosen by the start date (042)
    assert mismatched_rounds(path) == []


def test_two_players_who_both_missed_round_1_take_colours_by_pairing_number_e5():
    """s2412_00182: 99 v 273, 94 v 252, 112 v 299 all had a half-point bye in round 1. XXC black1:
    the odd pairing number 99 takes the initial colour (black), the even 94 and 112 white."""
    t = read_trf(SWEEP / "s2412_00182_p387_r5.trf")
    boards = {frozenset((b.white, b.black)): (b.white, b.black) for b in pair_round(t, 2).boards}
    assert [boards[frozenset(pair)] for pair in ((99, 273), (94, 252), (112, 299))] == [(273, 99), (94, 252),
                                                                                        (112, 299)]


def test_players_absent_from_every_round_so_far_are_not_yet_numbered_e5():
    """s2412_00095, round 2: 307 (a half-point bye in round 1, 1 point under 3/1/0) is higher than
    36 (a forfeit loss). Some players before 307 were absent in rounds 1 and 2 and are not yet in
    the list, so 307's pairing number among the players in the event is even: with XXC white1 it
    takes black, as bbpPairings pairs it (its raw pairing number is odd)."""
    t = read_trf(SWEEP / "s2412_00095_p349_r13.trf")
    board = next(b for b in pair_round(t, 2).boards if {b.white, b.black} == {36, 307})
    assert (board.white, board.black) == (36, 307)


def test_c9_counts_in_the_bracket_whose_single_downfloater_takes_the_pab():
    """s2413_00051, round 10: the PAB's score (C5) is the last bracket's; there C9 gives it to 9
    (2 unplayed games), the fewest among the candidates that leave the rest paired."""
    games, pab = _games(SWEEP / "s2413_00051_p23_r12.trf", 10)
    assert pab == 9 and (17, 15) in games


def test_c9_does_not_choose_a_downfloater_of_a_higher_bracket_c14_does():
    """s2424_01388, round 8: only 3 (1 unplayed game) and 4 (none) at 5 points may get the PAB (C5).
    The 4.5 bracket pairs one of them with 1: C9 is not in force there (the bracket sends other
    players down too), and C14 pairs 4, who downfloated last round, so 3 gets the PAB."""
    games, pab = _games(SWEEP / "s2424_01388_p13_r10.trf", 8)
    assert pab == 3 and (4, 1) in games


def test_an_mdp_paired_with_a_lower_resident_downfloats_again_c14_c16():
    """s2424_07227 (3/1/0), round 4: 1 and 2 (7 points) go down to 4 and 5; 2 and 4 (a PAB)
    downfloated two rounds ago. Pairing 2-5 leaves 4 down and gives 2, paired with a lower
    player, a downfloat again (1.4.2): two repeated downfloats (C16). Pairing 1-4 leaves only 2:
    one. So 1-4, 5-3 and the PAB to 2, as bbpPairings 6.0.0 pairs it (crediting 2 as "paired"
    would prefer 2-5 by C20)."""
    games, pab = _games(SWEEP / "s2424_07227_p5_r5.trf", 4)
    assert (games, pab) == ([(1, 4), (5, 3)], 2)


def test_the_2017_text_collapses_the_brackets_below_the_ppb_a9():
    """s517_00020 (2017 text), round 6: the 2-point bracket paired by its own criteria leaves a
    downfloater the rest cannot pair with, so it is the PPB, paired again without C.7, and 5
    then meets 16 in the collapsed last bracket [5, 13, 15, 16]. The 2025 text pairs group by group."""
    path = SWEEP / "s517_00020_p16_r9.trf"
    games, _ = _games(path, 6)
    assert (5, 16) in games and (15, 13) in games
    assert (5, 11) in _games(path, 6, TEXT_2025)[0]


def test_the_2017_text_minimises_the_pairing_score_difference_c6():
    """s517_00023 (2017 text), round 10: in the collapsed last bracket 2 (7.5) meets 13 (3) and 16
    (1.5) meets 3 (7): score differences 4.5 and 5.5, against 6 and 4 (2-16, 3-13), which the
    2025 criteria (downfloaters' scores: none) cannot tell apart."""
    games, _ = _games(SWEEP / "s517_00023_p16_r11.trf", 10)
    assert (2, 13) in games and (16, 3) in games


def test_the_2017_text_minimises_the_score_difference_of_a_repeated_downfloat_c16():
    """s2017_00067 (2017 text), final round: 18 (3 points) downfloated last round and floats down
    again in the collapsed last bracket. C.16 minimises its score difference: 18 meets 17 (2,
    SD 1) rather than 19 (1, SD 2); 13 takes 19. The pairing score differences (C.6) and the
    colours tie."""
    games, _ = _games(SWEEP / "s2017_00067_p22_r8.trf", 8)
    assert (18, 17) in games and (13, 19) in games


def test_the_2017_text_counts_the_pab_of_the_last_bracket_as_a_pair_there_c7():
    """s2017_00704 (2017 text), round 7: the 2-point bracket's next bracket is the last. Sending
    18 down lets 18 meet 28 there and the eligible 26 take the PAB; sending 22 down would leave
    22 for the PAB beside 26-28. C.7 asks the next bracket's PSD: 18-28 with 26 left over beats
    26-28 with 22 left over, so 22 meets 27 and 26 gets the PAB, as bbpPairings 5.0.1 pairs it."""
    games, pab = _games(SWEEP / "s2017_00704_p29_r10.trf", 7)
    assert pab == 26 and (18, 28) in games and (27, 22) in games


def test_the_2017_collapsed_bracket_counts_repeated_upfloats_of_any_pair_c13():
    """s2017_01386 (2017 text), round 6: in the collapsed last bracket 20 (1.5 points) pairs a
    1-point player. 27 upfloated last round, so 20 takes 24 (C.13), and 27 meets 26."""
    games, pab = _games(SWEEP / "s2017_01386_p27_r9.trf", 6)
    assert pab == 21 and (24, 20) in games and (27, 26) in games


def test_the_2017_text_leaves_the_last_bracket_a_player_who_may_get_the_pab():
    """s2017_04065 (2017 text), round 5: 2 (3.5) comes down to the 2-point bracket, whose next
    bracket is the last: 6 and 9, neither of whom may get the PAB (C.2). Before the last bracket
    every pair counts once more per such player in it: 6-9 must play, so 4 (whose downfloat two
    rounds ago C.14 would repeat) is paired with 5 and 7 takes the PAB."""
    games, pab = _games(SWEEP / "s2017_04065_p9_r7.trf", 5)
    assert (games, pab) == ([(1, 3), (4, 5), (6, 9), (8, 2)], 7)


def test_d2c_the_exchange_moving_the_highest_number_out_of_s1_comes_first():
    """s2019_02793 round 11 (2017 text): the collapsed last bracket 38 39 41 42 52 53 | 54 48 49 55 50
    51 (BSN 1-12; 29 above it takes the PAB) needs two exchanges, and every criterion ties between
    moving BSN 2 and 6 out of S1 and moving 3 and 5 (8 and 9 joining S1 either way, the same sums).
    D.2 c: the highest different BSN leaving S1 comes first (6 > 5; the text: "5-2 is better than
    4-3"), so 38 v 39, 41 v 53, 52 v 54, as bbpPairings 5.0.1; keeping the lowest BSNs in S1
    instead gave 39 v 41, 38 v 52, 53 v 54."""
    t = read_trf(SWEEP / "s2019_02793_p55_r11.trf")
    boards = {(b.white, b.black) for b in pair_round(t, 11).boards}
    assert {(39, 38), (41, 53), (54, 52)} <= boards and pair_round(t, 11).pab == 29
