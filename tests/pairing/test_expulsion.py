"""VCL4THP Q197-198: an expelled player is flagged by a `### Expelled @ Round r: n` line (TRF-2026
has no record for it), is not paired from round r on, and leaves the Swiss standings (not ranked,
listed apart) while the games they played still count for their opponents' tie-breaks."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import run_cli as _run, written as _file  # noqa: E402


def _line(sno: int, name: str, rating: int, points: str, blocks: str) -> str:
    return f"001 {sno:>4}      {name:<33} {rating:>4}{'':28}{points:>4} {sno:>4}{blocks}"


# Three rounds of five played (hand-made):
#   R1: 1-4 1-0, 5-2 0-1, 3-6 =    R2: 2-1 =, 4-6 1-0, 3-5 1-0    R3: 1-3 1-0, 6-2 0-1, 5-4 0-1
# Points: 1 2.5, 2 2.5, 3 1.5, 4 2, 5 0, 6 0.5. Buchholz (opponents' points, every round played):
#   1: 2+2.5+1.5 = 6   2: 0+2.5+0.5 = 3   3: 0.5+0+2.5 = 3   4: 2.5+0.5+0 = 3   5: 2.5+1.5+2 = 6   6: 1.5+2+2.5 = 6
PLAYED = "\n".join([
    "012 Expulsion",
    _line(1, "Alpha, Anna", 2300, "2.5", "     4 w 1     2 b =     3 w 1"),
    _line(2, "Beta, Ben", 2250, "2.5", "     5 b 1     1 w =     6 b 1"),
    _line(3, "Gamma, Cai", 2200, "1.5", "     6 w =     5 w 1     1 b 0"),
    _line(4, "Delta, Dan", 2150, "2.0", "     1 b 0     6 w 1     5 b 1"),
    _line(5, "Eps, Eva", 2100, "0.0", "     2 w 0     3 b 0     4 w 0"),
    _line(6, "Zeta, Zoe", 2050, "0.5", "     3 b =     4 b 0     2 w 0"),
    "XXR 5",
]) + "\n"
EXPELLED = PLAYED + "### Expelled @ Round 4: 3\n"   # line 9


def test_an_expelled_player_is_not_paired_and_pair_says_why(tmp_path, capsys):
    path = _file(tmp_path, "expelled.trf", EXPELLED)
    code, out, err = _run(capsys, "pair", str(path), "--format", "json")
    assert code == 0
    data = json.loads(out)
    # Five players left: the lowest, 5 (0 points, no bye yet), gets the PAB (C.04.3 C2, C.04.2).
    # 1 has met 4, 2 and 3, so 1 meets 6 (due white after b b w; 1 after w b w is due black);
    # 2 and 4 both due white (b w b): the higher score, 2, gets it (E.4). Board order by the pair's
    # higher score, then the sum: 2-4 (2.5, 4.5) before 6-1 (2.5, 3).
    assert data["pairings"] == [{"board": 1, "white": 2, "black": 4}, {"board": 2, "white": 6, "black": 1}]
    assert data["byes"] == [{"player": 5, "kind": "PAB"}, {"player": 3, "kind": "ZPB"}]
    assert err == (f"{path}:9:1: note: player 3 Gamma, Cai is not paired in round 4: expelled from round 4 "
                   f"(VCL4THP Q197-198)\n")
    # Written round 4 keeps the line, and the player stays out of round 5 as well.
    code, written, _ = _run(capsys, "pair", str(path), "--format", "trf")
    assert code == 0 and "### Expelled @ Round 4: 3\n" in written
    assert written.splitlines()[3].endswith("     1 b 0  0000 - Z")


def test_an_expelled_player_leaves_the_standings_and_the_opponents_values_are_unchanged(tmp_path, capsys):
    # The standings after round 3 (without XXR 5: C.07 art. 16 would count rounds 4-5 as unplayed).
    plain = _file(tmp_path, "played.trf", PLAYED.replace("XXR 5\n", ""))
    path = _file(tmp_path, "expelled.trf", EXPELLED.replace("XXR 5\n", ""))
    code, out, _ = _run(capsys, "standings", str(plain), "--tiebreaks", "BH", "--format", "json")
    assert code == 0
    before = json.loads(out)
    assert [(r["rank"], r["start_rank"], r["points"], r["tiebreaks"]["BH"]) for r in before["standings"]] == [
        (1, 1, 2.5, 6), (2, 2, 2.5, 3), (3, 4, 2, 3), (4, 3, 1.5, 3), (5, 6, 0.5, 6), (6, 5, 0, 6)]
    assert "expelled" not in before
    code, out, _ = _run(capsys, "standings", str(path), "--tiebreaks", "BH", "--format", "json")
    assert code == 0
    after = json.loads(out)
    # 3 is not ranked; the ranks below close up; every other value as before (1's and 5's
    # Buchholz still hold 3's 1.5 points: C.07 has no rule removing an expelled player's games).
    assert [(r["rank"], r["start_rank"], r["points"], r["tiebreaks"]["BH"]) for r in after["standings"]] == [
        (1, 1, 2.5, 6), (2, 2, 2.5, 3), (3, 4, 2, 3), (4, 6, 0.5, 6), (5, 5, 0, 6)]
    assert after["expelled"] == [{"start_rank": 3, "name": "Gamma, Cai", "points": 1.5, "from_round": 4,
                                  "tiebreaks": {"BH": 3}}]
    note = ("player 3 (Gamma, Cai) was expelled from round 4: not ranked (1.5 points); their games count for "
            "their opponents' tie-breaks (VCL4THP Q197-198)")
    assert note in after["notes"]
    code, out, _ = _run(capsys, "standings", str(path), "--tiebreaks", "BH")
    assert code == 0 and f"Note: {note}\n" in out
    table = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert [line.split()[1] for line in table] == ["1", "2", "4", "6", "5"]   # SNo; 3 not in the table
    code, out, _ = _run(capsys, "standings", str(path), "--tiebreaks", "BH", "--format", "csv")
    assert code == 0 and f"# Note: {note}" in out
    assert [row.split(",")[1] for row in out.splitlines()[1:6]] == ["1", "2", "4", "6", "5"]


def test_after_the_expulsion_the_played_round_keeps_the_others_values(tmp_path, capsys):
    """Round 4 played as `pair` paired it without 3 (2-4 1-0, 6-1 0-1, 5 the PAB, 3 a Z): the
    standings with the line equal those without it, less 3's row."""
    round4 = {1: "     6 b 1", 2: "     4 w 1", 3: "  0000 - Z", 4: "     2 b 0", 5: "  0000 - U", 6: "     1 w 0"}
    lines = PLAYED.splitlines()
    for sno, block in round4.items():
        lines[sno] += block
    played = "\n".join(lines) + "\n"
    with_line = _file(tmp_path, "r4.trf", played + "### Expelled @ Round 4: 3\n")
    without = _file(tmp_path, "r4-plain.trf", played)
    docs = []
    for p in (with_line, without):
        code, out, _ = _run(capsys, "standings", str(p), "--tiebreaks", "BH,SB", "--format", "json")
        assert code == 0
        docs.append(json.loads(out))
    rows = {r["start_rank"]: (r["points"], r["tiebreaks"]) for r in docs[1]["standings"]}
    assert {r["start_rank"]: (r["points"], r["tiebreaks"]) for r in docs[0]["standings"]} == \
        {s: v for s, v in rows.items() if s != 3}
    order = [r["start_rank"] for r in docs[1]["standings"]]
    assert [r["start_rank"] for r in docs[0]["standings"]] == [s for s in order if s != 3]
    assert docs[0]["expelled"][0]["points"] == rows[3][0] == 1.5
    # Round 4 as played is the rules' round 4 with 3 expelled (rounds 2-3 were made by hand).
    code, out, _ = _run(capsys, "pair", str(with_line), "--check", "--format", "json")
    assert code == 1 and [r["round"] for r in json.loads(out)["differing"]] == [2, 3]


def test_a_bad_expulsion_line_is_refused_at_its_line(tmp_path, capsys):
    for text, message in (("### Expelled @ Round 4: 9", "expelled player 9: the event has no player 9"),
                          ("### Expelled @ Round 3: 3", "player 3 is expelled from round 3 but has a game in round 3"),
                          ("### Expelled @ Round x: 3", "cannot read '### Expelled @ Round x: 3'")):
        path = _file(tmp_path, "bad.trf", PLAYED + text + "\n")
        for argv in (["standings", str(path)], ["pair", str(path)]):
            code, out, err = _run(capsys, *argv)
            assert code == 2 and out == "", argv
            assert f"{path}:9:1: {message}" in err, (argv, err)

