"""`rulesengine explain FILE --player N --tiebreak BH/C1`: one tie-break value, round by round.

The breakdown a TD shows a player who asks why they finished fourth: each round's opponent (or
the dummy opponent and why), the score that counted and its adjustment, what a cut or median
dropped, and the total. The value is explained within the standings it belongs to (the file's
order, or `--tiebreaks`): the tie-break sees the same earlier criteria as in `standings`, so the two
agree (C.07 art. 6 direct encounter depends on them). The computation is `api.explain_tiebreak`,
shared with the workbook's Explain sheet; it is re-exported here for older callers.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulesengine import api
from rulesengine.api import RulesUsed, explain_tiebreak
from rulesengine.cli.common import add_input_arguments, add_tiebreak_rule_arguments, format_table, print_json, print_note
from rulesengine.cli.standings import standings_run
from rulesengine.errors import UsageError
from rulesengine.model import Tournament
from rulesengine.numbers import to_json_number, to_text
from rulesengine.registry import default_registry
from rulesengine.tiebreak import Explanation

__all__ = ["explain_tiebreak", "explanation_json", "explanation_text", "register", "run"]


def register(subparsers) -> None:
    parser = subparsers.add_parser("explain", help="one player's (or team's) tie-break value, contribution by "
                                                   "contribution")
    add_input_arguments(parser)
    parser.add_argument("--player", type=int, default=None, help="the player's start rank (pairing number)")
    parser.add_argument("--team", type=int, default=None,
                        help="a team event: the team's pairing number (record 310), its values match by match")
    parser.add_argument("--tiebreak", default=None,
                        help="one tie-break spec, e.g. BH/C1, SB, ARO/C1 (for a team: EMGSB/C1, BH:MP/C1; default "
                             "every tie-break of the team standings)")
    parser.add_argument("--tiebreaks", default=None,
                        help="the standings' order the value belongs to (as for `standings`); default: the order "
                             "the file announces. The tie-break sees the criteria before it, as in the table")
    add_tiebreak_rule_arguments(parser)
    parser.add_argument("--format", choices=("table", "json"), default="table", help="output form")
    parser.set_defaults(handler=run)


def explanation_json(tournament: Tournament, explanation: Explanation, rules: RulesUsed | None = None) -> dict:
    player = tournament.player(explanation.start_rank)
    data = {
        "player": {"start_rank": player.start_rank, "name": player.name,
                   "points": to_json_number(tournament.points[player.start_rank])},
        "tiebreak": explanation.spec,
        "lines": [{"round": line.round, "opponent": line.opponent, "description": line.description,
                   "value": to_json_number(line.value), "dropped": line.dropped or None}
                  for line in explanation.lines],
        "total": to_json_number(explanation.total),
        "notes": ([rules.note] if rules is not None and rules.note else []) + list(explanation.notes),
    }
    if rules is not None:
        data["rules"] = rules.to_json()
    return data


def explanation_text(tournament: Tournament, explanation: Explanation, rules: RulesUsed | None = None) -> str:
    player = tournament.player(explanation.start_rank)
    head = (f"{explanation.spec} for {player.name} (start rank {player.start_rank}, "
            f"{to_text(tournament.points[player.start_rank])} points)\n\n")
    rows = [[str(line.round or ""), str(line.opponent or "-"), line.description, to_text(line.value),
             line.dropped] for line in explanation.lines]
    table = format_table(["Rnd", "Opp", "Contribution", "Value", "Dropped"], rows,
                         [True, True, False, True, False]) if rows else ""
    total = to_text(explanation.total) if explanation.total is not None else "not computed"
    text = head + table + f"\nTotal {explanation.spec}: {total}\n"
    if rules is not None:
        text += rules.text() + "\n"
    for note in ([rules.note] if rules is not None and rules.note else []) + list(explanation.notes):
        text += f"Note: {note}\n"
    return text


def run(args: argparse.Namespace) -> int:
    registry = default_registry()
    event = api.load_event(Path(args.file), encoding=args.encoding, input_format=args.input_format, registry=registry)
    if not isinstance(event, Tournament) and args.team is not None:   # a team event (records 310/013, issue 22)
        from rulesengine.cli.explain_team import run_team  # noqa: PLC0415 (team modules only for team events)
        return run_team(args, event, registry)
    if not isinstance(event, Tournament):
        if args.player is None:
            raise UsageError("a team event: explain --team N (a team's values), or --player N --tiebreak SPEC "
                             "(one player's individual value)")
        event = event.individual
    elif args.team is not None:
        raise UsageError("--team applies to team events (TRF records 310/013); this file is an individual event")
    if args.player is None or args.tiebreak is None:
        raise UsageError("explain needs --player N and --tiebreak SPEC")
    tournament = api.with_kind(event, args.pairing_kind)
    specs = registry.resolve_specs([args.tiebreak])
    if len(specs) != 1:
        raise UsageError(f"explain takes one tie-break spec, got {args.tiebreak!r}")
    within = standings_run(args, tournament, registry, also=(specs[0],))
    explanation = explain_tiebreak(tournament, args.tiebreak, args.player, registry, within=within)
    # The standings' date, as the one rule found it for their tie-breaks.
    rules = api.rules_used(tournament, specs, registry, rule_set=within.rules.rule_set, options=within.options,
                           when=within.rules.when)
    if args.format == "json":
        print_json(explanation_json(tournament, explanation, rules))
    else:
        print_note(rules.note)
        sys.stdout.write(explanation_text(tournament, explanation, rules))
    return 0
