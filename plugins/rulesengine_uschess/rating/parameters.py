"""The dated parameters of the US Chess rating system: one record per change, chosen by event date.

An archived event is rated with the values in force when it ended (US Chess dates its bonus
changes by the event's end date: "events ending on or after ..."). Sources, with evidence levels
as in shared/docs/ratings-research.md section 2:

- Bonus threshold B: 14 for events ending on or after 1 May 2017; 12 from 1 February 2023
  (announced 30 October 2023, retroactive); 10 for 2025 events (rerated in June 2025) [S, US Chess
  news]. Earlier values (10 in the July 2014 revision, then 12) are not dated precisely enough to
  tabulate [U]; events before May 2017 get the oldest record here and the report says so.
- Special-formula tolerance 1e-7 and the 2700 cap on special-formula ratings: two independent
  implementations agree; the value in the 2020 text was not read [S]/[U].
- Effective games N* = 50 / sqrt(0.662 + 0.00000739 (2569 - R0)^2) up to 2355, else 50 [S].
- Absolute floor min(150, 100 + 4 wins + 2 draws + events with 3+ games) [S]; established floor
  peak - 200 rounded down to a hundred, from 1200 to 2100, needing a 1400 peak [S].
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class UsChessRules:
    """Every constant of the system that has changed, or could change, over time."""

    name: str
    effective_from: date
    bonus_threshold: float             # B in the bonus max(0, K(S-E) - B sqrt(max(m, 4)))
    bonus_min_games: int = 3           # no bonus below 3 games in the event
    bonus_max_meetings: int = 2        # no bonus if any opponent was met more than twice
    established_after: int = 25        # established: based on more than 25 games
    special_max_games: int = 8         # special formula for N <= 8 (or all wins / all losses)
    special_tolerance: float = 1e-7
    special_cap: float = 2700.0
    nstar_cutoff: float = 2355.0
    absolute_floor_base: float = 100.0
    absolute_floor_max: float = 150.0
    established_floor_drop: float = 200.0
    established_floor_min_peak: float = 1400.0
    established_floor_lowest: float = 1200.0
    established_floor_highest: float = 2100.0
    olm_floor: float = 2200.0
    dual_k_threshold: float = 2200.0   # OTBR K reduction in dual-rated events above this rating
    dual_k_flat_from: float = 2500.0   # from here the factor is 1/4
    note: str = ""


RULE_SETS: tuple[UsChessRules, ...] = (
    UsChessRules("uschess-2017-05", date(2017, 5, 1), bonus_threshold=14,
                 note="bonus threshold 14 for events ending on or after 1 May 2017"),
    UsChessRules("uschess-2023-02", date(2023, 2, 1), bonus_threshold=12,
                 note="bonus threshold 12 for events ending on or after 1 Feb 2023 (announced 30 Oct 2023)"),
    UsChessRules("uschess-2025", date(2025, 1, 1), bonus_threshold=10,
                 note="bonus threshold 10 for 2025 events (rerated June 2025)"),
)

RULE_SET_NAMES = tuple(r.name for r in RULE_SETS)
CURRENT = RULE_SETS[-1]

# The options of `rulesengine rate --system uschess` (`RatingSystem.options`); here, with the dated
# table, so that registering the system does not import the event calculation (`event.rate`).
OPTIONS = {
    "time_control": "the event's time control, e.g. G/45;d5 (decides Regular, Quick, Blitz and dual rating)",
    "system": "which US Chess system to rate: OTBR, OTBQ, OTBB, OLR, OLQ or OLB",
    "online": "true for an online event (OLR, OLQ, OLB)",
    "special_flat_stretch": "how the special formula settles a non-unique solution: document (default, the "
                            "2020 text's test) or interval (the prior clamped into every solution)",
}
