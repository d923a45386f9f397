"""The team template's Settings sheet (`Setting | Value | What it means`), read with the cell of
every value so a bad one is reported there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction

from rulesengine.cell_values import parse_points, whole_number
from rulesengine.dates import read_date
from rulesengine.grid import CellValue, Grid, cell_address, text
from rulesengine.layout_cells import Problems
from rulesengine.team import TeamPoints
from rulesengine.workbook.team.columns import COLOUR_MODELS, DATE_SLIP, FIRST_COLOURS, KIND_TEXTS, SETTING_LABELS
from rulesengine.workbook.team.pairing_rows import ROW_KINDS, PairingRow


@dataclass(frozen=True)
class TeamSettings:
    """What the Settings sheet says; None/empty = not given. `cells`: setting key -> `Settings!B5`."""

    event: str = ""
    start_date: date | None = None
    end_date: date | None = None
    kind: str = "swiss"
    rounds: int | None = None
    boards: int | None = None
    team_points: TeamPoints = TeamPoints()
    primary: str = "MP"
    pab: tuple[Fraction, Fraction] | None = None
    colours: str = ""
    tiebreaks: tuple[str, ...] = ()
    rules_date: date | None = None
    colour_model: str = ""        # "type A", "type B", "no colour" (C.04.6 art. 1.7); "": not given (type A)
    first_colour: str = ""        # record 152: "W" or "B"; "": not given
    pairing_rows: tuple[PairingRow, ...] = ()   # `Forbidden pair` and `Acceleration` rows (records 260, 250)
    cells: dict[str, str] = field(default_factory=dict, compare=False)


def read_settings(grid: Grid | None, problems: Problems) -> TeamSettings:
    """The settings of `grid` (None: no Settings sheet, every default)."""
    if grid is None:
        return TeamSettings()
    values: dict[str, object] = {}
    cells: dict[str, str] = {}
    rows: list[PairingRow] = []
    for r in range(1, grid.height):
        key = text(grid.value(r, 0)).lower().rstrip(":").strip()
        if not key or key.startswith("#"):     # a comment row
            continue
        if key in ROW_KINDS:   # read with the teams (pairing_rows.py); a row left empty says nothing
            typed = tuple(grid.value(r, c) for c in (1, 2, 3))
            if any(text(v) for v in typed):
                rows.append(PairingRow(ROW_KINDS[key], cell_address(r, 0), typed,
                                       tuple(cell_address(r, c) for c in (1, 2, 3))))
            continue
        raw = grid.value(r, 1)
        if key not in SETTING_LABELS:
            problems.add(r, 0, f"unknown setting {text(grid.value(r, 0))!r}; known: "
                               f"{', '.join(SETTING_LABELS.values())}, Forbidden pair, Acceleration")
            continue
        cells[key] = grid.address(r, 1)
        reading = _value(key, raw, text(raw))
        if isinstance(reading, _Bad):
            problems.add(r, 1, f"{SETTING_LABELS[key]}: {reading}")
        elif reading is not None:
            values[key] = reading
    settings = TeamSettings(
        event=values.get("event", ""), start_date=values.get("start date"), end_date=values.get("end date"),
        kind=values.get("type", "swiss"), rounds=values.get("rounds"), boards=values.get("boards"),
        team_points=values.get("team points", TeamPoints()), primary=values.get("primary score", "MP"),
        pab=values.get("team pab"), colours=values.get("board colours", ""),
        tiebreaks=values.get("tie-breaks", ()), rules_date=values.get("rules date"),
        colour_model=values.get("colour model", ""), first_colour=values.get("first colour", ""),
        pairing_rows=tuple(rows), cells=cells)
    if settings.boards and settings.colours and len(settings.colours) != settings.boards:
        problems.at(cells["board colours"].rpartition("!")[2],
                    f"Board colours {settings.colours!r} name {len(settings.colours)} boards, but Boards is "
                    f"{settings.boards}")
    return settings


class _Bad(str):
    """What is wrong with a setting's value (a message, told apart from a text value)."""


def _value(key: str, raw: CellValue, shown: str) -> object:
    """The setting's value, None when empty, or `_Bad` saying what is wrong."""
    if not shown:
        return None
    if isinstance(raw, (date, datetime)) and key not in ("start date", "end date", "rules date"):
        return _Bad(DATE_SLIP)
    if key == "event":
        return shown
    if key in ("start date", "end date", "rules date"):
        if isinstance(raw, datetime):
            return raw.date()
        if isinstance(raw, date):
            return raw
        reading = read_date(shown)
        return reading.value or _Bad(reading.problem)
    if key == "type":
        return KIND_TEXTS.get(shown.lower()) or _Bad(f"{shown!r}: want swiss or round robin")
    if key in ("rounds", "boards"):
        number = whole_number(raw)
        top = 99 if key == "rounds" else 14     # record 310 holds up to 14 players a team
        if number is None or not 1 <= number <= top:
            return _Bad(f"{shown!r}: want a whole number 1 to {top}")
        return number
    if key == "team points":   # record 362: TW/TD/TL
        parts = [parse_points(p) for p in shown.replace(",", "/").split("/")]
        if len(parts) != 3 or None in parts:
            return _Bad(f"{shown!r}: want win/draw/loss match points, e.g. 2/1/0 or 3/1/0")
        return TeamPoints(*parts)
    if key == "primary score":   # C.07 art. 11: match points, or game points
        return shown.upper() if shown.upper() in ("MP", "GP") else _Bad(f"{shown!r}: want MP or GP")
    if key == "team pab":   # record 320: the match and game points of a team PAB
        parts = [parse_points(p) for p in shown.replace(",", "/").split("/")]
        if len(parts) != 2 or None in parts:
            return _Bad(f"{shown!r}: want the PAB's match points/game points, e.g. 2/2")
        return (parts[0], parts[1])
    if key == "board colours":   # record 352: the first-named team's colour board by board
        letters = shown.upper().replace(" ", "")
        return letters if set(letters) <= {"W", "B"} else _Bad(f"{shown!r}: want W and B board by board, e.g. WBWB")
    if key == "colour model":   # C.04.6 art. 1.7: type A unless the rules state type B or no colour
        return COLOUR_MODELS.get(shown.lower()) or _Bad(f"{shown!r}: want type A, type B or none (C.04.6 art. 1.7)")
    if key == "first colour":   # C.04.6 art. 4.1: the initial colour drawn by lot (record 152)
        return FIRST_COLOURS.get(shown.lower()) or _Bad(f"{shown!r}: want white or black")
    if key == "tie-breaks":
        return tuple(part.strip() for part in shown.split(",") if part.strip())
    return None
