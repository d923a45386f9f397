"""`DIR/summary.csv` and `DIR/summary.json`: one row per input, in the order of the inputs' names.

Columns (a contract): file, status (ok | error | skipped), format, players, rounds, winner,
seconds, error, kind (individual | team, issue 22: appended last; empty for an input not read; a
team event's winner is the team ranked first, its players its players). Without timings (`--no-timings`) `seconds` is empty in the CSV and null in the
JSON, so two runs of the same inputs give byte-identical summaries wherever they ran. The CSV's
cells are those of every CSV the engine writes (`output.csv_text`): a name, winner or error that
would start a spreadsheet formula is shown with a leading `'`; the JSON keeps them exactly.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring as _quote
from typing import Any, Iterable

from rulesengine.batch.out_files import OutFiles
from rulesengine.errors import InputError, Location, Problem
from rulesengine.output.csv_text import csv_text
from rulesengine.output.json_text import scalar_json

COLUMNS = ("file", "status", "format", "players", "rounds", "winner", "seconds", "error", "kind")
SUMMARY_CSV = "summary.csv"
SUMMARY_JSON = "summary.json"


def write_summaries(out: OutFiles, rows: Iterable[dict[str, Any]], *, timings: bool = True,
                    interrupted: bool = False) -> None:
    """Both summaries; a located InputError when one cannot be written (a full disk)."""
    ordered = sorted(rows, key=lambda r: r["file"])
    if not timings:
        ordered = [{**row, "seconds": None} for row in ordered]
    totals = {status: sum(1 for r in ordered if r["status"] == status) for status in ("ok", "error", "skipped")}
    data = {"files": [{c: row.get(c) for c in COLUMNS} for row in ordered],
            "totals": {"inputs": len(ordered), **totals}, "interrupted": interrupted}
    # Names, winners and errors are the inputs' own text: neutralised as every CSV's cells (item 1).
    table = csv_text(COLUMNS, [[row[c] for c in COLUMNS] for row in data["files"]])
    for name, text in ((SUMMARY_CSV, table), (SUMMARY_JSON, summary_json_text(data) + "\n")):
        try:
            out.write(name, text.encode("utf-8"))
        except OSError as exc:
            raise InputError(Problem(Location(str(out.out_dir / name)), f"cannot write the summary: "
                                     f"{exc.strerror or exc}; every result written is in the manifest, so "
                                     f"running the same command again finishes it")) from None


def summary_json_text(data: dict[str, Any]) -> str:
    """`json.dumps(data, ensure_ascii=False, indent=2)` of the summary, the same text: each row
    from one template with its values encoded in C. `indent` runs Python's pure encoder, value by
    value (most of the summaries' cost for an archive of thousands); a row holding anything but
    the scalars a row holds goes through it still."""
    files = data["files"]
    if list(data) != ["files", "totals", "interrupted"] or not files or any(
            list(row) != _COLUMN_LIST or not _SCALARS.issuperset(map(type, row.values())) for row in files):
        return json.dumps(data, ensure_ascii=False, indent=2)
    template = "    {\n" + ",\n".join(f"      {_quote(column)}: %s" for column in COLUMNS) + "\n    }"
    rows = ",\n".join([template % tuple(map(scalar_json, row.values())) for row in files])
    rest = json.dumps({"totals": data["totals"], "interrupted": data["interrupted"]}, ensure_ascii=False, indent=2)
    return '{\n  "files": [\n' + rows + "\n  ],\n" + rest[2:]


_COLUMN_LIST = list(COLUMNS)
_SCALARS = frozenset({str, int, float, bool, type(None)})


