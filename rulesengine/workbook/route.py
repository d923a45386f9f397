"""The file route of `rulesengine recalc BOOK` and `pair BOOK`: read a workbook, compute, write the
engine's sheets back, without ever losing the TD's file.

    result = recalc_workbook(Path("open.xlsx"))               # Standings (and Explain, Ladder)
    result = pair_workbook(Path("open.xlsx"))                 # the next round's Pairings sheet

One use case over three adapters, none of which imports this module: the package inspection and
fast reader (`io.package`, `io.fast_read`: calamine, openpyxl where it cannot), the graft writer
(`io.graft`: only the engine's sheets change, every other part byte for byte) and the openpyxl
adapter (`io.openpyxl_book`: the fallback rewrite), saved by `io.save` (lock, backups, atomic
replace, fidelity guard). The computing is pure and lives elsewhere: `recalc.recalculate` and
`pair_book.pair_grids`, grids in, sheet writes out.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, Sequence, TypeVar

from rulesengine.errors import UsageError
from rulesengine.grid import Grid
from rulesengine.registry import Registry
from rulesengine.workbook.inputs.settings import WorkbookSettings
from rulesengine.workbook.io.fast_read import read_grids_checked
from rulesengine.workbook.io.graft import GraftUnsupported, prepare_graft
from rulesengine.workbook.io.openpyxl_book import apply_writes, check_workbook_path, load_workbook, read_grids
from rulesengine.workbook.io.package import DEFAULT_LIMITS, Limits, inspect_package
from rulesengine.workbook.io.save import SaveResult, check_not_open, save_atomically
from rulesengine.workbook.pair_book import BookPairing, pair_grids
from rulesengine.workbook.pairing_check import BookCheck, check_book, manual_board_warnings
from rulesengine.workbook.plan import SheetWrite
from rulesengine.workbook.recalc import WritePlan, recalculate, sheets_to_read
from rulesengine.workbook.season import LADDER_SHEET, ladder_fingerprint
from rulesengine.workbook.team.pair import TeamBook, TeamBookPairing, pair_team_book, read_team_book
from rulesengine.workbook.team.recalc import TeamPlan, recalculate_team, team_layout_of

ROUTES = ("auto", "graft", "openpyxl")


@dataclass(frozen=True)
class RecalcResult:
    plan: WritePlan | TeamPlan   # TeamPlan: a team book's Team Standings (workbook.team.recalc)
    save: SaveResult
    route: str = "openpyxl"     # how the engine's sheets were written: "graft" or "openpyxl"
    why_openpyxl: str = ""      # when the graft could not be used, why
    warnings: tuple[str, ...] = ()   # a board of the Pairings sheet's round changed by hand (pairing_check)


def recalc_workbook(path: str | Path, overrides: WorkbookSettings | None = None, *, explain: Sequence[str] = (),
                    registry: Registry | None = None, limits: Limits = DEFAULT_LIMITS,
                    force: bool = False, route: str = "auto") -> RecalcResult:
    """Recalculate a workbook file in place (or beside it, when the fidelity guard says so).

    The sheets are read with the fast reader (fast_read); the engine's sheets are grafted into
    the TD's package (graft), every other part kept byte for byte. When the graft cannot be used
    (graft.GraftUnsupported says why) the workbook is loaded, changed and saved by openpyxl, as
    before. `route` "graft" or "openpyxl" insists on one (tests, the bench).
    """
    def compute(names: list[str], grids: dict[str, Grid]) -> WritePlan | TeamPlan:
        team = team_layout_of(grids, registry)   # a team book (issue 22): its layout, its Team Standings
        if team is not None:
            if explain:
                raise UsageError("--explain: not for a team book (explain a team's value with `rulesengine explain`)")
            return recalculate_team(grids, team, overrides, registry=registry)
        return recalculate(grids, overrides, explain=explain, registry=registry, sheet_names=names)

    plan, save, used, why = write_engine_sheets(path, compute, lambda p: p.writes, limits=limits, force=force,
                                                route=route)
    return RecalcResult(plan, save, used, why, manual_board_warnings(plan, registry))


Computed = TypeVar("Computed")


def write_engine_sheets(path: str | Path, compute: Callable[[list[str], dict[str, Grid]], Computed],
                        writes_of: Callable[[Computed], Sequence[SheetWrite]], *, limits: Limits = DEFAULT_LIMITS,
                        force: bool = False, route: str = "auto") -> tuple[Computed, SaveResult, str, str]:
    """Read a workbook, compute from its sheets and write the engine's sheets back: the one route
    of `recalc` and `pair BOOK.xlsx`. Lock and open-file checks, package inspection, the fast
    reader, the graft writer, atomic save with the backup rules; openpyxl when the graft cannot
    be used. Returns (what `compute` gave, the save, the route taken, why not the graft)."""
    if route not in ROUTES:
        raise ValueError(f"route must be one of {ROUTES}, got {route!r}")
    path = Path(path)
    check_not_open(path)
    check_workbook_path(path)
    info = inspect_package(path, limits)
    names, grids = read_grids_checked(path, info, sheets_to_read, limits,
                                      engine="openpyxl" if route == "openpyxl" else "auto")
    computed = compute(names, grids)
    writes = writes_of(computed)
    why = ""
    if route != "openpyxl":
        try:
            write = prepare_graft(path, writes)
        except GraftUnsupported as exc:
            if route == "graft":
                raise
            why = str(exc)
        else:
            return computed, save_atomically(path, write, info, force=force), "graft", why
    wb, info, notes = load_workbook(path, limits, info=info)
    apply_writes(wb, writes)
    return computed, save_atomically(path, wb.save, info, notes, force=force), "openpyxl", why


@dataclass(frozen=True)
class PairBookResult:
    outcome: BookPairing | TeamBookPairing   # TeamBookPairing: a team book's round in its Matches sheet
    save: SaveResult
    route: str         # "graft" or "openpyxl"
    warnings: tuple[str, ...] = ()   # the round folded now, checked (manual_board_warnings)


def pair_workbook(path: str | Path, *, round_number: int | None = None, system: str = "dutch",
                  overrides: WorkbookSettings | None = None, registry: Registry | None = None,
                  options: Mapping | None = None, force: bool = False) -> PairBookResult:
    """Pair a workbook file and write its Pairings sheet (and the recalculation) in place; a team
    book (a team layout detects it): the next round's match blocks typed into its Matches sheet
    (workbook.team.pair), by the team pairing system its event names.

    The same route as `recalc`: lock and open-file checks, package inspection, the fast reader,
    the graft writer (only the engine's sheets and the folded cells change), atomic save with
    the backup rules; the openpyxl route when the graft cannot be used.
    """
    def compute(names: list[str], grids: dict[str, Grid]) -> BookPairing | TeamBookPairing:
        team = team_layout_of(grids, registry)
        if team is not None:
            return pair_team_book(grids, team, round_number=round_number, system=system, overrides=overrides,
                                  registry=registry)
        return pair_grids(grids, names, round_number=round_number, system=system, overrides=overrides,
                          registry=registry, options=options)

    outcome, save, route, _ = write_engine_sheets(path, compute, lambda o: o.writes, force=force)
    if isinstance(outcome, TeamBookPairing):
        return PairBookResult(outcome, save, route)
    return PairBookResult(outcome, save, route, manual_board_warnings(outcome.plan, registry))


def team_book(path: str | Path, *, overrides: WorkbookSettings | None = None, registry: Registry | None = None,
              limits: Limits = DEFAULT_LIMITS) -> TeamBook | None:
    """The team event of a team book, for `pair --check BOOK` and `pair --explain BOOK` (nothing
    written); None when no team layout detects the book."""
    path = Path(path)
    check_workbook_path(path)
    info = inspect_package(path, limits)
    _, grids = read_grids_checked(path, info, sheets_to_read, limits)
    team = team_layout_of(grids, registry)
    return read_team_book(grids, team, overrides) if team is not None else None


def check_workbook_pairings(path: str | Path, *, system: str = "dutch", overrides: WorkbookSettings | None = None,
                            registry: Registry | None = None, limits: Limits = DEFAULT_LIMITS) -> BookCheck | None:
    """`pair --check BOOK`: every round of the workbook re-paired (nothing written)."""
    path = Path(path)
    check_workbook_path(path)
    info = inspect_package(path, limits)
    names, grids = read_grids_checked(path, info, sheets_to_read, limits)
    plan = recalculate(grids, overrides, registry=registry, sheet_names=names, with_writes=False)
    return check_book(plan, registry, system)


def check_workbook_ladder(path) -> tuple[str | None, str | None]:
    """(fingerprint on the workbook's Ladder sheet, fingerprint of its inputs now), for
    `rulesengine ladder BOOK --check`: a Ladder sheet older than its evenings is stale."""
    wb, _, _ = load_workbook(path)
    grids = read_grids(wb, sheets_to_read(wb.sheetnames))
    plan = recalculate(grids, sheet_names=wb.sheetnames)
    now = next((ladder_fingerprint(w.rows) for w in plan.writes if w.sheet == LADDER_SHEET
                and ladder_fingerprint(w.rows)), None)
    ladder = next((wb[name] for name in wb.sheetnames if name.lower() == LADDER_SHEET.lower()), None)
    stored = ladder_fingerprint(list(ladder.iter_rows(values_only=True))) if ladder is not None else None
    return stored, now
