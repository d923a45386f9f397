"""Standings beside a plain floor: `rulesengine standings --tiebreaks BH,SB` against a straightforward
BH/SB program (read the TRF, add up the points, Buchholz and Sonneborn-Berger, sort), on the same
file (the developers' guide: aim within 2x at 2,000 x 13).

    .venv/bin/python bench/standings_floor.py [--sizes 2000x13,9998x13] [--seed 7] [--repeat 5]

The event is generated, seeded, with every game played (an even field, no byes or forfeits), so
the plain program's arithmetic is the whole of C.07 art. 8.1 (BH) and 9.1 (SB) for it and both
must give the same values and order; the bench checks that they do before it times anything.

Two measures, each the best of `repeat` runs, side by side:
* in process: reading the file and computing the table (ours: `read_trf` + `api.standings_table`;
  the floor: `plain_standings`), CPU seconds;
* whole process: `rulesengine standings FILE --tiebreaks BH,SB --format json` against `python
  bench/standings_floor.py --plain FILE` (same interpreter, both printing a JSON table), CPU of
  the child (user + sys).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


# ----------------------------------------------------------------- the floor (no rulesengine import)

def plain_standings(text: str) -> list[tuple[int, Fraction, Fraction, Fraction]]:
    """(start number, points, BH, SB) in rank order, from TRF-16 001 records with every game played.

    Integers throughout, as a careful plain program would: scores in half points, SB in quarters."""
    halves = {"1": 2, "=": 1, "0": 0}
    games: dict[int, list[tuple[int, int]]] = {}
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        played = []
        for start in range(91, len(line), 10):
            block = line[start:start + 8]
            if len(block) == 8 and block[:4].strip() and block[:4] != "0000":
                played.append((int(block[:4]), halves[block[7]]))
        games[int(line[4:8])] = played
    points = {p: sum(score for _, score in played) for p, played in games.items()}
    table = []
    for p, played in games.items():
        buchholz = sum(points[opponent] for opponent, _ in played)
        sonneborn = sum(points[opponent] * score for opponent, score in played)
        table.append((p, points[p], buchholz, sonneborn))
    table.sort(key=lambda row: (-row[1], -row[2], -row[3], row[0]))
    return [(p, Fraction(pts, 2), Fraction(bh, 2), Fraction(sb, 4)) for p, pts, bh, sb in table]


def plain_main(path: str) -> None:
    table = plain_standings(Path(path).read_text(encoding="utf-8"))
    print(json.dumps([{"start_rank": p, "points": float(pts), "BH": float(bh), "SB": float(sb)}
                      for p, pts, bh, sb in table]))


# ----------------------------------------------------------------- the event

def generate(players: int, rounds: int, seed: int) -> str:
    """A TRF-16 event with every game played: an even field (an odd size gets one player more; TRF-16
    start numbers have four digits, so 9,998 is the largest) paired by score group and rating."""
    players += players % 2
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    score = {p: Fraction(0) for p in range(1, players + 1)}
    met: dict[int, set[int]] = {p: set() for p in score}
    blocks: dict[int, list[str]] = {p: [] for p in score}
    for _ in range(rounds):
        waiting = sorted(score, key=lambda p: (-score[p], p))
        while waiting:
            white = waiting.pop(0)
            black = next((q for q in waiting if q not in met[white]), waiting[0])
            waiting.remove(black)
            met[white].add(black)
            met[black].add(white)
            expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
            draw = rng.random() < 0.25
            won = rng.random() < expected
            w, b = ("=", "=") if draw else ("1", "0") if won else ("0", "1")
            score[white] += {"1": 1, "=": Fraction(1, 2), "0": 0}[w]
            score[black] += {"1": 1, "=": Fraction(1, 2), "0": 0}[b]
            blocks[white].append(f"{black:>4} w {w}")
            blocks[black].append(f"{white:>4} b {b}")
    lines = ["012 Floor bench", "042 2026/05/02", f"XXR {rounds}"]
    for p in score:
        points = f"{float(score[p]):.1f}"
        lines.append(f"001 {p:>4} m    {'Player ' + str(p):<33} {ratings[p - 1]:>4} NOR {p:>11} 2000/01/01 "
                     f"{points:>4} {p:>4}" + "".join("  " + b for b in blocks[p]))
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- timing

def ours_in_process(text: str):
    from rulesengine import api
    from rulesengine.formats.trf import parse_trf
    from rulesengine.registry import default_registry

    registry = default_registry()
    tournament = parse_trf(text)
    specs = api.resolve(tournament, ["BH", "SB"], registry)
    return api.standings_table(tournament, specs, registry)


def best_cpu(function, repeat: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.process_time()
        result = function()
        best = min(best, time.process_time() - started)
    return best, result


def child_cpu(arguments: list[str]) -> tuple[float, str]:
    before = os.times()
    done = subprocess.run(arguments, capture_output=True, text=True, check=True)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), done.stdout


def check_same(text: str) -> None:
    standings = ours_in_process(text)
    ours = [(row.start_rank, row.points, standings.values["BH"][row.start_rank], standings.values["SB"][row.start_rank])
            for row in standings.rows]
    floor = plain_standings(text)
    if ours != floor:
        raise SystemExit("the plain program and rulesengine disagree: the bench would compare different work")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000x13,9998x13")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--plain", help=argparse.SUPPRESS)   # the floor as a whole process
    args = parser.parse_args(argv)
    if args.plain:
        plain_main(args.plain)
        return 0
    sys.path.insert(0, str(ROOT))
    print(f"{'event':<11}{'measure':<16}{'floor s':>10}{'ours s':>10}{'ours/floor':>12}")
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes.split(","):
            players, rounds = (int(n) for n in size.lower().split("x"))
            text = generate(players, rounds, args.seed)
            check_same(text)
            floor, _ = best_cpu(lambda: plain_standings(text), args.repeat)
            ours, _ = best_cpu(lambda: ours_in_process(text), args.repeat)
            print(f"{size:<11}{'in process':<16}{floor:>10.3f}{ours:>10.3f}{ours / floor:>11.2f}x")
            path = Path(folder) / f"floor-{size}.trf"
            path.write_text(text, encoding="utf-8")
            floor_runs, ours_runs = [], []
            for _ in range(args.repeat):   # interleaved, so both see the same machine
                floor_runs.append(child_cpu([sys.executable, __file__, "--plain", str(path)])[0])
                ours_runs.append(child_cpu([sys.executable, "-m", "rulesengine.cli", "standings", str(path),
                                            "--tiebreaks", "BH,SB", "--format", "json"])[0])
            floor, ours = min(floor_runs), min(ours_runs)
            print(f"{size:<11}{'whole process':<16}{floor:>10.3f}{ours:>10.3f}{ours / floor:>11.2f}x")
    print("(best of each; CPU seconds; target: ours within 2x of the floor)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
