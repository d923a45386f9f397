"""The drawing of pairing numbers for a round robin: by lot, or restricted by the Varma tables
(FIDE C.05 Annex 2) so that players of one federation draw numbers from one group.

Annex 2's procedure, as done here with one seeded `random.Random` standing for the envelopes:
1. the numbers of the field's size are split in the groups A, B, C and D of the table below
   (9/10 up to 23/24 players; an odd field leaves out the highest number, its bye);
2. federations draw in order of their number of players (most first), equal ones in the
   alphabetical order of their FIDE code; within a federation, players in alphabetical order
   of their names;
3. each federation's first player chooses, by lot, one envelope holding enough numbers for the
   whole contingent; every player of the contingent draws a number from it; the numbers left in it
   are available to the players drawing later (here: one more envelope);
4. a contingent larger than every envelope still open draws from all numbers left (the table
   cannot keep it apart; `VarmaDraw.notes` says so).
Fields under 9 or over 24 players have no Varma table: their numbers are drawn by plain lot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# C.05 Annex 2, point 5: the groups A, B, C, D for 9/10 ... 23/24 players.
VARMA_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: ((6, 7, 8, 9, 10, 11, 19, 20, 21, 22), (1, 2, 3, 4, 13, 14, 15, 16, 17), (12, 18, 23), (5, 24)),
}
GROUP_NAMES = "ABCD"


@dataclass(frozen=True)
class Entrant:
    """A player as the drawing sees her: start rank, name, federation (FIDE code, "" unknown)."""

    start_rank: int
    name: str
    federation: str = ""


@dataclass(frozen=True)
class VarmaDraw:
    """The drawn numbers (start rank -> table number), how they were drawn ("Varma" or "lot"),
    and notes (a contingent the table could not keep apart)."""

    numbers: dict[int, int]
    method: str
    notes: tuple[str, ...] = ()


def varma_groups(players: int) -> dict[str, tuple[int, ...]] | None:
    """The groups A-D for a field of `players` (C.05 Annex 2), None outside 9-24 players; an odd
    field leaves out the table's highest number (its bye)."""
    size = players + players % 2
    groups = VARMA_GROUPS.get(size)
    if groups is None or players < 9:
        return None
    return {name: tuple(n for n in group if n <= players) for name, group in zip(GROUP_NAMES, groups)}


def drawing_order(entrants: list[Entrant]) -> list[list[Entrant]]:
    """The contingents in the order they draw (C.05 Annex 2, point 2), each in name order."""
    by_federation: dict[str, list[Entrant]] = {}
    for entrant in entrants:
        by_federation.setdefault(entrant.federation.strip().upper(), []).append(entrant)
    order = sorted(by_federation.items(), key=lambda item: (-len(item[1]), item[0]))
    return [sorted(group, key=lambda e: (e.name.casefold(), e.start_rank)) for _federation, group in order]


def draw_by_lot(entrants: list[Entrant], seed: str) -> VarmaDraw:
    """Numbers 1..n drawn by lot (C.05: the drawing of lots), reproducibly from `seed`."""
    numbers = list(range(1, len(entrants) + 1))
    random.Random(f"pairing numbers {seed}").shuffle(numbers)
    ordered = sorted(entrants, key=lambda e: e.start_rank)
    return VarmaDraw({e.start_rank: n for e, n in zip(ordered, numbers)}, "lot")


def draw_varma(entrants: list[Entrant], seed: str) -> VarmaDraw:
    """Numbers drawn by the Varma tables (C.05 Annex 2), reproducibly from `seed`; by plain lot
    when the field has no table (under 9 or over 24 players) or no federation is known."""
    groups = varma_groups(len(entrants))
    if groups is None or not any(e.federation.strip() for e in entrants):
        return draw_by_lot(entrants, seed)
    lot = random.Random(f"varma {seed}")
    envelopes = [list(numbers) for numbers in groups.values()]   # unopened, A-D
    left: list[int] = []                                         # numbers left in opened envelopes
    drawn: dict[int, int] = {}
    notes = []
    for contingent in drawing_order(entrants):
        need = len(contingent)
        choices = [e for e in envelopes if len(e) >= need] + ([left] if len(left) >= need else [])
        if choices:
            envelope = lot.choice(choices)
            if envelope is not left:
                envelopes.remove(envelope)
        else:
            envelope = left + [n for e in envelopes for n in e]
            envelopes, left = [], []
            notes.append(f"federation {contingent[0].federation or '(none)'}: {need} players, more than any "
                         f"group left: drawn from all numbers left")
        for entrant in contingent:
            number = lot.choice(envelope)
            envelope.remove(number)
            drawn[entrant.start_rank] = number
        if envelope is not left:
            left = sorted(left + envelope)
    return VarmaDraw(drawn, "Varma", tuple(notes))
