"""Helpers shared by sub-commands: loading a tournament, writing tables, JSON and CSV."""

from __future__ import annotations

import argparse
import sys
import unicodedata
from datetime import date
from pathlib import Path
from typing import Any, Sequence

from rulesengine.cli.json_output import print_json  # noqa: F401 (shared by every command)
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


def print_csv(header: Sequence[str], rows: Sequence[Sequence[Any]], raw: bool = False) -> None:
    """CSV on stdout (`rulesengine.output.csv_text`)."""
    from rulesengine.output.csv_text import csv_text  # noqa: PLC0415 (the csv module only for --format csv)
    sys.stdout.write(csv_text(header, rows, raw))


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


def print_note(note: str | None) -> None:
    """A note the reader must see before the output (the event's date not in the file), on stderr
    so that the table or CSV on stdout stays as it is."""
    if note:
        print(f"rulesengine: note: {note}", file=sys.stderr)
