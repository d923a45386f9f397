"""A fuzz campaign through the real CLI, bigger than CI's (issue 10 item 9; not collected by pytest).

    .venv/bin/python tests/fuzz/campaign.py --trf 3000 --workbooks 1000 --seed 7 [--jobs 2]
        [--subprocess 200] [--save-failures DIR]

Each mutated TRF is run through `standings` and `rate --system fide`, each mutated workbook
through `recalc`, in worker processes (memory limit 1 GiB each, per-run alarm) calling the
command's entry point; `--subprocess N` also runs the first N inputs as real `rulesengine`
processes. Prints the counts (exit 0, exit 2, failures by kind, slowest run, peak memory) and
exits 1 when any run failed the bar of harness.py. Failing inputs are saved for the corpus.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

MEMORY_LIMIT = 1 << 30  # 1 GiB of address space per worker beyond its start


def _examples(strategy, count: int, seed: int, chunk: int = 10) -> list:
    """`count` values drawn from a hypothesis strategy, reproducible from `seed`.

    Drawn in small batches, each with its own seed: within one run hypothesis keeps mutating its
    earlier examples, and a campaign wants many unrelated inputs."""
    from hypothesis import HealthCheck, given, settings, seed as hseed

    found: list = []
    batch = 0
    while len(found) < count:
        @hseed(seed * 100_003 + batch)
        @settings(max_examples=min(chunk, count - len(found)), database=None, deadline=None,
                  suppress_health_check=list(HealthCheck), phases=("generate",))
        @given(strategy)
        def collect(value):
            found.append(value)
        collect()
        batch += 1
    return found[:count]


def _limit_memory() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    target = usage + MEMORY_LIMIT + (512 << 20)  # the interpreter and the engine loaded, plus 1 GiB
    resource.setrlimit(resource.RLIMIT_AS, (target, hard))


def _worker_init() -> None:
    import gc
    gc.callbacks.clear()  # hypothesis's, inherited from the parent that generated the inputs
    os.environ["RULESENGINE_PLUGINS"] = "builtin"
    import rulesengine.cli  # noqa: F401 - load once per worker
    _limit_memory()


def _run_one(job: tuple[str, str, bytes, list[list[str]]]) -> list[dict]:
    from harness import longest_line, run_cli

    kind, name, data, commands = job
    results = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        for args in commands:
            path.write_bytes(data)
            before_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            try:
                outcome = run_cli([a.replace("{PATH}", str(path)) for a in args], path)
                failure, status, seconds, stderr = outcome.failure, outcome.status, outcome.seconds, outcome.stderr
            except MemoryError:
                failure, status, seconds, stderr = "memory over 1 GiB", None, 0.0, ""
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            results.append({"kind": kind, "command": args[0], "status": status, "seconds": seconds,
                            "failure": failure, "stderr": stderr[:3000], "lines": len(stderr.splitlines()),
                            "longest_line": longest_line(stderr, path),
                            "longest_line_with_path": max((len(line) for line in stderr.splitlines()), default=0),
                            "peak_mib": rss / 1024, "grew_mib": (rss - before_rss) / 1024})
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trf", type=int, default=3000)
    parser.add_argument("--workbooks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--subprocess", type=int, default=0, help="also run the first N inputs as real processes")
    parser.add_argument("--save-failures", type=Path, default=None)
    args = parser.parse_args(argv)

    from mutations import trf_mutation, workbook_mutation

    started = time.monotonic()
    trf_texts = _examples(trf_mutation(), args.trf, args.seed) if args.trf else []
    books = _examples(workbook_mutation(), args.workbooks, args.seed + 1) if args.workbooks else []
    print(f"generated {len(trf_texts)} TRF and {len(books)} workbook mutations in {time.monotonic() - started:.0f} s",
          flush=True)
    trf_commands = [["standings", "{PATH}"], ["rate", "--system", "fide", "{PATH}"]]
    jobs = [("trf", "mutated.trf", t.encode("utf-8", "surrogatepass"), trf_commands) for t in trf_texts]
    jobs += [("workbook", "mutated.xlsx", data, [["recalc", "{PATH}"]]) for data, _ in books]
    random.Random(args.seed).shuffle(jobs)

    results: list[dict] = []
    failing: list[tuple[tuple, dict]] = []
    with multiprocessing.get_context("fork").Pool(args.jobs, initializer=_worker_init, maxtasksperchild=200) as pool:
        for job, outcome in zip(jobs, pool.imap(_run_one, jobs, chunksize=4)):
            results += outcome
            failing += [(job, r) for r in outcome if r["failure"]]
            if len(results) % 1000 < len(outcome):
                print(f"  {len(results)} runs, {len(failing)} failures, {time.monotonic() - started:.0f} s", flush=True)

    sub_results = []
    if args.subprocess:
        exe = str(Path(sys.executable).with_name("rulesengine"))
        for kind, name, data, commands in jobs[: args.subprocess]:
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / name
                for command in commands:
                    path.write_bytes(data)
                    before = path.read_bytes()
                    began = time.monotonic()
                    try:
                        done = subprocess.run([exe, *[a.replace("{PATH}", str(path)) for a in command]],
                                              capture_output=True, text=True, timeout=30,
                                              env=dict(os.environ, RULESENGINE_PLUGINS="builtin"))
                    except subprocess.TimeoutExpired:
                        sub_results.append({"failure": "timeout", "command": command[0]})
                        continue
                    from harness import judge
                    failure = judge(done.returncode, time.monotonic() - began, done.stderr, path,
                                    before if done.returncode == 2 else None)
                    sub_results.append({"failure": failure, "command": command[0], "status": done.returncode,
                                        "stderr": done.stderr[:2000]})

    summary = {
        "trf_mutations": len(trf_texts), "workbook_mutations": len(books), "runs": len(results),
        "by_command_and_status": {f"{c} exit {s}": n for (c, s), n in
                                  sorted(Counter((r["command"], r["status"]) for r in results).items(), key=str)},
        "failures": dict(Counter(r["failure"].split(":")[0] for r in results if r["failure"])),
        "slowest_run_s": round(max((r["seconds"] for r in results), default=0), 2),
        "peak_rss_mib": round(max((r["peak_mib"] for r in results), default=0)),
        "max_rss_growth_in_one_run_mib": round(max((r["grew_mib"] for r in results), default=0)),
        "longest_exit2_message_lines": max((r["lines"] for r in results if r["status"] == 2), default=0),
        "longest_message_line_path_as_FILE": max((r["longest_line"] for r in results), default=0),
        "longest_message_line_with_temp_path": max((r["longest_line_with_path"] for r in results), default=0),
        "subprocess_runs": len(sub_results),
        "subprocess_failures": sum(1 for r in sub_results if r["failure"]),
        "seconds": round(time.monotonic() - started),
    }
    print(json.dumps(summary, indent=2))
    for job, result in failing[:10]:
        print(f"--- {result['kind']} {result['command']}: {result['failure'][:1500]}\n{result['stderr'][:600]}")
    for result in [r for r in sub_results if r["failure"]][:5]:
        print(f"--- subprocess {result['command']}: {result['failure']}\n{result.get('stderr', '')[:600]}")
    if args.save_failures and failing:
        args.save_failures.mkdir(parents=True, exist_ok=True)
        for n, (job, result) in enumerate(failing[:200]):
            suffix = ".trf" if job[0] == "trf" else ".xlsx"
            (args.save_failures / f"failure-{n:03d}{suffix}").write_bytes(job[2])
    return 1 if failing or any(r["failure"] for r in sub_results) else 0


if __name__ == "__main__":
    sys.exit(main())
