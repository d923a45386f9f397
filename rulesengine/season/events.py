"""Reading one event file, whatever produced it: a TRF from the pairing program, a Swiss-Manager
export, our own workbook (every crosstable layout the engine reads).

`read_event` is the one place the season reads a file: TRF (and any format a plugin registers)
through the registry's formats, workbooks through the workbook readers with their layout
detected, as `rulesengine recalc` does. A faster workbook reader can replace `_read_workbook`
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import Tournament
from rulesengine.rating import parse_date

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm")
KINDS = ("standard", "rapid", "blitz", "bughouse")
UNRATED_KINDS = ("bughouse",)  # two-vs-two is not modelled by Elo (domain.md section 2: never rated)


@dataclass(frozen=True)
class EventFile:
    """What a file says about itself: the tournament, its name and date when it has them."""

    tournament: Tournament
    name: str
    date: date | None
    encoding: str


def read_event(path: Path, encoding: str | None = None) -> EventFile:
    """Read an event file; InputError naming FILE:LINE:COL (or Sheet!Cell) for every problem."""
    if not path.is_file():
        raise InputError(Problem(Location(str(path)), "no such file"))
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        tournament, when = _read_workbook(path)
        used = "xlsx"
    else:
        tournament, used = _read_text(path, encoding)
        when = parse_date(tournament.start_date) or parse_date(tournament.end_date)
    return EventFile(tournament, tournament.name.strip() or path.stem, when, used)


def _read_text(path: Path, encoding: str | None) -> tuple[Tournament, str]:
    """TRF and plugin formats. Without an encoding, UTF-8, then Latin-1 (older pairing programs)."""
    from rulesengine.registry import default_registry

    fmt = default_registry().format_for(path)
    if fmt.read is None:
        raise InputError(Problem(Location(str(path)), f"format {fmt.name!r} cannot be read"))
    if not encoding:
        try:
            path.read_bytes().decode("utf-8")
            encoding = "utf-8"
        except UnicodeDecodeError:
            encoding = "latin-1"
    event = fmt.read(path, encoding)
    # A team event (TRF 310/013) is rated by its players' games: its individual event.
    return (event if isinstance(event, Tournament) else event.individual), encoding


def _read_workbook(path: Path) -> tuple[Tournament, date | None]:
    """A workbook's crosstable (sheet `Crosstable`, the one Settings names, else the first whose
    layout is known), read as `recalc` reads it; the date and name from its Settings sheet."""
    from rulesengine.workbook.layouts.detect import detect_layout, read_crosstable
    from rulesengine.workbook.io.openpyxl_book import load_workbook, read_grids
    from rulesengine.workbook.recalc import sheets_to_read
    from rulesengine.workbook.season import season_sheets
    from rulesengine.workbook.inputs.settings import SETTINGS_SHEET, parse_settings

    wb, _, _ = load_workbook(path, read_only=False)
    grids = read_grids(wb, sheets_to_read(wb.sheetnames))
    where = Location(str(path))
    if season_sheets(list(grids)):
        raise InputError(Problem(where, "a club-season workbook (Evening 1, Evening 2, ...) holds a whole season: "
                                        "run `rulesengine ladder` on the workbook itself"))
    by_lower = {name.lower(): grid for name, grid in grids.items()}
    settings, problems = parse_settings(by_lower.get(SETTINGS_SHEET.lower()))
    if problems:
        raise InputError(problems)
    wanted = (settings.crosstable_sheet or "Crosstable").lower()
    grid = by_lower.get(wanted) or next((g for g in grids.values() if detect_layout(g)), None)
    if grid is None:
        raise InputError(Problem(where, "no crosstable sheet found (a sheet named Crosstable, or one in a known "
                                        "layout: our template, Swiss-Manager, round robin, US Chess wall chart)"))
    tournament = read_crosstable(grid, settings.layout, name=settings.event_name or "")
    when = parse_date(settings.start_date or "") if settings.start_date else None
    return tournament, when


def kind_from_name(name: str) -> str:
    """A guess at the kind from the event's name ("Blitz night" is blitz); standard otherwise."""
    lowered = name.lower()
    return next((kind for kind in ("bughouse", "blitz", "rapid") if kind in lowered), "standard")
