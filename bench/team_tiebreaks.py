"""Benchmark: team standings (issue 22 item 6) beside tiebreak-core's team module and gacrux, in one run.

    .venv/bin/python bench/team_tiebreaks.py [--sizes 200x10x11,40x6x9] [--seed 2026] [--repeat 3]
        [--peer-python /work/tools/peers/bin/python] [--instructions]

Each size TEAMSxBOARDSxROUNDS is a generated team Swiss (bench/team_event.py: TRF-2026 team
records, individual forfeits, reserves, a team PAB each round when the count is odd), ranked by
TEC's FIDE_TEAM order (MPTS, then EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP) in whole processes run
in turn on the same file:

* ours: `rulesengine standings FILE --tiebreaks ... --format json`;
* tiebreak-core 1.2.0: its `rank_team_standings` behind the minimal reader a user writes
  (bench/peers/tiebreak_core_team_standings.py);
* gacrux 1.11.65: `python -m gacrux.tiebreakchecker -i FILE -t MPTS ...` (up to 3 runs: seconds each).

Printed, side by side: median child CPU seconds (user + sys) of `--repeat` paired runs, peer/ours
(> 1: we are faster; the issue's bar is 2x for tiebreak-core, 50x for gacrux); in-process, each
side timed inside its own process with imports and start-up left out, reading plus ranking (our
`api.load_event` + `api.team_standings`, their reader + `rank_team_standings`) and the ranking
calls alone; ours also as the first call of a fresh process with every module imported (the
peer's figure is one call in its own process: our number caches and the memory the process has
grown are then as cold as its); and whether the ranks and values agree (every team against both peers). The peers live in a throw-away venv named by
--peer-python or $RULESENGINE_PEER_PYTHON; without one each prints "peer not installed".

`--instructions` counts instead of timing (valgrind's callgrind, which a loaded machine does not
move): read + rank in-process for ours and tiebreak-core's, each as (4 calls - 1 call) / 3 after
one warm call, so imports and start-up drop out.
"""

from __future__ import annotations

import argparse
import gc
import re
import subprocess
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from team_event import team_trf  # noqa: E402
from tiebreaks import PEER_ENV, peer_available, ranking_cpu, run_process  # noqa: E402

READ_RANK = "read+rank CPU s:"

FIDE_TEAM = ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")
CORE_RUNNER = Path(__file__).resolve().parent / "peers" / "tiebreak_core_team_standings.py"
VALUED = ("EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")   # the scalar codes tiebreak-core returns values for


def ours_arguments(path: Path) -> list[str]:
    return ["standings", str(path), "--tiebreaks", ",".join(FIDE_TEAM), "--format", "json"]


def ours_rows(text: str) -> dict[int, tuple[int, dict]]:
    return {row["team"]: (row["rank"], row["tiebreaks"]) for row in json.loads(text)["teams"]}


def compare_core(ours: dict, text: str) -> str:
    peer = {int(k): v for k, v in json.loads(text).items()}
    ranks = sum(1 for team, (rank, _) in ours.items() if peer[team][0] != rank)
    values = sum(1 for team, (_, mine) in ours.items() for spec in VALUED
                 if float(mine[spec]) != peer[team][1].get(spec.lower().replace("/", "_"), float("nan")))
    return f"{len(ours)} teams: {ranks} ranks, {values} of {len(ours) * len(VALUED)} values differ"


def compare_gacrux(ours: dict, text: str) -> str:
    competitors = json.loads(text)["tiebreakResult"]["competitors"]
    ranks = sum(1 for c in competitors if ours[c["cid"]][0] != c["rank"])
    values = sum(1 for c in competitors for spec, value in zip(FIDE_TEAM, c["tiebreakScore"][1:])
                 if float(value) != float(ours[c["cid"]][1][spec]))
    return f"{len(competitors)} teams: {ranks} ranks, {values} of {len(competitors) * len(FIDE_TEAM)} values differ"


def ranking_alone(path: Path, repeat: int) -> float:
    """`api.team_standings` on the event read (no start-up, reading or output), best of `repeat`;
    the collector run first, so a collection the reading's garbage would trigger is not counted
    (tiebreak-core's runner reads far less before its ranking call)."""
    from rulesengine import api
    from rulesengine.registry import build_registry
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    best = float("inf")
    for _ in range(repeat):
        event = api.load_event(path, registry=registry)
        gc.collect()
        started = time.process_time()
        api.team_standings(event, FIDE_TEAM, registry)
        best = min(best, time.process_time() - started)
    return best


def read_and_rank(path: Path, repeat: int) -> float:
    """Reading the file (`api.load_event`) plus `api.team_standings`, in this process (imports and
    start-up left out, as the peer runner leaves out its own), best of `repeat`."""
    from rulesengine import api
    from rulesengine.registry import build_registry
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        started = time.process_time()
        api.team_standings(api.load_event(path, registry=registry), FIDE_TEAM, registry)
        best = min(best, time.process_time() - started)
    return best


# A fresh process, every module imported (a small event ranked first), then one reading plus
# ranking timed: what the peer runner's figure is (one call in its own process), with our caches
# (parsed number texts, memory the process has grown) as cold as its.
FIRST_CALL = """import sys, time
sys.path.insert(0, %r)
from team_event import team_trf
from rulesengine import api
from rulesengine.registry import build_registry
registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
path, small = sys.argv[1], sys.argv[2]
api.team_standings(api.load_event(small, registry=registry), %r, registry)
started = time.process_time()
api.team_standings(api.load_event(path, registry=registry), %r, registry)
print(time.process_time() - started)
""" % (str(Path(__file__).resolve().parent), FIDE_TEAM, FIDE_TEAM)


def first_call(path: Path, repeat: int, env: dict[str, str]) -> float:
    """Reading plus ranking as the first such call of a fresh process with every module imported
    (`FIRST_CALL`), best of `repeat` processes."""
    small = path.with_name("small-team.trf")
    small.write_text(team_trf(6, 4, 5, 1), encoding="utf-8")
    return min(float(subprocess.run([sys.executable, "-c", FIRST_CALL, str(path), str(small)], capture_output=True,
                                    text=True, env=env, check=True).stdout) for _ in range(repeat))


def peer_read_and_rank(stderr: str) -> float:
    """The peer runner's own figure for its reading plus ranking."""
    return float(next(line for line in stderr.splitlines() if line.startswith(READ_RANK)).split(":")[1])


def reading_alone(path: Path, repeat: int) -> float:
    from rulesengine import api
    from rulesengine.registry import build_registry
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        api.load_event(path, registry=registry)
        best = min(best, time.process_time() - started)
    return best


# In-process loops counted under callgrind: argv = FILE CALLS; one warm call, then CALLS calls.
OURS_LOOP = """import sys
from rulesengine import api
from rulesengine.registry import build_registry
registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
path, calls = sys.argv[1], int(sys.argv[2])
for _ in range(calls + 1):
    api.team_standings(api.load_event(path, registry=registry), %r, registry)
""" % (FIDE_TEAM,)
CORE_LOOP = """import importlib.util, sys
spec = importlib.util.spec_from_file_location("runner", %r)
runner = importlib.util.module_from_spec(spec)
spec.loader.exec_module(runner)
path, calls = sys.argv[1], int(sys.argv[2])
for _ in range(calls + 1):
    teams, rounds, fmt = runner.read(path)
    runner.rank_team_standings(teams, %r, rounds, fmt)
""" % (str(CORE_RUNNER), list(FIDE_TEAM))


def instructions(python: str, loop: str, path: Path, calls: int, env: dict[str, str]) -> int:
    """Instructions callgrind counts for `python -c loop path calls` (the whole process)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c", loop,
                           str(path), str(calls)], capture_output=True, text=True, env=env, check=True)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def per_call(python: str, loop: str, path: Path, env: dict[str, str]) -> float:
    """Instructions of one read + rank: (4 calls - 1 call) / 3."""
    return (instructions(python, loop, path, 4, env) - instructions(python, loop, path, 1, env)) / 3


def counted(sizes: list[tuple[int, int, int]], seed: int, peer_python: str | None) -> None:
    have_core = peer_available(peer_python, "tiebreak_core")
    env = dict(os.environ, RULESENGINE_PLUGINS="builtin",
               PYTHONPATH=os.pathsep.join(p for p in (str(Path(__file__).resolve().parents[1]),
                                                      os.environ.get("PYTHONPATH")) if p))
    with tempfile.TemporaryDirectory() as scratch:
        for teams, boards, rounds in sizes:
            path = Path(scratch) / f"team-{teams}x{boards}x{rounds}.trf"
            path.write_text(team_trf(teams, boards, rounds, seed), encoding="utf-8")
            ours = per_call(sys.executable, OURS_LOOP, path, env)
            line = f"{teams} x {boards} x {rounds}: read + rank in-process, ours {ours / 1e6:,.0f} M instructions"
            if have_core:
                theirs = per_call(peer_python, CORE_LOOP, path, dict(os.environ))
                line += f", tiebreak-core {theirs / 1e6:,.0f} M, peer/ours {theirs / ours:.2f}x"
            print(line, flush=True)


def parse_sizes(text: str) -> list[tuple[int, int, int]]:
    sizes = []
    for part in text.split(","):
        teams, boards, rounds = (int(n) for n in part.strip().split("x"))
        sizes.append((teams, boards, rounds))
    return sizes


def side_by_side(sizes: list[tuple[int, int, int]], seed: int, repeat: int, peer_python: str | None) -> None:
    have_core = peer_available(peer_python, "tiebreak_core")
    have_gacrux = peer_available(peer_python, "gacrux")
    for name, have in (("tiebreak-core", have_core), ("gacrux", have_gacrux)):
        if not have:
            print(f"{name}: peer not installed (give --peer-python or ${PEER_ENV})")
    env = dict(os.environ, RULESENGINE_PLUGINS="builtin")
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # as installed packages run: bytecode cached (see bench/tiebreaks.py)
    peer_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        for teams, boards, rounds in sizes:
            path = Path(scratch) / f"team-{teams}x{boards}x{rounds}.trf"
            path.write_text(team_trf(teams, boards, rounds, seed), encoding="utf-8")
            size = f"{teams} x {boards} x {rounds}"
            core_args = [str(path), ",".join(FIDE_TEAM)]
            run_process(sys.executable, "-m", "rulesengine.cli", ours_arguments(path), env)   # warm-up
            if have_core:
                run_process(peer_python, "script", str(CORE_RUNNER), core_args, peer_env)
            ours_cpu, core_cpu, core_ranking, core_read_rank = [], [], [], []
            ours_text = core_text = ""
            for _ in range(repeat):     # paired runs: ours, then the peer, so both see the same load
                cpu, _, ours_text, _ = run_process(sys.executable, "-m", "rulesengine.cli", ours_arguments(path), env)
                ours_cpu.append(cpu)
                if have_core:
                    cpu, _, core_text, err = run_process(peer_python, "script", str(CORE_RUNNER), core_args, peer_env)
                    core_cpu.append(cpu)
                    core_ranking.append(ranking_cpu(err))
                    core_read_rank.append(peer_read_and_rank(err))
            ours = ours_rows(ours_text)
            mine = statistics.median(ours_cpu)
            alone, reading = ranking_alone(path, repeat), reading_alone(path, repeat)
            both = read_and_rank(path, repeat)
            cold = first_call(path, repeat, env)
            rows.append((size, "rulesengine (whole process)", f"{mine:.3f}", "", ""))
            rows.append((size, "  of which reading / ranking", f"{reading:.3f} / {alone:.3f}", "", ""))
            rows.append((size, "  read + rank in-process", f"{both:.3f}", "", "imports and start-up left out"))
            rows.append((size, "  read + rank, first call", f"{cold:.3f}", "", "in a fresh process, modules imported"))
            if have_core:
                theirs = statistics.median(core_cpu)
                rows.append((size, "tiebreak-core 1.2.0 (whole process)", f"{theirs:.3f}", f"{theirs / mine:.2f}x",
                             compare_core(ours, core_text)))
                rows.append((size, "  read + rank in-process: theirs", f"{min(core_read_rank):.3f}",
                             f"{min(core_read_rank) / both:.2f}x", "their reader + rank_team_standings vs "
                             "api.load_event + api.team_standings"))
                rows.append((size, "  against our first call", "", f"{min(core_read_rank) / cold:.2f}x",
                             "theirs is a first call too"))
                rows.append((size, "  ranking alone: theirs", f"{min(core_ranking):.3f}",
                             f"{min(core_ranking) / alone:.2f}x", "rank_team_standings vs api.team_standings"))
            if have_gacrux:   # seconds a run: at most 3 runs, the median
                runs = [run_process(peer_python, "-m", "gacrux.tiebreakchecker",
                                    ["-i", str(path), "-t", "MPTS", *FIDE_TEAM], peer_env) for _ in range(min(repeat, 3))]
                cpu = statistics.median(run[0] for run in runs)
                rows.append((size, f"gacrux 1.11.65 ({len(runs)} runs)", f"{cpu:.3f}", f"{cpu / mine:.1f}x",
                             compare_gacrux(ours, runs[-1][2])))
            print(f"  {size}: done", flush=True)
    header = ("event (teams x boards x rounds)", "engine", "CPU s", "peer/ours", "values")
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    print()
    for row in (header, *rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    print(f"(whole process: median of {repeat} paired runs, CPU = user + sys; in-process rows: best of {repeat}, "
          f"each side timed inside its own process; peer/ours > 1: we are faster; list MPTS, {', '.join(FIDE_TEAM)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200x10x11,40x6x9", help="team events TEAMSxBOARDSxROUNDS")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3, help="paired runs per size (median)")
    parser.add_argument("--peer-python", default=os.environ.get(PEER_ENV),
                        help=f"Python of the venv with tiebreak-core and gacrux (default ${PEER_ENV})")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions of read + rank under valgrind instead of timing")
    args = parser.parse_args(argv)
    if args.instructions:
        counted(parse_sizes(args.sizes), args.seed, args.peer_python)
        return 0
    side_by_side(parse_sizes(args.sizes), args.seed, args.repeat, args.peer_python)
    return 0


if __name__ == "__main__":
    sys.exit(main())
