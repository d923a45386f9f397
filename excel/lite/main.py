"""xlwings Lite scripts of a tournament workbook: paste into the main.py tab of the xlwings Lite pane.

"recalculate" appears in the pane's script list (and as a button in App Mode). It reads the
workbook once, computes standings, tie-breaks and ratings with the rulesengine package (see
requirements.txt), and writes the engine-owned sheets once, as the Excel ribbon add-in and
`rulesengine recalc BOOK.xlsx` do. "explain" does the same and also breaks down, on an Explain
sheet, how the tie-breaks and rating change of the players named were computed.
"pair_next_round" folds the results entered on the Pairings sheet into the crosstable, pairs the
next round (FIDE Dutch system) and writes it to the Pairings sheet, as `rulesengine pair
BOOK.xlsx` does; enter the results in its Result column and run "recalculate".
"""

import xlwings as xw
from xlwings import script

import rulesengine.excel


@script
def recalculate(book: xw.Book):
    rulesengine.excel.recalculate(book)


@script
def explain(book: xw.Book, players: str = ""):
    """players: start numbers or names, separated by commas (e.g. "3, Kai")."""
    rulesengine.excel.recalculate(book, explain=[p.strip() for p in players.split(",") if p.strip()])


@script
def pair_next_round(book: xw.Book):
    rulesengine.excel.pair_next_round(book)
