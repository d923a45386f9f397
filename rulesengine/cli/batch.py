"""`rulesengine batch INPUT... --out DIR`: standings (and recalculated workbooks) for a whole archive.

Contract (issue 14): results under DIR mirroring the inputs' folders, `DIR/summary.csv` and
`DIR/summary.json` with one row per input (file, status, format, players, rounds, winner, seconds,
error, and since issue 22 kind: individual or team). Exit status 0 when every input is ok or skipped, 2 when any had an error (each one is in
the summary with its location), 130 when interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys

DASK_ENV = "DASK_SCHEDULER_ADDRESS"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "batch", help="standings for many files at once, in parallel, with a summary",
        description="Compute standings for every tournament file the inputs name (files, folders searched "
                    "recursively, glob patterns): TRF, workbooks (.xlsx/.xlsm, every layout) and Vega result "
                    "pages. Inputs are never modified; results go under --out, mirroring the input folders.")
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="file, folder or glob pattern")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder for results and summary.csv/json")
    parser.add_argument("--tiebreaks", default=None,
                        help="comma-separated tie-break specs (e.g. BH/C1,BH,SB) or a preset, for every file; "
                             "default: each file's announced order")
    parser.add_argument("--team-tiebreaks", default=None, metavar="SPECS",
                        help="comma-separated team tie-break specs (e.g. EMGSB/C1,GPTS,BH:MP/C1) or a team preset "
                             "(olympiad) for every team event; default: each file's order, else fide_team")
    parser.add_argument("--system", default=None, help="rating system to rate every event with (e.g. fide)")
    parser.add_argument("--rules", default=None,
                        help="a tie-break rule text for every file, one the tie-breaks declare (`rulesengine plugins` "
                             "lists them; default: the text in force on each event's date)")
    parser.add_argument("--encoding", default="utf-8", help="text encoding of TRF files (default utf-8)")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="parallel local processes (default: every core; 1 runs in this process)")
    parser.add_argument("--executor", choices=("local", "dask"), default="local",
                        help="where the jobs run: local processes, or an existing Dask cluster")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help=f"Dask scheduler address (tcp://host:8786); default ${DASK_ENV}")
    parser.add_argument("--no-copies", dest="copies", action="store_false",
                        help="do not write recalculated copies of workbooks (standings JSON only)")
    parser.add_argument("--no-timings", dest="timings", action="store_false",
                        help="leave the seconds column empty, so summaries of the same inputs are byte-identical "
                             "wherever they ran")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from rulesengine.batch.job import BatchOptions
    from rulesengine.batch.progress import make_progress
    from rulesengine.batch.runner import chunk_size, dask_executor, default_jobs, local_executor, run_batch
    from rulesengine.errors import UsageError
    from rulesengine.inputs import discover
    from rulesengine.registry import default_registry

    out_dir = Path(args.out)
    options = BatchOptions(tiebreaks=args.tiebreaks, system=args.system, rules=args.rules, encoding=args.encoding,
                           copies=args.copies, team_tiebreaks=args.team_tiebreaks)
    registry = default_registry()
    if args.tiebreaks:
        registry.resolve_specs(args.tiebreaks.split(","))  # a bad spec is a usage error, not 1,000 failed files
    if args.team_tiebreaks:
        _check_team_specs(args.team_tiebreaks, registry)
    if args.system:
        registry.rating_system(args.system)
    inputs = discover(args.inputs, out_dir)
    if args.executor == "dask":
        address = args.scheduler or os.environ.get(DASK_ENV)
        if not address:
            raise UsageError(f"--executor dask needs --scheduler ADDRESS or ${DASK_ENV}")
        executor, close = dask_executor(address)
        # The cluster's size is not known here: chunks sized as for 8 workers.
        window, chunk = 64, chunk_size(len(inputs), 8)
    else:
        jobs = args.jobs if args.jobs is not None else default_jobs()
        if jobs < 1:
            raise UsageError("--jobs must be at least 1")
        executor, close = local_executor(jobs, inputs, options)
        window, chunk = max(2, 2 * jobs), 1 if jobs == 1 else chunk_size(len(inputs), jobs)
    try:
        outcome = run_batch(inputs, out_dir, options, executor, progress=make_progress(sys.stderr),
                            timings=args.timings, window=window, chunk=chunk)
    finally:
        close()
    ok, errors, skipped = outcome.count("ok"), outcome.count("error"), outcome.count("skipped")
    print(f"{len(outcome.rows)} of {len(inputs)} inputs: {ok} ok, {skipped} skipped (done before), {errors} with "
          f"errors. Summary: {out_dir / 'summary.csv'}", file=sys.stderr)
    if outcome.interrupted:
        print(f"Interrupted: {outcome.not_started} inputs not done; run the same command again to finish them.",
              file=sys.stderr)
        return 130
    return 2 if errors else 0


def _check_team_specs(text: str, registry) -> None:
    """`--team-tiebreaks`: each a team preset or a team code the plugins compute, else a usage error."""
    from rulesengine.errors import UsageError
    from rulesengine.team_standings import spec_code

    unknown = [spec for spec in (s.strip() for s in text.split(",")) if spec.lower() not in registry.team_presets
               and spec_code(spec) not in registry.team_tiebreaks]
    if unknown:
        raise UsageError(f"--team-tiebreaks: unknown team tie-break(s) {', '.join(unknown)}; known: "
                         f"{', '.join(sorted(registry.team_tiebreaks))} and the presets "
                         f"{', '.join(sorted(registry.team_presets))}")
