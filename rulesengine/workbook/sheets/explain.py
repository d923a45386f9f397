"""How the Explain sheet reads: one block per player, inside it one block per tie-break and one
for the rating, every block with its own column headings.

Columns keep one kind of value each, so a name column never holds a number:
A round (or the block's label), B opponent's start number, C names and descriptions (text),
D onwards values. Each contribution whose score is not the one the table shows (an opponent
counted with 3.5 while the Standings give 4) says why on its row.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Sequence

from rulesengine.model import Tournament
from rulesengine.tiebreak import ContributionLine
from rulesengine.grid import CellValue
from rulesengine.workbook.sheets.measure import fit_widths, heading_widths
from rulesengine.workbook.look.paper import fit_page
from rulesengine.workbook.plan import STYLE_HEADER, STYLE_NOTE, STYLE_SUBTITLE, STYLE_TITLE, SheetLook

PLAYER_LABEL = "Player"
HEADER_FIRST = "Round"
TEXT_COLUMN = 2
TEXT_WIDTH = 60.0
TEXT_MIN = 20.0   # the narrowest a wrapped text column gets


_VERSUS = re.compile(r"\bvs\.?\s*(\d+)")
_ADJUSTED = re.compile(r"adjusted score\s+(-?\d+(?:\.\d+)?)")


def adjustment_reason(tournament: Tournament, line: ContributionLine, article: str) -> str:
    """Why a contribution counts an opponent's score other than the table's, or "".

    Only lines that stand for an opponent's score (`vs 6`, `game vs 3: adjusted score 1 x own ½`)
    are looked at; the score counted is the one the line names (`adjusted score 1`), else its
    value. When it is not the opponent's total on the Standings, the rule adjusted it: FIDE C.07
    art. 16.3 for the opponent's unplayed rounds, US Chess 34E1 adjusted scores.
    """
    versus = _VERSUS.search(line.description or "")
    if versus is None or line.value is None or int(versus.group(1)) not in tournament.by_start_rank:
        return ""
    opponent = int(versus.group(1))
    adjusted = _ADJUSTED.search(line.description)
    try:
        counted = Fraction(adjusted.group(1)) if adjusted else Fraction(str(line.value))
    except (ValueError, ZeroDivisionError):
        return ""
    table = tournament.points[opponent]
    if counted == table:
        return ""
    unplayed = [f"round {e.round} {e.kind.value}" for e in tournament.entries(opponent) if not e.played]
    if unplayed:
        return (f"counts {_fmt(counted)}, not the table's {_fmt(table)}: the opponent's unplayed rounds "
                f"({', '.join(unplayed)}) are adjusted ({article})")
    return f"counts {_fmt(counted)}, not the table's {_fmt(table)} ({article})"


def _fmt(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def explain_look(rows: Sequence[Sequence[CellValue]]) -> SheetLook:
    """Titles for each player, subtitles for each block, bold column headings, fitting widths."""
    row_styles: dict[int, str] = {}
    for r, row in enumerate(rows):
        if not row:
            continue
        if row[0] == PLAYER_LABEL:
            row_styles[r] = STYLE_TITLE
        elif row[0] == HEADER_FIRST:
            row_styles[r] = STYLE_HEADER
            if r > 0 and rows[r - 1] and rows[r - 1][0] not in ("", None) and r - 1 not in row_styles:
                row_styles[r - 1] = STYLE_SUBTITLE  # the block's own title line
        elif row[0] == "" and len(row) > 2 and str(row[2]).startswith("Note"):
            row_styles[r] = STYLE_NOTE
    headers = [r for r, style in row_styles.items() if style == STYLE_HEADER]
    widths = fit_widths(rows, [r for r, row in enumerate(rows) if row_styles.get(r) not in (STYLE_TITLE, STYLE_HEADER)],
                        maximum=TEXT_WIDTH)
    for r in headers:   # headings wrap: their longest word counts
        for c, width in heading_widths(rows[r]).items():
            widths[c] = max(widths.get(c, 0), width)
    numeric = tuple(c for c in range(max((len(r) for r in rows), default=0))
                    if c != TEXT_COLUMN and all(not isinstance(row[c], str) or row[c] == "" or
                                                row_styles.get(r) in (STYLE_HEADER, STYLE_SUBTITLE, STYLE_TITLE)
                                                for r, row in enumerate(rows) if len(row) > c))
    # Descriptions and reasons wrap in their columns: the sheet prints at 100 %, not fitted down.
    texts = {c: TEXT_MIN for c in widths if c not in numeric and widths[c] > TEXT_MIN}
    page = fit_page(widths, texts, wrap_in_portrait=False)   # a sheet to read: landscape before wrapping
    return SheetLook(title_rows=(), header_rows=tuple(headers), column_widths=page.widths, right_aligned=numeric,
                     row_styles=row_styles, landscape=page.landscape, fit_width=True,
                     wrap_columns=tuple(c for c in texts if page.widths[c] < widths[c]))
