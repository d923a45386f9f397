"""Property (issue 22 item 2): any team event typed into the Matches sheet reads, exports and reads
back to the same event: every team's rounds (kind, opponent, MP, GP, each board) and every player's
own results. Events are drawn as the sheet holds them: 4 teams on 3 boards, each round two
matches (or a match, a bye and a forfeited match), board results from the whole notation,
boards left empty on one side."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from rulesengine.grid import Grid
from rulesengine.workbook.team.columns import MATCH_COLUMNS, TEAM_COLUMNS
from rulesengine.workbook.team.export import export
from rulesengine.workbook.team.read import read

TEAMS, BOARDS = 4, 3
PLAYED = ("1-0", "½-½", "0-1", "+/-", "-/+", "--")
SETTINGS = [["Setting", "Value"], ["Boards", BOARDS], ["Team points", "3/1/0"], ["Start date", "2026-05-02"]]


def _teams_grid() -> Grid:
    rows = [list(TEAM_COLUMNS)]
    for team in range(1, TEAMS + 1):
        for board in range(1, BOARDS + 2):   # a reserve
            rows.append([team if board == 1 else None, f"Team {team}" if board == 1 else None, None, board,
                         f"Player {team}.{board}"])
    return Grid("Teams", rows)


board = st.one_of(
    st.tuples(st.sampled_from(PLAYED), st.integers(1, BOARDS + 1), st.integers(1, BOARDS + 1)),
    st.tuples(st.just("+/-"), st.integers(1, BOARDS + 1), st.none()),      # the away side left empty
    st.tuples(st.just("-/+"), st.none(), st.integers(1, BOARDS + 1)))      # the home side left empty
round_ = st.tuples(st.permutations(range(1, TEAMS + 1)), st.sampled_from(["boards", "bye and forfeit"]),
                   st.lists(st.lists(board, min_size=BOARDS, max_size=BOARDS), min_size=2, max_size=2))


def _matches_grid(rounds) -> Grid:
    rows = [list(MATCH_COLUMNS)]
    for number, (order, shape, matches) in enumerate(rounds, start=1):
        pairs = [(order[0], order[1]), (order[2], order[3])]
        if shape == "bye and forfeit":
            rows.append([number, None, order[0], None, "PAB"])
            rows.append([number, None, order[2], "-/+", order[3]])
            pairs, matches = [], []
        for (home, away), boards in zip(pairs, matches):
            rows.append([number, None, home, None, away])
            used: set[tuple[str, int]] = set()
            for index, (result, mine, theirs) in enumerate(boards, start=1):
                # One player on one board a round: a drawn player already fielded sits out this board.
                mine = None if mine is None or ("h", mine) in used else mine
                theirs = None if theirs is None or ("a", theirs) in used else theirs
                used |= {("h", mine), ("a", theirs)}
                if mine is None and theirs is None:
                    rows.append([None, index])
                    continue
                if mine is None or theirs is None:
                    result = "+/-" if theirs is None else "-/+"
                rows.append([None, index, mine, result, theirs, "w" if index % 2 else "b"])
    return Grid("Matches", rows)


@settings(max_examples=60, deadline=None)
@given(st.lists(round_, min_size=1, max_size=4))
def test_a_typed_event_reads_exports_and_reads_back_unchanged(rounds):
    grids = {"Settings": Grid("Settings", SETTINGS), "Teams": _teams_grid(), "Matches": _matches_grid(rounds)}
    event = read(grids)
    again = read(export(event))
    assert again.teams == event.teams
    assert [p.rounds for p in again.individual.players] == [p.rounds for p in event.individual.players]
    assert (again.boards, again.team_points, again.forfeits, again.byes) == (event.boards, event.team_points,
                                                                             event.forfeits, event.byes)
    for team in event.teams:    # C.07 art. 11 with 3/1/0: MP of a match from its game points
        for r in team.rounds:
            if r.kind.value == "match":
                theirs = event.team(r.opponent).rounds[r.round - 1].game_points
                assert r.match_points == (3 if r.game_points > theirs else 1 if r.game_points == theirs > 0 else 0)
