"""Property: any tournament written as TRF reads back as the same tournament."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.formats.trf import parse_trf, write_trf
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament

GAME_RESULTS = [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"),
                ("W", "L"), ("L", "W"), ("D", "D")]
BYES = ["U", "H", "F", "Z", "-", " "]
NAMES = st.text(alphabet=st.sampled_from("abcÁéïøŁłЖжйعلي ,.'-"), min_size=1, max_size=30).map(str.strip).filter(bool)


@st.composite
def tournaments(draw) -> Tournament:
    count = draw(st.integers(2, 12))
    rounds = draw(st.integers(1, 6))
    entries: dict[int, list[RoundEntry]] = {p: [] for p in range(1, count + 1)}
    for r in range(1, rounds + 1):
        order = draw(st.permutations(range(1, count + 1)))
        pairs = draw(st.integers(0, count // 2))
        for i in range(pairs):
            white, black = order[2 * i], order[2 * i + 1]
            w, b = draw(st.sampled_from(GAME_RESULTS))
            double = w == b == "-"
            entries[white].append(RoundEntry(r, black, Colour.WHITE, ResultCode(w), double))
            entries[black].append(RoundEntry(r, white, Colour.BLACK, ResultCode(b), double))
        for sno in order[2 * pairs:]:
            code = ResultCode(draw(st.sampled_from(BYES)))
            colour = Colour.NONE
            entries[sno].append(RoundEntry(r, None, colour, code))
    players = tuple(
        Player(start_rank=sno, name=draw(NAMES), rounds=tuple(entries[sno]),
               rating=draw(st.one_of(st.none(), st.integers(1000, 2900))))
        for sno in range(1, count + 1))
    tournament = Tournament(name="Generated", players=players, rounds=rounds)
    # Declare the computed totals, as a tournament program would write them.
    return replace(tournament, players=tuple(replace(p, declared_points=tournament.points[p.start_rank])
                                             for p in players))


@settings(max_examples=150, deadline=None)
@given(tournaments())
def test_written_trf_reads_back_unchanged(tournament: Tournament):
    text = write_trf(tournament)
    back = parse_trf(text)
    assert back.rounds == tournament.rounds
    for original in tournament.players:
        read = back.player(original.start_rank)
        assert read.name == original.name
        assert read.rating == original.rating
        assert [read.entry(r) for r in range(1, tournament.rounds + 1)] == \
               [original.entry(r) for r in range(1, tournament.rounds + 1)]
    assert back.points == tournament.points
    assert write_trf(back) == text
