"""The initial ranking that gives pairing numbers before round 1 (C.04.2, general handling rules
for Swiss tournaments): rating, then FIDE title, then name.

The title order is the current one (GM, IM, WGM, FM, WIM, CM, WFM, WCM, untitled) or, as an
option, that of the 1992-1998 Swiss rules (GM, WGM, IM, WIM, FM, WFM). An unrated player is
ranked by the arbiter's estimate when one is given (`--estimate SNO=RATING`), else as rated 0.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulesengine.errors import UsageError
from rulesengine.model import Tournament
from rulesengine.pairing import RankedPlayer

TITLE_ORDERS = {
    "current": ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"),
    "1992": ("GM", "WGM", "IM", "WIM", "FM", "WFM"),
}


def initial_ranking(tournament: Tournament, options: Mapping[str, Any]) -> list[RankedPlayer]:
    order_name = str(options.get("title_order", "current"))
    if order_name not in TITLE_ORDERS:
        raise UsageError(f"unknown title order {order_name!r}; known: {', '.join(TITLE_ORDERS)}")
    titles = TITLE_ORDERS[order_name]
    estimates: Mapping[int, int] = options.get("estimates", {})
    unknown = sorted(n for n in estimates if n not in tournament.by_start_rank)
    if unknown:
        raise UsageError(f"--estimate for unknown start rank(s) {', '.join(map(str, unknown))}")

    def key(player):
        rating = player.rating or estimates.get(player.start_rank) or 0
        title = player.title.strip().upper()
        title_rank = titles.index(title) if title in titles else len(titles)
        return (-rating, title_rank, player.name.casefold(), player.start_rank)

    ranked = sorted(tournament.players, key=key)
    return [RankedPlayer(number=i, start_rank=p.start_rank, name=p.name,
                         rating=p.rating or estimates.get(p.start_rank),
                         title=p.title.strip(), estimated=not p.rating and p.start_rank in estimates)
            for i, p in enumerate(ranked, start=1)]
