"""The Python side of the `rulesengine_td.xlam` ribbon add-in (buttons "Recalculate" and "Pair next round").

The add-in's VBA runs `import rulesengine_td; rulesengine_td.main()` with the add-in's folder on
the Python path (the "Pair next round" button runs `rulesengine_td.pair_next_round()`), and
`xw.Book.caller()` is then the workbook the TD is looking at (not the
add-in). Keep this module next to `rulesengine_td.xlam`, or name its folder in the PYTHONPATH
row of the add-in's `_myaddin.conf` sheet.
"""

from __future__ import annotations


def main() -> None:
    import xlwings as xw

    from rulesengine.excel import recalculate

    recalculate(xw.Book.caller())


def pair_next_round() -> None:
    import xlwings as xw

    from rulesengine.excel import pair_next_round as pair

    pair(xw.Book.caller())


if __name__ == "__main__":  # run from an editor with the workbook open in Excel
    import xlwings as xw

    xw.Book("club.xlsx").set_mock_caller()
    main()
