"""The Python side of the `rulesengine_td.xlam` ribbon add-in (button "Recalculate").

The add-in's VBA runs `import rulesengine_td; rulesengine_td.main()` with the add-in's folder on
the Python path, and `xw.Book.caller()` is then the workbook the TD is looking at (not the
add-in). Keep this module next to `rulesengine_td.xlam`, or name its folder in the PYTHONPATH
row of the add-in's `_myaddin.conf` sheet. "Pair next round" is the button of
`rulesengine_pair.xlam` (module `rulesengine_pair.py`), on the same ribbon tab.
"""

from __future__ import annotations


def main() -> None:
    import xlwings as xw

    from rulesengine.excel import recalculate

    recalculate(xw.Book.caller())


if __name__ == "__main__":  # run from an editor with the workbook open in Excel
    import xlwings as xw

    xw.Book("club.xlsx").set_mock_caller()
    main()
