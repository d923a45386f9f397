"""chess-results.com's XML of a team event read into a TeamTournament (issue 22 item 2).

`herbst_team_2025.xml` is hand-written after the operator's upload text and the shape of
Swiss-Manager's own team uploads (no real team upload is in the shared fixtures): 5 teams of 2
boards (team 1 with a reserve), 3 rounds, a team PAB each round (`no2="-1"`), players' `pts` as
Swiss-Manager writes them (a team PAB's point on boards 1..2). Every value below is worked by hand
from its results.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from rulesengine import api
from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.formats.chess_results import parse_chess_results, read_chess_results
from rulesengine.model import ResultCode
from rulesengine.team import MatchKind, TeamTournament

HERBST = Path(__file__).resolve().parent.parent / "data" / "published" / "chess_results" / "herbst_team_2025.xml"


def _text() -> str:
    return HERBST.read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def _problems(text: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        event, problems = parse_chess_results(text.encode("utf-8"), "t.xml")
        if problems:
            raise InputError(problems)
    return [str(p) for p in caught.value.problems]


def test_teams_matches_and_the_team_pab_are_read():
    event = read_chess_results(HERBST)
    assert isinstance(event, TeamTournament)
    assert (event.rounds, event.boards, event.kind, event.colour_sequence) == (3, 2, "swiss", "WB")
    assert [t.players for t in event.teams] == [(1, 2, 3), (4, 5), (6, 7), (8, 9), (10, 11)]  # board order
    # C.07 art. 11, 2/1/0: T1 W L D, T2 L D PAB, T3 D D L, T4 D PAB D, T5 PAB W W
    assert {t.number: (t.match_points, t.game_points) for t in event.teams} == {
        1: (3, Fraction(7, 2)), 2: (3, 3), 3: (2, Fraction(5, 2)), 4: (4, 4), 5: (6, 5)}
    pab = event.team(5).rounds[0]
    assert (pab.kind, pab.opponent, pab.match_points, pab.game_points) == (MatchKind.PAIRING_ALLOCATED_BYE, None, 2, 2)
    assert event.pab == (2, 2)
    match = event.team(1).rounds[1]   # round 2: the reserve (3) on board 2
    assert (match.opponent, [(b.number, b.player, b.opponent, b.points) for b in match.boards]) == \
        (5, [(1, 1, 10, Fraction(1, 2)), (2, 3, 11, 0)])
    # The players keep their own results; the PAB team's players are not paired (as the team TRF).
    assert event.individual.player(10).entry(1).code is ResultCode.NOT_PAIRED
    assert event.individual.points[8] == Fraction(3, 2)   # pts 2,5 = 1.5 + the PAB's point on board 1


def test_standings_prints_the_team_table(capsys):
    assert main(["standings", str(HERBST), "--tiebreaks", "MPTS,GPTS,BH", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    # BH:MP by C.07 art. 8.1 and 16 (2024 text): opponents' MP; a team's own PAB round a dummy
    # scoring its own MP (art. 16.4): T1 3+6+4, T2 3+2+3, T3 4+3+6, T4 2+4+3, T5 6+3+2.
    assert [(t["rank"], t["team"], t["mp"], t["gp"], t["tiebreaks"]["BH"]) for t in document["teams"]] == [
        (1, 5, 6, 5, 11), (2, 4, 4, 4, 9), (3, 1, 3, 3.5, 13), (4, 2, 3, 3, 8), (5, 3, 2, 2.5, 13)]


def test_the_published_team_table_is_kept_for_the_audit():
    event, problems = parse_chess_results(HERBST.read_bytes(), str(HERBST))
    assert problems == []
    table = event.table
    assert [(c.heading, c.legend) for c in table.columns] == [
        ("TB1", "chess-results tie-break 13 ()"), ("TB2", "chess-results tie-break 1 ()"),
        ("TB3", "chess-results tie-break 84 ()")]
    assert [(r.start_no, r.rank, r.points, r.values) for r in table.rows][:2] == [
        (1, 3, "3", ("3", "3,5", "10,0")), (2, 4, "3", ("3", "3,0", "8,0"))]
    assert event.date.isoformat() == "2025-09-20"


def test_a_players_points_disagreeing_with_her_results_is_located():
    text = _text().replace('board="2" teamno="3" fideid="" rank="0" tb1="" tb2="" tb3="" pts="2,0"',
                           'board="2" teamno="3" fideid="" rank="0" tb1="" tb2="" tb3="" pts="2,5"')
    line = _line_of(text, 'lastname="Kowalski"')
    assert _problems(text) == [f't.xml:{line}:1: player 7 (Kowalski, Jan) has pts=\'2,5\', her results give 2']


def test_a_player_playing_for_another_team_is_located():
    text = _text().replace('whiteno="3" blackno="11"', 'whiteno="8" blackno="11"')
    line = _line_of(text, 'whiteno="8" blackno="11"')
    found = _problems(text)
    assert found[0] == (f"t.xml:{line}:1: round 2: player 8 (team 4) plays board 2 of the match 5 - 1: a player "
                        f"plays for her own team, on one team")


def test_a_match_result_its_boards_do_not_give_is_located():
    text = _text().replace('no1="3" no2="5" res1="0.5" res2="1.5"', 'no1="3" no2="5" res1="1.0" res2="1.0"')
    line = _line_of(text, 'no1="3" no2="5"')
    assert _problems(text) == [f"t.xml:{line}:1: round 3: team 3 scores 1 in the match 3 - 5, its boards add up to 0.5",
                               f"t.xml:{line}:1: round 3: team 5 scores 1 in the match 3 - 5, its boards add up to 1.5"]


def test_a_one_sided_forfeit_is_located():
    text = _text().replace('whiteno="9" blackno="2" reswhite="0.0" resblack="1.0" forfeit=""',
                           'whiteno="9" blackno="2" reswhite="" resblack="1" forfeit="K"')
    line = _line_of(text, 'whiteno="9" blackno="2"')
    assert _problems(text)[0] == f"t.xml:{line}:1: round 3: 9 - 2 scored ? - 1 with K is not a result"


def test_a_team_paired_twice_in_a_round_is_located():
    text = _text().replace('<teampairing round="3" pairing="3" no1="2"', '<teampairing round="3" pairing="3" no1="1"')
    line = _line_of(text, '<teampairing round="3" pairing="3"')
    assert _problems(text)[0] == f"t.xml:{line}:1: round 3: team 1 is already paired at line {line - 2}"


def _with_pts(text: str, **pts: str) -> str:
    """The file with players' pts changed: `p10="1,5"`."""
    for key, value in pts.items():
        text = re.sub(rf'(<player no="{key[1:]}" .*?) pts="[^"]*"', rf'\1 pts="{value}"', text)
    return text


def test_a_forfeited_match_without_boards_is_a_330_match():
    text = re.sub(r'<playerpairing round="3" pairing="2" [^\n]*\n', "", _text())
    text = text.replace('no1="3" no2="5" res1="0.5" res2="1.5"', 'no1="3" no2="5" res1="0.0" res2="2.0"')
    text = _with_pts(text, p7="1,5", p10="1,5", p11="2,0")   # their round-3 games are gone
    event, problems = parse_chess_results(text.encode("utf-8"), "t.xml")
    assert problems == []
    t5, t3 = event.event.team(5).rounds[2], event.event.team(3).rounds[2]
    # C.07 art. 12 intro: the winner of a forfeited match scores a standard win on every board.
    assert (t5.kind, t5.opponent, t5.match_points, t5.game_points) == (MatchKind.FORFEIT_WIN, 3, 2, 2)
    assert (t3.kind, t3.opponent, t3.match_points, t3.game_points) == (MatchKind.FORFEIT_LOSS, 5, 0, 0)
    assert [(f.result, f.round, f.white, f.black) for f in event.event.forfeits] == [("-+", 3, 3, 5)]


def test_an_unpaired_team_with_half_the_boards_is_a_half_point_bye():
    text = _text().replace('no1="2" no2="-1" res1="2.0"', 'no1="2" no2="-2" res1="1.0"')
    text = _with_pts(text, p4="1,5", p5="0,5")   # Swiss-Manager: the bye's half point on each board
    event, problems = parse_chess_results(text.encode("utf-8"), "t.xml")
    assert problems == []
    bye = event.event.team(2).rounds[2]
    assert (bye.kind, bye.match_points, bye.game_points) == (MatchKind.HALF_POINT_BYE, 1, 1)


def test_load_event_and_load_tournament_read_the_team_file():
    assert isinstance(api.load_event(HERBST), TeamTournament)
    assert len(api.load_tournament(HERBST).players) == 11


def test_game_points_first_make_game_points_the_primary_score():
    # chess-results' first slot 1 (game points) then 13 (match points): C.07 art. 11 with GP primary.
    text = _text().replace('tb1no="13" tb2no="1"', 'tb1no="1" tb2no="13"')
    event, problems = parse_chess_results(text.encode("utf-8"), "t.xml")
    assert problems == [] and event.event.primary == "GP"
    run = api.team_standings(event.event, ["MPTS"])
    # GP 5, 4, 3.5, 3, 2.5: T5, T4, T1, T2, T3 (the same order here, now decided by game points)
    assert [(row.rank, row.team.number) for row in run.standings.rows] == [(1, 5), (2, 4), (3, 1), (4, 2), (5, 3)]
    assert run.standings.primary == "GPTS"


def test_a_player_on_no_team_who_plays_is_located():
    text = _text().replace('board="3" teamno="1"', 'board="3" teamno="0"')
    line = _line_of(text, 'lastname="Lindqvist"')
    assert _problems(text)[0] == f"t.xml:{line}:1: player 3 (Lindqvist, Maja) plays but is on no team (teamno='0')"


def test_a_pairing_naming_an_unknown_team_is_located():
    text = _text().replace('no1="2" no2="-1"', 'no1="9" no2="-1"')
    line = _line_of(text, 'no1="9" no2="-1"')
    assert _problems(text) == [f"t.xml:{line}:1: round 3: team 9 has no <team> record"]


def test_boards_in_a_pab_pairing_are_located():
    text = _text().replace('<teampairing round="1" pairing="1" no1="1" no2="2"',
                           '<teampairing round="1" pairing="1" no1="1" no2="-1"')
    text = text.replace('<teampairing round="1" pairing="3" no1="5" no2="-1"',
                        '<teampairing round="1" pairing="3" no1="5" no2="2"')
    line = _line_of(text, '<playerpairing round="1" pairing="1" board="1"')
    assert _problems(text)[0] == f"t.xml:{line}:1: round 1: pairing 1 is team 1's PAB, but has boards"


def test_a_board_of_a_match_without_two_players_is_located():
    text = _text().replace('whiteno="9" blackno="7"', 'whiteno="9" blackno="-1"')
    line = _line_of(text, 'whiteno="9" blackno="-1"')
    assert f"t.xml:{line}:1: round 1: board 2 of the match 3 - 4 names whiteno='9' blackno='-1': a team match's " \
           f"board is two players" in _problems(text)
