"""Manual boards: the rounds of a workbook checked against the pairing system (VCL4THP Q66-69).

    found = check_book(plan, registry)     # every round re-paired from the rounds before it
    found.warnings                         # one line per round the TD changed, with the criterion
    found.trf()                            # the event as TRF, `### MPA @ Round n: ...` per such round

The TD may override a board on the Pairings sheet; the fold writes it into the crosstable as
typed. `recalc` and `pair` then say which criterion it breaks (a rematch C1, a forbidden pair, a
PAB to an ineligible player C2, a colour rule C3 or E.1-E.5) with the engine's own pairing beside
it, and `pair --check BOOK` prints the same report as for a TRF file. The round on the Pairings
sheet is checked as soon as it is paired (results not needed: a round's results never change
its own pairing).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from rulesengine import api
from rulesengine.errors import RulesEngineError
from rulesengine.model import Colour, ResultCode, RoundEntry, Tournament
from rulesengine.pairing import Pairing, PairedRound, RoundCheck, next_round
from rulesengine.registry import Registry, default_registry
from rulesengine.workbook.event_day import book_event, in_start_numbers
from rulesengine.workbook.pair_book import book_cells, pairing_event
from rulesengine.workbook.recalc import WritePlan
from rulesengine.workbook.sheets.pairings import BYE_CODES, PAIRINGS_SHEET


@dataclass(frozen=True)
class BookCheck:
    tournament: Tournament            # in pairing numbers (C.04.2), every recorded round with its byes
    checks: tuple[RoundCheck, ...]    # in start numbers
    numbers: Mapping[int, int]        # start number -> pairing number
    records: Mapping[int, str]        # the forbidden pairs' header lines -> Settings cells
    numbered: tuple[RoundCheck, ...] = ()   # the checks in pairing numbers (the TRF export's)

    @property
    def renumbered(self) -> bool:
        return any(sno != number for sno, number in self.numbers.items())

    @property
    def differing(self) -> tuple[RoundCheck, ...]:
        return tuple(c for c in self.checks if c.verdict)

    def told(self, message: str) -> str:
        return in_start_numbers(message, self.numbers, self.records)

    def warnings(self, rounds: set[int] | None = None) -> tuple[str, ...]:
        """`warning: round R was paired by hand: <criterion>; the engine pairs <boards> (recorded <boards>)`."""
        out = []
        for c in self.differing:
            if rounds is not None and c.round not in rounds:
                continue
            out.append(f"warning: round {c.round} was paired by hand ({PAIRINGS_SHEET} or Crosstable): "
                       f"{self.told(c.verdict)} (VCL4THP Q66-69); the engine pairs {boards(c.rules)}, the round "
                       f"has {boards(c.recorded)}")
            out += [f"warning: {self.told(w.message)}" for w in c.warnings]
        return tuple(out)


def boards(paired: PairedRound) -> str:
    return " ".join([f"{b.white}-{b.black}" for b in paired.boards]
                    + [f"{p}-PAB" for p, kind in paired.byes if kind == "PAB"])


def check_book(plan: WritePlan, registry: Registry | None = None, system: str = "dutch",
               only_round: int | None = None) -> BookCheck | None:
    """Every round of the workbook (and the one on its Pairings sheet) re-paired by `system`; None
    when the system has no check mode or nothing is paired yet. `only_round`: that round alone is
    paired again first, and the whole check made only when it differs (a recalc of a long event
    then costs one pairing)."""
    registry = registry or default_registry()
    chosen = registry.pairing_system(system)
    if chosen.check is None:
        return None
    tournament, _ = pairing_event(plan, system, registry)
    tournament = _with_pairings_round(tournament, plan)
    last = next_round(tournament) - 1
    if last < 1:
        return None
    cells = book_cells(plan, registry)
    event = book_event(plan.settings, tournament, last + 1, cells, plan.crosstable_sheet, chosen, plan.withdrawn,
                       plan.late)
    checked = _absent_as_byes(event.tournament, last)
    # What a TRF export says of the event: its name, its rounds (JaVaFo XXR), the system that pairs it.
    codes = {code for code, _ in checked.header}
    first = ((("012", f" {checked.name}"),) if "012" not in codes else ()) \
        + ((("XXR", f" {checked.rounds}"),) if not codes & {"XXR", "142"} else ())
    checked = replace(checked, header=first + checked.header
                      + ((("192", f" {system.upper()}"),) if "192" not in codes else ()))
    records = {line + len(first): cell for line, cell in event.places.records.items()}
    # Players never paired have no pairing number in the rounds before they joined (SPP ruling
    # 2026-08-28): one numbering serves every round.
    if only_round is not None and only_round <= last and _agrees(checked, only_round, registry, system):
        return BookCheck(checked, (), event.numbers, records)
    numbered = tuple(chosen.check(checked))
    start = {number: sno for sno, number in event.numbers.items()}
    checks = [replace(c, rules=_back(c.rules, start), recorded=_back(c.recorded, start)) for c in numbered]
    # The TRF export keeps the pairing numbers as its start ranks (as `pair FILE.trf --late-entry`
    # writes a file), so that the file pairs as the book does.
    return BookCheck(checked, tuple(checks), event.numbers, records, numbered)


def _agrees(tournament: Tournament, n: int, registry: Registry, system: str) -> bool:
    """Round `n` as recorded is the one the system pairs from the rounds before it."""
    before = []
    for p in tournament.players:
        entry = p.entry(n)
        kept = p.rounds[:n - 1]
        if entry.opponent is None and entry.code not in (ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.NOT_PAIRED):
            kept += (entry,)   # a bye asked for in advance is the system's input, not its output
        before.append(replace(p, rounds=kept))
    rules = api.pair_round(replace(tournament, players=tuple(before)), n, system, registry)
    recorded = {frozenset((p.start_rank, p.entry(n).opponent)) for p in tournament.players
                if p.entry(n).opponent is not None}
    pab = {p.start_rank for p in tournament.players if p.entry(n).code is ResultCode.PAIRING_ALLOCATED_BYE}
    colours = {(p.start_rank, p.entry(n).opponent) for p in tournament.players if p.entry(n).colour is Colour.WHITE}
    return ({frozenset((b.white, b.black)) for b in rules.boards} == recorded
            and {q for q, kind in rules.byes if kind == "PAB"} == pab
            and {(b.white, b.black) for b in rules.boards} == colours)


def _back(paired: PairedRound, start: Mapping[int, int]) -> PairedRound:
    return PairedRound(paired.round, tuple(Pairing(start.get(b.white, b.white),
                                                   None if b.black is None else start.get(b.black, b.black))
                                           for b in paired.boards),
                       tuple((start.get(p, p), kind) for p, kind in paired.byes))


def _with_pairings_round(tournament: Tournament, plan: WritePlan) -> Tournament:
    """The Pairings sheet's boards that have no result yet, as entries of their round (a draw: a
    round's results do not change its own pairing), so a round is checked as soon as it is paired."""
    fold = plan.fold
    if fold is None or fold.complete:
        return tournament
    n = fold.round
    added: dict[int, RoundEntry] = {}
    for b in fold.missing:
        added[b.white] = RoundEntry(n, b.black, Colour.WHITE, ResultCode.DRAW)
        added[b.black] = RoundEntry(n, b.white, Colour.BLACK, ResultCode.DRAW)
    for sno, kind in fold.sheet_byes:
        added[sno] = RoundEntry(n, None, Colour.NONE, BYE_CODES[kind])
    players = []
    for p in tournament.players:
        entry = added.get(p.start_rank)
        if entry is not None and p.entry(n).opponent is None and p.entry(n).code is ResultCode.NOT_PAIRED:
            rounds = list(p.rounds[:n - 1])
            rounds += [RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED) for r in range(len(rounds) + 1, n)]
            p = replace(p, rounds=(*rounds, entry, *p.rounds[n:]))
        players.append(p)
    return replace(tournament, players=tuple(players))


def _absent_as_byes(tournament: Tournament, last: int) -> Tournament:
    """A player with nothing in a recorded round (a late entrant before joining, a withdrawn
    player) was not paired in it: a zero-point bye, as TRF writes it (`0000 - Z`)."""
    players = []
    for p in tournament.players:
        rounds = [p.entry(r) for r in range(1, last + 1)]
        rounds = [RoundEntry(e.round, None, Colour.NONE, ResultCode.ZERO_POINT_BYE)
                  if e.opponent is None and e.code is ResultCode.NOT_PAIRED else e for e in rounds]
        players.append(replace(p, rounds=tuple(rounds) + p.rounds[last:]))
    return replace(tournament, players=tuple(players))


def manual_board_warnings(plan: WritePlan, registry: Registry | None = None) -> tuple[str, ...]:
    """The round on the Pairings sheet checked against the pairing system (VCL4THP Q66-69): a
    board the TD changed by hand, with the criterion it breaks and the engine's pairing."""
    if getattr(plan, "fold", None) is None:   # no Pairings round folded, or a team book (its TeamPlan)
        return ()
    try:
        found = check_book(plan, registry, only_round=plan.fold.round)
    except RulesEngineError as exc:   # the check never stops a recalculation
        return (f"note: the round on the {PAIRINGS_SHEET} sheet was not checked against the pairing rules: {exc}",)
    return found.warnings({plan.fold.round}) if found is not None else ()
