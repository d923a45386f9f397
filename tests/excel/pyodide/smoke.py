"""A small tournament through the engine, as xlwings Lite runs it: prints one JSON document.

Run by test_excel_pyodide.py twice, under the host's CPython and inside Pyodide (the Python of
xlwings Lite) with the project's wheel installed by micropip; the two documents must agree.
Needs excel_sample.py, fake_xlwings.py and xlwings_json.py beside it. Threads and processes are
made to fail first: Pyodide has neither, so the recalculation path must not use them.

When xlwings is installed and the Lite script (main.py) lies beside this file, the Lite script
runs too: on the fake book, and on xlwings' own JSON book when XLWINGS_LICENSE_KEY is set.
"""

import importlib.util
import json
import os
import re
import sys
import tempfile
import threading


def _no_thread(self, *args, **kwargs):
    raise RuntimeError("the recalculation path started a thread (none in Pyodide / xlwings Lite)")


threading.Thread.start = _no_thread
sys.modules["multiprocessing"] = None  # any import of it now fails
os.environ["RULESENGINE_PLUGINS"] = "builtin"

from importlib import metadata  # noqa: E402

import excel_sample as sample  # noqa: E402
from fake_xlwings import FakeBook  # noqa: E402
from rulesengine import excel  # noqa: E402
from rulesengine.registry import build_registry  # noqa: E402
from rulesengine.standings import compute_standings  # noqa: E402
from rulesengine.testing import tournament_from_text  # noqa: E402
from rulesengine.grid import Grid  # noqa: E402
from rulesengine.workbook.io.openpyxl_book import write_workbook  # noqa: E402
from rulesengine.workbook.route import recalc_workbook  # noqa: E402
from rulesengine.workbook.recalc import recalculate  # noqa: E402


def exact(value):
    return None if value is None else str(value)  # Fractions as "11/4": exact on both sides


def standings_rows(standings):
    return [[row.rank, row.start_rank, row.name, exact(row.points), *(exact(v) for v in row.tiebreaks.values())]
            for row in standings.rows]


def requirements_installed():
    """The engine's runtime requirements, each checked to be installed (micropip ran with deps=False).

    Requirements marked for other platforms (the compiled fast reader: `platform_system !=
    'Emscripten'`) do not apply here: Pyodide reads through openpyxl."""
    names = [re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0] for r in metadata.requires("chess-rulesengine") or ()
             if "extra ==" not in r and "Emscripten" not in r]
    return sorted(name for name in names if metadata.version(name))


def without_time_stamp(rows):
    return [row for row in rows if not (row and row[0] == "Computed by")]


def lite_script():
    """The Lite script (main.py) with the real xlwings package, or None when either is missing."""
    try:
        import xlwings
    except ImportError:
        return None
    if not os.path.exists("main.py"):
        return None
    spec = importlib.util.spec_from_file_location("lite_main", "main.py")
    main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main)
    fake = FakeBook({name: [list(r) for r in rows] for name, rows in sample.SHEETS.items()})
    main.recalculate(fake)
    result = {"xlwings": xlwings.__version__,
              "fake_book_standings": without_time_stamp(fake.after_script()["Standings"]),
              "json_book_standings": None}
    if xlwings.__pro__:  # XLWINGS_LICENSE_KEY given: the remote engine, as in Lite
        from xlwings_json import payload, run_actions

        sheets = {name: [list(r) for r in rows] for name, rows in sample.SHEETS.items()}
        book = xlwings.Book(json=payload(sheets, xlwings.__version__))
        main.recalculate(book)
        after = run_actions(sheets, book.json()["actions"])["Standings"]
        result["json_book_standings"] = [[float(v) if isinstance(v, int) and not isinstance(v, bool) else v
                                          for v in row] for row in without_time_stamp(after)]
    return result


registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
entry_points = sorted(f"{ep.name}={ep.value}" for ep in metadata.entry_points(group="rulesengine")
                      if ep.dist is not None and ep.dist.name == "chess-rulesengine")

tournament = tournament_from_text(sample.PLAYERS, sample.ROUNDS, ratings=sample.RATINGS)
from_text = compute_standings(tournament, registry.resolve_specs(sample.TIEBREAKS), registry)
more_specs = registry.resolve_specs(["DE", "BH/M1", "SB/C1", "WIN", "BPG", "ARO", "uschess"])
more = compute_standings(tournament, more_specs, registry)

plan = recalculate({name: Grid(name, rows) for name, rows in sample.SHEETS.items()}, registry=registry)

with tempfile.TemporaryDirectory() as folder:  # the openpyxl route too: file, defusedxml, atomic save
    path = write_workbook(os.path.join(folder, "club.xlsx"), [Grid(n, r) for n, r in sample.SHEETS.items()])
    by_file = recalc_workbook(path, registry=registry)

book = FakeBook({name: [list(r) for r in rows] for name, rows in sample.SHEETS.items()})
excel.recalculate(book)
standings_sheet = without_time_stamp(book.after_script()["Standings"])
lite = lite_script()


print(json.dumps({
    "python": sys.version.split()[0],
    "platform": sys.platform,
    "entry_points": entry_points,
    "requirements_installed": requirements_installed(),
    "standings": standings_rows(from_text),
    "more_tiebreaks": [str(s) for s in more_specs],
    "more_standings": standings_rows(more),
    "recalc_standings": standings_rows(plan.standings),
    "recalc_sheets": list(plan.sheets),
    "openpyxl_route_standings": standings_rows(by_file.plan.standings),
    "excel_standings_sheet": standings_sheet,
    "cli_libraries_loaded": sorted(m for m in ("typer", "rich", "click") if m in sys.modules),
    "lite": lite,
}, sort_keys=True))
