"""`rulesengine names DIR`: every unresolved name of the season with ranked candidates, and the
TD's decisions on them (issue 13, item 3).

    rulesengine names DIR [--format json]
    rulesengine names DIR --link EVENT:SNO=MEMBER | --new EVENT:SNO | --new-unmatched EVENT
                          | --reject EVENT:SNO=MEMBER | --accept-exact | --undo DECISION
                          [--by NAME] [--format json]

Decision flags may be repeated and combined; they are applied in the order given, and recorded
all or none. Each prints the member id it used or created (`{"member": str, "decision": str}`
per decision with --format json).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


class _Step(argparse.Action):
    """Collects the decision flags in the order typed, into `args.steps` as (flag, value)."""

    def __call__(self, parser, namespace, values, option_string=None):
        steps = list(getattr(namespace, "steps", None) or [])
        steps.append((self.dest, values))
        namespace.steps = steps


def register(subparsers) -> None:
    parser = subparsers.add_parser("names", help="unresolved names with candidates; link, new, reject, undo",
                                   description="List every name of the season no decision has linked yet, with "
                                               "ranked candidates from the roster; record the TD's decisions.")
    parser.add_argument("dir", help="the season store")
    parser.add_argument("--link", action=_Step, metavar="EVENT:SNO=MEMBER")
    parser.add_argument("--new", action=_Step, metavar="EVENT:SNO",
                        help="a new member, named as the name was first typed")
    parser.add_argument("--new-unmatched", action=_Step, metavar="EVENT",
                        help="a new member for every unresolved name of EVENT that has no candidate at all")
    parser.add_argument("--reject", action=_Step, metavar="EVENT:SNO=MEMBER",
                        help="this name is not that member: never suggested again")
    parser.add_argument("--accept-exact", action=_Step, nargs=0,
                        help="record a decision for every name equal to exactly one member's")
    parser.add_argument("--undo", action=_Step, type=int, metavar="DECISION")
    parser.add_argument("--by", default=None, help="who decides (default: your user name)")
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.set_defaults(handler=run, steps=[])


def run(args: argparse.Namespace) -> int:
    from rulesengine.errors import InputError

    from rulesengine.season.lock import settled, store_lock

    try:
        if not args.steps:
            settled(Path(args.dir))
            return _list(args)

        with store_lock(Path(args.dir)):  # decisions read and written as one step (season/lock.py)
            return _decide(args)
    except InputError as exc:
        print(exc, file=sys.stderr)  # the first problems and a count of the rest (errors.py)
        print(f"rulesengine: the season store {args.dir} was not changed", file=sys.stderr)
        return 2


def _decide(args) -> int:
    from rulesengine.cli.common import print_json
    from rulesengine.season.decide import Decider, parse_link, parse_ref
    from rulesengine.season.store import open_season

    decider = Decider(open_season(Path(args.dir)), by=args.by)
    for flag, value in args.steps:
        if flag == "accept_exact":
            decider.accept_exact()
        elif flag == "undo":
            decider.undo(value)
        elif flag == "new":
            decider.new(*parse_ref(value))
        elif flag == "new_unmatched":
            decider.new_unmatched(value)
        elif flag == "link":
            decider.link(*parse_link(value))
        else:
            decider.reject(*parse_link(value))
    decider.save()
    if args.format == "json":
        outcomes = [{"member": o.member, "decision": o.decision} for o in decider.outcomes]
        print_json(outcomes[0] if len(outcomes) == 1 else outcomes)
    else:
        for o in decider.outcomes:
            print(f"{o.member}\t{o.decision}")
        if not decider.outcomes:
            print("no name is exactly one member's: nothing recorded")
    return 0


def _list(args) -> int:
    from rulesengine.cli.common import print_json
    from rulesengine.season.identity import resolve
    from rulesengine.season.ladder import load_tournaments
    from rulesengine.season.events import UNRATED_KINDS
    from rulesengine.season.store import open_season
    from rulesengine.season.suggest import suggest, suggestion_json

    season = open_season(Path(args.dir))
    tournaments = load_tournaments(season)
    ordered = season.in_replay_order
    identities = resolve([(e.id, tournaments[e.id]) for e in ordered], season.decisions, season.root,
                         rated={e.id for e in ordered if e.kind not in UNRATED_KINDS})
    suggestions = suggest(season.roster, tournaments, identities)
    if args.format == "json":
        print_json({"pending": [suggestion_json(s) for s in suggestions]})
        return 0
    out = sys.stdout
    if not suggestions:
        out.write("All names confirmed: every name in every rated event is linked to a member.\n")
    else:
        out.write(f"{len(suggestions)} name{'s' if len(suggestions) != 1 else ''} not yet confirmed "
                  f"(each is rated as its own newcomer until decided):\n")
    for s in suggestions:
        out.write(f"\n{s.pending.ref}  {s.pending.name}\n")
        for c in s.candidates:
            out.write(f"    {c.score:3d}  {c.member}  {c.name}: {c.reason}\n")
        if not s.candidates:
            out.write("    no candidate on the roster: --new " + s.pending.ref + "\n")
        for member, why in s.blocked:
            out.write(f"    not {member}: {why}\n")
    for note in identities.notes:
        out.write(f"Note: {note}\n")
    return 0
