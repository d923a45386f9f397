"""C4, completion: can a set of players still be paired (one PAB when their number is odd)?"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesengine_fide.pairing.matching import max_weight_matching

if TYPE_CHECKING:
    from rulesengine_fide.pairing.dutch import DutchRound


def can_complete(rnd: "DutchRound", players: list[int], bye_value: tuple[int, int] | None) -> bool:
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

    # Greedy first (nearly always perfect in a Swiss field), the blossom algorithm only if not.
    free = list(players)
    matched: set[int] = set()
    for i, a in enumerate(free):
        if a in matched:
            continue
        for b in free[i + 1:]:
            if b not in matched and joinable(a, b):
                matched.update((a, b))
                break
    if len(matched) == len(players):
        return True
    index = {v: t for t, v in enumerate(players)}
    edges = [(index[a], index[b], 1) for t, a in enumerate(players) for b in players[t + 1:] if joinable(a, b)]
    mate = max_weight_matching(len(players), edges)
    return all(m >= 0 for m in mate)
