"""Issue 25, item 4: the lock files followed a planted symbolic link and truncated its target (the
season store's `.rulesengine-lock`, recalc's `.~BOOK.xlsx.rulesengine-lock`). A lock file is now
created new or used only when it is a plain file of one name; a link or a hard link is refused,
nothing is written through it, and the command changes nothing."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.layouts.export import crosstable_grid

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="planted links are a POSIX attack")

VICTIM_TEXT = b"the TD's notes: never to be truncated\n"


def run(capsys, *args) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().err


def store(tmp_path: Path, capsys) -> Path:
    root = tmp_path / "club"
    assert run(capsys, "season", "init", root)[0] == 0
    return root


def book(tmp_path: Path) -> Path:
    event = tournament_from_text(["Ana", "Bo", "Cy", "Di"], ["1-2 1-0, 3-4 =", "4-1 0-1, 2-3 1-0"])
    return write_workbook(tmp_path / "club.xlsx", [crosstable_grid(event, "template")])


def victim(tmp_path: Path) -> Path:
    path = tmp_path / "elsewhere" / "notes.txt"
    path.parent.mkdir()
    path.write_bytes(VICTIM_TEXT)
    return path


def plant(kind: str, lock: Path, target: Path) -> None:
    if kind == "symlink":
        lock.symlink_to(target)
    else:
        os.link(target, lock)


@pytest.mark.parametrize("kind", ["symlink", "hard link"])
def test_a_link_planted_as_the_season_lock_is_refused_and_its_target_kept(kind, tmp_path, capsys):
    root = store(tmp_path, capsys)
    target = victim(tmp_path)
    plant(kind, root / ".rulesengine-lock", target)
    before = sorted(p.name for p in root.iterdir())
    code, err = run(capsys, "season", "member", root, "M001", "--name", "Smith, John")
    assert code == 2 and ".rulesengine-lock" in err and "rulesengine never makes" in err and "Traceback" not in err
    assert target.read_bytes() == VICTIM_TEXT
    assert sorted(p.name for p in root.iterdir()) == before
    assert "Smith" not in (root / "roster.tsv").read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", ["symlink", "hard link"])
def test_a_link_planted_as_the_recalc_lock_is_refused_and_its_target_kept(kind, tmp_path, capsys):
    path = book(tmp_path)
    workbook = path.read_bytes()
    target = victim(tmp_path)
    plant(kind, tmp_path / ".~club.xlsx.rulesengine-lock", target)
    code, err = run(capsys, "recalc", path)
    assert code == 2 and "rulesengine never makes" in err and "Traceback" not in err
    assert target.read_bytes() == VICTIM_TEXT and path.read_bytes() == workbook


def test_a_dangling_link_planted_as_the_lock_creates_nothing_where_it_points(tmp_path, capsys):
    root = store(tmp_path, capsys)
    nowhere = tmp_path / "elsewhere" / "made-by-the-lock"
    nowhere.parent.mkdir()
    (root / ".rulesengine-lock").symlink_to(nowhere)
    code, _ = run(capsys, "season", "member", root, "M001", "--name", "Smith, John")
    assert code == 2 and not nowhere.exists()


def test_a_lock_file_of_ours_left_by_a_kill_is_still_taken_over(tmp_path, capsys):
    root = store(tmp_path, capsys)
    (root / ".rulesengine-lock").write_text("4242\n")
    assert run(capsys, "season", "member", root, "M001", "--name", "Smith, John")[0] == 0
    assert not (root / ".rulesengine-lock").exists()
