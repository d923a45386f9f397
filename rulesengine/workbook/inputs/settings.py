"""The `Settings` sheet: what the TD chose (tie-break order, rating system, rules date, ...).

The sheet is a list of `key | value` rows; keys are matched without regard to case, spaces or
punctuation, so `Tie-breaks`, `Tiebreaks` and `tie breaks` are the same key. Keys starting with
`Ladder ` (or `Rating option `) are passed to the rating system as options. Unknown keys are
reported, so a typo does not silently change nothing. CLI flags override the sheet.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from fractions import Fraction
from typing import Any, Mapping

from rulesengine.errors import Location, Problem, quote
from rulesengine.limits import MAX_NAME_TEXT, MAX_SHEET_NAME
from rulesengine.workbook.inputs.bounds import MAX_ROUNDS, OPTION_LIMIT, POINTS_PER_GAME, check_range
from rulesengine.grid import Grid, cell_address, text
from rulesengine.cell_values import parse_int, parse_points, shown

SETTINGS_SHEET = "Settings"
# How much of a value a message shows (errors.quote): the start of a 32,767-character cell, and its
# length; a label (the key column) is shown to 40, the length errors.quote gives by default.
SHOWN = 60


@dataclass(frozen=True)
class WorkbookSettings:
    """Everything the recalculation needs besides the crosstable. None/empty = not set."""

    tiebreaks: tuple[str, ...] | None = None
    rating_system: str | None = None
    rules_date: date | None = None
    rule_set: str | None = None          # the rating system's rule set
    tiebreak_rules: str | None = None    # a tie-break rule text the plugins declare (TiebreakRule.rule_sets)
    event_name: str | None = None
    start_date: str | None = None
    crosstable_sheet: str | None = None
    layout: str | None = None
    kind: str | None = None  # "swiss" or "round robin"
    points_win: Fraction | None = None
    points_draw: Fraction | None = None
    points_loss: Fraction | None = None
    rating_options: Mapping[str, Any] = field(default_factory=dict)
    rounds: int | None = None            # rounds of the event; else the last round with any entry
    after_round: int | None = None       # standings after this round (an event in progress)
    first_colour: str | None = None      # "white" / "black": player 1's colour in round 1 (pairing, C.04.3 E)
    acceleration: str | None = None      # "baku": Baku acceleration of the pairing (FIDE C.04.7)
    # The event day (issue 23 item 4): the event's limits on requested byes (none in TRF-2026, so
    # they live here), how a late entrant's missed rounds score, the lot for the initial colour,
    # and the absolute forbidden pairs (TRF 260), one `Forbidden pair | A | B` row each.
    max_half_point_byes: int | None = None
    no_byes_in_last: int | None = None
    late_entry: str | None = None        # "zero" / "half": a late entrant's missed rounds
    colour_lot: str | None = None        # the seed the initial colour is drawn from (C.04.3 E.5)
    forbidden_pairs: tuple["ForbiddenPair", ...] = ()
    # Where each setting was read (field name -> `Settings!B5`), for messages about its value.
    cells: Mapping[str, str] = field(default_factory=dict, compare=False)

    def override(self, other: "WorkbookSettings") -> "WorkbookSettings":
        """These settings with every field `other` sets replacing ours (CLI flags over the sheet)."""
        changes = {name: getattr(other, name) for name in self.__dataclass_fields__
                   if name != "cells" and getattr(other, name) not in (None, {}, ())}
        if other.rating_options:
            changes["rating_options"] = {**self.rating_options, **other.rating_options}
        return replace(self, **changes)


@dataclass(frozen=True)
class ForbiddenPair:
    """One `Forbidden pair | A | B` row: each player as typed (a start number or a name), and where."""

    first: Any
    second: Any
    first_cell: str      # `Settings!B20`
    second_cell: str


def _key(label: str) -> str:
    return re.sub(r"[^a-z0-9]", "", label.lower())


_KEYS = {
    "tiebreaks": "tiebreaks", "tiebreak": "tiebreaks", "tiebreakorder": "tiebreaks", "tiebreaksinorder": "tiebreaks",
    "ratingsystem": "rating_system", "rating": "rating_system", "system": "rating_system",
    "rulesdate": "rules_date", "rulesof": "rules_date",
    "ruleset": "rule_set", "ratingruleset": "rule_set",
    "tiebreakrules": "tiebreak_rules", "tiebreakruleset": "tiebreak_rules",
    "event": "event_name", "eventname": "event_name", "tournament": "event_name", "tournamentname": "event_name",
    "startdate": "start_date", "date": "start_date",
    "crosstablesheet": "crosstable_sheet", "crosstable": "crosstable_sheet",
    "layout": "layout",
    "type": "kind", "tournamenttype": "kind", "system type": "kind",
    "pointsforawin": "points_win", "win": "points_win", "pointsforwin": "points_win",
    "pointsforadraw": "points_draw", "draw": "points_draw", "pointsfordraw": "points_draw",
    "pointsforaloss": "points_loss", "loss": "points_loss", "pointsforloss": "points_loss",
    "rounds": "rounds", "numberofrounds": "rounds", "totalrounds": "rounds",
    "afterround": "after_round", "standingsafterround": "after_round", "roundsplayed": "after_round",
    "firstcolour": "first_colour", "firstcolor": "first_colour", "initialcolour": "first_colour",
    "initialcolor": "first_colour", "acceleration": "acceleration", "acceleratedpairings": "acceleration",
    "maxhalfpointbyes": "max_half_point_byes", "maximumhalfpointbyes": "max_half_point_byes",
    "halfpointbyesatmost": "max_half_point_byes", "nobyesinlastrounds": "no_byes_in_last",
    "nobyesinthelastrounds": "no_byes_in_last", "nobyesinlast": "no_byes_in_last",
    "lateentries": "late_entry", "lateentry": "late_entry", "lateentrybyes": "late_entry",
    "colourlot": "colour_lot", "colorlot": "colour_lot", "colourlotseed": "colour_lot", "drawingoflots": "colour_lot",
}
_PAIR_KEYS = ("forbiddenpair", "forbiddenpairs", "prohibitedpair", "prohibitedpairing", "forbiddenpairing")
KNOWN = ("Tie-breaks, Rating system, Rules date, Rule set, Event, Start date, Crosstable sheet, Layout, Type, "
         "Points for a win/draw/loss, Rounds, After round, First colour, Acceleration, Ladder ...")
_OPTION_PREFIXES = ("ladder", "ratingoption")


def parse_settings(grid: Grid | None) -> tuple[WorkbookSettings, list[Problem]]:
    """Read a Settings grid (`key | value` rows; a header row `Setting | Value` is skipped)."""
    if grid is None:
        return WorkbookSettings(), []
    values: dict[str, Any] = {}
    options: dict[str, Any] = {}
    problems: list[Problem] = []
    cells: dict[str, str] = {}
    pairs: list[ForbiddenPair] = []
    for r, row in grid.iter_rows():
        label = text(row[0] if row else None)
        if not label or label.startswith("#"):
            continue
        value = row[1] if len(row) > 1 else None
        where = Location(sheet=grid.sheet, cell=cell_address(r, 1))
        key = _key(label)
        if key in ("setting", "settings", "key", "name") :
            continue
        prefix = next((p for p in _OPTION_PREFIXES if key.startswith(p)), None)
        if prefix is not None:
            option = re.sub(r"[^a-z0-9]+", "_", _after_prefix(label, prefix).lower()).strip("_")
            if option and value is not None and text(value):
                try:
                    check_option_number(value)
                except ValueError as exc:
                    problems.append(Problem(where, f"setting {quote(label)}: {exc}"))
                    continue
                options[option] = value if not isinstance(value, str) else value.strip()
            continue
        if key in _PAIR_KEYS:
            second = row[2] if len(row) > 2 else None
            if text(value) or text(second):
                pairs.append(ForbiddenPair(value, second, str(where), str(Location(sheet=grid.sheet,
                                                                                   cell=cell_address(r, 2)))))
            continue
        name = _KEYS.get(key)
        if name is None:
            if text(value):
                problems.append(Problem(Location(sheet=grid.sheet, cell=cell_address(r, 0)),
                                        f"unknown setting {quote(label)} (known: {KNOWN})"))
            continue
        if value is None or text(value) == "":
            continue
        if isinstance(value, str) and value.lstrip().startswith("="):
            problems.append(Problem(where, f"setting {quote(label)} holds a formula; type the value itself"))
            continue
        try:
            values[name] = _convert(name, value)
            cells[name] = str(where)
        except (ValueError, OverflowError) as exc:  # OverflowError: `inf` typed as points
            problems.append(Problem(where, f"setting {quote(label)}: {exc}"))
    return WorkbookSettings(rating_options=options, cells=cells, forbidden_pairs=tuple(pairs), **values), problems


def _after_prefix(label: str, prefix: str) -> str:
    """The option's name: what follows the prefix ("Rating option tau" and "RatingOption tau" -> "tau")."""
    seen = 0
    for i, char in enumerate(label):
        if char.isalnum():
            seen += 1
            if seen == len(prefix):
                return label[i + 1:]
    return ""


_WORDS: dict[str, tuple[dict[str | None, tuple[str, ...]], str]] = {
    "first_colour": ({"white": ("white", "w", "white1"), "black": ("black", "b", "black1")},
                     "a colour (white or black)"),
    "acceleration": ({"baku": ("baku", "bakuacceleration", "c047"), None: ("none", "no", "off")},
                     "an acceleration (Baku or none)"),
    "late_entry": ({"zero": ("zero", "0", "z", "zeropointbyes", "zeropointbye"),
                    "half": ("half", "h", "05", "halfpointbyes", "halfpointbye"),
                    None: ("notpaired", "none", "no")},
                   "a way to score missed rounds (zero, half or not paired)"),
}


# Settings naming something a plugin provides, and what it is called in a message.
_NAMES = {"rating_system": "rating system", "rule_set": "rule set", "tiebreak_rules": "tie-break rule text",
          "layout": "crosstable layout"}


def _convert(name: str, value: Any) -> Any:
    if name == "tiebreaks":
        raw = value if isinstance(value, str) else text(value)
        return tuple(_name(t, "tie-break") for t in (p.strip() for p in re.split(r"[,;\n]+", raw)) if t)
    if name in _NAMES and _key(text(value)) not in ("none", "no", "off"):
        return _name(text(value), _NAMES[name])
    if name == "crosstable_sheet":
        return _sheet_name(value)
    if name == "rules_date":
        return _to_date(value)
    if name in ("points_win", "points_draw", "points_loss"):
        points = parse_points(value)
        if points is None and isinstance(value, (int, float)) and not isinstance(value, bool) \
                and math.isfinite(value):
            points = value  # a number past the readers' bounds: the range check below names it
        if points is None:
            raise ValueError(f"{shown(value)!r} is not a number of points")
        return check_range(points, POINTS_PER_GAME, "points", value)
    if name in ("max_half_point_byes", "no_byes_in_last"):
        count = parse_int(value) if not isinstance(value, str) or text(value).isdigit() else None
        if count is None:
            raise ValueError(f"{quote(text(value), SHOWN)} is not a number of rounds (a whole number, 0 or more)")
        return check_range(count, (0, MAX_ROUNDS), "number of rounds", value)
    if name in ("rounds", "after_round"):
        return round_number(value, "a number of rounds" if name == "rounds" else "a round number")
    if name == "kind":
        word = _key(text(value))
        if word in ("roundrobin", "rr", "berger", "allplayall"):
            return "round robin"
        if word in ("swiss", "dutch"):
            return "swiss"
        raise ValueError(f"{quote(text(value), SHOWN)} is not a tournament type (swiss or round robin)")
    if name in _WORDS:
        # First colour: what the lot gave pairing number 1 in round 1 (FIDE C.04.3 E; TRF XXC
        # white1/black1). Acceleration: Baku (FIDE C.04.7) or none.
        choices, what = _WORDS[name]
        word = _key(text(value))
        for meaning, spellings in choices.items():
            if word in spellings:
                return meaning
        raise ValueError(f"{quote(text(value), SHOWN)} is not {what}")
    if name == "start_date" and isinstance(value, (date, datetime)):
        return (value.date() if isinstance(value, datetime) else value).isoformat()
    if name == "rating_system" and _key(text(value)) in ("none", "no", "off"):
        return None
    return text(value)


def _name(typed: str, what: str) -> str:
    """A tie-break, rating system, rule set or layout as typed: no plugin's name is longer than
    MAX_NAME_TEXT, so a longer text is refused here, at its cell, before any lookup echoes it."""
    if len(typed) > MAX_NAME_TEXT:
        raise ValueError(f"{quote(typed, SHOWN)} is not a {what} (a name of at most {MAX_NAME_TEXT} characters)")
    return typed


def _sheet_name(value: Any) -> str:
    """The crosstable sheet's name as typed (a number typed as a name is its text: sheet `2026`)."""
    typed = text(value)
    if len(typed) > MAX_SHEET_NAME:
        shown_value = shown(value) if isinstance(value, (int, float)) else quote(typed, SHOWN)
        raise ValueError(f"{shown_value} is not a sheet name (Excel's sheet names have at most "
                         f"{MAX_SHEET_NAME} characters)")
    return typed


def check_option_number(value: Any) -> None:
    """A rating option that is a number (a K factor, a starting rating) is finite and bounded:
    `1e308` or `inf` is a typing slip the rating system must not compute with."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return
    try:
        number = float(value.strip().replace(",", ".")) if isinstance(value, str) else float(value)
    except ValueError:
        return  # a word (a rule set's name): the rating system reads it
    if not math.isfinite(number) or abs(number) > OPTION_LIMIT:
        raise ValueError(f"{shown(value)} is out of range (-{OPTION_LIMIT:g} to {OPTION_LIMIT:g})")


def round_number(value: Any, what: str = "a round number") -> int:
    """A whole number of rounds, 1 to MAX_ROUNDS (ValueError otherwise)."""
    number = parse_int(value) if not isinstance(value, str) or text(value).isdigit() else None
    if number is None:
        raise ValueError(f"{quote(text(value), SHOWN)} is not {what} (a whole number)")
    return check_range(number, (1, MAX_ROUNDS), what.removeprefix("a "), value)


def _to_date(value: Any) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    raw = text(value).replace("/", "-").replace(".", "-")
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise ValueError(f"{quote(text(value), SHOWN)} is not a date (use YYYY-MM-DD)") from None


def settings_from_options(tiebreaks: str | None = None, rating_system: str | None = None,
                          rules_date: str | date | None = None, **other: Any) -> WorkbookSettings:
    """Settings given as command-line options (strings), for `WorkbookSettings.override`."""
    fields: dict[str, Any] = {k: v for k, v in other.items() if v is not None}
    if tiebreaks is not None:
        fields["tiebreaks"] = tuple(t.strip() for t in tiebreaks.split(",") if t.strip())
    if rating_system is not None:
        fields["rating_system"] = rating_system
    if rules_date is not None:
        fields["rules_date"] = _to_date(rules_date)
    return WorkbookSettings(**fields)


def looks_like_settings(grid: Grid) -> bool:
    """Two or more known setting names in column A: a Settings sheet under another name."""
    found = {_KEYS.get(_key(text(row[0]))) for _, row in grid.iter_rows() if row and text(row[0])}
    return len(found - {None}) >= 2


def missing_settings_note(grids: Mapping[str, Grid], crosstable_sheet: str, tiebreaks: tuple[str, ...] | None,
                          settings: WorkbookSettings, rules_date: date | None) -> str:
    """What a recalculation without a Settings sheet assumed (a renamed sheet is not read)."""
    others = [name for name, grid in grids.items()
              if name != crosstable_sheet and name.lower() != SETTINGS_SHEET.lower() and looks_like_settings(grid)]
    defaults = [
        f"tie-breaks {', '.join(tiebreaks)}" + ("" if settings.tiebreaks else " (as the crosstable announces)")
        if tiebreaks else "no tie-breaks (points only)",
        f"rating system {settings.rating_system}" if settings.rating_system else "no rating system",
        f"rules in force on {rules_date.isoformat()}" if rules_date else "the newest rules",
        "rounds from the last round with any entry",
    ]
    hint = "".join(f" Sheet {name!r} looks like a Settings sheet: name it 'Settings' to use it." for name in others)
    return (f"No Settings sheet found (sheets: {', '.join(grids)}); defaults used: {'; '.join(defaults)}.{hint}")
