"""Time `rate` on a 2,000-player, 11-round event (issue 5's target: well under a second).

    .venv/bin/python bench/rating.py [--players 2000] [--rounds 11] [--seed 5] [--repeat 5]

The event is generated, seeded: random ratings (5 % unrated), each round paired by score group
and rating (a Swiss-like pairing, not a certified one), results drawn from the rating difference,
1 % forfeits, a pairing-allocated bye when the count is odd.
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date

from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.rating import RatingRecord, RatingRequest
from rulesengine.registry import build_registry


def generate(players: int, rounds: int, seed: int) -> tuple[Tournament, dict[int, RatingRecord]]:
    rng = random.Random(seed)
    ratings = {i: (None if rng.random() < 0.05 else rng.randint(1000, 2800)) for i in range(1, players + 1)}
    entries: dict[int, list[RoundEntry]] = {i: [] for i in ratings}
    points = {i: 0.0 for i in ratings}
    for r in range(1, rounds + 1):
        order = sorted(ratings, key=lambda i: (-points[i], -(ratings[i] or 0), i))
        if len(order) % 2:
            bye = order.pop()
            entries[bye].append(RoundEntry(r, None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE))
            points[bye] += 1
        for white, black in zip(order[::2], order[1::2]):
            if rng.random() < 0.01:
                codes = (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
            else:
                edge = ((ratings[white] or 1500) - (ratings[black] or 1500)) / 800
                roll = rng.random() - edge / 2
                codes = ((ResultCode.WIN, ResultCode.LOSS) if roll < 0.4 else
                         (ResultCode.DRAW, ResultCode.DRAW) if roll < 0.7 else (ResultCode.LOSS, ResultCode.WIN))
            entries[white].append(RoundEntry(r, black, Colour.WHITE, codes[0]))
            entries[black].append(RoundEntry(r, white, Colour.BLACK, codes[1]))
            for sno, code in ((white, codes[0]), (black, codes[1])):
                points[sno] += {ResultCode.WIN: 1, ResultCode.FORFEIT_WIN: 1, ResultCode.DRAW: 0.5}.get(code, 0)
    tournament = Tournament("Bench open", tuple(Player(i, f"Player {i}", tuple(entries[i]), rating=ratings[i])
                                                for i in ratings), rounds)
    records = {i: RatingRecord(i, rating=ratings[i], games=rng.randint(0, 300),
                               birth_year=rng.randint(1950, 2015)) for i in ratings}
    return tournament, records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    started = time.perf_counter()
    tournament, records = generate(args.players, args.rounds, args.seed)
    print(f"event: {args.players} players, {args.rounds} rounds (seed {args.seed}); "
          f"generated in {time.perf_counter() - started:.3f} s")
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"})
    request = RatingRequest(tournament, records, date(2025, 11, 1))
    for name in ("fide", "fide-rapid", "elo", "glicko", "glicko2"):
        system = registry.rating_system(name)
        times, cpu = [], []
        for _ in range(args.repeat):
            started, started_cpu = time.perf_counter(), time.process_time()
            report = system.rate(request)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        games = sum(len(p.rated_games) for p in report.players)
        # CPU time is printed too: on a busy machine wall time measures the neighbours.
        print(f"{name:<11} wall best {min(times):.3f} s  median {sorted(times)[len(times) // 2]:.3f} s  "
              f"cpu best {min(cpu):.3f} s  ({games} rated player-games, {len(report.players)} players)")


if __name__ == "__main__":
    main()
