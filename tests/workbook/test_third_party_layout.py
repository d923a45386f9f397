"""A third-party crosstable layout works end to end with no change to the engine (issue 21, 2).

`tests/data/plugins/fedx_layout` is a tiny plugin package, as a federation would ship one: its own
German sheet (`Runde 1`, cells `5s1`), importing only the public core. Registered beside the
built-ins, its workbook is read, recalculated (Standings written), paired into (a Pairings sheet),
the results typed on the Pairings sheet are folded into its cells by the next recalc, and a
Tournament exported to its grid reads back the same.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from rulesengine import registry as registry_module
from rulesengine.grid import Grid
from rulesengine.model import Colour, ResultCode
from rulesengine.registry import build_registry
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.layouts.detect import detect_layout, read_crosstable
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.sheets.pairings import read_pairings

from test_pairings_book import cli, grids, type_into

PLUGINS = Path(__file__).resolve().parents[1] / "data" / "plugins"
NAMES = ["Berg, Ana", "Lund, Zoë", "Chen, Wei", "Dvořák, Jiří"]
BUILT_IN = ["template", "swiss_manager", "round_robin", "uschess_wallchart"]


@pytest.fixture
def fedx(monkeypatch):
    """The registry of the built-ins and the fedx plugin, also the one every command uses."""
    monkeypatch.syspath_prepend(str(PLUGINS))
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fedx", "fedx_layout.plugin")])
    monkeypatch.setattr(registry_module, "build_registry", lambda *a, **k: registry)
    registry_module.default_registry.cache_clear()
    yield registry
    registry_module.default_registry.cache_clear()


def test_the_built_in_layouts_are_tried_in_their_documented_order_then_third_party_ones(fedx):
    assert list(build_registry({"RULESENGINE_PLUGINS": "builtin"}).layouts) == BUILT_IN
    assert list(fedx.layouts) == [*BUILT_IN, "fedx_sheet"]
    assert not fedx.infos["fedx"].broken and fedx.infos["fedx"].layouts == ["fedx_sheet"]
    assert fedx.infos["uschess"].layouts == ["uschess_wallchart"]


def test_a_fedx_sheet_is_read_recalculated_paired_into_folded_and_exported(fedx, tmp_path, capsys):
    t = tournament_from_text(NAMES, ["1-3 1-0, 2-4 ="], ratings=[2210, 2150, 2105, 2050], total_rounds=3)
    grid = crosstable_grid(t, "fedx")
    assert grid.rows[0] == ["Nr.", "Name", "Elo", "Runde 1", "Runde 2", "Runde 3", "Punkte"]
    assert grid.rows[1:] == [[1, "Berg, Ana", 2210, "3w1", None, None, "1"],
                             [2, "Lund, Zoë", 2150, "4w½", None, None, "0,5"],
                             [3, "Chen, Wei", 2105, "1s0", None, None, "0"],
                             [4, "Dvořák, Jiří", 2050, "2s½", None, None, "0,5"]]
    settings = Grid("Settings", [["Setting", "Value"], ["Event", "Fedx Open"], ["Rounds", 3]])
    book = write_workbook(tmp_path / "fedx.xlsx", [grid, settings])

    # Read: detected among the built-ins, with the points of its cells.
    read = read_crosstable(grids(book)["Crosstable"])
    assert detect_layout(grids(book)["Crosstable"]) == "fedx_sheet" and read.extra["layout"] == "fedx_sheet"
    assert read.points == {1: 1, 2: Fraction(1, 2), 3: 0, 4: Fraction(1, 2)}

    # Recalculate: the Standings sheet is written.
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    assert "Read 'Crosstable' (fedx sheet layout): 4 players, standings after round 1 of 3." in out
    standings = _rows(book, "Standings")
    assert standings[:5] == [("Rank", "SNo", "Name", "Pts"), (1, 1, "Berg, Ana", 1), (2, 2, "Lund, Zoë", 0.5),
                             (2, 4, "Dvořák, Jiří", 0.5), (4, 3, "Chen, Wei", 0)]

    # Pair round 2 into it: a Pairings sheet (Dutch: 1 meets the next score group's top, 2 and 4 get colours due).
    code, out, err = cli(capsys, "pair", book, "--format", "json")
    assert code == 0, err
    paired = json.loads(out)
    sheet = read_pairings(grids(book)["Pairings"])
    assert paired["round"] == sheet.round == 2
    boards = [(b.white, b.black) for b in sheet.boards]
    assert boards == [(p["white"], p["black"]) for p in paired["pairings"]] and len(boards) == 2
    assert sorted(p for board in boards for p in board) == [1, 2, 3, 4]

    # Results typed on the Pairings sheet are folded into the fedx cells by the next recalc.
    type_into(book, "Pairings", {sheet.boards[0].cell: "0-1", sheet.boards[1].cell: "½-½"})
    code, out, err = cli(capsys, "recalc", book)
    assert code == 0, err
    assert "Pairings: round 2: 2 board(s) folded into Crosstable" in out + err
    crosstable = grids(book)["Crosstable"]
    (w1, b1), (w2, b2) = boards
    assert crosstable.value(w1, 4) == f"{b1}w0" and crosstable.value(b1, 4) == f"{w1}s1"
    assert crosstable.value(w2, 4) == f"{b2}w½" and crosstable.value(b2, 4) == f"{w2}s½"
    after = read_crosstable(crosstable)
    assert after.rounds == 2 and after.points == {p: read.points[p] + gained for p, gained in
                                                  ((w1, 0), (b1, 1), (w2, Fraction(1, 2)), (b2, Fraction(1, 2)))}
    assert dict((row[1], row[3]) for row in _rows(book, "Standings")[1:5]) == \
        {p: float(points) for p, points in after.points.items()}

    # Export: the event read back from its own grid has the same games.
    again = read_crosstable(crosstable_grid(after, "fedx_sheet"))
    assert [[(e.opponent, e.colour, e.code) for e in p.rounds] for p in again.players] == \
        [[(e.opponent, e.colour, e.code) for e in p.rounds] for p in after.players]
    assert again.by_start_rank[b1].rounds[1].colour is Colour.BLACK
    assert again.by_start_rank[b1].rounds[1].code is ResultCode.WIN


def test_a_result_the_fedx_notation_cannot_write_is_reported_at_its_board(fedx, tmp_path, capsys):
    t = tournament_from_text(NAMES, ["1-3 1-0, 2-4 ="], total_rounds=2)
    book = write_workbook(tmp_path / "fedx.xlsx", [crosstable_grid(t, "fedx")])
    code, out, err = cli(capsys, "pair", book)
    assert code == 0, err
    sheet = read_pairings(grids(book)["Pairings"])
    type_into(book, "Pairings", {b.cell: "1-0" for b in sheet.boards[1:]} | {sheet.boards[0].cell: "1-0 unrated"})
    code, out, err = cli(capsys, "recalc", book)
    assert code == 2
    assert f"Pairings!{sheet.boards[0].cell}: round 2 board 1: 1-0 unrated: a Federation X sheet has no notation for " \
           f"an unrated game" in err


def _rows(book: Path, sheet: str) -> list[tuple]:
    """The sheet's first four columns, from its `Rank` header down."""
    rows = [row[:4] for row in openpyxl.load_workbook(book)[sheet].iter_rows(values_only=True)]
    return rows[next(i for i, row in enumerate(rows) if row[0] == "Rank"):]
