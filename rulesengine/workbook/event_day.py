"""The event day in a workbook (issue 23 item 4): what the TD typed on Settings and Players, turned
into the engine input a TRF file gives with records 152, 240, 260 and its withdrawal conventions.

    event = book_event(plan, tournament, 5, registry, system)   # round 5 as the pairing sees it
    event.tournament      # pairing numbers (C.04.2), forbidden pairs as XXP, withdrawals as byes
    event.places          # where each finding points: the Crosstable's round cell, Settings' rows

* Requested byes are typed in the Crosstable's Res cell of their round (H, Z or F), as the
  template says; the limits are Settings' `Max half-point byes` and `No byes in last rounds`.
* Withdrawals: Players' `Withdrawn from round`; the player is not paired from that round on.
* Late entrants: a row whose earlier rounds are empty; the missed rounds score as Settings'
  `Late entries` says (zero, half, or not paired) and the pairing number is the one C.04.2 gives
  (`rulesengine.event_day`).
* Forbidden pairs: Settings rows `Forbidden pair | A | B` (start numbers or names), absolute
  for the whole event: TRF-2026 record 260 over every round (C.05 5.2: announced before round 1).
* The initial colour: Settings' `Colour lot` (any text) draws it, the same every time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Collection, Mapping

from rulesengine.cell_values import whole_number
from rulesengine.errors import InputError, Location, Problem
from rulesengine.event_day import joined_late, pairing_numbers, renumbered
from rulesengine.grid import Grid, text
from rulesengine.layout import CrosstableCells, CrosstableLayout
from rulesengine.model import Colour, ResultCode, RoundEntry, Tournament
from rulesengine.pairing import PLAYED_CODES, REFUSED, EventDayFinding, PairingSystem, draw_initial_colour
from rulesengine.workbook.inputs.settings import ForbiddenPair, WorkbookSettings

LIMIT_KEYS = {"max_half_point_byes": "Max half-point byes", "no_byes_in_last": "No byes in last rounds"}


class BookPlaces:
    """Where a finding about the event points in the workbook (the methods of `pairing.TrfPlaces`):
    a player's round is the Crosstable's result cell of that round; a record is the Settings row
    that gave it (a forbidden pair)."""

    def __init__(self, cells: CrosstableCells | None, sheet: str, numbers: Mapping[int, int],
                 records: Mapping[int, str]):
        self.cells, self.sheet, self.records, self.numbers = cells, sheet, records, numbers
        self.start = {number: sno for sno, number in numbers.items()}

    def record(self, line: int | None) -> Location:
        sheet, _, cell = self.records.get(line or 0, "Settings!A1").rpartition("!")
        return Location(sheet=sheet, cell=cell)

    def cell(self, player: int, round_number: int) -> Location:
        sno = self.start.get(player, player)
        if self.cells is None or sno not in self.cells.rows or round_number not in self.cells.rounds:
            return Location(sheet=self.sheet, cell="A1")
        return Location(sheet=self.sheet, cell=self.cells.address(sno, round_number))

    block = cell


@dataclass(frozen=True)
class BookEvent:
    """The event as the pairing system sees round `round`, and how to tell the TD about it."""

    tournament: Tournament            # in pairing numbers, with the event's records in its header
    scored: Tournament                # in start numbers (late entrants' missed rounds as Settings say)
    numbers: Mapping[int, int]        # start number -> pairing number (C.04.2)
    places: BookPlaces
    withdrawn: Mapping[int, tuple[int, str]] = field(default_factory=dict)   # sno -> (round, cell)
    notes: tuple[str, ...] = ()

    def told(self, message: str) -> str:
        """A message of the pairing system in start numbers, forbidden pairs at their Settings cells."""
        return in_start_numbers(message, self.numbers, self.places.records)

    @property
    def renumbered(self) -> bool:
        return any(sno != number for sno, number in self.numbers.items())

    def options(self, settings: WorkbookSettings) -> dict:
        """The pairing options of the event's bye limits, named by their Settings cells."""
        out: dict = {"places": self.places, "limit_names": {}}
        for key, label in LIMIT_KEYS.items():
            value = getattr(settings, key)
            if value is not None:
                out[key] = value
                out["limit_names"][key] = f"{settings.cells.get(key, 'Settings')} '{label}'"
        return out


def book_event(settings: WorkbookSettings, tournament: Tournament, round_number: int, cells: CrosstableCells | None,
               crosstable_sheet: str, system: PairingSystem, withdrawn: Mapping[int, tuple[int, str]],
               late: Mapping[int, int] | None = None) -> BookEvent:
    """Round `round_number` of `tournament` (the pairing event of the workbook, its late entrants'
    missed rounds scored by the recalculation: `late` says who they are) with what the TD typed
    for the event day. InputError at the Settings cells of a forbidden pair naming nobody."""
    notes: list[str] = []
    joined = {sno: first for sno, first in (joined_late(tournament, round_number) if late is None else late).items()
              if sno not in withdrawn and first <= round_number}
    scored = tournament
    ranks = {}
    if system.initial_ranking is not None and joined:
        ranks = {r.start_rank: r.number for r in system.initial_ranking(tournament, {})}
    numbers = pairing_numbers(tournament, joined, ranks)
    for sno, first in sorted(joined.items()):
        if first != round_number:
            continue
        how = {"zero": "scored as zero-point byes", "half": "scored as half-point byes"}.get(
            settings.late_entry or "", "not paired, scored zero (Settings 'Late entries': zero or half)")
        missed = "round 1" if first == 2 else f"rounds 1-{first - 1}"
        note = f"player {sno} {tournament.player(sno).name} enters in round {first}: {missed} {how}"
        if numbers[sno] != sno:
            note += (f"; the initial ranking (C.04.2) gives pairing number {numbers[sno]}, the players after move "
                     f"down one")
        notes.append(note)
    header, records = list(scored.header), {}
    for pair in _forbidden(settings.forbidden_pairs, tournament):
        # TRF-2026 record 260 for every round, in start numbers (`renumbered` maps them).
        header.append(("260", f" 1 {max(tournament.rounds, 1)} {pair[0]} {pair[1]}"))
        records[len(header)] = pair[2]
    header, colour_note = _drawn_colour(settings, header)
    notes += colour_note if round_number == 1 else []
    event = _with_withdrawals(replace(scored, header=tuple(header)), withdrawn, round_number)
    if any(sno != number for sno, number in numbers.items()):
        event = renumbered(event, numbers)
    return BookEvent(event, scored, numbers, BookPlaces(cells, crosstable_sheet, numbers, records), withdrawn,
                     tuple(notes))


def _forbidden(pairs: tuple[ForbiddenPair, ...], tournament: Tournament) -> list[tuple[int, int, str]]:
    """(a, b, the row's cell) of each forbidden pair, by start number or name (exact, case aside)."""
    problems, out = [], []
    names = {}
    for p in tournament.players:
        names.setdefault(p.name.casefold().strip(), []).append(p.start_rank)
    for pair in pairs:
        found = []
        for value, cell in ((pair.first, pair.first_cell), (pair.second, pair.second_cell)):
            sno = whole_number(value)
            matches = [sno] if sno in tournament.by_start_rank else names.get(text(value).casefold().strip(), [])
            if len(matches) != 1:
                why = "names two players: type the start number" if matches else "is no player's start number or name"
                sheet, _, at = cell.rpartition("!")
                problems.append(Problem(Location(sheet=sheet, cell=at),
                                        f"forbidden pair: {text(value)!r} {why} (one player in B, the other in C)"))
                continue
            found.append(matches[0])
        if len(found) == 2 and found[0] == found[1]:
            sheet, _, at = pair.second_cell.rpartition("!")
            problems.append(Problem(Location(sheet=sheet, cell=at), "forbidden pair: the same player twice"))
        elif len(found) == 2:
            out.append((found[0], found[1], pair.first_cell))
    if problems:
        raise InputError(problems)
    return out


def _drawn_colour(settings: WorkbookSettings, header: list) -> tuple[list, list[str]]:
    """The initial colour drawn from Settings' `Colour lot` (C.04.3 E.5; the same text draws the
    same colour, so every round and every rerun agrees), as JaVaFo's XXC record."""
    if not settings.colour_lot:
        return header, []
    drawn = "white" if draw_initial_colour(settings.colour_lot) == "W" else "black"
    cell = settings.cells.get("colour_lot", "Settings")
    if settings.first_colour and settings.first_colour != drawn:
        sheet, _, at = cell.rpartition("!")
        raise InputError(Problem(Location(sheet=sheet, cell=at),
                                 f"the colour lot {settings.colour_lot!r} draws {drawn} for pairing number 1, but "
                                 f"'First colour' says {settings.first_colour}: keep one of the two"))
    header = [h for h in header if h[0] != "XXC"] + [("XXC", f" {drawn}1")]
    return header, [f"initial colour drawn by lot ({cell} {settings.colour_lot!r}): {drawn} for pairing number 1 "
                    f"in round 1 (C.04.3 E.5)"]


def _with_withdrawals(tournament: Tournament, withdrawn: Mapping[int, tuple[int, str]],
                      round_number: int) -> Tournament:
    """A player withdrawn from round W (W <= the round) has a zero-point bye in it: not paired."""
    players = []
    for p in tournament.players:
        gone = withdrawn.get(p.start_rank)
        if gone is not None and gone[0] <= round_number and p.entry(round_number).opponent is None:
            rounds = list(p.rounds[:round_number - 1])
            rounds += [RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED)
                       for r in range(len(rounds) + 1, round_number)]
            rounds.append(RoundEntry(round_number, None, Colour.NONE, ResultCode.ZERO_POINT_BYE))
            p = replace(p, rounds=tuple(rounds))
        players.append(p)
    return replace(tournament, players=tuple(players))


def withdrawn_problems(tournament: Tournament, withdrawn: Mapping[int, tuple[int, str]],
                       cells: CrosstableCells | None, sheet: str, expelled: Collection[int] = ()) -> list[Problem]:
    """A player withdrawn (or, among `expelled`, expelled) from round W who has a game played in
    round W or later: at the Players cell."""
    out = []
    for sno, (first, cell) in sorted(withdrawn.items()):
        player = tournament.by_start_rank.get(sno)
        at_sheet, _, at = cell.rpartition("!")
        left = "was expelled" if sno in expelled else "withdrew"
        if player is None:
            out.append(Problem(Location(sheet=at_sheet, cell=at),
                               f"player {sno} {left} from round {first}, but {sheet} has no player {sno}"))
            continue
        # A forfeit is no game played: a round robin records a leaver's later games so (GRC 6.6).
        played = [e.round for e in player.rounds
                  if e.round >= first and e.opponent is not None and e.code in PLAYED_CODES]
        if played:
            where = f" ({sheet}!{cells.address(sno, played[0])})" if cells is not None and played[0] in cells.rounds \
                and sno in cells.rows else ""
            out.append(Problem(Location(sheet=at_sheet, cell=at),
                               f"player {sno} {player.name} {left} from round {first} but has a game in round "
                               f"{played[0]}{where}: correct the round, or the game"))
    return out


def barred_byes(tournament: Tournament, barred: Mapping[int, str], round_number: int,
                places: BookPlaces) -> list[EventDayFinding]:
    """A half-point bye for a player Players marks `No half-point byes` (free entry, conditions):
    refused for the round being paired or a later one, a warning for a played one (VCL4THP Q175-176).
    `places` locates start numbers (the tournament is in start numbers)."""
    out = []
    for sno, cell in sorted(barred.items()):
        player = tournament.by_start_rank.get(sno)
        for entry in player.rounds if player is not None else ():
            if entry.opponent is None and entry.code is ResultCode.HALF_POINT_BYE:
                where = places.cell(places.numbers.get(sno, sno), entry.round)
                what = f"player {sno} {player.name}: a half-point bye in round {entry.round}"
                rule = f"{cell} says the player may not take one (VCL4THP Q175-176)"
                if entry.round < round_number:
                    out.append(EventDayFinding(3, where, f"{what} broke it: {rule}; the round is played", entry.round))
                else:
                    out.append(EventDayFinding(REFUSED, where, f"{what} is refused: {rule}", entry.round))
    return out


def crosstable_cells(layout: CrosstableLayout | None, grid: Grid | None) -> CrosstableCells | None:
    """Where a crosstable's players and rounds are, for findings that name a cell (None: the
    layout does not say)."""
    try:
        return layout.locate(grid) if layout is not None and layout.locate is not None and grid is not None else None
    except InputError:
        return None


_PAIR = re.compile(r"\b(\d+)-(\d+)\b")
_PLAYER = re.compile(r"\b(player|to) (\d+)\b")


_RECORD = re.compile(r"record (?:XXP|260), line (\d+)")


def in_start_numbers(message: str, numbers: Mapping[int, int], records: Mapping[int, str] | None = None) -> str:
    """A pairing system's message about pairing numbers told in start numbers (pairs `4-7`,
    `player 4`, `to 4`), for an event where late entrants moved the numbers; a forbidden pair's
    record is named by its Settings cell."""
    message = _RECORD.sub(lambda m: f"the forbidden pair of {(records or {}).get(int(m[1]), 'Settings')}", message)
    start = {number: sno for sno, number in numbers.items()}
    if all(sno == number for sno, number in numbers.items()):
        return message
    message = _PAIR.sub(lambda m: f"{start.get(int(m[1]), m[1])}-{start.get(int(m[2]), m[2])}", message)
    return _PLAYER.sub(lambda m: f"{m[1]} {start.get(int(m[2]), m[2])}", message)
