"""`rulesengine audit TEAM.trf` checks the TRF-2026 team summaries (record 802: per team its
totals, per round its opponent or bye, colour, game points and forfeit flag) against the results
the other records give. The Held file's 802 records transcribe the book's team crosstable (p. 6)
and its 001 lines the individual crosstable (pp. 7-8): the two agree; each disagreement planted
in a copy is a finding at FILE:LINE:COL naming the record, team, round and both values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.audit.team_summaries import summary_findings
from rulesengine.cli import main
from rulesengine.formats.team_trf import parse_team_trf, read_team_trf

HELD = Path(__file__).resolve().parents[1] / "data" / "team" / "held_exercises" / "held_team.trf"
ROUND_1 = 28   # 0-based column of round 1's opponent in record 802 (positions 29-31); 13 a round


def _planted(tmp_path: Path, team: int, col: int, text: str) -> tuple[Path, int]:
    """A copy of the Held file whose 802 record of `team` reads `text` from 0-based `col`; and
    that record's line number."""
    lines = HELD.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line.startswith(f"802 {team:3d} "))
    line = lines[number].ljust(col + len(text))
    lines[number] = line[:col] + text + line[col + len(text):]
    path = tmp_path / "planted.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, number + 1


def test_the_books_team_and_individual_crosstables_agree():
    event = read_team_trf(HELD)
    assert sum(code == "802" for code, _ in event.individual.header) == 14
    assert summary_findings(event, str(HELD)) == []


@pytest.mark.parametrize("team, col, text, message", [
    (1, ROUND_1, "  9", ", round 1: opponent '9', the results give team 8 (its players' games)"),
    (1, ROUND_1 + 13 * 5, "  7", ", round 6: opponent '7', the results give team 6 (record 330)"),
    (2, 14, "  11.0", ": match points '11.0', the results give 10"),
    (2, 21, "  17.5", ": game points '17.5', the results give 17"),
    (2, ROUND_1 + 13 + 4, "b", ", round 2: colour 'b', the results give w (its players' games)"),
    (6, ROUND_1 + 13 * 5 + 10, " ", ", round 6: forfeit flag blank, the results give a forfeited match (record 330)"),
    (3, ROUND_1 + 10, "f", ", round 1: forfeit flag 'f', the results give a match played over the board "
                           "(its players' games)"),
    (14, ROUND_1 + 13 * 4, "ZPB", ", round 5: opponent 'ZPB', the results give HPB (record 240)"),
    (14, ROUND_1 + 13 * 6 + 6, " 4.0", ", round 7: game points '4.0', the results give 2 (record 320)"),
    (12, ROUND_1 + 13 * 4 + 4, "w", ", round 5: colour 'w', the results give no match (record 320)"),
    (7, ROUND_1 + 13 * 6 + 6, " x.y", ", round 7: game points 'x.y', the results give 0 (record 240)"),
    (9, ROUND_1 + 13 * 7, "  1 w  2.0", ": round 8 is summarised, the event has 7 rounds"),
])
def test_a_planted_disagreement_is_located(tmp_path, team, col, text, message):
    path, line = _planted(tmp_path, team, col, text)
    findings = summary_findings(read_team_trf(path), str(path))
    assert [(f.where, f.what) for f in findings] == [(f"{path}:{line}:{col + 1}", f"record 802, team {team}{message}")]


def test_a_summary_of_an_unknown_team(tmp_path):
    path, line = _planted(tmp_path, 14, 4, " 99")
    findings = summary_findings(read_team_trf(path), str(path))
    assert [(f.where, f.what) for f in findings] == [
        (f"{path}:{line}:5", "record 802: team '99' has no 310/013 record")]


def test_a_summary_never_changes_a_result(tmp_path):
    path, _ = _planted(tmp_path, 2, 14, "  11.0")
    as_read = parse_team_trf(HELD.read_text(encoding="utf-8"))
    assert read_team_trf(path).team(2).match_points == as_read.team(2).match_points == 10


def test_the_audit_command_reports_it_with_the_events_other_findings(tmp_path, capsys):
    path, line = _planted(tmp_path, 1, ROUND_1, "  9")
    capsys.readouterr()
    assert main(["audit", str(path), "--format", "json"]) == 0
    event = json.loads(capsys.readouterr().out)["events"][0]
    assert (event["differences"], event["rank_differences"]) == ([], [])
    assert {"where": f"{path}:{line}:29",
            "what": "record 802, team 1, round 1: opponent '9', the results give team 8 (its players' games)"} \
        in event["findings"]
