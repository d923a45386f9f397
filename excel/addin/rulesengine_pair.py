"""The Python side of the `rulesengine_pair.xlam` ribbon add-in (button "Pair next round").

The add-in's VBA (xlwings' ribbon template, unchanged) runs `import rulesengine_pair;
rulesengine_pair.main()`, the module being named after the add-in file; `xw.Book.caller()` is
the workbook the TD is looking at. It folds the results entered on the Pairings sheet into the
crosstable, pairs the next round (FIDE Dutch) and writes the Pairings sheet, as `rulesengine pair
BOOK.xlsx` does. Keep this module next to `rulesengine_pair.xlam` (as `rulesengine_td.py` next to
`rulesengine_td.xlam`, whose button is "Recalculate" on the same ribbon tab).
"""

from __future__ import annotations


def main() -> None:
    import xlwings as xw

    from rulesengine.excel import pair_next_round

    pair_next_round(xw.Book.caller())
