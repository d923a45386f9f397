"""`rulesengine season`: the season store a club TD keeps (issue 13).

    rulesengine season init DIR [--name NAME] [--names initials|full]
    rulesengine season add DIR FILE... [--date YYYY-MM-DD] [--kind standard|rapid|blitz|bughouse]
    rulesengine season replace DIR EVENT FILE
    rulesengine season remove DIR EVENT [--drop-decisions]
    rulesengine season member DIR MEMBER [--name NAME] [--junior|--adult] [--consent|--no-consent]
    rulesengine season list DIR [--format json]

Bad input exits 2 with `FILE:LINE:COL: message` lines; nothing in the store is changed then.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

KIND_CHOICES = ("standard", "rapid", "blitz", "bughouse")
ADULT_NAMES = ("initials", "full")   # season/settings.py ADULT_NAMES (not imported for --help)


def register(subparsers) -> None:
    parser = subparsers.add_parser("season", help="keep a club season: event files, roster, settings",
                                   description="The season store: a folder of event files as they came, the "
                                               "events list, the roster, the TD's decisions and the club settings.")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    init = actions.add_parser("init", help="create an empty season store")
    init.add_argument("dir")
    init.add_argument("--name", default=None, help="the season's name (default: the folder's)")
    init.add_argument("--names", choices=ADULT_NAMES, default="initials",
                      help="adults on the published page: by initials unless consent is recorded (initials, the "
                           "default) or by full name (full); juniors without consent are always initials")
    add = actions.add_parser("add", help="add event files (TRF, any workbook layout); prints the event ids")
    add.add_argument("dir")
    add.add_argument("files", nargs="+", metavar="FILE")
    add.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="the event date (default: the file's)")
    add.add_argument("--kind", default=None, choices=KIND_CHOICES,
                     help="default: from the event's name (Blitz night: blitz), else standard")
    replace = actions.add_parser("replace", help="a corrected file for an event (the old one stays in history/)")
    replace.add_argument("dir")
    replace.add_argument("event")
    replace.add_argument("file")
    remove = actions.add_parser("remove", help="remove an event (its file stays in history/)")
    remove.add_argument("dir")
    remove.add_argument("event")
    remove.add_argument("--drop-decisions", action="store_true", help="also remove the name decisions about it")
    member = actions.add_parser("member", help="edit a member (or add one with --name)")
    member.add_argument("dir")
    member.add_argument("member", metavar="MEMBER")
    member.add_argument("--name", default=None)
    group = member.add_mutually_exclusive_group()
    group.add_argument("--junior", dest="junior", action="store_const", const=True, default=None)
    group.add_argument("--adult", dest="junior", action="store_const", const=False)
    consent = member.add_mutually_exclusive_group()
    consent.add_argument("--consent", dest="consent", action="store_const", const=True, default=None,
                         help="publication of the full name is consented to (a guardian's, for a junior)")
    consent.add_argument("--no-consent", dest="consent", action="store_const", const=False)
    listing = actions.add_parser("list", help="the events of the season")
    listing.add_argument("dir")
    listing.add_argument("--format", choices=("table", "json"), default="table")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from rulesengine.errors import InputError

    from rulesengine.season.lock import store_lock

    from rulesengine.season.lock import settled

    try:
        if args.action in ("init", "list"):
            settled(Path(args.dir))  # a change a kill interrupted (an init among them) is finished first
        if args.action in _UNLOCKED:
            return _ACTIONS[args.action](args)
        with store_lock(Path(args.dir)):  # read, check and write as one step (season/lock.py)
            return _ACTIONS[args.action](args)
    except InputError as exc:
        print(exc, file=sys.stderr)  # the first problems and a count of the rest (errors.py)
        print(f"rulesengine: the season store {args.dir} was not changed", file=sys.stderr)
        return 2


def _init(args) -> int:
    from rulesengine.season.store import init_store

    root = init_store(Path(args.dir), args.name, args.names)
    shown = ("adults by full name" if args.names == "full" else
             "adults by initials unless their consent is recorded (--names full for full names)")
    print(f"Created the season store {root}. Next: rulesengine season add {root} EVENT.trf")
    print(f"The published page shows {shown}; juniors without recorded consent always by initials "
          f"(adult_names in {root / 'season.txt'}).")
    return 0


def _add(args) -> int:
    from rulesengine.season.store import add_events

    for event in add_events(Path(args.dir), [Path(f) for f in args.files], args.date, args.kind):
        print(f"{event.id}\t{event.date.isoformat()}\t{event.kind}\t{event.name}")
    return 0


def _replace(args) -> int:
    from rulesengine.season.store import replace_event

    replaced = replace_event(Path(args.dir), args.event, Path(args.file))
    if replaced is None:
        print(f"{args.file} is already the file of {args.event}: nothing changed.")
        return 0
    event, kept = replaced
    print(f"Replaced {event.id} ({event.name}, {event.date.isoformat()}); the old file is kept as {kept}. "
          f"Every later rating changes at the next `rulesengine ladder {args.dir}`.")
    return 0


def _remove(args) -> int:
    from rulesengine.season.store import remove_event

    kept, dropped = remove_event(Path(args.dir), args.event, args.drop_decisions)
    print(f"Removed {args.event}; its file is kept as {kept}."
          + (f" Dropped decisions {', '.join(str(d.number) for d in dropped)}." if dropped else ""))
    return 0


def _member(args) -> int:
    from rulesengine.errors import UsageError
    from rulesengine.season.decide import with_member
    from rulesengine.season.roster import MEMBER_ID
    from rulesengine.season.store import open_season, write_roster

    season = open_season(Path(args.dir))
    if not MEMBER_ID.match(args.member):
        raise UsageError(f"member id {args.member!r}: want M followed by digits (M001)")
    if args.name is not None and (not args.name.strip() or any(c in args.name for c in "\t\r\n")):
        raise UsageError("--name must be a non-empty name on one line")
    member, created = with_member(season, args.member, args.name.strip() if args.name else None, args.junior,
                                  args.consent)
    write_roster(season.root, {**season.roster, member.member: member})
    print(f"{'Added' if created else 'Updated'} {member.member}: {member.name}, "
          f"{'junior' if member.junior else 'adult'}, {'consent recorded' if member.consent else 'no consent'}")
    return 0


def _list(args) -> int:
    from rulesengine.cli.common import format_table, print_json
    from rulesengine.season.store import open_season

    season = open_season(Path(args.dir))
    events = season.in_replay_order
    if args.format == "json":
        print_json({"events": [e.as_json() for e in events]})
        return 0
    rows = [(e.id, e.date.isoformat(), e.kind, e.name, e.file) for e in events]
    sys.stdout.write(f"{season.settings.name}: {len(rows)} event{'s' if len(rows) != 1 else ''}\n")
    sys.stdout.write(format_table(("Event", "Date", "Kind", "Name", "File"), rows, (False,) * 5))
    return 0


_ACTIONS = {"init": _init, "add": _add, "replace": _replace, "remove": _remove, "member": _member, "list": _list}
# `init` makes the store (a lock file in the folder would make it look taken); `list` only reads.
_UNLOCKED = frozenset({"init", "list"})
