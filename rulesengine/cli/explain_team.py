"""`rulesengine explain TEAM.trf --team N [--tiebreak SPEC]`: a team's values match by match (issue 22).

For each tie-break of the team standings (or the one `--tiebreak` names), each round: the
opponent team, what the round was, MP, GP, the board results, how it counts (with the article),
and the total, as `standings` computes it (the same order, date and tied groups).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from rulesengine import api
from rulesengine.cli.common import date_argument, format_table, print_json, print_note
from rulesengine.errors import UsageError
from rulesengine.numbers import to_text
from rulesengine.output.team_explain import (TABLE_HEADER, TABLE_RIGHT, team_explanation_document,
                                             team_explanation_rows)
from rulesengine.team_explain import explain_team_tiebreak

if TYPE_CHECKING:
    from rulesengine.registry import Registry
    from rulesengine.team import TeamTournament


def run_team(args: argparse.Namespace, event: TeamTournament, registry: Registry) -> int:
    if args.rules or args.option or args.pairing_kind:
        raise UsageError("--rules, --option and --pairing-kind apply to individual events; a team event's "
                         "tie-breaks follow the text in force on its date")
    if args.player is not None:
        raise UsageError("give --team N or --player N, not both")
    texts = args.tiebreaks.split(",") if args.tiebreaks is not None else None
    run = api.team_standings(event, texts, registry, rules_date_=date_argument(args.date))
    preset = registry.team_presets.get(args.tiebreak.strip().lower()) if args.tiebreak else None
    if preset is not None:   # a team preset's name: each of its tie-breaks on the event's date
        specs = list(preset.specs_on(run.rules.date))
    else:
        specs = [args.tiebreak.strip()] if args.tiebreak else list(run.standings.tiebreaks)
    explanations = [explain_team_tiebreak(run, spec, args.team, registry) for spec in specs]
    if args.format == "json":
        print_json(team_explanation_document(run, explanations))
        return 0
    print_note(run.rules.note)
    team = event.team(args.team)
    rank = next(row.rank for row in run.standings.rows if row.team.number == team.number)
    out = [f"Team {team.number} {team.name}: rank {rank}, {to_text(team.match_points)} MP, "
           f"{to_text(team.game_points)} GP\n"]
    for explanation in explanations:
        rows = team_explanation_rows(run, explanation)
        total = to_text(explanation.total) if explanation.total is not None else "not computed"
        out.append(f"\n{explanation.spec}\n\n" + (format_table(TABLE_HEADER, rows, TABLE_RIGHT) if rows else "")
                   + f"Total {explanation.spec}: {total}\n" + "".join(f"Note: {n}\n" for n in explanation.notes))
    out.append("\n" + run.rules.text() + "\n" + "".join(f"Note: {note}\n" for note in run.notes))
    sys.stdout.write("".join(out))
    return 0
