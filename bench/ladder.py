"""Time the season ladder (issue 13's targets):

* replay 20 seasons: 1,000 events, 50,000 games, 600 members, from nothing (target: under 2 s);
* match the names of a 60-player evening against a 600-member roster (target: under 0.2 s, pure
  Python: rapidfuzz is switched off for the timing).

    .venv/bin/python bench/ladder.py [--events 1000] [--players 20] [--rounds 5] [--members 600]
                                     [--seed 13] [--repeat 3]

Events are generated, seeded: each evening draws `players` members (20 x 5 rounds = 50 games),
pairs them at random each round, results drawn from the rating gap, 2 % forfeits. Member names
are generated surname/first-name pairs; the evening's names are variants of roster names (an
initial, swapped order, a dropped middle name, a one-letter typo) plus newcomers.
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date, timedelta

from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.registry import build_registry
from rulesengine.season import names as name_rules
from rulesengine.season.identity import Identities, PendingName
from rulesengine.replay import EventRun, replay
from rulesengine.season.roster import Member
from rulesengine.season.suggest import suggest

SURNAMES = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson",
            "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson",
            "Clarke", "Nowak", "Kowalski", "Müller", "Schmidt", "Ødegård", "Łukasik", "García", "Martín", "Rossi",
            "Novák", "Dvořák", "Horváth", "Nagy", "Kovač", "Popescu", "Ivanova", "Petrov", "Yilmaz", "Kaya"]
FIRST = ["John", "Anna", "Peter", "Maria", "James", "Sophie", "David", "Emma", "Tomasz", "Eva", "Lukas", "Mia",
         "Søren", "Zoë", "Ahmed", "Fatima", "Ivan", "Olga", "Jan", "Lena"]


def members(count: int, rng: random.Random) -> list[str]:
    found: set[str] = set()
    while len(found) < count:
        middle = f" {rng.choice(FIRST)}" if rng.random() < 0.2 else ""
        found.add(f"{rng.choice(SURNAMES)}, {rng.choice(FIRST)}{middle}")
    return sorted(found)


def evening(number: int, chosen: list[int], rounds: int, strength: dict[int, float],
            rng: random.Random) -> tuple[Tournament, dict[int, int]]:
    entries: dict[int, list[RoundEntry]] = {sno: [] for sno in range(1, len(chosen) + 1)}
    for r in range(1, rounds + 1):
        order = list(entries)
        rng.shuffle(order)
        for white, black in zip(order[::2], order[1::2]):
            if rng.random() < 0.02:
                codes = (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
            else:
                roll = rng.random() - (strength[chosen[white - 1]] - strength[chosen[black - 1]]) / 1600
                codes = ((ResultCode.WIN, ResultCode.LOSS) if roll < 0.4 else
                         (ResultCode.DRAW, ResultCode.DRAW) if roll < 0.7 else (ResultCode.LOSS, ResultCode.WIN))
            entries[white].append(RoundEntry(r, black, Colour.WHITE, codes[0]))
            entries[black].append(RoundEntry(r, white, Colour.BLACK, codes[1]))
    players = tuple(Player(sno, f"P{chosen[sno - 1]}", tuple(entries[sno])) for sno in entries)
    return Tournament(f"Evening {number}", players, rounds), {sno: chosen[sno - 1] for sno in entries}


def generate(events: int, players: int, rounds: int, roster: int, seed: int) -> list[EventRun]:
    rng = random.Random(seed)
    strength = {m: rng.gauss(0, 300) for m in range(roster)}
    first = date(2006, 9, 1)
    runs = []
    for number in range(events):
        chosen = rng.sample(range(roster), players)
        t, ids = evening(number + 1, chosen, rounds, strength, rng)
        runs.append(EventRun(f"E{number + 1:04d}", first + timedelta(days=7 * number), t, ids))
    return runs


def variant(name: str, rng: random.Random) -> str:
    surname, _, given = name.partition(", ")
    parts = given.split()
    kind = rng.randrange(5)
    if kind == 0:
        return f"{parts[0][0]}. {surname}"                       # initial, first name first
    if kind == 1:
        return f"{' '.join(parts)} {surname}"                    # swapped order
    if kind == 2 and len(parts) > 1:
        return f"{surname}, {parts[0]}"                           # middle name dropped
    if kind == 3 and len(surname) > 4:
        i = rng.randrange(1, len(surname) - 1)
        return f"{surname[:i]}{surname[i + 1:]}, {given}"        # a letter missing
    return name.upper()                                          # case only


def time_names(roster_size: int, evening_size: int, seed: int, repeat: int) -> float:
    rng = random.Random(seed)
    roster_names = members(roster_size, rng)
    roster = {f"M{i + 1:03d}": Member(f"M{i + 1:03d}", n) for i, n in enumerate(roster_names)}
    typed = [variant(n, rng) for n in rng.sample(roster_names, evening_size - 8)]
    typed += [f"Newcomer{i}, {rng.choice(FIRST)}" for i in range(8)]
    t = Tournament("Tonight", tuple(Player(i + 1, n) for i, n in enumerate(typed)), 0)
    identities = Identities({"tonight": {i + 1: f"tonight:{i + 1}" for i in range(len(typed))}},
                            tuple(PendingName("tonight", i + 1, n) for i, n in enumerate(typed)), ())
    saved = name_rules._OSA
    name_rules._OSA = None   # the default path of the Excel Lite button: pure Python
    best = float("inf")
    try:
        for _ in range(repeat):
            for cached in (name_rules.fold, name_rules.parse, name_rules.readings):
                cached.cache_clear()
            start = time.perf_counter()
            found = suggest(roster, {"tonight": t}, identities)
            best = min(best, time.perf_counter() - start)
    finally:
        name_rules._OSA = saved
    with_candidate = sum(1 for s in found if s.candidates)
    print(f"names: {evening_size} typed names against {roster_size} members: best of {repeat} {best:.3f} s "
          f"(target < 0.2 s); {with_candidate} with a candidate, {len(found) - with_candidate} without")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--members", type=int, default=600)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    system = build_registry({"RULESENGINE_PLUGINS": "builtin"}).rating_system("club")
    runs = generate(args.events, args.players, args.rounds, args.members, args.seed)
    games = sum(len(p.rounds) for r in runs for p in r.tournament.players) // 2
    best, cpu, result = float("inf"), float("inf"), None
    for _ in range(args.repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = replay(runs, system)
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    again = replay(runs, system)
    same = all(result.records[k].rating == again.records[k].rating for k in result.records)
    print(f"replay: {len(runs)} events, {games} games, {len(result.records)} members: best of {args.repeat} "
          f"{best:.3f} s wall, {cpu:.3f} s CPU (target < 2 s); replayed twice, identical: {same}")
    time_names(args.members, 60, args.seed, args.repeat)


if __name__ == "__main__":
    main()
