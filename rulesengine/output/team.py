"""The team standings contract (docs/contracts.md "Team events (issue 22)", `rulesengine standings
TEAM.trf --format json|csv|table`): one document, and the cells the CSV and the table show.

    team_standings_document(run)   # the plain definition: the dict the encoder writes
    team_standings_json_text(run)  # `--format json`
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Sequence

from rulesengine.numbers import to_json_number, to_text
from rulesengine.output.json_text import json_text

if TYPE_CHECKING:
    from rulesengine.api import TeamStandingsRun
    from rulesengine.board_prizes import BoardResult, BoardTable


def team_standings_document(run: TeamStandingsRun, boards: Sequence[BoardTable] | None = None,
                            board_order: str = "points") -> dict:
    """`{"teams": [...], "tiebreaks": [...], "rules": {...}, "notes": [...]}` (the key order is the
    contract's), and `"boards"` only when board tables are given (`--boards`)."""
    document = {
        "teams": [{"rank": row.rank, "team": row.team.number, "name": row.team.name,
                   "mp": to_json_number(row.team.match_points), "gp": to_json_number(row.team.game_points),
                   "tiebreaks": {spec: to_json_number(value) for spec, value in row.values.items()}}
                  for row in run.standings.rows],
        "tiebreaks": list(run.standings.tiebreaks),
        "rules": run.rules.to_json(),
        "notes": list(run.notes),
    }
    if boards is not None:
        document["boards"] = boards_document(boards, board_order)
    return document


def team_standings_json_text(run: TeamStandingsRun, boards: Sequence[BoardTable] | None = None,
                             board_order: str = "points") -> str:
    return json_text(team_standings_document(run, boards, board_order))


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


def team_standings_csv_text(run: TeamStandingsRun, raw: bool = False, boards: Sequence[BoardTable] | None = None,
                            board_order: str = "points") -> str:
    """The team table; with `--boards` an empty line, then the board table (its own header)."""
    from rulesengine.output.csv_text import csv_text   # noqa: PLC0415 (the csv module only for CSV)
    header, rows = team_standings_cells(run)
    text = csv_text(header, rows, raw, comments=team_standings_footer(run))
    if boards is not None:
        text += "\n" + csv_text(*boards_cells(boards, board_order), raw)
    return text


# ---------------------------------------------------------------- --boards (board prizes)


def percent(row: BoardResult) -> Decimal:
    """The percentage of the points out of the games, to 0.1 (half up): a display, not a sort key."""
    share = row.percentage * 100
    return (Decimal(share.numerator) / Decimal(share.denominator)).quantize(Decimal("0.1"), ROUND_HALF_UP)


def boards_document(tables: Sequence[BoardTable], order: str) -> list[dict]:
    """`"boards": [{"board": int, "players": [{"rank", "player", "name", "team", "points", "games", ...}]}]`;
    `performance` and `eligible` only under `--board-order performance`."""
    def player(row: BoardResult) -> dict:
        data = {"rank": row.rank, "player": row.player, "name": row.name, "team": row.team,
                "points": to_json_number(row.points), "games": row.games, "played": row.played,
                "percentage": to_json_number(percent(row)), "rating": row.rating}
        if order == "performance":
            data.update(performance=row.performance, eligible=row.eligible)
        return data
    return [{"board": table.board, "players": [player(row) for row in table.players]} for table in tables]


def boards_cells(tables: Sequence[BoardTable], order: str) -> tuple[list[str], list[list[str]]]:
    """One table for every board (the board number its first column): the CSV's second table."""
    header = ["Board", "Rank", "Player", "Name", "Team", "Rating", "Points", "Games", "Played", "%"]
    if order == "performance":
        header += ["Perf", "Eligible"]
    rows = []
    for table in tables:
        for row in table.players:
            cells = [str(table.board), str(row.rank), str(row.player), row.name, str(row.team),
                     "" if row.rating is None else str(row.rating), to_text(row.points), str(row.games),
                     str(row.played), to_text(percent(row))]
            if order == "performance":
                cells += ["" if row.performance is None else str(row.performance), "yes" if row.eligible else "no"]
            rows.append(cells)
    return header, rows
