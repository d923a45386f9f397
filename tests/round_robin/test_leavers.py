"""VCL4THP Q103, FIDE General Regulations for Competitions 6.6: a player who leaves a round robin
(expelled, or a line that stops) having completed under half of their games is not ranked, and the
points scored by or against them are not counted; the crosstable keeps the results. One who
completed half or more stays ranked with every result."""

from __future__ import annotations

import json
from pathlib import Path

from rulesengine.cli import main
from rulesengine.formats.trf import read_trf
from rulesengine.round_robin_leavers import leavers, scheduled_games, without_players


def _line(sno: int, name: str, points: str, blocks: str) -> str:
    return f"001 {sno:>4}      {name:<33} {2300 - 50 * sno:>4}{'':28}{points:>4} {sno:>4}{blocks}"


# A single round robin of four (Berger: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1). Player 4 beat 1 in
# round 1 and was expelled from round 2: their games of rounds 2-3 are forfeits (+/-).
#   crosstable points: 1: 0 + 0 + 1/2 = 1/2; 2: 1/2 + 1 + 1 (forfeit) = 5/2; 3: 1/2 + 1 (forfeit) + 1/2 = 2; 4: 1.
# 4 completed 1 of 3 games, under half: nothing 4 scored or conceded counts. Counted points:
#   1: 0 (lost to 2) + 1/2 (drew 3) = 1/2; 2: 1/2 + 1 = 3/2; 3: 1/2 + 1/2 = 1.
# Sonneborn-Berger over the counted games: 2: beat 1 (1/2) + drew 3 (1 x 1/2) = 1;
#   3: drew 2 (3/2 x 1/2) + drew 1 (1/2 x 1/2) = 1; 1: lost to 2, drew 3 (1 x 1/2) = 1/2.
EVENT = "\n".join([
    "012 Round robin with an expulsion",
    "092 Round Robin",
    _line(1, "Alpha, Anna", "0.5", "     4 w 0     2 b 0     3 b ="),
    _line(2, "Beta, Ben", "2.5", "     3 w =     1 w 1     4 w +"),
    _line(3, "Gamma, Cai", "2.0", "     2 b =     4 b +     1 w ="),
    _line(4, "Delta, Dan", "1.0", "     1 b 1     3 w -     2 b -"),
    "XXR 3",
    "### Expelled @ Round 2: 4",
]) + "\n"


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_leaver_under_half_is_not_ranked_and_their_games_count_for_nobody(tmp_path, capsys):
    path = tmp_path / "rr.trf"
    path.write_text(EVENT, encoding="utf-8")
    code, out, _ = _run(capsys, "standings", path, "--tiebreaks", "SB", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert [(r["rank"], r["start_rank"], r["points"], r["tiebreaks"]["SB"]) for r in data["standings"]] == [
        (1, 2, 1.5, 1), (2, 3, 1, 1), (3, 1, 0.5, 0.5)]
    assert data["not_counted"] == [{"start_rank": 4, "name": "Delta, Dan", "points": 1, "from_round": 2,
                                    "completed": 1, "games": 3}]
    assert "expelled" not in data   # Q197-198 is the Swiss rule
    assert ("player 4 (Delta, Dan) left the round robin from round 2 having completed 1 of 3 games (under half): "
            "not ranked; the results stay in the crosstable, but the points scored by or against them are not "
            "counted in the standings (FIDE General Regulations for Competitions 6.6 a; VCL4THP Q103)") in data["notes"]


def test_a_leaver_with_half_or_more_stays_ranked_with_every_result(tmp_path, capsys):
    # Expelled from round 3 instead: 4 completed 2 of 3 (rounds 1 and 2 played: 4-3 a draw).
    event = EVENT.replace("### Expelled @ Round 2: 4", "### Expelled @ Round 3: 4")
    event = event.replace("     4 b +     1 w =", "     4 b =     1 w =").replace("     3 w -     2 b -",
                                                                                "     3 w =     2 b -")
    path = tmp_path / "rr.trf"
    path.write_text(event, encoding="utf-8")
    code, out, _ = _run(capsys, "standings", path, "--format", "json")
    assert code == 0
    data = json.loads(out)
    # Points as the crosstable has them: 2: 5/2, 3: 1/2 + 1/2 + 1/2 = 3/2, 4: 1 + 1/2 = 3/2, 1: 1/2.
    assert {r["start_rank"]: r["points"] for r in data["standings"]} == {1: 0.5, 2: 2.5, 3: 1.5, 4: 1.5}
    assert "not_counted" not in data
    assert ("player 4 (Delta, Dan) left the round robin from round 3 having completed 2 of 3 games (half or "
            "more): ranked, every result counted (FIDE General Regulations for Competitions 6.6 b)") in data["notes"]


def test_the_games_a_table_gives_and_who_left(tmp_path):
    path = tmp_path / "rr.trf"
    path.write_text(EVENT, encoding="utf-8")
    event = read_trf(path)
    assert scheduled_games(event) == 3
    from dataclasses import replace
    # Five players, double round robin (10 rounds, one idle per round): 8 games each.
    assert scheduled_games(replace(event, players=event.players + (event.players[0],), rounds=10)) == 8
    assert [(x.start_rank, x.from_round, x.completed, x.under_half) for x in leavers(event, {4: (2, 8)})] == \
        [(4, 2, 1, True)]
    # The line that stops is a withdrawal as well (no expulsion line needed).
    stopped = replace(event, players=event.players[:3] + (replace(event.players[3], rounds=event.players[3].rounds[:1]),))
    assert [(x.start_rank, x.from_round) for x in leavers(stopped, {})] == [(4, 2)]
    counted = without_players(event, [4])
    assert [p.start_rank for p in counted.players] == [1, 2, 3]
    assert counted.points == {1: 0.5, 2: 1.5, 3: 1} and counted.player(1).entry(1).opponent is None
    assert leavers(replace(event, kind="swiss"), {4: (2, 8)}) == []
