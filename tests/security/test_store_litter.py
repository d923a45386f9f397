"""Issue 25, items 15 and 17: `recalc` removed a TD's files beside the workbook that looked like
its temporary files (`.book.personal.xlsx`, `.book.rulesengine-tmp-mine.xlsx`); and the files
the engine made were 0600 whatever the umask (the published page, every store file, a new
workbook). Only a name the engine recorded before creating it is ever removed; new files get
the mode the umask gives, as every other tool's."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.formats.trf import write_trf
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.layouts.export import crosstable_grid


def run(capsys, *args) -> int:
    code = main([str(a) for a in args])
    capsys.readouterr()
    return code


def book(folder: Path) -> Path:
    event = tournament_from_text(["Ana", "Bo", "Cy", "Di"], ["1-2 1-0, 3-4 =", "4-1 0-1, 2-3 1-0"])
    return write_workbook(folder / "book.xlsx", [crosstable_grid(event, "template")])


def test_recalc_keeps_a_tds_files_that_look_like_its_temporary_files(tmp_path, capsys):
    path = book(tmp_path)
    mine = [tmp_path / ".book.personal.xlsx", tmp_path / ".book.rulesengine-tmp-mine.xlsx",
            tmp_path / ".book.abcdefgh.xlsx", tmp_path / ".book.rulesengine-tmp-0123456789abcdef.xlsx"]
    for p in mine:
        p.write_bytes(b"the TD's own file")
    assert run(capsys, "recalc", path) == 0
    assert all(p.read_bytes() == b"the TD's own file" for p in mine)


@pytest.fixture
def umask_027():
    old = os.umask(0o027)
    yield 0o640
    os.umask(old)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_store_files_the_page_and_a_new_workbook_follow_the_umask(tmp_path, capsys, umask_027):
    root = tmp_path / "club"
    source = tmp_path / "night.trf"
    source.write_text(write_trf(tournament_from_text(["A, A", "B, B"], ["1-2 1-0"], name="Night",
                                                     start_date="2026/02/05")), encoding="utf-8")
    assert run(capsys, "season", "init", root) == 0
    assert run(capsys, "season", "add", root, source) == 0
    assert run(capsys, "names", root, "--new", "2026-02-05:1") == 0
    assert run(capsys, "ladder", root, "--publish", tmp_path / "page.html", "--publish-pending") == 0
    assert run(capsys, "new-workbook", "swiss", tmp_path / "new.xlsx") == 0
    made = [p for p in root.rglob("*") if p.is_file()] + [tmp_path / "page.html", tmp_path / "new.xlsx"]
    assert len(made) >= 8
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in made} == {p.name: umask_027 for p in made}
