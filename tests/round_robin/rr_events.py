"""Round robins paired by the Berger table, built in a few lines for the tests."""

from __future__ import annotations

from rulesengine.model import Tournament
from rulesengine.testing import tournament_from_text
from rulesengine_fide.round_robin.berger import SWAP_LAST_TWO, cycle_order, event_round, table_size


def table_lines(players: int, rounds: int, numbers: dict[int, int] | None = None, cycles: int = 1,
                variant: str = SWAP_LAST_TWO) -> list[str]:
    """`rounds` rounds of the table as `tournament_from_text` lines; `numbers` start rank -> table
    number (default: the start ranks), white always wins."""
    holder = {n: s for s, n in (numbers or {s: s for s in range(1, players + 1)}).items()}
    lines = []
    for r in range(1, rounds + 1):
        games = [f"{holder[g.white]}-{holder[g.black]} 1-0" for g in event_round(players, r, cycles, variant)
                 if table_size(players) not in (g.white, g.black) or players % 2 == 0]
        lines.append(", ".join(games))
    return lines


def table_event(players: int, rounds: int, numbers: dict[int, int] | None = None, cycles: int = 1,
                variant: str = SWAP_LAST_TWO, lines: list[str] | None = None) -> Tournament:
    total = len(cycle_order(players, cycles, variant))
    return tournament_from_text(players, lines if lines is not None else table_lines(players, rounds, numbers, cycles,
                                                                                      variant),
                                kind="round robin", total_rounds=total, name="RR test")
