"""The FIDE team tie-breaks (C.07 art. 11-13, 14.1.2) as `TeamTiebreakRule` records, and the team
presets: the Olympiad order (Budapest 2024: EMGSB/C1, GPTS, BH:MP/C1) and FIDE_TEAM (record 202
of TEC's FIDE_TEAM example: EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP after the match points)."""

from __future__ import annotations

from datetime import date
from functools import partial

from rulesengine.plugins import lazy
from rulesengine.team_tiebreak import TeamTiebreakPreset, TeamTiebreakRule
from rulesengine_fide.tiebreaks.team_codes import AMENDMENTS_2026, CHAIN_CODES, LOWER_IS_BETTER, RANK_CODES, TEAM_CODES


TEAM_PRESETS = {
    "olympiad": ("EMGSB/C1", "GPTS", "BH:MP/C1"),
    "fide_team": ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"),
}
DEFAULT_TEAM_PRESET = "fide_team"


def team_preset(name: str, rules_date: date | None) -> tuple[str, ...]:
    """A preset's list for the event's date: before 2026-03-01 EDE/P stands where the preset
    names a chain of art. 13.3.2, as TEC's FIDE_TEAM list did then (the 2024 text names no chain;
    an event's own list may still choose one, `table_in_context`)."""
    specs = TEAM_PRESETS[name.lower()]
    if rules_date is not None and rules_date < AMENDMENTS_2026:
        return tuple("EDE" + spec.partition("/")[1] + spec.partition("/")[2] if spec.split("/")[0] in CHAIN_CODES
                     else spec for spec in specs)
    return specs


def rule_set_in_force(spec: str, rules_date: date | None) -> str:
    """The C.07 text a team tie-break follows on the event's date: the March 2026 amendments from
    2026-03-01 (art. 16.4 caps, the 13.3.2 chains), the 2024 text before, as FIDE TEC's engine."""
    if rules_date is None:   # as `_compute` reads no date: the caps of 2026 not applied
        return "fide-2024 (no event date)"
    return f"{'fide-2026' if rules_date >= AMENDMENTS_2026 else 'fide-2024'} (in force on {rules_date.isoformat()})"


# The computing modules are imported when a team event is first ranked, not when the plugin loads.
_COMPUTE = lazy("rulesengine_fide.tiebreaks.team_rules", "compute_in_context")
_EXPLAIN = lazy("rulesengine_fide.tiebreaks.team_explain", "explain_in_context")
TEAM_RULES = tuple(TeamTiebreakRule(code, name, f"FIDE C.07 art. {article}", _COMPUTE,
                                    higher_is_better=code not in LOWER_IS_BETTER and code not in RANK_CODES,
                                    rule_set_in_force=rule_set_in_force, explain=_EXPLAIN)
                   for code, (name, article) in TEAM_CODES.items())

_PRESET_DESCRIPTIONS = {
    "olympiad": "the Chess Olympiad's order (Budapest 2024): EMGSB/C1, GPTS, BH:MP/C1",
    "fide_team": "TEC's FIDE_TEAM order (record 202): EDET/P (EDE/P before 2026-03-01), EMGSB/C1/P, BH:MP/C1/P, "
                 "MPvGP",
}
TEAM_PRESET_RECORDS = tuple(TeamTiebreakPreset(name, _PRESET_DESCRIPTIONS[name], partial(team_preset, name),
                                               default=name == DEFAULT_TEAM_PRESET) for name in TEAM_PRESETS)
