"""Helpers shared by sub-commands: loading a tournament, writing tables, JSON and CSV."""

from __future__ import annotations

import argparse
import io
import json
import sys
import unicodedata
from datetime import date
from pathlib import Path
from typing import Any, Sequence

from rulesengine.errors import UsageError
from rulesengine.model import Tournament
from rulesengine.registry import Registry, default_registry


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="tournament file (TRF-16 / TRF-2026)")
    parser.add_argument("--encoding", default="utf-8", help="text encoding of the file (default utf-8; e.g. latin-1)")
    parser.add_argument("--input-format", default=None, help="force a file format (default: by extension)")


def add_format_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("table", "json", "csv"), default="table", help="output form")


def load_tournament(args: argparse.Namespace, registry: Registry | None = None) -> Tournament:
    """The tournament of `args.file`, treated as `--pairing-kind` says when that flag exists."""
    from rulesengine import api  # noqa: PLC0415 (commands that only list plugins need not import it)
    tournament = api.load_tournament(Path(args.file), encoding=args.encoding,
                                     input_format=getattr(args, "input_format", None),
                                     registry=registry or default_registry())
    return api.with_kind(tournament, getattr(args, "pairing_kind", None))


# One encoder for every item: `json.dumps` with arguments builds a new one per call.
#: Compact JSON with Unicode kept (names stay readable): what each item of `json_text` is.
JSON_ENCODER = json.JSONEncoder(ensure_ascii=False)


def json_text(data: Any) -> str:
    """Readable JSON for a person and a program alike: a top-level object has one key per line,
    and each item of a list of records (a standings row, a player, a plugin) is one line.

    The JSON value is the contract, not the whitespace. `indent=2` runs Python's pure encoder
    (every value of every row on its own line: 3.5 MB and 0.33 s for 10,000 players); the
    items here go through the C encoder (0.08 s), and a row stays one line a TD can read.
    """
    encode = JSON_ENCODER.encode
    if isinstance(data, list):
        return _json_list(data, encode, "") + "\n"
    if not isinstance(data, dict):
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    lines = [f"  {encode(str(key))}: {_json_list(value, encode, '  ') if isinstance(value, list) else encode(value)}"
             for key, value in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n" if lines else "{}\n"


def _json_list(items: list, encode, indent: str) -> str:
    if not any(isinstance(item, (dict, list)) for item in items):
        return encode(items)   # names, codes, numbers: one line
    inner = indent + "  "
    return "[\n" + inner + f",\n{inner}".join(map(encode, items)) + "\n" + indent + "]"


def json_text_with_items(data: dict, key: str, items: list[str]) -> str:
    """`json_text(data)` with `items` (each one record's JSON, on one line) as the list under
    `key`, whose value in `data` is an empty list: for commands that write their records' JSON
    straight from templates (standings, rate)."""
    head = json_text(data)
    if not items:
        return head
    # Each value of a top-level key is one line of JSON (strings escape their line breaks), so
    # this line can only be the key's own.
    empty = f"\n  {JSON_ENCODER.encode(key)}: [],\n"
    return head.replace(empty, f"\n  {JSON_ENCODER.encode(key)}: [\n    " + ",\n    ".join(items) + "\n  ],\n", 1)


def print_json(data: Any) -> None:
    sys.stdout.write(json_text(data))


def print_csv(header: Sequence[str], rows: Sequence[Sequence[Any]], raw: bool = False) -> None:
    """CSV on stdout; cells that would start a spreadsheet formula are neutralised unless `raw`."""
    import csv  # noqa: PLC0415 (only for --format csv)

    from rulesengine.cli.csv_safe import neutralise_rows
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows if raw else neutralise_rows(rows))
    sys.stdout.write(buffer.getvalue())


def display_width(text: str) -> int:
    """Terminal columns a string takes (wide East Asian characters take two, combining marks none)."""
    if text.isascii():
        return len(text)   # one column each (checked in C; most cells of a large table)
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """A plain aligned text table; `right` says which columns are right-aligned (numbers)."""
    widths = [display_width(h) for h in header]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], display_width(cell))

    def line(cells: Sequence[str]) -> str:
        out = []
        for i, cell in enumerate(cells):
            pad = " " * (widths[i] - display_width(cell))
            out.append(pad + cell if right[i] else cell + pad)
        return "  ".join(out).rstrip()

    separator = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), separator, *(line(r) for r in rows)]) + "\n"


def add_tiebreak_rule_arguments(parser: argparse.ArgumentParser) -> None:
    """Options that choose which rules apply: the date, a rule text, the event's kind, plugin options.

    The rule-set and option names come from the plugins (`rulesengine plugins` lists them);
    nothing here names a federation's text.
    """
    parser.add_argument("--rules", default=None, metavar="NAME",
                        help="force a rule text the tie-breaks declare (listed by `rulesengine plugins`); "
                             "default: the text in force on the rules date")
    parser.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                        help="the date whose rules apply (default: the event's start date)")
    parser.add_argument("--pairing-kind", choices=("swiss", "round-robin"), default=None,
                        help="treat the event as a Swiss or a round robin (default: as the file says)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an option a tie-break declares (repeatable; an unknown name is refused)")


def date_argument(text: str | None, flag: str = "--date") -> date | None:
    """A date given on the command line: ISO only, as the flag's help says (files are read more
    liberally, by `rulesengine.dates`)."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{flag} {text!r}: want YYYY-MM-DD") from None
