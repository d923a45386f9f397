"""The recalculation of a team book, pure like `workbook.recalc.recalculate`: grids in, the Team
Standings sheet to write out.

    layout = team_layout_of(grids, registry)         # None: not a team book
    plan = recalculate_team(grids, layout, registry=registry)

The layout (ours, or a federation's, through `rulesengine_team_layouts`) reads the book into a
`TeamTournament`; `api.team_standings` ranks it (C.07 art. 11, then the tie-breaks of the event's
date); the engine writes the Team Standings sheet, whatever the layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from rulesengine import api
from rulesengine.dates import parse_date
from rulesengine.errors import InputError, Location, Problem, UsageError
from rulesengine.grid import Grid
from rulesengine.registry import Registry, default_registry
from rulesengine.team import TeamTournament
from rulesengine.team_layout import TeamLayout
from rulesengine.workbook.inputs.settings import WorkbookSettings
from rulesengine.workbook.plan import SheetWrite
from rulesengine.workbook.team.columns import TEAM_STANDINGS_SHEET
from rulesengine.workbook.team.write import team_standings_write


# What `recalc` may be told for an individual crosstable only: (the flag, the WorkbookSettings field).
_INDIVIDUAL_FLAGS = (("--system", "rating_system"), ("--rule-set", "rule_set"), ("--rules", "tiebreak_rules"),
                     ("--layout", "layout"), ("--sheet", "crosstable_sheet"), ("--after-round", "after_round"))


@dataclass(frozen=True)
class TeamPlan:
    """What a team recalculation wants written (only the Team Standings sheet), and what it computed."""

    writes: tuple[SheetWrite, ...]
    event: TeamTournament
    run: api.TeamStandingsRun
    layout: str

    @property
    def sheets(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w.sheet for w in self.writes))

    @property
    def notes(self) -> tuple[str, ...]:
        return self.run.notes


def team_layout_of(grids: Mapping[str, Grid], registry: Registry | None = None) -> TeamLayout | None:
    """The first team layout (built-ins first) that recognises the book, None when none does."""
    registry = registry or default_registry()
    return next((layout for layout in registry.team_layouts.values() if layout.detect(grids)), None)


def team_sheets_to_read(sheet_names: Sequence[str]) -> list[str]:
    """Every sheet but the engine's Team Standings."""
    return [name for name in sheet_names if name.strip().lower() != TEAM_STANDINGS_SHEET.lower()]


def recalculate_team(grids: Mapping[str, Grid], layout: TeamLayout, overrides: WorkbookSettings | None = None, *,
                     registry: Registry | None = None) -> TeamPlan:
    """Read the book with `layout`, rank the teams, plan the Team Standings sheet. `overrides` (CLI
    flags: `--tiebreaks`, `--date`) win over the book's Settings. Raises InputError naming cells
    (nothing is to be written then) and UsageError for a bad flag."""
    registry = registry or default_registry()
    flags = overrides or WorkbookSettings()
    unused = [flag for flag, field in _INDIVIDUAL_FLAGS if getattr(flags, field) not in (None, {}, ())]
    if unused:
        raise UsageError(f"{', '.join(unused)}: not for a team book (its Team Standings take --tiebreaks and "
                         f"--date)")
    grids = {name: grid for name, grid in grids.items() if name.strip().lower() != TEAM_STANDINGS_SHEET.lower()}
    event = layout.read(grids, name="")
    extra = event.individual.extra
    texts = list(flags.tiebreaks) if flags.tiebreaks else None
    when = flags.rules_date or parse_date(extra.get("rules_date"))
    try:
        run = api.team_standings(event, texts, registry, rules_date_=when)
    except UsageError as exc:
        cell = extra.get("tiebreaks_cell")
        if texts is not None or not cell:
            raise
        sheet, _, address = cell.rpartition("!")
        raise InputError(Problem(Location(sheet=sheet, cell=address), f"Tie-breaks: {exc}")) from None
    source = " and ".join(layout.sheets[1:] or layout.sheets) or layout.name
    return TeamPlan((team_standings_write(run, registry, source),), event, run, layout.name)
