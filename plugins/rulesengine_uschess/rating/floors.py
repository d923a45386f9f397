"""Rating floors: a post-event rating never falls below the player's floor.

- Absolute floor, every system: min(150, 100 + 4 x total wins + 2 x total draws + number of events
  in which the player completed at least 3 rated games) [S: US Chess staff post; chessratings].
- Established floor (OTB Regular; established ratings only): highest established rating minus
  200, rounded down to a multiple of 100; floors exist from 1200 to 2100, so a peak below 1400
  has only the absolute floor (1941 -> 1700, 1499 -> 1200, 2350 -> 2100) [S].
- Original Life Master: 2200 [S].
- Prize floors ("under X" prize of $2,000 or more) are supplied by the caller as a number.
"""

from __future__ import annotations

import math

from rulesengine_uschess.rating.parameters import CURRENT, UsChessRules


def absolute_floor(wins: int, draws: int, events_with_three_games: int, rules: UsChessRules = CURRENT) -> float:
    return min(rules.absolute_floor_max,
               rules.absolute_floor_base + 4 * wins + 2 * draws + events_with_three_games)


def established_floor(highest_established: float | None, rules: UsChessRules = CURRENT) -> float | None:
    """The floor from the highest established rating, or None below a 1400 peak."""
    if highest_established is None or highest_established < rules.established_floor_min_peak:
        return None
    floor = math.floor((highest_established - rules.established_floor_drop) / 100.0) * 100.0
    return min(max(floor, rules.established_floor_lowest), rules.established_floor_highest)


def player_floor(*, wins: int, draws: int, events_with_three_games: int, highest_established: float | None,
                 olm: bool = False, prize_floor: float | None = None, regular: bool = True,
                 rules: UsChessRules = CURRENT) -> tuple[float, str]:
    """The highest floor that applies, and which one it is."""
    candidates = [(absolute_floor(wins, draws, events_with_three_games, rules), "absolute floor")]
    if regular:
        established = established_floor(highest_established, rules)
        if established is not None:
            candidates.append((established, "established-rating floor"))
        if olm:
            candidates.append((rules.olm_floor, "Original Life Master floor"))
    if prize_floor is not None:
        candidates.append((float(prize_floor), "prize floor"))
    return max(candidates, key=lambda c: c[0])
