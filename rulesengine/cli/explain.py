"""`rulesengine explain FILE --player N --tiebreak BH/C1`: one tie-break value, round by round.

The breakdown a TD shows a player who asks why they finished fourth: each round's opponent (or
the dummy opponent and why), the score that counted and its adjustment, what a cut or median
dropped, and the total. `explain_tiebreak` returns the same breakdown as data (an
`Explanation`), for the workbook and other front ends.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date
from typing import Any, Mapping

from rulesengine.cli.common import (add_input_arguments, add_tiebreak_rule_arguments, format_table, load_tournament,
                                    print_json, tiebreak_options)
from rulesengine.errors import UsageError
from rulesengine.model import Tournament
from rulesengine.numbers import to_json_number, to_text
from rulesengine.registry import Registry, default_registry
from rulesengine.standings import POINTS, event_date
from rulesengine.tiebreak import Explanation, TiebreakContext

def register(subparsers) -> None:
    parser = subparsers.add_parser("explain", help="one player's tie-break value, contribution by contribution")
    add_input_arguments(parser)
    parser.add_argument("--player", type=int, required=True, help="the player's start rank (pairing number)")
    parser.add_argument("--tiebreak", required=True, help="one tie-break spec, e.g. BH/C1, SB, ARO/C1")
    add_tiebreak_rule_arguments(parser)
    parser.add_argument("--format", choices=("table", "json"), default="table", help="output form")
    parser.set_defaults(handler=run)


def explain_tiebreak(tournament: Tournament, spec_text: str, start_rank: int, registry: Registry | None = None,
                     *, options: Mapping[str, Any] | None = None, rules_date: date | None = None) -> Explanation:
    """The breakdown of one player's value for one tie-break spec (pure: no I/O)."""
    registry = registry or default_registry()
    specs = registry.resolve_specs([spec_text])
    if len(specs) != 1:
        raise UsageError(f"explain takes one tie-break spec, got {spec_text!r}")
    spec = specs[0]
    if start_rank not in tournament.by_start_rank:
        raise UsageError(f"no player with start rank {start_rank} (the event has {len(tournament.players)} players)")
    rule = registry.tiebreak(spec.code)
    context = TiebreakContext(tournament, rules_date or event_date(tournament), dict(options or {}),
                              ((POINTS, tournament.points),))
    if rule.explain is not None:
        return rule.explain(spec, context, start_rank)
    outcome = rule.compute(spec, context)
    return Explanation(start_rank, str(spec), (), outcome.values.get(start_rank),
                       ("no per-round breakdown for this tie-break", *outcome.notes))


def explanation_json(tournament: Tournament, explanation: Explanation) -> dict:
    player = tournament.player(explanation.start_rank)
    return {
        "player": {"start_rank": player.start_rank, "name": player.name,
                   "points": to_json_number(tournament.points[player.start_rank])},
        "tiebreak": explanation.spec,
        "lines": [{"round": line.round, "opponent": line.opponent, "description": line.description,
                   "value": to_json_number(line.value), "dropped": line.dropped or None}
                  for line in explanation.lines],
        "total": to_json_number(explanation.total),
        "notes": list(explanation.notes),
    }


def explanation_text(tournament: Tournament, explanation: Explanation) -> str:
    player = tournament.player(explanation.start_rank)
    head = (f"{explanation.spec} for {player.name} (start rank {player.start_rank}, "
            f"{to_text(tournament.points[player.start_rank])} points)\n\n")
    rows = [[str(line.round or ""), str(line.opponent or "-"), line.description, to_text(line.value),
             line.dropped] for line in explanation.lines]
    table = format_table(["Rnd", "Opp", "Contribution", "Value", "Dropped"], rows,
                         [True, True, False, True, False]) if rows else ""
    total = to_text(explanation.total) if explanation.total is not None else "not computed"
    text = head + table + f"\nTotal {explanation.spec}: {total}\n"
    for note in explanation.notes:
        text += f"Note: {note}\n"
    return text


def run(args: argparse.Namespace) -> int:
    registry = default_registry()
    tournament = load_tournament(args, registry)
    options = tiebreak_options(args)
    explanation = explain_tiebreak(tournament, args.tiebreak, args.player, registry, options=options)
    if args.format == "json":
        print_json(explanation_json(tournament, explanation))
    else:
        sys.stdout.write(explanation_text(tournament, explanation))
    return 0
