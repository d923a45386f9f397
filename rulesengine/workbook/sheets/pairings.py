"""The engine's `Pairings` sheet: one round's boards, a Result column the TD fills in, the byes.

    row 0   "<Event> - Round N" (+ " - <date>")                         title
    row 1   "<system>: enter each result in the Result column, then Recalculate"
    row 2   Board | White | White name | White points | Result | Black points | Black name | Black
    ...     one row per board, in the order the pairing system gives (FIDE C.04.2 board order)
            (blank)
            Bye | SNo | Name | Points | Kind                              (only when there are byes)
    ...     "" | 7 | name | 2 | PAB      (PAB, HPB, FPB or ZPB)

White / Black are start numbers; the points are each player's score before the round. The
Result column is text (number format "@", so 1-0 never becomes a date) with a dropdown of the
notations below; `read_pairings` reads the sheet back, as the TD left it, for the fold-in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import ResultCode, Tournament
from rulesengine.pairing import PairedRound
from rulesengine.grid import CellValue, Grid, cell_address, text
from rulesengine.cell_values import whole_number
from rulesengine.workbook.plan import STYLE_HEADER, Dropdown, SheetLook, SheetWrite
from rulesengine.workbook.sheets.measure import fit_widths, heading_widths
from rulesengine.workbook.look.paper import fit_page
from rulesengine.workbook.sheets.standings import cell_number

PAIRINGS_SHEET = "Pairings"
HEADER = ("Board", "White", "White name", "White points", "Result", "Black points", "Black name", "Black")
BYE_HEADER = ("Bye", "SNo", "Name", "Points", "Kind")
RESULT_COL = HEADER.index("Result")
BYE_KINDS = ("PAB", "HPB", "FPB", "ZPB")
W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
FW, FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
UW, UD, UL = ResultCode.UNRATED_WIN, ResultCode.UNRATED_DRAW, ResultCode.UNRATED_LOSS

# A board's result as (white's code, black's code). Played games, forfeits (+/- the player who
# came wins: FIDE Laws 6.9 and C.07 art. 16), both absent (-/-), and games played but not to be
# rated (TRF-16 W/D/L, e.g. a game the arbiter declared unrated).
RESULTS: dict[str, tuple[ResultCode, ResultCode]] = {
    "1-0": (W, L), "½-½": (D, D), "0-1": (L, W),
    "+/-": (FW, FL), "-/+": (FL, FW), "-/-": (FL, FL),
    "1-0 unrated": (UW, UL), "½-½ unrated": (UD, UD), "0-1 unrated": (UL, UW),
}
RESULT_CHOICES = tuple(RESULTS)
# Other ways a TD types the same results.
_ALIASES = {"1/2-1/2": "½-½", "0.5-0.5": "½-½", "0,5-0,5": "½-½", "=": "½-½", "=-=": "½-½", "½": "½-½",
            "1:0": "1-0", "0:1": "0-1", "½:½": "½-½", "+-": "+/-", "-+": "-/+", "--": "-/-",
            "+:-": "+/-", "-:+": "-/+", "-:-": "-/-", "+/ -": "+/-"}
_TITLE_ROUND = re.compile(r"\bround\s+(\d{1,3})\b", re.IGNORECASE)
RESULT_WIDTH = 12   # "½-½ unrated", the longest result, fits
NAME_MIN = 16       # the narrowest a name column gets; longer names wrap
PROMPT = ("1-0 ½-½ 0-1 played; +/- -/+ forfeit (the player who came wins); -/- both absent; "
          "'unrated' the same, not rated")


def result_text(value: CellValue) -> str | None:
    """The canonical notation of a Result cell ("" for empty); None when it is not a result."""
    if value is None:
        return ""
    if isinstance(value, (datetime, date)):
        return None   # Excel took 1-0 for a date: the cell was not text
    typed = re.sub(r"\s+", " ", text(value)).strip()
    if typed == "":
        return ""
    lowered = typed.lower().replace(" (u)", " unrated").replace(" u", " unrated")
    for key in (typed, lowered):
        if key in RESULTS:
            return key
        head, _, tail = key.partition(" ")
        canonical = _ALIASES.get(head)
        if canonical and tail in ("", "unrated"):
            return canonical + (" unrated" if tail else "")
    return None


def pairings_write(tournament: Tournament, paired: PairedRound, *, event: str = "", when: str = "",
                   system: str = "") -> SheetWrite:
    """The Pairings sheet of `paired` (start numbers), with names and scores before the round."""
    before = paired.round - 1
    name = {p.start_rank: p.name for p in tournament.players}

    def points(sno: int) -> CellValue:
        return cell_number(tournament.points_after(sno, before))

    title = " - ".join(part for part in (event, f"Round {paired.round}", when) if part)
    rows: list[tuple[CellValue, ...]] = [
        (title,),
        (f"{system or 'Pairings'}: enter each result in the Result column ({', '.join(RESULT_CHOICES[:6])}, "
         f"...), then Recalculate",),
        HEADER,
    ]
    for board, pairing in enumerate(paired.boards, start=1):
        rows.append((board, pairing.white, name[pairing.white], points(pairing.white), None,
                     points(pairing.black), name[pairing.black], pairing.black))
    last_board = len(rows) - 1
    headers = [2]
    if paired.byes:
        rows.append(())
        headers.append(len(rows))
        rows.append(BYE_HEADER)
        for sno, kind in paired.byes:
            rows.append(("", sno, name[sno], points(sno), kind))
    # Headings wrap ("White points" on two lines); names wrap rather than shrink the page: the
    # sheet pinned up every round prints at 100 %, portrait when it fits.
    widths = heading_widths(HEADER, minimum=6)
    for c, width in fit_widths(rows, range(3, len(rows))).items():
        widths[c] = max(widths.get(c, 0), width)
    widths[RESULT_COL] = max(widths[RESULT_COL], RESULT_WIDTH)
    names = (2, 6)
    page = fit_page(widths, {c: NAME_MIN for c in names})
    look = SheetLook(title_rows=(0, 1), header_rows=tuple(headers), merge_rows=(0, 1),
                     number_formats={RESULT_COL: "@"}, column_widths=page.widths, freeze_rows=3, repeat_rows=(2, 2),
                     right_aligned=(0, 1, 3, 5, 7), landscape=page.landscape,
                     row_styles={h: STYLE_HEADER for h in headers},
                     dropdowns=(Dropdown(RESULT_COL, 3, max(3, last_board), RESULT_CHOICES, PROMPT),)
                     if paired.boards else (),
                     wrap_columns=tuple(c for c in names if page.widths[c] < widths[c]))
    return SheetWrite(PAIRINGS_SHEET, tuple(rows), header_rows=tuple(headers), look=look)


@dataclass(frozen=True)
class Board:
    """One board as the sheet holds it now; `result` is the canonical notation or ""."""

    number: int
    white: int
    black: int
    result: str
    cell: str      # the Result cell, A1 (for messages)


@dataclass(frozen=True)
class PairingsSheet:
    round: int
    boards: tuple[Board, ...]
    byes: tuple[tuple[int, str], ...]


def read_pairings(grid: Grid) -> PairingsSheet | None:
    """The round on a Pairings sheet and what the TD entered; None for a sheet without boards.

    Raises InputError naming each cell that cannot be read (`Pairings!E7: ...`).
    """
    problems: list[Problem] = []

    def bad(r: int, c: int, message: str) -> None:
        problems.append(Problem(Location(sheet=grid.sheet, cell=cell_address(r, c)), message))

    header = next((r for r in range(min(grid.height, 10))
                   if tuple(text(v) for v in grid.row(r)[:len(HEADER)]) == HEADER), None)
    if header is None:
        return None
    title = next((text(grid.value(r, 0)) for r in range(header) if _TITLE_ROUND.search(text(grid.value(r, 0)))), "")
    found = _TITLE_ROUND.search(title)
    if found is None:
        bad(0, 0, "the title must say which round these pairings are for (\"Round N\"); pair again to rewrite it")
        raise InputError(problems)
    round_number = int(found.group(1))
    boards: list[Board] = []
    r = header + 1
    while r < grid.height and any(text(v) for v in grid.row(r)):
        values = grid.row(r)
        board, white, black = (whole_number(values[0]), whole_number(values[1]),
                               whole_number(values[len(HEADER) - 1]) if len(values) >= len(HEADER) else None)
        for c, got in ((0, board), (1, white), (len(HEADER) - 1, black)):
            if got is None or got <= 0:
                bad(r, c, f"{HEADER[c]} must be a number, found {text(grid.value(r, c))!r} (the engine wrote "
                          f"this sheet: pair again to rewrite it)")
        result = result_text(grid.value(r, RESULT_COL))
        if result is None:
            shown = grid.value(r, RESULT_COL)
            bad(r, RESULT_COL, f"round {round_number} board {text(values[0])}: {text(shown)!r} is not a result "
                               f"(use {', '.join(RESULT_CHOICES)}"
                               + ("; format the column as text so Excel keeps 1-0 as typed"
                                  if isinstance(shown, (datetime, date)) else "") + ")")
        if board and white and black and result is not None:
            boards.append(Board(board, white, black, result, cell_address(r, RESULT_COL)))
        r += 1
    byes: list[tuple[int, str]] = []
    while r < grid.height and tuple(text(v) for v in grid.row(r)[:len(BYE_HEADER)]) != BYE_HEADER:
        r += 1
    for k in range(r + 1, grid.height):
        values = grid.row(k)
        if not any(text(v) for v in values):
            break
        sno = whole_number(values[1]) if len(values) > 1 else None
        kind = text(values[4]).upper() if len(values) > 4 else ""
        if sno is None or kind not in BYE_KINDS:
            bad(k, 1 if sno is None else 4, f"bye line: want a start number and one of {', '.join(BYE_KINDS)}")
            continue
        byes.append((sno, kind))
    if problems:
        raise InputError(problems)
    return PairingsSheet(round_number, tuple(boards), tuple(byes))


BYE_CODES = {"PAB": ResultCode.PAIRING_ALLOCATED_BYE, "HPB": ResultCode.HALF_POINT_BYE,
             "FPB": ResultCode.FULL_POINT_BYE, "ZPB": ResultCode.ZERO_POINT_BYE}


def points_of(code: ResultCode, tournament: Tournament) -> Fraction:
    from rulesengine.model import Colour, RoundEntry
    return tournament.scoring.points(RoundEntry(0, 1, Colour.NONE, code))
