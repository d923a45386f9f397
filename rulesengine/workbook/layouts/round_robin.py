"""Round-robin grids: one row per player, one column per opponent, `*` on the diagonal.

    No. | Name  | Rtg  | 1 | 2 | 3 | 4 | Pts
     1  | Ana   | 2100 | * | 1 | ½ | + | 2.5
     2  | Bo    | 2050 | 0 | * | 1 | 1 | 2

Column `k` is the player whose number (the `No.`/`Rk.` column, else the k-th row) is k; the
start number is the `SNo` column when there is one. Cells hold `1 ½ 0` (also `=`, `1/2`, 0.5),
`+`/`-` for forfeits, nothing for a game not played; a double round robin has two results per
cell (`1 ½`, `½0`), first cycle first. The grid says neither rounds nor colours: games are
placed in the rounds and colours of the FIDE Berger tables (C.05 Annex 1), so tie-breaks that
depend on round order or colour read those. For the same reason the grid is not paired round by
round: the layout has `detect`, `read` and `export`, and no `locate`.
"""

from __future__ import annotations

import re
from fractions import Fraction

from rulesengine.grid import CellValue, Grid, text
from rulesengine.layout import RawEntry
from rulesengine.layout_cells import (Problems, build_tournament, find_header, formula, header_labels, player_columns,
                                      read_player, start_number)
from rulesengine.model import Colour, ResultCode, ScoringSystem, STANDARD_SCORING, Tournament

NAME = "round_robin"
DIAGONAL = {"*", "x", "×", "-", "", "xx", "**", "—"}
_TOKEN = re.compile(r"1/2|0[.,]5|[10½=+\-]")
_RESULTS = {"1": ResultCode.WIN, "0": ResultCode.LOSS, "½": ResultCode.DRAW, "=": ResultCode.DRAW,
            "1/2": ResultCode.DRAW, "0.5": ResultCode.DRAW, "0,5": ResultCode.DRAW,
            "+": ResultCode.FORFEIT_WIN, "-": ResultCode.FORFEIT_LOSS}


def _opponent_columns(labels: list[str]) -> list[tuple[int, int]]:
    """(k, column) for the run of headers 1, 2, 3, ... (the longest run starting at 1)."""
    for c, label in enumerate(labels):
        if label == "1":
            run, k = [], 1
            while c + k - 1 < len(labels) and labels[c + k - 1] == str(k):
                run.append((k, c + k - 1))
                k += 1
            if len(run) >= 2:
                return run
    return []


def _header(grid: Grid) -> int | None:
    return find_header(grid, lambda labels: len(_opponent_columns(labels)) >= 2)


def detect(grid: Grid) -> bool:
    header = _header(grid)
    if header is None:
        return False
    columns = _opponent_columns(header_labels(grid, header))
    # The diagonal: row i (1-based below the header) has `*` (or nothing) in column i.
    marks = [text(grid.value(header + k, c)).lower() for k, c in columns if header + k < grid.height]
    return bool(marks) and all(m in DIAGONAL for m in marks) and any(m for m in marks) or not marks


def berger_round(i: int, j: int, size: int) -> tuple[int, int, int]:
    """FIDE Berger tables: (round, white, black) of the game between positions i and j (1-based).

    `size` is the even table size (players + 1 when odd). Round r pairs i and j with
    i + j = r + 1 (mod size - 1); the last position meets the i with 2i = r + 1 (mod size - 1).
    """
    m = size - 1
    if j == size or i == size:
        other = i if j == size else j
        r = (2 * other - 2) % m + 1
        return (r, other, size) if r % 2 == 1 else (r, size, other)
    r = (i + j - 2) % m + 1
    low, high = min(i, j), max(i, j)
    white, black = (low, high) if (high - low) % 2 == 1 else (high, low)
    return r, white, black


def read(grid: Grid, *, scoring: ScoringSystem = STANDARD_SCORING, kind: str = "round robin",
         name: str = "") -> Tournament:
    problems = Problems(grid.sheet)
    header = _header(grid)
    if header is None:
        problems.add(0, 0, "no round-robin header (Name, 1, 2, 3, ...) found")
        problems.raise_if_any()
    labels = header_labels(grid, header)
    columns = _opponent_columns(labels)
    first, last = columns[0][1], columns[-1][1]
    cols = player_columns(labels, header, first, last + 1)
    rows = list(range(header + 1, min(grid.height, header + 1 + len(columns))))
    # Rows without a name are unused slots of a template (numbered, with `*` on the diagonal).
    rows = [r for r in rows if text(grid.value(r, cols.name))]
    n = len(rows)
    # Position k (the column number) of each row: the No./Rk. column, else the row order.
    key_col = cols.rank if cols.rank is not None and cols.sno is not None else (cols.sno if cols.sno is not None else cols.rank)
    position: dict[int, int] = {}
    for index, r in enumerate(rows, start=1):
        k = start_number(grid.value(r, key_col)) if key_col is not None else index
        position[r] = k if k is not None and 1 <= k <= n else index
    raws = []
    for index, r in enumerate(rows, start=1):
        player = read_player(grid, r, cols, problems, position[r], sno_from_rank=True)
        if player is None:
            continue
        if cols.sno is None:
            player.start_rank = position[r]
        raws.append((r, player))
    sno_of_position = {position[r]: p.start_rank for r, p in raws}
    size = n + n % 2
    cycles = 1
    cells: dict[tuple[int, int], list[str]] = {}
    for r, player in raws:
        i = position[r]
        for k, c in columns[:n]:
            raw = grid.value(r, c)
            if k == i:
                if text(raw).lower() not in DIAGONAL:
                    problems.add(r, c, f"the diagonal cell of player {player.start_rank} should be * (found {text(raw)!r})")
                continue
            if formula(raw):
                problems.add(r, c, "the cell holds a formula; type the result itself")
                continue
            tokens = _tokens(raw)
            if tokens is None:
                problems.add(r, c, f"cannot read {text(raw)!r} (want 1, ½, 0, + or -; two for a double round robin)")
                continue
            cells[(i, k)] = tokens
            cycles = max(cycles, len(tokens))
    for r, player in raws:
        i = position[r]
        for k, c in columns[:n]:
            tokens = cells.get((i, k))
            if not tokens or k not in sno_of_position:
                continue
            for cycle, token in enumerate(tokens):
                rnd, white, _ = berger_round(i, k, size)
                colour = Colour.WHITE if (white == i) == (cycle % 2 == 0) else Colour.BLACK
                player.entries.append(RawEntry(cycle * (size - 1) + rnd, sno_of_position[k], colour, _RESULTS[token],
                                               grid.address(r, c).split("!", 1)[1]))
    players = [p for _, p in raws]
    return build_tournament(players, cycles * (size - 1), problems, name=name, kind="round robin",
                            scoring=scoring, layout=NAME)


def _tokens(raw) -> list[str] | None:
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return {1: ["1"], 0: ["0"], 0.5: ["½"]}.get(raw)
    value = text(raw).replace(" ", "")
    if not value:
        return []
    tokens = _TOKEN.findall(value)
    return tokens if "".join(tokens) == value.replace(",", ",") and tokens else None


_EXPORTED = {ResultCode.WIN: "1", ResultCode.LOSS: "0", ResultCode.DRAW: "½", ResultCode.UNRATED_WIN: "1",
             ResultCode.UNRATED_LOSS: "0", ResultCode.UNRATED_DRAW: "½", ResultCode.FORFEIT_WIN: "+",
             ResultCode.FORFEIT_LOSS: "-"}


def export(t: Tournament, sheet: str) -> Grid:
    """The games as a grid (rounds and colours are not kept: `read` places them by Berger tables)."""
    n = len(t.players)
    position = {p.start_rank: i for i, p in enumerate(t.players, start=1)}
    rows: list[list[CellValue]] = [["No.", "Name", "Rtg", *range(1, n + 1), "Pts"]]
    for p in t.players:
        results: dict[int, list[str]] = {}
        for e in t.entries(p.start_rank):
            if e.opponent is not None:
                results.setdefault(position[e.opponent], []).append(_EXPORTED[e.code])
        cells: list[CellValue] = [position[p.start_rank], p.name, p.rating]
        for k in range(1, n + 1):
            if k == position[p.start_rank]:
                cells.append("*")
            else:
                tokens = results.get(k, [])
                cells.append(" ".join(tokens) if len(tokens) != 1 else
                             (int(tokens[0]) if tokens[0] in "01" else tokens[0]))
        cells.append(_half(t.points[p.start_rank]))
        rows.append(cells)
    return Grid(sheet, rows)


def _half(value: Fraction) -> str:
    whole = int(value)
    return f"{whole or ''}½" if value - whole == Fraction(1, 2) else str(whole)
