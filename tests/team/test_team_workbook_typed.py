"""A team book typed by hand (issue 22 item 2): Unicode names round-trip, match points from the
boards (C.07 art. 11) on a worked example, every inconsistency a located message with the book
untouched, the TD's other sheets, formulas and formats kept, and a third-party team layout
registered through `rulesengine_team_layouts` (the hook's own documented example) read by the
same Recalculate."""

from __future__ import annotations

import inspect
import textwrap
import types
from fractions import Fraction

import openpyxl
import pytest
from openpyxl.styles import Font

from rulesengine import hookspecs, plugins
from rulesengine.errors import InputError, UsageError
from rulesengine.registry import build_registry
from rulesengine.workbook.inputs.settings import WorkbookSettings
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.team.template import new_team_workbook

TEAMS = {1: ("Šachy Ústí", ["Dvořák, Jiří", "Nováková, Eliška"]),
         2: ("Ørsted SK", ["Ørsted, Zoë", "Åberg, Lars"]),
         3: ("Łódź Wieża", ["Żółw, Łucja", "Kępa, Paweł"])}
# A round robin of 3 teams on 2 boards (one team idle each round): (round, home, score, away, boards).
MATCHES = [(1, 1, "1½-½", 2, [(1, "1-0", 1), (2, "½-½", 2)]),
           (2, 3, None, 1, [(1, "0-1", 1), (2, "1-0", 2)]),
           (3, "Ørsted SK", None, 3, [(1, "½-½", "Żółw, Łucja"), (2, "+/-", 2)])]


def _typed_book(tmp_path, *, change=None):
    """The worked example typed into a blank team round-robin template, as a TD would."""
    path = tmp_path / "league.xlsx"
    new_team_workbook("team-round-robin", path, teams=3, boards=2)
    wb = openpyxl.load_workbook(path)
    typed = {"Event": "Liga Łódź–Ústí 2026", "Start date": "2026-03-14", "Tie-breaks": "GPTS, BC"}
    for row in wb["Settings"].iter_rows(min_row=2):
        if row[0].value in typed:
            row[1].value = typed[row[0].value]
    teams = wb["Teams"]
    for number, (name, players) in TEAMS.items():
        first = 2 + 4 * (number - 1)    # 2 boards + 2 reserves a block
        teams.cell(row=first, column=2, value=name)
        for k, player in enumerate(players):
            teams.cell(row=first + k, column=5, value=player)
            teams.cell(row=first + k, column=8, value=2100 - 50 * k)
    matches = wb["Matches"]
    for index, (rnd, home, score, away, boards) in enumerate(MATCHES):
        top = 2 + 6 * index    # 2 match blocks a round (3 teams), 3 rows a block
        matches.cell(row=top, column=3, value=home)
        matches.cell(row=top, column=4, value=score)
        matches.cell(row=top, column=5, value=away)
        for board, result, player in boards:
            matches.cell(row=top + board, column=3, value=board if isinstance(player, int) else 1)
            matches.cell(row=top + board, column=4, value=result)
            matches.cell(row=top + board, column=5, value=player)
    notes = wb.create_sheet("Notes")
    notes["A1"] = "=SUM(2,3)"
    notes["A1"].font = Font(bold=True, color="FF0000")
    notes["B2"] = "Přihlášky do 1. 3."
    if change is not None:
        change(wb)
    wb.save(path)
    return path


def _standings(path):
    rows = [list(r) for r in openpyxl.load_workbook(path)["Team Standings"].iter_rows(values_only=True)]
    start = next(i for i, row in enumerate(rows) if row[0] == "Rank")
    return rows[start][:7], [row[:7] for row in rows[start + 1:start + 4]], rows


def test_the_worked_example_is_ranked_by_match_points_from_the_boards(tmp_path):
    """Round 1: 1½-½ (a win, 2 MP); round 2: 1-1 (a drawn match, 1 MP each); round 3: ½-½ and a
    forfeit won on board 2 (art. 12 intro: a standard win), 1½-½. MP 3, 2, 1; GP 2½, 2, 1½.
    BC (art. 12.1, lower is better): team 1 scored 1 + ½ + 1, its board 1 had 2 of them."""
    path = _typed_book(tmp_path)
    result = recalc_workbook(path)
    header, body, rows = _standings(path)
    assert header == ["Rank", "Team", "Name", "MP", "GP", "GPTS", "BC"]
    assert [row[:6] for row in body] == [[1, 1, "Šachy Ústí", 3, 2.5, 2.5], [2, 2, "Ørsted SK", 2, 2, 2],
                                         [3, 3, "Łódź Wieża", 1, 1.5, 1.5]]
    assert rows[0][0] == "Liga Łódź–Ústí 2026 - Team Standings after round 3"
    event = result.plan.event
    assert [p.name for p in event.individual.players] == [n for _, names in TEAMS.values() for n in names]
    zoe = event.individual.player(3)
    assert [e.code.value for e in zoe.rounds] == ["0", " ", "="]
    forfeited = event.team(2).rounds[2].boards[1]   # round 3, board 2: won by forfeit, not over the board
    assert forfeited.points == Fraction(1) and not forfeited.over_the_board
    legend = [row[1] for row in rows if row[0] in ("GPTS", "BC", "Rules")]
    assert any("art. 12.1" in text and "lower is better" in text for text in legend)
    assert any("2026-03-14" in text for text in legend)


def test_the_other_sheets_formulas_and_formats_are_kept(tmp_path):
    path = _typed_book(tmp_path)
    before = openpyxl.load_workbook(path)
    validations = len(before["Matches"].data_validations.dataValidation)
    recalc_workbook(path)
    after = openpyxl.load_workbook(path)
    assert after["Notes"]["A1"].value == "=SUM(2,3)" and after["Notes"]["A1"].font.bold
    assert after["Notes"]["B2"].value == "Přihlášky do 1. 3."
    assert len(after["Matches"].data_validations.dataValidation) == validations
    for name in ("Settings", "Teams", "Matches", "Instructions"):
        assert [list(r) for r in after[name].iter_rows(values_only=True)] == \
               [list(r) for r in before[name].iter_rows(values_only=True)]


def _set(sheet, *cells_and_values):
    def change(wb):
        for cell, value in zip(cells_and_values[::2], cells_and_values[1::2]):
            wb[sheet][cell] = value
    return change


@pytest.mark.parametrize("change, where, message", [
    (_set("Matches", "E4", None), "Matches!D4", "board 2: result '½-½' on a board with no away player"),
    (_set("Teams", "E11", "Ørsted, Zoë"), "Teams!E11", "'Ørsted, Zoë' is on team 2 too (Teams!E6)"),
    (_set("Matches", "D2", "2-0"), "Matches!D2", "round 1: match score 2-0 typed, but the boards add up to 1½-½"),
    (_set("Matches", "E9", "Åberg, Lars"), "Matches!E9", "no player 'Åberg, Lars' on team 1 (Šachy Ústí); "
                                                          "'Åberg, Lars' plays for team 2"),
    (_set("Matches", "C5", 3, "E5", 2), "Matches!E5", "round 1: team 2 is in two matches (row 2 too)"),
    (_set("Matches", "D3", "1-1"), "Matches!D3", "board 1: result '1-1': want 1-0, ½-½, 0-1, +/-, -/+ or --"),
    (_set("Matches", "D15", None), "Matches!D15", "round 3: board 1 has players but no result"),
    (_set("Matches", "C4", 3), "Matches!C4", "team 1 (Šachy Ústí) has no player 3"),
    (_set("Settings", "B8", "2-1-0"), "Settings!B8", "Team points: '2-1-0': want win/draw/loss match points"),
    (_set("Settings", "B12", "GPTS, XYZ"), "Settings!B12", "Tie-breaks:"),
])
def test_an_inconsistent_book_is_a_located_message_and_stays_unchanged(tmp_path, change, where, message):
    path = _typed_book(tmp_path, change=change)
    before = path.read_bytes()
    with pytest.raises(InputError) as raised:
        recalc_workbook(path)
    assert any(str(p.location).endswith(where) and message in p.message for p in raised.value.problems), \
        str(raised.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["league.xlsx"]


# ------------------------------------------------------------ a third party's team layout


def _example_plugin():
    """The hook's documented example (Federation X's `Liga` sheet: MP/GP round by round), as a plugin."""
    doc = inspect.getdoc(hookspecs.rulesengine_team_layouts)
    namespace = {name: getattr(plugins, name) for name in plugins.__all__}
    exec(compile(textwrap.dedent(doc.split("Example::", 1)[1]), "<example>", "exec"), namespace)  # noqa: S102
    return types.SimpleNamespace(rulesengine_team_layouts=namespace["rulesengine_team_layouts"])


def test_a_third_party_team_layout_is_read_by_recalc(tmp_path):
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fedx", _example_plugin())])
    assert list(registry.team_layouts) == ["team_template", "fedx_liga"]
    path = tmp_path / "liga.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Liga"
    for row in (["Nr", "Team", "R1", "R2"], [1, "Göteborg", "2/3", "0/1.5"], [2, "Malmö", "0/1", "2/2.5"],
                [3, "Åre", "1/2", "2/3"]):
        ws.append(row)
    wb.save(path)
    result = recalc_workbook(path, WorkbookSettings(tiebreaks=("GPTS",)), registry=registry)   # as --tiebreaks
    assert result.plan.layout == "fedx_liga"
    _, body, _ = _standings(path)
    assert [row[:6] for row in body] == [[1, 3, "Åre", 3, 5, 5], [2, 1, "Göteborg", 2, 4.5, 4.5],
                                         [3, 2, "Malmö", 2, 3.5, 3.5]]


def test_a_round_paired_ahead_without_results_is_left_out_with_a_note(tmp_path):
    """Round 3's match typed, its boards not played yet: the standings are after round 2."""
    path = _typed_book(tmp_path, change=_set("Matches", "D15", None, "D16", None))
    result = recalc_workbook(path)
    assert result.plan.event.rounds == 2
    assert result.plan.notes[-1] == "round 3 on the Matches sheet has no results yet: the standings are after round 2"
    _, body, rows = _standings(path)
    assert [row[:5] for row in body] == [[1, 1, "Šachy Ústí", 3, 2.5], [2, 3, "Łódź Wieża", 1, 1],
                                         [3, 2, "Ørsted SK", 0, 0.5]]
    assert rows[0][0].endswith("Team Standings after round 2")


def test_flags_of_an_individual_crosstable_are_refused_on_a_team_book(tmp_path):
    path = _typed_book(tmp_path)
    before = path.read_bytes()
    with pytest.raises(UsageError, match="--system, --after-round: not for a team book"):
        recalc_workbook(path, WorkbookSettings(rating_system="fide", after_round=2))
    with pytest.raises(UsageError, match="--explain: not for a team book"):
        recalc_workbook(path, explain=["1"])
    assert path.read_bytes() == before


def test_more_rounds_played_than_settings_say_is_located_at_rounds(tmp_path):
    path = _typed_book(tmp_path, change=_set("Settings", "B6", 2))
    with pytest.raises(InputError, match=r"Settings!B6: Rounds is 2, but the Matches sheet has results of round 3"):
        recalc_workbook(path)


def test_a_result_the_spreadsheet_turned_into_a_date_is_located(tmp_path):
    """Typed into a cell not formatted as text, `2-2` or `3/1/0` reaches the engine as a date."""
    from datetime import datetime
    path = _typed_book(tmp_path, change=_set("Matches", "D2", datetime(2026, 2, 2)))
    wb = openpyxl.load_workbook(path)
    wb["Settings"]["B8"] = datetime(2000, 3, 1)
    wb.save(path)
    with pytest.raises(InputError) as raised:
        recalc_workbook(path)
    located = {str(p.location): p.message for p in raised.value.problems}
    assert "turned what was typed here into a date" in located["Matches!D2"]
    assert "Team points: the spreadsheet turned" in located["Settings!B8"]
    template = openpyxl.load_workbook(path)
    assert template["Matches"]["D3"].number_format == "@" and template["Settings"]["B12"].number_format == "@"
