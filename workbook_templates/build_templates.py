"""Build the workbook templates TDs start from: `python workbook_templates/build_templates.py [OUT_DIR]`.

Writes, with openpyxl (values, dropdowns, no formulas, no macros):
- `swiss.xlsx`        Instructions, Players, Crosstable (our layout: Opp | Col | Res per round, with
                      dropdowns), Standings, Settings;
- `round_robin.xlsx`  Instructions, Crosstable (a 1..N grid with * on the diagonal), Standings, Settings;
- `club_season.xlsx`  a club season for the ladder: Players with ratings and games before the season,
                      one sheet per evening (`Evening 1`, copy it for `Evening 2`, ...), Standings
                      (the last evening), Ladder (everyone's rating now and after each evening),
                      Settings naming the club rating system.
Every template reads back through `rulesengine.workbook.layouts` (tests/workbook/test_templates.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from rulesengine.workbook.grid import column_letter
from rulesengine.workbook.layouts.template import COLOUR_CHOICES, RESULT_CHOICES

HERE = Path(__file__).resolve().parent
BOLD = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDEBF7")
ENGINE_FILL = PatternFill("solid", fgColor="EDEDED")
RATING_SYSTEMS = ("fide", "fide-rapid", "fide-blitz", "uschess", "elo", "glicko", "glicko2", "club")


def header(ws, row: int, values, fill=HEADER_FILL) -> None:
    for c, value in enumerate(values, start=1):
        if value is None:
            continue
        cell = ws.cell(row=row, column=c, value=value)
        cell.font = BOLD
        cell.fill = fill
        cell.alignment = Alignment(horizontal="center")


def list_validation(ws, choices, ref: str, prompt: str) -> None:
    dv = DataValidation(type="list", formula1='"' + ",".join(choices) + '"', allow_blank=True,
                        showErrorMessage=True, errorTitle="Result code", error=prompt, promptTitle="Result",
                        prompt=prompt, showInputMessage=True)
    ws.add_data_validation(dv)
    dv.add(ref)


def instructions(wb, lines) -> None:
    ws = wb.active
    ws.title = "Instructions"
    ws.column_dimensions["A"].width = 110
    for r, line in enumerate(lines, start=1):
        cell = ws.cell(row=r, column=1, value=line)
        if r == 1:
            cell.font = Font(bold=True, size=14)
        cell.alignment = Alignment(wrap_text=True, vertical="top")


def standings_sheet(wb, tiebreaks) -> None:
    ws = wb.create_sheet("Standings")
    header(ws, 1, ["Rank", "SNo", "Name", "Pts", *tiebreaks], ENGINE_FILL)
    ws.cell(row=3, column=1, value="This sheet belongs to the engine: Recalculate rewrites it.")
    ws.freeze_panes = "A2"
    ws.column_dimensions["C"].width = 28


def settings_sheet(wb, rows) -> None:
    ws = wb.create_sheet("Settings")
    header(ws, 1, ["Setting", "Value", "What it means"])
    for r, (key, value, meaning) in enumerate(rows, start=2):
        ws.cell(row=r, column=1, value=key).font = BOLD
        ws.cell(row=r, column=2, value=value)
        ws.cell(row=r, column=3, value=meaning)
        if key == "Rating system":
            list_validation(ws, ("none", *RATING_SYSTEMS), f"B{r}", "a rating system, or none")
        if key == "Type":
            list_validation(ws, ("swiss", "round robin"), f"B{r}", "swiss or round robin")
    for letter, width in (("A", 22), ("B", 30), ("C", 80)):
        ws.column_dimensions[letter].width = width


def players_sheet(wb, columns, rows: int) -> None:
    ws = wb.create_sheet("Players")
    header(ws, 1, columns)
    ws.freeze_panes = "A2"
    ws.column_dimensions["B"].width = 28
    for r in range(2, rows + 2):
        ws.cell(row=r, column=1).number_format = "0"


def template_crosstable(wb, rounds: int, rows: int, title: str = "Crosstable") -> None:
    """Our layout: SNo | Name | Rtg | FED | Round n (Opp | Col | Res) ... | Pts, with dropdowns."""
    ws = wb.create_sheet(title)
    header(ws, 1, ["SNo", "Name", "Rtg", "FED"])
    for r in range(rounds):
        col = 5 + 3 * r
        header(ws, 1, [None] * (col - 1) + [f"Round {r + 1}"])
        ws.merge_cells(start_row=1, start_column=col, end_row=1, end_column=col + 2)
        header(ws, 2, [None] * (col - 1) + ["Opp", "Col", "Res"])
        for k in range(3):
            ws.column_dimensions[column_letter(col - 1 + k)].width = 5
    total_col = 5 + 3 * rounds
    header(ws, 1, [None] * (total_col - 1) + ["Pts"])
    ws.freeze_panes = "C3"
    ws.column_dimensions["B"].width = 28
    last = rows + 2
    opp = DataValidation(type="whole", operator="between", formula1="1", formula2="9999", allow_blank=True,
                         showErrorMessage=True, error="the opponent's start number (SNo); empty for a bye")
    ws.add_data_validation(opp)
    for r in range(rounds):
        col = 5 + 3 * r
        opp.add(f"{column_letter(col - 1)}3:{column_letter(col - 1)}{last}")
        list_validation(ws, COLOUR_CHOICES, f"{column_letter(col)}3:{column_letter(col)}{last}",
                        "w = white, b = black (empty for a bye)")
        list_validation(ws, RESULT_CHOICES, f"{column_letter(col + 1)}3:{column_letter(col + 1)}{last}",
                        "1 ½ 0 played; + - forfeit; H half-point bye; F full-point bye; U pairing bye; "
                        "Z zero-point bye; W D L unrated game")


def round_robin_crosstable(wb, size: int) -> None:
    ws = wb.create_sheet("Crosstable")
    header(ws, 1, ["No.", "Name", "Rtg", "FED", *range(1, size + 1), "Pts"])
    for i in range(1, size + 1):
        ws.cell(row=i + 1, column=1, value=i)
        ws.cell(row=i + 1, column=4 + i, value="*").alignment = Alignment(horizontal="center")
        ws.column_dimensions[column_letter(3 + i)].width = 5
    ws.column_dimensions["B"].width = 28
    ws.freeze_panes = "C2"
    list_validation(ws, ("1", "½", "0", "+", "-", "*"),
                    f"E2:{column_letter(3 + size)}{size + 1}", "1 ½ 0 played; + - forfeit; * the diagonal")


SWISS_TIEBREAKS = "BH/C1, BH, DE, SB, WIN"


def swiss(path: Path, rounds: int = 9, rows: int = 200) -> None:
    wb = Workbook()
    instructions(wb, [
        "Swiss tournament - how to use this workbook",
        "1. Players: one row per player, start number (SNo) 1, 2, 3, ... in start order, with rating, federation, "
        "FIDE ID, birth year, games played before and K if you want ratings computed.",
        "2. Crosstable: the same SNo and Name, then per round the opponent's SNo (Opp), your colour (Col: w or b) and "
        "your result (Res): 1, ½ or 0; + or - for a forfeit; H half-point bye, F full-point bye, U pairing-allocated "
        "bye, Z zero-point bye. Leave Opp and Col empty for byes. Pts is optional: when filled it is checked.",
        "3. Settings: tie-break order, rating system (or none), rules date, tournament type.",
        "4. Recalculate (the Excel button, or on a computer: rulesengine recalc THIS.xlsx). The engine checks that "
        "every game reads the same from both players' rows and rewrites only the Standings (and Explain) sheet.",
        "Problems are listed as Sheet!Cell: what is wrong, all at once; nothing is written until they are fixed.",
        "Type values, not formulas, in the Crosstable: the engine never evaluates formulas.",
    ])
    players_sheet(wb, ["SNo", "Name", "Title", "FED", "Rating", "FIDE ID", "Birth year", "Games", "K"], rows)
    template_crosstable(wb, rounds, rows)
    standings_sheet(wb, [t.strip() for t in SWISS_TIEBREAKS.split(",")])
    settings_sheet(wb, [
        ("Event", "", "name of the tournament"),
        ("Start date", "", "YYYY-MM-DD; chooses the regulations in force"),
        ("Type", "swiss", "swiss or round robin"),
        ("Tie-breaks", SWISS_TIEBREAKS, "in order, FIDE C.07 codes with modifiers (BH/C1 = Buchholz cut 1)"),
        ("Rating system", "none", "fide, uschess, elo, ... or none"),
        ("Rules date", "", "force the regulations of another date (optional)"),
    ])
    wb.save(path)


RR_TIEBREAKS = "DE, WIN, SB, KS"


def round_robin(path: Path, size: int = 12) -> None:
    wb = Workbook()
    instructions(wb, [
        "Round robin - how to use this workbook",
        "1. Crosstable: one row per player (No. 1..N, name, rating). Column k is the game against player No. k. "
        "Enter 1, ½ or 0 (+ or - for a forfeit); for a double round robin two results per cell, e.g. '1 ½'.",
        "2. Leave unused rows without a name. The * cells are the diagonal.",
        "3. The grid has no rounds or colours: tie-breaks that need them (progressive score, games with black) "
        "follow the FIDE Berger tables.",
        "4. Recalculate: only the Standings sheet is rewritten.",
    ])
    round_robin_crosstable(wb, size)
    standings_sheet(wb, [t.strip() for t in RR_TIEBREAKS.split(",")])
    settings_sheet(wb, [
        ("Event", "", "name of the tournament"),
        ("Start date", "", "YYYY-MM-DD"),
        ("Type", "round robin", "swiss or round robin"),
        ("Tie-breaks", RR_TIEBREAKS, "in order (FIDE C.07 codes)"),
        ("Rating system", "none", "fide, uschess, elo, ... or none"),
    ])
    wb.save(path)


def club_season(path: Path, rounds: int = 4, rows: int = 60) -> None:
    wb = Workbook()
    instructions(wb, [
        "Club season for the ladder - how to use this workbook",
        "1. Players: everyone who plays this season, once, with a season number (SNo), and the ladder rating "
        "and rated games BEFORE the season (newcomers: leave Rating empty).",
        "2. Evening 1: that evening's games with the players' season numbers, as in the swiss template (Opp, Col, "
        "Res per round). For the next evening copy the sheet (right-click > Move or Copy) and name it Evening 2, "
        "Evening 3, ...",
        "3. Recalculate: every evening is replayed in order from the Players sheet, each rated from the ratings "
        "held before it. Standings shows the last evening; Ladder shows everyone's rating now and after each "
        "evening. Correcting an old evening and recalculating updates every later number.",
        "Privacy: for players under 18 use initials unless a guardian agreed to full names.",
    ])
    players_sheet(wb, ["SNo", "Name", "Rating", "Games"], rows)
    template_crosstable(wb, rounds, rows, title="Evening 1")
    standings_sheet(wb, ["BH", "SB"])
    ladder = wb.create_sheet("Ladder")
    header(ladder, 1, ["Rank", "SNo", "Name", "Rating", "Games", "Evenings", "Season change"], ENGINE_FILL)
    ladder.cell(row=3, column=1, value="This sheet belongs to the engine: Recalculate rewrites it.")
    settings_sheet(wb, [
        ("Type", "swiss", "swiss or round robin"),
        ("Tie-breaks", "BH, SB", "in order"),
        ("Rating system", "club", "the club ladder (start 1200, K 40 then 20, provisional until 5 games)"),
    ])
    wb.save(path)


BUILDERS = {"swiss.xlsx": swiss, "round_robin.xlsx": round_robin, "club_season.xlsx": club_season}


def build(out: Path = HERE) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, builder in BUILDERS.items():
        builder(out / name)
        paths.append(out / name)
    return paths


if __name__ == "__main__":
    for built in build(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE):
        print(built)
