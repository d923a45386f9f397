"""Players built from round columns (`Player.from_columns`, what the TRF reader makes) are the same
players as those built from entries, and the FIDE event table built from the columns is the same
table whether its rows are read one by one or all at once."""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from rulesengine.formats.trf import format_player_line, parse_trf, read_trf
from fixture_data import TEAM_KINDS
from rulesengine.model import Colour, Player, ResultCode, RoundColumns, RoundEntry
from rulesengine_fide.tiebreaks.event import _build

W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
DATA = Path(__file__).resolve().parents[1] / "data"

ENTRIES = (
    RoundEntry(1, 7, W, ResultCode.WIN),
    RoundEntry(2, None, N, ResultCode.HALF_POINT_BYE),
    RoundEntry(3, 4, B, ResultCode.FORFEIT_LOSS, True),
    RoundEntry(4, None, N, ResultCode.FORFEIT_LOSS),     # TRF `0000 - -`: absent
    RoundEntry(5, 9, B, ResultCode.UNRATED_DRAW),
)


def test_columns_of_a_player_built_from_entries() -> None:
    player = Player(3, "Ольга Ершова", ENTRIES, rating=2100)
    assert player.columns == RoundColumns(
        (7, 0, 4, 0, 9), (W, N, B, N, B),
        (ResultCode.WIN, ResultCode.HALF_POINT_BYE, ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS,
         ResultCode.UNRATED_DRAW),
        frozenset({3}))


def test_a_player_from_columns_is_the_same_player() -> None:
    eager = Player(3, "Ольга Ершова", ENTRIES, rating=2100, federation="RUS")
    lazy = Player.from_columns(eager.columns, start_rank=3, name="Ольга Ершова", rating=2100, federation="RUS")
    assert "rounds" not in vars(lazy)          # not built until read
    assert lazy == eager and hash(lazy) == hash(eager) and repr(lazy) == repr(eager)
    assert lazy.rounds == ENTRIES and [e.double_forfeit for e in lazy.rounds] == [False, False, True, False, False]
    assert lazy.entry(4).opponent is None and lazy.entry(9).code is ResultCode.NOT_PAIRED
    assert pickle.loads(pickle.dumps(lazy)) == eager and copy.deepcopy(lazy) == eager
    assert replace(lazy, name="Olga").rounds == ENTRIES
    assert Player(1, "x").rounds == () and Player.rounds == ()


def test_from_columns_refuses_unknown_or_missing_fields() -> None:
    columns = RoundColumns((), (), ())
    with pytest.raises(TypeError, match="rounds"):
        Player.from_columns(columns, start_rank=1, name="x", rounds=())
    with pytest.raises(TypeError, match="name"):
        Player.from_columns(columns, start_rank=1)


def test_a_read_trf_equals_the_same_players_built_from_entries() -> None:
    """Every fixture TRF: its lazily built players equal players built from their own entries,
    and the scores computed from the columns equal those summed entry by entry."""
    files = sorted(p for p in DATA.rglob("*.trf") if p.parent.name not in TEAM_KINDS)   # individual events
    assert len(files) > 40
    for path in files:
        tournament = read_trf(path)
        for player in tournament.players:
            eager = Player(**{name: getattr(player, name) for name in Player.__dataclass_fields__})
            assert eager == player and eager.columns == player.columns, (path, player.start_rank)
            summed = sum(map(tournament.scoring.points, tournament.entries(player.start_rank)))
            assert tournament.points[player.start_rank] == summed, (path, player.start_rank)


def _trf() -> str:
    """Four players: 1 and 3 play both rounds, 2 takes a half-point bye, 4 is absent in round 2."""
    def player(sno: int, rating: int, *rounds: tuple[int | None, Colour, ResultCode]) -> Player:
        return Player(sno, f"Player {sno}", tuple(RoundEntry(r, *e) for r, e in enumerate(rounds, 1)), rating=rating)
    players = [player(1, 2000, (2, W, ResultCode.WIN), (3, B, ResultCode.WIN)),
               player(2, 1900, (1, B, ResultCode.LOSS), (None, N, ResultCode.HALF_POINT_BYE)),
               player(3, 1800, (4, B, ResultCode.LOSS), (1, W, ResultCode.LOSS)),
               player(4, 1700, (3, W, ResultCode.WIN), (None, N, ResultCode.FORFEIT_LOSS))]
    return "012 columns\n062 4\n092 Swiss\n" + "".join(format_player_line(p, 2) + "\n" for p in players)


def test_the_event_table_reads_the_same_built_lazily_or_at_once() -> None:
    lazy = _build(parse_trf(_trf()))
    assert lazy.all_over_the_board == {1, 3}
    assert len(lazy.table) == 4 and 3 in lazy.table and 9 not in lazy.table and lazy.table.get(9) is None
    row = lazy.table[1][1]                    # built on first look-up
    assert (row.number, row.opponent, row.black, row.over_the_board, row.win_result) == (2, 3, True, True, True)
    assert lazy.codes[1] == (ResultCode.WIN, ResultCode.WIN) and lazy.round_points[2] == (0, 1)
    whole = _build(parse_trf(_trf()))
    assert dict(whole.table.items()) == dict(lazy.table.items()) and sorted(whole.table) == [1, 2, 3, 4]
    assert whole == lazy and lazy.last_paired == {1: 2, 2: 1, 3: 2, 4: 1} and lazy.totals == {1: 4, 2: 1, 3: 0, 4: 2}
    with pytest.raises(KeyError):
        lazy.table[9]


# --- the fast routes of `rulesengine.round_columns` and `fast_init` against the plain definitions

from fractions import Fraction  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

from rulesengine.model import ScoringSystem, Tournament  # noqa: E402

entries = st.builds(lambda r, opponent, colour, code, double: (r, opponent, colour, code, double),
                    st.integers(1, 20), st.none() | st.integers(1, 50), st.sampled_from(list(Colour)),
                    st.sampled_from(list(ResultCode)), st.booleans())


@settings(max_examples=100, deadline=None)
@given(entries)
def test_a_round_entry_is_what_the_dataclass_init_builds(fields):
    """RoundEntry's `__init__` (slots set through their descriptors, `fast_init`) against the
    dataclass's own generated one, positionally and by keyword."""
    plain = object.__new__(RoundEntry)
    RoundEntry.__init__.__wrapped__(plain, *fields)
    by_name = dict(zip(("round", "opponent", "colour", "code", "double_forfeit"), fields))
    for fast in (RoundEntry(*fields), RoundEntry(**by_name)):
        assert type(fast) is RoundEntry and fast == plain and repr(fast) == repr(plain) and hash(fast) == hash(plain)
    assert RoundEntry(*fields[:4]) == RoundEntry(*fields[:4], False)


points = st.fractions(min_value=0, max_value=3, max_denominator=4)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.tuples(st.none() | st.integers(1, 9), st.sampled_from(list(ResultCode))), max_size=6),
                min_size=1, max_size=5),
       st.integers(0, 7), points, points, st.none() | points, points)
def test_points_in_units_are_the_points_of_every_entry_added(rounds, played, win, draw, bye, not_paired):
    """`Tournament.points` (units, `round_columns.totals`) against adding `ScoringSystem.points`
    of every entry as Fractions, missing rounds as not paired, under any scoring system."""
    scoring = ScoringSystem(win=win, draw=draw, pairing_allocated_bye=bye, not_paired=not_paired)
    players = tuple(Player(n, f"p{n}", tuple(RoundEntry(r, o, N, c) for r, (o, c) in enumerate(games, 1)))
                    for n, games in enumerate(rounds, 1))
    tournament = Tournament("t", players, played, scoring)
    assert tournament.points == {
        p.start_rank: sum((scoring.points(p.entry(r)) for r in range(1, played + 1)), Fraction(0)) for p in players}
