"""FIDE rating rules as dated data: one row per rule set, chosen by the event's start date.

Each row says which parameters of B.02 were in force from its date. The newest rows are read from
the regulations (effective 1 March 2024, amended 1 October 2025); older rows exist for archive
runs and are marked where their dates or values are not verified ([U], from the research notes,
shared/docs/ratings-research.md 1.11). The K rules of 8.3.3 and the 700 rule are functions of a
row, so every rule set shares one implementation.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

# What the unrated player's first rating is computed by (8.2).
INITIAL_HYPOTHETICAL_DRAWS = "two hypothetical draws against 1800 (8.2.2, from 1 March 2024)"
INITIAL_2022 = "average of rated opponents, +20 per half point above 50% (8.2, 2022 to Feb 2024)"


@dataclass(frozen=True)
class FideRules:
    """The parameters of one FIDE rule set (standard, or rapid and blitz)."""

    name: str
    effective_from: date
    title: str
    k_new_player: int            # 8.3.3: "new to the rating list until ... at least 30 games"
    new_player_games: int
    k_standard: int              # "as long as a player's rating remains under 2400"
    k_after_2400: int            # "once a player's published rating has reached 2400"
    k_junior: int | None         # juniors below 2300 (None: no junior rule)
    junior_to_year_end: bool     # True: "until the end of the year of their 18th birthday"
    junior_below: int
    k_games_limit: int | None    # 8.3.3: K x n may not exceed 700
    cap: int                     # 8.3.1: a larger difference counts as this (400)
    cap_exempt_from: int | None  # 8.3.1 from 1 Oct 2025: no cap for players rated 2650+
    cap_once_per_event: bool     # 2022-Feb 2024: the cap could be used once per tournament
    unrated_if_difference: int | None   # rapid/blitz 7.3.1 (1 Dec 2024): 600 points or more ...
    unrated_if_above: int | None        # ... if at least one player is rated above 2600
    initial_rule: str | None     # None: initial ratings of that era are not implemented
    initial_min_games: int       # 7.1.4: games against rated opponents before a rating is published
    initial_max: int | None      # 8.2.3: "The maximum initial rating is 2200"
    list_floor: int              # 7.1.4 / 7.2.1: lowest rating on the list
    standard_rating_counts: bool = False  # rapid/blitz: an unrated player's standard rating is used


_K_2014 = dict(k_new_player=40, new_player_games=30, k_standard=20, k_after_2400=10, k_junior=40,
               junior_below=2300, k_games_limit=700)

STANDARD_RULES: tuple[FideRules, ...] = (
    FideRules("2009-07", date(2009, 7, 1), "FIDE rating regulations from 1 July 2009 (archive) [U]",
              k_new_player=25, new_player_games=30, k_standard=15, k_after_2400=10, k_junior=None,
              junior_to_year_end=False, junior_below=2300, k_games_limit=None, cap=400, cap_exempt_from=None,
              cap_once_per_event=False, unrated_if_difference=None, unrated_if_above=None, initial_rule=None,
              initial_min_games=9, initial_max=None, list_floor=1200),
    FideRules("2011-07", date(2011, 7, 1), "FIDE rating regulations from 1 July 2011 (archive; K 30 for new players) [U]",
              k_new_player=30, new_player_games=30, k_standard=15, k_after_2400=10, k_junior=None,
              junior_to_year_end=False, junior_below=2300, k_games_limit=None, cap=400, cap_exempt_from=None,
              cap_once_per_event=False, unrated_if_difference=None, unrated_if_above=None, initial_rule=None,
              initial_min_games=9, initial_max=None, list_floor=1000),
    FideRules("2014-07", date(2014, 7, 1), "FIDE rating regulations from 1 July 2014 (archive; K 40/20/10, juniors, 700 rule)",
              **_K_2014, junior_to_year_end=False, cap=400, cap_exempt_from=None, cap_once_per_event=False,
              unrated_if_difference=None, unrated_if_above=None, initial_rule=None, initial_min_games=9,
              initial_max=None, list_floor=1000),
    FideRules("2022-01", date(2022, 1, 1), "FIDE rating regulations from 1 January 2022 (archive; 400 cap once per event)",
              **_K_2014, junior_to_year_end=True, cap=400, cap_exempt_from=None, cap_once_per_event=True,
              unrated_if_difference=None, unrated_if_above=None, initial_rule=INITIAL_2022, initial_min_games=5,
              initial_max=None, list_floor=1000),
    FideRules("2024-03", date(2024, 3, 1), "FIDE B.02 rating regulations effective from 1 March 2024",
              **_K_2014, junior_to_year_end=True, cap=400, cap_exempt_from=None, cap_once_per_event=False,
              unrated_if_difference=None, unrated_if_above=None, initial_rule=INITIAL_HYPOTHETICAL_DRAWS,
              initial_min_games=5, initial_max=2200, list_floor=1400),
    FideRules("2025-10", date(2025, 10, 1), "FIDE B.02 rating regulations as amended 1 October 2025 (2650 exception)",
              **_K_2014, junior_to_year_end=True, cap=400, cap_exempt_from=2650, cap_once_per_event=False,
              unrated_if_difference=None, unrated_if_above=None, initial_rule=INITIAL_HYPOTHETICAL_DRAWS,
              initial_min_games=5, initial_max=2200, list_floor=1400),
)

# FIDE Rapid and Blitz Rating Regulations effective 1 March 2024: the standard arithmetic, the 400
# cap without the 2650 exception, and from 1 December 2024 the 600-point rule (7.3.1).
RAPID_BLITZ_RULES: tuple[FideRules, ...] = (
    FideRules("rb-2024-03", date(2024, 3, 1), "FIDE Rapid and Blitz rating regulations effective from 1 March 2024",
              **_K_2014, junior_to_year_end=True, cap=400, cap_exempt_from=None, cap_once_per_event=False,
              unrated_if_difference=None, unrated_if_above=None, initial_rule=INITIAL_HYPOTHETICAL_DRAWS,
              initial_min_games=5, initial_max=2200, list_floor=1400, standard_rating_counts=True),
    FideRules("rb-2024-12", date(2024, 12, 1), "FIDE Rapid and Blitz rating regulations with the 600-point rule of 1 December 2024",
              **_K_2014, junior_to_year_end=True, cap=400, cap_exempt_from=None, cap_once_per_event=False,
              unrated_if_difference=600, unrated_if_above=2600, initial_rule=INITIAL_HYPOTHETICAL_DRAWS,
              initial_min_games=5, initial_max=2200, list_floor=1400, standard_rating_counts=True),
)


@dataclass(frozen=True)
class KDecision:
    """K for the period, and the line of 8.3.3 that decided it."""

    k: int
    rule: str


def development_coefficient(rules: FideRules, *, rating: float, games: int, highest: float,
                            age_this_year: int | None, junior_by_birthday: bool | None = None) -> KDecision:
    """K from B.02 8.3.3, before the 700 rule.

    The article gives no precedence between its lines. The order used is the one FIDE's published
    lists follow (99.2 % of player-months, research note 1.6): once 2400 was published -> 10; a
    junior never rated 2300 -> 40; fewer than 30 games -> 40; otherwise 20.

    `age_this_year` is the event year minus the birth year: under the 2024 text a junior is anyone
    up to "the end of the year of their 18th birthday", i.e. age_this_year <= 18. Older rule sets
    said "until their 18th birthday"; there `junior_by_birthday` (from a full birth date) decides,
    or age_this_year < 18 when only the year is known.
    """
    decisions = _decisions(rules)
    top = max(rating, highest)
    if top >= 2400:
        return decisions[0]
    if rules.k_junior is not None and age_this_year is not None and top < rules.junior_below:
        if rules.junior_to_year_end:
            junior = age_this_year <= 18
        else:
            junior = junior_by_birthday if junior_by_birthday is not None else age_this_year < 18
        if junior:
            return decisions[1]
    if games < rules.new_player_games:
        return decisions[2]
    return decisions[3]


# The four decisions of each rule set, made once: a rating run asks for one per rated player.
# Keyed by identity (a federation's copy of a row may share its name); the row is kept with them.
_DECISIONS: dict[int, tuple[FideRules, tuple[KDecision, ...]]] = {}


def _decisions(rules: FideRules) -> tuple[KDecision, ...]:
    """8.3.3's outcomes under `rules`: reached 2400, junior, new player, otherwise."""
    known = _DECISIONS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    wording = ("until the end of the year of their 18th birthday" if rules.junior_to_year_end
               else "until their 18th birthday")
    decisions = (
        KDecision(rules.k_after_2400, "8.3.3: published rating has reached 2400 -> K 10"),
        KDecision(rules.k_junior, f"8.3.3: junior ({wording}) rated under {rules.junior_below} -> K {rules.k_junior}"),
        KDecision(rules.k_new_player, f"8.3.3: new player, fewer than {rules.new_player_games} games"
                                      f" -> K {rules.k_new_player}"),
        KDecision(rules.k_standard, f"8.3.3: rating under 2400 -> K {rules.k_standard}"),
    )
    _DECISIONS[id(rules)] = (rules, decisions)
    return decisions


def k_for_games(k: int | float, games_in_period: int, limit: int | None = 700) -> tuple[int | float, str]:
    """The 700 rule of B.02 8.3.3: "If the number of games (n) for a player on any list for a rating
    period multiplied by K ... exceeds 700, then K shall be the largest whole number such that
    K x n does not exceed 700." Returns the K to use and the rule applied ("" when none)."""
    if limit is None or games_in_period == 0 or k * games_in_period <= limit:
        return k, ""
    reduced = limit // games_in_period
    return reduced, f"8.3.3: {games_in_period} games x K {k:g} exceeds {limit} -> K {reduced}"
