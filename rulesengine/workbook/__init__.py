"""Workbooks: sheets as grids (`grid`), crosstable layouts (`layouts`), the Settings and Players
sheets, the recalculation every route shares (`recalc.recalculate` -> `WritePlan`), and the file
side: package inspection (`package`), the openpyxl adapter (`openpyxl_io`) and safe saving (`save`).
Only `openpyxl_io` imports openpyxl (lazily), so the pure part runs under Pyodide / xlwings Lite.
"""
