"""The team standings contract (docs/contracts.md "Team events (issue 22)", `rulesengine standings
TEAM.trf --format json|csv|table`): one document, and the cells the CSV and the table show.

    team_standings_document(run)   # the plain definition: the dict the encoder writes
    team_standings_json_text(run)  # `--format json`
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesengine.numbers import to_json_number, to_text
from rulesengine.output.json_text import json_text

if TYPE_CHECKING:
    from rulesengine.api import TeamStandingsRun


def team_standings_document(run: TeamStandingsRun) -> dict:
    """`{"teams": [...], "tiebreaks": [...], "rules": {...}, "notes": [...]}` (the key order is the contract's)."""
    return {
        "teams": [{"rank": row.rank, "team": row.team.number, "name": row.team.name,
                   "mp": to_json_number(row.team.match_points), "gp": to_json_number(row.team.game_points),
                   "tiebreaks": {spec: to_json_number(value) for spec, value in row.values.items()}}
                  for row in run.standings.rows],
        "tiebreaks": list(run.standings.tiebreaks),
        "rules": run.rules.to_json(),
        "notes": list(run.notes),
    }


def team_standings_json_text(run: TeamStandingsRun) -> str:
    return json_text(team_standings_document(run))


def team_standings_cells(run: TeamStandingsRun) -> tuple[list[str], list[list[str]]]:
    """The header and rows of `--format csv` and `--format table`: the JSON's columns in its order."""
    specs = list(run.standings.tiebreaks)
    rows = [[str(row.rank), str(row.team.number), row.team.name, to_text(row.team.match_points),
             to_text(row.team.game_points), *(to_text(row.values[spec]) for spec in specs)]
            for row in run.standings.rows]
    return ["Rank", "Team", "Name", "MP", "GP", *specs], rows


def team_standings_footer(run: TeamStandingsRun) -> list[str]:
    """The lines under the table (CSV: `# ` comment lines): the rules used, then the notes."""
    return [run.rules.text(), *(f"Note: {note}" for note in run.notes)]


def team_standings_csv_text(run: TeamStandingsRun, raw: bool = False) -> str:
    from rulesengine.output.csv_text import csv_text   # noqa: PLC0415 (the csv module only for CSV)
    header, rows = team_standings_cells(run)
    return csv_text(header, rows, raw, comments=team_standings_footer(run))
