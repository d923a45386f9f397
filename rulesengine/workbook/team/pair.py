"""Pairing the next round of a team book (issue 22 item 2, issue 24 item 4), pure like the
recalculation: grids in, the cells to type into the Matches sheet out.

    book = read_team_book(grids, layout)                # the event, its next round, its byes
    outcome = pair_team_book(grids, layout)            # the next round's match blocks

The book's event is read by its team layout; the round is paired by the system the event names
(`api.team_pairing_system`: the Berger table of a team round robin, C.05 Annex 1, else FIDE's team
swiss, C.04.6, with the colour model of Settings, art. 1.7) and written into the Matches sheet as
the template writes a match: the match row (round, home, away or PAB) and a row per board with the
two teams' players in board order (the default lineup the TD then corrects) and the home player's
colour. The home team is the team the pairing gives White on board 1 (art. 1.6.1: a team's colour
is its first board's), so Settings' board colours (record 352) decide which team is named first.

Only the cells of the round are typed (cell patches: the TD's sheet keeps its look, formulas and
every other cell); the template's empty blocks of the round are filled first, then blocks go below
the last row. A round already typed, a round after the last, or a round the system cannot pair
(C.04.6 art. 3.3.3) is refused and nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from rulesengine import api
from rulesengine.cell_values import whole_number
from rulesengine.errors import InputError, Location, Problem, UsageError
from rulesengine.grid import CellValue, Grid, cell_address, text
from rulesengine.layout_cells import Problems
from rulesengine.pairing import PairedRound
from rulesengine.registry import Registry, default_registry
from rulesengine.team import MatchKind, TeamBye, TeamTournament, first_named
from rulesengine.team_layout import TeamLayout
from rulesengine.workbook.inputs.settings import WorkbookSettings
from rulesengine.workbook.plan import SheetWrite
from rulesengine.workbook.team.build import LAYOUT_NAME
from rulesengine.workbook.team.columns import (BYE_WORDS, M_AWAY, M_BOARD, M_HOME, M_RESULT, M_ROUND, MATCH_COLUMNS,
                                               MATCHES_SHEET)
from rulesengine.workbook.team.export import roster_cell, team_cell
from rulesengine.workbook.team.read import sheet_named

# The bye kinds a TD types ahead for the round to pair (record 240): the team is not paired.
_REQUESTED = (MatchKind.FULL_POINT_BYE, MatchKind.HALF_POINT_BYE, MatchKind.ZERO_POINT_BYE)


@dataclass(frozen=True)
class TeamBook:
    """A team book as the pairing reads it: `event` holds the rounds with results and the
    requested byes of `next_round` (record 240), `typed` the rows of `next_round` or later that
    are typed already (a problem each), `notes` one per requested bye."""

    event: TeamTournament
    next_round: int
    matches: Grid
    typed: tuple[Problem, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class TeamBookPairing:
    """The paired round and the Matches cells that hold it."""

    writes: tuple[SheetWrite, ...]
    event: TeamTournament
    paired: PairedRound      # team numbers, white first
    system: str              # the system's name
    description: str         # the system's text, for the heading
    notes: tuple[str, ...]


def read_team_book(grids: Mapping[str, Grid], layout: TeamLayout,
                   overrides: WorkbookSettings | None = None) -> TeamBook:
    """The book's event and its next round (the round after the last with results). Raises
    InputError naming cells, UsageError for a flag a team book does not take or a layout whose
    Matches sheet is not ours (the round is written into our template's blocks)."""
    flags = overrides or WorkbookSettings()
    if flags.layout or flags.crosstable_sheet:
        raise UsageError("--layout, --sheet: not for a team book (its Teams and Matches sheets are read)")
    if layout.name != LAYOUT_NAME:
        raise UsageError(f"this team book is read by the {layout.name!r} layout: `pair` writes rounds into the "
                         f"{LAYOUT_NAME} layout's Matches sheet only (export the event as TRF to pair it)")
    event = layout.read(grids, name="")
    matches = sheet_named(grids, MATCHES_SHEET)
    next_round = event.rounds + 1
    problems = Problems(matches.sheet)
    byes, notes = [], []
    for r in range(1, matches.height):
        rnd = whole_number(matches.value(r, M_ROUND))
        home = text(matches.value(r, M_HOME))
        if rnd is None or rnd < next_round or not home:
            continue
        kind = BYE_WORDS.get(text(matches.value(r, M_AWAY)).lower())
        if rnd == next_round and kind in _REQUESTED:   # record 240: announced before the round is paired
            team = _team_number(event, matches.value(r, M_HOME))
            byes.append(TeamBye(kind, rnd, team))
            notes.append(f"team {team} {event.team(team).name} is not paired in round {rnd}: "
                         f"{text(matches.value(r, M_AWAY)).upper()} typed at {matches.address(r, M_AWAY)}")
            continue
        match = f"{home} against {text(matches.value(r, M_AWAY))}"
        problems.add(r, M_HOME, f"round {rnd} is paired already ({match}, no results yet): type its results and "
                                f"Recalculate, then pair round {rnd + 1}; to pair round {rnd} again, clear its match "
                                f"rows" if rnd == next_round else
                                f"round {rnd} is typed ({match}) before round {next_round} has results: a swiss "
                                f"pairs each round from the results before it (C.04.6 art. 3.3.2); clear it")
    event = replace(event, byes=event.byes + tuple(byes))
    return TeamBook(event, next_round, matches, tuple(problems.items), tuple(notes))


def pair_team_book(grids: Mapping[str, Grid], layout: TeamLayout, *, round_number: int | None = None,
                   system: str | None = None, overrides: WorkbookSettings | None = None,
                   registry: Registry | None = None) -> TeamBookPairing:
    """Pair the book's next round and plan the Matches cells that hold it (module docstring).
    Raises InputError (cells) or UsageError; nothing is to be written then."""
    registry = registry or default_registry()
    book = read_team_book(grids, layout, overrides)
    event, rnd = book.event, book.next_round
    if round_number is not None and round_number != rnd:
        raise UsageError(f"--round {round_number}: this book's next round is {rnd} (rounds 1-{event.rounds} have "
                         f"results); a team book is paired one round after the other" if event.rounds else
                         f"--round {round_number}: no round of this book has results, so round 1 is the one to pair")
    _check_last_round(event, rnd)
    if book.typed:
        raise InputError(list(book.typed))
    chosen = api.team_pairing_system(event, system, registry)
    paired = api.pair_team_round(event, rnd, chosen.name, registry)
    writes, notes = _round_writes(event, paired, book.matches)
    return TeamBookPairing(writes, event, paired, chosen.name, chosen.description, book.notes + notes)


def _check_last_round(event: TeamTournament, rnd: int) -> None:
    """A round after Settings' Rounds (record 142) is refused at that cell."""
    rounds = next((int(rest) for code, rest in event.individual.header if code == "142"), None)
    if rounds is not None and rnd > rounds:
        sheet, _, cell = event.individual.extra.get("rounds_cell", "Settings!B6").rpartition("!")
        raise InputError(Problem(Location(sheet=sheet, cell=cell), f"round {rnd} is after the last round (Rounds is "
                                                                   f"{rounds}): every round is paired"))


def _team_number(event: TeamTournament, value: CellValue) -> int:
    """A Matches cell naming a team (its number, name or nickname), as the layout read it."""
    number = whole_number(value)
    if number is not None and number in event.by_number:
        return number
    key = text(value).casefold()
    return next(t.number for t in event.teams if key in (t.name.casefold(), t.nickname.casefold()))


# ---------------------------------------------------------------- the cells of the round


def _free_blocks(matches: Grid, rnd: int) -> list[tuple[int, int]]:
    """The template's empty blocks of round `rnd`: (match row, board rows under it)."""
    blocks = []
    for r in range(1, matches.height):
        if whole_number(matches.value(r, M_ROUND)) != rnd or any(text(matches.value(r, c))
                                                                 for c in (M_HOME, M_RESULT, M_AWAY)):
            continue
        under = r + 1
        while (under < matches.height and not text(matches.value(under, M_ROUND))
               and text(matches.value(under, M_BOARD))
               and not any(text(matches.value(under, c)) for c in (M_HOME, M_RESULT, M_AWAY))):
            under += 1
        blocks.append((r, under - r - 1))
    return blocks


def _round_writes(event: TeamTournament, paired: PairedRound, matches: Grid) -> tuple[tuple[SheetWrite, ...],
                                                                                      tuple[str, ...]]:
    """The match rows and board rows of the round, in the pairing's board order, the PAB last."""
    sequence = (event.colour_sequence or "WB").upper()
    rows: list[list[list[CellValue]]] = []    # one block per match or bye
    notes: list[str] = []
    for board in paired.boards:
        home, away = first_named(event, board.white, board.black)   # White on board 1 (art. 1.6.1)
        block = [[paired.round, None, team_cell(event, home), None, team_cell(event, away), None]]
        for number in range(1, event.boards + 1):
            block.append([None, number, _lineup(event, home, number), None, _lineup(event, away, number),
                          sequence[(number - 1) % len(sequence)].lower()])
        rows.append(block)
    for team, kind in paired.byes:
        if kind == "PAB":
            rows.append([[paired.round, None, team_cell(event, team), None, "PAB", None]])
        elif kind == "BYE":    # C.05 Annex 1: the odd field's team idle in this round
            notes.append(f"team {team} {event.team(team).name} has no match in round {paired.round} (the Berger "
                         f"table's bye, C.05 Annex 1)")
    short = [t for t in event.teams if len(t.players) < event.boards and t.number in _paired_teams(paired)]
    notes += [f"team {t.number} {t.name} has {len(t.players)} player(s) for {event.boards} boards: its boards "
              f"{len(t.players) + 1}-{event.boards} are left empty" for t in short]
    free = _free_blocks(matches, paired.round)
    end = max((r for r in range(matches.height) if any(text(matches.value(r, c)) for c in range(len(MATCH_COLUMNS)))),
              default=0) + 2   # one empty row before blocks written below the sheet's last row
    placed: list[tuple[int, list[CellValue]]] = []
    below = 0
    for block in rows:
        needed = len(block) - 1 if len(block) > 1 else 0
        slot = next((i for i, (_, size) in enumerate(free) if size >= needed), None)
        if slot is None:
            top, end = end, end + len(block)
            below += 1
        else:
            top = free.pop(slot)[0]
        placed += [(top + i, values) for i, values in enumerate(block)]
    if below:
        notes.append(f"{below} block(s) of round {paired.round} written below the last row of {matches.sheet} "
                     f"(the sheet had no empty block of the round left for them)")
    writes = tuple(SheetWrite(matches.sheet, (run,), cell_address(r, c), clear=None, header_rows=())
                   for r, values in sorted(placed) for c, run in _runs(values))
    return writes, tuple(notes)


def _runs(values: list[CellValue]) -> list[tuple[int, tuple[CellValue, ...]]]:
    """The row's runs of adjacent values with their first column: only those cells are typed (an
    adapter writing a block of values would empty the cells between them)."""
    runs: list[tuple[int, tuple[CellValue, ...]]] = []
    for c, value in enumerate(values):
        if value is None:
            continue
        if runs and runs[-1][0] + len(runs[-1][1]) == c:
            runs[-1] = (runs[-1][0], runs[-1][1] + (value,))
        else:
            runs.append((c, (value,)))
    return runs


def _paired_teams(paired: PairedRound) -> set[int]:
    return {t for b in paired.boards for t in (b.white, b.black)}


def _lineup(event: TeamTournament, team: int, board: int) -> CellValue:
    """The team's player of board `board` in the Teams sheet's order (its default lineup)."""
    players = event.team(team).players
    return roster_cell(event.team(team), players[board - 1], event) if board <= len(players) else None
