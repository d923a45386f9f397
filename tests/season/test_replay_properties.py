"""Replay invariants (issue 13 bar; style.md: replaying a ladder twice gives the same numbers),
over generated seasons: the replay is a pure function of the events in date order."""

from __future__ import annotations

import random
from datetime import date, timedelta

from hypothesis import given, settings, strategies as st

from rulesengine.replay import EventRun, replay
from rulesengine.testing import tournament_from_text


def season(seed: int, events: int, members: int):
    rng = random.Random(seed)
    runs = []
    for number in range(events):
        chosen = rng.sample(range(members), rng.choice([2, 4, 5, 6]))
        rounds = []
        for _ in range(rng.randint(1, 3)):
            order = list(range(1, len(chosen) + 1))
            rng.shuffle(order)
            games = [f"{order.pop()} {rng.choice('UHFZ')}"] if len(order) % 2 else []
            games += [f"{a}-{b} {rng.choice(['1-0', '0-1', '=', '+-', '1-0u', '--'])}"
                      for a, b in zip(order[::2], order[1::2])]
            rounds.append(", ".join(games))
        t = tournament_from_text([f"M{m}" for m in chosen], rounds)
        runs.append(EventRun(f"E{number}", date(2026, 1, 1) + timedelta(days=7 * number), t,
                             {sno: f"M{m}" for sno, m in enumerate(chosen, start=1)}))
    return runs


def final(result):
    return {k: (r.rating, r.games) for k, r in result.records.items()}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 8))
def test_replaying_twice_gives_the_same_numbers(registry, seed, events):
    system = registry.rating_system("club")
    runs = season(seed, events, 7)
    assert final(replay(runs, system)) == final(replay(runs, system))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 8), st.data())
def test_a_correction_changes_nothing_before_it(registry, seed, events, data):
    """Events before a corrected one keep every figure; from it on, the replay equals a replay
    of the corrected season from nothing (there is no state outside the events)."""
    system = registry.rating_system("club")
    runs = season(seed, events, 6)
    k = data.draw(st.integers(1, events - 1))
    other = season(seed + 1, events, 6)[k]
    corrected = [*runs[:k], EventRun(runs[k].event, runs[k].date, other.tournament, other.identities), *runs[k + 1:]]
    before, after = replay(runs, system), replay(corrected, system)
    earlier = {r.event for r in runs[:k]}
    for member in set(before.history) | set(after.history):
        old = [p for p in before.history.get(member, ()) if p.event in earlier]
        new = [p for p in after.history.get(member, ()) if p.event in earlier]
        assert old == new
    assert final(after) == final(replay(list(corrected), system))
