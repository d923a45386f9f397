"""The drawing of pairing numbers: by lot, and restricted by the Varma tables (C.05 Annex 2)."""

from __future__ import annotations

import re

import pytest

from rulesengine_fide.round_robin.varma import Entrant, draw_by_lot, draw_varma, drawing_order, varma_groups

# C.05 Annex 2, point 5, as the handbook prints it (http://handbook.fide.com/chapter/C05Annex2).
ANNEX_2 = """
9/10 players: A: (3, 4, 8); B: (5, 7, 9); C: (1, 6); D: (2, 10)
11/12 players: A: (4, 5, 9, 10); B: (1, 2, 7); C: (6, 8, 12); D: (3, 11)
13/14 players: A: (4, 5, 6, 11, 12); B: (1, 2, 8, 9); C: (7, 10, 13); D: (3, 14)
15/16 players: A: (5, 6, 7, 12, 13, 14); B: (1, 2, 3, 9, 10); C: (8, 11, 15); D: (4, 16)
17/18 players: A: (5, 6, 7, 8, 14, 15, 16); B: (1, 2, 3, 10, 11, 12); C: (9, 13, 17); D: (4, 18)
19/20 players: A: (6, 7, 8, 9, 15, 16, 17, 18); B: (1, 2, 3, 11, 12, 13, 14); C: (5, 10, 19); D: (4, 20)
21/22 players: A: (6, 7, 8, 9, 10, 17, 18, 19, 20); B: (1, 2, 3, 4, 12, 13, 14, 15); C: (11, 16, 21); D: (5, 22)
23/24 players: A: (6, 7, 8, 9, 10, 11, 19, 20, 21, 22); B: (1, 2, 3, 4, 13, 14, 15, 16, 17); C: (12, 18, 23); D: (5, 24)
"""


def _annex() -> dict[int, dict[str, tuple[int, ...]]]:
    out = {}
    for line in ANNEX_2.strip().splitlines():
        size = int(line.split("/")[1].split()[0])
        out[size] = {name: tuple(int(n) for n in numbers.split(", "))
                     for name, numbers in re.findall(r"([ABCD]): \(([\d, ]+)\)", line)}
    return out


@pytest.mark.parametrize("size", range(10, 25, 2))
def test_the_groups_are_annex_2s_and_share_out_the_numbers(size):
    assert varma_groups(size) == _annex()[size]
    assert sorted(n for group in varma_groups(size).values() for n in group) == list(range(1, size + 1))


def test_an_odd_field_leaves_out_the_highest_number_its_bye():
    assert varma_groups(9) == {"A": (3, 4, 8), "B": (5, 7, 9), "C": (1, 6), "D": (2,)}
    assert varma_groups(8) is None and varma_groups(25) is None


def test_federations_draw_by_size_then_fide_code_and_players_by_name_annex_2_point_2():
    entrants = [Entrant(1, "Zed", "NOR"), Entrant(2, "Ann", "GER"), Entrant(3, "Bea", "NOR"), Entrant(4, "Cy", "ESP"),
                Entrant(5, "Al", "NOR"), Entrant(6, "Dee", "ESP")]
    assert [[e.start_rank for e in group] for group in drawing_order(entrants)] == [[5, 3, 1], [4, 6], [2]]


def _field(federations: str) -> list[Entrant]:
    return [Entrant(i, f"Player {i:02}", fed) for i, fed in enumerate(federations.split(), start=1)]


def test_a_federations_players_draw_their_numbers_from_one_group():
    field = _field("IND IND IND IND RUS RUS RUS USA USA NOR NOR ESP")   # 12 players
    groups = varma_groups(12)
    for seed in ("a", "b", "c", "2026"):
        draw = draw_varma(field, seed)
        assert draw.method == "Varma" and sorted(draw.numbers.values()) == list(range(1, 13))
        for federation in ("IND", "RUS", "USA", "NOR"):
            numbers = {draw.numbers[e.start_rank] for e in field if e.federation == federation}
            assert any(numbers <= set(group) for group in groups.values()), (seed, federation, numbers)


def test_the_drawing_is_reproducible_from_its_seed_and_changes_with_it():
    field = _field("IND IND IND RUS RUS USA USA NOR NOR ESP")
    assert draw_varma(field, "x").numbers == draw_varma(field, "x").numbers
    assert len({tuple(sorted(draw_varma(field, str(s)).numbers.items())) for s in range(20)}) > 1
    assert draw_by_lot(field, "x").numbers == draw_by_lot(field, "x").numbers
    assert sorted(draw_by_lot(field, "x").numbers.values()) == list(range(1, 11))


def test_a_field_without_a_table_or_federations_is_drawn_by_lot():
    assert draw_varma(_field("A B C D E F"), "s").method == "lot"
    assert draw_varma([Entrant(i, f"P{i}") for i in range(1, 11)], "s").method == "lot"


def test_a_contingent_larger_than_every_group_draws_from_all_numbers_left_and_says_so():
    draw = draw_varma(_field("IND " * 7 + "RUS USA NOR"), "s")   # 7 of 10 players from one federation
    assert sorted(draw.numbers.values()) == list(range(1, 11))
    assert draw.notes == ("federation IND: 7 players, more than any group left: drawn from all numbers left",)
