"""Time `rate` on a generated event, each system, and FIDE and Glicko-2 beside their arithmetic floor.

    .venv/bin/python bench/rating.py [--players 2000] [--rounds 11] [--seed 5] [--repeat 5]

The event is generated, seeded: random ratings (5 % unrated), each round paired by score group
and rating (a Swiss-like pairing, not a certified one), results drawn from the rating difference,
1 % forfeits, a pairing-allocated bye when the count is odd.

The floor (issue 11, target: `rate` within 4x of it at 9,999 x 11) is a plain-Python loop doing the
same sums over the same round entries, with nothing else: for FIDE, per rated player the games
against rated opponents, D capped at 400, PD from table 8.1.2, K x sum(score - PD) rounded; for
Glicko-2, steps 2-8 of Glickman's paper in floats. It checks itself against the real result
(every player's new rating must agree), so the comparison is of the same work.

Each of the two is timed with `detail=False` (what `rate --format table|csv` asks for), with
`detail=True` (the per-game records `--format json` and `explain-rating` need), and as the whole
`rate --format json` step after reading the file: the rating and its JSON text.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import time
from bisect import bisect_left
from datetime import date

from rulesengine.collector import collector_paused
from rulesengine.output.json_text import json_text
from rulesengine.output.ratings import rating_document, rating_json_text
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


# ------------------------------------------------------------------ the arithmetic floor

_PD_BOUNDS = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170,
              179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411,
              432, 456, 484, 517, 559, 619, 735)      # B.02 table 8.1.2, as in rulesengine_fide.rating.tables
_SCORE = {ResultCode.WIN: 1.0, ResultCode.DRAW: 0.5, ResultCode.LOSS: 0.0}


def fide_floor(tournament: Tournament, records: dict[int, RatingRecord], event: date) -> dict[int, float]:
    """New rating of every rated player: the FIDE sums (B.02 8.3, rules from 1 Oct 2025) and nothing else."""
    ratings = {p.start_rank: records[p.start_rank].rating for p in tournament.players}
    out = {}
    for player in tournament.players:
        own = ratings[player.start_rank]
        if own is None:
            continue
        record = records[player.start_rank]
        total_h = games = 0
        for entry in player.rounds:
            score = _SCORE.get(entry.code)
            opponent = ratings.get(entry.opponent) if entry.opponent else None
            if score is None or opponent is None:
                continue
            difference = own - opponent
            if abs(difference) > 400 and own < 2650:
                difference = 400 if difference > 0 else -400
            index = bisect_left(_PD_BOUNDS, abs(difference))
            total_h += int(score * 100) - (50 + index if difference >= 0 else 50 - index)
            games += 1
        highest = record.highest_rating or own
        age = event.year - record.birth_year if record.birth_year else None
        # 8.3.3 in the order rules.development_coefficient applies it, then the 700 rule.
        k = (10 if max(own, highest) >= 2400 else 40 if age is not None and age <= 18 and max(own, highest) < 2300
             else 40 if (record.games if record.games is not None else 30) < 30 else 20)
        if k * games > 700:
            k = 700 // games
        change = k * total_h / 100
        out[player.start_rank] = own + (math.floor(abs(change) + 0.5) * (1 if change >= 0 else -1))
    return out


def glicko2_floor(tournament: Tournament, records: dict[int, RatingRecord], tau: float = 0.5,
                  epsilon: float = 0.000001) -> dict[int, float]:
    """New rating of every player: Glicko-2 steps 2-8 in floats and nothing else."""
    scale = 173.7178
    start = {}
    for p in tournament.players:
        record = records[p.start_rank]
        rating = record.rating if record.rating is not None else 1500.0
        rd = record.deviation if record.deviation is not None else (350.0 if record.rating is None else 350.0)
        start[p.start_rank] = ((rating - 1500.0) / scale, rd / scale, record.volatility or 0.06, rating)
    out = {}
    for player in tournament.players:
        mu, phi, sigma, rating = start[player.start_rank]
        v_inverse = improvement = 0.0
        played = 0
        for entry in player.rounds:
            score = _SCORE.get(entry.code)
            if score is None or entry.opponent is None:
                continue
            mu_j, phi_j, _, _ = start[entry.opponent]
            g = 1.0 / math.sqrt(1.0 + 3.0 * phi_j * phi_j / (math.pi * math.pi))
            e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
            v_inverse += g * g * e * (1.0 - e)
            improvement += g * (score - e)
            played += 1
        if not played:
            out[player.start_rank] = rating
            continue
        v = 1.0 / v_inverse
        delta = v * improvement
        a = math.log(sigma * sigma)

        def f(x: float) -> float:
            ex = math.exp(x)
            return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

        big_a = a
        if delta * delta > phi * phi + v:
            big_b = math.log(delta * delta - phi * phi - v)
        else:
            k = 1
            while f(a - k * tau) < 0:
                k += 1
            big_b = a - k * tau
        f_a, f_b = f(big_a), f(big_b)
        while abs(big_b - big_a) > epsilon:
            big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
            f_c = f(big_c)
            if f_c * f_b <= 0:
                big_a, f_a = big_b, f_b
            else:
                f_a = f_a / 2.0
            big_b, f_b = big_c, f_c
        new_sigma = math.exp(big_a / 2.0)
        phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
        new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        out[player.start_rank] = scale * (mu + new_phi * new_phi * improvement) + 1500.0
    return out


def best_cpu(work, repeat: int) -> tuple[float, object]:
    """Best CPU time of `repeat` runs, with the cyclic collector off as `rulesengine rate` runs
    (rulesengine.cli.main disables it for one-event commands): the floor and ours alike, so
    neither pays for the other's leftovers being rescanned."""
    times, result = [], None
    with collector_paused():
        for _ in range(repeat):
            result = None
            gc.collect()
            started = time.process_time()
            result = work()
            times.append(time.process_time() - started)
    return min(times), result


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

    print("\nagainst the arithmetic floor (CPU, best of each; target: within 4x):")
    print("  per-player figures only (detail=False: `rate --format table|csv`), and with every per-game record "
          "(detail=True: `--format json`, `explain-rating`)")
    event = date(2025, 11, 1)
    lean = RatingRequest(tournament, records, event, detail=False)
    for name, floor in (("fide", lambda: fide_floor(tournament, records, event)),
                        ("glicko2", lambda: glicko2_floor(tournament, records))):
        system = registry.rating_system(name)
        floor_cpu, expected = best_cpu(floor, args.repeat)
        lean_cpu, lean_report = best_cpu(lambda: system.rate(lean), args.repeat)
        ours_cpu, report = best_cpu(lambda: system.rate(request), args.repeat)
        wrong = 0
        for rated in (report, lean_report):
            got = {p.start_rank: p.rating_after for p in rated.players}
            wrong += sum(1 for sno, value in expected.items() if not math.isclose(got[sno], value, abs_tol=1e-6))
        same = [(p.rating_after, p.change, p.games_counted) for p in report.players] == \
               [(p.rating_after, p.change, p.games_counted) for p in lean_report.players]
        print(f"{name:<8} floor {floor_cpu:.3f} s   detail=False {lean_cpu:.3f} s ratio {lean_cpu / floor_cpu:.1f}x   "
              f"detail=True {ours_cpu:.3f} s ratio {ours_cpu / floor_cpu:.1f}x   ({len(expected)} players checked "
              f"against the floor, {wrong} differ; detail=False {'same figures' if same else 'DIFFERENT FIGURES'})")
        steps, text = json_step(system, request, args.repeat)
        print(f"{'':<8} `rate --format json` step: compute {steps[0]:.3f} s + JSON text {steps[1]:.3f} s "
              f"= {sum(steps):.3f} s ratio {sum(steps) / floor_cpu:.1f}x ({len(text.encode()) / 1e6:.1f} MB)")


def json_step(system, request: RatingRequest, repeat: int) -> tuple[tuple[float, float], str]:
    """CPU of `rate --format json` after reading the file, as the CLI runs it (rulesengine.cli.rate.run_rate):
    the rating with its per-game records, then its text (`rating_json_text`: the text of the JSON
    value `rating_document` would build, written from the records). The best of `repeat` runs by total,
    with its two parts; collector off."""
    best, text = None, ""
    with collector_paused():
        for _ in range(repeat):
            report = text = None
            gc.collect()
            started = time.process_time()
            report = system.rate(request)
            rated = time.process_time()
            text = rating_json_text(report)
            steps = (rated - started, time.process_time() - rated)
            if best is None or sum(steps) < sum(best):
                best = steps
    if text != json_text(rating_document(report)):
        raise AssertionError("rating_json_text differs from json_text(rating_document(...))")
    return best, text


if __name__ == "__main__":
    main()
