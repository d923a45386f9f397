"""Pair the next round of a crosstable workbook: `rulesengine pair BOOK.xlsx` and the Excel buttons.

    outcome = pair_grids(grids, sheet_names)          # pure: grids in, writes out
    result = route.pair_workbook(Path("open.xlsx"))  # the file route: read, pair, graft, save

The event is read exactly as Recalculate reads it (workbook.recalc.recalculate, which also folds
the results entered on an existing Pairings sheet into the crosstable); the round is paired with
the pairing-system hook (api.pair_round); the writes are the new Pairings sheet, and the
recalculation's (Standings, the folded cells) when results were folded in. The previous round must be complete: a board of the
Pairings sheet without a result, or a crosstable round typed without results, stops the pairing
with the cells named, and nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from rulesengine import api
from rulesengine.errors import InputError, Location, Problem, UsageError
from rulesengine.model import Tournament
from rulesengine.event_day import paired_back
from rulesengine.layout import CrosstableCells
from rulesengine.pairing import (LEVEL_WORDS, REFUSED, PairedRound, PairingRequest, PairingSystem, edition_note,
                                 next_round, pairing_heading, with_announced_byes)
from rulesengine.registry import Registry, default_registry
from rulesengine.grid import Grid
from rulesengine.workbook.sheets.pairings import HEADER, PAIRINGS_SHEET, pairings_write, read_pairings
from rulesengine.workbook.plan import SheetWrite
from rulesengine.workbook.inputs.progress import pending_cells
from rulesengine.workbook.recalc import WritePlan, recalculate
from rulesengine.workbook.inputs.settings import WorkbookSettings
from rulesengine.workbook.event_day import BookEvent, barred_byes, book_event, crosstable_cells

@dataclass(frozen=True)
class BookPairing:
    """A round paired from a workbook: what to write, and what it was computed from."""

    plan: WritePlan                  # the recalculation (results folded, Standings)
    tournament: Tournament           # the event as paired (rounds = the event's number of rounds)
    paired: PairedRound
    writes: tuple[SheetWrite, ...]   # the Pairings sheet, after plan.writes when results were folded
    notes: tuple[str, ...] = ()

    @property
    def system(self) -> str:
        return self.tournament.extra.get("pairing_system", "")


def pair_grids(grids: Mapping[str, Grid], sheet_names: Sequence[str] = (), *, round_number: int | None = None,
               system: str = "dutch", overrides: WorkbookSettings | None = None,
               registry: Registry | None = None, options: Mapping | None = None) -> BookPairing:
    """Pair the next round (or `round_number`) of the workbook whose sheets are `grids`."""
    registry = registry or default_registry()
    chosen = registry.pairing_system(system)
    _check_pairings_sheet_is_ours(grids)
    plan = recalculate(grids, overrides, registry=registry, sheet_names=sheet_names)
    tournament, notes = pairing_event(plan, system, registry)
    number = round_number if round_number is not None else next_round(tournament)
    if number < 1:
        raise UsageError(f"--round must be 1 or more, not {number}")
    capacity = int(tournament.extra.get("round_columns") or 0)
    if capacity and number > capacity:
        raise InputError(Problem(Location(sheet=plan.crosstable_sheet, cell="A1"),
                                 f"round {number}: the crosstable has room for {capacity} round(s) only; add the "
                                 f"columns of round {number} first (nothing was written)"))
    played = [p.start_rank for p in tournament.players if p.entry(number).opponent is not None]
    if played:
        raise UsageError(f"round {number} already has games in {plan.crosstable_sheet!r} (player {played[0]}, "
                         f"...): the workbook route pairs a round without results; clear them first, or pair a "
                         f"TRF export with --round {number}")
    day = book_event(plan.settings, tournament, number, book_cells(plan, registry), plan.crosstable_sheet,
                     chosen, plan.withdrawn, plan.late)
    paired, told = _pair_event_day(day, plan, chosen, number, registry, options)
    notes += told
    event = plan.settings.event_name or tournament.name
    when = plan.settings.start_date or tournament.start_date
    sheet = pairings_write(day.scored, paired, event=event if event != plan.crosstable_sheet else "",
                           when=str(when or ""), system=pairing_heading(chosen, tournament))
    # The recalculation's date (the Settings sheet's, else the file's), not one inferred from a name.
    dated = plan.rules.when if plan.rules is not None else None
    if note := edition_note(chosen, dated.value if dated is not None and not dated.inferred else None,
                             tournament):
        notes += (note,)
    # The recalculation is written only when results were folded in now (the crosstable changed);
    # otherwise the Standings stay as the last Recalculate left them.
    folded = plan.writes if plan.fold is not None and plan.fold.writes else ()
    return BookPairing(plan, replace(tournament, extra={**tournament.extra, "pairing_system": pairing_heading(chosen, tournament)}),
                       paired, tuple(folded) + (sheet,), notes)


def _pair_event_day(day: BookEvent, plan: WritePlan, chosen: PairingSystem, number: int, registry: Registry,
                    options: Mapping | None) -> tuple[PairedRound, tuple[str, ...]]:
    """Pair round `number` of the event day `day`: the system's findings first (a requested bye
    beyond the Settings limits refused at its Crosstable cell, VCL4THP Q174 and the event's
    limits), then the round in pairing numbers, told in start numbers; a withdrawn player is not
    on the sheet at all."""
    extra = day.options(plan.settings)
    request = PairingRequest(with_announced_byes(day.tournament, number), number, {**(options or {}), **extra})
    start = {n: sno for sno, n in day.numbers.items()}
    # The system's findings speak of pairing numbers (told in start numbers); the book's own in start numbers.
    findings = [(f, day.told(f.message)) for f in (chosen.event_day(request) if chosen.event_day is not None else ())
                if not (f.level == 1 and _player_of(f.message, start) in day.withdrawn)]
    findings += [(f, f.message) for f in barred_byes(day.scored, plan.no_half_point_byes, number, day.places)]
    refused = [(f, message) for f, message in findings if f.level >= REFUSED and f.round >= number]
    if refused:
        raise InputError([Problem(f.location, f"{message}; round {number} was not paired") for f, message in refused])
    notes = [f"{LEVEL_WORDS[f.level] + ': ' if f.level > 1 else ''}{message} ({f.location})" for f, message in findings]
    for sno, (first, cell) in sorted(day.withdrawn.items()):
        if first <= number and sno in day.scored.by_start_rank:
            left = "expelled" if sno in plan.expelled else "withdrawn"   # VCL4THP Q197-198 / Q170
            notes.append(f"player {sno} {day.scored.player(sno).name} is not paired in round {number}: "
                         f"{left} from round {first} ({cell})")
    plain = {k: v for k, v in request.options.items() if k not in ("places", "limit_names")}
    paired = api.pair_round(day.tournament, number, chosen.name, registry, plain)
    if day.renumbered:
        paired = paired_back(paired, day.numbers)
    paired = replace(paired, byes=tuple((p, k) for p, k in paired.byes if p not in day.withdrawn))
    return paired, tuple(day.notes) + tuple(notes)


def _player_of(message: str, start: Mapping[int, int]) -> int | None:
    """The start number of the player a finding is about (`player P NAME ...`, P a pairing number)."""
    head = message.split(" ", 2)
    return start.get(int(head[1]), int(head[1])) if len(head) > 1 and head[0] == "player" and head[1].isdigit() \
        else None


def book_cells(plan: WritePlan, registry: Registry | None = None) -> CrosstableCells | None:
    """Where the plan's crosstable (results folded in) has its players and rounds."""
    return crosstable_cells((registry or default_registry()).layout(plan.layout) if plan.layout else None,
                            plan.crosstable)


def _check_pairings_sheet_is_ours(grids: Mapping[str, Grid]) -> None:
    """A sheet named Pairings that the engine did not write is the TD's: never written over."""
    grid = next((g for name, g in grids.items() if name.lower() == PAIRINGS_SHEET.lower()), None)
    if grid is not None and any(any(v is not None for v in row) for row in grid.rows) and read_pairings(grid) is None:
        raise InputError(Problem(Location(sheet=grid.sheet, cell="A1"),
                                 f"this sheet was not written by the engine (no '{' | '.join(HEADER)}' row), so "
                                 f"pairing would replace it: rename it, then pair again"))


def pairing_event(plan: WritePlan, system: str = "dutch",
                  registry: Registry | None = None) -> tuple[Tournament, tuple[str, ...]]:
    """The event to pair from a recalculation: every round held, and its number of rounds.

    The number of rounds (it decides C.04.3 A.7's topscorers in the last round) is Settings'
    `Rounds`, else the crosstable's round columns (a note says so). UsageError for a layout that
    is not paired round by round (`CrosstableLayout.locate` is None: its `unpaired` says why).
    """
    t = plan.tournament
    layout = (registry or default_registry()).layout(plan.layout)
    if not layout.paired:
        raise UsageError(f"{plan.crosstable_sheet!r} is a {plan.layout.replace('_', ' ')} crosstable: "
                         f"{layout.unpaired}")
    fold = plan.fold
    if fold is not None and not fold.complete and (fold.folded or fold.already):
        # Some results of the round are in: the round is being played (with none, the round
        # on the Pairings sheet is paired again, e.g. after a late withdrawal).
        raise InputError([Problem(Location(sheet=PAIRINGS_SHEET, cell=b.cell),
                                  f"round {fold.round} board {b.number} ({b.white}-{b.black}) has no result yet: "
                                  f"enter every result of round {fold.round} before pairing round {fold.round + 1}")
                          for b in fold.missing])
    progress = plan.progress
    if progress is not None and progress.round_in_play is not None:
        raise InputError([Problem(Location(sheet=plan.crosstable_sheet, cell=cell),
                                  f"round {number} is paired but has no result here yet: enter the round's results "
                                  f"before pairing the next round")
                          for number, cell in pending_cells(t) if number == progress.round_in_play]
                         or Problem(Location(sheet=plan.crosstable_sheet, cell="A1"),
                                    f"round {progress.round_in_play} is not finished"))
    if progress is not None and progress.chosen and progress.after_round < _rounds_with_entries(plan):
        raise UsageError(f"'After round' is {progress.after_round} (Settings or --after-round): clear it to pair "
                         f"the next round")
    notes = []
    total = plan.settings.rounds
    if total is None:
        total = int(t.extra.get("round_columns") or 0) or t.rounds
        notes.append(f"the number of rounds is not on Settings ('Rounds'): taken as {total}, the crosstable's "
                     f"round columns (C.04.3 A.7 treats the topscorers of the last round apart)")
    # Settings' First colour and Acceleration are what a TRF file says with JaVaFo's `XXC
    # white1|black1` and TRF-2026's record 192, the pairing system's type, ending in `_BAKU`
    # for Baku acceleration; the pairing system reads them from the header, as from a TRF file.
    colour, accelerated = plan.settings.first_colour, plan.settings.acceleration == "baku"
    header = (tuple(t.header) + ((("XXC", f" {colour}1"),) if colour else ())
              + ((("192", f" {system.upper()}_BAKU"),) if accelerated else ()))
    return replace(t, rounds=max(total, t.rounds), header=header), tuple(notes)


def _rounds_with_entries(plan: WritePlan) -> int:
    fold = plan.fold
    return max(plan.tournament.rounds, fold.round if fold is not None and fold.complete else 0)
