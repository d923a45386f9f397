"""Sane bounds on every number read from input (TRF, rating lists, workbooks).

A number outside these bounds is refused by the reader with a located message, so no rule ever
computes with it: a rating of 1e308 would overflow FIDE's and US Chess's arithmetic, a declared
1,000,000 rounds would make every player carry a million unplayed rounds, and an exponent of
1e99999999 makes exact Fraction arithmetic run for minutes. The bounds are far beyond any real
event, so no real file meets them.
"""

from __future__ import annotations

# Rounds of one event. A TRF-16 round block is 10 characters, so 999 rounds is a 10,000-character
# line; the longest real events (double round robins of 40, club seasons) stay under 100.
MAX_ROUNDS = 999

# Players of one event: the largest real fields (online opens of 10,000+, a national rating list
# read as one event) ten times over. A workbook's rows follow it (MAX_SHEET_ROWS).
MAX_PLAYERS = 100_000

# Players of one TRF file: TRF-16 (FIDE C.04 Annex 2) gives a start rank columns 5-8 and each
# opponent four columns, and TRF-2026 keeps that layout, so the format itself stops at 9,999.
MAX_TRF_PLAYERS = 9_999

# Bytes of one TRF file: MAX_TRF_PLAYERS player records of at most 10,079 characters (999
# rounds) are about 100 MB; the largest real files (10,000 players, 30 rounds) are about 4 MB.
# Batch reads no larger file (each kind's bound: batch/runner.py).
MAX_TRF_BYTES = 128 * 1024 * 1024

# A workbook package, checked before any XML parser reads it (workbook/io/package.py). A real
# 50,000-player, 30-round crosstable in our template layout is one sheet part of about 175 MiB
# inflated (3,660 bytes and 93 cells a row, measured on a 500 x 30 export) and 4.7 million cells;
# with its Standings and Players sheets about 210 MiB and 5.4 million cells. The bounds leave
# twice that room and more; a zip bomb is caught by the inflation ratio long before them.
MAX_PACKAGE_PARTS = 10_000
MAX_PART_BYTES = 512 * 1024 * 1024        # one part, inflated
MAX_PACKAGE_BYTES = 1024 * 1024 * 1024    # all parts, inflated
MAX_INFLATION_RATIO = 200                 # inflated/compressed, for parts over 1 MiB (real sheets: 6-10)
MAX_SHEET_ROWS = MAX_PLAYERS + 1_000      # players, and the header and legend rows around them
MAX_CELLS = 12_000_000                    # in the whole workbook

# A rating (Elo-type scale: FIDE, US Chess, national lists, Glicko). FIDE's floor is 1400 and the
# highest rating ever published is under 2900; US Chess ratings start at 100.
MIN_RATING = 0
MAX_RATING = 4000

# Tie-breaks in one announced order (TRF record 202/212): FIDE C.07 lists a handful per event.
MAX_TIEBREAKS = 50

# Rating-system parameters a rating list may carry.
MAX_GAMES = 100_000          # rated games before the event
MAX_K = 1000                 # an explicit K (US Chess provisional K can reach several hundred)
MAX_DEVIATION = 1000         # Glicko rating deviation (the default for a new player is 350)
MAX_VOLATILITY = 10          # Glicko-2 volatility (0.06 is the usual start)
MIN_BIRTH_YEAR = 1800

# Points for one result in a scoring system (TRF 162/XXS/BB?, workbook Settings): 3-1-0 and
# 2-1-0 are common, and a few leagues count negative points for a forfeit.
MAX_POINTS_PER_RESULT = 100

# Characters of one number as written (digits, sign, point, exponent): longer text is refused
# before it reaches int() or Fraction(). 20 characters hold every real score and rating.
MAX_NUMBER_TEXT = 20

# A player's points total (a workbook's Pts column, a TRF points column): every result at its maximum.
MAX_POINTS_TOTAL = MAX_POINTS_PER_RESULT * MAX_ROUNDS

# A whole number in a cell (start number, rank, rating, games): larger is not one of these.
MAX_WHOLE_CELL = 10**9

# Characters of a name typed for something a plugin provides (a tie-break spec, a rating system,
# a rule set, a layout): the longest real ones ("BH/C1/M1", "fide-blitz", "uschess_wallchart") are
# under 20.
MAX_NAME_TEXT = 60

# Characters of a sheet name: Excel's own limit, so a longer name names no sheet.
MAX_SHEET_NAME = 31

# Digits of a denominator (points like 1/3 or 0.125); more is not a score.
MAX_POINTS_DENOMINATOR = 1000


def in_range(value: float | int, low: float | int, high: float | int) -> bool:
    """True when `value` lies in [low, high] (False for NaN)."""
    return low <= value <= high
