"""`rulesengine audit` at the command line: usage errors, unreadable inputs beside readable ones."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesengine.cli import main

VEGA = Path(__file__).resolve().parent.parent / "data" / "published" / "vega"


def test_xlsx_report_needs_an_output_file(capsys):
    assert main(["audit", str(VEGA), "--format", "xlsx"]) == 2
    assert "--format xlsx needs --out REPORT.xlsx" in capsys.readouterr().err


def test_bad_date_is_a_usage_error(capsys):
    assert main(["audit", str(VEGA), "--date", "25/02/2025"]) == 2
    assert "--date '25/02/2025': want YYYY-MM-DD" in capsys.readouterr().err


def test_nothing_to_audit_among_trf_files(capsys):
    assert main(["audit", str(VEGA / "2025_july_rapid" / "derived.trf")]) == 2
    assert "nothing to audit" in capsys.readouterr().err


def test_an_unreadable_input_is_named_and_the_others_still_audited(tmp_path, capsys):
    shutil.copytree(VEGA / "2025_july_rapid", tmp_path / "july")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "crosstable.html").write_text("<html><body>no table</body></html>", encoding="utf-8")
    assert main(["audit", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert "== 2025 Hobsons Bay July Rapid" in captured.out
    assert f"NOT AUDITED broken/crosstable.html: {broken / 'crosstable.html'}:1:1: no Vega crosstable found" \
        in captured.out
    assert "not audited" in captured.err


def test_date_option_chooses_the_rules(capsys):
    # The July pages print no date: forced to a day under the March 2026 text, the byes' dummies are
    # capped and the published (2024-text) Buchholz of player 1 is explained by art. 16.4.2.
    assert main(["audit", str(VEGA / "2025_july_rapid"), "--date", "2026-04-01", "--format", "json"]) == 0
    import json
    event = json.loads(capsys.readouterr().out)["events"][0]
    assert event["rules"] == "fide-2026"
    first = next(d for d in event["differences"] if d["start_no"] == 1 and d["column"] == "BH")
    assert (first["published"], first["computed"]) == (15.5, 13.5)
    assert first["article"] == "FIDE C.07 art. 16.4.2 (March 2026)"
    assert first["explanation"].startswith("art. 16.4.2 as amended March 2026: dummy opponent capped at 2.5 (round 1)")
