"""xlwings Lite script of a tournament workbook: paste into the main.py tab of the xlwings Lite pane.

"Recalculate" appears in the pane's script list (and as a button in App Mode). It reads the
workbook once, computes standings, tie-breaks and ratings with the rulesengine package (see
requirements.txt), and writes the engine-owned sheets once, as the Excel ribbon add-in and
`rulesengine recalc BOOK.xlsx` do.
"""

import xlwings as xw
from xlwings import script

import rulesengine.excel


@script
def recalculate(book: xw.Book):
    rulesengine.excel.recalculate(book)
