"""Colour allocation of a pair (C.04.3 2025 text, colour allocation rules, E.1-E.5 of the 2017
numbering), and the board order of the round."""

from __future__ import annotations

from rulesengine_fide.pairing.state import ABSOLUTE, WHITE, PlayerState


def allocate(higher: PlayerState, lower: PlayerState, initial_white: bool, first_round: bool = True) -> int:
    """The colour (WHITE or BLACK) of `higher`, the higher-ranked player of the pair (A.2).
    `first_round`: the round being paired is the event's first (see E.5)."""
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
    # the initial-colour". In the first round the colours alternate board by board among the
    # players present (C.04.3 round-1 pairing), so there the position counts, counted from 1 among
    # the players being paired; later (two players who both missed every round so far) the
    # pairing number itself, as the endorsed engine reads the article.
    odd = higher.rank_index % 2 == 0 if first_round else higher.number % 2 == 1
    first = WHITE if initial_white else -WHITE
    return first if odd else -first


def board_order_key(a: PlayerState, b: PlayerState) -> tuple:
    """C.04.2 board order: the higher score of the pair, then the sum of scores, then the rank
    of the higher-ranked player."""
    return (-max(a.score, b.score), -(a.score + b.score), min(a.rank_index, b.rank_index))

