"""Pair next round and fold the results, as xlwings Lite runs them: prints one JSON document.

Run by test_excel_pyodide_pairing.py under the host's CPython and inside Pyodide (the Python of
xlwings Lite); the two documents must agree. Needs fake_xlwings.py beside it. Threads and
processes fail first: Pyodide has neither, so the pairing path must not use them.
"""

import json
import os
import sys
import threading


def _no_thread(self, *args, **kwargs):
    raise RuntimeError("the pairing path started a thread (none in Pyodide / xlwings Lite)")


threading.Thread.start = _no_thread
sys.modules["multiprocessing"] = None
os.environ["RULESENGINE_PLUGINS"] = "builtin"

from fake_xlwings import FakeBook  # noqa: E402
from rulesengine import excel  # noqa: E402

_ = None
NAMES = ["Berg, Ana", "Øvrebø, Åse", "Núñez, José", "Иванов, Пётр", "محمد الأحمد"]
CROSSTABLE = [["SNo", "Name", "Rtg", "FED", "Round 1", _, _, "Round 2", _, _, "Pts"],
              [_, _, _, _, "Opp", "Col", "Res", "Opp", "Col", "Res", _]]
CROSSTABLE += [[i + 1, name, 2200 - 50 * i] for i, name in enumerate(NAMES)]
SHEETS = {"Crosstable": CROSSTABLE, "Settings": [["Setting", "Value"], ["Rounds", 2], ["Event", "Lite cup"]]}

book = FakeBook({name: [list(r) for r in rows] for name, rows in SHEETS.items()})
outcome = excel.pair_next_round(book)
paired = book.after_script()
pairings = [list(row) for row in paired["Pairings"]]
boards = [row for row in pairings[3:] if row and isinstance(row[0], (int, float))]
for row, result in zip(boards, ["1-0", "½-½"]):
    row[4] = result
typed = FakeBook({**paired, "Pairings": pairings})
plan = excel.recalculate(typed)
after = typed.after_script()
print(json.dumps({
    "platform": sys.platform,
    "round": outcome.paired.round,
    "boards": [[int(r[1]), int(r[7])] for r in boards],
    "byes": [list(b) for b in outcome.paired.byes],
    "pairings_title": pairings[0][0],
    "crosstable": [row[:7] for row in after["Crosstable"][2:]],
    "standings_title": after["Standings"][0][0],
    "notes": list(plan.notes[:1]),
}, ensure_ascii=False))
