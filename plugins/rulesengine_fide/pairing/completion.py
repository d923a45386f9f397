"""C4, completion: can a set of players still be paired (one PAB when their number is odd)?"""

from __future__ import annotations

from typing import Callable

from rulesengine_fide.pairing.matching import max_weight_matching
from rulesengine_fide.pairing.round import RoundState


def can_complete(rnd: RoundState, players: list[int], bye_value: tuple[int, int] | None) -> bool:
    """True when `players` can all be paired under C1-C3, the PAB (if their number is odd) going
    to an eligible player (C2) whose bye value (C5, C9) is `bye_value` when one is given."""
    players = list(players)
    bye = -1
    if len(players) % 2:
        bye = rnd.n
        players.append(bye)

    def joinable(a: int, b: int) -> bool:
        if a == bye or b == bye:
            x = b if a == bye else a
            return rnd.states[x].bye_eligible and (bye_value is None or rnd.bye_value(x) == bye_value)
        return rnd.compatible(a, b)

    # Greedy with short augmenting paths first (nearly always perfect in a Swiss field), the
    # blossom algorithm only if not.
    _, unpaired = pair_up(players, joinable, 0)
    if not unpaired:
        return True
    index = {v: t for t, v in enumerate(players)}
    edges = [(index[a], index[b], 1) for t, a in enumerate(players) for b in players[t + 1:] if joinable(a, b)]
    mate = max_weight_matching(len(players), edges)
    return all(m >= 0 for m in mate)


def pair_up(players: list[int], compatible: Callable[[int, int], bool], allowed_left: int) -> tuple[int, list[int]]:
    """A pairing of `players` (in rank order) leaving at most `allowed_left` of them unpaired
    if it can find one: greedy (each player takes the first compatible one below), then
    augmenting paths of length three (u-p, q-v for a pair p-q and unpaired u, v) for the few
    players the greedy leaves over. Returns (number of pairs, unpaired players)."""
    mate: dict[int, int] = {}
    for t, a in enumerate(players):
        if a in mate:
            continue
        for c in players[t + 1:]:
            if c not in mate and compatible(a, c):
                mate[a] = c
                mate[c] = a
                break
    unpaired = [a for a in players if a not in mate]
    while len(unpaired) > allowed_left:
        if not _augment(players, mate, unpaired, compatible):
            break
    return (len(players) - len(unpaired)) // 2, unpaired


def _augment(players, mate, unpaired, compatible) -> bool:
    for iu, u in enumerate(unpaired):
        for v in unpaired[iu + 1:]:
            for p in players:
                q = mate.get(p)
                if q is None or not compatible(u, p) or not compatible(v, q):
                    continue
                mate[u], mate[p] = p, u
                mate[v], mate[q] = q, v
                unpaired.remove(u)
                unpaired.remove(v)
                return True
    return False
