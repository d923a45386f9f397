"""Issue 25, item 10: `batch` read every input up to 200 MB, though the Vega reader refuses a page
past 20 MB and the chess-results reader a file past 50 MB (8 such pages at --jobs 4 held 1.28 GB).
Each kind has its reader's bound, checked before a byte is read."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from rulesengine.batch import runner
from rulesengine.cli import main
from rulesengine.formats.chess_results import MAX_FILE_BYTES
from rulesengine.formats.vega import MAX_PAGE_BYTES
from rulesengine.limits import MAX_TRF_BYTES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch_inputs import summary_rows, trf_file  # noqa: E402


def sparse(path: Path, size: int) -> Path:
    """A file of `size` bytes that takes no room on the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        handle.truncate(size)
    return path


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The names of the files the runner read the bytes of."""
    read: list[str] = []

    def tracked_open(path, *args, **kwargs):
        handle = open(path, *args, **kwargs)
        readall = handle.readall

        def tracked_readall():
            read.append(os.path.basename(path))
            return readall()
        handle.readall = tracked_readall
        return handle
    monkeypatch.setattr(runner, "open", tracked_open, raising=False)
    return read


@pytest.mark.parametrize("name, size, limit", [
    ("event/crosstable.html", 150_000_000, MAX_PAGE_BYTES),
    ("cr.xml", 150_000_000, MAX_FILE_BYTES),
    ("big.trf", MAX_TRF_BYTES + 1, MAX_TRF_BYTES),
])
def test_an_input_past_its_formats_bound_is_refused_unread(tmp_path, capsys, reads, name, size, limit):
    inputs = tmp_path / "in"
    good = trf_file(inputs / "good.trf")
    big = sparse(inputs / name, size)
    out = tmp_path / "out"
    assert main(["batch", str(good), str(big), "--out", str(out), "--jobs", "1"]) == 2
    capsys.readouterr()
    rows = summary_rows(out)
    assert rows[name]["status"] == "error"
    assert rows[name]["error"] == f"{name}:1:1: refused: {size:,} bytes (limit {limit:,})"
    assert rows["good.trf"]["status"] == "ok"
    assert reads == ["good.trf"]


def test_a_vega_standings_page_past_the_bound_is_named(tmp_path, capsys, reads):
    inputs = tmp_path / "in" / "event"
    (inputs).mkdir(parents=True)
    (inputs / "crosstable.html").write_text("<html></html>", encoding="utf-8")
    sparse(inputs / "standings.html", MAX_PAGE_BYTES + 1)
    out = tmp_path / "out"
    assert main(["batch", str(inputs / "crosstable.html"), "--out", str(out), "--jobs", "1"]) == 2
    capsys.readouterr()
    assert summary_rows(out)["crosstable.html"]["error"] == (
        f"standings.html:1:1: refused: {MAX_PAGE_BYTES + 1:,} bytes (limit {MAX_PAGE_BYTES:,})")
    assert reads == ["crosstable.html"]
