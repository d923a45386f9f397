"""What `rulesengine batch --jobs 1` costs per file beyond the bare parse, stage by stage (CPU).

    python bench/batch_costs.py [--files 300] [--broken 0.03] [--tiebreaks BH/C1,BH,SB] [--repeat 5]

One process: the bench's archive (`bench/batch.py`, same seed), the bare parse and an in-process
batch run side by side, each stage's own CPU time (`time.process_time`, its callees' time taken
out) summed over every file and divided by the number of files. The stages are the functions the
two sides call, wrapped for the measurement only; "the rest" is what no wrapped stage covers (the
runner's loop, the job's glue). Garbage collection is shown apart (it runs inside the stages).
The least of `--repeat` runs of each side counts. Wrapping adds about half a microsecond per call.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import shutil
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from batch import bare_parse, wanted  # bench/batch.py, beside this file

from rulesengine.batch import job as job_module
from rulesengine.batch import runner
from rulesengine.batch.job import BatchOptions
from rulesengine.batch.manifest import Manifest
from rulesengine.batch.out_files import OutFiles
from rulesengine.batch.samples import write_archive
from rulesengine.inputs import discover
from rulesengine.registry import default_registry


class Stages:
    """Own CPU time per stage label: a wrapped call's time minus that of wrapped calls inside it."""

    def __init__(self) -> None:
        self.own: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self._inner: list[float] = []
        self.gc = 0.0
        self._gc_start = 0.0

    def wrap(self, function, label: str):
        def timed(*args, **kwargs):
            start = time.process_time()
            self._inner.append(0.0)
            try:
                return function(*args, **kwargs)
            finally:
                elapsed = time.process_time() - start
                self.own[label] += elapsed - self._inner.pop()
                self.calls[label] += 1
                if self._inner:
                    self._inner[-1] += elapsed
        return timed

    def patch(self, owner, name: str, label: str) -> None:
        setattr(owner, name, self.wrap(getattr(owner, name), label))

    def collector(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_start = time.process_time()
        else:
            self.gc += time.process_time() - self._gc_start

    def reset(self) -> None:
        self.own.clear()
        self.calls.clear()
        self.gc = 0.0


def instrument(stages: Stages) -> None:
    """Wrap every stage where its caller looks it up."""
    from rulesengine import api
    from rulesengine.output import standings as output_standings
    from rulesengine.workbook.io import fast_read
    from rulesengine.workbook import recalc
    from rulesengine_fide.tiebreaks import event

    import batch as bench
    from functools import cached_property
    from rulesengine.model import Tournament
    from rulesengine.workbook.layouts import detect

    for owner in (runner, bench):
        stages.patch(owner, "read_contents", "read the input's bytes (runner)")
    for owner in (job_module, bench):
        stages.patch(owner, "read_tournament", "parse TRF / Vega (formats)")
    for owner in (recalc, detect):
        stages.patch(owner, "read_crosstable", "parse a crosstable sheet (layouts)")
    stages.patch(fast_read, "read_workbook_grids", "read a workbook's sheets (fast_read.py)")
    stages.patch(runner, "manifest_key", "manifest key: sha256 (manifest.py)")
    stages.patch(runner, "run_chunk", "the job's glue (job.py run_job)")
    stages.patch(job_module, "_workbook", "a workbook job's glue and scratch copy (job.py)")
    points = cached_property(stages.wrap(Tournament.points.func, "each player's points (model.py Tournament.points)"))
    points.__set_name__(Tournament, "points")
    Tournament.points = points
    stages.patch(recalc, "recalculate", "recalculate's own work (recalc.py: Settings, published values, specs)")
    stages.patch(api, "standings", "api.standings' own work (api.py: rules used)")
    stages.patch(api, "standings_table", "api.standings_table's own work (api.py: rules date, rule text)")
    stages.patch(api, "compute_standings", "the standings table (standings.py)")
    stages.patch(event, "_build", "FIDE event table (rulesengine_fide/tiebreaks/event.py _build)")
    registry = default_registry()
    for code, rule in list(registry.tiebreaks.items()):
        label = f"tie-break {code} compute ({rule.article.split(' art')[0] or code})"
        registry.tiebreaks[code] = dataclasses.replace(rule, compute=stages.wrap(rule.compute, label))
    stages.patch(output_standings, "_row_texts", "the standings rows' JSON (output/standings.py)")
    stages.patch(job_module, "_standings_bytes", "JSON text and UTF-8 (job.py)")
    stages.patch(OutFiles, "write", "write each output atomically (out_files.py)")
    stages.patch(Manifest, "record", "manifest line (manifest.py)")
    stages.patch(runner, "write_summaries", "summary.csv and summary.json (summary.py)")
    gc.callbacks.append(stages.collector)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--broken", type=float, default=0.03)
    parser.add_argument("--tiebreaks", default="BH/C1,BH,SB")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-batch-costs-"))
    outputs: list[Path] = []
    try:
        wanted(write_archive(folder, args.files, broken=args.broken, seed=2026), args.tiebreaks)
        gc.collect()
        inputs = discover([str(folder)])
        options = BatchOptions(tiebreaks=args.tiebreaks, copies=False)
        n = len(inputs)

        # Output folders are removed at the end, not between runs (see bench/batch.py _OUTPUTS).

        def batch() -> None:
            out = Path(tempfile.mkdtemp(prefix="bench-batch-costs-out-"))
            outputs.append(out)
            executor, close = runner.local_executor(1)
            runner.run_batch(inputs, out, options, executor, timings=True, window=2, chunk=1)
            close()

        stages = Stages()
        instrument(stages)
        bare_parse(inputs)
        batch()
        results = {}
        for label, side in (("bare parse", lambda: bare_parse(inputs)), ("batch --jobs 1", batch)):
            least = None
            for _ in range(args.repeat):
                stages.reset()
                start = time.process_time()
                side()
                total = time.process_time() - start
                if least is None or total < least[0]:
                    least = (total, dict(stages.own), dict(stages.calls), stages.gc)
            results[label] = least
        bare_total, bare_own, _, bare_gc = results["bare parse"]
        total, own, calls, collected = results["batch --jobs 1"]
        per_file = 1000 / n
        print(f"{n} inputs, tie-breaks {args.tiebreaks}, no workbook copies; CPU ms per file, least of {args.repeat}")
        print(f"  bare parse      {bare_total * per_file:6.3f}   (of which garbage collection {bare_gc * per_file:.3f})")
        print(f"  batch --jobs 1  {total * per_file:6.3f}   (of which garbage collection {collected * per_file:.3f})")
        print(f"  ratio {total / bare_total:.3f}; beyond parsing {(total - bare_total) * per_file:.3f} ms per file "
              f"(the 1.3x budget: {0.3 * bare_total * per_file:.3f})")
        print("  stage                                                                 bare   batch  calls/file")
        for label in sorted(own, key=lambda k: -own[k]):
            print(f"  {label:<70} {bare_own.get(label, 0.0) * per_file:6.3f} {own[label] * per_file:6.3f} "
                  f"{calls[label] / n:6.2f}")
        rest = total - sum(own.values())
        print(f"  {'the rest (the runner loop)':<70} {(bare_total - sum(bare_own.values())) * per_file:6.3f} "
              f"{rest * per_file:6.3f}")
    finally:
        for out in (*outputs, folder):
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
