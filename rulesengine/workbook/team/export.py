"""A `TeamTournament` as our team template's sheets (the built-in team layout's `export`): what
`rulesengine new-workbook team-swiss OUT.xlsx --from TEAM.trf` fills in, and what `read` reads
back to the same team values.

    grids = export(event)    # {"Settings": Grid, "Teams": Grid, "Matches": Grid}
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.dates import parse_date
from rulesengine.errors import UsageError
from rulesengine.grid import CellValue, Grid
from rulesengine.model import ResultCode
from rulesengine.team import MatchKind, Team, TeamTournament
from rulesengine.workbook.team.pairing_rows import settings_rows
from rulesengine.workbook.team.columns import (BOARD_RESULTS, BYE_WORDS, COLOUR_MODEL_WORDS, MATCH_COLUMNS,
                                               MATCHES_SHEET, SETTING_LABELS, SETTINGS_SHEET, TEAM_COLUMNS, TEAMS_SHEET)

_NOTATION = {codes: notation for notation, codes in BOARD_RESULTS.items()}
_BYE_WORD = {MatchKind.PAIRING_ALLOCATED_BYE: "PAB", MatchKind.FULL_POINT_BYE: "FPB",
             MatchKind.HALF_POINT_BYE: "HPB", MatchKind.ZERO_POINT_BYE: "ZPB"}


def points_text(value: Fraction) -> str:
    """2.5 -> "2½", 0.5 -> "½", 3 -> "3": how a match card writes game points."""
    whole, half = divmod(value, 1)
    if half == 0:
        return str(int(whole))
    if half != Fraction(1, 2):
        return f"{float(value):g}"
    return f"{int(whole) if whole else ''}½"


def export(event: TeamTournament) -> dict[str, Grid]:
    """The event as the Settings, Teams and Matches sheets (values only, in the template's columns)."""
    return {SETTINGS_SHEET: Grid(SETTINGS_SHEET, _settings_rows(event)),
            TEAMS_SHEET: Grid(TEAMS_SHEET, _team_rows(event)),
            MATCHES_SHEET: Grid(MATCHES_SHEET, _match_rows(event))}


def _settings_rows(event: TeamTournament) -> list[list[CellValue]]:
    t = event.individual
    start, end = parse_date(t.start_date), parse_date(t.end_date)
    tp = event.team_points
    values = {
        "event": t.name, "start date": start.isoformat() if start else "", "end date": end.isoformat() if end else "",
        "type": "round robin" if event.is_round_robin else "swiss", "rounds": event.rounds,
        "boards": event.boards, "team points": "/".join(points_text(p) for p in (tp.win, tp.draw, tp.loss)),
        "primary score": event.primary, "team pab": "/".join(map(points_text, event.pab)) if event.pab else "",
        "board colours": event.colour_sequence, "tie-breaks": ", ".join(t.tiebreak_order), "rules date": "",
        "colour model": _colour_model(event), "first colour": _first_colour(event),
    }
    rows = [["Setting", "Value", "What it means"], *([label, values[key]] for key, label in SETTING_LABELS.items())]
    return rows + ([] if event.is_round_robin else settings_rows(t.header))   # records 260 and 250


def _colour_model(event: TeamTournament) -> str:
    """The colour model (C.04.6 art. 1.7) as Settings writes it: the event's, else the word of
    record 192's code that names it; "" when neither says (type A, as the pairing reads it)."""
    if event.is_round_robin:
        return ""
    if event.colour_model:
        return "none" if event.colour_model == "no colour" else event.colour_model
    words = event.type_code.strip().upper().split("_")
    return next((COLOUR_MODEL_WORDS[w] for w in words if w in COLOUR_MODEL_WORDS), "")


def _first_colour(event: TeamTournament) -> str:
    """Record 152 (C.04.6 art. 4.1) as Settings writes it."""
    letter = next((rest.strip()[:1].upper() for code, rest in event.individual.header if code in ("152", "XXC")), "")
    return {"W": "white", "B": "black"}.get(letter, "")


def _team_rows(event: TeamTournament) -> list[list[CellValue]]:
    rows: list[list[CellValue]] = [list(TEAM_COLUMNS)]
    for team in event.teams:
        if not team.players:
            rows.append([team.number, team.name, team.nickname])
        for board, sno in enumerate(team.players, start=1):
            p = event.individual.player(sno)
            first = board == 1
            rows.append([team.number if first else None, team.name if first else None,
                         (team.nickname or None) if first else None, board, p.name, p.title or None,
                         p.federation or None, p.rating, p.player_id or None])
    return rows


def _match_rows(event: TeamTournament) -> list[list[CellValue]]:
    rows: list[list[CellValue]] = [list(MATCH_COLUMNS)]
    forfeits = {(f.round, f.white): f for f in event.forfeits}
    for rnd in range(1, event.rounds + 1):
        done: set[int] = set()
        for team in event.teams:
            r = team.rounds[rnd - 1]
            if team.number in done or r.kind is MatchKind.NOT_PAIRED:
                continue
            if r.kind in _BYE_WORD:
                rows.append([rnd, None, team_cell(event, team), None, _BYE_WORD[r.kind]])
                done.add(team.number)
                continue
            other = event.team(r.opponent)
            done |= {team.number, other.number}
            if r.kind is not MatchKind.MATCH:   # record 330: as the file named the two teams
                forfeit = forfeits.get((rnd, team.number)) or forfeits[rnd, other.number]
                result = {"+-": "+/-", "-+": "-/+", "--": "--"}[forfeit.result]
                rows.append([rnd, None, team_cell(event, forfeit.white), result, team_cell(event, forfeit.black)])
                continue
            home, away = _home_first(event, team, other, rnd)
            rows.extend(_match_block(event, rnd, home, away))
    return rows


def _home_first(event: TeamTournament, team: Team, other: Team, rnd: int) -> tuple[Team, Team]:
    """The first-named team: the one whose first fielded player has the colour record 352 gives
    the first-named team on that board (white on odd boards without 352)."""
    sequence = event.colour_sequence or "WB" * 7
    for board in team.rounds[rnd - 1].boards:
        if board.player is not None:
            colour = event.individual.player(board.player).entry(rnd).colour.value.upper()
            first = sequence[(board.number - 1) % len(sequence)]
            return (team, other) if colour == first or colour == "-" else (other, team)
    return (team, other) if team.number < other.number else (other, team)


def _match_block(event: TeamTournament, rnd: int, home: Team, away: Team) -> list[list[CellValue]]:
    mine, theirs = home.rounds[rnd - 1], away.rounds[rnd - 1]
    rows: list[list[CellValue]] = [[rnd, None, team_cell(event, home), f"{points_text(mine.game_points)}-"
                                    f"{points_text(theirs.game_points)}", team_cell(event, away)]]
    for index, board in enumerate(mine.boards):
        opposite = theirs.boards[index] if index < len(theirs.boards) else None
        away_player = opposite.player if opposite is not None else None
        if board.player is not None and board.opponent != away_player:
            raise UsageError(f"round {rnd}: team {home.number}'s board {board.number} faces a player who is not on "
                             f"team {away.number}'s board {board.number}; the team template writes a match board by "
                             f"board")
        codes = (_code(event, board.player, rnd), _code(event, away_player, rnd))
        if board.player is None and away_player is None:
            rows.append([None, board.number])
            continue
        notation = _NOTATION.get(_filled(codes))
        if notation is None:
            raise UsageError(f"round {rnd}: board {board.number} of team {home.number} against team {away.number}: "
                             f"the team template has no notation for {codes[0].name} against {codes[1].name}")
        colour = _colour(event, board.player, away_player, rnd)
        rows.append([None, board.number, roster_cell(home, board.player, event), notation,
                     roster_cell(away, away_player, event), colour])
    return rows


def _code(event: TeamTournament, sno: int | None, rnd: int) -> ResultCode | None:
    return event.individual.player(sno).entry(rnd).code if sno is not None else None


def _filled(codes: tuple[ResultCode | None, ResultCode | None]) -> tuple[ResultCode, ResultCode]:
    """An empty side of a board reads as the forfeit its opponent won (art. 12 intro)."""
    home, away = codes
    return (home or ResultCode.FORFEIT_LOSS, away or ResultCode.FORFEIT_LOSS)


def _colour(event: TeamTournament, home: int | None, away: int | None, rnd: int) -> str | None:
    if home is not None:
        colour = event.individual.player(home).entry(rnd).colour.value
    else:
        colour = {"w": "b", "b": "w"}.get(event.individual.player(away).entry(rnd).colour.value, "-")
    return colour if colour in ("w", "b") else None


def roster_cell(team: Team, sno: int | None, event: TeamTournament) -> int | str | None:
    """The player as the Matches sheet names her: her name when no teammate shares it, else her
    board number on the Teams sheet."""
    if sno is None:
        return None
    name = event.individual.player(sno).name
    same = [s for s in team.players if event.individual.player(s).name.casefold() == name.casefold()]
    return name if len(same) == 1 and name and not name.strip().isdigit() else team.players.index(sno) + 1


def team_cell(event: TeamTournament, team: Team | int) -> int | str:
    """A team as the Matches sheet names it: its name when unique (and no bye word), else its number."""
    team = event.team(team) if isinstance(team, int) else team
    key = team.name.casefold()
    unique = sum(1 for t in event.teams if key in (t.name.casefold(), t.nickname.casefold())) == 1
    return team.name if unique and team.name and key not in BYE_WORDS and not key.strip().isdigit() else team.number

