"""Workbooks: a TD's crosstable file read as grids, recalculated, and the engine's sheets written back.

    inputs/    the sheets a TD types that are not the crosstable: Settings, Players, the bounds of
               their numbers; what an export published (ranks, tie-break columns); how far the
               event has got (how a cell's number reads is the core's `rulesengine.cell_values`)
    layouts/   the built-in crosstable layouts (our template, Swiss-Manager/chess-results, the
               round-robin grid), registered as plugins like a federation's own (the record and
               its cell helpers are the core's `rulesengine.layout`, `rulesengine.layout_cells`);
               folding a Pairings sheet's results in, exporting a Tournament as a grid
    sheets/    the engine-owned sheets: Standings, Explain, Pairings, and how each reads and prints
    io/        the package-level adapters: zip and entity-bomb inspection, the fast reader
               (calamine), the graft writer, the openpyxl adapter, atomic save with its lock
    plan.py, look/     the write vocabulary every adapter applies (SheetWrite, SheetLook, cell formats, the page)
    recalc.py  THE recalculation, pure: grids in, a WritePlan out (CLI, batch, the Excel button)
    pair_book.py, season.py, templates.py   pairing a book, a club season book, new workbooks
    route.py   the file route of `recalc` and `pair BOOK`: read, compute, write back, save

Only `io/` imports openpyxl (lazily), so everything else runs under Pyodide / xlwings Lite.
"""
