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
    boards = parser.add_argument_group("team events: board prizes (issue 22)")
    boards.add_argument("--boards", action="store_true",
                        help="after the team table, each board's players ranked (points and games on that board)")
    boards.add_argument("--board-order", choices=("points", "performance"), default="points",
                        help="with --boards: points then percentage (default), or the rating performance on the "
                             "board with a minimum of games (ECU Tournament Regulations B.7.1)")
    boards.add_argument("--board-min-games", type=int, default=None, metavar="N",
                        help="with --board-order performance: the games a player needs on the board "
                             "(default: 70%% of the rounds, ECU B.7.1.1)")
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
    if args.boards or args.board_order != "points" or args.board_min_games is not None:
        raise UsageError("--boards, --board-order and --board-min-games apply to team events (records 310/013)")
    # the individual table's output, imported here: a team event's run does not need it
    from rulesengine.output.standings import (standings_cells, standings_csv_text,  # noqa: PLC0415
                                              standings_footer, standings_json_text)
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
    boards = _board_tables(args, result, registry)
    if args.format == "json":
        sys.stdout.write(team_standings_json_text(result, boards, args.board_order))
        return 0
    if result.rules.note:
        print_note(result.rules.note)
    if args.format == "csv":
        sys.stdout.write(team_standings_csv_text(result, raw=args.csv_raw, boards=boards, board_order=args.board_order))
        return 0
    header, rows = team_standings_cells(result)
    table = format_table(header, rows, [True, True, False] + [True] * (len(header) - 3))
    footer = "".join(line + "\n" for line in team_standings_footer(result))
    sys.stdout.write(f"{event.individual.name} ({event.rounds} rounds, {len(event.teams)} teams)\n\n{table}{footer}")
    if boards is not None:
        sys.stdout.write(_boards_text(boards, args.board_order))
    return 0


def _board_tables(args: argparse.Namespace, result: api.TeamStandingsRun, registry: Registry) -> tuple | None:
    """`--boards`: every board's players ranked (rulesengine.board_prizes), None without the flag."""
    if not args.boards:
        if args.board_order != "points" or args.board_min_games is not None:
            raise UsageError("--board-order and --board-min-games go with --boards")
        return None
    from rulesengine.board_prizes import rank_boards, registry_performances  # noqa: PLC0415 (only with --boards)
    if args.board_min_games is not None and (args.board_order != "performance" or args.board_min_games < 0):
        raise UsageError("--board-min-games takes a whole number >= 0, with --board-order performance")
    event = result.event
    performances = (registry_performances(event, registry, result.rules.date)
                    if args.board_order == "performance" else None)
    ranks = {row.team.number: row.rank for row in result.standings.rows}
    return rank_boards(event, args.board_order, min_games=args.board_min_games, performances=performances,
                       team_ranks=ranks)


def _boards_text(boards: tuple, order: str) -> str:
    from rulesengine.output.team import boards_cells  # noqa: PLC0415 (only with --boards)
    out = []
    for board in boards:
        header, rows = boards_cells((board,), order)
        out.append(f"\nBoard {board.board}\n\n" + format_table(header[1:], [row[1:] for row in rows],
                                                                 [True, True, False, True] + [True] * (len(header) - 5)))
    return "".join(out)
