"""`rulesengine audit INPUT... [--out REPORT] [--format text|json|xlsx]`: published tie-breaks checked
value by value against the rules in force on each event's date (contract in issue 14).

With `--pairings`, each swiss round's recorded pairing is also re-paired by the event's pairing
system (Dutch by default, `--pairing-system NAME`); TRF files are then inputs too (they print no
tie-breaks, but their pairings can be audited).

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
                    "chess-results.com tournament XML, Swiss-Manager / chess-results exports in a workbook, our "
                    "own Standings sheet), map each "
                    "column to a rule from its legend, recompute under the rules in force on the event's date, "
                    "and list every differing value or rank with the article that explains it.")
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="a Vega event folder or page, a chess-results .xml, a workbook, a folder of them, "
                             "or a glob pattern")
    parser.add_argument("--out", default=None, metavar="REPORT", help="write the report here (default: stdout)")
    parser.add_argument("--format", choices=("text", "json", "xlsx"), default=None,
                        help="report form (default: xlsx when REPORT ends in .xlsx, else text)")
    parser.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                        help="the events' date, when the inputs do not print it (chooses the rules in force)")
    parser.add_argument("--pairings", action="store_true",
                        help="also re-pair every round of each swiss event and report each round whose recorded "
                             "pairing differs, with the first criterion it breaks; TRF files are then audited too")
    parser.add_argument("--pairing-system", default=None, metavar="NAME",
                        help="the pairing system to check every swiss event against (default: the one the file "
                             "names, else dutch); needs --pairings")
    parser.add_argument("--encoding", default="utf-8", help="text encoding of TRF inputs (default utf-8)")
    parser.add_argument("--column", action="append", default=[], metavar="HEADING=SPEC",
                        help="the rule a published column prints, when its legend names none the engine knows "
                             "(e.g. TB3=SB for a chess-results number it cannot map; a team event's column takes a team "
                             "spec, TB3=BH:MP); repeatable")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import json
    from datetime import date
    from pathlib import Path

    from rulesengine.audit.check import audit_event
    from rulesengine.audit.report import audit_json, audit_text, write_audit_workbook
    from rulesengine.audit.sources import load_event
    from rulesengine.audit.team_check import audit_team_event
    from rulesengine.audit.team_sources import declares_team_table
    from rulesengine.published import PublishedTeamEvent
    from rulesengine.errors import InputError, UsageError
    from rulesengine.inputs import TRF, discover
    from rulesengine.registry import default_registry

    fmt = args.format or ("xlsx" if args.out and args.out.lower().endswith(".xlsx") else "text")
    if fmt == "xlsx" and not args.out:
        raise UsageError("--format xlsx needs --out REPORT.xlsx")
    try:
        day = date.fromisoformat(args.date) if args.date else None
    except ValueError:
        raise UsageError(f"--date {args.date!r}: want YYYY-MM-DD") from None
    registry = default_registry()
    if args.pairing_system and not args.pairings:
        raise UsageError("--pairing-system needs --pairings")
    if args.pairing_system:
        registry.pairing_system(args.pairing_system)  # an unknown name is a usage error listing the known ones
    named = _column_texts(args.column)
    given = _given_columns(named, registry)
    # TRF files print no tie-breaks; a team TRF's records 310 declare points and ranks (issue 22).
    inputs = [i for i in discover(args.inputs) if args.pairings or i.kind != TRF or declares_team_table(i.path)]
    if not inputs:
        raise UsageError("nothing to audit: no Vega pages or workbooks among the inputs (TRF files print no "
                         "tie-breaks; --pairings audits their pairings)")
    audits, errors = [], []
    for item in inputs:
        try:
            event = load_event(item, unpublished=args.pairings, encoding=args.encoding)
            if isinstance(event, PublishedTeamEvent):   # a team event (issue 22): the team table
                audits.append(audit_team_event(event, registry, rules_date=day, given=named, pairings=args.pairings))
                continue
            audits.append(audit_event(event, registry, rules_date=day, pairings=args.pairings,
                                      pairing_system=args.pairing_system, given=given))
        except InputError as exc:
            errors.append((item.relative, "; ".join(str(p) for p in exc.problems[:5])))
    if fmt == "xlsx":
        write_audit_workbook(Path(args.out), audits, errors)
        print(f"Wrote {args.out}: {len(audits)} events.", file=sys.stderr)
    else:
        text = (json.dumps(audit_json(audits, errors), ensure_ascii=False, indent=2) + "\n" if fmt == "json"
                else audit_text(audits, errors))
        if args.out:
            from rulesengine.new_files import write_atomically
            write_atomically(Path(args.out), text.encode("utf-8"))  # a kill never leaves half a report
        else:
            sys.stdout.write(text)
    for name, message in errors:
        # A workbook's problems name a sheet and cell only: say which file they are in.
        located_in_file = message.split(":", 1)[0].endswith(name)
        shown = message if located_in_file else f"{name}: {message}"
        print(f"rulesengine: {shown} (not audited)", file=sys.stderr)  # the location first, as every command
    return 2 if errors else 0


def _column_texts(texts: list[str]) -> dict[str, str]:
    """`--column HEADING=SPEC` options as {heading: spec text}; a malformed one is a usage error."""
    from rulesengine.errors import UsageError

    named = {}
    for text in texts:
        heading, sep, spec = text.partition("=")
        if not sep or not heading.strip() or not spec.strip():
            raise UsageError(f"--column {text!r}: want HEADING=SPEC, e.g. TB3=SB")
        named[heading.strip()] = spec.strip()
    return named


def _given_columns(named: dict[str, str], registry) -> dict:
    """The individual specs among `--column` options, resolved; a spec only a team tie-break
    reads (`BH:MP`, issue 22) is left to the team audits, anything else is a usage error."""
    from rulesengine.errors import UsageError
    from rulesengine.team_standings import spec_code

    given = {}
    for heading, spec in named.items():
        try:
            given[heading] = registry.resolve_specs([spec])[0]
        except UsageError:
            if spec_code(spec) not in registry.team_tiebreaks:
                raise
    return given
