"""The Team Standings sheet (docs/contracts.md "Team workbook (issue 22)"): the columns of
`rulesengine standings TEAM.trf` (rank, team, name, MP, GP, one column per tie-break spec), under
a title, and a legend saying what each column is, by which article and rule text.

    Spring League 2026 - Team Standings after round 5                 <- title
    8 teams, 4 boards; primary score MP; tie-breaks in order: ...     <- subtitle
    Rank | Team | Name | MP | GP | EDET/P | EMGSB/C1/P | ...
    ...
                                                                      <- blank
    Legend | ...                                                      <- each column, the rules, notes

No time stamp: a second Recalculate of the same book writes the same sheet.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from rulesengine import __version__
from rulesengine.grid import CellValue
from rulesengine.numbers import to_json_number
from rulesengine.registry import Registry
from rulesengine.team_standings import spec_code
from rulesengine.workbook.look.paper import fit_page
from rulesengine.workbook.plan import STYLE_HEADER, STYLE_SHARED, STYLE_SUBTITLE, STYLE_TITLE, SheetLook, SheetWrite
from rulesengine.workbook.sheets.measure import fit_widths, heading_widths, number_format
from rulesengine.workbook.team.columns import TEAM_STANDINGS_SHEET

if TYPE_CHECKING:
    from rulesengine.api import TeamStandingsRun

TEAM_STANDINGS_HEADER = ("Rank", "Team", "Name", "MP", "GP")
TEXT_MIN = 60   # characters: the narrowest a wrapped title or legend line gets


def team_standings_write(run: TeamStandingsRun, registry: Registry, source: str) -> SheetWrite:
    """The sheet for a ranked team event; `source` says what it was computed from (`Matches`)."""
    event, table = run.event, run.standings
    specs = list(table.tiebreaks)
    header = TEAM_STANDINGS_HEADER + tuple(specs)
    body = [tuple([row.rank, row.team.number, row.team.name, to_json_number(row.team.match_points),
                   to_json_number(row.team.game_points), *(to_json_number(row.values[s]) for s in specs)])
            for row in table.rows]
    widths = fit_widths(body, range(len(body)))
    for c, width in heading_widths(header).items():
        widths[c] = max(widths.get(c, 0), width)
    # The legend's labels sit in column A; its text runs from column B over the empty cells to its right.
    widths[0] = max(widths.get(0, 0), len("Computed by") + 2)
    page = fit_page(widths, {2: 18})
    line = int(max(TEXT_MIN, sum(page.widths.values()) - 2))
    name = event.individual.name
    heading = f"Team Standings after round {event.rounds}"
    primary = "match points" if event.primary == "MP" else "game points"
    titles = [(f"{name} - {heading}" if name else heading,)]
    titles += [(text,) for text in _wrap(f"{len(event.teams)} teams, {event.boards} boards; ranked by {primary} "
                                         f"(C.07 art. 11), then: {', '.join(specs) or 'nothing more'}", line)]
    legend = [("Legend", "Rank: teams still tied after every criterion share a rank; MP match points, GP game "
                         "points")]
    rules = registry.team_tiebreaks
    for spec in specs:
        rule = rules.get(spec_code(spec))
        about = f"{rule.name} ({rule.article})" if rule is not None else spec
        legend.append((spec, about + (", lower is better" if rule is not None and not rule.higher_is_better
                                      else "")))
    worded = run.rules.text()
    legend.append(("Rules", worded.removeprefix("Rules: ")))
    legend += [("Note", note) for note in run.notes]
    sheets = "sheets" if " and " in source else "sheet"
    legend.append(("Computed by", f"rulesengine {__version__} from the {source} {sheets}"))
    wrapped: list[tuple[CellValue, ...]] = []
    for label, text in legend:
        lines = _wrap(text, line)
        wrapped += [(label, lines[0]), *(("", more) for more in lines[1:])]
    h = len(titles)
    rows = tuple(titles) + (header,) + tuple(body) + ((),) + tuple(wrapped)
    shared = {row.rank for row in table.rows if sum(1 for other in table.rows if other.rank == row.rank) > 1}
    formats = {0: "0", 1: "0", **{c: number_format(r[c] for r in body) for c in range(3, len(header))}}
    look = SheetLook(
        title_rows=tuple(range(h)), header_rows=(h,), number_formats=formats, column_widths=page.widths,
        freeze_rows=h + 1, repeat_rows=(h, h), landscape=page.landscape,
        row_styles={0: STYLE_TITLE, **{r: STYLE_SUBTITLE for r in range(1, h)}, h: STYLE_HEADER},
        cell_styles={(h + 1 + i, 0): STYLE_SHARED for i, row in enumerate(table.rows) if row.rank in shared},
        merge_rows=tuple(range(h)))
    return SheetWrite(TEAM_STANDINGS_SHEET, rows, header_rows=(h,), look=look)


def _wrap(line: str, width: int) -> list[str]:
    return textwrap.wrap(line, width=width, break_long_words=False, break_on_hyphens=False) or [""]
