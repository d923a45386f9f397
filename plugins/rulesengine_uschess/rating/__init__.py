"""US Chess rating system (Glickman & Doan, "The US Chess Rating System", revised September 2020).

Modules: `parameters` (the dated table of constants), `formulas` (effective games, special and
standard formulas), `initial` (Step 1 for unrated players), `floors`, `time_control` (Regular,
Quick, Blitz and dual rating) and `event` (the five steps over one event).
"""

from rulesengine.plugins import lazy
from rulesengine.rating import RatingSystem

from rulesengine_uschess.rating.parameters import OPTIONS, RULE_SET_NAMES

# The event calculation is imported when an event is first rated, not when the system is registered
# (`rate --system fide` and every other command list the rating systems without needing it).
SYSTEMS = (
    RatingSystem("uschess", "US Chess (Glickman-Doan, revised September 2020): special and standard formulas, "
                 "bonus, floors; OTB/online Regular, Quick and Blitz by time control",
                 lazy("rulesengine_uschess.rating.event", "rate"),
                 rule_sets=RULE_SET_NAMES, options=OPTIONS),
)
