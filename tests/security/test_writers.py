"""What the workbook writers meet in a TD's file (issue 25 item 12): a name holding control
characters (`_x001B_` in the sheet's XML) is written back escaped, never an IllegalCharacterError;
a full disk is a located error, the workbook unchanged, no temporary file left."""

from __future__ import annotations

import errno
import os
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from rulesengine.testing import tournament_from_text
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.layouts.export import crosstable_grid

sys.path.insert(0, str(Path(__file__).resolve().parent))
from packages import with_parts  # noqa: E402
from fuzz.harness import run_cli  # noqa: E402

ESCAPED = "_x001B_[2J_x001B_]0;pwn_x0007_Ana"


def _book(tmp_path: Path, name: str = "Ana") -> Path:
    tournament = tournament_from_text([name, "Bo", "Cy", "Di"], ["1-2 1-0, 3-4 =", "1-3 0-1, 2-4 1-0"])
    return write_workbook(tmp_path / "book.xlsx", [crosstable_grid(tournament, "template")])


def test_a_name_with_control_characters_is_written_back_escaped(tmp_path):
    path = _book(tmp_path, "MARKER")
    path.write_bytes(with_parts(path.read_bytes(), lambda name, data: (name, data.replace(b"MARKER", ESCAPED.encode()))))
    outcome = run_cli(["recalc", str(path)], path)
    assert outcome.ok and outcome.status == 0, (outcome.failure, outcome.stderr)
    standings = openpyxl.load_workbook(path)["Standings"]
    names = [row[2] for row in standings.iter_rows(values_only=True)]
    # openpyxl reads the escape back as text; Excel shows the characters the crosstable held
    assert ESCAPED in names
    with zipfile.ZipFile(path) as package:
        assert not any(b"\x1b" in package.read(part) for part in package.namelist())


@pytest.mark.parametrize("target", ["os.write", "os.ftruncate", "os.fsync", "shutil.copy2", "os.replace"])
def test_a_full_disk_is_a_located_error_and_the_workbook_stays(tmp_path, monkeypatch, target):
    path = _book(tmp_path)
    before = path.read_bytes()

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    module, _, name = target.partition(".")
    monkeypatch.setattr(sys.modules[module], name, full)
    outcome = run_cli(["recalc", str(path)], path)
    monkeypatch.undo()
    assert outcome.ok and outcome.status == 2, (outcome.failure, outcome.stderr)
    assert outcome.stderr.splitlines()[0].startswith(f"{path}: cannot save the workbook: No space left on device")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx"]
