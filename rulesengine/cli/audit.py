"""`rulesengine audit INPUT... [--out REPORT] [--format text|json|xlsx]`: published tie-breaks checked
value by value against the rules in force on each event's date (contract in issue 14).

Exit status 0 when every input was audited (differences are the report, not a failure), 2 when an
input could not be read (it is named with its location; the others are still audited).
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "audit", help="check published tie-breaks and ranks against the rules of the event's date",
        description="For result pages and exports that print tie-breaks (Vega crosstable.html + standings.html, "
                    "Swiss-Manager / chess-results exports in a workbook, our own Standings sheet), map each "
                    "column to a rule from its legend, recompute under the rules in force on the event's date, "
                    "and list every differing value or rank with the article that explains it.")
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="a Vega event folder or page, a workbook, a folder of them, or a glob pattern")
    parser.add_argument("--out", default=None, metavar="REPORT", help="write the report here (default: stdout)")
    parser.add_argument("--format", choices=("text", "json", "xlsx"), default=None,
                        help="report form (default: xlsx when REPORT ends in .xlsx, else text)")
    parser.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                        help="the events' date, when the inputs do not print it (chooses the rules in force)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import json
    from datetime import date
    from pathlib import Path

    from rulesengine.audit.check import audit_event
    from rulesengine.audit.report import audit_json, audit_text, write_audit_workbook
    from rulesengine.audit.sources import load_event
    from rulesengine.batch.inputs import discover
    from rulesengine.batch.job import TRF
    from rulesengine.errors import InputError, UsageError
    from rulesengine.registry import default_registry

    fmt = args.format or ("xlsx" if args.out and args.out.lower().endswith(".xlsx") else "text")
    if fmt == "xlsx" and not args.out:
        raise UsageError("--format xlsx needs --out REPORT.xlsx")
    try:
        day = date.fromisoformat(args.date) if args.date else None
    except ValueError:
        raise UsageError(f"--date {args.date!r}: want YYYY-MM-DD") from None
    registry = default_registry()
    inputs = [i for i in discover(args.inputs) if i.kind != TRF]
    if not inputs:
        raise UsageError("nothing to audit: no Vega pages or workbooks among the inputs (TRF files print no "
                         "tie-breaks)")
    audits, errors = [], []
    for item in inputs:
        try:
            audits.append(audit_event(load_event(item), registry, rules_date=day))
        except InputError as exc:
            errors.append((item.relative, "; ".join(str(p) for p in exc.problems[:5])))
    if fmt == "xlsx":
        write_audit_workbook(Path(args.out), audits, errors)
        print(f"Wrote {args.out}: {len(audits)} events.", file=sys.stderr)
    else:
        text = (json.dumps(audit_json(audits, errors), ensure_ascii=False, indent=2) + "\n" if fmt == "json"
                else audit_text(audits, errors))
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    for name, message in errors:
        print(f"rulesengine: not audited: {message}", file=sys.stderr)
    return 2 if errors else 0
