"""Everything a plugin author imports, from one module.

    from rulesengine.plugins import hookimpl, TiebreakRule, TiebreakOutcome

A plugin is a module with functions decorated by `hookimpl`, named after the hooks in
`rulesengine.hookspecs` (each documented there with an example), and an entry point in the
`rulesengine` group of its distribution. The registry checks every record at load time
(`rulesengine.registry`): a wrong type, a code `standings` cannot parse or a misspelled hook makes
the plugin "broken", shown by `rulesengine plugins`, instead of failing later.

`lazy("my_rules.heavy_module", "compute")` is a function that imports its module on first call:
a plugin whose hooks return records built from `lazy` references loads quickly, which every
command's start-up benefits from.

What a plugin may import from the engine (`PUBLIC_MODULES`, checked over the built-in plugins by
`tests/core/test_plugin_imports.py`): this module, and the core modules whose records and helpers
it names -- `rulesengine.model` (the tournament), `rulesengine.errors`, `rulesengine.tiebreak`,
`rulesengine.rating`, `rulesengine.pairing`, `rulesengine.numbers` (the engine's exact number
parsing and printing, so a plugin prints numbers as every output does), and for a crosstable
layout `rulesengine.layout` (the layout record and what its operations exchange),
`rulesengine.layout_cells` (the helpers every layout reads its sheet with), `rulesengine.grid` (a
sheet as a grid of cell values) and `rulesengine.cell_values` (numbers as TDs type them in
cells), and `rulesengine.team`, `rulesengine.team_tiebreak`, `rulesengine.team_layout` and `rulesengine.team_pairing` (the
team-event model, the team tie-break record, the team workbook layout record and the team pairing system record, issues 22, 24). Everything else is the engine's own and may change: the registry, the collector pause (the registry pauses it around
every plugin call), the fast record constructors, the readers, the workbook, the jobs.
"""

from __future__ import annotations

import importlib

from rulesengine import hookimpl

TYPE_CHECKING = False
if TYPE_CHECKING:   # for type checkers and IDEs; at run time each name is imported when first asked for
    from typing import Any, Callable

    from rulesengine.audit_records import AuditExplainer, Explained, Reading, TeamReading
    from rulesengine.errors import InputError, Location, PluginError, Problem, UsageError
    from rulesengine.formats.base import TournamentFormat
    from rulesengine.model import (Colour, EntryKind, Player, ResultCode, RoundEntry, ScoringSystem,
                                   STANDARD_SCORING, Tournament)
    from rulesengine.pairing import Pairing, PairingRequest, PairingSystem
    from rulesengine.rating import (GameRating, PlayerRating, RatingExplanation, RatingRecord, RatingReport,
                                    RatingRequest, RatingSystem, UnratedRound, event_date_of, rating_score,
                                    round_half_away_from_zero, rule_set_for)
    from rulesengine.tiebreak import (ContributionLine, Explanation, TiebreakContext, TiebreakLegend,
                                      TiebreakOutcome, TiebreakPreset, TiebreakRule, TiebreakSpec, TiebreakValue,
                                      parse_spec)
    from rulesengine.layout import CrosstableLayout
    from rulesengine.team_layout import TeamLayout

PUBLIC_MODULES = ("rulesengine.plugins", "rulesengine.model", "rulesengine.errors", "rulesengine.tiebreak",
                  "rulesengine.rating", "rulesengine.pairing", "rulesengine.numbers", "rulesengine.layout",
                  "rulesengine.layout_cells", "rulesengine.grid", "rulesengine.cell_values", "rulesengine.team",
                  "rulesengine.team_tiebreak", "rulesengine.team_layout",
                  "rulesengine.team_pairing")

# Where each public name lives. A plugin module that needs only `lazy` and `TiebreakRule` (the FIDE
# tie-breaks) then does not import the audit, pairing and workbook layout modules on every start-up.
_HOME = {
    **dict.fromkeys(("AuditExplainer", "Explained", "Reading", "TeamReading"), "rulesengine.audit_records"),
    **dict.fromkeys(("InputError", "Location", "PluginError", "Problem", "UsageError"), "rulesengine.errors"),
    "TournamentFormat": "rulesengine.formats.base",
    **dict.fromkeys(("Colour", "EntryKind", "Player", "ResultCode", "RoundEntry", "ScoringSystem",
                     "STANDARD_SCORING", "Tournament"), "rulesengine.model"),
    **dict.fromkeys(("Pairing", "PairingRequest", "PairingSystem"), "rulesengine.pairing"),
    **dict.fromkeys(("GameRating", "PlayerRating", "RatingExplanation", "RatingRecord", "RatingReport",
                     "RatingRequest", "RatingSystem", "UnratedRound", "event_date_of", "rating_score",
                     "round_half_away_from_zero", "rule_set_for"), "rulesengine.rating"),
    **dict.fromkeys(("ContributionLine", "Explanation", "TiebreakContext", "TiebreakLegend", "TiebreakOutcome",
                     "TiebreakPreset", "TiebreakRule", "TiebreakSpec", "TiebreakValue", "parse_spec"),
                    "rulesengine.tiebreak"),
    "CrosstableLayout": "rulesengine.layout",
    "TeamLayout": "rulesengine.team_layout",
    "TeamPairingSystem": "rulesengine.team_pairing",
}


def __getattr__(name: str):
    """`rulesengine.plugins.NAME` (and `from rulesengine.plugins import NAME`): imported on first use."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'rulesengine.plugins' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def lazy(module: str, name: str) -> Callable[..., Any]:
    """A function that imports `module` on its first call and then calls `module.name`."""
    target: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not target:
            target.append(getattr(importlib.import_module(module), name))
        return target[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported on first use."
    return call


__all__ = [
    "PUBLIC_MODULES", "hookimpl", "lazy",
    # errors a plugin raises for bad input or bad options (shown to the user, exit status 2)
    "InputError", "Location", "PluginError", "Problem", "UsageError",
    # the tournament model
    "Colour", "EntryKind", "Player", "ResultCode", "RoundEntry", "ScoringSystem", "STANDARD_SCORING", "Tournament",
    # tie-breaks (hooks rulesengine_tiebreaks, rulesengine_tiebreak_presets, rulesengine_tiebreak_legends)
    "ContributionLine", "Explanation", "TiebreakContext", "TiebreakLegend", "TiebreakOutcome", "TiebreakPreset",
    "TiebreakRule", "TiebreakSpec", "TiebreakValue", "parse_spec",
    # ratings (hook rulesengine_rating_systems)
    "GameRating", "PlayerRating", "RatingExplanation", "RatingRecord", "RatingReport", "RatingRequest",
    "RatingSystem", "UnratedRound", "event_date_of", "rating_score", "round_half_away_from_zero", "rule_set_for",
    # pairing (hook rulesengine_pairing_systems)
    "Pairing", "PairingRequest", "PairingSystem",
    # team pairing (hook rulesengine_team_pairing_systems)
    "TeamPairingSystem",
    # file formats and workbook layouts (hooks rulesengine_formats, rulesengine_crosstable_layouts)
    "TournamentFormat", "CrosstableLayout",
    # team-event workbook layouts (hook rulesengine_team_layouts)
    "TeamLayout",
    # audits of published results (hook rulesengine.audit_recordsers)
    "AuditExplainer", "Explained", "Reading", "TeamReading",
]
