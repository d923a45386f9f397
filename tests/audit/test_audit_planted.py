"""The audit finds every difference planted in exports with known wrong values, with the right article.

Three exports of generated events (byes and forfeits included), each publishing the engine's own
values except where a test plants a value another reading gives (an older or newer FIDE text, the
virtual-opponent variant, rounding, a plain typo), a wrong rank, a wrong points total or an empty
rank: a Vega page (event in April 2026), a Swiss-Manager export in a workbook (October 2024) and our
own Standings sheet (May 2023).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from rulesengine.audit.check import audit_event, round_half_up
from rulesengine.audit.sources import load_event
from rulesengine.inputs import discover
from rulesengine.batch.samples import swiss_event, vega_pages
from rulesengine.cli import main
from rulesengine.model import EntryKind
from rulesengine.numbers import to_text
from rulesengine.standings import compute_standings

RULE_SETS = ("fide-2026", "fide-2024", "fide-2017-virtual-opponent")
FORFEITS = (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.DOUBLE_FORFEIT)


def _values(t, registry, specs):
    parsed = registry.resolve_specs(specs)
    return {rs: compute_standings(t, parsed, registry, options={"fide_rules": rs}).values for rs in RULE_SETS}


def _pick(t, values, column, wanted, unwanted=()):
    """A player whose `column` differs between fide-2026 and fide-2024 and whose own unplayed rounds
    are of the wanted kinds only."""
    for sno, player in t.by_start_rank.items():
        kinds = {e.kind for e in player.rounds if not e.played}
        if values["fide-2026"][column][sno] != values["fide-2024"][column][sno] and kinds & wanted \
                and not kinds & set(unwanted):
            return sno
    pytest.fail("no candidate player in the generated event")


def _audit(path, registry):
    [item] = discover([str(path)])
    return audit_event(load_event(item), registry)


def test_vega_page_2026_every_planted_difference_with_its_article(tmp_path, registry):
    t = swiss_event(random.Random(2), 30, 7, "Spring Open 2026", "2026-04-10")
    v = _values(t, registry, ["BH", "SB"])
    published = {h: {s: to_text(v["fide-2026"][h][s]) for s in t.by_start_rank} for h in ("BH", "SB")}
    bye = _pick(t, v, "BH", {EntryKind.HALF_POINT_BYE}, FORFEITS)
    forfeit = _pick(t, v, "BH", set(FORFEITS), {EntryKind.HALF_POINT_BYE, EntryKind.PAIRING_ALLOCATED_BYE,
                                                EntryKind.ZERO_POINT_BYE, EntryKind.NOT_PAIRED})
    virtual = next(s for s in t.by_start_rank if s not in (bye, forfeit) and v["fide-2017-virtual-opponent"]["BH"][s]
                   not in (v["fide-2026"]["BH"][s], v["fide-2024"]["BH"][s]))
    quarter = next(s for s in t.by_start_rank if v["fide-2026"]["SB"][s].denominator == 4)
    typo = next(s for s in t.by_start_rank if s not in (bye, forfeit, virtual))
    published["BH"][bye] = to_text(v["fide-2024"]["BH"][bye])
    published["BH"][forfeit] = to_text(v["fide-2024"]["BH"][forfeit])
    published["BH"][virtual] = to_text(v["fide-2017-virtual-opponent"]["BH"][virtual])
    published["BH"][typo] = to_text(v["fide-2026"]["BH"][typo] + 7)
    # SB printed to one decimal, as newer Vega pages do: every quarter is rounded in print.
    published["SB"] = {s: f"{float(round_half_up(v['fide-2026']['SB'][s], 1)):.1f}" for s in t.by_start_rank}
    rounded = {s for s in t.by_start_rank if v["fide-2026"]["SB"][s] * 10 % 1}
    standings = compute_standings(t, registry.resolve_specs(["BH", "SB"]), registry)
    ranks = {row.start_rank: row.rank for row in standings.rows}
    first, second = standings.rows[0].start_rank, standings.rows[-1].start_rank
    ranks[first], ranks[second] = ranks[second], ranks[first]
    empty = standings.rows[5].start_rank
    ranks[empty] = None
    wrong_points = standings.rows[3].start_rank
    points = {wrong_points: to_text(t.points[wrong_points] + 1)}
    cross, stand = vega_pages(t, published, {"BH": "Buchholz Total", "SB": "Sonneborn-Berger"}, ranks, points)
    folder = tmp_path / "spring"
    folder.mkdir()
    (folder / "crosstable.html").write_text(cross, encoding="utf-8")
    (folder / "standings.html").write_text(stand, encoding="utf-8")

    audit = _audit(folder, registry)
    assert audit.rules == "fide-2026" and audit.date.isoformat() == "2026-04-10"
    assert [(c.published, c.rule) for c in audit.columns] == [("BH", "BH"), ("SB", "SB")]
    found = {(d.start_no, d.column): d for d in audit.differences}
    # SB rounded in print is rounding, not a difference (issue 27): one line for the column says how.
    assert set(found) == {(bye, "BH"), (forfeit, "BH"), (virtual, "BH"), (typo, "BH")}
    assert quarter in rounded
    (sb_rounding,) = audit.roundings
    assert (sb_rounding.column, sb_rounding.places, sb_rounding.values) == ("SB", 1, len(rounded))
    # Quarters decide: x.25 printed x.3 is half up (half to even and truncation give x.2).
    assert [r.value for r in sb_rounding.roundings] == ["half up"]
    assert sb_rounding.describe().startswith(f"SB printed to 1 decimal, rounded half up ({len(rounded)} values "
                                             f"rounded; decided by ")
    cap = to_text(Fraction(1, 2) * t.rounds)
    found = {sno: d for (sno, column), d in found.items() if column == "BH"}
    assert found[bye].article == "FIDE C.07 art. 16.4.2 (March 2026)"
    assert found[bye].explanation.startswith(f"art. 16.4.2 as amended March 2026: dummy opponent capped at {cap}")
    assert found[bye].published == float(v["fide-2024"]["BH"][bye])
    assert found[bye].computed == float(v["fide-2026"]["BH"][bye])
    assert found[forfeit].article == "FIDE C.07 art. 16.4.1 (March 2026)"
    assert "art. 16.4.1 as amended March 2026" in found[forfeit].explanation
    assert found[virtual].explanation.startswith("legacy program variant: the virtual opponent")
    assert found[virtual].article == "FIDE C.07 art. 16 (in force since 1 September 2023)"
    assert found[typo].article is None and found[typo].explanation.startswith("no reading known to the engine")
    assert {(r.start_no, r.published, r.computed) for r in audit.rank_differences} >= {
        (first, ranks[first], standings.rows[0].rank), (second, ranks[second], standings.rows[-1].rank)}
    whats = [f.what for f in audit.findings]
    assert any(w.startswith(f"points column says {points[wrong_points]} for player {wrong_points}") for w in whats)
    assert any(w.startswith(f"empty rank for player {empty}") for w in whats)


def _swiss_manager_book(path, t, values, legend, planted):
    from rulesengine.workbook.layouts.export import crosstable_grid
    from rulesengine.grid import Grid
    from rulesengine.workbook.io.openpyxl_book import write_workbook

    grid = crosstable_grid(t, "swiss_manager")
    rows = [list(r) for r in grid.rows]
    header = next(i for i, r in enumerate(rows) if r and r[0] == "Rk.")
    rows[header] += [f"TB{i}" for i in range(1, len(legend) + 1)]
    r = header + 1
    while r < len(rows) and rows[r]:
        sno = rows[r][1]
        # Swiss-Manager prints decimal commas.
        rows[r] += [planted.get((sno, i), to_text(values[i][sno])).replace(".", ",") for i in range(len(legend))]
        r += 1
    rows = rows[:r] + [[]] + [[f"Tie Break{i}: {text}"] for i, text in enumerate(legend, start=1)]
    settings = Grid("Settings", [["Setting", "Value"], ["Start date", t.start_date]])
    write_workbook(path, [Grid("Crosstable", rows), settings])


def test_swiss_manager_export_2024_with_an_unmappable_legend(tmp_path, registry):
    t = swiss_event(random.Random(3), 30, 7, "Autumn Cup", "2024-10-05")
    v = _values(t, registry, ["BH/C1", "SB"])
    bye = _pick(t, v, "BH/C1", {EntryKind.HALF_POINT_BYE, EntryKind.PAIRING_ALLOCATED_BYE})
    in_force = v["fide-2024"]
    planted = {(bye, 0): to_text(v["fide-2026"]["BH/C1"][bye])}
    _swiss_manager_book(tmp_path / "autumn.xlsx", t, [in_force["BH/C1"], in_force["SB"], in_force["SB"]],
                        ["Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)", "Sonneborn-Berger-Tie-Break variable",
                         "Fancy Points (house rule)"], planted)
    audit = _audit(tmp_path / "autumn.xlsx", registry)
    assert audit.rules == "fide-2024"
    assert [(c.published, c.rule) for c in audit.columns] == [("TB1", "BH/C1"), ("TB2", "SB"), ("TB3", None)]
    assert "Fancy Points (house rule)" in audit.columns[2].why_unmapped
    [difference] = audit.differences
    assert (difference.start_no, difference.column) == (bye, "TB1")
    assert difference.article == "FIDE C.07 art. 16.4 (September 2023 text)"
    assert "only from 1 March 2026" in difference.explanation
    assert any("ranks not checked" in f.what for f in audit.findings)


def test_our_own_standings_sheet_2023_under_the_virtual_opponent(tmp_path, registry):
    import openpyxl
    from rulesengine.workbook.layouts.export import crosstable_grid
    from rulesengine.grid import Grid
    from rulesengine.workbook.io.openpyxl_book import write_workbook
    from rulesengine.workbook.route import recalc_workbook

    t = swiss_event(random.Random(5), 24, 6, "Club Championship", "2023-05-01")
    v = _values(t, registry, ["BH", "SB"])
    book = tmp_path / "club.xlsx"
    write_workbook(book, [crosstable_grid(t, "template"),
                          Grid("Settings", [["Setting", "Value"], ["Start date", t.start_date], ["Tie-breaks", "BH,SB"]])])
    recalc_workbook(book)
    # The TD typed a value computed by a program using the September 2023 dummy opponent.
    player = next(s for s in t.by_start_rank
                  if v["fide-2024"]["BH"][s] != v["fide-2017-virtual-opponent"]["BH"][s])
    wb = openpyxl.load_workbook(book)
    ws = wb["Standings"]
    row = next(r for r in ws.iter_rows(min_row=2) if r[1].value == player)
    row[4].value = float(v["fide-2024"]["BH"][player])
    wb.save(book)
    audit = _audit(book, registry)
    assert audit.rules == "fide-2017-virtual-opponent"
    [difference] = audit.differences
    assert difference.start_no == player and difference.column == "BH"
    assert difference.article == "FIDE C.07 art. 16 (2009 text: virtual opponent)"
    assert difference.cell == f"Standings!E{row[4].row}"


def test_cli_json_contract_and_workbook_report(tmp_path, capsys):
    import shutil
    from pathlib import Path
    source = Path(__file__).resolve().parent.parent / "data" / "published" / "vega"
    shutil.copytree(source, tmp_path / "vega")
    assert main(["audit", str(tmp_path / "vega"), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"events"}
    for event in data["events"]:
        assert set(event) >= {"input", "event", "date", "rules", "columns", "differences", "rank_differences",
                              "findings"}
        for d in event["differences"]:
            assert set(d) >= {"start_no", "name", "column", "published", "computed", "explanation", "article"}
    july = next(e for e in data["events"] if "July" in e["event"])
    assert july["date"] is None and july["rules"] == "fide-2024"
    # Vega printed SB to one decimal: 15 quarters rounded (14.25 as 14.3: half up), not differences.
    assert july["differences"] == [] and july["rank_differences"] == []
    (rounding,) = july["rounding"]
    assert (rounding["column"], rounding["decimals"], rounding["values"], rounding["rounding"]) == ("SB", 1, 15,
                                                                                                 ["half up"])
    assert {"exact": 14.25, "printed": 14.3} in rounding["decided_by"]
    february = next(e for e in data["events"] if "February" in e["event"])
    assert february["date"] == "2025-02-25" and february["differences"] == [] and february["rank_differences"] == []
    assert sum("who played no game" in f["what"] for f in february["findings"]) == 2

    report = tmp_path / "audit.xlsx"
    assert main(["audit", str(tmp_path / "vega"), "--out", str(report)]) == 0
    import openpyxl
    wb = openpyxl.load_workbook(report)
    assert wb.sheetnames[0] == "Summary" and len(wb.sheetnames) == 3
    ws = wb["2025 Hobsons Bay July Rapid"]
    header = [c.value for c in ws[1]]
    sb = header.index("SB") + 1
    filled = [r for r in range(2, 41) if ws.cell(r, sb).fill.fgColor.rgb == "FFFF9999"]
    assert filled == []
    notes = [[c.value for c in row] for row in ws.iter_rows(min_row=41)]
    rounding_line = ("SB printed to 1 decimal, rounded half up (15 values rounded; decided by 14.25 -> 14.3, "
                     "13.25 -> 13.3, 8.25 -> 8.3, ...)")
    assert ["Rounding", "SB", rounding_line] in [row[:3] for row in notes]
