"""`standings --format csv` is safe to open in a spreadsheet (OWASP CSV injection), unless --csv-raw."""

from __future__ import annotations

import csv
import io

import pytest

from rulesengine.cli import main
from rulesengine.output.csv_text import neutralise

HEADER = "012 Formula names\n042 2026/04/10\n092 Swiss\n"
NAMES = ['=HYPERLINK("http://x","y")', "@SUM(A1:A9)", "+1+1", "-2+3", "\tTab", "\rCR"]


def player_line(sno: int, name: str, points: str, block: str) -> str:
    return f"001 {sno:>4} m    {name:<33} 2000 NOR {'':>11} 2000/01/01 {points:>4} {sno:>4}  {block}"


@pytest.mark.parametrize("text, shown", [
    ('=HYPERLINK("x")', "'=HYPERLINK(\"x\")"), ("@SUM(A1)", "'@SUM(A1)"), ("+1+1", "'+1+1"), ("+1", "+1"), ("-A", "'-A"),
    ("\tx", "'\tx"), ("\rx", "'\rx"), ("Ana", "Ana"), ("-0.5", "-0.5"), ("12", "12"), ("", ""),
])
def test_neutralise(text: str, shown: str):
    assert neutralise(text) == shown


def test_numbers_are_left_as_numbers():
    assert neutralise(3) == 3 and neutralise(-1.5) == -1.5


def test_standings_csv_neutralises_formula_names_and_csv_raw_keeps_them(tmp_path, capsys):
    lines = [HEADER.rstrip("\n")]
    for i in range(0, len(NAMES), 2):
        lines.append(player_line(i + 1, NAMES[i].replace("\t", " ").replace("\r", " ") if i else NAMES[i], "1.0", f"{i + 2:04d} w 1"))
        lines.append(player_line(i + 2, NAMES[i + 1].replace("\t", " ").replace("\r", " "), "0.0", f"{i + 1:04d} b 0"))
    path = tmp_path / "names.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["standings", str(path), "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    names = {row[2] for row in rows[1:] if row and not row[0].startswith("#")}
    assert "'=HYPERLINK(\"http://x\",\"y\")" in names and "'@SUM(A1:A9)" in names and "'+1+1" in names
    assert not any(n.startswith(("=", "+", "-", "@")) for n in names)
    assert main(["standings", str(path), "--format", "csv", "--csv-raw"]) == 0
    raw = {row[2] for row in csv.reader(io.StringIO(capsys.readouterr().out)) if row and not row[0].startswith("#")}
    assert '=HYPERLINK("http://x","y")' in raw and "@SUM(A1:A9)" in raw
