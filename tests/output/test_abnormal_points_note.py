"""TRF-2026 record 299 (abnormal points) is not applied yet: the standings of an individual and
of a team event say so in their notes instead of ranking as if the record were not there."""

from __future__ import annotations

import json
from pathlib import Path

from rulesengine.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
NOTE = "record 299 (abnormal points) is not applied: 1 line left out; points and tie-breaks are from the results alone"


def _with_299(source: Path, target: Path) -> Path:
    lines = source.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(("001", "310", "013")))
    target.write_text("\n".join([*lines[:first], "299    1 -1.0", *lines[first:]]) + "\n", encoding="utf-8")
    return target


def _notes(capsys, path: Path) -> list[str]:
    assert main(["standings", str(path), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)["notes"]


def test_an_individual_event_with_record_299_says_it_is_not_applied(tmp_path, capsys):
    example = ROOT / "examples" / "riverside-open-2026.trf"
    assert NOTE not in _notes(capsys, example)
    assert NOTE in _notes(capsys, _with_299(example, tmp_path / "penalty.trf"))


def test_a_team_event_with_record_299_says_it_is_not_applied(tmp_path, capsys):
    team = ROOT / "tests" / "data" / "team" / "rr01_t6_b4_r5.trf"
    assert NOTE not in _notes(capsys, team)
    assert NOTE in _notes(capsys, _with_299(team, tmp_path / "team_penalty.trf"))
