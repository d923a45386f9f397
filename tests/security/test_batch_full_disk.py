"""Issue 25, item 12 (batch): a full disk during `batch` was a traceback (no summary written, a
temporary file left), and so was `--out` naming an existing file. A result that cannot be written
is its input's error, a summary that cannot be written is one located line (exit 2), and no
temporary file is left; a file as `--out` is a usage error."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest

from rulesengine.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch_inputs import litter, summary_rows, trf_file  # noqa: E402

NO_SPACE = os.strerror(errno.ENOSPC)


def archive(folder: Path) -> Path:
    for name in ("a.trf", "b.trf", "club/c.trf"):
        trf_file(folder / name)
    return folder


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names open files through /proc")
def test_a_disk_full_once_the_run_began(tmp_path, capsys, monkeypatch):
    inputs, out = archive(tmp_path / "in"), tmp_path / "out"
    real_write = os.write

    def full_disk(fd: int, data) -> int:
        name = os.readlink(f"/proc/self/fd/{fd}")
        if name.startswith(str(out)) and not name.endswith(".lock"):
            raise OSError(errno.ENOSPC, NO_SPACE)
        return real_write(fd, data)
    monkeypatch.setattr(os, "write", full_disk)
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"{out / 'summary.csv'}: cannot write the summary: {NO_SPACE}; every result written is in the manifest" in err
    assert "a.trf: cannot write its results under --out: " + NO_SPACE in err
    assert litter(out) == []
    monkeypatch.undo()
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 0   # room again: all done
    capsys.readouterr()
    assert {row["status"] for row in summary_rows(out).values()} == {"ok"}


def test_a_disk_full_at_the_summary(tmp_path, capsys, monkeypatch):
    inputs, out = archive(tmp_path / "in"), tmp_path / "out"
    real_replace = os.replace

    def full_disk(source, target, **kwargs):
        if target == "summary.csv":
            raise OSError(errno.ENOSPC, NO_SPACE)
        return real_replace(source, target, **kwargs)
    monkeypatch.setattr(os, "replace", full_disk)
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "cannot write the summary" in err
    assert litter(out) == [] and not (out / "summary.csv").exists()
    monkeypatch.undo()
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert {row["status"] for row in summary_rows(out).values()} == {"skipped"}   # the results were kept


def test_out_naming_an_existing_file_is_a_usage_error(tmp_path, capsys):
    inputs = archive(tmp_path / "in")
    target = tmp_path / "results.txt"
    target.write_text("the user's own file\n", encoding="utf-8")
    assert main(["batch", str(inputs), "--out", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"--out {target}: a file, not a folder; name a folder (it is made when missing)" in err
    assert "Traceback" not in err
    assert target.read_text(encoding="utf-8") == "the user's own file\n"


def test_a_disk_already_full_is_one_located_line(tmp_path, capsys, monkeypatch):
    inputs, out = archive(tmp_path / "in"), tmp_path / "out"

    def full_disk(fd: int, data) -> int:
        raise OSError(errno.ENOSPC, NO_SPACE)
    monkeypatch.setattr(os, "write", full_disk)
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{out}: cannot write in the output folder: {NO_SPACE} (nothing was written)" in err
    assert "Traceback" not in err and list(out.iterdir()) == []
