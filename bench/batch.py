"""Files per second of `rulesengine batch` at --jobs 1 and --jobs 2 and on a 2-worker Dask
LocalCluster, next to the bare parse rate of the same files (targets: --jobs 2 at least 1.7x
--jobs 1; --jobs 1 within 1.3x of bare parsing).

    python bench/batch.py [--files 1000] [--broken 0.03] [--tiebreaks BH/C1,BH,SB] [--copies] [--repeat 3]

Besides wall time it prints CPU seconds per file, which a shared machine does not distort: the
bare parse and `--jobs 1` in this process, and for `--jobs 2` the parent's own CPU (hashing,
dispatch, writing, summaries: it must be small) and the workers' (from /proc, on Linux). It also
prints what creating one output file costs in the output folder's file system (kernel CPU the
bare parse never pays); `--out-base /dev/shm` writes the outputs to a RAM disk instead.

The archive (every format: TRF, workbooks in the four layouts, Vega pages; 3% broken) is generated
by `rulesengine.batch.samples` with a fixed seed. Bare parsing reads every file into a Tournament
and nothing else, with the readers batch uses, as batch uses them (`bare_parse`). The batch runs
compute standings and write JSON, manifest and summaries; without --copies no recalculated
workbook copies are written (that is openpyxl's save, timed by bench/recalc.py). Every run is
checked: each good file ok with the standings of the event it was generated from, each broken one
an error naming its location.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rulesengine.batch.job import BatchOptions, Job, read_tournament
from rulesengine.batch.runner import read_contents, chunk_size, dask_executor, local_executor, run_batch
from rulesengine.batch.samples import write_archive
from rulesengine.inputs import WORKBOOK, discover
from rulesengine.registry import default_registry


def bare_parse(inputs) -> None:
    """Every input read into a Tournament and nothing else, the way a batch job reads it: the
    bytes read as the runner reads them (`read_contents`), then TRF and Vega decoded and parsed
    by the job's own `read_tournament`; a workbook's sheets (those recalculation reads) read by
    the same fast read from its path and its crosstable parsed. Each parse runs with the
    collector paused (a job's parse does not: `api` pauses it around the standings and rating
    only), so the bare side is, if anything, the faster. What batch does beyond this (hashing, the scratch copy of
    a workbook, the Settings sheet, standings, JSON, writing, manifest, summaries) is its cost."""
    from rulesengine.collector import collector_paused
    from rulesengine.errors import InputError
    from rulesengine.workbook.io.fast_read import read_workbook_grids
    from rulesengine.workbook.layouts.detect import read_crosstable
    from rulesengine.workbook.recalc import sheets_to_read

    for item in inputs:
        try:
            if item.kind == WORKBOOK:
                with collector_paused():
                    _, grids = read_workbook_grids(item.path, sheets_to_read)
                    read_crosstable(grids["Crosstable"])
            else:
                job = Job(item.relative, item.kind, read_contents(item))
                with collector_paused():
                    read_tournament(job)
        except InputError:
            pass


@dataclass
class Timing:
    wall: float
    cpu: float                   # this process
    workers: float | None = None  # the pool's processes (None: no pool, or not on Linux)
    busiest: float | None = None  # the busiest worker's share of it


def _process_cpu(pids) -> list[float] | None:
    """CPU seconds (user + system) of each live process, from /proc (Linux); None elsewhere."""
    out = []
    try:
        for pid in pids:
            with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            out.append((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return None
    return out


def _timed(function, *args) -> Timing:
    wall, cpu = time.perf_counter(), time.process_time()
    function(*args)
    return Timing(time.perf_counter() - wall, time.process_time() - cpu)


@dataclass(frozen=True)
class Want:
    """What one generated input must give: its error's location, or its standings as JSON text.

    Text, not the generated Tournament: 1,000 events kept alive as objects make every full
    collection of the timed runs rescan them, a cost no real batch process has."""

    relative: str
    error_at: str
    standings: str = ""


def wanted(expected, tiebreaks: str) -> list[Want]:
    """Every good file's standings are the engine's standings of the event it was generated from."""
    from rulesengine.output.standings import standings_document
    from rulesengine.standings import compute_standings

    registry = default_registry()
    specs = registry.resolve_specs(tiebreaks.split(","))
    return [Want(e.relative, e.error_at, "" if e.error_at else
                 json.dumps(standings_document(compute_standings(e.tournament, specs, registry))["standings"]))
            for e in expected]


def check(outcome, out: Path, wants: list[Want]) -> None:
    by_file = {row["file"]: row for row in outcome.rows}
    for w in wants:
        row = by_file[w.relative]
        if w.error_at:
            assert row["status"] == "error" and row["error"].startswith(w.error_at), row
        else:
            assert row["status"] == "ok", row
            got = json.loads((out / (w.relative + ".standings.json")).read_text(encoding="utf-8"))
            assert got["standings"] == json.loads(w.standings), w.relative


#: Output folders of the timed runs, removed when the bench ends (`main`), not after each run: a
#: removal frees hundreds of inodes and blocks, and the file system's share of that work (ext4
#: with discard) lands on the file creations of the next timed run, which then pays for the
#: bench's clean-up (0.2-0.5 ms per output file instead of 0.05-0.1, measured in one process).
_OUTPUTS: list[Path] = []


def timed_batch(inputs, wants: list[Want], make_executor, options, window: int, chunk: int,
                out_base: str | None = None) -> Timing:
    """One batch run, timed from creating the executor (worker start-up counts) to the summaries."""
    out = Path(tempfile.mkdtemp(prefix="bench-batch-out-", dir=out_base))
    _OUTPUTS.append(out)
    wall, cpu = time.perf_counter(), time.process_time()
    executor, close = make_executor()
    try:
        outcome = run_batch(inputs, out, options, executor, timings=True, window=window, chunk=chunk)
        timing = Timing(time.perf_counter() - wall, time.process_time() - cpu)
        processes = getattr(executor, "_processes", None)  # a ProcessPoolExecutor's workers
        each = _process_cpu(list(processes)) if processes else None
        if each:
            timing.workers, timing.busiest = sum(each), max(each)
        check(outcome, out, wants)
        return timing
    finally:
        close()


def file_creation_cost(base: str | None, count: int = 300) -> float:
    """CPU microseconds to create, write and rename one small file in `base`, as batch writes each
    output: the file system's part of a batch run, which the bare parse does not pay. On a laptop's
    SSD it is tens of microseconds; some virtual disks take ten times that (and it varies with
    what the host does), a RAM disk a few."""
    folder = Path(tempfile.mkdtemp(prefix="bench-batch-probe-", dir=base))
    _OUTPUTS.append(folder)
    data = b"{}" * 1500
    start = time.process_time()
    for i in range(count):
        temporary, final = folder / f".{i}.tmp", folder / f"{i}.standings.json"
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        os.write(handle, data)
        os.close(handle)
        os.replace(temporary, final)
    return (time.process_time() - start) / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--broken", type=float, default=0.03)
    parser.add_argument("--tiebreaks", default="BH/C1,BH,SB")
    parser.add_argument("--copies", action="store_true", help="also write recalculated workbook copies")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, taking turns; the best counts")
    parser.add_argument("--out-base", default=None, metavar="DIR",
                        help="where the timed runs write their outputs (default: the system's temporary folder); "
                             "a RAM disk such as /dev/shm leaves the disk's file-creation cost out of the ratio")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-batch-in-"))
    try:
        wants = wanted(write_archive(folder, args.files, broken=args.broken, seed=2026), args.tiebreaks)
        gc.collect()  # the generated events are gone: the timed runs scan only what they make
        inputs = discover([str(folder)])
        default_registry()
        options = BatchOptions(tiebreaks=args.tiebreaks, copies=args.copies)
        n = len(inputs)
        bare_parse(inputs)  # every reader imported before the first timed run
        runs = {"bare parse": lambda: _timed(bare_parse, inputs),
                "batch --jobs 1": lambda: timed_batch(inputs, wants, lambda: local_executor(1), options,
                                                      window=2, chunk=1, out_base=args.out_base),
                "batch --jobs 2": lambda: timed_batch(inputs, wants, lambda: local_executor(2, inputs, options),
                                                      options, window=4, chunk=chunk_size(n, 2),
                                                      out_base=args.out_base)}
        cluster = None
        if not args.no_dask:
            try:
                from distributed import LocalCluster
            except ImportError:
                print("(dask not installed: pip install \".[dask]\" for the LocalCluster line)")
            else:
                cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=40)
                runs["dask LocalCluster, 2 workers"] = lambda: timed_batch(
                    inputs, wants, lambda: dask_executor(cluster.scheduler_address), options, window=64,
                    chunk=chunk_size(n, 8), out_base=args.out_base)
        # The runs take turns, best of --repeat each: on a shared machine the load changes by the
        # minute, and a ratio of two runs made minutes apart measures the neighbours.
        best: dict[str, Timing] = {}
        least_cpu: dict[str, float] = {}  # this process's CPU, each run's least (the quietest moment)
        try:
            for _ in range(args.repeat):
                for label, run in runs.items():
                    timing = run()
                    if label not in best or timing.wall < best[label].wall:
                        best[label] = timing
                    least_cpu[label] = min(least_cpu.get(label, timing.cpu), timing.cpu)
        finally:
            if cluster is not None:
                cluster.close()
        bare, one, two = best["bare parse"], best["batch --jobs 1"], best["batch --jobs 2"]
        broken = sum(1 for w in wants if w.error_at)
        print(f"{n} inputs ({broken} broken), tie-breaks {args.tiebreaks}, "
              f"{'with' if args.copies else 'without'} workbook copies; best of {args.repeat} by wall time")
        for label, t in best.items():
            workers = f", workers {t.workers / n * 1000:6.2f}" if t.workers is not None else ""
            print(f"  {label:<30} {t.wall:7.2f} s  {n / t.wall:8.1f} files/s   CPU ms/file: this process "
                  f"{t.cpu / n * 1000:6.2f}{workers}")
        creation = file_creation_cost(args.out_base)
        print(f"  output folder {args.out_base or tempfile.gettempdir()}: creating and renaming one output file "
              f"costs {creation:.0f} us of CPU here ({creation * 1.0 / 1000 / (bare.cpu / n * 1000) * 100:.0f}% "
              f"of a bare parse per output)")
        print(f"  --jobs 2 / --jobs 1 speed-up (wall): {one.wall / two.wall:.2f}x (target >= 1.7x)")
        print(f"  --jobs 1 / bare parse (wall):         {one.wall / bare.wall:.2f}x (target <= 1.3x)")
        print(f"  --jobs 1 / bare parse (CPU):          {one.cpu / bare.cpu:.2f}x; least CPU of each: "
              f"{least_cpu['batch --jobs 1'] / least_cpu['bare parse']:.2f}x "
              f"({least_cpu['bare parse'] / n * 1000:.2f} and {least_cpu['batch --jobs 1'] / n * 1000:.2f} ms/file)")
        if two.workers is not None and two.busiest is not None:
            # What two idle cores would give: the run lasts as long as its busiest worker, or half
            # of all the CPU it needs (parent included), whichever is longer.
            estimate = one.cpu / max(two.busiest, (two.workers + two.cpu) / 2)
            print(f"  --jobs 2: parent CPU {two.cpu / n * 1000:.2f} ms/file, "
                  f"{two.cpu / (two.cpu + two.workers) * 100:.1f}% of the run's CPU; "
                  f"workers' CPU / --jobs 1 CPU {two.workers / one.cpu:.2f}x; busiest worker "
                  f"{two.busiest / two.workers * 100:.0f}% of the workers' CPU")
            print(f"  --jobs 2 / --jobs 1 speed-up on two idle cores, from CPU times: {estimate:.2f}x")
        print(json.dumps({label: round(n / t.wall, 1) for label, t in best.items()}))
    finally:
        for out in (*_OUTPUTS, folder):
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
