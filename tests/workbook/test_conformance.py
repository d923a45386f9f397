"""The bar of issue 6: a workbook made from any tie-break fixture, in every layout, recalculates to
the tie-break values `rulesengine standings` gives on the TRF itself.

The tie-breaks are whatever the registry provides (so this follows the FIDE and US Chess plugins
as they grow). A round-robin grid carries neither rounds nor colours (games are placed by the
Berger tables), so tie-breaks that read round order or colour are left out for that layout.
"""

from __future__ import annotations

import functools

import openpyxl
import pytest

from rulesengine.errors import UsageError
from rulesengine.formats.trf import read_trf
from rulesengine.standings import compute_standings
from rulesengine.workbook.layouts.export import crosstable_grid, exporting_layouts
from rulesengine.grid import Grid
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.recalc import cell_number
from rulesengine.workbook.sheets.standings import standings_table

from .conftest import FIXTURE_TRFS

# Read round order (progressive, fore-Buchholz: last round) or colours (games with black).
ROUND_ORDER_OR_COLOUR = {"PS", "CUM", "OPPC", "FB", "AFB", "BPG", "BWG", "BLK"}
MODIFIED = ("BH/C1", "BH/M1", "SB/C1", "BH/P", "ARO/C1")


def registry_specs(registry, layout: str) -> list[str]:
    texts = []
    for code in sorted(registry.tiebreaks):
        if layout == "round_robin" and code in ROUND_ORDER_OR_COLOUR:
            continue
        try:
            registry.resolve_specs([code])
        except UsageError:
            continue  # a code that cannot stand without modifiers
        texts.append(code)
    for text in MODIFIED:
        try:
            registry.resolve_specs([text])
            texts.append(text)
        except UsageError:
            pass
    return texts


CASES = [pytest.param(path, layout, id=f"{path.stem}-{layout}")
         for path in FIXTURE_TRFS for layout in exporting_layouts()
         if layout != "round_robin" or "Round Robin" in path.read_text()]


@functools.lru_cache(maxsize=None)
def trf_standings(trf, texts: tuple[str, ...], registry):
    """`rulesengine standings` on the TRF: computed once per fixture and list of tie-breaks."""
    tournament = read_trf(trf)
    return tournament, compute_standings(tournament, registry.resolve_specs(texts), registry)


@pytest.mark.parametrize(("trf", "layout"), CASES)
def test_workbook_recalculates_to_the_trf_values(trf, layout, registry, tmp_path):
    texts = registry_specs(registry, layout)
    tournament, want = trf_standings(trf, tuple(texts), registry)
    settings = Grid("Settings", [["Setting", "Value"], ["Tie-breaks", ", ".join(texts)],
                                 ["Type", "round robin" if tournament.is_round_robin else "swiss"],
                                 ["Start date", tournament.start_date]])
    path = write_workbook(tmp_path / f"{trf.stem}.xlsx", [crosstable_grid(tournament, layout), settings])

    result = recalc_workbook(path, registry=registry)

    assert result.save.replaced
    sheet = openpyxl.load_workbook(path, read_only=True)["Standings"]
    rows = standings_table(list(sheet.iter_rows(values_only=True)))
    header = list(rows[0])
    assert header[:4] == ["Rank", "SNo", "Name", "Pts"] and header[4:4 + len(want.specs)] == [str(s) for s in want.specs]
    got = {row[1]: row for row in rows[1:1 + len(want.rows)]}
    assert len(got) == len(tournament.players)
    for expected in want.rows:
        row = got[expected.start_rank]
        assert row[0] == expected.rank, f"rank of player {expected.start_rank}"
        assert row[2] == expected.name
        assert row[3] == cell_number(expected.points)
        for i, spec in enumerate(want.specs):
            assert row[4 + i] == cell_number(expected.tiebreaks[str(spec)]), f"{spec} of player {expected.start_rank}"
