"""`rulesengine new-workbook swiss|round-robin|season OUT.xlsx [--rounds N] [--players N]`: a
template built by the installed package (a pip-installed engine has no repository folder to copy
templates from). Never replaces an existing file. `team-swiss|team-round-robin OUT.xlsx [--rounds N]
[--teams N] [--boards N] [--from TEAM.trf]`: a team event's book (workbook.team.template).
"""

from __future__ import annotations

import argparse

KINDS = ("swiss", "round-robin", "season", "team-swiss", "team-round-robin")


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "new-workbook", help="a new workbook to type an event into (swiss, round-robin, season)",
        description="Write a new workbook template: Instructions, Players, Crosstable, Standings and Settings "
                    "sheets, ready to type an event into and recalculate.")
    parser.add_argument("kind", choices=KINDS, help="swiss, round-robin, or season (a club ladder season)")
    parser.add_argument("out", metavar="OUT.xlsx", help="the workbook to write (must not exist yet)")
    parser.add_argument("--rounds", type=int, default=None, metavar="N",
                        help="round columns (swiss: 9, written to Settings when given; season: 4 an evening); "
                             "a round robin's rounds follow from --players")
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="player rows (swiss 200, season 60) or the round-robin grid's size (12)")
    parser.add_argument("--teams", type=int, default=None, metavar="N",
                        help="team workbooks: team blocks (team swiss 10, team round robin 6)")
    parser.add_argument("--boards", type=int, default=None, metavar="N", help="team workbooks: boards a match (4)")
    parser.add_argument("--from", dest="source", default=None, metavar="TEAM.trf",
                        help="team workbooks: fill the Teams and Matches sheets with this team event")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    if args.kind.startswith("team-"):
        from rulesengine.workbook.team.template import new_team_from_options
        made = new_team_from_options(args.kind, Path(args.out), args.rounds, args.teams, args.boards, args.source)
    else:
        from rulesengine.workbook.templates import new_workbook
        made = new_workbook(args.kind, Path(args.out), rounds=args.rounds, players=args.players)
    print(f"Wrote {args.out}: a {made}. Type the event in, then: rulesengine recalc {args.out}")
    return 0
