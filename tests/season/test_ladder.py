"""The ladder replayed from the store (issue 13, item 2; club ladder policy, shared/docs/domain.md
section 2): policy rules, never-rated games, determinism, corrections, undo, staleness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.season.ladder import compute
from rulesengine.season.store import open_season

from .conftest import EVENINGS, decide_everyone, evening_files, snapshot, write_event


def expected(own: float, opponent: float) -> float:
    return 1 / (1 + 10 ** ((opponent - own) / 400))


def store_of(tmp_path, cli, events, *, settings: str = "") -> Path:
    """A store of (date, names, rounds[, kind]) events where every name is its own member (M001 ...)."""
    root = tmp_path / "club"
    cli("season", "init", root)
    if settings:
        path = root / "season.txt"
        path.write_text(path.read_text(encoding="utf-8") + settings, encoding="utf-8")
    for number, (when, names, rounds, *kind) in enumerate(events):
        path = write_event(tmp_path / f"e{number}.trf", names, rounds, date=when.replace("-", "/"))
        cli("season", "add", root, path, *(("--kind", kind[0]) if kind else ()))
    first = {}
    for item in cli.json("names", root)["pending"]:
        exact = [c for c in item["candidates"] if c["score"] == 100]
        if item["name"] not in first and not exact:
            first[item["name"]] = cli.json("names", root, "--new", f"{item['event']}:{item['start_no']}")["member"]
    cli("names", root, "--accept-exact")
    assert cli.json("names", root)["pending"] == []
    return root


def rows(data) -> dict:
    return {r["name"]: r for r in data["ladder"]}


def test_newcomers_start_at_1200_and_two_provisional_players_count_fully(tmp_path, cli):
    root = store_of(tmp_path, cli, [("2026-01-08", ["Ames, A", "Bell, B"], ["1-2 1-0"])])
    data = cli.json("ladder", root)
    a, b = rows(data)["Ames, A"], rows(data)["Bell, B"]
    assert data["history"][a["member"]][0]["rating_before"] == 1200
    assert a["rating_exact"] == pytest.approx(1220) and b["rating_exact"] == pytest.approx(1180)
    assert (a["games"], a["provisional"], a["rank"]) == (1, True, None)


def test_established_first_provisional_below_unranked_and_the_protection_rule(tmp_path, cli):
    """Ames and Bell play five games (established); newcomer Cole then beats Ames: Ames does not
    move and the game does not count for Ames; Cole moves by its full K 40."""
    week1 = ("2026-01-08", ["Ames, A", "Bell, B"], ["1-2 1-0", "2-1 =", "1-2 1-0", "2-1 =", "1-2 0-1"])
    week2 = ("2026-01-15", ["Ames, A", "Cole, C"], ["2-1 1-0"])
    data = cli.json("ladder", store_of(tmp_path, cli, [week1, week2]))
    table = rows(data)
    ames, cole = table["Ames, A"], table["Cole, C"]
    after_week1 = data["history"][ames["member"]][0]["rating_after"]
    assert data["history"][ames["member"]][1]["rating_after"] == after_week1 and ames["games"] == 5
    assert data["history"][ames["member"]][1]["games"] == 0
    assert cole["rating_exact"] == pytest.approx(1200 + 40 * (1 - expected(1200, ames["rating_exact"])), abs=1e-6)
    assert [r["rank"] for r in data["ladder"]] == [1, 2, None]
    assert [r["name"] for r in data["ladder"]][:2] == sorted(["Ames, A", "Bell, B"], key=lambda n: -table[n]["rating"])


def test_k_40_for_the_first_20_rated_games_then_20_fixed_per_event(tmp_path, cli):
    """Ames has 21 games after week 1, so week 2 is rated with K 20 throughout."""
    results = ["1-2 1-0"] * 11 + ["2-1 1-0"] * 10
    week1 = ("2026-01-08", ["Ames, A", "Bell, B"], results)
    week2 = ("2026-01-15", ["Ames, A", "Bell, B"], ["1-2 1-0"])
    root = store_of(tmp_path, cli, [week1, week2])
    data = cli.json("ladder", root)
    history = data["history"][rows(data)["Ames, A"]["member"]]
    assert history[0]["games"] == 21 and history[0]["score"] == 11
    first, second = compute(open_season(root)).replayed.reports
    assert first.player(1).k == 40 and second.player(1).k == 20
    ames = second.player(1)
    bell_before = second.player(2).rating_before
    assert ames.rating_after == pytest.approx(ames.rating_before + 20 * (1 - expected(ames.rating_before, bell_before)))


def test_each_event_uses_the_ratings_held_before_it(tmp_path, cli):
    """Two games in one evening are both rated from 1200 against 1200, not one after the other."""
    root = store_of(tmp_path, cli, [("2026-01-08", ["Ames, A", "Bell, B", "Cole, C"], ["1-2 1-0", "1-3 1-0"])])
    assert rows(cli.json("ladder", root))["Ames, A"]["rating_exact"] == pytest.approx(1200 + 40 * 2 * 0.5)


@pytest.mark.parametrize("rounds, games", [
    (["1-2 +-"], 0),            # forfeit
    (["1-2 --"], 0),            # double forfeit
    (["1-2 1-0u"], 0),          # played, marked unrated (TRF W/D/L)
    (["1 U, 2 H"], 0),          # byes
    (["1 F, 2 Z"], 0),          # full- and zero-point byes
    (["1-2 1-0", "1 U"], 1),    # one game and a bye: only the game
])
def test_never_rated_unplayed_and_unrated_games_and_byes(tmp_path, cli, rounds, games):
    root = store_of(tmp_path, cli, [("2026-01-08", ["Ames, A", "Bell, B"], rounds)])
    data = cli.json("ladder", root)
    ames = rows(data)["Ames, A"]
    assert ames["games"] == games and ames["events"] == 1
    assert ames["rating_exact"] == pytest.approx(1220 if games else 1200)


def test_bughouse_is_never_rated(tmp_path, cli):
    root = store_of(tmp_path, cli, [("2026-01-08", ["Ames, A", "Bell, B"], ["1-2 1-0"]),
                                    ("2026-01-09", ["Ames, A", "Bell, B"], ["1-2 1-0", "1-2 1-0"], "bughouse")])
    data = cli.json("ladder", root)
    assert rows(data)["Ames, A"]["rating_exact"] == pytest.approx(1220) and data["season"]["events"] == 2
    assert [h["event"] for h in data["history"][rows(data)["Ames, A"]["member"]]] == ["2026-01-08"]
    assert any("2026-01-09" in note and "bughouse" in note for note in data["notes"])


def test_the_clubs_settings_are_used_and_echoed(tmp_path, cli):
    root = store_of(tmp_path, cli, [("2026-01-08", ["Ames, A", "Bell, B"], ["1-2 1-0"])],
                    settings="start_rating = 1000\nk_first = 32\nprovisional_games = 1\n")
    data = cli.json("ladder", root)
    assert data["season"]["settings"] == {"start_rating": 1000, "k_first": 32, "first_games": 20, "k_after": 20,
                                          "provisional_games": 1, "initials_for_everyone": False,
                                          "adult_names": "initials"}
    assert rows(data)["Ames, A"] == {**rows(data)["Ames, A"], "rating": 1016.0, "rank": 1, "provisional": False}


def test_json_contract(season_dir, cli):
    data = cli.json("ladder", season_dir)
    assert list(data)[:6] == ["notice", "season", "fingerprint", "ladder", "pending_names", "history"]
    assert data["season"]["name"] == "Test club ladder" and data["season"]["events"] == 4
    assert set(data["ladder"][0]) >= {"rank", "member", "name", "rating", "games", "provisional", "events"}
    assert set(data["history"]["M001"][0]) == {"event", "date", "games", "score", "rating_before", "rating_after"}
    assert data["pending_names"] == 0 and data["notice"] == "all names confirmed by the TD"
    assert [r["name"] for r in data["ladder"]].count("Smith, John") == 1


def test_pending_names_are_said_at_the_top_of_every_output(tmp_path, cli):
    root = tmp_path / "club"
    cli("season", "init", root)
    cli("season", "add", root, *evening_files(tmp_path / "in")[:1])
    first = cli("ladder", root).splitlines()[0]
    assert first.startswith("4 names not yet confirmed: each rated as its own newcomer")
    assert cli.json("ladder", root)["notice"].startswith("4 names not yet confirmed")
    cli("ladder", root, "--format", "csv")
    assert cli.err.startswith("4 names not yet confirmed")
    cli("ladder", root, "--publish", tmp_path / "page.html", "--publish-pending")   # the TD says so (issue 23 item 6)
    body = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert body.index("4 names not yet confirmed") < body.index("<table")


def add_in_order(tmp_path, cli, order, folder):
    root = tmp_path / folder
    cli("season", "init", root, "--name", "Same season")
    sources = evening_files(tmp_path / "in")
    for index in order:
        cli("season", "add", root, sources[index])
    decide_everyone(cli, root)
    return root


def test_adding_the_events_in_any_order_gives_byte_identical_json_and_page(tmp_path, cli):
    one = add_in_order(tmp_path, cli, [0, 1, 2, 3], "a")
    two = add_in_order(tmp_path, cli, [3, 1, 0, 2], "b")
    outputs = []
    for root in (one, two):
        text = cli("ladder", root, "--format", "json", "--publish", root / "page.html")
        outputs.append((text.replace(str(root), "DIR"), (root / "page.html").read_bytes()))
    assert outputs[0] == outputs[1]
    again = cli("ladder", one, "--format", "json", "--publish", one / "again.html")
    assert again.replace(str(one), "DIR") == outputs[0][0] and (one / "again.html").read_bytes() == outputs[0][1]


def test_same_date_events_replay_in_the_order_added(tmp_path, cli):
    a = write_event(tmp_path / "a.trf", ["Ames, A", "Bell, B"], ["1-2 1-0"], date="2026/01/08")
    b = write_event(tmp_path / "b.trf", ["Ames, A", "Bell, B"], ["1-2 0-1"], date="2026/01/08")
    results = []
    for folder, files in (("ab", (a, b)), ("ba", (b, a))):
        root = tmp_path / folder
        cli("season", "init", root)
        cli("season", "add", root, *files)
        cli("names", root, "--new", "2026-01-08:1", "--new", "2026-01-08:2")
        cli("names", root, "--accept-exact")
        data = cli.json("ladder", root)
        results.append([(h["rating_before"], h["rating_after"]) for h in data["history"]["M001"]])
    assert results[0][0] == (1200, 1220) and results[1][0] == (1200, 1180)


def test_a_correction_three_events_back_changes_every_later_rating_as_a_fresh_replay(tmp_path, cli):
    corrected = [(EVENINGS[0][0], EVENINGS[0][1], ["1-2 0-1, 3-4 =", "1-3 0-1, 2-4 1-0", "1-4 1-0, 2-3 ="]),
                 *EVENINGS[1:]]
    root = add_in_order(tmp_path, cli, [0, 1, 2, 3], "store")
    before = cli.json("ladder", root)
    fixed = evening_files(tmp_path / "fixed", corrected)[0]
    cli("season", "replace", root, "2026-01-08", fixed)
    after = cli.json("ladder", root)
    fresh_root = tmp_path / "fresh"
    cli("season", "init", fresh_root, "--name", "Same season")
    cli("season", "add", fresh_root, *evening_files(tmp_path / "fresh-in", corrected))
    decide_everyone(cli, fresh_root)
    fresh = cli.json("ladder", fresh_root)
    assert after["ladder"] == fresh["ladder"] and after["history"] == fresh["history"]
    for member in ("M001", "M002"):
        old = [h["rating_after"] for h in before["history"][member]]
        new = [h["rating_after"] for h in after["history"][member]]
        assert all(o != n for o, n in zip(old, new)), (member, old, new)


def test_a_link_and_its_undo_round_trip_to_the_identical_ladder(season_dir, tmp_path, cli):
    extra = write_event(tmp_path / "late.trf", ["J. Smith", "Brown, Anna"], ["1-2 1-0"], date="2026/02/05")
    cli("season", "add", season_dir, extra)
    cli("names", season_dir, "--accept-exact")
    unlinked = cli("ladder", season_dir, "--format", "json")
    assert json.loads(unlinked)["pending_names"] == 1
    out = cli("names", season_dir, "--link", "2026-02-05:1=M001")
    number = int(out.split("decision ")[-1])
    linked = cli.json("ladder", season_dir)
    assert linked["pending_names"] == 0 and len(linked["history"]["M001"]) == 5
    cli("names", season_dir, "--undo", number)
    assert cli("ladder", season_dir, "--format", "json") == unlinked


def test_check_names_what_changed_and_the_rebuild_clears_it(season_dir, tmp_path, cli):
    page = tmp_path / "ladder.html"
    cli("ladder", season_dir, "--publish", page)
    assert cli("ladder", season_dir, "--check").splitlines()[1:] == [
        f"current {season_dir / 'ladder.json'}", f"current {page.resolve()}"]
    fixed = evening_files(tmp_path / "fixed", [(EVENINGS[1][0], EVENINGS[1][1],
                                                ["1-2 1-0, 3-4 1-0", "1-3 1-0, 2-4 0-1", "1-4 =, 2-3 1-0"])])[0]
    cli("season", "replace", season_dir, "2026-01-15", fixed)
    before = snapshot(season_dir)
    out = cli("ladder", season_dir, "--check", status=1)
    assert f"STALE {page.resolve()}: event 2026-01-15 changed" in out
    assert f"STALE {season_dir / 'ladder.json'}: event 2026-01-15 changed" in out
    assert snapshot(season_dir) == before   # --check writes nothing
    cli("season", "member", season_dir, "M002", "--consent")
    assert "roster changed; event 2026-01-15 changed" in cli("ladder", season_dir, "--check", status=1)
    cli("ladder", season_dir, "--publish", page)
    cli("ladder", season_dir, "--check")


def test_diff_prints_what_moved(season_dir, tmp_path, cli):
    cli("ladder", season_dir)
    fixed = evening_files(tmp_path / "fixed", [(EVENINGS[3][0], EVENINGS[3][1],
                                                ["1-3 1-0, 2-5 1-0, 4 U", "4-5 1-0, 3-2 =, 1 U",
                                                 "1-4 1-0, 5-2 0-1, 3 U"])])[0]
    cli("season", "replace", season_dir, "2026-01-29", fixed)
    data = compute(open_season(season_dir))
    out = cli("ladder", season_dir, "--diff")
    moved = out.split("Moved since the last replay (member, old, new):\n")[1].splitlines()
    assert [line.split("\t")[0].strip() for line in moved] == ["M001", "M003"]
    assert all(float(line.split("\t")[3]) == round(data.row(line.split("\t")[0].strip()).rating, 1) for line in moved)
    assert "Nothing moved since the last replay." in cli("ladder", season_dir, "--diff")


def test_check_a_json_saved_anywhere(season_dir, tmp_path, cli):
    saved = tmp_path / "mine.json"
    saved.write_text(cli("ladder", season_dir, "--format", "json"), encoding="utf-8")
    assert f"current {saved}" in cli("ladder", season_dir, "--check", saved)
    cli("names", season_dir, "--reject", "2026-01-15:1=M005")
    assert f"STALE {saved}: decisions changed" in cli("ladder", season_dir, "--check", saved, status=1)
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    assert "carries no fingerprint" in cli("ladder", season_dir, "--check", other, status=1)


def test_a_listed_player_never_paired_is_not_on_the_ladder(tmp_path, cli):
    """Withdrawn before round 1 (TRF: no round entries): no game, no event for the ladder."""
    root = store_of(tmp_path, cli, [("2026-01-08", ["Ames, A", "Bell, B", "Cole, C"], ["1-2 1-0"])])
    data = cli.json("ladder", root)
    assert sorted(r["name"] for r in data["ladder"]) == ["Ames, A", "Bell, B"]
