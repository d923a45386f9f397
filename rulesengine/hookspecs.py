"""The hooks a rulesengine plugin can implement (pluggy project name "rulesengine").

A plugin is a module (or object) with functions decorated by `rulesengine.hookimpl`, named after
the specs below, and registered in the `rulesengine` entry-point group of its distribution:

    [project.entry-points.rulesengine]
    my_federation = "my_federation_rules.plugin"

Every hook returns a list of small typed records; the registry flattens them, and two plugins
registering the same name is an error naming both. The built-in FIDE, US Chess and club plugins
use exactly these hooks.
"""

from __future__ import annotations

import pluggy

from rulesengine.formats.base import TournamentFormat
from rulesengine.pairing import PairingSystem
from rulesengine.rating import RatingSystem
from rulesengine.tiebreak import TiebreakLegend, TiebreakPreset, TiebreakRule

hookspec = pluggy.HookspecMarker("rulesengine")


@hookspec
def rulesengine_tiebreaks() -> list[TiebreakRule]:
    """Return the tie-break rules this plugin provides.

    Called once when the registry loads. Each `TiebreakRule` names its official code (e.g. "BH",
    "SB" or a federation's own code), the article it implements, the modifier letters it accepts
    and a pure `compute(spec, context)` returning values for every player. `standings` calls it
    with the criteria already applied in `context.previous`.
    """


@hookspec
def rulesengine_tiebreak_presets() -> list[TiebreakPreset]:
    """Return named tie-break orders (e.g. "uschess"), usable wherever a spec list is accepted."""


@hookspec
def rulesengine_tiebreak_legends() -> list[TiebreakLegend]:
    """Return how published crosstables name this plugin's tie-breaks.

    Used to read a Swiss-Manager / chess-results legend ("Tie Break1: Buchholz Tie-Breaks (variabel
    with parameter)") into specs, and by audits to map a published column to a rule. The plugin
    that owns a code supplies its legend names; the core knows none.
    """


@hookspec
def rulesengine_rating_systems() -> list[RatingSystem]:
    """Return the rating systems this plugin provides.

    `RatingSystem.rate(request)` is pure: from the event, the players' pre-event records and the
    event date it returns a `RatingReport` with every game's figures and the rule that decided
    each. Rules that changed over time are chosen by `request.event_date` unless
    `request.rule_set` forces one of `RatingSystem.rule_sets`.
    """


@hookspec
def rulesengine_pairing_systems() -> list[PairingSystem]:
    """Return the pairing systems this plugin provides (e.g. FIDE Dutch, C.04.3)."""


@hookspec
def rulesengine_formats() -> list[TournamentFormat]:
    """Return the tournament file formats this plugin can read and/or write (e.g. TRF-16)."""


@hookspec
def rulesengine_audit_explainers() -> list:
    """Return what this plugin knows about how published tie-break values come to differ.

    Used by `rulesengine audit`. Each `rulesengine.audit.explain.AuditExplainer` names the
    tie-break codes it covers, the rules edition in force on a date, and the alternative readings
    of a rule (other dated texts of the regulations, known program variants) that the audit
    recomputes a column under, with the article explaining the difference in words when one of
    them reproduces the published value. The core audit knows no federation's rules.
    """
