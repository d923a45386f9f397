"""The printed page an engine sheet is laid out for: how many characters fit across, how many
rows down, and whether a table fits at 100 %.

A sheet is planned before anyone knows the paper (the plan is pure; the workbook's paper size is
read by the adapter), so it is laid out for the smaller of A4 and Letter in each direction: A4's
width (595 pt), Letter's height (792 pt). A table that fits that box prints at 100 % on both.
Column widths are in Excel's character units: one unit is the width of "0" in the default font
(Calibri 11: 7 pixels, 5.25 points), the unit ECMA-376 Part 1, 18.3.1.13 `col/@width` counts in.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

POINTS_PER_CHAR = 5.25          # one width unit of Calibri 11 (7 px at 96 dpi)
ROW_HEIGHT = 15.0               # points: Excel's row of Calibri 11; the engine sheets set it as their default
A4_WIDTH, A4_HEIGHT = 595.3, 841.9
LETTER_WIDTH, LETTER_HEIGHT = 612.0, 792.0
# Page margins the engine sheets set (inches, as ECMA-376 Part 1, 18.3.1.62 pageMargins).
MARGIN_SIDE, MARGIN_TOP_BOTTOM, MARGIN_HEADER = 0.5, 0.6, 0.3
# Fonts differ a little between spreadsheet programs (Calibri, Carlito): keep a tenth spare.
SPARE = 0.9
ROWS_SPARE = 0.97   # rows have the heights the engine sets: little to spare

LETTERS_PER_UNIT = 1.2

# ECMA-376 Part 1, 18.3.1.63 pageSetup/@paperSize codes of the papers we lay out for.
PAPER_LETTER, PAPER_A4 = 1, 9
PAPER_NAMES = {PAPER_LETTER: "Letter", PAPER_A4: "A4"}


def _chars(points: float) -> int:
    return int((points - 2 * MARGIN_SIDE * 72) * SPARE / POINTS_PER_CHAR)


def _rows_height(points: float) -> float:
    return (points - 2 * MARGIN_TOP_BOTTOM * 72) * ROWS_SPARE


PORTRAIT_CHARS = _chars(min(A4_WIDTH, LETTER_WIDTH))        # 89 characters across a portrait page
LANDSCAPE_CHARS = _chars(min(A4_HEIGHT, LETTER_HEIGHT))     # 123 across a landscape one
PORTRAIT_HEIGHT = _rows_height(min(A4_HEIGHT, LETTER_HEIGHT))   # points of rows down a portrait page
LANDSCAPE_HEIGHT = _rows_height(min(A4_WIDTH, LETTER_WIDTH))


@dataclass(frozen=True)
class PageFit:
    """Column widths that print at 100 %, and the orientation they need."""

    widths: dict[int, float]
    landscape: bool

    @property
    def across(self) -> int:
        return LANDSCAPE_CHARS if self.landscape else PORTRAIT_CHARS

    @property
    def down(self) -> float:
        return LANDSCAPE_HEIGHT if self.landscape else PORTRAIT_HEIGHT


def total(widths: Mapping[int, float]) -> float:
    return sum(widths.values())


def fit_page(widths: Mapping[int, float], wrapped: Mapping[int, float] = {}, *,
             wrap_in_portrait: bool = True) -> PageFit:
    """Portrait when the columns fit across a portrait page, else landscape; columns in `wrapped`
    (column -> narrowest it may get: text that wraps, names, explanations) are narrowed as far as
    needed, portrait first (`wrap_in_portrait` False: portrait only when nothing needs to wrap).
    Widths that do not fit even then are left: the print is fitted to the page's width (smaller
    than 100 %), which the render test reports."""
    for landscape in (False, True):
        budget = LANDSCAPE_CHARS if landscape else PORTRAIT_CHARS
        narrowed = narrow(widths, wrapped if landscape or wrap_in_portrait else {}, budget)
        if total(narrowed) <= budget:
            return PageFit(narrowed, landscape)
    return PageFit(narrow(widths, wrapped, LANDSCAPE_CHARS), True)


def narrow(widths: Mapping[int, float], wrapped: Mapping[int, float], budget: float) -> dict[int, float]:
    """Narrow the `wrapped` columns, each by its share of the room they have above their narrowest,
    until the widths fit `budget` (or each is at its narrowest)."""
    out = dict(widths)
    excess = total(out) - budget
    room = {c: out[c] - low for c, low in wrapped.items() if c in out and out[c] > low}
    spare = sum(room.values())
    if excess <= 0 or not spare:
        return out
    share = min(excess / spare, 1.0)
    for c, r in room.items():
        out[c] = int(out[c] - r * share)   # whole characters, rounded down: the sum stays within budget
    return out


def lines_needed(text: str, width: float, *, size: float = 11.0, bold: bool = False) -> int:
    """How many lines `text` takes wrapped in a cell `width` characters wide (at `size` points).

    Text is measured by its length: an average letter of Calibri is about 0.75 of its "0" (the
    width unit); counting 1.2 letters a unit leaves the estimate a little generous, as a printed
    page should be.
    """
    import textwrap

    per_line = max(int(width * LETTERS_PER_UNIT * 11.0 / size / (1.1 if bold else 1.0)) - 1, 1)
    return sum(len(textwrap.wrap(part, per_line, break_long_words=True)) or 1 for part in text.split("\n"))


def book_paper(sizes: Iterable[int | str | None]) -> int | None:
    """The workbook's paper: the size most of the TD's sheets give (pageSetup/@paperSize), None
    when none gives one (the spreadsheet program then prints on its locale's paper)."""
    found = Counter(int(s) for s in sizes if s not in (None, "") and str(s).isdigit() and int(s) > 0)
    return found.most_common(1)[0][0] if found else None


def keep_together(heights: Sequence[float], repeated: float, block: int, keep: int, page_height: float) -> int | None:
    """The row to start a new page at so that rows `block`.. (a legend) print whole on one page with
    the `keep` rows before them (the table's last players), or None when they already do.

    `heights` are every row's height (points), `repeated` the height of the rows repeated at the
    top of every page after the first (the table's header). Pages are filled as a spreadsheet
    fills them: as many whole rows as the page's height holds.
    """
    starts = [0]
    used = 0.0
    for r, height in enumerate(heights):
        if used + height > page_height and used > 0:
            starts.append(r)
            used = repeated
        used += height
    last_start = max(s for s in starts if s <= block) if block < len(heights) else None
    if last_start is None:
        return None
    split = any(block < s < len(heights) for s in starts)
    if not split and block - last_start >= keep:
        return None   # whole, below enough of the table
    start = block - keep
    if start <= 0 or repeated + sum(heights[start:]) > page_height:
        return None   # nothing to move, or too long to keep on one page anyway
    return start
