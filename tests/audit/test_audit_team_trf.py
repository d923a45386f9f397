"""`rulesengine audit TEAM.trf` (issue 22 item 5): what a team TRF's record 310 declares (match
points, game points, the team rank under the file's record 202 order) checked against the
engine. The fixtures' 310 records are the standings FIDE TEC's gacrux 1.11.65 computed
(tests/data/team/README.md), so every value and rank must agree; planted ones must not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.formats.team_trf import parse_team_trf

TEAM = Path(__file__).resolve().parent.parent / "data" / "team"
WITH_310 = sorted(p for p in TEAM.glob("*.trf") if "\n310 " in p.read_text(encoding="utf-8"))


def _audit(path: Path, capsys) -> dict:
    capsys.readouterr()
    assert main(["audit", str(path), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)["events"][0]


@pytest.mark.parametrize("path", WITH_310, ids=lambda p: p.stem)
def test_every_declared_team_value_and_rank_equals_the_engines(path, capsys):
    event = _audit(path, capsys)
    assert [(c["published"], c["rule"]) for c in event["columns"]] == [("MP", "MPTS"), ("GP", "GPTS")]
    assert (event["kind"], event["differences"], event["rank_differences"]) == ("team", [], [])
    assert event["findings"][-1]["what"].startswith("ranks checked under the file's order: ")


def test_the_team_trfs_with_310_are_the_ten_generated_ones():
    assert len(WITH_310) == 10   # the two legacy 013 files declare nothing


def test_a_planted_match_points_value_and_rank_are_found(tmp_path, capsys):
    text = (TEAM / "sw02_t9_b4_r5_pab.trf").read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), start=1) if row.startswith("310   1 "))
    old = text.splitlines()[line - 1]
    planted = old[:54] + "   7.0" + old[60:68] + "  9" + old[71:]   # MP 6.0 -> 7.0, rank 3 -> 9
    path = tmp_path / "planted.trf"
    path.write_text(text.replace(old, planted), encoding="utf-8")
    event = _audit(path, capsys)
    assert [(d["start_no"], d["column"], d["published"], d["computed"], d["cell"]) for d in event["differences"]] == [
        (1, "MP", 7, 6, f"{path}:{line}:55")]
    assert [(r["start_no"], r["published"], r["computed"]) for r in event["rank_differences"]] == [(1, 9, 3)]


def test_a_blank_round_of_record_320_is_no_pab():
    # TRF-2026 writes 000 for a round without a team PAB; TEC's Grandmommy's Cup writes blanks.
    text = (TEAM / "sw06_t13_b4_r7_hpb.trf").read_text(encoding="utf-8")
    blank = text.replace("320  1.0  2.0  13   0   9  12   0   7  10", "320  1.0  2.0  13       9  12       7  10")
    assert [t.rounds for t in parse_team_trf(blank).teams] == [t.rounds for t in parse_team_trf(text).teams]
