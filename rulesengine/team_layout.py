"""A team workbook layout, as a plugin provides it (the `rulesengine_team_layouts` hook, issue 22).

Why a record of its own beside `CrosstableLayout`: an individual crosstable is one sheet (its
`detect` and `read` take one grid and give a `Tournament`), while a team event is spread over
several sheets a TD types (the teams with their players in board order, the matches with their
boards) and reads into a `TeamTournament`. A `TeamLayout` therefore takes every sheet of the
book at once:

* `detect(grids)`: whether the book holds a team event in this layout (cheap: it runs on every
  book Recalculate opens);
* `read(grids, *, name)`: the `TeamTournament`, or InputError naming `Sheet!Cell` for every
  inconsistency (a result on a board with no player, a player on two teams, a match score that
  the boards do not add up to), never a guess;
* `export(event)`: the event as this layout's sheets (`{sheet name: Grid}`), which `read` reads
  back to the same team values (`None`: no export).

The engine writes the Team Standings sheet itself; a layout only says where the TD's event is.
The read event's `individual.extra` may name the cells of its settings (`tiebreaks_cell`,
`rules_date_cell`) so that a bad value there is reported at its cell, and `rules_date` (ISO) when
the TD forced the date choosing the rules.

Public: a plugin imports `TeamLayout` from here or from `rulesengine.plugins`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping

from rulesengine.grid import Grid

if TYPE_CHECKING:   # the team model loads only when a team event is read (`plugins` stays quick)
    from rulesengine.team import TeamTournament


@dataclass(frozen=True)
class TeamLayout:
    """A team-event workbook layout (returned by `rulesengine_team_layouts`).

    `name` is how Settings and messages name it; `description` completes "expected ..." when no
    layout fits; `sheets` are the sheets it reads (the ones a Recalculate fingerprints); `aliases`
    other names a TD may type.
    """

    name: str
    description: str
    detect: Callable[[Mapping[str, Grid]], bool]
    read: Callable[..., TeamTournament]
    sheets: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    export: Callable[[TeamTournament], dict[str, Grid]] | None = None
