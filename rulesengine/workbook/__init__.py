"""Workbooks: sheets as grids (`grid`), crosstable layouts (`layouts`), the recalculation every route
shares (`recalc.recalculate` -> `WritePlan`), and the openpyxl adapter with safe saving
(`openpyxl_io`, `save`). Nothing here imports openpyxl except those two adapter modules.
"""
