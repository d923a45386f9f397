"""`recalculate`: grids in, a WritePlan for engine-owned sheets out (no spreadsheet library)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from rulesengine import hookimpl
from rulesengine.errors import InputError, UsageError
from rulesengine.rating import GameRating, PlayerRating, RatingReport, RatingSystem
from rulesengine.registry import build_registry
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.recalc import CLEAR_SHEET, STANDINGS_HEADER, recalculate, sheets_to_read
from rulesengine.workbook.inputs.settings import WorkbookSettings, parse_settings
from rulesengine.workbook.sheets.standings import legend_of, standings_table

EVENT = tournament_from_text(["Ana", "Bo", "Kai", "Dan"], [
    "1-2 1-0, 3-4 =",
    "4-1 0-1, 2-3 1-0",
    "1-3 =, 2-4 0-1",
])


def grids(*extra: Grid, layout="template") -> dict[str, Grid]:
    crosstable = crosstable_grid(EVENT, layout)
    return {g.sheet: g for g in (crosstable, *extra)}


def settings(*rows) -> Grid:
    return Grid("Settings", [["Setting", "Value"], *rows])


def test_standings_sheet_follows_the_contract(registry):
    plan = recalculate(grids(settings(["Tie-breaks", "BH/C1; SB"])), registry=registry)
    (write,) = plan.writes
    assert write.sheet == "Standings" and write.clear == CLEAR_SHEET and write.top_left == "A1"
    assert write.rows[0] == ("Standings after round 3 of 3 (final)",)
    # The crosstable gives no date: the second title line says so and names the text used (issue 23).
    assert " ".join(row[0] for row in write.rows[1:3]) == (
        "No date in the file: the newest rules (fide-2026) were used; give the date with --date YYYY-MM-DD or "
        "the Settings sheet's Rules date")
    assert write.rows[3] == ("4 players; tie-breaks in order: Buchholz Cut-1, Sonneborn-Berger",)
    assert write.rows[4] == STANDINGS_HEADER + ("BH/C1", "SB")
    body = write.rows[5:9]
    assert [row[1:4] for row in body[:2]] == [(1, "Ana", 2.5), (4, "Dan", 1.5)]
    assert {row[1]: row[3] for row in body} == {1: 2.5, 4: 1.5, 2: 1, 3: 1}
    assert write.rows[9] == ()
    assert write.rows[10] == ("Legend", "")
    legend = legend_of(write.rows)
    assert legend["Computed by"].startswith("rulesengine ")
    assert legend["BH/C1"].startswith("Buchholz Cut-1: FIDE C.07 art. 8.1, plugin fide (")
    assert legend["Crosstable"] == "Crosstable (template layout), 4 players"
    assert legend["Rounds"] == ("3 rounds (the last round with any entry; set 'Rounds' on Settings to say how "
                                   "many); standings after round 3")


def test_cli_flags_override_the_settings_sheet(registry):
    plan = recalculate(grids(settings(["Tie-breaks", "SB"])), WorkbookSettings(tiebreaks=("BH",)), registry=registry)
    assert standings_table(plan.writes[0].rows)[0][4:] == ["BH"]


def test_settings_sheet_values():
    parsed, problems = parse_settings(settings(
        ["Tie-breaks", "BH/C1, BH\nSB"], ["Rating system", "fide"], ["Rules date", date(2024, 5, 1)],
        ["Type", "Round-robin"], ["Points for a win", "3"], ["Points for a draw", "1,5"],
        ["Ladder K for newcomers", 40], ["Colour", "blue"], ["# comment", "ignored"]))
    assert parsed.tiebreaks == ("BH/C1", "BH", "SB")
    assert parsed.rating_system == "fide" and parsed.rules_date == date(2024, 5, 1)
    assert parsed.kind == "round robin"
    assert (parsed.points_win, parsed.points_draw) == (3, Fraction(3, 2))
    assert parsed.rating_options == {"k_for_newcomers": 40}
    assert [str(p) for p in problems] == [
        "Settings!A9: unknown setting 'Colour' (known: Tie-breaks, Rating system, Rules date, Rule set, Event, "
        "Start date, Crosstable sheet, Layout, Type, Points for a win/draw/loss, Rounds, After round, First colour, "
        "Acceleration, Ladder ...)"]


def test_problems_from_every_sheet_come_together(registry):
    bad_settings = settings(["Rules date", "next tuesday"])
    players = Grid("Players", [["SNo", "Name", "Rating"], [1, "Ana", "strong"]])
    crosstable = crosstable_grid(EVENT, "template")
    rows = [list(r) for r in crosstable.rows]
    rows[2][-1] = 9  # Ana's total
    with pytest.raises(InputError) as info:
        recalculate({"Crosstable": Grid("Crosstable", rows, crosstable.merged), "Settings": bad_settings,
                     "Players": players}, registry=registry)
    assert [str(p) for p in info.value.problems] == [
        "Settings!B2: setting 'Rules date': 'next tuesday' is not a date (use YYYY-MM-DD)",
        "Players!C2: rating must be a number, found 'strong'",
        "Crosstable!N3: points total 9 for player 1 (Ana) does not match 2.5 counted from the results",
    ]


def test_unknown_tiebreak_on_the_settings_sheet_is_reported_at_its_cell(registry):
    with pytest.raises(InputError, match="unknown tie-break code 'XYZ'") as info:
        recalculate(grids(settings(["Tie-breaks", "XYZ"])), registry=registry)
    assert str(info.value.problems[0].location).startswith("Settings!B")


def test_crosstable_is_found_by_detection_when_not_named(registry):
    g = crosstable_grid(EVENT, "swiss_manager", sheet="Final ranking")
    plan = recalculate({"Notes": Grid("Notes", [["hello"]]), g.sheet: g}, registry=registry)
    assert plan.crosstable_sheet == "Final ranking" and plan.layout == "swiss_manager"


def test_sheets_to_read_leaves_out_the_engine_sheets():
    assert sheets_to_read(["Crosstable", "Standings", "Settings", "explain", "Notes"]) == [
        "Crosstable", "Settings", "Notes"]


class FakeRating:
    """A tiny rating system: +10 per point above half the games, for testing the wiring."""

    @staticmethod
    def rate(request):
        t = request.tournament
        players = []
        for p in t.players:
            record = request.records[p.start_rank]
            games = tuple(GameRating(e.round, e.opponent, 1500.0, 0.5, t.scoring.points(e), True, "played")
                          for e in t.entries(p.start_rank) if e.played)
            score = sum((g.score for g in games), Fraction(0))
            change = 10 * float(score - Fraction(len(games), 2))
            players.append(PlayerRating(p.start_rank, p.name, record.rating, 10, games, len(games) / 2, score,
                                        change, round(change), (record.rating or 0) + round(change), False))
        return RatingReport("fake", "fake rules 1.0", tuple(players))

    @hookimpl
    def rulesengine_rating_systems(self):
        return [RatingSystem("fake", "for tests", FakeRating.rate)]


def test_rating_columns_and_players_sheet(registry):
    fake_registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fake", FakeRating())])
    players = Grid("Players", [["SNo", "Name", "Rating", "Games"], [1, "Ana", 1600, 30], [2, "Bo", 1500, 3]])
    plan = recalculate(grids(players, settings(["Rating system", "fake"])), registry=fake_registry)
    rows = plan.writes[0].rows
    table = standings_table(rows)
    assert table[0] == [*STANDINGS_HEADER, "Rating before", "Change", "Rating after"]
    assert table[1] == [1, 1, "Ana", 2.5, 1600, 10, 1610]
    assert plan.ratings.system == "fake"
    assert legend_of(rows)["Rating"].startswith("fake: fake rules 1.0; plugin")


def test_a_registered_rating_system_runs_end_to_end(registry):
    if "fide" not in registry.rating_systems:
        pytest.skip("FIDE rating system not registered")
    players = Grid("Players", [["SNo", "Name", "Rating", "Games", "Birth year"],
                               [1, "Ana", 2000, 50, 1990], [2, "Bo", 1900, 50, 1990],
                               [3, "Kai", 1800, 50, 1990], [4, "Dan", 1700, 50, 1990]])
    plan = recalculate(grids(players, settings(["Rating system", "fide"], ["Rules date", "2026-04-10"])),
                       registry=registry)
    header, *body = standings_table(plan.writes[0].rows)
    assert header[-3:] == ["Rating before", "Change", "Rating after"]
    changes = [row[-2] for row in body]
    assert all(isinstance(c, (int, float)) for c in changes)


def test_explain_sheet_breaks_a_player_down(registry):
    plan = recalculate(grids(settings(["Tie-breaks", "BH, SB"])), explain=["Dan"], registry=registry)
    explain = plan.writes[1]
    assert explain.sheet == "Explain"
    assert explain.rows[0] == ("Player", 4, "Dan")
    assert ("Round", "Opponent", "Name", "Colour", "Result", "Points", "Opponent's points") in explain.rows
    assert any(row[:1] == ("BH",) for row in explain.rows) and any(row[:1] == ("SB",) for row in explain.rows)
    assert ("SB", "", "Sonneborn-Berger: FIDE C.07 art. 9.1", "Value", 1.5) in explain.rows
    assert (1, 3, "Kai", "b", "=", 0.5, 1) in explain.rows


def test_explain_unknown_player(registry):
    with pytest.raises(UsageError, match="no player with that start number or name"):
        recalculate(grids(), explain=["Magnus"], registry=registry)


def test_stale_explain_sheet_is_emptied(registry):
    plan = recalculate(grids(), registry=registry, sheet_names=["Crosstable", "Standings", "Explain"])
    assert [(w.sheet, w.rows, w.clear) for w in plan.writes[1:]] == [("Explain", (), CLEAR_SHEET)]


@pytest.mark.parametrize("layout", ["template", "swiss_manager", "uschess_wallchart", "round_robin"])
def test_every_layout_gives_the_same_points(registry, layout):
    event = EVENT if layout != "round_robin" else tournament_from_text(
        ["Ana", "Bo", "Kai", "Dan"], ["1-4 1-0, 2-3 =", "4-3 0-1, 1-2 =", "2-4 1-0, 3-1 0-1"], kind="round robin")
    plan = recalculate({"Crosstable": crosstable_grid(event, layout)}, registry=registry)
    assert {row[1]: row[3] for row in standings_table(plan.writes[0].rows)[1:]} == {
        sno: (float(p) if p.denominator != 1 else int(p)) for sno, p in event.points.items()}


def test_tiebreak_rules_setting_reaches_the_fide_plugin():
    """The Settings sheet's 'Tie-break rules' picks the art. 16 text: hc02's hero has BH 13.5 under
    the 2026 text (capped dummy) and 15.5 under the 2024 text (fixtures README)."""
    from rulesengine.formats.trf import read_trf
    from rulesengine.workbook.layouts.export import crosstable_grid
    from rulesengine.grid import Grid
    from rulesengine.workbook.recalc import recalculate
    from rulesengine.workbook.inputs.settings import WorkbookSettings

    from fixture_data import fixture_path

    trf = fixture_path("tiebreak", "hc02_bye_example.trf")
    crosstable = crosstable_grid(read_trf(trf), "template")
    for rules, expected in ((None, 13.5), ("fide-2024", 15.5)):
        settings = Grid("Settings", [["Setting", "Value"], ["Tie-breaks", "BH"]]
                        + ([["Tie-break rules", rules]] if rules else []))
        plan = recalculate({crosstable.sheet: crosstable, "Settings": settings},
                           WorkbookSettings())
        hero = next(row for row in plan.standings.rows if row.start_rank == 1)
        assert hero.tiebreaks["BH"] == expected


@pytest.mark.parametrize("layout", ["template", "swiss_manager", "uschess_wallchart"])
def test_without_writes_the_same_standings_and_no_sheet(registry, layout):
    # The read-only route batch --no-copies takes: identical standings, notes and layout, nothing planned.
    full = recalculate(grids(settings(["Tie-breaks", "BH/C1; SB"]), layout=layout), registry=registry)
    bare = recalculate(grids(settings(["Tie-breaks", "BH/C1; SB"]), layout=layout), registry=registry,
                       with_writes=False)
    assert bare.writes == () and full.writes
    assert [(r.start_rank, r.rank, r.points, dict(r.tiebreaks)) for r in bare.standings.rows] == \
        [(r.start_rank, r.rank, r.points, dict(r.tiebreaks)) for r in full.standings.rows]
    assert len(bare.standings.rows) == 4
    assert (bare.layout, bare.notes, bare.crosstable_sheet) == (full.layout, full.notes, full.crosstable_sheet)


def test_standings_with_ratings_are_the_same_whether_or_not_an_explain_sheet_wants_every_game(registry):
    # Without an Explain sheet the rating system is asked for per-player figures only (detail=False).
    from pathlib import Path

    from rulesengine.formats.trf import read_trf

    event = read_trf(Path(__file__).resolve().parents[2] / "examples" / "riverside-open-2026.trf")
    book = {"Crosstable": crosstable_grid(event, "template"), "Settings": settings(["Rating system", "fide"])}
    lean = recalculate(book, registry=registry)
    full = recalculate(book, registry=registry, explain=["1"])
    assert lean.writes[0].rows == full.writes[0].rows
    assert all(p.games == () for p in lean.ratings.players) and any(p.games for p in full.ratings.players)
    assert [p.change for p in lean.ratings.players] == [p.change for p in full.ratings.players]
