"""Issue 25, item 1: `batch`'s summary.csv wrote the file, winner and error columns raw, so a TRF
named `=1+1.trf`, a winner named `=HYPERLINK(...)` or a broken file named `@SUM(A1).trf` became
formulas when the summary was opened (and a CR in a winner split its row, item 2). They are
neutralised as every CSV's cells are; summary.json keeps them exactly."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulesengine.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch_inputs import chess_results_file, summary_rows, trf_file  # noqa: E402
from spreadsheet import formulas, spreadsheet_rows  # noqa: E402

HYPERLINK = '=HYPERLINK("http://x","y")'


def test_no_summary_cell_starts_a_formula(tmp_path, capsys):
    inputs = tmp_path / "in"
    trf_file(inputs / "=1+1.trf", names=(HYPERLINK, "Bo", "Cy", "Di"))
    trf_file(inputs / "-2+3.trf")
    (inputs / "@SUM(A1).trf").write_text("001 broken\n", encoding="utf-8")
    chess_results_file(inputs / "+cr.xml", names=("x\r=1+1", "Bo", "Cy", "Di"))
    out = tmp_path / "out"
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1", "--no-timings"]) == 2
    capsys.readouterr()
    text = (out / "summary.csv").read_text(encoding="utf-8", errors="strict")
    assert formulas(text) == []
    assert len(spreadsheet_rows(text)) == 5      # the header and one row per input
    rows = summary_rows(out)
    assert set(rows) == {"'=1+1.trf", "'-2+3.trf", "'@SUM(A1).trf", "'+cr.xml"}
    assert rows["'=1+1.trf"]["winner"] == "'" + HYPERLINK
    assert rows["'+cr.xml"]["winner"] == "x\r'=1+1"
    assert rows["'@SUM(A1).trf"]["error"].startswith("'@SUM(A1).trf:")
    data = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert [row["file"] for row in data["files"]] == ["+cr.xml", "-2+3.trf", "=1+1.trf", "@SUM(A1).trf"]
    assert data["files"][2]["winner"] == HYPERLINK and data["files"][0]["winner"] == "x\r=1+1"
