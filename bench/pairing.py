"""Time one round of FIDE Dutch pairing on large generated fields (issue 15).

    .venv/bin/python bench/pairing.py [--sizes 1000,3000] [--seed 15] [--played N] [--no-peer]
                                      [--against REV] [--history greedy|scattered] [--last]

Each field is generated, seeded: ratings in start-rank order, rounds 1..r-1 paired by a cheap
greedy Swiss-like rule (score group, then rating, no rematches, alternating colours; not a
certified pairing, but realistic score groups and colour histories), results drawn from the
rating difference with 25 % draws. 1,000 players get 4 rounds and round 5 is paired; 3,000
players get 6 rounds and round 7 is paired (the research notes' g1000/h3000 inputs); other
sizes get 4 rounds unless --played says otherwise.

--history scattered builds the rounds as bench/tiebreaks.py does instead (issue 25 item 8: the
fields that made late rounds slow): colours drawn at random (so many absolute colour
preferences, C3), 1 % of the players withdrawn with their later rounds left blank (so they stay
in the pairing with a frozen score), 1 % byes a round, 0.5 % forfeits.

Each pairing runs in a fresh subprocess; CPU seconds (user + system) and peak RSS are printed.
When the reference engine gacrux is installed in /work/peers/venv (never a project dependency),
it pairs the same TRF side by side and the last column says whether its pairing (games, colours
and PAB) is the same as ours.

--last makes the paired round the tournament's last (XXR = rounds played + 1), so the
topscorers of A.7 and their criteria C10/C11 apply (issue 25 item 8: the slow last rounds).

--against REV also pairs every field with the pairing engine of git revision REV (exported to a
temporary directory) and exits 1 unless both give the same JSON: the check that a speed-up
changed no pairing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from rulesengine.formats.trf import write_trf
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament

PEER_PYTHON = Path("/work/peers/venv/bin/python")
SHAPES = {1000: (4, 9), 3000: (6, 11)}  # players -> (rounds played, XXR)


def generate_scattered(players: int, played: int, total: int, seed: int) -> Tournament:
    """The standings benchmark's field (see module doc), with the records pairing needs."""
    from tiebreaks import generate as standings_field   # bench/ is on the path of a bench script
    field = standings_field(players, played, seed)
    return replace(field, rounds=total, header=(("XXR", f" {total}"), ("XXC", " white1")))


def generate(players: int, played: int, total: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    ratings = {i: 2800 - (i * 1800) // players for i in range(1, players + 1)}
    entries: dict[int, list[RoundEntry]] = {i: [] for i in ratings}
    points = {i: 0.0 for i in ratings}
    met: dict[int, set[int]] = {i: set() for i in ratings}
    colour_sum = {i: 0 for i in ratings}
    had_bye: set[int] = set()
    for r in range(1, played + 1):
        order = sorted(ratings, key=lambda i: (-points[i], i))
        if len(order) % 2:
            bye = next(i for i in reversed(order) if i not in had_bye)
            order.remove(bye)
            had_bye.add(bye)
            entries[bye].append(RoundEntry(r, None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE))
            points[bye] += 1
        free = order
        while free:
            a = free.pop(0)
            j = next((k for k, b in enumerate(free) if b not in met[a]), 0)
            b = free.pop(j)
            white, black = (a, b) if colour_sum[a] <= colour_sum[b] else (b, a)
            expected = 1 / (1 + 10 ** ((ratings[black] - ratings[white]) / 400))
            x = rng.random()
            res = "=" if abs(x - expected) < 0.125 else ("1" if x < expected else "0")
            other = {"1": "0", "0": "1", "=": "="}[res]
            entries[white].append(RoundEntry(r, black, Colour.WHITE, ResultCode(res)))
            entries[black].append(RoundEntry(r, white, Colour.BLACK, ResultCode(other)))
            points[white] += {"1": 1, "=": 0.5, "0": 0}[res]
            points[black] += {"1": 0, "=": 0.5, "0": 1}[res]
            met[a].add(b)
            met[b].add(a)
            colour_sum[white] += 1
            colour_sum[black] -= 1
    people = tuple(Player(i, f"Bench{i:04d}, Player", tuple(entries[i]), rating=ratings[i]) for i in ratings)
    header = (("012", " Pairing benchmark"),) + tuple(("001", str(i)) for i in ratings) + (
        ("XXR", f" {total}"), ("XXC", " white1"))
    return Tournament("Pairing benchmark", people, total, header=header)


_OURS = """
import json, resource, sys, time
from rulesengine.formats.trf import read_trf
from rulesengine_fide.pairing.engine import pair_round
t = read_trf(sys.argv[1])
start = time.process_time()
result = pair_round(t, int(sys.argv[2]))
cpu = time.process_time() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
pairs = sorted([b.white, b.black] for b in result.boards) + ([[result.pab, 0]] if result.pab else [])
shape = {"round": result.round, "pairings": [{"board": b.number, "white": b.white, "black": b.black}
                                             for b in result.boards],
         "byes": [{"player": p, "kind": k} for p, k in result.byes]}
print(json.dumps({"cpu": cpu, "peak_mb": peak, "pairs": pairs, "json": shape}))
"""

_PEER = """
import io, json, resource, runpy, sys, time, contextlib
out_file = sys.argv[2]
sys.argv = ["pairingchecker", "-i", sys.argv[1], "-p", "-o", out_file]
out = io.StringIO()
start = time.process_time()
with contextlib.redirect_stdout(out):
    try:
        runpy.run_module("gacrux.pairingchecker", run_name="__main__")
    except SystemExit:
        pass
cpu = time.process_time() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
try:
    with open(out_file, encoding="utf-8") as f:
        pairs = sorted(list(p) for p in json.load(f)["pairingResult"]["pairs"])
except (OSError, KeyError, ValueError):
    pairs = None
print(json.dumps({"cpu": cpu, "peak_mb": peak, "pairs": pairs, "output": out.getvalue()[-2000:]}))
"""


def _run(python: str, script: str, *args: str, env: dict | None = None) -> dict:
    done = subprocess.run([python, "-c", script, *args], capture_output=True, text=True, check=False,
                          env=env)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _export(revision: str, into: Path) -> dict:
    """The environment that imports the FIDE plugin (pairing engine included) of `revision`."""
    repo = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(repo), "archive", revision, "plugins/rulesengine_fide"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(into / "plugins"), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,3000")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--played", type=int, help="rounds played before the one paired (default by size)")
    parser.add_argument("--no-peer", action="store_true", help="do not run gacrux even when installed")
    parser.add_argument("--against", metavar="REV", help="also pair with git revision REV's engine; "
                        "exit 1 unless the JSON is the same")
    parser.add_argument("--history", choices=("greedy", "scattered"), default="greedy",
                        help="how the rounds before are made (see the module doc)")
    parser.add_argument("--last", action="store_true",
                        help="the paired round is the tournament's last (topscorers, C10/C11)")
    args = parser.parse_args(argv)
    make = generate_scattered if args.history == "scattered" else generate
    peer = PEER_PYTHON.exists() and not args.no_peer
    status = 0
    print(f"{'players':>7} {'round':>5}  {'ours CPU s':>10} {'ours MB':>8}  {'gacrux CPU s':>12} {'gacrux MB':>9}"
          f"  {'same':>4}" + (f"  {'REV CPU s':>9}  same as REV" if args.against else ""))
    with tempfile.TemporaryDirectory() as tmp:
        old_env = None
        if args.against:
            (Path(tmp) / "old").mkdir()
            old_env = _export(args.against, Path(tmp) / "old")
        for size in (int(s) for s in args.sizes.split(",")):
            played, total = SHAPES.get(size, (4, 9))
            if args.played:
                played, total = args.played, max(total, args.played + 2)
            if args.last:
                total = played + 1
            path = Path(tmp) / f"bench{size}.trf"
            path.write_text(write_trf(make(size, played, total, args.seed)), encoding="utf-8")
            ours = _run(sys.executable, _OURS, str(path), str(played + 1))
            theirs = _run(str(PEER_PYTHON), _PEER, str(path), str(Path(tmp) / f"peer{size}.json")) if peer else {}
            def cell(d, key, fmt):
                width = int(fmt.rstrip("f").split(".")[0])
                return format(d[key], fmt) if key in d else ("error" if "error" in d else "-").rjust(width)
            same = "-"
            if theirs.get("pairs") is not None and "pairs" in ours:
                same = "yes" if sorted(theirs["pairs"]) == sorted(ours["pairs"]) else "NO"
            line = (f"{size:>7} {played + 1:>5}  {cell(ours, 'cpu', '10.1f')} {cell(ours, 'peak_mb', '8.0f')}  "
                    f"{cell(theirs, 'cpu', '12.1f')} {cell(theirs, 'peak_mb', '9.0f')}  {same:>4}")
            if old_env is not None:
                old = _run(sys.executable, _OURS, str(path), str(played + 1), env=old_env)
                agree = "json" in old and "json" in ours and old["json"] == ours["json"]
                line += f"  {cell(old, 'cpu', '9.1f')}  {'yes' if agree else 'NO'}"
                if not agree:
                    status = 1
            print(line, flush=True)
            if "error" in ours:
                print(f"  ours failed: {ours['error']}")
                status = 1
            if theirs.get("error"):
                print(f"  gacrux failed: {theirs['error']}")
    return status


if __name__ == "__main__":
    os.environ.setdefault("RULESENGINE_PLUGINS", "builtin")
    sys.exit(main())
