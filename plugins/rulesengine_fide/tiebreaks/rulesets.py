"""Which text of the FIDE Tie-Break Regulations (C.07) applies, and whether round-robin rules do.

Three texts differ in how unplayed rounds enter opponent-based tie-breaks (art. 16):

* ``fide-2026`` -- in force from 1 March 2026: the dummy opponent of art. 16.4 is capped
  (16.4.1 at the scheduled opponent's adjusted score, 16.4.2 at draw points x rounds).
* ``fide-2024`` -- the text in force from 1 September 2023 (reissued August 2024) until
  28 February 2026: the dummy opponent scores the player's own final score, uncapped.
* ``fide-2017-virtual-opponent`` -- the rule in force until 31 August 2023: a *virtual
  opponent* who starts the round on the player's score and draws every later round, and
  every unplayed game of an opponent counts as a draw (Congress 2009 text).

The set is chosen, first match wins, by a ``/V`` modifier on the spec (TieBreakServer's
``/V0`` ``/V1`` ``/V2``, or ``/V2022`` ``/V2024`` ``/V2026``), by the rule set the user forced
(``--rules fide-2024``: ``TiebreakContext.rule_set``), by the option ``fide_rules`` (one of the
names above), by the event's start date, or else the newest text.

The names of the sets and of the two options are the FIDE plugin's own: every FIDE tie-break
declares them (``TiebreakRule.rule_sets`` / ``options``), so the core and its front ends learn
them from the registry and name no FIDE text themselves.
"""

from __future__ import annotations

import enum
from datetime import date

from rulesengine.errors import UsageError
from rulesengine.tiebreak import TiebreakContext, TiebreakSpec

#: Option naming the rule set explicitly (``options["fide_rules"] = "fide-2024"``).
RULES_OPTION = "fide_rules"
#: Option forcing round-robin or Swiss treatment ("round robin" / "swiss"), like
#: TieBreakServer's ``-p`` and ``-s``.
PAIRING_KIND_OPTION = "pairing_kind"

#: What every FIDE tie-break declares it reads from ``context.options``.
OPTIONS = {
    RULES_OPTION: "the C.07 text to apply: fide-2026, fide-2024 or fide-2017-virtual-opponent "
                  "(default: the text in force on the event date)",
    PAIRING_KIND_OPTION: "'round robin' or 'swiss': apply art. 15's round-robin rules or not, whatever the "
                         "file says",
}


class RuleSet(enum.Enum):
    FIDE_2026 = "fide-2026"
    FIDE_2024 = "fide-2024"
    FIDE_2017_VIRTUAL_OPPONENT = "fide-2017-virtual-opponent"

    @property
    def caps_dummy(self) -> bool:
        """Art. 16.4.1/16.4.2 (March 2026): the dummy opponent's score is capped."""
        return self is RuleSet.FIDE_2026

    @property
    def virtual_opponent(self) -> bool:
        return self is RuleSet.FIDE_2017_VIRTUAL_OPPONENT


#: The texts a user may force, oldest first (``TiebreakRule.rule_sets``).
RULE_SET_NAMES = ("fide-2017-virtual-opponent", "fide-2024", "fide-2026")

FIDE_2026_START = date(2026, 3, 1)
FIDE_2023_START = date(2023, 9, 1)

_BY_VERSION = {"0": RuleSet.FIDE_2017_VIRTUAL_OPPONENT, "2022": RuleSet.FIDE_2017_VIRTUAL_OPPONENT,
               "1": RuleSet.FIDE_2024, "2024": RuleSet.FIDE_2024, "2023": RuleSet.FIDE_2024,
               "2": RuleSet.FIDE_2026, "2026": RuleSet.FIDE_2026, "": RuleSet.FIDE_2026}


def rule_set_for_date(day: date | None) -> RuleSet:
    """The text in force on a date (no date: the newest text)."""
    if day is None or day >= FIDE_2026_START:
        return RuleSet.FIDE_2026
    if day >= FIDE_2023_START:
        return RuleSet.FIDE_2024
    return RuleSet.FIDE_2017_VIRTUAL_OPPONENT


def parse_rule_set(name: str) -> RuleSet:
    for rule_set in RuleSet:
        if rule_set.value == str(name).strip().lower():
            return rule_set
    known = ", ".join(r.value for r in RuleSet)
    raise UsageError(f"unknown FIDE tie-break rule set {name!r} (option {RULES_OPTION}); known: {known}")


def check_version(spec: TiebreakSpec) -> None:
    """Refuse a /V modifier that names no rule version."""
    version = spec.modifier("V")
    if version is not None and version not in _BY_VERSION:
        raise UsageError(f"tie-break {spec}: /V{version} is not a rule version (V0, V1, V2, V2022, V2024, V2026)")


def rule_set(spec: TiebreakSpec, context: TiebreakContext) -> RuleSet:
    """The rule set for this spec in this context (see module docstring for the order)."""
    return _chosen(spec, context)[0]


def _chosen(spec: TiebreakSpec, context: TiebreakContext) -> tuple[RuleSet, str | None]:
    """The rule set and why it was forced; None: the text of the event's date (the usual case,
    asked per player, so the reason is worded only when shown: `rule_set_in_force`)."""
    version = spec.modifier("V")
    if version is not None:
        check_version(spec)
        return _BY_VERSION[version], f"forced by the modifier /V{version}"
    if context.rule_set and context.rule_set.strip().lower() in RULE_SET_NAMES:
        return parse_rule_set(context.rule_set), "forced by the user"
    named = context.options.get(RULES_OPTION)
    if named:
        return (named if isinstance(named, RuleSet) else parse_rule_set(named)), f"forced by option {RULES_OPTION}"
    return rule_set_for_date(context.rules_date), None


def rule_set_in_force(spec: TiebreakSpec, context: TiebreakContext) -> str:
    """Which C.07 text this computation follows and why ("fide-2024 (in force on 2025-10-31)")."""
    chosen, why = _chosen(spec, context)
    if why is None:
        when = context.rules_date
        why = f"in force on {when.isoformat()}" if when is not None else "no event date: the newest text"
    return f"{chosen.value} ({why})"


def is_round_robin(context: TiebreakContext) -> bool:
    """Round-robin treatment (art. 15) unless forced otherwise by the pairing-kind option."""
    forced = context.options.get(PAIRING_KIND_OPTION)
    if forced:
        text = str(forced).strip().lower().replace("-", " ").replace("_", " ")
        if text in ("round robin", "rr", "robin", "berger", "predetermined", "pre determined"):
            return True
        if text == "swiss":
            return False
        raise UsageError(f"option {PAIRING_KIND_OPTION}: {forced!r} is neither 'round robin' nor 'swiss'")
    return context.tournament.is_round_robin
