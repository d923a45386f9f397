"""The FIDE team tie-breaks (C.07 art. 11-13, 14.1.2) as `TeamTiebreakRule` records, and the team
presets: the Olympiad order (Budapest 2024: EMGSB/C1, GPTS, BH:MP/C1) and FIDE_TEAM (record 202
of TEC's FIDE_TEAM example: EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP after the match points)."""

from __future__ import annotations

from datetime import date
from functools import partial

from rulesengine.errors import UsageError
from rulesengine.team_tiebreak import TeamTiebreakContext, TeamTiebreakPreset, TeamTiebreakRule
from rulesengine_fide.tiebreaks.team_direct import CHAIN_CODES
from rulesengine_fide.tiebreaks.team_rules import LOWER_IS_BETTER, RANK_CODES, TEAM_CODES, compute, parse_team_spec
from rulesengine_fide.tiebreaks.team_table import team_table

AMENDMENTS_2026 = date(2026, 3, 1)   # C.07 as amended by the FIDE Council, in force from 1 March 2026

TEAM_PRESETS = {
    "olympiad": ("EMGSB/C1", "GPTS", "BH:MP/C1"),
    "fide_team": ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"),
}
DEFAULT_TEAM_PRESET = "fide_team"


def team_preset(name: str, rules_date: date | None) -> tuple[str, ...]:
    """A preset's list for the event's date: before 2026-03-01 EDE/P stands where the preset
    names a chain of art. 13.3.2 (not yet in force), as TEC's FIDE_TEAM list did then."""
    specs = TEAM_PRESETS[name.lower()]
    if rules_date is not None and rules_date < AMENDMENTS_2026:
        return tuple("EDE" + spec.partition("/")[1] + spec.partition("/")[2] if spec.split("/")[0] in CHAIN_CODES
                     else spec for spec in specs)
    return specs


def _compute(spec: str, context: TeamTiebreakContext):
    event = context.event
    rules_2026 = context.rules_date is not None and context.rules_date >= AMENDMENTS_2026
    if context.rules_date is not None and not rules_2026 and parse_team_spec(spec)[0] in CHAIN_CODES:
        raise UsageError(f"team tie-break {spec!r}: the EDE chains of C.07 art. 13.3.2 are in force from "
                         f"{AMENDMENTS_2026.isoformat()}, the event's rules date is {context.rules_date.isoformat()}; "
                         "EDE (art. 13.3.1) is the one before")
    table = team_table(event, event.is_round_robin, rules_2026)
    return compute(spec, table, event.primary, [list(group) for group in context.groups])


def rule_set_in_force(spec: str, rules_date: date | None) -> str:
    """The C.07 text a team tie-break follows on the event's date: the March 2026 amendments from
    2026-03-01 (art. 16.4 caps, the 13.3.2 chains), the 2024 text before, as FIDE TEC's engine."""
    if rules_date is None:   # as `_compute` reads no date: the caps of 2026 not applied
        return "fide-2024 (no event date)"
    return f"{'fide-2026' if rules_date >= AMENDMENTS_2026 else 'fide-2024'} (in force on {rules_date.isoformat()})"


TEAM_RULES = tuple(TeamTiebreakRule(code, name, f"FIDE C.07 art. {article}", _compute,
                                    higher_is_better=code not in LOWER_IS_BETTER and code not in RANK_CODES,
                                    rule_set_in_force=rule_set_in_force)
                   for code, (name, article) in TEAM_CODES.items())

_PRESET_DESCRIPTIONS = {
    "olympiad": "the Chess Olympiad's order (Budapest 2024): EMGSB/C1, GPTS, BH:MP/C1",
    "fide_team": "TEC's FIDE_TEAM order (record 202): EDET/P (EDE/P before 2026-03-01), EMGSB/C1/P, BH:MP/C1/P, "
                 "MPvGP",
}
TEAM_PRESET_RECORDS = tuple(TeamTiebreakPreset(name, _PRESET_DESCRIPTIONS[name], partial(team_preset, name),
                                               default=name == DEFAULT_TEAM_PRESET) for name in TEAM_PRESETS)
