"""Benchmark: FIDE tie-breaks on generated Swiss events, in process and as whole processes beside the peers.

    .venv/bin/python bench/tiebreaks.py [--players 2000] [--rounds 13] [--seed 2026]
        [--sizes 2000x13,9999x13] [--repeat 3] [--peer-python /work/peers/venv/bin/python]
        [--gacrux-max-players 2000] [--skip-breakdown]

The event is generated here (seeded, so every run times the same event): ratings spread over
1000-2700, pairings by score group (no rematches), results drawn from the Elo expectation with
draws, plus the unplayed rounds art. 16 cares about -- half-point byes, zero-point byes, a few
withdrawals, forfeits and a pairing-allocated bye each round the field is odd. It is written
as TRF-16 and read back, so reading is timed too.

Part 1 (in process, --players x --rounds): CPU time of reading, of the shared per-round table
and of each of the 37 tie-breaks, then `compute_standings` cold with the reference and full lists.

Part 2 (whole processes, each size of --sizes): `rulesengine standings FILE --tiebreaks
REFERENCE_LIST --format json` against tiebreak-core 1.2.0 (its ranking API behind a minimal TRF
reader, bench/peers/tiebreak_core_standings.py) and gacrux 1.11.65 (`python -m
gacrux.tiebreakchecker`, only up to --gacrux-max-players: it needs minutes beyond), run in turn
on the same file, `repeat` rounds of paired runs, median child CPU seconds (user + sys) and peak
memory (the process's own VmHWM). Values are checked on every player against tiebreak-core and on a sample of
players against gacrux. The peers live in a throw-away venv named by --peer-python or
$RULESENGINE_PEER_PYTHON; without one each peer prints "peer not installed".
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulesengine.formats.trf import parse_trf, write_trf  # noqa: E402
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament  # noqa: E402
from rulesengine.registry import build_registry  # noqa: E402
from rulesengine.standings import POINTS, compute_standings, event_date  # noqa: E402
from rulesengine.tiebreak import TiebreakContext  # noqa: E402
from rulesengine_fide.tiebreaks.event import event_data  # noqa: E402

#: The eleven tie-breaks the peers are timed with (tiebreak-research.md section 8, after PTS).
REFERENCE_LIST = ("BH", "BH/C1", "BH/M1", "SB", "SB/C1", "PS", "DE", "WIN", "BPG", "ARO", "TPR")
FULL_LIST = ("BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "BH/P", "BH/V1", "FB", "FB/C1", "AOB", "SB", "SB/C1",
             "SB/P", "PS", "PS/C1", "KS", "WIN", "WON", "BPG", "BWG", "REP", "STD", "TPN", "ARO", "ARO/C1",
             "ARO/M1", "TPR", "PTP", "APRO", "APPO", "RTNG", "DE", "DE/P", "VUR", "NUM", "ABH", "AFB")
PEER_ENV = "RULESENGINE_PEER_PYTHON"
TIEBREAK_CORE_RUNNER = Path(__file__).resolve().parent / "peers" / "tiebreak_core_standings.py"
MIB = 1024 * 1024


def generate(players: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    entries: dict[int, list[RoundEntry]] = {p: [] for p in range(1, players + 1)}
    score = {p: Fraction(0) for p in entries}
    met: dict[int, set[int]] = {p: set() for p in entries}
    had_bye: set[int] = set()
    withdrawn: dict[int, int] = {p: rng.randint(3, rounds) for p in rng.sample(range(1, players + 1), players // 100)}
    value = {ResultCode.WIN: Fraction(1), ResultCode.DRAW: Fraction(1, 2), ResultCode.FORFEIT_WIN: Fraction(1),
             ResultCode.HALF_POINT_BYE: Fraction(1, 2), ResultCode.PAIRING_ALLOCATED_BYE: Fraction(1)}

    def put(p: int, r: int, opponent: int | None, colour: Colour, code: ResultCode) -> None:
        entries[p].append(RoundEntry(r, opponent, colour, code))
        score[p] += value.get(code, Fraction(0))

    for r in range(1, rounds + 1):
        active = []
        for p in entries:
            if p in withdrawn and r >= withdrawn[p]:
                put(p, r, None, Colour.NONE, ResultCode.NOT_PAIRED)
            elif rng.random() < 0.01:
                put(p, r, None, Colour.NONE, rng.choice((ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE)))
            else:
                active.append(p)
        active.sort(key=lambda p: (-score[p], -ratings[p - 1], p))
        if len(active) % 2:
            bye = next(p for p in reversed(active) if p not in had_bye)
            active.remove(bye)
            had_bye.add(bye)
            put(bye, r, None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE)
        while active:
            p = active.pop(0)
            q = next((c for c in active[:40] if c not in met[p]), active[0])
            active.remove(q)
            met[p].add(q)
            met[q].add(p)
            white, black = (p, q) if rng.random() < 0.5 else (q, p)
            roll = rng.random()
            if roll < 0.005:
                put(white, r, black, Colour.WHITE, ResultCode.FORFEIT_WIN)
                put(black, r, white, Colour.BLACK, ResultCode.FORFEIT_LOSS)
                continue
            expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
            draw = 0.3
            roll = rng.random()
            if roll < expected - draw / 2:
                codes = (ResultCode.WIN, ResultCode.LOSS)
            elif roll < expected + draw / 2:
                codes = (ResultCode.DRAW, ResultCode.DRAW)
            else:
                codes = (ResultCode.LOSS, ResultCode.WIN)
            put(white, r, black, Colour.WHITE, codes[0])
            put(black, r, white, Colour.BLACK, codes[1])
    built = tuple(Player(p, f"Player {p:04d}", tuple(entries[p]), rating=ratings[p - 1], federation="NOR",
                         declared_points=score[p]) for p in entries)
    return Tournament(f"Benchmark {players}x{rounds}", built, rounds, start_date="2026/04/10")


def breakdown(players: int, rounds: int, seed: int) -> None:
    """Part 1: where the time goes inside one process."""
    started = time.perf_counter()
    text = write_trf(generate(players, rounds, seed))
    print(f"generated {players} players x {rounds} rounds: {time.perf_counter() - started:.2f} s "
          f"({len(text) // 1024} KiB of TRF)")

    clock = time.process_time   # CPU time: steady on a shared machine; wall time is printed too
    started, wall = clock(), time.perf_counter()
    tournament = parse_trf(text)
    parse_time = clock() - started
    print(f"{'read TRF':<12} {parse_time * 1000:8.1f} ms")

    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    specs = registry.resolve_specs(FULL_LIST)
    started = clock()
    event_data(tournament)
    tournament.points
    shared = clock() - started
    print(f"{'shared table':<12} {shared * 1000:8.1f} ms  (one pass over the event, reused by every tie-break; "
          f"with the model's points)")
    total = shared
    points = TiebreakContext(tournament, event_date(tournament), {}, ((POINTS, tournament.points),))
    for spec in specs:
        started = clock()
        registry.tiebreak(spec.code).compute(spec, points)
        elapsed = clock() - started
        total += elapsed
        print(f"{str(spec):<12} {elapsed * 1000:8.1f} ms")
    print(f"all {len(specs)} tie-breaks: {total:.3f} s CPU (read + all: {parse_time + total:.3f} s, "
          f"wall {time.perf_counter() - wall:.3f} s)")

    for name, texts in (("reference list", REFERENCE_LIST), ("full list", FULL_LIST)):
        fresh = parse_trf(text)      # a new event object: nothing computed yet
        started, wall = clock(), time.perf_counter()
        standings = compute_standings(fresh, registry.resolve_specs(texts), registry)
        print(f"standings, {name} ({len(texts)} tie-breaks, cold): {clock() - started:.3f} s CPU, "
              f"{time.perf_counter() - wall:.3f} s wall; winner {standings.rows[0].name}")


# --- Part 2: whole processes side by side --------------------------------------------------------

# Runs a module (-m NAME) or a script as __main__ and reports the process's own peak resident memory
# (VmHWM) at exit. The kernel's max RSS of a forked child also counts the parent's memory at the
# fork, so the bench's own event would show up in every figure; VmHWM belongs to the new image.
MEMORY_PROBE = """
import atexit, runpy, sys
def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            sys.stderr.write("\\n" + line)
atexit.register(peak)
# The console script ends print-only commands with os._exit (no atexit): report before that too.
import os
_exit = os._exit
def exit_after_peak(code):
    sys.stderr.flush()
    peak()
    sys.stderr.flush()
    _exit(code)
os._exit = exit_after_peak
how, target = sys.argv[1], sys.argv[2]
sys.argv = sys.argv[2:]
if how == "-m":
    runpy.run_module(target, run_name="__main__", alter_sys=True)
else:
    runpy.run_path(target, run_name="__main__")
"""


def run_process(python: str, how: str, target: str, arguments: list[str], env: dict[str, str] | None = None
                ) -> tuple[float, float, str, str]:
    """Run `python -m target` (how "-m") or `python target` to the end: (child CPU seconds user + sys,
    peak resident memory in MiB, stdout, stderr)."""
    command = [python, "-c", MEMORY_PROBE, how, target, *arguments]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        error = err.read().decode(errors="replace")
        if process.returncode != 0:
            raise RuntimeError(f"{target} {' '.join(arguments[:2])} ... exited {process.returncode}: {error[-800:]}")
        out.seek(0)
        text = out.read().decode("utf-8")
    peak = [line for line in error.splitlines() if line.startswith("VmHWM:")]
    peak_mib = int(peak[-1].split()[1]) / 1024 if peak else float("nan")
    return usage.ru_utime + usage.ru_stime, peak_mib, text, error


def ranking_cpu(stderr: str) -> float:
    """The peer runner's own figure for its ranking call alone."""
    return float(next(line for line in stderr.splitlines() if line.startswith("ranking CPU s:")).split(":")[1])


def compute_cpu(path: Path, texts: tuple[str, ...], repeat: int) -> float:
    """`compute_standings` alone on the file, in this process (best of `repeat`, a fresh event each)."""
    from rulesengine.formats.trf import read_trf
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    specs = registry.resolve_specs(texts)
    best = float("inf")
    for _ in range(repeat):
        tournament = read_trf(path)
        started = time.process_time()
        compute_standings(tournament, specs, registry)
        best = min(best, time.process_time() - started)
    return best


def ours_arguments(path: Path, texts: tuple[str, ...]) -> list[str]:
    """`rulesengine standings FILE --tiebreaks ... --format json` (run as -m rulesengine.cli)."""
    return ["standings", str(path), "--tiebreaks", ",".join(texts), "--format", "json"]


def peer_available(python: str | None, module: str) -> bool:
    if not python or not Path(python).exists():
        return False
    return subprocess.run([python, "-c", f"import {module}"], capture_output=True).returncode == 0


def ours_values(text: str) -> dict[int, tuple[int, dict[str, float | None]]]:
    return {row["start_rank"]: (row["rank"], row["tiebreaks"]) for row in json.loads(text)["standings"]}


def compare_tiebreak_core(ours: dict, text: str) -> str:
    """Every player's rank and values against tiebreak-core's."""
    peer = {int(k): v for k, v in json.loads(text).items()}
    values = ranks = 0
    for sno, (rank, mine) in ours.items():
        peer_rank, theirs = peer[sno]
        ranks += peer_rank != rank
        values += sum(1 for code, value in theirs.items() if mine.get(code) != value)
    return f"{len(ours)} players: {values} values and {ranks} ranks differ"


def compare_gacrux(ours: dict, text: str, texts: tuple[str, ...], sample: int = 200) -> str:
    """A sample of players (every n-th start rank): gacrux's values against ours, in the -t order."""
    result = json.loads(text)["tiebreakResult"]["competitors"]
    step = max(1, len(result) // sample)
    checked = values = 0
    for competitor in result[::step]:
        checked += 1
        _, mine = ours[competitor["cid"]]
        theirs = competitor["tiebreakScore"][1:]       # the first is PTS
        values += sum(1 for code, value in zip(texts, theirs) if float(value) != mine[code])
    return f"sample of {checked} players: {values} values differ"


def generate_file(folder: Path, players: int, rounds: int, seed: int) -> Path:
    path = folder / f"bench-{players}x{rounds}.trf"
    path.write_text(write_trf(generate(players, rounds, seed)), encoding="utf-8")
    return path


def side_by_side(sizes: list[tuple[int, int]], seed: int, repeat: int, peer_python: str | None,
                 gacrux_max: int) -> None:
    have_core = peer_available(peer_python, "tiebreak_core")
    have_gacrux = peer_available(peer_python, "gacrux")
    if not have_core:
        print(f"tiebreak-core: peer not installed (give --peer-python or ${PEER_ENV})")
    if not have_gacrux:
        print(f"gacrux: peer not installed (give --peer-python or ${PEER_ENV})")
    env = dict(os.environ, RULESENGINE_PLUGINS="builtin")
    # As installed packages run: with their compiled bytecode cached (pip writes it for the
    # peers; a session with PYTHONDONTWRITEBYTECODE would make every run of ours compile all of
    # its modules again). One warm-up run of each side writes it and fills the file cache.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    peer_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        for players, rounds in sizes:
            path = generate_file(Path(scratch), players, rounds, seed)
            size = f"{players} x {rounds}"
            ours_cpu, core_cpu, ours_rss, core_rss, core_ranking = [], [], [], [], []
            ours_text = core_text = ""
            run_process(sys.executable, "-m", "rulesengine.cli", ours_arguments(path, REFERENCE_LIST), env)
            if have_core:
                run_process(peer_python, "script", str(TIEBREAK_CORE_RUNNER), [str(path), ",".join(REFERENCE_LIST)],
                            peer_env)
            for _ in range(repeat):     # paired runs: ours, then the peer, so both see the same load
                cpu, rss, ours_text, _ = run_process(sys.executable, "-m", "rulesengine.cli",
                                                  ours_arguments(path, REFERENCE_LIST), env)
                ours_cpu.append(cpu)
                ours_rss.append(rss)
                if have_core:
                    cpu, rss, core_text, core_err = run_process(peer_python, "script", str(TIEBREAK_CORE_RUNNER),
                                                                [str(path), ",".join(REFERENCE_LIST)], peer_env)
                    core_cpu.append(cpu)
                    core_rss.append(rss)
                    core_ranking.append(ranking_cpu(core_err))
            ours = ours_values(ours_text)
            mine = statistics.median(ours_cpu)
            rows.append((size, "rulesengine (11 codes)", f"{mine:.2f}", f"{max(ours_rss):.0f}", "", ""))
            if have_core:
                theirs = statistics.median(core_cpu)
                rows.append((size, "tiebreak-core 1.2.0", f"{theirs:.2f}", f"{max(core_rss):.0f}",
                             f"{theirs / mine:.2f}x", compare_tiebreak_core(ours, core_text)))
                # The arithmetic alone: their ranking call against our compute_standings (no start-up,
                # no reading, no output), best of the runs.
                alone, theirs_alone = compute_cpu(path, REFERENCE_LIST, repeat), min(core_ranking)
                rows.append((size, "  ranking alone: ours / theirs", f"{alone:.2f} / {theirs_alone:.2f}", "",
                             f"{theirs_alone / alone:.2f}x", "compute_standings vs rank_standings_strict"))
            if have_gacrux and players <= gacrux_max:
                cpu, rss, text, _ = run_process(peer_python, "-m", "gacrux.tiebreakchecker",
                                                ["-i", str(path), "-t", "PTS", *REFERENCE_LIST], peer_env)
                rows.append((size, "gacrux 1.11.65 (one run)", f"{cpu:.2f}", f"{rss:.0f}", f"{cpu / mine:.1f}x",
                             compare_gacrux(ours, text, REFERENCE_LIST)))
            elif have_gacrux:
                rows.append((size, "gacrux 1.11.65", "skipped", "", "", f"above --gacrux-max-players {gacrux_max}"))
            full_cpu, full_rss, _, _ = run_process(sys.executable, "-m", "rulesengine.cli",
                                                   ours_arguments(path, FULL_LIST), env)
            rows.append((size, "rulesengine (all 37 codes)", f"{full_cpu:.2f}", f"{full_rss:.0f}", "", ""))
            per = mine / (players * rounds) * 1e6
            print(f"  {size}: ours {per:.1f} us CPU per player-round (reference list, whole process)", flush=True)
    header = ("event", "engine", "CPU s", "peak MiB", "peer/ours", "values")
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    print()
    for row in (header, *rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    print(f"(median of {repeat} paired runs; CPU = user + sys of the whole process; peer/ours > 1: we are faster)")


def parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        players, _, rounds = part.strip().partition("x")
        sizes.append((int(players), int(rounds)))
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000, help="size of the in-process breakdown")
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sizes", default="2000x13,9999x13", help="events timed as whole processes ('' for none)")
    parser.add_argument("--repeat", type=int, default=3, help="paired runs per size (median)")
    parser.add_argument("--peer-python", default=os.environ.get(PEER_ENV),
                        help=f"Python of the venv with tiebreak-core and gacrux (default ${PEER_ENV})")
    parser.add_argument("--gacrux-max-players", type=int, default=2000,
                        help="run gacrux only up to this many players (9,999 x 13 takes it over ten minutes)")
    parser.add_argument("--skip-breakdown", action="store_true", help="only the whole-process table")
    args = parser.parse_args(argv)
    if not args.skip_breakdown:
        breakdown(args.players, args.rounds, args.seed)
    if args.sizes:
        print()
        side_by_side(parse_sizes(args.sizes), args.seed, args.repeat, args.peer_python, args.gacrux_max_players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
