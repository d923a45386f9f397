"""The club ladder through the real CLI (club ladder policy, shared/docs/domain.md section 2):
`rulesengine recalc` on a filled copy of the club-season template, and `rulesengine rate FILE.trf
--system club`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from rulesengine.rating import round_half_away_from_zero

from rulesengine.cli import main
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.sheets.standings import standings_table

from .conftest import record

REPO = Path(__file__).resolve().parents[2]
TEMPLATE = REPO / "workbook_templates" / "club_season.xlsx"
TRF = REPO / "tests" / "data" / "club" / "hc03_unplayed_rules.trf"  # copied from shared (tests/data/club/README.md)

# Players before the season: Anna and Bo established, Cy a newcomer (no rating), Di provisional (2 games).
PLAYERS = [(1, "Anna", 1400, 30), (2, "Bo", 1500, 30), (3, "Cy", None, None), (4, "Di", 1300, 2)]
# Each evening on the template's layout, one row per player: (opponent, colour, result) per round.
EVENINGS = {
    "Evening 1": {1: [(2, "w", 1), (3, "b", 1)], 2: [(1, "b", 0), (4, "w", "½")],
                  3: [(4, "w", 1), (1, "w", 0)], 4: [(3, "b", 0), (2, "b", "½")]},
    "Evening 2": {1: [(4, "b", "½"), (2, "w", 0)], 2: [(3, "w", 1), (1, "b", 1)],
                  3: [(2, "b", 0), (4, "w", "-")], 4: [(1, "w", "½"), (3, "b", "+")]},
}
# The same evenings as the engine's test notation, to compute the expected ladder independently.
SAME_EVENINGS = [tournament_from_text(4, ["1-2 1-0, 3-4 1-0", "3-1 0-1, 4-2 ="]),
                 tournament_from_text(4, ["4-1 =, 2-3 1-0", "1-2 0-1, 3-4 -+"])]


def filled_template(tmp_path: Path) -> Path:
    path = tmp_path / "club_season.xlsx"
    shutil.copy(TEMPLATE, path)
    wb = openpyxl.load_workbook(path)
    players = wb["Players"]
    for r, row in enumerate(PLAYERS, start=2):
        for c, value in enumerate(row, start=1):
            players.cell(row=r, column=c, value=value)
    first = wb["Evening 1"]
    wb.copy_worksheet(first).title = "Evening 2"
    for sheet, rows in EVENINGS.items():
        ws = wb[sheet]
        for r, (sno, rounds) in enumerate(sorted(rows.items()), start=3):
            ws.cell(row=r, column=1, value=sno)
            ws.cell(row=r, column=2, value=PLAYERS[sno - 1][1])
            for k, cells in enumerate(rounds):
                for j, value in enumerate(cells):
                    ws.cell(row=r, column=5 + 3 * k + j, value=value)
    wb.save(path)
    return path


def sheet_rows(path: Path, name: str) -> list[tuple]:
    return list(openpyxl.load_workbook(path)[name].iter_rows(values_only=True))


def test_recalc_of_the_club_template_replays_the_ladder(tmp_path, capsys, ladder):
    committed = TEMPLATE.read_bytes()
    path = filled_template(tmp_path)
    assert main(["recalc", str(path)]) == 0
    assert "Ratings: club." in capsys.readouterr().out
    assert TEMPLATE.read_bytes() == committed

    records = {sno: record(sno, rating, games) for sno, _, rating, games in PLAYERS}
    (first, second), final = ladder.season(SAME_EVENINGS, records)
    ladder_rows = {row[1]: row for row in sheet_rows(path, "Ladder")[1:] if row[1] is not None}
    for sno, *_ in PLAYERS:
        rank, _, name, rating, games, evenings, _, after_1, after_2 = ladder_rows[sno][:9]
        assert rating == pytest.approx(final[sno].rating, abs=0.05) and games == final[sno].games
        assert after_1 == pytest.approx(first.player(sno).rating_after, abs=0.05)
        assert after_2 == pytest.approx(second.player(sno).rating_after, abs=0.05) and evenings == 2
    # Protection: each evening one of Anna's and one of Bo's two games was against a provisional player.
    assert final[1].games == 32 and final[2].games == 32
    # Cy's forfeit on evening 2 is not rated: 3 games in all; Di, provisional, counted all four.
    assert final[3].games == 3 and final[4].games == 5
    standings = {row[1]: row for row in standings_table(sheet_rows(path, "Standings"))[1:5]}
    for player in second.players:
        before, change, after = standings[player.start_rank][-3:]
        # Shown to one decimal, half away from zero (club ladder policy).
        assert before == round_half_away_from_zero(player.rating_before, 1)
        assert change == player.change_published
        assert after == round_half_away_from_zero(player.rating_after, 1)


def test_rate_a_trf_with_the_club_system_says_1200_was_assumed(capsys):
    assert main(["rate", str(TRF), "--system", "club", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["system"] == "club"
    newcomer = next(p for p in data["players"] if p["start_rank"] == 8)
    assert newcomer["rating_before"] == 1200 and newcomer["k"] == 40
    assert any("starts at 1200" in a for a in newcomer["assumed"])
    assert any("started at 1200" in n for n in data["notes"])
    # Established players (games unknown: assumed 20 or more) are protected against the newcomer.
    p4 = next(p for p in data["players"] if p["start_rank"] == 4)
    against_8 = next(g for g in p4["games"] if g["opponent"] == 8)
    assert not against_8["rated"] and against_8["reason"].startswith("protection rule")

    assert main(["rate", str(TRF), "--system", "club"]) == 0
    assert "Note: no rating for player 8: started at 1200" in capsys.readouterr().out


def test_rate_takes_games_from_a_rating_list(tmp_path, capsys):
    rating_list = tmp_path / "ladder.csv"
    rating_list.write_text("start_rank,games\n1,3\n2,30\n", encoding="utf-8")
    assert main(["rate", str(TRF), "--system", "club", "--rating-list", str(rating_list), "--format", "json",
                 "--option", "expected_scores=two-decimal"]) == 0
    players = {p["start_rank"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert players[1]["k"] == 40 and players[1]["details"]["provisional"] is True
    assert players[2]["k"] == 20 and players[2]["details"]["games_after"] == 30 + len(
        [g for g in players[2]["games"] if g["rated"]])
    assert all(g["expected"] == round(g["expected"], 2) for p in players.values() for g in p["games"] if g["rated"])


def test_ladder_rating_with_decimals_and_newcomer_season_change(tmp_path, capsys, ladder):
    """A Players sheet carries last season's ladder rating as shown (1413.8); a newcomer's season
    change is measured from the 1200 the ladder gave them (club ladder policy: everyone starts at
    1200), and shown to one decimal."""
    path = filled_template(tmp_path)
    wb = openpyxl.load_workbook(path)
    wb["Players"].cell(row=2, column=3, value=1413.8)
    wb.save(path)
    assert main(["recalc", str(path)]) == 0, capsys.readouterr().err
    records = {sno: record(sno, rating, games) for sno, _, rating, games in PLAYERS}
    records[1] = record(1, 1413.8, 30)
    _, final = ladder.season(SAME_EVENINGS, records)
    rows = {row[1]: row for row in sheet_rows(path, "Ladder")[1:] if row[1] is not None}
    anna, cy = rows[1], rows[3]
    assert anna[3] == round_half_away_from_zero(final[1].rating, 1)
    assert cy[6] == round_half_away_from_zero(final[3].rating - 1200, 1)


def test_the_ladder_sheet_ranks_provisional_players_below_and_charts_the_history(tmp_path, capsys):
    """Cy (3 rated games) is provisional: below the established, no rank. Below the table, the
    rating after each evening of the top of the ladder, with a native line chart over it."""
    from rulesengine.workbook.io.openpyxl_book import load_workbook, read_grids
    from rulesengine.workbook.recalc import recalculate, sheets_to_read

    path = filled_template(tmp_path)
    wb, _, _ = load_workbook(path)
    plan = recalculate(read_grids(wb, sheets_to_read(wb.sheetnames)), sheet_names=wb.sheetnames)
    table, block = [w for w in plan.writes if w.sheet == "Ladder"]
    ranked = [(row[0], row[1]) for row in table.rows[1:]]
    assert ranked[-1] == (None, 3) and all(rank is not None for rank, _ in ranked[:-1])
    assert block.clear is None and block.top_left == f"A{len(table.rows) + 2}"
    assert block.rows[0][0] == "Inputs" and block.rows[0][1].startswith("fingerprint ")
    assert block.rows[2] == ("Evening", *(row[2] for row in table.rows[1:] if row[3] is not None))
    assert [row[0] for row in block.rows[3:]] == ["Evening 1", "Evening 2"]
    (chart,) = block.look.charts
    assert (chart.header_row, chart.first_row, chart.last_row, chart.category_col) == (2, 3, 4, 0)
    assert chart.series_cols == (1, 2, 3, 4)
    assert block.rows[3][1] == table.rows[1][7] and block.rows[4][1] == table.rows[1][8]


def test_ladder_check_on_a_season_workbook(tmp_path, capsys):
    path = filled_template(tmp_path)
    assert main(["ladder", str(path), "--check"]) == 1
    assert "it has no Ladder sheet" in capsys.readouterr().out
    assert main(["recalc", str(path)]) == 0
    capsys.readouterr()
    assert main(["ladder", str(path), "--check"]) == 0
    assert capsys.readouterr().out.startswith(f"current {path}")
    wb = openpyxl.load_workbook(path)
    wb["Evening 1"].cell(row=3, column=7, value="½")   # Anna's first game: a draw, not a win (both sides)
    wb["Evening 1"].cell(row=4, column=7, value="½")
    wb.save(path)
    assert main(["ladder", str(path), "--check"]) == 1
    assert "STALE" in capsys.readouterr().out
