"""The team workbook templates (`rulesengine new-workbook team-swiss|team-round-robin OUT.xlsx`),
built with openpyxl like the individual ones (values, dropdowns, no formulas, no macros):

    Instructions    the steps and a filled example match;
    Settings        event, dates, type, rounds, boards, team points (2/1/0 or 3/1/0), primary score,
                    the team PAB, board colours, tie-breaks (the default team preset, by the date);
    Teams           team number, name, nickname, players in board order with title, FED, rating, FIDE ID;
    Matches         a block per match: the match row (round, home, match score, away or a bye), then a
                    row per board (home player, result 1-0 ½-½ 0-1 +/- -/+ --, away player, colour);
    Team Standings  the engine's: `rulesengine recalc` writes it.

With `event` (a `TeamTournament`, e.g. read from a team TRF) the sheets hold that event, as the
team layout's `export` gives it; without, prepared empty blocks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from rulesengine.errors import UsageError
from rulesengine.grid import CellValue, column_letter
from rulesengine.registry import Registry, default_registry
from rulesengine.team import MAX_TEAM_PLAYERS, TeamTournament
from rulesengine.workbook.team.columns import (BYE_CHOICES, M_BOARD, M_COLOUR, M_RESULT, M_ROUND, MATCH_COLUMNS,
                                               MATCHES_SHEET, RESULT_CHOICES, SETTING_LABELS, TEAM_COLUMNS,
                                               TEAM_STANDINGS_SHEET, TEAMS_SHEET)
from rulesengine.workbook.team.export import export
from rulesengine.workbook.team.pairing_rows import ACCELERATION, FORBIDDEN, PAIRING_ROWS_HELP, ROW_KINDS
from rulesengine.workbook.templates import ENGINE_FILL, EXAMPLE_FILL, _header, _instructions, _list_validation
from rulesengine.workbook.templates import _print_setup, _save, _wrapped_row, check_new_book
from rulesengine.workbook.templates import _settings_sheet as _individual_settings_sheet

TEAM_KINDS = ("team-swiss", "team-round-robin")
SWISS_TEAMS, RR_TEAMS, BOARDS, SWISS_ROUNDS = 10, 6, 4, 9
MAX_TEAMS = 500
MATCH_FILL = PatternFill("solid", fgColor="DDEBF7")
EXTRA_TEXT_ROWS = 200   # rows under the prepared blocks whose Result cells are text too


def round_robin_rounds(teams: int) -> int:
    """A single round robin of N teams has N-1 rounds, N when N is odd (one team idle each round)."""
    return teams - 1 + teams % 2


def new_team_workbook(kind: str, out: Path, *, rounds: int | None = None, teams: int | None = None,
                      boards: int | None = None, event: TeamTournament | None = None,
                      registry: Registry | None = None) -> str:
    """Build a team template of `kind` at `out` (never over an existing file); say what was made.
    Raises UsageError for a kind, size or file name that cannot be used."""
    if kind not in TEAM_KINDS:
        raise UsageError(f"unknown team workbook kind {kind!r}; known: {', '.join(TEAM_KINDS)}")
    out = check_new_book(out)
    robin = kind == "team-round-robin"
    if event is not None:
        teams, boards, rounds = len(event.teams), event.boards, event.rounds
    teams = teams or (RR_TEAMS if robin else SWISS_TEAMS)
    boards = boards or BOARDS
    if not 2 <= teams <= MAX_TEAMS:
        raise UsageError(f"--teams {teams}: want 2 to {MAX_TEAMS}")
    if not 1 <= boards <= MAX_TEAM_PLAYERS:
        raise UsageError(f"--boards {boards}: want 1 to {MAX_TEAM_PLAYERS} (record 310 holds 14 players a team)")
    if rounds is None:
        rounds = round_robin_rounds(teams) if robin else SWISS_ROUNDS
    if event is None and robin and rounds not in (round_robin_rounds(teams), 2 * round_robin_rounds(teams)):
        raise UsageError(f"--rounds {rounds}: a round robin of {teams} teams has {round_robin_rounds(teams)} rounds "
                         f"(or twice as many, double)")
    if not 1 <= rounds <= 99:
        raise UsageError(f"--rounds {rounds}: want 1 to 99")
    grids = export(event) if event is not None else None
    wb = Workbook()
    _team_instructions(wb, robin)
    _settings_sheet(wb, _settings_values(robin, rounds, boards, registry or default_registry(),
                                         grids["Settings"].rows if grids else None))
    if not robin:
        _pairing_rows(wb, grids["Settings"].rows if grids else None)
    _table_sheet(wb, TEAMS_SHEET, grids[TEAMS_SHEET].rows if grids else _blank_teams(teams, boards),
                 widths={1: 28, 4: 28}, landscape=False)
    _matches_sheet(wb, _with_blocks_ahead(grids[MATCHES_SHEET].rows, teams, boards, rounds) if grids
                   else _blank_matches(teams, boards, range(1, rounds + 1)))
    standings = wb.create_sheet(TEAM_STANDINGS_SHEET)
    _header(standings, 1, ["Rank", "Team", "Name", "MP", "GP"], ENGINE_FILL)
    standings.cell(row=3, column=1, value="This sheet belongs to the engine: Recalculate rewrites it.")
    standings.column_dimensions["C"].width = 28
    _print_setup(standings, landscape=False, title_rows="1:1")
    _save(wb, out)
    what = "team round-robin" if robin else "team swiss"
    return (f"{what} workbook with {teams} teams, {boards} boards and {rounds} rounds"
            + (f" holding {event.individual.name or 'the event'}" if event is not None else ""))


def _team_instructions(wb, robin: bool) -> None:
    _instructions(wb, f"Team {'round robin' if robin else 'Swiss'} - how to use this workbook", [
        "1. Teams: one block of rows per team. On its first row the team number (Team: 1, 2, 3, ... the pairing "
        "numbers), the Name and a Nickname (optional); on each row one player, in board order (Board 1, 2, ...), "
        "with title, federation, rating and FIDE ID. A player plays for one team only.",
        "2. Matches: a block per match. The match row has the Round, the Home team and the Away team (their "
        "numbers, names or nicknames) and, optionally, the match score in game points home-away (2½-1½): when "
        "typed it is checked against the boards. For a bye type PAB, FPB, HPB or ZPB as the Away team; for a "
        "forfeited match +/-, -/+ or -- as the match score, with no boards.",
        "3. Under the match row one row per board: the Board number, the home player (her board number on the "
        "Teams sheet, or her name), the result read home-away (1-0, ½-½, 0-1; +/- or -/+ forfeits; -- both "
        "forfeited) and the away player. Home colour is w or b (empty: Settings' Board colours, else white on "
        "odd boards). An empty board: leave the player out; the player present wins it by forfeit (+/- or -/+).",
        "4. Settings: team points (2/1/0 or 3/1/0), the primary score (MP or GP), the tie-breaks in order "
        "(a team preset or codes such as EDE/P, EMGSB/C1, BH:MP/C1), the start date choosing the rules in force.",
        "5. Recalculate (the Excel button, or: rulesengine recalc THIS.xlsx): the engine checks every match and "
        "rewrites only the Team Standings sheet (rank, team, MP, GP, tie-breaks, the rules used).",
        "6. Pair the next round (the Pair button, or: rulesengine pair THIS.xlsx): "
        + ("the Berger table's round (FIDE C.05 Annex 1) " if robin else
           "the FIDE team Swiss (C.04.6) with Settings' colour model and first colour ")
        + "is typed into the round's empty blocks on Matches: the home team (White on board 1), the away team or "
        "PAB, and each team's players in board order; correct the lineups, type the results, Recalculate. A team "
        "that asked for a bye: type its HPB, FPB or ZPB row of the round before pairing.",
        "Problems are listed as Sheet!Cell: what is wrong, all at once; nothing is written until they are fixed.",
        "Type values, not formulas: the engine never evaluates formulas.",
    ], "Example: round 1, team 1 (Norway) against team 2 (Sweden) on 4 boards", _match_example)


def _match_example(ws, row: int) -> int:
    # Columns A..F of the Instructions (5, 6, 24, 7, 7, 6 wide): the Matches sheet's, headed short.
    _header(ws, row, ["Rd", "Bd", "Home", "Result", "Away", "Col"], first_col=1)
    lines: list[Sequence[CellValue]] = [(1, None, "Norway", "2½-1½", "Sweden", None), (None, 1, 1, "1-0", 1, "w"),
                                        (None, 2, 2, "½-½", 2, "b"), (None, 3, 3, "0-1", 3, "w"),
                                        (None, 4, 4, "+/-", None, "b")]
    for offset, values in enumerate(lines, start=1):
        for c, value in enumerate(values, start=1):
            cell = ws.cell(row=row + offset, column=c, value=value)
            cell.fill = EXAMPLE_FILL
            cell.alignment = Alignment(horizontal="center")
    note = ("Norway's board 1 beat Sweden's board 1 with White, board 2 drew, board 3 lost; Sweden had no player "
            "on board 4, so Norway's board 4 wins by forfeit: 2½-1½, a match win.")
    _wrapped_row(ws, row + len(lines) + 1, note)
    return row + len(lines) + 2


def _settings_values(robin: bool, rounds: int, boards: int, registry: Registry,
                     exported: Sequence[Sequence[CellValue]] | None) -> list[tuple[str, CellValue, str]]:
    default = next((p for p in registry.team_presets.values() if p.default), None)
    preset, about = (default.name, default.description) if default is not None else ("", "")
    values = {"type": "round robin" if robin else "swiss", "rounds": rounds, "boards": boards,
              "team points": "2/1/0", "primary score": "MP", "tie-breaks": preset,
              "colour model": "" if robin else "type A"}
    if exported is not None:
        by_label = {str(row[0]).lower(): row[1] for row in exported[1:]}
        values = {key: by_label.get(key, "") for key in SETTING_LABELS}
        values["tie-breaks"] = values["tie-breaks"] or preset
    meanings = {
        "event": "name of the event: the title of the Team Standings",
        "start date": "YYYY-MM-DD; chooses the regulations in force (C.07 2024 text, March 2026 amendments)",
        "end date": "YYYY-MM-DD (optional)",
        "type": "swiss or round robin (of teams)",
        "rounds": "rounds of the event (the standings are after the last round with results)",
        "boards": "boards of a match (record 352's length)",
        "team points": "match points for a won/drawn/lost match (record 362): 2/1/0 or 3/1/0",
        "primary score": "MP (match points) or GP (game points) rank first (C.07 art. 11)",
        "team pab": "match points/game points of a pairing-allocated bye (record 320), e.g. 2/2; empty: a won "
                    "match with every board won",
        "board colours": "the home team's colours board by board (record 352), e.g. WBWB; empty: white on odd boards",
        "tie-breaks": f"in order, team presets or codes with modifiers (EDE/P, EMGSB/C1, BH:MP/C1, MPvGP); {preset}: "
                      f"{about}",
        "rules date": "force the regulations of another date (optional)",
        "colour model": "team swiss: type A, type B or none (C.04.6 art. 1.7; empty: type A)",
        "first colour": "team swiss: the colour drawn for team 1 in round 1, white or black (C.04.6 art. 4.1)",
    }
    return [(label, values.get(key, ""), meanings[key]) for key, label in SETTING_LABELS.items()]


def _pairing_rows(wb, exported: Sequence[Sequence[CellValue]] | None) -> None:
    """Under the settings of a team swiss: the `Forbidden pair` and `Acceleration` rows
    (pairing_rows.py), the event's own or empty ones to fill, under a comment row that says how."""
    ws = wb["Settings"]
    r = ws.max_row + 1
    ws.cell(row=r, column=1, value="# Pairing rows").alignment = Alignment(vertical="top")
    ws.cell(row=r, column=3, value=PAIRING_ROWS_HELP).alignment = Alignment(wrap_text=True, vertical="top")
    ws.row_dimensions[r].height = 15 * 4
    rows = [list(row) for row in exported[1:] if str(row[0]).lower() in ROW_KINDS] if exported else []
    for values in rows or [[FORBIDDEN], [FORBIDDEN], [ACCELERATION]]:
        r += 1
        for c, value in enumerate(values, start=1):
            ws.cell(row=r, column=c, value=value).number_format = "@"   # 1-2 stays text, not a date
        ws.cell(row=r, column=1).font = Font(bold=True)


def _settings_sheet(wb, rows: list[tuple[str, CellValue, str]]) -> None:
    """The individual templates' Settings sheet (Setting | Value | What it means, its Type
    dropdown), with the team settings' dropdowns."""
    _individual_settings_sheet(wb, rows)
    ws = wb["Settings"]
    for r, (label, _, _) in enumerate(rows, start=2):
        if label in ("Team points", "Team PAB", "Board colours", "Tie-breaks"):
            ws.cell(row=r, column=2).number_format = "@"   # 3/1/0 typed stays text, not 1 March 2000
        choices = {"Team points": ("2/1/0", "3/1/0"), "Primary score": ("MP", "GP"),
                   "Colour model": ("type A", "type B", "none"), "First colour": ("white", "black")}.get(label)
        if choices:
            _list_validation(ws, choices, f"B{r}", " or ".join(choices))


def _blank_teams(teams: int, boards: int) -> list[list[CellValue]]:
    """A block per team: its number on the first row, board numbers for the players and two reserves."""
    rows: list[list[CellValue]] = [list(TEAM_COLUMNS)]
    for number in range(1, teams + 1):
        for board in range(1, min(boards + 2, MAX_TEAM_PLAYERS) + 1):
            rows.append([number if board == 1 else None, None, None, board])
    return rows


def _with_blocks_ahead(rows: Sequence[Sequence[CellValue]], teams: int, boards: int,
                       rounds: int) -> list[list[CellValue]]:
    """An event's Matches rows, then empty blocks for the scheduled rounds it has no match in
    (a file read mid-event: `pair` fills them)."""
    typed = {row[M_ROUND] for row in rows[1:] if _cell(row, M_ROUND)}
    ahead = [rnd for rnd in range(1, rounds + 1) if rnd not in typed]
    return [list(row) for row in rows] + _blank_matches(teams, boards, ahead)[1:]


def _blank_matches(teams: int, boards: int, rounds: Iterable[int]) -> list[list[CellValue]]:
    """Per round, a block per match (one more for the bye when the teams are odd): the round on the
    match row, board numbers and the home team's colours (white on odd boards) under it."""
    rows: list[list[CellValue]] = [list(MATCH_COLUMNS)]
    for rnd in rounds:
        for _ in range((teams + 1) // 2):
            rows.append([rnd])
            rows.extend([None, board, None, None, None, "w" if board % 2 else "b"] for board in range(1, boards + 1))
    return rows


def _table_sheet(wb, title: str, rows: Sequence[Sequence[CellValue]], *, widths: dict[int, float],
                 landscape: bool):
    ws = wb.create_sheet(title)
    _header(ws, 1, list(rows[0]))
    for r, values in enumerate(rows[1:], start=2):
        for c, value in enumerate(values, start=1):
            if value is not None and value != "":
                ws.cell(row=r, column=c, value=value)
    for col, width in widths.items():
        ws.column_dimensions[column_letter(col)].width = width
    ws.freeze_panes = "A2"
    _print_setup(ws, landscape=landscape, title_rows="1:1")
    return ws


def _matches_sheet(wb, rows: Sequence[Sequence[CellValue]]) -> None:
    """The Matches sheet: match rows filled and bold, dropdowns on the board rows' results and colours."""
    ws = _table_sheet(wb, MATCHES_SHEET, rows, widths={M_ROUND: 9, M_BOARD: 9, 2: 26, M_RESULT: 16, 4: 26,
                                                       M_COLOUR: 11}, landscape=False)
    board_rows = [r for r, values in enumerate(rows[1:], start=2) if not _cell(values, M_ROUND)]
    match_rows = [r for r, values in enumerate(rows[1:], start=2) if _cell(values, M_ROUND)]
    # Results stay text: a spreadsheet would read a typed 2-2 as 2 February (the reader refuses dates).
    for r in range(2, len(rows) + 1 + EXTRA_TEXT_ROWS):
        ws.cell(row=r, column=M_RESULT + 1).number_format = "@"
    for r in match_rows:
        for c in range(1, len(MATCH_COLUMNS) + 1):
            ws.cell(row=r, column=c).fill = MATCH_FILL
            ws.cell(row=r, column=c).font = Font(bold=True)
    ws.row_dimensions[1].height = 30   # "Result (home-away)" wraps to two lines
    for c in range(len(MATCH_COLUMNS)):
        for r in range(2, len(rows) + 1):
            ws.cell(row=r, column=c + 1).alignment = Alignment(horizontal="center")
    if board_rows:
        _validation(ws, RESULT_CHOICES, _ranges(M_RESULT, board_rows),
                    "home-away: 1-0 ½-½ 0-1 played; +/- -/+ forfeit; -- both forfeited")
        _validation(ws, ("w", "b"), _ranges(M_COLOUR, board_rows), "the home player's colour: w or b")
    if match_rows:
        away = DataValidation(type="list", formula1='"' + ",".join(BYE_CHOICES) + '"', allow_blank=True,
                              showErrorMessage=False, showInputMessage=True, promptTitle="Away",
                              prompt="the away team (number, name or nickname), or PAB, FPB, HPB, ZPB for a bye")
        ws.add_data_validation(away)
        for ref in _ranges(4, match_rows):
            away.add(ref)


def _validation(ws, choices: Sequence[str], refs: list[str], prompt: str) -> None:
    """One dropdown rule (the individual templates' look) over several ranges of a column."""
    first, *rest = refs
    _list_validation(ws, choices, first, prompt)
    rule = ws.data_validations.dataValidation[-1]
    for ref in rest:
        rule.add(ref)


def _cell(values: Sequence[CellValue], col: int) -> CellValue:
    return values[col] if col < len(values) and values[col] not in ("", None) else None


def _ranges(col: int, rows: list[int]) -> list[str]:
    """Rows as A1 ranges of consecutive runs in one column (one validation rule covers them all)."""
    letter = column_letter(col)
    runs: list[list[int]] = []
    for r in rows:
        if runs and runs[-1][1] == r - 1:
            runs[-1][1] = r
        else:
            runs.append([r, r])
    return [f"{letter}{a}" if a == b else f"{letter}{a}:{letter}{b}" for a, b in runs]


def new_team_from_options(kind: str, out: Path, rounds: int | None, teams: int | None, boards: int | None,
                          source: str | None) -> str:
    """`new-workbook team-...` from its command-line options; `source` a team file to fill in."""
    event = None
    if source is not None:
        from rulesengine import api   # noqa: PLC0415 (only with --from)
        event = api.load_event(source)
        if not isinstance(event, TeamTournament):
            raise UsageError(f"--from {source}: an individual event, not a team event (no 310/013 records)")
        if teams or boards or rounds:
            raise UsageError("--from gives the teams, boards and rounds: leave out --teams, --boards and --rounds")
    return new_team_workbook(kind, out, rounds=rounds, teams=teams, boards=boards, event=event)
