"""`rulesengine ladder DIR`: replay the season from nothing and show the ladder (issue 13).

    rulesengine ladder DIR [--format table|json|csv] [--diff] [--publish OUT.html [--publish-pending]]
    rulesengine ladder DIR --check [FILE...]

Every run replays every event in date order and saves the JSON as DIR/ladder.json; `--diff`
prints what moved since the ladder the last `--diff` left (a run without it that changed the
ladder keeps the one before, season/outputs.py); `--publish` writes the static page, refused
while names are undecided unless `--publish-pending` (then listed apart as not yet confirmed).
`--check` writes nothing: it exits 1, naming what changed and the command that rebuilds it, when
a saved or published output no longer matches the inputs, and 0 when all are current. Bad input
or a refused page exits 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TYPE_CHECKING = False   # typing is not imported for --help (start-up time)
if TYPE_CHECKING:
    from rulesengine.season.outputs import Staleness


def register(subparsers) -> None:
    parser = subparsers.add_parser("ladder", help="the club ladder of a season store, replayed from nothing",
                                   description="Replay every event of a season store in date order through the "
                                               "club ladder and show the ladder.")
    parser.add_argument("dir", help="the season store (see `rulesengine season init`)")
    parser.add_argument("--format", choices=("table", "json", "csv"), default="table")
    parser.add_argument("--check", nargs="*", default=None, metavar="FILE",
                        help="exit 1 naming what changed when a saved or published output is stale: DIR/ladder.json, "
                             "every page published from DIR, and any FILE given (a saved JSON or page)")
    parser.add_argument("--diff", action="store_true",
                        help="print what moved since the ladder the last --diff showed")
    parser.add_argument("--publish", default=None, metavar="OUT.html",
                        help="write the static page (names as the club's settings say, each different)")
    parser.add_argument("--publish-pending", action="store_true",
                        help="publish although names are undecided, listing them apart as not yet confirmed")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from rulesengine.errors import InputError

    from rulesengine.season.lock import store_lock

    from rulesengine.season.lock import settled

    try:
        if Path(args.dir).suffix.lower() in (".xlsx", ".xlsm"):
            return _run(args)
        if args.check is not None:
            settled(Path(args.dir))
            return _run(args)  # --check reads only (an archived store may be read-only)
        with store_lock(Path(args.dir)):  # ladder.json and outputs.tsv written from what was read
            return _run(args)
    except InputError as exc:
        print(exc, file=sys.stderr)  # the first problems and a count of the rest (errors.py)
        print(f"rulesengine: nothing was written ({exc.count} problem"
              f"{'s' if exc.count != 1 else ''})", file=sys.stderr)
        return 2


def _run(args) -> int:
    from rulesengine.errors import UsageError
    from rulesengine.season import outputs
    from rulesengine.season.ladder import compute, ladder_json, moved
    from rulesengine.season.store import open_season

    if Path(args.dir).suffix.lower() in (".xlsx", ".xlsm"):
        return _workbook(args)
    season = open_season(Path(args.dir))
    ladder = compute(season)
    if args.check is not None:
        return _check(season.root, ladder, [Path(f) for f in args.check])
    if args.publish_pending and not args.publish:
        raise UsageError("--publish-pending goes with --publish OUT.html")
    data = ladder_json(ladder)
    previous, kept = outputs.diff_base(season.root) if args.diff else (None, False)
    page = target = None
    if args.publish:
        from rulesengine.season.publish import page_bytes

        target = Path(args.publish)
        outputs.check_page_target(season.root, target)
        page = page_bytes(ladder, args.publish_pending)   # built (or refused) before anything is written
    _print(args.format, ladder, data)
    if args.diff:
        _print_diff(moved(previous or {}, data), previous is None, kept,
                    sys.stdout if args.format == "table" else sys.stderr)
    inside = page is not None and outputs.is_inside(season.root, target)
    if page is not None and not inside:
        _write_page(target, page)
    outputs.save(season.root, data, target, ladder.fingerprint, ladder.inputs, page if inside else None,
                 diff_shown=args.diff, with_pending=page is not None and ladder.pending_names > 0)
    if page is not None:
        print(f"Published {target} (fingerprint {ladder.fingerprint}).", file=sys.stderr)
    return 0


def _write_page(target: Path, page: bytes) -> None:
    from rulesengine.errors import InputError, Location, Problem
    from rulesengine.new_files import write_atomically

    try:
        write_atomically(target, page)
    except OSError as exc:
        raise InputError(Problem(Location(str(target)), f"cannot write the page: {exc.strerror or exc}")) from None


def _workbook(args) -> int:
    """A club-season workbook (Evening 1, Evening 2, ...): its Ladder sheet is written by
    `rulesengine recalc`; `--check` says whether it still matches the evenings."""
    from rulesengine.errors import UsageError
    from rulesengine.workbook.route import check_workbook_ladder

    if args.check is None:
        raise UsageError(f"{args.dir} is a workbook: `rulesengine recalc {args.dir}` replays its evenings and writes "
                         f"the Ladder sheet; `rulesengine ladder {args.dir} --check` says whether that sheet is current")
    stored, now = check_workbook_ladder(Path(args.dir))
    if now is None:
        raise UsageError(f"{args.dir} is not a club-season workbook (no Evening 1, Evening 2, ... sheets with a "
                         f"rating system set)")
    if stored == now:
        print(f"current {args.dir} (Ladder sheet, fingerprint {now})")
        return 0
    why = ("it has no Ladder sheet" if stored is None else
           "an Evening, Players or Settings sheet changed since the Ladder sheet was written")
    print(f"STALE {args.dir}: {why} (rerun `rulesengine recalc {args.dir}` to rebuild)")
    return 1


def _check(root: Path, ladder, files: list[Path]) -> int:
    from rulesengine.season.ladder import notice
    from rulesengine.season.outputs import check, check_file

    print(notice(ladder))
    found = check(root, ladder.fingerprint, ladder.inputs)
    found += [check_file(path, ladder.fingerprint, ladder.inputs) for path in files]
    if not found:
        print("nothing saved or published yet: run `rulesengine ladder` first")
        return 0
    for item in found:
        if item.stale:
            command = _rebuild(root, item)
            print(f"STALE {item.output}: " + "; ".join(item.why) + (f" (rebuild: `{command}`)" if command else ""))
        else:
            print(f"current {item.output}")
    return 1 if any(i.stale for i in found) else 0


def _rebuild(root: Path, item: Staleness) -> str:
    """The command that makes this output current again: any run saves ladder.json; a page needs
    its own --publish (which saves ladder.json too); a JSON kept elsewhere needs its redirect."""
    from shlex import quote

    where = quote(str(root))
    if item.kind == "json-file":
        return f"rulesengine ladder {where} --format json > {quote(item.output)}"
    if item.kind in ("page", "page-pending"):
        pending = " --publish-pending" if item.kind == "page-pending" else ""
        return f"rulesengine ladder {where} --publish {quote(item.output)}{pending}"
    return f"rulesengine ladder {where}" if item.kind == "ladder.json" else ""


def _print(form: str, ladder, data: dict) -> None:
    from rulesengine.cli.common import format_table, print_csv, print_json
    from rulesengine.season.ladder import notice, shown

    if form == "json":
        print_json(data)
        return
    rows = [("" if r.rank is None else str(r.rank), r.member, r.name, f"{shown(r.rating):.1f}", str(r.games),
             "yes" if r.provisional else "", str(r.events)) for r in ladder.rows]
    header = ("Rank", "Member", "Name", "Rating", "Games", "Provisional", "Events")
    if form == "csv":
        # The notice goes to stderr: a comment line would be read as data by spreadsheet programs.
        print(notice(ladder), file=sys.stderr)
        print_csv(header, rows)
        return
    settings = ladder.season.settings
    out = sys.stdout
    out.write(f"{notice(ladder)}\n")
    out.write(f"{settings.name}: {len(ladder.events)} events; start {settings.start_rating:g}, K {settings.k_first:g} "
              f"for the first {settings.first_games} rated games then {settings.k_after:g}, provisional until "
              f"{settings.provisional_games} rated games; fingerprint {ladder.fingerprint}\n")
    out.write(format_table(header, rows, (True, False, False, True, True, False, True)))
    for note in ladder.notes:
        out.write(f"Note: {note}\n")


def _print_diff(changes, first: bool, kept: bool, out) -> None:
    """What moved, to stdout under a table, to stderr beside JSON or CSV (never inside them);
    `kept`: compared with the ladder kept since the last --diff, not the last run's."""
    since = "the last --diff" if kept else "the last replay"
    if first:
        out.write("No earlier replay saved: everyone is new.\n")
    if not changes:
        out.write(f"Nothing moved since {since}.\n")
        return
    out.write(f"Moved since {since} (member, old, new):\n")
    for member, name, old, new in changes:
        out.write(f"  {member}\t{name}\t{'-' if old is None else f'{old:.1f}'}\t{'-' if new is None else f'{new:.1f}'}\n")
