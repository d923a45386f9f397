"""Benchmark: every FIDE tie-break on a generated 2,000-player, 13-round Swiss.

    .venv/bin/python bench/tiebreaks.py [--players 2000] [--rounds 13] [--seed 2026]

The event is generated here (seeded, so every run times the same event): ratings spread over
1000-2700, pairings by score group (no rematches), results drawn from the Elo expectation with
draws, plus the unplayed rounds art. 16 cares about -- half-point byes, zero-point byes, a few
withdrawals, forfeits and a pairing-allocated bye each round the field is odd. It is written
as TRF-16 and read back, so reading is timed too. The reference engine needs about 1.1 s of
tie-break arithmetic plus 8-16 s of reading for this size (docs/tiebreak-research.md, section 8).
"""

from __future__ import annotations

import argparse
import random
import sys
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

#: The twelve tie-breaks the reference engine was timed with (tiebreak-research.md section 8).
REFERENCE_LIST = ("BH", "BH/C1", "BH/M1", "SB", "SB/C1", "PS", "DE", "WIN", "BPG", "ARO", "TPR")
FULL_LIST = ("BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "BH/P", "BH/V1", "FB", "FB/C1", "AOB", "SB", "SB/C1",
             "SB/P", "PS", "PS/C1", "KS", "WIN", "WON", "BPG", "BWG", "REP", "STD", "TPN", "ARO", "ARO/C1",
             "ARO/M1", "TPR", "PTP", "APRO", "APPO", "RTNG", "DE", "DE/P", "VUR", "NUM", "ABH", "AFB")


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    text = write_trf(generate(args.players, args.rounds, args.seed))
    print(f"generated {args.players} players x {args.rounds} rounds: {time.perf_counter() - started:.2f} s "
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
