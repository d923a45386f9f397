"""Event day in TRF (issue 23 item 4): requested byes against the event's limits, withdrawals,
forbidden pairs, manual pairings and the drawing of lots, as `pair` and `pair --check` see them
(docs/event_day_checklist.md names the checklist question each test answers)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import run_cli as _run, written as _file  # noqa: E402

PLAYERS = ("001    1      Alpha, Anna                       2300",
           "001    2      Beta, Ben                         2250",
           "001    3      Gamma, Cai                        2200",
           "001    4      Delta, Dan                        2150")

# After round 1 of 5: 3 and 6 had a half-point bye; 240 records ask for more.
BYES = """012 Event day byes
001    1      Alpha, Anna                       2300                             1.0    1     4 w 1
001    2      Beta, Ben                         2250                             1.0    2     5 b 1
001    3      Gamma, Cai                        2200                             0.5    3  0000 - H
001    4      Delta, Dan                        2150                             0.0    4     1 b 0
001    5      Eps, Eva                          2100                             0.0    5     2 w 0
001    6      Zeta, Zoe                         2050                             0.5    6  0000 - H
XXR 5
240 H 2 3
240 H 4 3
240 F 3 6
240 H 5 1
"""

# Round 1 paired 1-3, which record 260 (line 7) forbids for rounds 1-3.
FORBIDDEN = """012 Event day forbidden pair
001    1      Alpha, Anna                       2300                             1.0    1     3 w 1
001    2      Beta, Ben                         2250                             0.0    4     4 b 0
001    3      Gamma, Cai                        2200                             0.0    3     1 b 0
001    4      Delta, Dan                        2150                             1.0    2     2 w 1
XXR 3
260 1 3 1 3
"""

# Beta's line stops after round 1: withdrawn from round 2 (round 2 is recorded for the others).
WITHDRAWN = """012 Event day withdrawal
001    1      Alpha, Anna                       2300                             1.5    1     3 w 1     4 b =
001    2      Beta, Ben                         2250                             0.0    4     4 b 0
001    3      Gamma, Cai                        2200                             1.0    3     1 b 0  0000 - U
001    4      Delta, Dan                        2150                             1.5    2     2 w 1     1 w =
XXR 3
"""


def test_each_half_point_bye_after_the_first_asks_for_confirmation_and_the_round_is_paired(tmp_path, capsys):
    path = _file(tmp_path, "byes.trf", BYES)
    code, out, err = _run(capsys, "pair", str(path), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["byes"] == [{"player": 5, "kind": "PAB"}, {"player": 3, "kind": "HPB"}]
    assert err.splitlines() == [
        f"{path}:9:1: note: player 3 Gamma, Cai is not paired in round 2: HPB requested by record 240",
        f"{path}:9:1: warning: player 3 Gamma, Cai: a half-point bye in round 2 (record 240) is the player's "
        f"second half-point bye: confirm it (VCL4THP Q174)",
        f"{path}:10:1: warning: player 3 Gamma, Cai: a half-point bye in round 4 (record 240) is the player's "
        f"third half-point bye: confirm it (VCL4THP Q174)",
        f"{path}:11:1: notice: player 6 Zeta, Zoe: a full-point bye in round 3 (record 240): full-point byes for "
        f"individuals are deprecated (VCL4THP Q177-179), and the player may not receive the pairing-allocated "
        f"bye later (C.04.3 C2)",
    ]


def test_a_bye_beyond_the_events_limit_is_refused_at_its_record(tmp_path, capsys):
    path = _file(tmp_path, "byes.trf", BYES)
    code, out, err = _run(capsys, "pair", str(path), "--max-half-point-byes", "2")
    assert code == 2 and out == ""
    assert (f"{path}:10:1: refused: player 3 Gamma, Cai: a half-point bye in round 4 (record 240) is refused: "
            f"it is the third and the event allows at most 2 (--max-half-point-byes 2)") in err.splitlines()
    assert err.splitlines()[-1] == "rulesengine: round 2 not paired: 1 requested bye refused by the event's limits"


def test_no_byes_in_the_last_rounds_and_a_played_bye_over_the_limit_is_a_warning_at_its_cell(tmp_path, capsys):
    path = _file(tmp_path, "byes.trf", BYES)
    code, out, err = _run(capsys, "pair", str(path), "--max-half-point-byes", "0", "--no-byes-in-last", "2")
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert (f"{path}:12:1: refused: player 1 Alpha, Anna: a half-point bye in round 5 (record 240) is refused: "
            f"the event allows no requested bye in its last 2 round(s) (--no-byes-in-last 2; rounds 4-5)") in lines
    # Round 1 is played: its H (line 4, the result column 99 of round 1) is a warning, not a refusal.
    assert (f"{path}:4:99: warning: player 3 Gamma, Cai: a half-point bye in round 1 (round 1's column) broke "
            f"the event's limit: it is the first and the event allows at most 0 (--max-half-point-byes 0); the "
            f"round is played") in lines
    assert BYES.splitlines()[3][98] == "H"
    assert lines[-1] == "rulesengine: round 2 not paired: 3 requested byes refused by the event's limits"


def test_check_reports_the_limits_and_exits_1_on_a_refused_bye(tmp_path, capsys):
    path = _file(tmp_path, "byes.trf", BYES)
    code, out, _ = _run(capsys, "pair", str(path), "--check", "--no-byes-in-last", "1")
    assert code == 1
    assert "All 1 round(s) agree with the rules' pairing\n" in out
    assert (f"{path}:12:1: refused: player 1 Alpha, Anna: a half-point bye in round 5 (record 240) is refused: "
            f"the event allows no requested bye in its last 1 round(s) (--no-byes-in-last 1; rounds 5-5)") in out
    code, out, _ = _run(capsys, "pair", str(path), "--check", "--format", "json")
    assert code == 0 and len(json.loads(out)["event_day"]) == 3   # two Q174 warnings, one FPB notice


def test_a_withdrawn_player_is_not_paired_and_pair_says_why(tmp_path, capsys):
    path = _file(tmp_path, "withdrawn.trf", WITHDRAWN)
    code, out, err = _run(capsys, "pair", str(path), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["pairings"] == [{"board": 1, "white": 3, "black": 4}]
    assert data["byes"] == [{"player": 1, "kind": "PAB"}, {"player": 2, "kind": "ZPB"}]
    # Line 3 is Beta's; column 100 is where round 2's block would start.
    assert err == (f"{path}:3:100: note: player 2 Beta, Ben is not paired in round 3: withdrawn: no entries "
                   f"from round 2 on\n")
    # The recorded round 2 (Beta not paired, 3 the PAB) is the rules' round 2.
    code, out, _ = _run(capsys, "pair", str(path), "--check")
    assert (code, out) == (0, "All 2 round(s) agree with the rules' pairing\n")


def test_an_absence_by_record_xxz_is_named(tmp_path, capsys):
    path = _file(tmp_path, "absent.trf", "012 Absent\n" + "\n".join(PLAYERS) + "\nXXR 3\nXXZ 4\n")
    code, out, err = _run(capsys, "pair", str(path), "--format", "json")
    assert code == 0 and json.loads(out)["byes"] == [{"player": 3, "kind": "PAB"}, {"player": 4, "kind": "ZPB"}]
    assert err == f"{path}:7:1: note: player 4 Delta, Dan is not paired in round 1: absent (record XXZ)\n"


def test_pair_honours_a_forbidden_pair_and_check_names_its_record(tmp_path, capsys):
    path = _file(tmp_path, "forbidden.trf", FORBIDDEN)
    code, out, _ = _run(capsys, "pair", str(path), "--round", "1", "--format", "json")
    assert code == 0
    assert json.loads(out)["pairings"] == [{"board": 1, "white": 1, "black": 4}, {"board": 2, "white": 3, "black": 2}]
    code, out, _ = _run(capsys, "pair", str(path), "--check")
    assert code == 1
    lines = out.splitlines()
    assert lines[1] == ("  first criterion: 1-3 is a forbidden pair (record 260, line 7), which C1 (two players "
                        "shall not play against each other more than once) treats as already met")
    assert lines[2] == f"  {path}:7:1: warning: round 1: 1-3 is paired although record 260, line 7 forbids the pair"
    # The engine's own pairing beside the recorded one.
    assert lines[5:7] == ["      1  1-4    1-3       *", "      2  3-2    4-2       *"]
    code, out, _ = _run(capsys, "pair", str(path), "--check", "--format", "json")
    assert json.loads(out)["differing"][0]["warnings"] == [
        f"{path}:7:1: warning: round 1: 1-3 is paired although record 260, line 7 forbids the pair"]


def test_xxp_is_named_as_well(tmp_path, capsys):
    path = _file(tmp_path, "xxp.trf", FORBIDDEN.replace("260 1 3 1 3", "XXP 3 1"))
    code, out, _ = _run(capsys, "pair", str(path), "--check")
    assert code == 1 and "1-3 is a forbidden pair (record XXP, line 7)" in out


# Round 1 paired by hand 1-4 3-2: legal (no rematch, no PAB, no colour beyond the limits), but the
# rules pair 1-3 4-2 (C.04.3: S1 = {1, 2} against S2 = {3, 4}).
MANUAL = """012 Event day manual board
001    1      Alpha, Anna                       2300                             1.0    1     4 w 1
001    2      Beta, Ben                         2250                             1.0    2     3 b 1
001    3      Gamma, Cai                        2200                             0.0    3     2 w 0
001    4      Delta, Dan                        2150                             0.0    4     1 b 0
XXR 3
"""


def test_check_as_trf_marks_a_manually_paired_round(tmp_path, capsys):
    path = _file(tmp_path, "manual.trf", MANUAL)
    code, out, err = _run(capsys, "pair", str(path), "--check", "--format", "trf")
    assert (code, err) == (1, "")
    assert out == MANUAL + "### MPA @ Round 1: 1-3 4-2 => 1-4 3-2\n"
    # Once the round agrees (here: the round re-entered as the rules pair it), the old MPA line goes.
    lines = out.splitlines(keepends=True)
    for index, block in ((1, "     3 w 1"), (2, "     4 b 1"), (3, "     1 b 0"), (4, "     2 w 0")):
        lines[index] = lines[index][:-11] + block + "\n"
    agreed = _file(tmp_path, "agreed.trf", "".join(lines))
    code, out, _ = _run(capsys, "pair", str(agreed), "--check", "--format", "trf")
    assert code == 0 and "###" not in out


def test_check_as_trf_marks_an_imported_round_that_breaks_an_absolute_criterion_q55(tmp_path, capsys):
    # Round 1 paired 1-3, which record 260 forbids (C1 treats the pair as met): the round breaks the
    # rules, so it is marked as imported (Level 3 on stderr), not as a manual pairing.
    path = _file(tmp_path, "forbidden.trf", FORBIDDEN)
    code, out, err = _run(capsys, "pair", str(path), "--check", "--format", "trf")
    assert code == 1
    assert out == FORBIDDEN + ("### Import @ Round 1: 1-3 4-2 breaks C1: 1-3 is a forbidden pair (record 260, line 7), "
                               "which C1 (two players shall not play against each other more than once) treats as "
                               "already met\n")
    assert err == (f"{path}: warning: round 1 breaks C1, an absolute criterion of C.04.3: confirm the round as "
                   f"recorded, or correct it (VCL4THP Q55); written as '### Import @ Round 1'\n")
    # Read back and checked again: one Import line still (replaced, never doubled); once the
    # prohibition goes, the round agrees and the line goes with it.
    again = _file(tmp_path, "again.trf", out)
    assert _run(capsys, "pair", str(again), "--check", "--format", "trf")[1] == out
    agreed = _file(tmp_path, "agreed.trf", out.replace("260 1 3 1 3\n", ""))
    code, out, _ = _run(capsys, "pair", str(agreed), "--check", "--format", "trf")
    assert code == 0 and "###" not in out


def test_the_initial_colour_is_drawn_reproducibly_and_once(tmp_path, capsys):
    path = _file(tmp_path, "fresh.trf", "012 Lots\n" + "\n".join(PLAYERS) + "\nXXR 3\n")
    code, first, err = _run(capsys, "pair", str(path), "--draw-colour", "2", "--format", "trf")
    assert code == 0
    assert err == "rulesengine: note: initial colour drawn with seed '2': black for pairing number 1 (record 152 B)\n"
    lines = first.splitlines()
    assert lines[1] == "152 B"
    assert lines[2].endswith("0003 b  ") and lines[4].endswith("0001 w  ")   # 1 starts with black
    assert _run(capsys, "pair", str(path), "--draw-colour", "2", "--format", "trf")[1] == first
    code, other, _ = _run(capsys, "pair", str(path), "--draw-colour", "1", "--format", "trf")
    assert code == 0 and other.splitlines()[1] == "152 W" and other.splitlines()[2].endswith("0003 w  ")
    drawn = _file(tmp_path, "drawn.trf", first)
    code, _, err = _run(capsys, "pair", str(drawn), "--draw-colour", "2")
    assert code == 2
    assert f"--draw-colour: {drawn}:2: the initial colour is already recorded (record 152 B)" in err


def test_the_drawing_needs_round_1_unpaired(tmp_path, capsys):
    path = _file(tmp_path, "forbidden.trf", FORBIDDEN)
    code, _, err = _run(capsys, "pair", str(path), "--draw-colour", "2")
    assert code == 2 and "round 1 is paired already" in err


@pytest.mark.parametrize("flag", ["--max-half-point-byes", "--no-byes-in-last"])
def test_a_negative_limit_is_a_usage_error(tmp_path, capsys, flag):
    path = _file(tmp_path, "byes.trf", BYES)
    code, _, err = _run(capsys, "pair", str(path), flag, "-1")
    assert code == 2 and f"{flag} must be 0 or more, not -1" in err


# Lea (2280) is added before round 2: her line has no entries.
LATE = """012 Event day late entry
001    1      Alpha, Anna                       2300                             1.0    1     3 w 1
001    2      Beta, Ben                         2250                             0.0    4     4 b 0
001    3      Gamma, Cai                        2200                             0.0    3     1 b 0
001    4      Delta, Dan                        2150                             1.0    2     2 w 1
001    5      Late, Lea                         2280
XXR 3
"""


def test_a_late_entrant_is_paired_and_her_missed_round_scored_as_the_event_says(tmp_path, capsys):
    path = _file(tmp_path, "late.trf", LATE)
    code, out, err = _run(capsys, "pair", str(path), "--late-entry", "half", "--format", "trf")
    assert code == 0
    assert err == ("rulesengine: note: player 5 Late, Lea enters in round 2: round 1 scored as a half-point bye; "
                   "the initial ranking (C.04.2) gives pairing number 2: the round is paired with it (the players "
                   "after move down one), and --format trf writes the file renumbered\n")
    lines = out.splitlines()
    # C.04.2 (VCL4THP Q156): Lea (2280) is pairing number 2, Beta, Gamma and Delta move down one; the
    # played round keeps its games (Delta, now 5, beat Beta, now 3). Half a point from round 1: Lea
    # (0.5) meets Beta (0) and Gamma (now 4, the lowest) takes the PAB.
    assert [line[14:24].strip() for line in lines[1:6]] == ["Alpha, Ann", "Late, Lea", "Beta, Ben", "Gamma, Cai",
                                                           "Delta, Dan"]
    assert lines[2].endswith("0000 - H     3 b  ") and lines[4].endswith("0000 - U")
    assert lines[5][89:99] == "     3 w 1"
    code, out, err = _run(capsys, "pair", str(path), "--late-entry", "zero", "--format", "trf")
    assert code == 0 and "round 1 scored as a zero-point bye" in err
    assert out.splitlines()[2][89:99] == "  0000 - Z"
    # Text and JSON name the file's start ranks: the same round, told in them.
    code, out, _ = _run(capsys, "pair", str(path), "--late-entry", "half", "--format", "json")
    assert json.loads(out)["pairings"] == [{"board": 1, "white": 4, "black": 1}, {"board": 2, "white": 2, "black": 5}]


def test_a_late_entrant_is_no_withdrawal(tmp_path, capsys):
    path = _file(tmp_path, "late.trf", LATE)
    code, out, err = _run(capsys, "pair", str(path), "--format", "json")
    assert code == 0
    assert {5} <= {p for b in json.loads(out)["pairings"] for p in (b["white"], b["black"])}
    assert "round 1 not paired, scored zero (--late-entry half gives half-point byes)" in err
    assert "withdrawn" not in err


FPB = """012 Event day full-point bye
001    1      Alpha, Anna                       2300                             1.0    1     2 w 1
001    2      Beta, Ben                         2250                             0.0    3     1 b 0
001    3      Gamma, Cai                        2200                             1.0    2  0000 - F
XXR 3
"""


def test_check_as_trf_writes_each_full_point_bye_as_a_comment_line_q179(tmp_path, capsys):
    # VCL4THP Q177-179: an individual FPB is deprecated; the exported file says so with a `###` line.
    path = _file(tmp_path, "fpb.trf", FPB)
    code, out, _ = _run(capsys, "pair", str(path), "--check", "--format", "trf")
    assert code == 0
    assert out == FPB + "### FPB @ Round 1: 3=FPB\n"
    # Written again, the line is replaced, never doubled.
    again = _file(tmp_path, "again.trf", out)
    assert _run(capsys, "pair", str(again), "--check", "--format", "trf")[1] == out


LATE_PROHIBITION = FORBIDDEN.replace("260 1 3 1 3\n", "260 2 3 1 4\n")


def test_a_prohibition_entered_after_round_1_asks_twice_and_is_written_as_a_comment_q195_196(tmp_path, capsys):
    # C.05 5.2: restrictions are announced before round 1; a 260 record that starts in round 2 was
    # entered later (VCL4THP Q195-196): a level-4 warning at the record, and a `###` line in the export.
    path = _file(tmp_path, "late260.trf", LATE_PROHIBITION)
    code, out, err = _run(capsys, "pair", str(path), "--format", "json")
    assert code == 0 and all({b["white"], b["black"]} != {1, 4} for b in json.loads(out)["pairings"])
    assert (f"{path}:7:1: warning: record 260 forbids 1-4 from round 2: a prohibition entered after round 1 "
            f"breaks C.05 5.2 (restrictions announced before round 1) and leaves FIDE mode; confirm it twice "
            f"(VCL4THP Q195-196)") in err
    code, out, _ = _run(capsys, "pair", str(path), "--check", "--format", "trf")
    assert out.endswith("### Prohibition @ Round 2: 1-4\n")


def test_more_rounds_than_the_players_can_play_is_a_warning_before_round_1_q62(tmp_path, capsys):
    # Four players meet at most three opponents: round 4 of 4 cannot be paired without a rematch (C1).
    path = _file(tmp_path, "long.trf", "012 Too long\n" + "\n".join(PLAYERS) + "\nXXR 4\n")
    code, out, err = _run(capsys, "pair", str(path), "--format", "json")
    assert code == 0 and len(json.loads(out)["pairings"]) == 2   # round 1 is still paired
    assert err == (f"{path}:6:1: warning: the event has 4 rounds, but 4 players can play at most 3 without a rematch "
                   f"(C1) or a second pairing-allocated bye (C2): round 4 cannot be paired within the rules; confirm "
                   f"the number of rounds (VCL4THP Q62)\n")
    # Five players: four games and the PAB each, five rounds; three rounds: no warning.
    five = "\n".join([*PLAYERS, "001    5      Eps, Eva                          2100"])
    for text in (five + "\nXXR 5\n", "\n".join(PLAYERS) + "\nXXR 3\n"):
        assert _run(capsys, "pair", str(_file(tmp_path, "ok.trf", "012 Fits\n" + text)))[2] == ""
