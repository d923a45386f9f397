"""`rulesengine recalc BOOK.xlsx`: read the crosstable and Settings, compute, write the Standings sheet.

Contract (shared/docs/contracts.md): a `Standings` sheet with `Rank, SNo, Name, Pts`, one column per
tie-break headed by its canonical spec, rating columns when a rating system is set, and a legend.
Bad input exits 2 with one `Sheet!Cell: message` line per problem; nothing is written then.
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers) -> None:
    parser = subparsers.add_parser("recalc", help="recalculate a workbook: Standings sheet from its crosstable",
                                   description="Read the crosstable, Players and Settings sheets of an Excel "
                                               "workbook, compute standings (and ratings), write a Standings sheet.")
    parser.add_argument("book", help="the workbook (.xlsx or .xlsm)")
    parser.add_argument("--tiebreaks", default=None,
                        help="comma-separated tie-break specs in order (e.g. BH/C1,BH,SB) or a preset; "
                             "overrides the Settings sheet")
    parser.add_argument("--system", default=None, help="rating system (e.g. fide); overrides the Settings sheet")
    # One name for one idea across commands: `--date` as `rate --date` (the date choosing the
    # rules in force); `--rules-date`, its old spelling here, stays as a hidden alias.
    parser.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                        help="event date choosing the rules in force (default: Settings' Rules date, else the "
                             "Start date)")
    parser.add_argument("--rules-date", dest="date", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--rule-set", default=None, metavar="NAME",
                        help="force a dated rule set of the rating system (as `rate --rule-set`); overrides Settings")
    parser.add_argument("--after-round", type=_round_number, default=None, metavar="N",
                        help="standings after round N (an event in progress); default: after the last round "
                             "with results; overrides Settings' 'After round'")
    parser.add_argument("--rules", default=None,
                        help="a tie-break rule text the plugins declare (listed by `rulesengine plugins`) instead of "
                             "the one the date selects; overrides the Settings sheet's 'Tie-break rules'")
    parser.add_argument("--layout", default=None,
                        help="crosstable layout instead of detecting it: template, swiss_manager, round_robin, "
                             "uschess_wallchart")
    parser.add_argument("--sheet", default=None, help="name of the crosstable sheet (default: 'Crosstable' or detected)")
    parser.add_argument("--explain", action="append", default=[], metavar="PLAYER",
                        help="add an Explain sheet breaking this player's tie-breaks and rating change down "
                             "game by game (start number or name; repeatable)")
    parser.add_argument("--force", action="store_true",
                        help="replace the workbook even when openpyxl would drop parts of it (listed)")
    parser.set_defaults(handler=run)


def _round_number(text: str) -> int:
    from rulesengine.workbook.inputs.settings import round_number
    try:
        return round_number(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from rulesengine.errors import InputError, UsageError
    from rulesengine.workbook.route import recalc_workbook
    from rulesengine.workbook.inputs.settings import settings_from_options

    try:
        overrides = settings_from_options(tiebreaks=args.tiebreaks, rating_system=args.system,
                                          rules_date=args.date, layout=args.layout,
                                          crosstable_sheet=args.sheet, tiebreak_rules=args.rules,
                                          rule_set=args.rule_set, after_round=args.after_round)
    except ValueError as exc:
        raise UsageError(f"--date: {exc}") from None
    try:
        result = recalc_workbook(Path(args.book), overrides, explain=args.explain, force=args.force)
    except InputError as exc:
        # One `Sheet!Cell: message` (or `FILE: message`) line per problem; nothing was written.
        print(exc, file=sys.stderr)  # the first problems and a count of the rest (errors.render_problems)
        print(f"rulesengine: {args.book} was not changed ({exc.count} problem"
              f"{'s' if exc.count != 1 else ''})", file=sys.stderr)
        return 2
    plan, saved = result.plan, result.save
    sheets = " and ".join(plan.sheets)
    if hasattr(plan, "event"):   # a team book (workbook.team.recalc.TeamPlan)
        event = plan.event
        print(f"Read a team event ({plan.layout.replace('_', ' ')} layout): {len(event.teams)} teams, "
              f"{event.boards} boards, {event.rounds} rounds. Tie-breaks: "
              f"{', '.join(plan.run.standings.tiebreaks) or 'none'}.")
    else:
        t = plan.tournament
        specs = ", ".join(str(s) for s in plan.standings.specs) or "points only"
        progress = plan.progress
        rounds = (f"{t.rounds} rounds" if progress is None or progress.final
                  else f"standings {progress.title()}")
        print(f"Read {plan.crosstable_sheet!r} ({plan.layout.replace('_', ' ')} layout): {len(t.players)} players, "
              f"{rounds}. Tie-breaks: {specs}."
              + (f" Ratings: {plan.ratings.system}." if plan.ratings else ""))
    if saved.replaced:
        print(f"Wrote {sheets} to {saved.written} (backup: {saved.backup}).")
        if saved.lost:
            print("Replaced anyway (--force) although these were lost: " + "; ".join(saved.lost), file=sys.stderr)
    else:
        print(f"Wrote {sheets} to {saved.written}, NOT to {args.book}: saving with openpyxl would have lost "
              + "; ".join(saved.lost) + ". Your workbook is unchanged; copy the results over by hand, "
              "or use the Excel button, or rerun with --force to accept the loss.", file=sys.stderr)
    for note in plan.notes:
        print(f"Note: {note}")
    for warning in result.warnings:   # a board changed by hand on the Pairings sheet (VCL4THP Q66-69)
        print(f"{args.book}: {warning}", file=sys.stderr)
    return 0
