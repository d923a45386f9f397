"""Helpers shared by sub-commands: loading a tournament, writing tables, JSON and CSV."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import Tournament
from rulesengine.registry import Registry, default_registry
from rulesengine.tiebreak import FIDE_RULES_OPTION, PAIRING_KIND_OPTION


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="tournament file (TRF-16 / TRF-2026)")
    parser.add_argument("--encoding", default="utf-8", help="text encoding of the file (default utf-8; e.g. latin-1)")
    parser.add_argument("--input-format", default=None, help="force a file format (default: by extension)")


def add_format_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("table", "json", "csv"), default="table", help="output form")


def load_tournament(args: argparse.Namespace, registry: Registry | None = None) -> Tournament:
    registry = registry or default_registry()
    path = Path(args.file)
    if not path.exists():
        raise InputError(Problem(Location(str(path)), "no such file"))
    fmt = registry.format_for(path, getattr(args, "input_format", None))
    if fmt.read is None:
        raise InputError(Problem(Location(str(path)), f"format {fmt.name!r} cannot be read"))
    return fmt.read(path, args.encoding)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def print_csv(header: Sequence[str], rows: Sequence[Sequence[Any]], raw: bool = False) -> None:
    """CSV on stdout; cells that would start a spreadsheet formula are neutralised unless `raw`."""
    from rulesengine.cli.csv_safe import neutralise_rows
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows if raw else neutralise_rows(rows))
    sys.stdout.write(buffer.getvalue())


def display_width(text: str) -> int:
    """Terminal columns a string takes (wide East Asian characters take two, combining marks none)."""
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
    """Options that choose which text of the tie-break rules applies."""
    parser.add_argument("--rules", default=None,
                        help="rule text for FIDE tie-breaks: fide-2026, fide-2024 or fide-2017-virtual-opponent "
                             "(default: the text in force on the event's start date)")
    parser.add_argument("--pairing-kind", choices=("swiss", "round-robin"), default=None,
                        help="treat the event as a Swiss or a round robin (default: as the file says)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a tie-break plugin option (repeatable)")


def tiebreak_options(args: argparse.Namespace) -> dict[str, Any]:
    from rulesengine.errors import UsageError
    options: dict[str, Any] = {}
    for text in args.option:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--option {text!r}: want NAME=VALUE")
        options[name.strip()] = value.strip()
    if args.rules:
        options[FIDE_RULES_OPTION] = args.rules
    if args.pairing_kind:
        options[PAIRING_KIND_OPTION] = args.pairing_kind.replace("-", " ")
    return options
