"""Reading a fixture's recorded pairing of one round."""

from __future__ import annotations

from pathlib import Path

from rulesengine.model import Colour, ResultCode, Tournament

DATA = Path(__file__).resolve().parents[1] / "data" / "pairing"


def recorded(tournament: Tournament, round_number: int) -> tuple[set[tuple[int, int]], int | None]:
    """(white, black) games and the PAB player of a round as the file records it."""
    games, pab = set(), None
    for p in tournament.players:
        e = p.entry(round_number)
        if e.opponent is not None and e.colour is Colour.WHITE:
            games.add((p.start_rank, e.opponent))
        if e.code is ResultCode.PAIRING_ALLOCATED_BYE:
            pab = p.start_rank
    return games, pab
