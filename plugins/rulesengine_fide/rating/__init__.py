"""FIDE Rating Regulations (Handbook B.02) as rating systems: `fide` (standard), `fide-rapid` and
`fide-blitz` (the Rapid and Blitz Rating Regulations; one rule set, two names so each list is
rated under its own name).

`tables` holds the conversion tables 8.1.1 and 8.1.2, `rules` the dated rule sets and K (8.3.3),
`standard` the event calculation. A federation whose national rating follows B.02 with other
parameters can add its own rows to a copy of `rules.STANDARD_RULES` and register a system here.
"""

from __future__ import annotations

from rulesengine.rating import RatingReport, RatingRequest, RatingSystem
from rulesengine_fide.rating.rules import RAPID_BLITZ_RULES, STANDARD_RULES
from rulesengine_fide.rating.standard import rate_event


def rate_standard(request: RatingRequest) -> RatingReport:
    """FIDE standard rating of one event (B.02)."""
    return rate_event(request, STANDARD_RULES, "fide")


def rate_rapid(request: RatingRequest) -> RatingReport:
    """FIDE rapid rating of one event (Rapid and Blitz Rating Regulations)."""
    return rate_event(request, RAPID_BLITZ_RULES, "fide-rapid")


def rate_blitz(request: RatingRequest) -> RatingReport:
    """FIDE blitz rating of one event (Rapid and Blitz Rating Regulations)."""
    return rate_event(request, RAPID_BLITZ_RULES, "fide-blitz")


SYSTEMS = [
    RatingSystem("fide", "FIDE standard rating (B.02): table 8.1.2, K 40/20/10 and the 700 rule, 400 cap with the "
                         "2650 exception, initial ratings (8.2)", rate_standard,
                 rule_sets=tuple(r.name for r in STANDARD_RULES)),
    RatingSystem("fide-rapid", "FIDE rapid rating: as standard, 400 cap without the 2650 exception, 600-point rule "
                               "above 2600 (from 1 Dec 2024)", rate_rapid,
                 rule_sets=tuple(r.name for r in RAPID_BLITZ_RULES)),
    RatingSystem("fide-blitz", "FIDE blitz rating: the rapid and blitz regulations, rated as its own list", rate_blitz,
                 rule_sets=tuple(r.name for r in RAPID_BLITZ_RULES)),
]
