"""A crosstable layout, as a plugin provides it: every operation the engine needs on one.

The records here are what the `rulesengine_crosstable_layouts` hook returns and what its
operations exchange, beside `TiebreakRule` and `RatingSystem` in the core. A layout is one
`CrosstableLayout`; the engine never asks which layout it holds, it calls the operation:

* `detect(grid)` and `read(grid, ...)`: find and read the crosstable (every layout);
* `locate(grid)`, `entry(cells, start_number, round)` and `write(cells, start_number, entry)`:
  where a player's round lives, what it holds, and how the layout writes a round's entry there
  (the fold-in of the Pairings sheet's results, so also what `pair BOOK` needs); `None` together
  for a layout that is not paired round by round (a round-robin grid: FIDE C.05 Annex 1 pairs it);
* `export(tournament, sheet)`: the Tournament as a grid of the layout (`None`: no export);
* `published(grid)`: the standings columns the sheet printed beside its results, with their
  legend (a chess-results export's `Pts.`, `TB1`, ...), for marking and auditing the values our
  standings compute differently (`None`: the layout prints none).

Public: a plugin imports these from here (or `CrosstableLayout` from `rulesengine.plugins`), and
reads cells with the helpers of `rulesengine.layout_cells`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from rulesengine.errors import RulesEngineError
from rulesengine.grid import CellValue, Grid, cell_address
from rulesengine.model import Colour, ResultCode, RoundEntry, Tournament


@dataclass
class RawEntry:
    """One round of one player as a layout read it, before the mirror checks (`build_tournament`).

    `cell` is the A1 address messages point at. `pending`: paired but no result yet (the TD typed
    round 6's pairings), not a game and not a bye either.
    """

    round: int
    opponent: int | None
    colour: Colour
    code: ResultCode
    cell: str
    pending: bool = False


@dataclass(frozen=True)
class CrosstableCells:
    """Where each player's rounds live in one crosstable grid (0-based rows and columns).

    `rounds` gives the columns of a round, left to right (our template: Opp, Col, Res; a layout of
    one cell a round: that cell); the last is the result cell messages point at. `total_col` is
    the points column, kept up to date by the fold-in when it holds the total. `rows_below` names a
    row under a player that belongs to the player (a US Chess wall chart's colour row).
    """

    grid: Grid
    rows: Mapping[int, int]                      # start number -> row
    rounds: Mapping[int, tuple[int, ...]]        # round -> columns
    total_col: int | None = None
    rows_below: Mapping[int, int] = field(default_factory=dict)

    def address(self, start_number: int, round_number: int) -> str:
        """The A1 address of a round's result cell (what a message names)."""
        return cell_address(self.rows[start_number], self.rounds[round_number][-1])


class NoNotation(RulesEngineError):
    """A layout's `write` has no notation for this entry (an unrated game on a Swiss-Manager sheet);
    the fold-in reports it at the board and writes nothing."""


@dataclass(frozen=True)
class PrintedStandings:
    """The standings columns a crosstable printed beside its results (what `published` returns).

    `rows` are the players' rows (start number -> row), `points_col` the points column and
    `tiebreak_cols` the tie-break columns as (k, column) for the k-th tie-break (a `TBk` heading);
    `legend` is what the legend under the table calls the k-th tie-break
    (`Tie Break1: Buchholz ...` -> {1: "Buchholz ..."}). The printed ranks are read with the
    players (`Player.declared_rank`).
    """

    header_row: int
    rows: Mapping[int, int]
    points_col: int | None = None
    tiebreak_cols: tuple[tuple[int, int], ...] = ()
    legend: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CrosstableLayout:
    """A crosstable layout a plugin provides (returned by `rulesengine_crosstable_layouts`).

    `detect(grid)` says whether the grid is in this layout (cheap: it runs on every sheet);
    `read(grid, *, scoring, name[, kind])` returns the Tournament or raises InputError naming
    the cells. `reads_kind` is False for a layout that fixes the kind itself (a round-robin grid is
    always a round robin), so a "Type" setting is not passed to it. `description` completes the
    sentence "expected ..." when no layout fits; `aliases` are other names a TD may type.

    The optional operations (`None` when the layout lacks them, see the module docstring):
    `locate(grid) -> CrosstableCells` (InputError when the grid has no such table);
    `entry(cells, start_number, round) -> RawEntry | None` what the cells hold (None: empty;
    InputError when unreadable); `write(cells, start_number, entry: RoundEntry, result_only)
    -> {A1 address: value}` the entry in the layout's notation (NoNotation for what it cannot
    express; `result_only`: the pairing is already there); `export(tournament, sheet) -> Grid`,
    which `read` reads back to the same games; `published(grid) -> PrintedStandings | None`.
    `round_columns` says what to add for round `{n}` when the sheet has no room for it.
    `unpaired` says why a layout without `locate` is not paired round by round.
    """

    name: str
    description: str
    detect: Callable[[Grid], bool]
    read: Callable[..., Tournament]
    aliases: tuple[str, ...] = ()
    reads_kind: bool = True
    locate: Callable[[Grid], CrosstableCells] | None = None
    entry: Callable[[CrosstableCells, int, int], RawEntry | None] | None = None
    write: Callable[[CrosstableCells, int, RoundEntry, bool], dict[str, CellValue]] | None = None
    export: Callable[[Tournament, str], Grid] | None = None
    published: Callable[[Grid], PrintedStandings | None] | None = None
    round_columns: str = "columns of round {n}"
    unpaired: str = "its crosstable does not say where a round's cells are"

    @property
    def paired(self) -> bool:
        """Whether rounds are paired into the crosstable one by one (`pair BOOK`, the fold-in)."""
        return self.locate is not None
