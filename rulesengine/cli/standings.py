"""`rulesengine standings FILE --tiebreaks SPEC,...`: the ranked table (contract in shared/docs/contracts.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rulesengine import api
from rulesengine.cli.common import (add_format_argument, add_input_arguments, add_tiebreak_rule_arguments,
                                    date_argument, format_table, print_note)
from rulesengine.errors import UsageError
from rulesengine.model import Tournament
from rulesengine.output.standings import standings_cells, standings_csv_text, standings_footer, standings_json_text
from rulesengine.registry import Registry, default_registry

if TYPE_CHECKING:
    from rulesengine.team import TeamTournament


def register(subparsers) -> None:
    parser = subparsers.add_parser("standings", help="ranked table with tie-breaks")
    add_input_arguments(parser)
    parser.add_argument("--tiebreaks", default=None,
                        help="comma-separated tie-break specs in order (e.g. BH/C1,BH,SB) or a preset name; "
                             "default: the order the file announces, else points only")
    add_tiebreak_rule_arguments(parser)
    add_format_argument(parser)
    parser.add_argument("--csv-raw", action="store_true",
                        help="with --format csv: write names exactly, even those a spreadsheet would "
                             "read as a formula (default: such cells get a leading ')")
    parser.set_defaults(handler=run)


def standings_run(args: argparse.Namespace, tournament: Tournament, registry: Registry,
                  also: tuple = ()) -> api.StandingsRun:
    """The standings the command's flags ask for (shared with `explain`, which explains within them)."""
    texts = args.tiebreaks.split(",") if args.tiebreaks is not None else None
    specs = api.resolve(tournament, texts, registry)
    options = api.tiebreak_options(args.option, [*specs, *also], registry)
    return api.standings(tournament, specs, registry, rules_date_=date_argument(args.date), rule_set=args.rules,
                         options=options, also=also)


def run(args: argparse.Namespace) -> int:
    registry = default_registry()
    event = api.load_event(Path(args.file), encoding=args.encoding, input_format=args.input_format, registry=registry)
    if not isinstance(event, Tournament):   # a team event (TRF records 310/013, issue 22)
        return _team_run(args, event, registry)
    tournament = api.with_kind(event, args.pairing_kind)
    result = standings_run(args, tournament, registry)
    standings = result.standings
    if args.format == "json":
        sys.stdout.write(standings_json_text(standings, result.rules))
        return 0
    print_note(result.rules.note)   # the date not in the file: said first, where a reader looks
    if args.format == "csv":
        sys.stdout.write(standings_csv_text(standings, result.rules, raw=args.csv_raw))
    else:
        title = f"{tournament.name} ({tournament.rounds} rounds)"
        if tournament.pending_round is not None:
            number = tournament.pending_round.number
            title += f", after round {number - 1}: round {number} pending"
        header, rows = standings_cells(standings)
        table = format_table(header, rows, [True, True, False, True] + [True] * (len(header) - 4))
        footer = "".join(line + "\n" for line in standings_footer(standings, result.rules))
        sys.stdout.write(title + "\n\n" + table + footer)
    return 0


def _team_run(args: argparse.Namespace, event: TeamTournament, registry: Registry) -> int:
    """A team event (TRF records 310/013): the team table (docs/contracts.md "Team events")."""
    from rulesengine.output.team import (team_standings_cells, team_standings_csv_text,  # noqa: PLC0415
                                         team_standings_footer, team_standings_json_text)
    if args.rules or args.option or args.pairing_kind:
        raise UsageError("--rules, --option and --pairing-kind apply to individual events; a team event's "
                         "tie-breaks follow the text in force on its date")
    texts = args.tiebreaks.split(",") if args.tiebreaks is not None else None
    result = api.team_standings(event, texts, registry, rules_date_=date_argument(args.date))
    if args.format == "json":
        sys.stdout.write(team_standings_json_text(result))
        return 0
    if result.rules.note:
        print_note(result.rules.note)
    if args.format == "csv":
        sys.stdout.write(team_standings_csv_text(result, raw=args.csv_raw))
        return 0
    header, rows = team_standings_cells(result)
    table = format_table(header, rows, [True, True, False] + [True] * (len(header) - 3))
    footer = "".join(line + "\n" for line in team_standings_footer(result))
    sys.stdout.write(f"{event.individual.name} ({event.rounds} rounds, {len(event.teams)} teams)\n\n{table}{footer}")
    return 0
