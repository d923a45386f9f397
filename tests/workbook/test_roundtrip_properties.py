"""Property: a crosstable round-trips through every layout's grid unchanged (style.md)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.layouts.detect import detect_layout, read_crosstable

NAMES = ["محمد الأحمد", "Пётр Иванов", "Zoë Ødegaard", "José Núñez", "李娜", "Ana", "O'Neil, Cara",
         "Æsa-Marie Þórsdóttir", "Ngô Bảo Châu", "Ελένη Π.", "Dvořák, Jiří", "Smith Jr., Al"]
GAMES = [(ResultCode.WIN, ResultCode.LOSS), (ResultCode.LOSS, ResultCode.WIN), (ResultCode.DRAW, ResultCode.DRAW),
         (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS), (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
         (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)]
BYES = [ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.HALF_POINT_BYE, ResultCode.FULL_POINT_BYE,
        ResultCode.ZERO_POINT_BYE, ResultCode.NOT_PAIRED]


@st.composite
def tournaments(draw):
    n = draw(st.integers(2, len(NAMES)))
    rounds = draw(st.integers(1, 6))
    table: dict[int, list[RoundEntry]] = {s: [] for s in range(1, n + 1)}
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(list(range(1, n + 1))))
        absent = draw(st.integers(0, max(0, n - 2)))
        playing, resting = list(order[absent:]), list(order[:absent])
        if len(playing) % 2:
            resting.append(playing.pop())
        for white, black in zip(playing[::2], playing[1::2]):
            a, b = draw(st.sampled_from(GAMES))
            double = a is b is ResultCode.FORFEIT_LOSS
            table[white].append(RoundEntry(rnd, black, Colour.WHITE, a, double))
            table[black].append(RoundEntry(rnd, white, Colour.BLACK, b, double))
        for sno in resting:
            table[sno].append(RoundEntry(rnd, None, Colour.NONE, draw(st.sampled_from(BYES))))
    ratings = draw(st.lists(st.one_of(st.none(), st.integers(1000, 2800)), min_size=n, max_size=n))
    players = tuple(Player(s, NAMES[s - 1], tuple(sorted(table[s], key=lambda e: e.round)), rating=ratings[s - 1])
                    for s in table)
    return Tournament("Property Open", players, rounds)


def games(t: Tournament):
    return {p.start_rank: [(e.round, e.opponent, e.colour if e.opponent else Colour.NONE, e.code,
                            e.double_forfeit) for e in t.entries(p.start_rank)] for p in t.players}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.sampled_from(["template", "swiss_manager", "uschess_wallchart"]))
def test_a_crosstable_round_trips_through_each_layout(t, layout):
    grid = crosstable_grid(t, layout)
    assert detect_layout(grid) == layout
    back = read_crosstable(grid)
    assert [(p.start_rank, p.name, p.rating) for p in back.players] == \
        [(p.start_rank, p.name, p.rating) for p in t.players]
    assert games(back) == games(t)
    assert back.points == t.points
