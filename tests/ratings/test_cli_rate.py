"""`rulesengine rate` and `rulesengine explain-rating` end to end, through the real CLI entry point."""

from __future__ import annotations

import json

import pytest

from rulesengine.cli import main

from fixture_data import TIEBREAK_FIXTURES

UNRATED = TIEBREAK_FIXTURES / "sw19_n35_r9_unrated.trf"
FORFEITS = TIEBREAK_FIXTURES / "sw05_n12_r6_forfeits.trf"

CONTRACT_PLAYER = {"start_rank", "name", "rating_before", "k", "games", "expected_total", "score_total", "change",
                   "change_published", "rating_after", "initial_rating"}
CONTRACT_GAME = {"round", "opponent", "opponent_rating_used", "expected", "score", "rated", "reason"}


def run(capsys, *args: str) -> tuple[int, str, str]:
    # The core has no default rating system (issue 9): these tests rate with FIDE unless they say.
    if "--system" not in args:
        args = (*args, "--system", "fide")
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("system", ["fide", "fide-rapid", "fide-blitz", "elo", "glicko", "glicko2"])
def test_json_contract_for_every_system(capsys, system):
    status, out, _ = run(capsys, "rate", str(UNRATED), "--system", system, "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["system"] == system and isinstance(data["rules"], str)
    for player in data["players"]:
        assert CONTRACT_PLAYER <= set(player)
        assert isinstance(player["initial_rating"], bool)
        for game in player["games"]:
            assert CONTRACT_GAME <= set(game)
            assert isinstance(game["opponent"], int) and isinstance(game["reason"], str)
            if game["rated"]:
                assert isinstance(game["opponent_rating_used"], (int, float))
    if system == "fide":
        unrated = [p for p in data["players"] if p["rating_before"] is None]
        assert unrated and all(p["k"] is None for p in unrated)


def test_forfeits_are_listed_with_their_reason(capsys):
    _, out, _ = run(capsys, "rate", str(FORFEITS), "--format", "json")
    games = [g for p in json.loads(out)["players"] for g in p["games"] if not g["rated"]]
    assert games and all(g["reason"].startswith("5.1") for g in games)


def test_rating_list_date_and_assumptions(capsys, tmp_path):
    listing = tmp_path / "list.csv"
    listing.write_text("start_rank,rating,games,k\n1,2500,10,\n2,,,\n", encoding="utf-8")
    status, out, _ = run(capsys, "rate", str(UNRATED), "--rating-list", str(listing), "--date", "2025-09-01",
                         "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["rule_set"] == "2024-03" and data["event_date"] == "2025-09-01"
    first, second = data["players"][0], data["players"][1]
    assert first["rating_before"] == 2500 and first["k"] == 10
    assert second["rating_before"] is None
    assert any("birth_year" in n for n in data["notes"])
    assert any("highest rating unknown" in a or "birth year unknown" in a for p in data["players"] for a in p["assumed"])


def test_table_and_csv_forms(capsys):
    status, out, _ = run(capsys, "rate", str(UNRATED))
    assert status == 0 and "Change" in out and "FIDE B.02" in out
    status, out, _ = run(capsys, "rate", str(UNRATED), "--format", "csv", "--system", "glicko2", "--option", "tau=0.3")
    assert status == 0 and out.splitlines()[0] == "SNo,Name,Rtg,K,G,Score,Exp,Change,Pub,New"


def test_explain_rating_shows_the_calculation(capsys):
    status, out, _ = run(capsys, "explain-rating", str(FORFEITS), "--player", "1")
    assert status == 0
    for text in ("Rating before the event", "Expected", "Change: K", "Published change", "Rules applied",
                 "8.3.4"):
        assert text in out


def test_explain_rating_of_an_unrated_player_shows_the_initial_rating_figures(capsys):
    _, out, _ = run(capsys, "rate", str(UNRATED), "--format", "json")
    unrated = next(p for p in json.loads(out)["players"] if "initial" in p.get("details", {}))
    status, out, _ = run(capsys, "explain-rating", str(UNRATED), "--player", str(unrated["start_rank"]))
    assert status == 0 and "Rating before the event: unrated" in out and "Ra = " in out


@pytest.mark.parametrize("args, message", [
    (["--system", "nope"], "unknown rating system 'nope'"),
    (["--date", "1.1.2025"], "--date '1.1.2025': want YYYY-MM-DD"),
    (["--option", "tau=0.5"], "has no option 'tau'"),
    (["--system", "glicko2", "--option", "tau=x"], "option tau must be a number"),
    (["--rule-set", "1999"], "has no rule set '1999'"),
])
def test_usage_errors_exit_2_with_one_line(capsys, args, message):
    status, out, err = run(capsys, "rate", str(UNRATED), *args)
    assert status == 2 and message in err and out == ""


def test_bad_rating_list_reports_file_line_column(capsys, tmp_path):
    listing = tmp_path / "bad.csv"
    listing.write_text("start_rank,rating\n1,12x\n", encoding="utf-8")
    status, _, err = run(capsys, "rate", str(UNRATED), "--rating-list", str(listing))
    assert status == 2 and f"{listing}:2:3: rating must be a number" in err


def test_explain_rating_unknown_player(capsys):
    status, _, err = run(capsys, "explain-rating", str(UNRATED), "--player", "999")
    assert status == 2 and "no player with start rank 999" in err
