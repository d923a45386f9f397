"""`rulesengine pair` and `audit --pairings` on round robins, end to end (C.05 Annex 1)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from rulesengine.cli import main
from rulesengine.formats.trf import read_trf, write_trf
from rulesengine.pairing import recorded_pairing_numbers

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rr_events import table_event, table_lines  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"


def _write(tmp_path: Path, event, name: str = "rr.trf") -> Path:
    path = tmp_path / name
    path.write_text(write_trf(event), encoding="utf-8")
    return path


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_pair_gives_the_tables_next_round_as_text_json_and_trf(tmp_path, capsys):
    path = _write(tmp_path, table_event(6, 2))
    code, out, _ = _run(capsys, "pair", path)
    assert code == 0 and out.startswith("Round 3 (Berger tables, FIDE C.05 Annex 1 (round robin))")
    code, out, _ = _run(capsys, "pair", path, "--format", "json")
    assert [(p["white"], p["black"]) for p in json.loads(out)["pairings"]] == [(2, 6), (3, 1), (4, 5)]
    code, out, _ = _run(capsys, "pair", path, "--format", "trf")
    paired = read_trf_text(tmp_path, out)
    assert paired.pending_round.number == 3 and sorted(paired.pending_round.games) == [(2, 6), (3, 1), (4, 5)]


def read_trf_text(tmp_path: Path, text: str):
    path = tmp_path / "out.trf"
    path.write_text(text, encoding="utf-8")
    return read_trf(path)


def test_an_odd_fields_bye_is_listed_and_written_as_not_paired(tmp_path, capsys):
    path = _write(tmp_path, table_event(5, 1))
    code, out, _ = _run(capsys, "pair", path, "--format", "json")
    data = json.loads(out)
    # round 2 of the 6-number table is 6-4, 5-3, 1-2: number 6 is the bye, so 4 does not play
    assert data["round"] == 2 and data["byes"] == [{"player": 4, "kind": "BYE"}]
    assert [(p["white"], p["black"]) for p in data["pairings"]] == [(5, 3), (1, 2)]
    code, out, _ = _run(capsys, "pair", path, "--format", "trf")
    line4 = next(line for line in out.splitlines() if line.startswith("001    4"))
    assert line4.endswith("0000 - -")


def test_drawn_numbers_are_reproducible_recorded_and_paired_with(tmp_path, capsys):
    path = _write(tmp_path, table_event(10, 0))
    code, first, err = _run(capsys, "pair", path, "--draw-numbers", "club 2026", "--format", "trf")
    assert code == 0 and "pairing numbers drawn with seed 'club 2026'" in err
    _, again, _ = _run(capsys, "pair", path, "--draw-numbers", "club 2026", "--format", "trf")
    assert first == again
    drawn = read_trf_text(tmp_path, first)
    numbers, _line = recorded_pairing_numbers(drawn)
    assert sorted(numbers.values()) == list(range(1, 11))
    holder = {n: s for s, n in numbers.items()}
    assert sorted(drawn.pending_round.games) == sorted((holder[w], holder[b]) for w, b in
                                                      [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)])
    code, _, err = _run(capsys, "pair", tmp_path / "out.trf", "--draw-numbers", "again")
    assert code == 2 and "the pairing numbers are already drawn" in err


def test_the_numbers_are_drawn_before_round_1_only(tmp_path, capsys):
    code, _, err = _run(capsys, "pair", _write(tmp_path, table_event(6, 1)), "--draw-numbers", "x")
    assert code == 2 and "round 1 is paired already" in err


def test_check_names_the_round_and_board_that_leave_the_table(tmp_path, capsys):
    assert _run(capsys, "pair", _write(tmp_path, table_event(8, 7)), "--check")[:2] == (
        0, "All 7 round(s) agree with the rules' pairing\n")
    lines = table_lines(8, 7)
    lines[3] = lines[3].replace("7-5 1-0", "5-7 0-1")
    code, out, _ = _run(capsys, "pair", _write(tmp_path, table_event(8, 7, lines=lines), "bad.trf"), "--check")
    assert code == 1
    assert ("Round 4: the recorded pairing differs from the rules' pairing\n  first criterion: board 2: the Berger "
            "table (C.05 Annex 1, 8 numbers, round 4) pairs 7-5 (numbers 7-5); recorded with colours reversed (5-7)") in out


def test_pair_after_the_last_round_of_a_team_round_robin_is_refused(capsys):
    """6 teams, 5 rounds played: the table has no round 6 (C.05 Annex 1), a usage error."""
    code, _, err = _run(capsys, "pair", DATA / "team" / "rr01_t6_b4_r5.trf")
    assert code == 2 and "round 6: this round robin of 6 players has 5 rounds (1 cycle)" in err


def test_audit_checks_round_robins_against_the_table_and_says_how_it_numbered_them(capsys):
    code, out, _ = _run(capsys, "audit", "--pairings", "--format", "json", DATA / "tiebreak" / "rr05_n4_double.trf",
                        DATA / "team" / "rr04_t7_b4_r7_odd.trf")
    assert code == 0
    events = {Path(e["input"]).name: e for e in json.loads(out)["events"]}
    single, team = events["rr05_n4_double.trf"], events["rr04_t7_b4_r7_odd.trf"]
    assert (single["pairing_checks"]["system"], single["pairing_checks"]["rounds_checked"],
            single["pairing_checks"]["rounds_differing"]) == ("berger", 6, [])
    whats = [f["what"] for f in single["findings"]]
    assert ("the file gives no table numbers and its start ranks do not follow the Berger table: numbers found from "
            "the games played (start rank->number: 2->4, 4->2)") in whats
    assert "double round robin: the first cycle in table order (C.05 Annex 1 recommends swapping its last two rounds)" in whats
    assert (team["pairing_checks"]["rounds_checked"], team["pairing_checks"]["rounds_differing"]) == (7, [])


def test_audit_names_round_board_and_article_of_a_round_off_the_table(tmp_path, capsys):
    lines = table_lines(6, 5)
    lines[2] = "2-6 1-0, 3-4 1-0, 1-5 1-0"
    path = _write(tmp_path, table_event(6, 5, lines=lines))
    code, out, _ = _run(capsys, "audit", "--pairings", "--format", "json", path)
    [event] = json.loads(out)["events"]
    [difference] = event["pairing_checks"]["rounds_differing"]
    assert (difference["round"], difference["article"]) == (3, "C.05 Annex 1")
    assert difference["verdict"].startswith("board 2: the Berger table (C.05 Annex 1, 6 numbers, round 3) pairs 3-1")


def test_explain_gives_the_table_round_and_each_boards_numbers(tmp_path, capsys):
    code, out, _ = _run(capsys, "pair", DATA / "tiebreak" / "rr05_n4_double.trf", "--round", "5", "--explain")
    assert code == 0
    assert out.splitlines()[0] == ("Round 5: Berger tables, FIDE C.05 Annex 1 (round robin), 4 players, table round 2 "
                                   "with colours reversed (second cycle)")
    assert "  board 1: numbers 3-4 = start ranks 3-2" in out and "  board 2: numbers 2-1 = start ranks 4-1" in out


def test_the_rank_only_list_of_a_drawing_is_the_table_numbers(tmp_path, capsys):
    path = _write(tmp_path, table_event(6, 0))
    code, out, _ = _run(capsys, "pair", path, "--rank-only", "--format", "json")
    assert [(r["number"], r["start_rank"]) for r in json.loads(out)] == [(n, n) for n in range(1, 7)]


def test_a_swiss_has_no_drawing_of_numbers(tmp_path, capsys):
    swiss = replace(table_event(6, 0), kind="swiss")
    code, _, err = _run(capsys, "pair", _write(tmp_path, swiss), "--draw-numbers", "x")
    assert code == 2 and "the pairing numbers of a round robin are drawn by lot" in err
