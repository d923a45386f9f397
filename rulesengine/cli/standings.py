"""`rulesengine standings FILE --tiebreaks SPEC,...`: the ranked table (contract in shared/docs/contracts.md)."""

from __future__ import annotations

import argparse
import sys

from rulesengine.cli.common import (add_format_argument, add_input_arguments, add_tiebreak_rule_arguments,
                                    format_table, load_tournament, print_csv, print_json, tiebreak_options)
from rulesengine.numbers import to_json_number, to_text
from rulesengine.registry import default_registry
from rulesengine.standings import Standings, compute_standings


def register(subparsers) -> None:
    parser = subparsers.add_parser("standings", help="ranked table with tie-breaks")
    add_input_arguments(parser)
    parser.add_argument("--tiebreaks", default=None,
                        help="comma-separated tie-break specs in order (e.g. BH/C1,BH,SB) or a preset name; "
                             "default: the order the file announces, else points only")
    add_tiebreak_rule_arguments(parser)
    parser.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                        help="event date choosing the rules in force (default: the file's start date), "
                             "as `rate --date` and `recalc --date`")
    add_format_argument(parser)
    parser.set_defaults(handler=run)


def standings_json(standings: Standings) -> dict:
    """The JSON contract of `rulesengine standings --format json`."""
    t = standings.tournament
    return {
        "tournament": {"name": t.name, "rounds": t.rounds},
        "tiebreaks": [str(s) for s in standings.specs],
        "standings": [
            {"rank": row.rank, "start_rank": row.start_rank, "name": row.name,
             "points": to_json_number(row.points),
             "tiebreaks": {k: to_json_number(v) for k, v in row.tiebreaks.items()}}
            for row in standings.rows
        ],
        "notes": list(standings.notes),
    }


def _rules_date(text: str | None):
    """`--date` read as `rate --date` reads it (imported only when given: start-up time)."""
    if text is None:
        return None
    from rulesengine.cli.rate import _parse_date
    return _parse_date(text)


def run(args: argparse.Namespace) -> int:
    registry = default_registry()
    tournament = load_tournament(args, registry)
    texts = args.tiebreaks.split(",") if args.tiebreaks is not None else list(tournament.tiebreak_order)
    specs = registry.resolve_specs(texts)
    standings = compute_standings(tournament, specs, registry, rules_date=_rules_date(args.date),
                                  options=tiebreak_options(args))
    names = [str(s) for s in standings.specs]
    if args.format == "json":
        print_json(standings_json(standings))
        return 0
    rows = [[str(r.rank), str(r.start_rank), r.name, to_text(r.points), *(to_text(r.tiebreaks[n]) for n in names)]
            for r in standings.rows]
    header = ["Rank", "SNo", "Name", "Pts", *names]
    if args.format == "csv":
        print_csv(header, rows)
    else:
        title = f"{tournament.name} ({tournament.rounds} rounds)"
        sys.stdout.write(title + "\n\n" + format_table(header, rows, [True, True, False, True] + [True] * len(names)))
    for note in standings.notes:
        # Under the table in both forms; "#" lets CSV readers skip the notes as comments.
        print(f"# Note: {note}" if args.format == "csv" else f"Note: {note}")
    return 0
