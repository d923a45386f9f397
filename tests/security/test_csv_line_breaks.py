"""Issue 25, item 2: a bare CR in a name got past the `'` prefix in every CSV writer. The csv module
quotes a field only for its line terminator's characters (LF), so `x\\r=1+1` was written
unquoted; LibreOffice and Excel end the row at the CR and take `=1+1` as a formula (giving 2).
Now such a field is quoted and every line inside a cell is neutralised too."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.cli.common import print_csv
from rulesengine.formats.chess_results import write_chess_results
from rulesengine.output.csv_text import csv_text, neutralise
from rulesengine.testing import tournament_from_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spreadsheet import formulas, spreadsheet_rows  # noqa: E402

NAMES = ["x\r=1+1", "y\r\n@SUM(A1:A9)", "z\n+1+1", "w\r\t=2"]   # (readers strip a leading CR)


def chess_results_file(folder: Path, names: list[str]) -> Path:
    names = names + ["Bo", "Cy", "Di", "Ed", "Fi"][: 6 - len(names)]
    event = tournament_from_text(names, ["1-2 1-0, 3-4 =, 5-6 0-1", "1-3 1-0, 2-5 =, 4-6 1-0"])
    path = folder / "event.xml"
    path.write_bytes(write_chess_results(event, {}).encode("utf-8"))
    return path


@pytest.mark.parametrize("command", [["standings"], ["standings", "--csv-raw"], ["rate", "--system", "club"]])
def test_standings_and_rate_csv_keep_a_cr_inside_its_quoted_cell(tmp_path, capsys, command):
    path = chess_results_file(tmp_path, NAMES)
    assert main([command[0], str(path), *command[1:], "--format", "csv"]) == 0
    text = capsys.readouterr().out
    rows = list(csv.reader(io.StringIO(text, newline="")))
    names = [row[2 if command[0] == "standings" else 1] for row in rows[1:7]]
    assert len({len(row) for row in rows[1:7]}) == 1           # no row was split
    raw = "--csv-raw" in command
    for name in NAMES:
        assert (name if raw else neutralise(name)) in names
    if not raw:
        assert formulas(text) == []
        assert "x\r'=1+1" in names and "y\r\n'@SUM(A1:A9)" in names and "w\r'\t=2" in names


def test_the_ladder_csv_writer_quotes_and_neutralises_a_cr(capsys):
    print_csv(("Rank", "Member", "Name"), [("1", "m1", "x\r=1+1"), ("2", "m2", "Bo")])
    text = capsys.readouterr().out
    assert text == 'Rank,Member,Name\n1,m1,"x\r\'=1+1"\n2,m2,Bo\n'
    assert formulas(text) == []


def test_a_cell_split_at_any_line_break_starts_no_formula():
    rows = [[name, "-0.5", 3, None] for name in NAMES + ["\r=3", "a\n-b", "tab\n\tx", "plain"]]
    text = csv_text(("name", "points", "games", "none"), rows)
    assert formulas(text) == []
    assert [row[0] for row in csv.reader(io.StringIO(text, newline=""))][1:] == [neutralise(r[0]) for r in rows]
    assert len(spreadsheet_rows(text)) == len(rows) + 1
    assert text.endswith("\nplain,-0.5,3,\n")   # rows without a CR are written as before


def test_comment_lines_under_a_csv_stay_comments():
    text = csv_text(("a",), [("b",)], comments=["Note: x\r=1+1 withdrew", "Rules: y\n@SUM(A1)"])
    assert text == "a\nb\n# Note: x\n# =1+1 withdrew\n# Rules: y\n# @SUM(A1)\n"
    assert formulas(text) == []


def test_neutralise_each_line():
    assert neutralise("x\r=1+1") == "x\r'=1+1"
    assert neutralise("\r=1") == "'\r'=1"
    assert neutralise("a\r\n-b\n+c") == "a\r\n'-b\n'+c"
    assert neutralise("a\nb") == "a\nb" and neutralise("-0.5") == "-0.5"
