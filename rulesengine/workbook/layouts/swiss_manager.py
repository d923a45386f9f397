"""Swiss-Manager / chess-results.com crosstables ("Final ranking crosstable after N rounds").

    Rk. | SNo |  | Name | FED | Rtg | 1.Rd | 2.Rd | ... | Pts. | TB1 | TB2
     1  |  5  |GM| Rossi| NED | 2163| 11w1 |  2b0 | ... | 5    | 16,5| 14
    ...
    Tie Break1: Buchholz Tie-Breaks (variabel with parameter)

A round cell is the opponent's start number, the colour and the result: `12w1`, `5b½`, `7w0`;
forfeits have `+`/`-` as the result (`12w+`, `5b-`). Rounds without an opponent are `-1`
(pairing-allocated bye), `-½` (half-point bye) and `-0` (not paired); Excel often turns the
first and last into the numbers -1 and 0. A TRF code in brackets says what this notation
cannot: `-1 (F)` full-point bye, `-0 (Z)` zero-point bye. The tie-break legend under the table
becomes the tournament's announced tie-break order.
"""

from __future__ import annotations

import re

from rulesengine.errors import InputError
from rulesengine.model import Colour, ResultCode, ScoringSystem, STANDARD_SCORING, Tournament
from rulesengine.registry import default_registry
from rulesengine.grid import Grid, text
from rulesengine.workbook.inputs.numbers import parse_points
from rulesengine.workbook.inputs.published import PublishedNumber
from rulesengine.workbook.layouts.common import (Problems, RawEntry, build_tournament, find_header, formula,
                                                 header_labels, player_columns, read_player, split_trf_note,
                                                 start_number)

NAME = "swiss_manager"
ROUND_HEADER = re.compile(r"^(\d{1,9})\s*\.?\s*(rd|rnd|r|runde|ronda|rde|round)\.?$")
CELL = re.compile(r"^(?P<opp>\d{1,9})\s*(?P<colour>[wbsWBS]?)\s*(?P<result>1/2|0[.,]5|[10½=+-])$")
_RESULTS = {"1": ResultCode.WIN, "0": ResultCode.LOSS, "½": ResultCode.DRAW, "=": ResultCode.DRAW,
            "1/2": ResultCode.DRAW, "0.5": ResultCode.DRAW, "0,5": ResultCode.DRAW,
            "+": ResultCode.FORFEIT_WIN, "-": ResultCode.FORFEIT_LOSS}
_NO_OPPONENT = {"-1": ResultCode.PAIRING_ALLOCATED_BYE, "-½": ResultCode.HALF_POINT_BYE,
                "-1/2": ResultCode.HALF_POINT_BYE, "-0.5": ResultCode.HALF_POINT_BYE,
                "-0,5": ResultCode.HALF_POINT_BYE, "-0": ResultCode.NOT_PAIRED, "0": ResultCode.NOT_PAIRED,
                "bye": ResultCode.PAIRING_ALLOCATED_BYE, "": ResultCode.NOT_PAIRED, "-": ResultCode.NOT_PAIRED}
LEGEND = re.compile(r"^(?:tie[- ]?break|tb)\s*(\d+)\s*:\s*(.+)$", re.IGNORECASE)
TB_HEADER = re.compile(r"^tb\s*(\d+)$")


def _round_columns(labels: list[str]) -> list[tuple[int, int]]:
    """(round number, column) for each `N.Rd` header."""
    found = []
    for c, label in enumerate(labels):
        match = ROUND_HEADER.match(label.replace(" ", "")) or ROUND_HEADER.match(label)
        if match:
            found.append((int(match.group(1)), c))
    return found


def _header(grid: Grid) -> int | None:
    return find_header(grid, lambda labels: bool(_round_columns(labels))
                       or ("rk" in labels and "sno" in labels and not any(l.isdigit() for l in labels)))


def detect(grid: Grid) -> bool:
    return _header(grid) is not None


def legend_codes(grid: Grid, start_row: int) -> tuple[str, ...]:
    """Tie-break codes from `Tie Break1: ...` lines under the table, in order."""
    found: dict[int, str] = {}
    for r in range(start_row, grid.height):
        for value in grid.rows[r]:
            match = LEGEND.match(text(value))
            if not match:
                continue
            # The plugin that owns a code says how publishers name it (hook rulesengine_tiebreak_legends).
            code = default_registry().spec_for_legend(match.group(2))
            if code:
                found[int(match.group(1))] = code
    return tuple(found[k] for k in sorted(found))


def read(grid: Grid, *, scoring: ScoringSystem = STANDARD_SCORING, kind: str = "swiss", name: str = "") -> Tournament:
    problems = Problems(grid.sheet)
    header = _header(grid)
    if header is None:
        problems.add(0, 0, "no Swiss-Manager header (Name, 1.Rd, 2.Rd, ...) found")
        problems.raise_if_any()
    labels = header_labels(grid, header)
    rounds = _round_columns(labels)
    first = min((c for _, c in rounds), default=len(labels))
    after = max((c for _, c in rounds), default=first) + 1
    cols = player_columns(labels, header, first, after)
    # The table ends at the first row without a start number (the legend follows).
    number_col = cols.sno if cols.sno is not None else cols.rank
    raws, r = [], header + 1
    while r < grid.height:
        key = grid.value(r, number_col) if number_col is not None else grid.value(r, cols.name)
        if text(key) == "" or (number_col is not None and start_number(key) is None and not formula(key)):
            break
        player = read_player(grid, r, cols, problems, len(raws) + 1)
        if player is not None:
            for number, c in rounds:
                entry = read_cell(grid, r, c, number, problems)
                if entry is not None:
                    player.entries.append(entry)
            raws.append(player)
        r += 1
    if not name:
        name = next((text(v) for row in grid.rows[:header] for v in row if text(v)), "")
    total_rounds = max((n for n, _ in rounds), default=0)
    legend = legend_codes(grid, r)
    if not problems.items and cols.sno is not None and cols.rank is not None:
        # Both `Rk.` and `SNo`: the cells normally name start numbers, but a ranking crosstable
        # may name ranks. Take start numbers unless only ranks make every game mirror.
        try:
            return build_tournament(raws, total_rounds, Problems(grid.sheet), name=name, kind=kind,
                                    scoring=scoring, tiebreak_order=legend, layout=NAME)
        except InputError as by_start_number:
            sno_of_rank = {p.rank: p.start_rank for p in raws if p.rank is not None}
            if len(sno_of_rank) != len(raws):
                raise by_start_number from None
            for player in raws:
                for entry in player.entries:
                    if entry.opponent is not None:
                        entry.opponent = sno_of_rank.get(entry.opponent, -entry.opponent)
            try:
                return build_tournament(raws, total_rounds, Problems(grid.sheet), name=name, kind=kind,
                                        scoring=scoring, tiebreak_order=legend, layout=NAME)
            except InputError:
                raise by_start_number from None
    return build_tournament(raws, total_rounds, problems, name=name, kind=kind, scoring=scoring,
                            tiebreak_order=legend, layout=NAME)


def read_cell(grid: Grid, r: int, c: int, number: int, problems: Problems) -> RawEntry | None:
    raw = grid.value(r, c)
    cell = grid.address(r, c).split("!", 1)[1]
    if formula(raw):
        problems.add(r, c, f"round {number}: the cell holds a formula; type the result itself")
        return None
    if isinstance(raw, (int, float)) and not isinstance(raw, bool) and raw in (-1, 0, -0.5):
        value = {-1: "-1", 0: "-0", -0.5: "-½"}[raw]
    else:
        value = text(raw).replace(" ", "")
    value, note = split_trf_note(value)
    code = _NO_OPPONENT.get(value.lower())
    if code is not None:
        if note is not None:
            code = note
        return RawEntry(number, None, Colour.NONE, code, cell) if code is not ResultCode.NOT_PAIRED else None
    match = CELL.match(value)
    if not match:
        problems.add(r, c, f"round {number}: cannot read {text(raw)!r} (want opponent, colour and result "
                           f"like 12w1, 5b½, 7w+, or -1 / -½ / -0 for a round without opponent)")
        return None
    colour = {"w": Colour.WHITE, "b": Colour.BLACK, "s": Colour.BLACK, "": Colour.NONE}[match["colour"].lower()]
    return RawEntry(number, int(match["opp"]), colour, _RESULTS[match["result"]], cell)


def published_tiebreaks(grid: Grid) -> list[tuple[str, dict[int, PublishedNumber]]]:
    """The `TB1`, `TB2`, ... columns after the rounds, as printed, by start number (for marking
    the values our standings compute differently; `workbook.published`)."""
    header = _header(grid)
    if header is None:
        return []
    labels = header_labels(grid, header)
    rounds = _round_columns(labels)
    first = min((c for _, c in rounds), default=len(labels))
    cols = player_columns(labels, header, first, max((c for _, c in rounds), default=first) + 1)
    number_col = cols.sno if cols.sno is not None else cols.rank
    tb_cols = sorted((int(m.group(1)), c) for c, label in enumerate(labels) if (m := TB_HEADER.match(label)))
    found: list[tuple[str, dict[int, PublishedNumber]]] = []
    for number, c in tb_cols:
        printed: dict[int, tuple[object, str]] = {}
        for r in range(header + 1, grid.height):
            sno = start_number(grid.value(r, number_col)) if number_col is not None else None
            if sno is None:
                break
            value = parse_points(grid.value(r, c))
            if value is not None:
                printed[sno] = (value, text(grid.value(r, c)).replace(",", "."))
        # The column's precision is its most precise cell: "29" beside "28,5" is a whole 29.
        decimals = max((len(t.split(".", 1)[1]) if "." in t else 0 for _, t in printed.values()), default=0)
        found.append((text(grid.value(header, c)) or f"TB{number}",
                      {sno: PublishedNumber(value, decimals) for sno, (value, _) in printed.items()}))
    return found
