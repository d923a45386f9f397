"""The Settings rows a team swiss's pairing reads beside the one-value settings (issue 22 item 1:
records 250 and 260 in a team book):

    Forbidden pair | team | team [| rounds]     record 260: the two teams shall not meet; the team
                                                swiss's [C1] (C.04.6 art. 2.1.1) treats them as having met
    Acceleration   | MP/GP | rounds | teams    record 250: fictitious match and game points added to
                                                the pairing score of teams first..last in those rounds
                                                (C.04.7 art. 1.5), never to the standings

A team is its pairing number, name or nickname (exact, case aside); rounds and teams are `3` or
`1-3`; a forbidden pair's empty rounds mean every round of the event. The rows are read after the
Teams sheet (a name needs the rosters), and every problem is reported at its cell. A round robin
is paired by the Berger table (C.05 Annex 1), so there the rows are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from rulesengine.cell_values import parse_points, whole_number
from rulesengine.grid import CellValue, text
from rulesengine.layout_cells import Problems

FORBIDDEN, ACCELERATION = "Forbidden pair", "Acceleration"
# Settings labels (lower case, as typed) -> the row's kind.
ROW_KINDS = {"forbidden pair": FORBIDDEN, "forbidden pairs": FORBIDDEN, "prohibited pair": FORBIDDEN,
             "prohibited pairing": FORBIDDEN, "acceleration": ACCELERATION, "accelerated rounds": ACCELERATION}
PAIRING_ROWS_HELP = ("team swiss: Forbidden pair | a team (number, name or nickname) in Value | the other in "
                     "column C | the rounds in D, e.g. 1-3 (empty: every round): they shall not meet (record 260). "
                     "Acceleration | match points/game points in Value, e.g. 1/2 | the rounds in C, e.g. 1-2 | the "
                     "teams in D, e.g. 1-8: fictitious points for the pairing only (C.04.7 art. 1.5, record 250)")
MAX_ROUND = 99          # the team template's bound on rounds (Settings' Rounds)
_RANGE = re.compile(r"\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?")


@dataclass(frozen=True)
class PairingRow:
    """One such row as typed: its kind, the values of columns B, C, D and their cells (`B7`)."""

    kind: str
    label_cell: str
    values: tuple[CellValue, CellValue, CellValue]
    cells: tuple[str, str, str]


def team_pairing_records(rows: Sequence[PairingRow], rosters: Sequence[tuple[int, str, str]], *, swiss: bool,
                         primary: str, rounds: int | None, problems: Problems) -> tuple[tuple[str, str], ...]:
    """The 260 and 250 header records of `rows` (TRF-2026 team layouts, as the team pairing reads
    them); `rosters`: each team's (number, name, nickname). A row with a problem adds it to
    `problems` and gives no record."""
    records: list[tuple[str, str]] = []
    teams = _TeamNames(rosters)
    for row in rows:
        if not swiss:
            problems.at(row.label_cell, f"{row.kind}: a team round robin is paired by the Berger table (C.05 Annex 1); "
                                        f"this row is for a team swiss")
            continue
        record = _forbidden(row, teams, rounds, problems) if row.kind == FORBIDDEN else \
            _acceleration(row, len(rosters), primary, problems)
        if record is not None:
            records.append(record)
    return tuple(records)


def settings_rows(header: Sequence[tuple[str, str]]) -> list[list[CellValue]]:
    """The Settings rows that type the event's 260 and 250 records back (the export's side): one
    `Forbidden pair` row per two teams of a 260 record, one `Acceleration` row per 250 record."""
    rows: list[list[CellValue]] = []
    for code, rest in header:
        line = code + rest
        if code == "260":
            first, last = line[4:7].strip(), line[8:11].strip() or line[4:7].strip()
            numbers = [line[i:i + 4].strip() for i in range(12, len(line), 5) if line[i:i + 4].strip()]
            span = first if first == last else f"{first}-{last}"
            rows.extend([FORBIDDEN, int(a), int(b), span] for k, a in enumerate(numbers) for b in numbers[k + 1:]
                        if a.isdigit() and b.isdigit())
        elif code == "250":
            mp, gp = line[4:8].strip() or "0", line[9:13].strip() or "0"
            r1, r2 = line[14:17].strip(), line[18:21].strip() or line[14:17].strip()
            t1, t2 = line[22:26].strip(), line[27:31].strip() or line[22:26].strip()
            rows.append([ACCELERATION, f"{mp}/{gp}", r1 if r1 == r2 else f"{r1}-{r2}", t1 if t1 == t2 else f"{t1}-{t2}"])
    return rows


class _TeamNames:
    """A team by pairing number, name or nickname (exact, case aside)."""

    def __init__(self, rosters: Sequence[tuple[int, str, str]]):
        self.numbers = {number for number, _, _ in rosters}
        self.by_name: dict[str, list[int]] = {}
        for number, name, nickname in rosters:
            for key in {name.casefold().strip(), nickname.casefold().strip()} - {""}:
                self.by_name.setdefault(key, []).append(number)

    def find(self, value: CellValue) -> tuple[int | None, str]:
        """(the team's number, "") or (None, why not)."""
        number = whole_number(value)
        if number is not None and number in self.numbers:
            return number, ""
        found = self.by_name.get(text(value).casefold().strip(), [])
        if len(found) == 1:
            return found[0], ""
        return None, ("names two teams: type the team's number" if found else
                      f"no team has the number {number}" if number is not None else
                      "is no team's number, name or nickname")


def _forbidden(row: PairingRow, teams: _TeamNames, rounds: int | None,
               problems: Problems) -> tuple[str, str] | None:
    (first, second, span), (first_cell, second_cell, span_cell) = row.values, row.cells
    found = []
    for value, cell in ((first, first_cell), (second, second_cell)):
        if not text(value):
            problems.at(cell, f"{FORBIDDEN}: want a team (number, name or nickname) in B and the other in C")
            continue
        number, why = teams.find(value)
        if number is None:
            problems.at(cell, f"{FORBIDDEN}: {text(value)!r} {why}")
        else:
            found.append(number)
    span_read = _span(span, span_cell, f"{FORBIDDEN}: the rounds", 1, MAX_ROUND, problems,
                      default=(1, rounds or MAX_ROUND))
    if len(found) != 2 or span_read is None:
        return None
    if found[0] == found[1]:
        problems.at(second_cell, f"{FORBIDDEN}: the same team twice")
        return None
    return "260", f" {span_read[0]:>3} {span_read[1]:>3} {found[0]:>4} {found[1]:>4}"


def _acceleration(row: PairingRow, team_count: int, primary: str, problems: Problems) -> tuple[str, str] | None:
    (points, rounds, teams), (points_cell, rounds_cell, teams_cell) = row.values, row.cells
    if primary == "GP":   # C.04.7 art. 1.4.4
        problems.at(row.label_cell, f"{ACCELERATION}: the primary score is game points; C.04.7 art. 1.4.4: an "
                                    f"acceleration cannot be used with game points as the primary score")
        return None
    parts = [parse_points(p.strip()) for p in text(points).replace(",", "/").split("/")]
    if len(parts) != 2 or None in parts or any(p < 0 or p >= 100 for p in parts):
        problems.at(points_cell, f"{ACCELERATION}: {text(points)!r}: want the fictitious match points/game points "
                                 f"(C.04.7 art. 1.5), e.g. 1/2")
        parts = None
    round_span = _span(rounds, rounds_cell, f"{ACCELERATION}: the rounds", 1, MAX_ROUND, problems)
    team_span = _span(teams, teams_cell, f"{ACCELERATION}: the teams (pairing numbers)", 1, team_count, problems)
    if parts is None or round_span is None or team_span is None:
        return None
    mp, gp = (_points(p) for p in parts)
    return "250", (f" {mp:>4} {gp:>4} {round_span[0]:>3} {round_span[1]:>3} {team_span[0]:>4} "
                   f"{team_span[1]:>4}")


def _span(value: CellValue, cell: str, what: str, low: int, high: int, problems: Problems,
          default: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """`3` or `1-3` within low..high; empty: `default` (None: required)."""
    shown = text(value).strip()
    if not shown and default is not None:
        return default
    match = _RANGE.fullmatch(shown.removesuffix(".0"))
    first, last = (int(match[1]), int(match[2] or match[1])) if match else (None, None)
    if first is None or not low <= first <= last <= high:
        problems.at(cell, f"{what}: {shown!r}: want a number or a range such as {low}-{min(high, low + 2)}, "
                          f"within {low}-{high}")
        return None
    return first, last


def _points(value: Fraction) -> str:
    """Points as record 250 writes them: `1`, `1.5`."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
