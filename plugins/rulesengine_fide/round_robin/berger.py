"""The Berger tables of FIDE C.05 Annex 1, for any number of players.

The published tables (3/4 up to 15/16 players) are one rotation: with `n` table numbers (the
field's size, plus one when it is odd: "the highest number counts as a bye"), round 1 pairs
k - (n+1-k) with k white, number n on board 1 against number 1; each later round adds n/2 to
every number but n (modulo n-1, in 1..n-1), and number n alternates colours, black in odd rounds
(1-n, 2-n, ...) and white in even ones (n-5, n-6 ... for n = 8), always on board 1. The test
`tests/round_robin/test_berger_tables.py` holds the published tables and compares them.

Double round robin (C.05 Annex 1): the second cycle repeats the first with colours reversed. The
Annex recommends reversing the order of the last two rounds of the first cycle, which avoids
three games with the same colour in a row around the middle (`SWAP_LAST_TWO`, the default); an
event that repeated the table unchanged is `PLAIN`.
"""

from __future__ import annotations

from dataclasses import dataclass

SWAP_LAST_TWO = "swap"   # C.05 Annex 1's recommendation for a double round robin
PLAIN = "plain"          # the first cycle in table order
VARIANTS = (SWAP_LAST_TWO, PLAIN)


@dataclass(frozen=True)
class TableGame:
    """One board of a Berger round, by table numbers."""

    board: int
    white: int
    black: int


def table_size(players: int) -> int:
    """Table numbers for a field of `players`: an odd field gets one more, the bye (C.05 Annex 1)."""
    return players + players % 2


def rounds_per_cycle(players: int) -> int:
    return table_size(players) - 1


def berger_round(players: int, round_number: int) -> tuple[TableGame, ...]:
    """Round `round_number` (1-based, within one cycle) of the Berger table for `players`."""
    n = table_size(players)
    if n < 2:
        raise ValueError(f"a round robin needs 2 players or more, not {players}")
    if not 1 <= round_number <= n - 1:
        raise ValueError(f"the Berger table for {players} players has rounds 1-{n - 1}, not {round_number}")
    shift = (round_number - 1) * (n // 2)

    def number(k: int) -> int:   # the number at round 1's position k (1..n-1), moved on
        return (k - 1 + shift) % (n - 1) + 1

    top = number(1)
    games = [TableGame(1, top, n) if round_number % 2 == 1 else TableGame(1, n, top)]
    for k in range(2, n // 2 + 1):
        games.append(TableGame(k, number(k), number(n + 1 - k)))
    return tuple(games)


def cycle_order(players: int, cycles: int, variant: str = SWAP_LAST_TWO) -> list[tuple[int, bool]]:
    """For each event round, the table round it plays and whether its colours are reversed
    (the second cycle, and the fourth; C.05 Annex 1). `variant` orders the first cycle of a
    double round robin (`SWAP_LAST_TWO` or `PLAIN`); a single round robin is always in order."""
    if variant not in VARIANTS:
        raise ValueError(f"double round-robin variant {variant!r}: want one of {', '.join(VARIANTS)}")
    per = rounds_per_cycle(players)
    order = []
    for cycle in range(cycles):
        rounds = list(range(1, per + 1))
        if cycle == 0 and cycles >= 2 and variant == SWAP_LAST_TWO and per >= 2:
            rounds[-2], rounds[-1] = rounds[-1], rounds[-2]
        order += [(r, cycle % 2 == 1) for r in rounds]
    return order


def event_round(players: int, round_number: int, cycles: int = 1,
                variant: str = SWAP_LAST_TWO) -> tuple[TableGame, ...]:
    """Event round `round_number` of a round robin of `cycles` cycles, by table numbers; a game
    with number `table_size(players)` in an odd field is that player's bye."""
    order = cycle_order(players, cycles, variant)
    if not 1 <= round_number <= len(order):
        raise ValueError(f"a {'double ' if cycles == 2 else ''}round robin of {players} players has rounds "
                         f"1-{len(order)}, not {round_number}")
    table_round, reversed_colours = order[round_number - 1]
    games = berger_round(players, table_round)
    if reversed_colours:
        games = tuple(TableGame(g.board, g.black, g.white) for g in games)
    return games


def cycles_for(players: int, rounds: int) -> int:
    """How many cycles an event of `rounds` rounds plays (one at least)."""
    per = rounds_per_cycle(players)
    return max(1, -(-rounds // per)) if per else 1
