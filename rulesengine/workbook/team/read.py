"""Our team template read into a `TeamTournament` (the built-in `TeamLayout`, issue 22).

    event = read({"Settings": grid, "Teams": grid, "Matches": grid})

The Teams sheet gives the teams and their players in board order; the Matches sheet one block
per match: a match row (round, home team, the typed match score, away team or a bye) and a row
per board (home player, result read home-away, away player). Every inconsistency is a problem at
its cell, all reported at once: a result on a board with no player, a player on two teams or on
two boards of a round, a team in two matches of a round, a match score the boards do not add up
to, a played round's match without results. Nothing is guessed.
"""

from __future__ import annotations

from typing import Mapping

from rulesengine.cell_values import parse_int, whole_number
from rulesengine.errors import InputError, Problem
from rulesengine.grid import Grid, text
from rulesengine.layout_cells import Problems
from rulesengine.limits import MAX_RATING, MIN_RATING
from rulesengine.model import Player
from rulesengine.team import MAX_TEAM_PLAYERS, TeamTournament
from rulesengine.workbook.team.build import build_event
from rulesengine.workbook.team.columns import (M_ROUND, MATCHES_SHEET, PLAYER_BOARD, PLAYER_FED, PLAYER_ID,
                                               PLAYER_NAME, PLAYER_RATING, PLAYER_TITLE, SETTINGS_SHEET, TEAM_NAME,
                                               TEAM_NICKNAME, TEAM_NO, TEAMS_SHEET)
from rulesengine.workbook.team.matches import MatchReader, Roster
from rulesengine.workbook.team.pairing_rows import team_pairing_records
from rulesengine.workbook.team.settings import read_settings


def sheet_named(grids: Mapping[str, Grid], name: str) -> Grid | None:
    return next((grid for key, grid in grids.items() if key.strip().lower() == name.lower()), None)


def detect(grids: Mapping[str, Grid]) -> bool:
    """A Teams sheet headed `Team` and a Matches sheet headed `Round`."""
    teams, matches = sheet_named(grids, TEAMS_SHEET), sheet_named(grids, MATCHES_SHEET)
    return (teams is not None and matches is not None and text(teams.value(0, TEAM_NO)).lower() == "team"
            and text(matches.value(0, M_ROUND)).lower() == "round")


def read(grids: Mapping[str, Grid], *, name: str = "") -> TeamTournament:
    """The team event of the book; InputError with every problem found (`Sheet!Cell: message`)."""
    teams_grid, matches_grid = sheet_named(grids, TEAMS_SHEET), sheet_named(grids, MATCHES_SHEET)
    if teams_grid is None or matches_grid is None:
        missing = TEAMS_SHEET if teams_grid is None else MATCHES_SHEET
        raise InputError(_problem(missing, "A1", f"no {missing} sheet: a team book has Teams and Matches sheets"))
    settings_grid = sheet_named(grids, SETTINGS_SHEET)
    setting_problems = Problems(settings_grid.sheet if settings_grid is not None else SETTINGS_SHEET)
    settings = read_settings(settings_grid, setting_problems)
    players, rosters, team_problems = _read_teams(teams_grid)
    records = team_pairing_records(settings.pairing_rows, [(r.number, r.name, r.nickname) for r in rosters],
                                   swiss=settings.kind == "swiss", primary=settings.primary, rounds=settings.rounds,
                                   problems=setting_problems)
    reader = MatchReader(matches_grid, rosters, players, settings)
    matches = reader.read()
    problems = setting_problems.items + team_problems.items + reader.problems.items
    if problems:
        raise InputError(problems)
    return build_event(settings, players, rosters, matches, reader, name, matches_grid.sheet, records)


def _problem(sheet: str, cell: str, message: str) -> Problem:
    problems = Problems(sheet)
    problems.at(cell, message)
    return problems.items[0]


# ---------------------------------------------------------------- Teams


def _read_teams(grid: Grid) -> tuple[dict[int, Player], list[Roster], Problems]:
    """Teams and players, numbered 1, 2, ... in the sheet's order (team by team, board by board)."""
    problems = Problems(grid.sheet)
    rosters: list[Roster] = []
    players: dict[int, Player] = {}
    # A player on two teams: by FIDE ID -> (team, cell), by name -> (team, cell, FIDE ID).
    seen_ids: dict[str, tuple[int, str]] = {}
    seen_names: dict[str, tuple[int, str, str]] = {}
    for r in range(1, grid.height):
        cells = [text(grid.value(r, c)) for c in range(PLAYER_ID + 1)]
        if not any(cells):
            continue
        if cells[TEAM_NO]:
            number = whole_number(grid.value(r, TEAM_NO))
            if number is None or not 1 <= number <= 9999:
                problems.add(r, TEAM_NO, f"team number {cells[TEAM_NO]!r}: want a whole number 1 to 9999")
                continue
            if not rosters or rosters[-1].number != number:
                if any(t.number == number for t in rosters):
                    problems.add(r, TEAM_NO, f"team {number} is listed twice (its players go on consecutive rows)")
                    continue
                rosters.append(Roster(number, cells[TEAM_NAME], cells[TEAM_NICKNAME], grid.address(r, TEAM_NAME)))
        if not cells[PLAYER_NAME]:
            if any(cells[c] for c in (PLAYER_RATING, PLAYER_ID)):
                problems.add(r, PLAYER_NAME, "a player's rating or FIDE ID without the player's name")
            continue
        if not rosters:
            problems.add(r, TEAM_NO, f"player {cells[PLAYER_NAME]!r} comes before any team number")
            continue
        team = rosters[-1]
        if len(team.players) == MAX_TEAM_PLAYERS:
            problems.add(r, PLAYER_NAME, f"team {team.number} has more than {MAX_TEAM_PLAYERS} players "
                                         f"(record 310 holds 14)")
            continue
        if cells[PLAYER_BOARD] and whole_number(grid.value(r, PLAYER_BOARD)) != len(team.players) + 1:
            problems.add(r, PLAYER_BOARD, f"board {cells[PLAYER_BOARD]!r}: team {team.number}'s players are "
                                          f"listed in board order, so this one is board {len(team.players) + 1}")
        rating = None
        if cells[PLAYER_RATING]:
            rating = parse_int(grid.value(r, PLAYER_RATING))
            if rating is None or not MIN_RATING <= rating <= MAX_RATING:
                problems.add(r, PLAYER_RATING, f"rating {cells[PLAYER_RATING]!r}: want a whole number "
                                               f"{MIN_RATING} to {MAX_RATING}")
                rating = None
        fide_id = cells[PLAYER_ID]
        if fide_id and not fide_id.isdigit():
            problems.add(r, PLAYER_ID, f"FIDE ID {fide_id!r}: want digits only")
        other = seen_ids.get(fide_id) if fide_id else None
        if other is not None and other[0] != team.number:
            problems.add(r, PLAYER_ID, f"FIDE ID {fide_id} is on team {other[0]} too ({other[1]}): a player plays "
                                       f"for one team")
        named = seen_names.get(cells[PLAYER_NAME].casefold())
        # Two players of one name with different FIDE IDs are two people; without IDs, one.
        if other is None and named is not None and named[0] != team.number and not (fide_id and named[2]
                                                                                      and fide_id != named[2]):
            problems.add(r, PLAYER_NAME, f"{cells[PLAYER_NAME]!r} is on team {named[0]} too ({named[1]}): a player "
                                         f"plays for one team")
        if fide_id:
            seen_ids.setdefault(fide_id, (team.number, grid.address(r, PLAYER_ID)))
        seen_names.setdefault(cells[PLAYER_NAME].casefold(), (team.number, grid.address(r, PLAYER_NAME), fide_id))
        sno = len(players) + 1
        players[sno] = Player(sno, cells[PLAYER_NAME], title=cells[PLAYER_TITLE], rating=rating,
                              federation=cells[PLAYER_FED], player_id=fide_id, id_issuer="FIDE" if fide_id else "")
        team.players.append(sno)
    for team in rosters:
        if not team.name and team.players:
            problems.at(team.cell.rpartition("!")[2], f"team {team.number} has no name")
    # A prepared team number with neither a name nor players is a block the event did not use.
    return players, [t for t in rosters if t.name or t.players], problems

