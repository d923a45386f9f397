"""The Berger tables (C.05 Annex 1) equal the published ones; double round robins and odd fields."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulesengine_fide.round_robin.berger import (PLAIN, SWAP_LAST_TWO, berger_round, cycle_order, cycles_for,
                                                 event_round, table_size)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from published_tables import PUBLISHED, published_rounds  # noqa: E402


def _rounds(players: int, cycles: int = 1, variant: str = SWAP_LAST_TWO) -> list[list[tuple[int, int]]]:
    total = len(cycle_order(players, cycles, variant))
    return [[(g.white, g.black) for g in event_round(players, r, cycles, variant)] for r in range(1, total + 1)]


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_the_table_equals_the_published_berger_table_c05_annex_1(size):
    assert _rounds(size) == published_rounds(size)


@pytest.mark.parametrize("players", [3, 5, 7, 9, 11, 13, 15])
def test_an_odd_field_uses_the_next_table_and_the_highest_number_is_the_bye(players):
    assert table_size(players) == players + 1
    assert _rounds(players) == published_rounds(players + 1)
    byes = [next(b if w == players + 1 else w for w, b in games if players + 1 in (w, b)) for games in _rounds(players)]
    assert sorted(byes) == list(range(1, players + 1))   # each player has the bye exactly once


def test_the_last_number_stays_on_board_1_black_in_odd_rounds_white_in_even_ones():
    for r in range(1, 16):
        first = berger_round(16, r)[0]
        assert 16 in (first.white, first.black)
        assert (first.black == 16) == (r % 2 == 1)


@pytest.mark.parametrize("size", range(4, 31, 2))
def test_every_pair_meets_once_and_no_one_has_three_equal_colours_in_a_row(size):
    met = set()
    colours = {n: "" for n in range(1, size + 1)}
    for games in _rounds(size):
        assert sorted(n for g in games for n in g) == list(range(1, size + 1))
        for white, black in games:
            met.add(frozenset((white, black)))
            colours[white] += "W"
            colours[black] += "B"
    assert len(met) == size * (size - 1) // 2
    assert not any("WWW" in c or "BBB" in c for c in colours.values())


def _streaks(rounds: list[list[tuple[int, int]]]) -> set[int]:
    """The numbers who play three games in a row with one colour."""
    colours: dict[int, str] = {}
    for games in rounds:
        for white, black in games:
            colours[white] = colours.get(white, "") + "W"
            colours[black] = colours.get(black, "") + "B"
    return {n for n, c in colours.items() if "WWW" in c or "BBB" in c}


def test_the_second_cycle_repeats_the_table_with_colours_reversed():
    double = _rounds(6, 2, PLAIN)
    assert len(double) == 10
    assert double[5:] == [[(b, w) for w, b in games] for games in published_rounds(6)]


@pytest.mark.parametrize("size", range(6, 21, 2))
def test_swapping_the_first_cycles_last_two_rounds_avoids_three_equal_colours_c05_annex_1(size):
    # Vega's manual (Appendix C) on the plain double table: number 1 plays black three times in a row.
    assert 1 in _streaks(_rounds(size, 2, PLAIN))
    assert _streaks(_rounds(size, 2, SWAP_LAST_TWO)) == set()
    swapped, single = _rounds(size, 2, SWAP_LAST_TWO), _rounds(size)
    assert swapped[size - 3] == single[size - 2] and swapped[size - 2] == single[size - 3]
    assert swapped[size - 1:] == _rounds(size, 2, PLAIN)[size - 1:]


def test_a_single_round_robin_is_never_swapped_and_cycles_follow_from_the_rounds():
    assert _rounds(8, 1, SWAP_LAST_TWO) == _rounds(8, 1, PLAIN) == published_rounds(8)
    assert (cycles_for(8, 7), cycles_for(8, 14), cycles_for(7, 14), cycles_for(4, 6)) == (1, 2, 2, 2)


def test_a_round_outside_the_table_is_a_clear_error():
    with pytest.raises(ValueError, match="rounds 1-7, not 8"):
        berger_round(8, 8)
    with pytest.raises(ValueError, match="has rounds 1-14, not 15"):
        event_round(8, 15, 2)


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_the_round_robin_grids_placement_of_games_is_the_same_table(size):
    # The workbook's round-robin layout places each grid cell in the Berger round and colours
    # (rulesengine.workbook.layouts.round_robin.berger_round): one table, two ways to read it.
    from rulesengine.workbook.layouts.round_robin import berger_round as grid_round
    for r, games in enumerate(published_rounds(size), start=1):
        for white, black in games:
            assert grid_round(white, black, size) == grid_round(black, white, size) == (r, white, black)
