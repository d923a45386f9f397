"""Colour allocation of a pair (C.04.3 2025 text, colour allocation rules, E.1-E.5 of the 2017
numbering), and the board order of the round."""

from __future__ import annotations

from typing import Iterable

from rulesengine.model import ResultCode, Tournament
from rulesengine_fide.pairing.state import ABSOLUTE, WHITE, PlayerState


def pairing_positions(tournament: Tournament, round_number: int, present: Iterable[int]) -> dict[int, int]:
    """Each player's pairing number among the players in the event so far (1, 2, ...), for E.5.

    A player counts from the first round they take part in a pairing: one paired in an earlier
    round (a game, a forfeit, the PAB) or paired in this one. Players absent from every round so
    far (byes announced before they ever played) are not yet in the list, so in round 1 the
    numbers are those of the players present and the colours alternate board by board among
    them (C.04.3: the initial colour to board 1). This is how the endorsed engine (bbpPairings
    6.0.0) numbers the players it pairs."""
    pairing = set(present)
    positions: dict[int, int] = {}
    for player in tournament.players:
        earlier = player.rounds[: round_number - 1]
        if player.start_rank in pairing or any(e.opponent is not None or e.code is ResultCode.PAIRING_ALLOCATED_BYE
                                               for e in earlier):
            positions[player.start_rank] = len(positions) + 1
    return positions


def allocate(higher: PlayerState, lower: PlayerState, initial_white: bool, higher_position: int | None = None) -> int:
    """The colour (WHITE or BLACK) of `higher`, the higher-ranked player of the pair (A.2).
    `higher_position`: its number among the players in the event so far (`pairing_positions`;
    None: its place in this round's order)."""
    sh, ch = higher.preference
    sl, cl = lower.preference
    # E.1: both preferences can be granted (or only one player has one).
    if sh and (not sl or cl != ch):
        return ch
    if not sh and sl:
        return -cl
    if sh and sl:
        # E.2: the stronger preference; two absolute ones (topscorers): the wider difference.
        if sh != sl:
            return ch if sh > sl else -cl
        if sh == ABSOLUTE:
            dh, dl = abs(higher.colour_difference), abs(lower.colour_difference)
            if dh != dl:
                return ch if dh > dl else -cl
        # E.3: alternate from the most recent played game where their colours differed.
        for a, b in zip(reversed(higher.colours), reversed(lower.colours)):
            if a != b:
                return -a
        # E.4: the higher-ranked player's preference.
        return ch
    # E.5: no preferences at all: "if the higher ranked player has an odd pairing number, give him
    # the initial-colour" -- the pairing number among the players in the event so far
    # (`pairing_positions`): in round 1 the players present, board by board.
    odd = higher_position % 2 == 1 if higher_position is not None else higher.rank_index % 2 == 0
    first = WHITE if initial_white else -WHITE
    return first if odd else -first


def board_order_key(a: PlayerState, b: PlayerState) -> tuple:
    """C.04.2 board order: the higher score of the pair, then the sum of scores, then the rank
    of the higher-ranked player."""
    return (-max(a.score, b.score), -(a.score + b.score), min(a.rank_index, b.rank_index))

