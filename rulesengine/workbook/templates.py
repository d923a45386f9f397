"""The workbook templates TDs start from, built from code with openpyxl (values, dropdowns, no
formulas, no macros), so a pip-installed engine can make one: `rulesengine new-workbook`.

- `swiss`        Instructions, Players, Crosstable (our layout: Opp | Col | Res per round, with
                 dropdowns), Standings, Settings;
- `round-robin`  Instructions, Crosstable (a 1..N grid with * on the diagonal), Standings, Settings;
- `season`       a club season for the ladder: Players with ratings and games before the season,
                 one sheet per evening (`Evening 1`, copy it for `Evening 2`, ...), Standings
                 (the last evening), Ladder, Settings naming the club rating system.

Every sheet prints as a TD expects: fitted to one page wide, landscape when wide, header rows
repeated. Instructions wrap in rows tall enough for their text and end with a filled example
row; Settings print with their explanations on the same page. `workbook_templates/` holds the
output of `build()` (tests/workbook/test_templates.py checks they are the same in content).
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Callable, Sequence

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.worksheet.datavalidation import DataValidation

from rulesengine.errors import UsageError
from rulesengine.grid import column_letter
from rulesengine.new_files import create_new, temporary_name
from rulesengine.workbook.layouts.template import COLOUR_CHOICES, RESULT_CHOICES

BOLD = Font(bold=True)
TITLE = Font(bold=True, size=14)
HEADER_FILL = PatternFill("solid", fgColor="DDEBF7")
ENGINE_FILL = PatternFill("solid", fgColor="EDEDED")
EXAMPLE_FILL = PatternFill("solid", fgColor="FFF2CC")
THIN = Side(style="thin", color="808080")
WRAP = Alignment(wrap_text=True, vertical="top")
RATING_SYSTEMS = ("fide", "fide-rapid", "fide-blitz", "uschess", "elo", "glicko", "glicko2", "club")
MAX_PLAYERS = 2000
MAX_ROUNDS = 99  # round columns a template is built with (a double round robin of 50 has 98)
LINE_HEIGHT = 15.0  # points per line of 11-point text
# Instructions: column A holds the step number, B..L the text (merged) and the example's cells.
INSTRUCTION_WIDTHS = (5, 6, 24, 7, 7, 6, 6, 6, 6, 6, 6, 6)


def _header(ws, row: int, values, fill=HEADER_FILL, first_col: int = 1) -> None:
    for c, value in enumerate(values, start=first_col):
        if value is None:
            continue
        cell = ws.cell(row=row, column=c, value=value)
        cell.font = BOLD
        cell.fill = fill
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        cell.border = Border(bottom=THIN)


def _list_validation(ws, choices, ref: str, prompt: str) -> None:
    dv = DataValidation(type="list", formula1='"' + ",".join(choices) + '"', allow_blank=True,
                        showErrorMessage=True, errorTitle="Result code", error=prompt, promptTitle="Result",
                        prompt=prompt, showInputMessage=True)
    ws.add_data_validation(dv)
    dv.add(ref)


def _print_setup(ws, *, landscape: bool, title_rows: str | None = None) -> None:
    """One page wide (as tall as it needs), landscape when wide, the header rows on every page."""
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    if title_rows:
        ws.print_title_rows = title_rows


def _lines(text: str, width: float) -> int:
    """How many lines `text` wraps to in a cell `width` characters wide (words are not split)."""
    lines, used = 1, 0
    for word in text.split():
        if used and used + 1 + len(word) > width:
            lines, used = lines + 1, len(word)
        else:
            used += (1 if used else 0) + len(word)
    return lines + math.ceil(max(0, used - width) / width)


def _wrapped_row(ws, row: int, text: str, *, font: Font | None = None) -> None:
    """Text in B..L merged, wrapped, in a row tall enough for its lines (no text cut or overlapping)."""
    last = column_letter(len(INSTRUCTION_WIDTHS) - 1)
    cell = ws.cell(row=row, column=2, value=text)
    cell.alignment = WRAP
    if font is not None:
        cell.font = font
    ws.merge_cells(f"B{row}:{last}{row}")
    ws.row_dimensions[row].height = LINE_HEIGHT * _lines(text, sum(INSTRUCTION_WIDTHS[1:]) * 0.95) + 3


def _instructions(wb, title: str, steps: Sequence[str], example_intro: str,
                  example: Callable[[object, int], int]) -> None:
    ws = wb.active
    ws.title = "Instructions"
    for k, width in enumerate(INSTRUCTION_WIDTHS):
        ws.column_dimensions[column_letter(k)].width = width
    ws.cell(row=1, column=1, value=title).font = TITLE
    ws.merge_cells(f"A1:{column_letter(len(INSTRUCTION_WIDTHS) - 1)}1")
    ws.row_dimensions[1].height = 24
    row = 3
    for line in steps:
        number, _, text = line.partition(" ") if line[:1].isdigit() else ("", "", line)
        ws.cell(row=row, column=1, value=number or None).alignment = WRAP
        _wrapped_row(ws, row, text)
        row += 1
    _wrapped_row(ws, row + 1, example_intro, font=BOLD)
    example(ws, row + 2)
    _print_setup(ws, landscape=False)


def _example_row(ws, row: int, values: Sequence, note: str) -> int:
    """The filled example row (highlighted) and, under it, what it says in words."""
    for c, value in enumerate(values, start=2):
        cell = ws.cell(row=row, column=c, value=value)
        cell.fill = EXAMPLE_FILL
        cell.alignment = Alignment(horizontal="center")
    _wrapped_row(ws, row + 1, note)
    return row + 2


def _swiss_example(ws, row: int) -> int:
    """A filled Crosstable row after two rounds, in the Instructions' columns B..L."""
    _header(ws, row, ["SNo", "Name", "Rtg", "FED", "Round 1", None, None, "Round 2", None, None, "Pts"], first_col=2)
    ws.merge_cells(start_row=row, start_column=6, end_row=row, end_column=8)
    ws.merge_cells(start_row=row, start_column=9, end_row=row, end_column=11)
    _header(ws, row + 1, [None] * 4 + ["Opp", "Col", "Res", "Opp", "Col", "Res"], first_col=2)
    return _example_row(ws, row + 2, [1, "Berg, Ana", 2100, "NOR", 4, "w", 1, 3, "b", "½", 1.5],
                        "Ana Berg, start number 1, beat player 4 with White in round 1 and drew with player 3 "
                        "with Black in round 2. Player 4's row has 1, b, 0 in round 1 and player 3's row 1, w, ½ "
                        "in round 2.")


def _round_robin_example(ws, row: int) -> int:
    _header(ws, row, ["No.", "Name", "Rtg", "FED", 1, 2, 3, 4, "Pts"], first_col=2)
    return _example_row(ws, row + 1, [1, "Berg, Ana", 2100, "NOR", "*", 1, "½", 0, 1.5],
                        "Ana Berg (No. 1) beat No. 2, drew with No. 3 and lost to No. 4; the rows of players 2, 3 "
                        "and 4 have 0, ½ and 1 in column 1.")


def _standings_sheet(wb, tiebreaks) -> None:
    ws = wb.create_sheet("Standings")
    _header(ws, 1, ["Rank", "SNo", "Name", "Pts", *tiebreaks], ENGINE_FILL)
    ws.cell(row=3, column=1, value="This sheet belongs to the engine: Recalculate rewrites it.")
    ws.freeze_panes = "A2"
    ws.column_dimensions["C"].width = 28
    _print_setup(ws, landscape=False, title_rows="1:1")


def _settings_sheet(wb, rows) -> None:
    """`Setting | Value | What it means`, the meaning wrapped beside its value, all on one page."""
    ws = wb.create_sheet("Settings")
    _header(ws, 1, ["Setting", "Value", "What it means"])
    widths = {"A": 22, "B": 30, "C": 70}
    for r, (key, value, meaning) in enumerate(rows, start=2):
        ws.cell(row=r, column=1, value=key).font = BOLD
        ws.cell(row=r, column=2, value=value).alignment = Alignment(vertical="top")
        ws.cell(row=r, column=3, value=meaning).alignment = WRAP
        ws.cell(row=r, column=1).alignment = Alignment(vertical="top")
        ws.row_dimensions[r].height = LINE_HEIGHT * _lines(meaning, widths["C"] * 0.95) + 3
        if key == "Rating system":
            _list_validation(ws, ("none", *RATING_SYSTEMS), f"B{r}", "a rating system, or none")
        if key == "Type":
            _list_validation(ws, ("swiss", "round robin"), f"B{r}", "swiss or round robin")
    for letter, width in widths.items():
        ws.column_dimensions[letter].width = width
    _print_setup(ws, landscape=True, title_rows="1:1")


def _players_sheet(wb, columns, rows: int) -> None:
    ws = wb.create_sheet("Players")
    _header(ws, 1, columns)
    ws.freeze_panes = "A2"
    ws.column_dimensions["B"].width = 28
    for r in range(2, rows + 2):
        ws.cell(row=r, column=1).number_format = "0"
    _print_setup(ws, landscape=len(columns) > 8, title_rows="1:1")


def _template_crosstable(wb, rounds: int, rows: int, title: str = "Crosstable") -> None:
    """Our layout: SNo | Name | Rtg | FED | Round n (Opp | Col | Res) ... | Pts, with dropdowns."""
    ws = wb.create_sheet(title)
    _header(ws, 1, ["SNo", "Name", "Rtg", "FED"])
    for r in range(rounds):
        col = 5 + 3 * r
        _header(ws, 1, [None] * (col - 1) + [f"Round {r + 1}"])
        ws.merge_cells(start_row=1, start_column=col, end_row=1, end_column=col + 2)
        _header(ws, 2, [None] * (col - 1) + ["Opp", "Col", "Res"])
        for k in range(3):
            ws.column_dimensions[column_letter(col - 1 + k)].width = 5
    total_col = 5 + 3 * rounds
    _header(ws, 1, [None] * (total_col - 1) + ["Pts"])
    ws.freeze_panes = "C3"
    ws.column_dimensions["B"].width = 28
    last = rows + 2
    opp = DataValidation(type="whole", operator="between", formula1="1", formula2="9999", allow_blank=True,
                         showErrorMessage=True, error="the opponent's start number (SNo); empty for a bye")
    ws.add_data_validation(opp)
    for r in range(rounds):
        col = 5 + 3 * r
        opp.add(f"{column_letter(col - 1)}3:{column_letter(col - 1)}{last}")
        _list_validation(ws, COLOUR_CHOICES, f"{column_letter(col)}3:{column_letter(col)}{last}",
                         "w = white, b = black (empty for a bye)")
        _list_validation(ws, RESULT_CHOICES, f"{column_letter(col + 1)}3:{column_letter(col + 1)}{last}",
                         "1 ½ 0 played; + - forfeit; H half-point bye; F full-point bye; U pairing bye; "
                         "Z zero-point bye; W D L unrated game")
    _print_setup(ws, landscape=True, title_rows="1:2")


def _round_robin_crosstable(wb, size: int) -> None:
    ws = wb.create_sheet("Crosstable")
    _header(ws, 1, ["No.", "Name", "Rtg", "FED", *range(1, size + 1), "Pts"])
    for i in range(1, size + 1):
        ws.cell(row=i + 1, column=1, value=i)
        ws.cell(row=i + 1, column=4 + i, value="*").alignment = Alignment(horizontal="center")
        ws.column_dimensions[column_letter(3 + i)].width = 5
    ws.column_dimensions["B"].width = 28
    ws.freeze_panes = "C2"
    _list_validation(ws, ("1", "½", "0", "+", "-", "*"),
                     f"E2:{column_letter(3 + size)}{size + 1}", "1 ½ 0 played; + - forfeit; * the diagonal")
    _print_setup(ws, landscape=size > 10, title_rows="1:1")


SWISS_TIEBREAKS = "BH/C1, BH, DE, SB, WIN"
SWISS_ROUNDS, SWISS_ROWS = 9, 200


def swiss(path: Path, rounds: int = SWISS_ROUNDS, rows: int = SWISS_ROWS, *, rounds_setting: bool = False) -> None:
    """`rounds_setting`: the TD chose the number of rounds, so Settings says it (else it is read
    from the last round with any entry)."""
    wb = Workbook()
    _instructions(wb, "Swiss tournament - how to use this workbook", [
        "1. Crosstable: the players, one row each, are typed here and only here: start number (SNo) 1, 2, 3, ... "
        "in start order, Name, rating and federation.",
        "2. Then per round the opponent's SNo (Opp), your colour (Col: w or b) "
        "and your result (Res): 1, ½ or 0; + or - for a forfeit; H half-point bye, F full-point bye, U "
        "pairing-allocated bye, Z zero-point bye. Leave Opp and Col empty for byes. Pts is optional: when filled "
        "it is checked.",
        f"3. This sheet has room for {rounds} rounds. Round columns you leave empty are rounds not yet played: "
        f"the Standings are after the last round with results. When you type the next round's pairings (Opp "
        f"and Col) before its results, the Standings stay after the round before.",
        "4. Settings: tie-break order, rating system (or none), rules date, tournament type, and optionally the "
        "number of rounds and the round to rank after. Players (optional): more about the players of the "
        "Crosstable, by their SNo: title, FIDE ID, birth year, games played before and K, for ratings.",
        "5. Recalculate (the Excel button, or on a computer: rulesengine recalc THIS.xlsx). The engine checks that "
        "every game reads the same from both players' rows and rewrites only the Standings (and Explain) sheet.",
        "6. To let the engine pair the next round (FIDE Dutch system, C.04.3): Pair next round (the Excel "
        "button, or: rulesengine pair THIS.xlsx) writes the Pairings sheet; choose each board's result in its "
        "Result column as the games finish and Recalculate: the results go into the Crosstable. "
        "A bye asked for in advance is typed first in that round's Res cell (H or Z).",
        "7. Event day: a late entrant is a new row (next SNo, earlier rounds empty); a withdrawal is Players' "
        "Withdrawn from round (an expulsion, Expelled from round); Settings limit byes, score missed rounds "
        "and list forbidden pairs.",
        "Problems are listed as Sheet!Cell: what is wrong, all at once; nothing is written until they are fixed.",
        "Type values, not formulas, in the Crosstable: the engine never evaluates formulas.",
    ], "Example: a player's row in the Crosstable after two rounds", _swiss_example)
    _players_sheet(wb, ["SNo", "Name", "Title", "FED", "Rating", "FIDE ID", "Birth year", "Games", "K",
                        "Withdrawn from round", "Expelled from round", "No half-point byes"], rows)
    _template_crosstable(wb, rounds, rows)
    _standings_sheet(wb, [t.strip() for t in SWISS_TIEBREAKS.split(",")])
    _settings_sheet(wb, [
        ("Event", "", "name of the tournament: the title of the Standings"),
        ("Start date", "", "YYYY-MM-DD; chooses the regulations in force"),
        ("Type", "swiss", "swiss or round robin"),
        ("Tie-breaks", SWISS_TIEBREAKS, "in order, FIDE C.07 codes with modifiers (BH/C1 = Buchholz Cut-1)"),
        ("Rating system", "none", "fide, uschess, elo, ... or none"),
        ("Rules date", "", "force the regulations of another date (optional)"),
        ("Rounds", rounds if rounds_setting else "",
         "number of rounds of the event (optional: empty means the last round with any entry); the Standings "
         "say 'after round 5 of 9'"),
        ("After round", "", "rank after this round on purpose (optional: empty means after the last round with "
                            "results)"),
        ("First colour", "", "for Pair next round: white or black, the colour the lot gave player 1 in round 1 "
                             "(C.04.3 E; empty means white)"),
        ("Acceleration", "none", "for Pair next round: Baku (C.04.7) or none"),
        ("Max half-point byes", "", "the event's limit of requested half-point byes per player (optional); one "
                                    "more is refused at its Res cell, and each after a player's first asks you to "
                                    "confirm it (FIDE VCL4THP Q174)"),
        ("No byes in last rounds", "", "no requested bye (H or F) in the event's last N rounds (optional)"),
        ("Late entries", "", "a late entrant's missed rounds: zero (zero-point byes), half (half-point byes) or "
                             "empty: not paired, no points"),
        ("Colour lot", "", "any text (say the date and the arbiter's name): the initial colour of pairing number "
                           "1 is drawn from it, the same every time (C.04.3 E.5); empty: First colour"),
        ("# Forbidden pairs", "", "one row each before round 1: Forbidden pair | a player (SNo or name) in Value | "
                                  "the other in column C (FIDE C.05 5.2, TRF record 260)"),
        ("Forbidden pair", "", ""),
        ("Forbidden pair", "", ""),
    ])
    _save(wb, path)


RR_TIEBREAKS = "DE, WIN, SB, KS"
RR_SIZE = 12


def round_robin(path: Path, size: int = RR_SIZE) -> None:
    wb = Workbook()
    _instructions(wb, "Round robin - how to use this workbook", [
        "1. Crosstable: one row per player (No. 1..N, name, rating). Column k is the game against player No. k. "
        "Enter 1, ½ or 0 (+ or - for a forfeit); for a double round robin two results per cell, e.g. '1 ½'.",
        "2. Leave unused rows without a name. The * cells are the diagonal.",
        "3. The grid has no rounds or colours: tie-breaks that need them (progressive score, games with black) "
        "follow the FIDE Berger tables.",
        "4. Recalculate: only the Standings sheet is rewritten.",
    ], "Example: a player's row in the Crosstable", _round_robin_example)
    _round_robin_crosstable(wb, size)
    _standings_sheet(wb, [t.strip() for t in RR_TIEBREAKS.split(",")])
    _settings_sheet(wb, [
        ("Event", "", "name of the tournament: the title of the Standings"),
        ("Start date", "", "YYYY-MM-DD; chooses the regulations in force"),
        ("Type", "round robin", "swiss or round robin"),
        ("Tie-breaks", RR_TIEBREAKS, "in order (FIDE C.07 codes)"),
        ("Rating system", "none", "fide, uschess, elo, ... or none"),
    ])
    _save(wb, path)


SEASON_ROUNDS, SEASON_ROWS = 4, 60


def club_season(path: Path, rounds: int = SEASON_ROUNDS, rows: int = SEASON_ROWS) -> None:
    wb = Workbook()
    _instructions(wb, "Club season for the ladder - how to use this workbook", [
        "1. Players: everyone who plays this season, once, with a season number (SNo), and the ladder rating "
        "and rated games BEFORE the season (newcomers: leave Rating empty).",
        "2. Evening 1: that evening's games with the players' season numbers, as in the swiss template (Opp, Col, "
        "Res per round). For the next evening copy the sheet (right-click > Move or Copy) and name it Evening 2, "
        "Evening 3, ...",
        "3. Recalculate: every evening is replayed in order from the Players sheet, each rated from the ratings "
        "held before it. Standings shows the last evening; Ladder shows everyone's rating now and after each "
        "evening. Correcting an old evening and recalculating updates every later number.",
        "Privacy: for players under 18 use initials unless a guardian agreed to full names.",
    ], "Example: a player's row on an evening's sheet after two rounds", _swiss_example)
    _players_sheet(wb, ["SNo", "Name", "Rating", "Games"], rows)
    _template_crosstable(wb, rounds, rows, title="Evening 1")
    _standings_sheet(wb, ["BH", "SB"])
    ladder = wb.create_sheet("Ladder")
    _header(ladder, 1, ["Rank", "SNo", "Name", "Rating", "Games", "Evenings", "Season change"], ENGINE_FILL)
    ladder.cell(row=3, column=1, value="This sheet belongs to the engine: Recalculate rewrites it.")
    _print_setup(ladder, landscape=False, title_rows="1:1")
    _settings_sheet(wb, [
        ("Type", "swiss", "swiss or round robin"),
        ("Tie-breaks", "BH, SB", "in order"),
        ("Rating system", "club", "the club ladder (start 1200, K 40 then 20, provisional until 5 games)"),
    ])
    _save(wb, path)


def _save(wb: Workbook, path: Path) -> None:
    """Write next to `path` and rename: a half-written template never takes the name."""
    path = Path(path)
    temporary = temporary_name(path)
    os.close(create_new(temporary))  # the umask's mode, as any other tool's new file (issue 25 item 17)
    try:
        wb.save(temporary)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# The committed set (workbook_templates/): file name -> builder with its defaults.
BUILDERS = {"swiss.xlsx": swiss, "round_robin.xlsx": round_robin, "club_season.xlsx": club_season}
KINDS = ("swiss", "round-robin", "season")


def build(out: Path) -> list[Path]:
    """The committed templates, written to `out`."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, builder in BUILDERS.items():
        builder(out / name)
        paths.append(out / name)
    return paths


def check_new_book(out: Path) -> Path:
    """`out` as a new workbook's path: an .xlsx name, not there yet, in a folder (UsageError else)."""
    out = Path(out)
    if out.suffix.lower() != ".xlsx":
        raise UsageError(f"{out}: the new workbook's name must end in .xlsx")
    if out.exists():
        raise UsageError(f"{out} already exists; choose another name (an existing workbook is never replaced)")
    if not out.parent.is_dir():
        raise UsageError(f"{out.parent}: no such folder")
    return out


def new_workbook(kind: str, out: Path, rounds: int | None = None, players: int | None = None) -> str:
    """Build a template of `kind` at `out` (never over an existing file); say what was made.

    Raises UsageError for a kind, size or file name that cannot be used.
    """
    out = check_new_book(out)
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise UsageError(f"--rounds {rounds}: want 1 to {MAX_ROUNDS}")
    if players is not None and not 2 <= players <= MAX_PLAYERS:
        raise UsageError(f"--players {players}: want 2 to {MAX_PLAYERS}")
    if kind == "swiss":
        swiss(out, rounds or SWISS_ROUNDS, players or SWISS_ROWS, rounds_setting=rounds is not None)
        return f"swiss workbook with {rounds or SWISS_ROUNDS} rounds and {players or SWISS_ROWS} player rows"
    if kind == "round-robin":
        size = players or RR_SIZE
        if rounds is not None and rounds not in (size - 1 + size % 2, 2 * (size - 1 + size % 2)):
            raise UsageError(f"--rounds {rounds}: a round robin of {size} players has {size - 1 + size % 2} "
                             f"rounds (or twice as many, double); set --players instead")
        round_robin(out, size)
        return f"round-robin workbook for {size} players"
    if kind == "season":
        club_season(out, rounds or SEASON_ROUNDS, players or SEASON_ROWS)
        return (f"club season workbook with {rounds or SEASON_ROUNDS} rounds an evening and "
                f"{players or SEASON_ROWS} player rows")
    raise UsageError(f"unknown workbook kind {kind!r}; known: {', '.join(KINDS)}")
