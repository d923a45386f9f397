"""`DIR/summary.csv` and `DIR/summary.json`: one row per input, in the order of the inputs' names.

Columns (a contract): file, status (ok | error | skipped), format, players, rounds, winner,
seconds, error. Without timings (`--no-timings`) `seconds` is empty in the CSV and null in the
JSON, so two runs of the same inputs give byte-identical summaries wherever they ran.
"""

from __future__ import annotations

import csv
import io
import json
import os
from json.encoder import encode_basestring as _quote
from pathlib import Path
from typing import Any, Iterable

from rulesengine.output.json_text import scalar_json

COLUMNS = ("file", "status", "format", "players", "rounds", "winner", "seconds", "error")
SUMMARY_CSV = "summary.csv"
SUMMARY_JSON = "summary.json"


def write_summaries(out_dir: Path, rows: Iterable[dict[str, Any]], *, timings: bool = True,
                    interrupted: bool = False) -> None:
    ordered = sorted(rows, key=lambda r: r["file"])
    if not timings:
        ordered = [{**row, "seconds": None} for row in ordered]
    totals = {status: sum(1 for r in ordered if r["status"] == status) for status in ("ok", "error", "skipped")}
    data = {"files": [{c: row.get(c) for c in COLUMNS} for row in ordered],
            "totals": {"inputs": len(ordered), **totals}, "interrupted": interrupted}
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in data["files"]:
        writer.writerow(["" if row[c] is None else row[c] for c in COLUMNS])
    write_atomically(out_dir / SUMMARY_CSV, buffer.getvalue().encode("utf-8"))
    write_atomically(out_dir / SUMMARY_JSON, (summary_json_text(data) + "\n").encode("utf-8"))


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


def write_atomically(path: Path | str, data: bytes, made: set[str] | None = None) -> None:
    """Write beside, then rename: a reader (or a kill) never sees half a file. `made`: folders
    already made (a run writing thousands of files makes each folder once), as text. Paths are
    handled as text: a run's thousands of outputs are each joined, split and renamed once, and
    pathlib's objects cost more per file than the text operations."""
    text = os.fspath(path)
    folder, name = os.path.split(text)
    folder = folder or os.curdir
    if made is None or folder not in made:
        os.makedirs(folder, exist_ok=True)
        if made is not None:
            made.add(folder)
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    write_file(temporary, data)
    os.replace(temporary, text)


def write_file(path: Path, data: bytes) -> None:
    """Create or truncate `path` and write `data`: open, write, close and nothing else (a buffered
    `open` also asks whether the file is a terminal and stats it again, per output file)."""
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view):]
    finally:
        os.close(handle)

