"""The team TRF reader's fast path (issue 22 item 6) equals the plain definitions it stands for.

The reader takes each board from the players' columns (`Player.columns`), each result code's
points once, and a match's game points in whole units of the scoring system. Here every board of
every match is checked against the plain `RoundEntry` reading (`Player.entry`, `Scoring.points`,
`RoundEntry.played`) and every match's game points against a plain `Fraction` sum (C.07 art. 12
intro: a team's game points are its boards' points), on the 12 team fixtures and on the generated
event of `bench/team_event.py`.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from fixture_data import fixture_files
from rulesengine.errors import InputError
from rulesengine.formats.team_trf import parse_team_trf, read_team_trf
from rulesengine.team import MatchKind, TeamTournament

TEAM_FILES = fixture_files("team", "*.trf")
BENCH = Path(__file__).resolve().parents[2] / "bench"


def generated_text(teams: int, boards: int, rounds: int, seed: int) -> str:
    """A generated team Swiss (bench/team_event.py)."""
    sys.path.insert(0, str(BENCH))
    try:
        from team_event import team_trf
    finally:
        sys.path.remove(str(BENCH))
    return team_trf(teams, boards, rounds, seed)


def generated_event(teams: int, boards: int, rounds: int, seed: int) -> TeamTournament:
    return parse_team_trf(generated_text(teams, boards, rounds, seed), source="generated.trf")


def assert_boards_are_the_plain_reading(event: TeamTournament) -> int:
    """Every match's boards and game points against the plain definitions; the boards checked."""
    t, checked = event.individual, 0
    for team in event.teams:
        for r in team.rounds:
            if r.kind is not MatchKind.MATCH:
                continue
            assert r.game_points == sum((b.points for b in r.boards), Fraction(0)), (team.number, r.round)
            assert type(r.game_points) is Fraction
            for board in r.boards:
                if board.player is None:
                    assert (board.opponent, board.points, board.over_the_board) == (None, 0, False)
                    continue
                entry = t.player(board.player).entry(r.round)
                assert board.opponent == entry.opponent, (board.player, r.round)
                assert board.points == t.scoring.points(entry), (board.player, r.round)
                assert board.over_the_board == entry.played, (board.player, r.round)
                checked += 1
    return checked


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_each_fixture_board_is_the_plain_entry_reading(path):
    assert assert_boards_are_the_plain_reading(read_team_trf(path)) > 0


def test_the_generated_bench_event_boards_are_the_plain_entry_reading():
    event = generated_event(21, 6, 7, 2026)   # odd: a team PAB each round (record 320)
    assert sum(r.kind is MatchKind.PAIRING_ALLOCATED_BYE for team in event.teams for r in team.rounds) == 7
    # 10 matches a round, at most 6 players fielded on each side
    assert 0 < assert_boards_are_the_plain_reading(event) <= 7 * 10 * 2 * 6


def test_reading_builds_no_round_entry_of_the_players():
    """The boards come from the columns: no player's `rounds` is built by reading the team file."""
    event = generated_event(20, 4, 5, 7)
    assert not any("rounds" in vars(player) for player in event.individual.players)
    assert event.individual.player(1).entry(1).opponent is not None   # built when asked for


# ---------------------------------------------------------------- matches read from the round columns
# A match with no set-aside forfeit win and no record 300 is read from its round's columns in C
# (`_TeamReader._ordinary_match`): its game points, the team met and whether a game was played,
# its boards built only when read (`TeamRound.with_boards_later`). `plain=True` reads every match
# board by board; the two must give equal events, and equal errors for bad input.

TEAM_SWISS_FILES = fixture_files("team_swiss", "*.trf")


def read_both(text: str) -> tuple[TeamTournament, TeamTournament]:
    return parse_team_trf(text, source="in.trf"), parse_team_trf(text, source="in.trf", plain=True)


def assert_same_event(fast: TeamTournament, plain: TeamTournament) -> None:
    # read before the boards are built: the values the reader stored
    stored = [(r.over_the_board, r.game_points) for team in fast.teams for r in team.rounds]
    assert fast == plain   # dataclass equality reads (and builds) every match's boards
    assert stored == [(r.over_the_board, r.game_points) for team in plain.teams for r in team.rounds]
    for team in fast.teams:
        for r in team.rounds:   # the stored flag is the property's definition from the boards
            assert r.over_the_board == (r.kind is MatchKind.MATCH and any(b.over_the_board for b in r.boards))


@pytest.mark.parametrize("path", TEAM_FILES + TEAM_SWISS_FILES, ids=lambda p: p.stem)
def test_each_file_reads_the_same_with_and_without_the_fast_path(path):
    assert_same_event(*read_both(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("size", [(21, 6, 7, 2026), (20, 4, 5, 7), (40, 6, 9, 3), (33, 10, 11, 11)])
def test_generated_events_read_the_same_with_and_without_the_fast_path(size):
    fast, plain = read_both(generated_text(*size))
    assert_same_event(fast, plain)
    matches = [r for team in fast.teams for r in team.rounds if r.kind is MatchKind.MATCH]
    assert matches and all(r.match_points in (0, 1, 2) for r in matches)


def test_a_standings_run_builds_no_board():
    """The ranking reads each round's game points and `over_the_board`, never the boards of a
    match read from the columns (FIDE_TEAM order, as the bench ranks)."""
    from rulesengine import api
    from rulesengine.registry import build_registry
    event = parse_team_trf(generated_text(21, 6, 7, 2026), source="in.trf")
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    api.team_standings(event, ("EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"), registry)
    lazy = [r for team in event.teams for r in team.rounds if "boards_later" in vars(r)]
    assert lazy and not any("boards" in vars(r) for r in lazy)


def _blocks(lines: list[str]) -> dict[int, int]:
    return {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001")}


def _set_block(lines: list[str], i: int, rnd: int, block: str) -> None:
    start = 89 + 10 * (rnd - 1)
    lines[i] = lines[i][:start] + block + lines[i][start + 10:]


def error_on_both_paths(lines: list[str]) -> str:
    """The error message reading `lines` gives, the same with and without the fast path."""
    messages = []
    for plain in (False, True):
        with pytest.raises(InputError) as caught:
            parse_team_trf("\n".join(lines), source="in.trf", plain=plain)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    return messages[0]


def test_a_team_facing_two_teams_gives_the_same_errors_on_both_paths():
    """Two games of round 1 between four teams re-paired crosswise, both lines of each game
    agreeing: every player line is sound, but each team faces two teams (located errors)."""
    lines = generated_text(21, 6, 7, 2026).split("\n")
    index = _blocks(lines)
    # start ranks 1, 8, 15, 22 are board 1 of teams 1-4; 1 meets 8 and 15 meets 22 in round 1
    assert [lines[index[s]][91:95] for s in (1, 15)] == ["0008", "0022"]
    _set_block(lines, index[1], 1, "  0022 w 1")
    _set_block(lines, index[22], 1, "  0001 b 0")
    _set_block(lines, index[15], 1, "  0008 w 1")
    _set_block(lines, index[8], 1, "  0015 b 0")
    assert "in.trf:11:92: round 1: team 1's players face teams 2, 4: a team meets one team in a round" in \
        error_on_both_paths(lines)


def test_a_board_the_opponent_does_not_answer_gives_the_same_error_on_both_paths():
    lines = generated_text(21, 6, 7, 2026).split("\n")
    index = _blocks(lines)
    _set_block(lines, index[1], 1, "  0008 w 1")
    _set_block(lines, index[8], 1, "  0001 b 1")   # both won
    assert "round 1: result '1' for player 1 does not match '1' given by player 8 on line 18" in \
        error_on_both_paths(lines)


def test_a_reserve_with_a_half_point_bye_adds_nothing_to_the_match_on_either_path():
    """A player not fielded (no opponent) with an individual bye (`0000 - H`) is on no board:
    the match's game points are its boards' points only (C.07 art. 12 intro)."""
    lines = generated_text(21, 6, 7, 2026).split("\n")
    index = _blocks(lines)
    reserve = next(sno for sno, i in sorted(index.items()) if lines[i][89:99] == " " * 10)
    _set_block(lines, index[reserve], 1, "  0000 - H")
    fast, plain = read_both("\n".join(lines))
    assert_same_event(fast, plain)
    team = next(team for team in fast.teams if reserve in team.players)
    first = team.rounds[0]
    assert reserve not in [b.player for b in first.boards]
    assert first.game_points == sum((b.points for b in first.boards), Fraction(0))


# ---------------------------------------------------------------- the players built when read
# The team reader reads the players' columns from their lines (`parse_trf_players_later`) and the
# individual event builds its players only when something reads them (`Tournament.with_players_later`).


def test_a_standings_run_builds_no_player():
    from rulesengine import api
    from rulesengine.registry import build_registry
    event = parse_team_trf(generated_text(21, 6, 7, 2026), source="in.trf")
    api.team_standings(event, ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"),
                       build_registry({"RULESENGINE_PLUGINS": "builtin"}))
    assert "players" not in vars(event.individual)
    assert event.individual.player(1).name == "Player 00001"   # built when asked for


@pytest.mark.parametrize("path", TEAM_FILES + TEAM_SWISS_FILES + fixture_files("tiebreak", "*.trf")[:20],
                         ids=lambda p: p.stem)
def test_the_players_read_later_are_the_players_read_at_once(path):
    """The same tournament, and each player's columns as read are her `Player.columns` (a team
    file's forfeit wins set aside, as the team reader reads it)."""
    from rulesengine.formats.team_trf import _set_aside
    from rulesengine.formats.trf import parse_trf, parse_trf_players_later
    text, _ = _set_aside(path.read_text(encoding="utf-8"))
    later, columns = parse_trf_players_later(text, "in.trf")
    assert "players" not in vars(later)
    at_once = parse_trf(text, "in.trf")
    assert later == at_once
    assert list(columns) == [p.start_rank for p in at_once.players]
    assert columns == {p.start_rank: (p.columns.opponents, p.columns.codes) for p in at_once.players}


def test_a_forfeit_win_naming_a_scheduled_opponent_is_put_back_the_same_on_both_paths():
    """`0008 w +` answered by `0000 - -`: set aside for the individual reader, then put back in
    the player's results with its opponent and colour (the player's line as written)."""
    from rulesengine.model import Colour, ResultCode
    lines = generated_text(21, 6, 7, 2026).split("\n")
    index = _blocks(lines)
    _set_block(lines, index[1], 1, "  0008 w +")
    _set_block(lines, index[8], 1, "  0000 - -")
    fast, plain = read_both("\n".join(lines))
    assert_same_event(fast, plain)
    entry = fast.individual.player(1).entry(1)
    assert (entry.opponent, entry.colour, entry.code) == (8, Colour.WHITE, ResultCode.FORFEIT_WIN)


def test_an_event_read_with_its_boards_and_players_to_come_pickles_to_an_equal_event():
    """Batch workers pickle events: what builds the boards and players later goes with them."""
    import pickle
    event = parse_team_trf(generated_text(20, 4, 5, 7), source="in.trf")
    again = pickle.loads(pickle.dumps(event))
    assert "players" not in vars(again.individual)
    assert again == event == parse_team_trf(generated_text(20, 4, 5, 7), source="in.trf", plain=True)


# ---------------------------------------------------------------- small checks done in C


@pytest.mark.parametrize("text", ["310 ...\n", "012 X\n310   1 A\n", "012 X\r310   1 A\r", "012 X\x0c013 A\n",
                                  "012 X\n 310 A\n", "012 X\n001    1\n", "", "013", "012 X\r\n013 A\r\n"])
def test_is_team_text_is_its_plain_definition(text):
    from rulesengine.formats.team_trf import TEAM_RECORDS, is_team_text
    assert is_team_text(text) == any(line[:3] in TEAM_RECORDS for line in text.splitlines())


@pytest.mark.parametrize("blocks", [["  0002 w 1", "  0003 b  "], ["          ", "  0000 - -", "  0004 w  "],
                                    ["  0002 w  ", "          ", "  0005 b 0"], ["  0000 - H", "  0002 b ="]])
def test_the_games_without_result_are_the_plain_reading(blocks):
    """`_Record.unfinished` (a pending round's games: an opponent and a blank result), picked in C."""
    from rulesengine.formats.trf import _Problems, _read_player_line
    first = next(line for line in generated_text(20, 4, 5, 7).split("\n") if line.startswith("001"))
    line = first[:89] + "".join(blocks)   # a player line's fields, then these round blocks
    record = _read_player_line(line, 1, "in.trf", _Problems())
    assert record.unfinished == tuple(i for i, (opponent, code) in enumerate(zip(record.opponents, record.codes))
                                      if opponent and code == " ")
    assert record.unfinished == tuple(i for i, block in enumerate(blocks) if block[2:6].strip("0 ") and block[9] == " ")


@pytest.mark.parametrize("text", ["012 X\n001    1\n", "012 X\r\n001    1\r\n", "012 X\r001    1", "\ufeff012 X\n\n",
                                  "012 X\n001    1\r", "", "\n", "012 X\r\n001    1\n\r\n"])
def test_a_text_with_nothing_set_aside_is_the_text_its_lines_join_back_to(text):
    """`_set_aside` returns the text itself when it sets nothing aside: the plain join of its
    lines and endings gives the same text."""
    from rulesengine.formats.team_trf import _set_aside
    from rulesengine.formats.trf import split_lines
    masked, found = _set_aside(text)
    lines, endings, _ = split_lines(text.lstrip("\ufeff"))
    assert not found and masked == "".join(line + ending for line, ending in zip(lines, endings))
