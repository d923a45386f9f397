"""How the Standings and Explain sheets look, as data (`SheetLook` on each `SheetWrite`): what a
TD prints and pins up without editing (issue 12, item 7). The adapters apply it (writer's work);
these tests pin down what they are asked to apply."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from rulesengine.formats.trf import read_trf
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.sheets.measure import GENERAL
from rulesengine.workbook.look.paper import LANDSCAPE_CHARS, PORTRAIT_CHARS
from rulesengine.workbook.plan import STYLE_HEADER, STYLE_MARK, STYLE_SHARED, STYLE_TITLE
from rulesengine.workbook.recalc import recalculate
from rulesengine.workbook.sheets.standings import legend_of

DATA = Path(__file__).resolve().parents[1] / "data" / "workbook"


def standings_of(trf: str, *settings_rows, layout: str = "template", explain=()):
    grid = crosstable_grid(read_trf(DATA / trf), layout)
    settings = Grid("Settings", [["Setting", "Value"], *settings_rows])
    plan = recalculate({"Crosstable": grid, "Settings": settings}, explain=explain)
    return plan, plan.writes[0]


def test_the_standings_of_a_45_player_event_are_a_sheet_to_print():
    plan, write = standings_of("sw21_n45_r9_forfeits.trf", ["Event", "Spring Open 2026"],
                               ["Tie-breaks", "BH/C1, BH, SB, WIN"], ["Start date", "2026-04-10"])
    look, rows = write.look, write.rows
    (h,) = look.header_rows
    assert rows[0] == ("Spring Open 2026 - Standings after round 9 of 9 (final)",)
    # The subtitle names the tie-breaks in words, in rows no wider than the table (each merged).
    assert h == 3 and " ".join(row[0] for row in rows[1:h]) == (
        "45 players; tie-breaks in order: Buchholz Cut-1, Buchholz, Sonneborn-Berger, "
        "Number of wins (incl. unplayed wins)")
    assert all(len(row[0]) <= sum(look.column_widths.values()) for row in rows[:h])
    assert rows[h] == ("Rank", "SNo", "Name", "Pts", "BH/C1", "BH", "SB", "WIN")
    assert look.title_rows == tuple(range(h)) and look.merge_rows == tuple(range(h))
    assert look.row_styles[0] == STYLE_TITLE and look.row_styles[h] == STYLE_HEADER
    assert look.freeze_rows == h + 1 and look.repeat_rows == (h, h) and look.fit_width
    # Halves and quarters as TDs type them (4.5, 12.25) in General; whole-number columns too.
    assert look.number_formats == {0: "0", 1: "0", 3: GENERAL, 4: GENERAL, 5: GENERAL, 6: GENERAL, 7: GENERAL}
    assert look.right_aligned == (3, 4, 5, 6, 7)  # Rank and SNo: numbers, right-aligned by General
    assert all(isinstance(row[c], int) for row in rows[h + 1:h + 46] for c in (0, 1))
    body = rows[h + 1:h + 46]
    # Widths fit the longest name and every heading, and the table fits a portrait page.
    assert look.column_widths[2] >= max(len(row[2]) for row in body) + 2
    assert all(look.column_widths[c] >= len(str(rows[h][c])) for c in range(8))
    table_width = sum(look.column_widths.values())
    assert table_width <= PORTRAIT_CHARS and look.landscape is False
    assert not any(style == STYLE_SHARED for style in look.cell_styles.values())  # no ties left here
    # The legend: below a blank row, one row per tie-break with its modifiers in words, as notes
    # wrapped within the table's width (text past the last column would not print).
    start = h + 46 + 1
    assert rows[start - 1] == () and rows[start] == ("Legend", "") and look.row_styles[start] == STYLE_HEADER
    assert legend_of(rows)["BH/C1"].startswith("Buchholz Cut-1: FIDE C.07 art. 8.1, plugin fide")
    assert all(r not in look.row_styles for r in range(start + 1, len(rows)))  # plain, not squeezed
    room = table_width - look.column_widths[0]
    assert all(len(str(row[1])) <= room for row in rows[start + 1:] if len(row) == 2)
    assert all(len(str(row[0])) < look.column_widths[0] for row in rows[start:] if row)


def test_ties_are_visibly_shared():
    _, write = standings_of("sw21_n45_r9_forfeits.trf")  # points only: many shared ranks
    (h,) = write.look.header_rows
    body = write.rows[h + 1:h + 46]
    ranks = [row[0] for row in body]
    shared = {h + 1 + i for i, rank in enumerate(ranks) if ranks.count(rank) > 1}
    assert len(shared) > 10
    styled = {r for (r, c), style in write.look.cell_styles.items() if style == STYLE_SHARED and c == 0}
    assert styled == shared


def test_a_wide_table_prints_landscape():
    _, write = standings_of("sw21_n45_r9_forfeits.trf",
                            ["Tie-breaks", "BH/C1, BH/C2, BH, BH/M1, SB, SB/C1, PS, WIN, WON, BPG, BWG, ARO, KS"])
    assert sum(write.look.column_widths.values()) > PORTRAIT_CHARS
    assert write.look.landscape is True and write.look.fit_width


def published_export(tmp_path=None) -> Grid:
    """A chess-results export of sw09 whose TB1..TB3 a program with the 2024 text of art. 16 printed
    (TieBreakServer's /V1 values), its Rk. by those values, and its legend in words."""
    event = read_trf(DATA / "sw09_n16_r7_lastbyes.trf")
    expected = json.loads((DATA / "sw09_n16_r7_lastbyes.expected.json").read_text(encoding="utf-8"))
    old = [{int(k): v for k, v in expected[key].items()} for key in ("BH/C1/V1", "BH/V1", "SB/V1")]
    points = {int(k): v for k, v in expected["PTS"].items()}
    order = sorted(points, key=lambda s: (-points[s], *(-tb[s] for tb in old), s))
    rank_of = {sno: k for k, sno in enumerate(order, start=1)}
    grid = crosstable_grid(replace(event, name="Oracle Open 2026"), "swiss_manager")
    rows = [list(r) for r in grid.rows]
    header = rows.index(next(r for r in rows if r[:2] == ["Rk.", "SNo"]))
    rows[header] += ["TB1", "TB2", "TB3"]
    body = range(header + 1, header + 1 + len(points))
    for r in body:
        sno = rows[r][1]
        rows[r][0] = rank_of[sno]
        rows[r] += [f"{tb[sno]:g}".replace(".", ",") for tb in old]
    rows[body[-1] + 1:] = [[], ["Tie Break1: Buchholz Tie-Breaks (variabel with parameter) Cut 1"],
                           ["Tie Break2: Buchholz Tie-Breaks (variabel with parameter)"],
                           ["Tie Break3: Sonneborn-Berger-Tie-Break variable"]]
    return Grid("Crosstable", rows), old, rank_of


def test_published_values_that_differ_are_marked_and_counted_in_one_line():
    grid, old, rank_of = published_export()
    plan = recalculate({"Crosstable": grid})
    write = plan.writes[0]
    look = write.look
    specs = ["BH/C1", "BH", "SB"]
    (h,) = look.header_rows
    assert write.rows[h][:7] == ("Rank", "SNo", "Name", "Pts", *specs)
    ours = {row.start_rank: row for row in plan.standings.rows}
    differing = {(sno, k) for k, tb in enumerate(old) for sno in tb if tb[sno] != ours[sno].tiebreaks[specs[k]]}
    assert differing, "the 2024 and 2026 texts differ for this event's byes"
    marked = {(r, c) for (r, c), style in look.cell_styles.items() if style == STYLE_MARK}
    row_of = {write.rows[r][1]: r for r in range(h + 1, h + 1 + len(ours))}
    assert {(row_of[sno], 4 + k) for sno, k in differing} <= marked
    for sno, k in differing:
        printed = f"{old[k][sno]:.2f}" if k == 2 else f"{old[k][sno]:.1f}"  # the column's precision
        assert look.comments[(row_of[sno], 4 + k)] == f"published TB{k + 1}: {printed}"
    moved = {sno for sno, row in ours.items() if rank_of[sno] != row.rank}
    assert {(row_of[sno], 0) for sno in moved} <= marked
    assert len(marked) == len(differing) + len({s for s in moved})
    line = legend_of(write.rows)["Published"]  # also under the title, in rows of the table's width
    assert line in " ".join(row[0] for row in write.rows[1:h])
    as_a_result = f"; {len(moved)} ranks differ as a result" if moved else ""
    assert line == (f"{len(differing)} tie-break values differ from the published ones: every one involves a bye, "
                    f"forfeit or absence, which the publishing program counts differently from FIDE C.07 art. 16 "
                    f"(the newest rules){as_a_result} (marked; each note gives the published value).")


def test_the_explain_sheet_has_one_block_per_tiebreak_and_no_number_in_a_name_column():
    plan, _ = standings_of("sw09_n16_r7_lastbyes.trf", ["Tie-breaks", "BH/C1, SB"], explain=["12"])
    write = plan.writes[1]
    rows, look = write.rows, write.look
    titles = [r for r, row in enumerate(rows) if row[:1] in (("BH/C1",), ("SB",))]
    assert [rows[r][2] for r in titles] == ["Buchholz Cut-1: FIDE C.07 art. 8.1", "Sonneborn-Berger: FIDE C.07 art. 9.1"]
    for r in titles:
        assert rows[r + 1][0] == "Round" and look.row_styles[r + 1] == STYLE_HEADER
    assert look.row_styles[0] == STYLE_TITLE
    assert all(not isinstance(row[2], (int, float)) or isinstance(row[2], bool) for row in rows if len(row) > 2)
    longest_text = max(len(str(row[2])) for row in rows if len(row) > 2)
    # Column C fits its longest text, or wraps it so that the sheet prints at 100 % (issue 23 item 2).
    assert look.column_widths[2] >= min(longest_text, 60) or 2 in look.wrap_columns
    assert sum(look.column_widths.values()) <= (LANDSCAPE_CHARS if look.landscape else PORTRAIT_CHARS)
