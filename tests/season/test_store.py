"""The season store (issue 13, items 1 and 5): a folder a TD can read; bad input named by file and
line; nothing changed on error; every write atomic."""

from __future__ import annotations

import os

import pytest

from rulesengine.new_files import write_atomically
from rulesengine.season.store import open_season

from .conftest import evening_files, snapshot, write_event


def test_init_makes_a_readable_store_and_refuses_a_folder_in_use(tmp_path, cli):
    root = tmp_path / "club"
    cli("season", "init", root, "--name", "Riverside ladder")
    assert sorted(p.name for p in root.iterdir()) == ["decisions.tsv", "events.tsv", "files", "roster.tsv",
                                                      "season.txt"]
    text = (root / "season.txt").read_text(encoding="utf-8")
    assert "name = Riverside ladder" in text and "start_rating = 1200" in text and "provisional_games = 5" in text
    assert (root / "roster.tsv").read_text(encoding="utf-8").splitlines()[-1] == "member\tname\tjunior\tconsent"
    cli("season", "init", root, status=2)
    assert "already a season store" in cli.err


def test_add_prints_the_ids_takes_date_and_name_from_the_file_and_keeps_the_file_as_it_came(tmp_path, cli):
    root = tmp_path / "club"
    cli("season", "init", root)
    sources = evening_files(tmp_path / "in")
    out = cli("season", "add", root, *sources[:2])
    assert [line.split("\t")[:3] for line in out.splitlines()] == [["2026-01-08", "2026-01-08", "standard"],
                                                                   ["2026-01-15", "2026-01-15", "standard"]]
    listed = cli.json("season", "list", root)
    assert listed == {"events": [
        {"id": "2026-01-08", "file": "files/2026-01-08--club-2026-01-08.trf", "name": "Club night 2026-01-08",
         "date": "2026-01-08", "kind": "standard"},
        {"id": "2026-01-15", "file": "files/2026-01-15--club-2026-01-15.trf", "name": "Club night 2026-01-15",
         "date": "2026-01-15", "kind": "standard"}]}
    assert (root / listed["events"][0]["file"]).read_bytes() == sources[0].read_bytes()


def test_a_second_event_on_one_date_gets_its_own_id_and_the_kind_comes_from_the_name(tmp_path, cli):
    root = tmp_path / "club"
    cli("season", "init", root)
    one = write_event(tmp_path / "a.trf", ["A, A", "B, B"], ["1-2 1-0"], date="2026/02/05", name="Club night")
    two = write_event(tmp_path / "b.trf", ["A, A", "B, B"], ["1-2 =", ], date="2026/02/05", name="Bughouse fun")
    cli("season", "add", root, one, two)
    events = cli.json("season", "list", root)["events"]
    assert [(e["id"], e["kind"]) for e in events] == [("2026-02-05", "standard"), ("2026-02-05-2", "bughouse")]


def test_a_file_without_a_date_needs_one_and_nothing_is_added(tmp_path, cli):
    root = tmp_path / "club"
    cli("season", "init", root)
    dated = write_event(tmp_path / "dated.trf", ["A, A", "B, B"], ["1-2 1-0"], date="2026/02/05")
    undated = write_event(tmp_path / "undated.trf", ["A, A", "B, B"], ["1-2 1-0"])
    before = snapshot(root)
    cli("season", "add", root, dated, undated, status=2)
    assert f"{undated}: the file gives no event date: add it with --date YYYY-MM-DD" in cli.err
    assert snapshot(root) == before
    cli("season", "add", root, undated, "--date", "2026-02-12")
    assert [e["date"] for e in cli.json("season", "list", root)["events"]] == ["2026-02-12"]


def test_an_unreadable_event_file_is_named_by_file_and_line_and_nothing_changes(tmp_path, cli):
    root = tmp_path / "club"
    cli("season", "init", root)
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Broken\n001    1 m    Smith, John                       1500 ENG             1990/01/01  "
                   "1.0    1     9 w 1\n", encoding="utf-8")
    before = snapshot(root)
    cli("season", "add", root, bad, "--date", "2026-01-01", status=2)
    assert cli.err.startswith(f"{bad}:2:") and "was not changed" in cli.err
    assert snapshot(root) == before


def test_replace_keeps_the_old_file_in_history_and_the_event_its_id(season_dir, tmp_path, cli):
    corrected = write_event(tmp_path / "fixed.trf", ["Smith, John", "Brown, Anna", "Ødegård, Søren", "Lee, Kim"],
                            ["1-2 0-1, 3-4 =", "1-3 0-1, 2-4 1-0", "1-4 1-0, 2-3 ="], date="2026/01/08",
                            name="Club night 2026-01-08")
    old = (season_dir / "files" / "2026-01-08--club-2026-01-08.trf").read_bytes()
    cli("season", "replace", season_dir, "2026-01-08", corrected)
    event = cli.json("season", "list", season_dir)["events"][0]
    assert event["id"] == "2026-01-08" and (season_dir / event["file"]).read_bytes() == corrected.read_bytes()
    log = (season_dir / "history" / "history.tsv").read_text(encoding="utf-8").splitlines()
    kept = log[-1].split("\t")[-1]
    assert log[-1].split("\t")[2:4] == ["replace", "2026-01-08"] and (season_dir / kept).read_bytes() == old


def test_remove_is_refused_while_decisions_point_at_the_event(season_dir, cli):
    before = snapshot(season_dir)
    cli("season", "remove", season_dir, "2026-01-29", status=2)
    assert f"{season_dir / 'decisions.tsv'}:" in cli.err and "refers to event 2026-01-29" in cli.err
    assert snapshot(season_dir) == before
    cli("season", "remove", season_dir, "2026-01-29", "--drop-decisions")
    assert [e["id"] for e in cli.json("season", "list", season_dir)["events"]] == ["2026-01-08", "2026-01-15",
                                                                                   "2026-01-22"]
    assert "2026-01-29" not in (season_dir / "decisions.tsv").read_text(encoding="utf-8")


def test_a_hand_edited_decision_about_a_removed_event_is_named_by_file_and_line(season_dir, cli):
    path = season_dir / "decisions.tsv"
    lines = path.read_text(encoding="utf-8").splitlines()
    line_no = next(i for i, line in enumerate(lines, start=1) if "\t2026-01-15\t" in line)
    path.write_text("\n".join(line.replace("\t2026-01-15\t", "\t2025-12-24\t") for line in lines) + "\n",
                    encoding="utf-8")
    before = snapshot(season_dir)
    cli("ladder", season_dir, status=2)
    assert f"{path}:{line_no}: decision" in cli.err and "'2025-12-24', which is not in the season" in cli.err
    assert snapshot(season_dir) == before


def test_member_edits_flags_and_refuses_an_unknown_id(season_dir, cli):
    out = cli("season", "member", season_dir, "M001", "--junior", "--consent")
    assert out.strip() == "Updated M001: Smith, John, junior, consent recorded"
    cli("season", "member", season_dir, "M099", "--junior", status=2)
    assert "no member 'M099' on the roster" in cli.err
    cli("season", "member", season_dir, "M099", "--name", "Ng, Lan", "--junior")
    roster = open_season(season_dir).roster
    assert roster["M099"].name == "Ng, Lan" and roster["M099"].junior and not roster["M099"].consent


def test_the_roster_keeps_nothing_but_id_name_junior_and_consent(season_dir, cli):
    path = season_dir / "roster.tsv"
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines.index("member\tname\tjunior\tconsent")
    lines[header] += "\temail"
    lines[header + 1] += "\tjs@example.org"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cli("ladder", season_dir, status=2)
    assert "column 'email' is not kept on the roster" in cli.err and f"{path}:" in cli.err


def test_a_bad_setting_is_named_by_file_line_and_column(season_dir, cli):
    path = season_dir / "season.txt"
    text = path.read_text(encoding="utf-8").replace("k_first = 40", "k_first = forty")
    path.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), start=1) if l.startswith("k_first"))
    cli("ladder", season_dir, status=2)
    assert f"{path}:{line}:11: k_first: want a number, not 'forty'" in cli.err


def test_a_write_that_fails_leaves_the_old_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "events.tsv"
    target.write_bytes(b"old\n")

    def fail(*_):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        write_atomically(target, b"new\n")
    assert target.read_bytes() == b"old\n" and [p.name for p in tmp_path.iterdir()] == ["events.tsv"]


def test_the_same_file_twice_is_refused(season_dir, tmp_path, cli):
    again = evening_files(tmp_path / "again")[1]
    before = snapshot(season_dir)
    cli("season", "add", season_dir, again, status=2)
    assert f"{again}: already in the season as event 2026-01-15" in cli.err and snapshot(season_dir) == before


def test_a_roster_id_that_does_not_exist(season_dir, cli):
    """On the command line: refused, nothing recorded. In a hand-edited decisions file: named by line."""
    before = snapshot(season_dir)
    cli("names", season_dir, "--reject", "2026-01-15:1=M077", status=2)
    assert "no member 'M077' on the roster" in cli.err and snapshot(season_dir) == before
    path = season_dir / "decisions.tsv"
    lines = path.read_text(encoding="utf-8").splitlines()
    line_no = next(i for i, line in enumerate(lines, start=1) if "\tM004\t" in line)
    lines[line_no - 1] = lines[line_no - 1].replace("\tM004\t", "\tM044\t")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cli("ladder", season_dir, status=2)
    assert f"{path}:{line_no}: decision" in cli.err and "links to member M044, who is not on the roster" in cli.err


def test_an_event_file_outside_the_store_is_refused(season_dir, cli):
    path = season_dir / "events.tsv"
    text = path.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith("2026-01-08\t"))
    path.write_text(text.replace(first, first.rsplit("\t", 1)[0] + "\t../../outside.trf"), encoding="utf-8")
    cli("ladder", season_dir, status=2)
    assert "file '../../outside.trf' is not in files/" in cli.err
