"""Issue 25, item 16 (batch): a run killed while writing left `.NAME.standings.json.PID.tmp`,
which no later run removed. A run's one temporary name is recorded in its lock file before the
file is created; the next run removes what a killed run recorded, and nothing else (not a
look-alike file of the user's, not the temporary file of a run still going)."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from rulesengine.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch_inputs import litter, summary_rows, trf_file  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and locks")

# A batch run killed (SIGKILL) in the middle of writing its third result, after the bytes and
# before the rename, as a real kill would leave it.
KILLED_RUN = """
import os, signal, sys
from rulesengine.batch import out_files
from rulesengine.cli import main
written = []
real = out_files.write_all
def write_all(fd, data):
    real(fd, data)
    written.append(1)
    if len(written) == 3:
        os.kill(os.getpid(), signal.SIGKILL)
out_files.write_all = write_all
main(sys.argv[1:])
"""


def archive(folder: Path) -> Path:
    for name in ("a.trf", "b.trf", "club/c.trf", "club/d.trf"):
        trf_file(folder / name)
    return folder


def test_a_rerun_removes_what_a_killed_run_left(tmp_path, capsys):
    inputs, out = archive(tmp_path / "in"), tmp_path / "out"
    killed = subprocess.run([sys.executable, "-c", KILLED_RUN, "batch", str(inputs), "--out", str(out), "--jobs", "1"],
                            capture_output=True, text=True)
    assert killed.returncode == -signal.SIGKILL
    left = litter(out)
    assert len(left) == 2 and any(name.endswith(".tmp") for name in left)   # its lock and its temporary file
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert litter(out) == []
    assert {row["status"] for row in summary_rows(out).values()} == {"ok", "skipped"}


def test_only_what_a_killed_run_recorded_is_removed(tmp_path, capsys):
    inputs, out = archive(tmp_path / "in"), tmp_path / "out"
    out.mkdir()
    mine = [out / ".rulesengine-batch-0123456789abcdef.tmp", out / ".a.trf.standings.json.123.tmp",
            out / ".rulesengine-batch-fedcba9876543210.lock"]   # a look-alike lock recording a file it names
    for path in mine[:2]:
        path.write_text("the user's own file\n", encoding="utf-8")
    mine[2].write_text("999999\n../a.trf\n.a.trf.standings.json.123.tmp\n", encoding="utf-8")
    trf_file(out / "a.trf")
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert all(path.read_text(encoding="utf-8") == "the user's own file\n" for path in mine[:2])
    assert (out / "a.trf").is_file()


def test_the_temporary_file_of_a_run_still_going_is_left_alone(tmp_path, capsys):
    inputs, out = archive(tmp_path / "in"), tmp_path / "out"
    out.mkdir()
    lock = out / ".rulesengine-batch-00112233445566ff.lock"
    temporary = out / ".rulesengine-batch-00112233445566ff.tmp"
    lock.write_text(f"{os.getpid()}\n{temporary.name}\n", encoding="utf-8")
    temporary.write_text("half a result", encoding="utf-8")
    holder = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)   # as a live run holds its lock
        assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 0
        capsys.readouterr()
        assert temporary.read_text(encoding="utf-8") == "half a result" and lock.exists()
    finally:
        os.close(holder)
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 0   # that run has died now
    capsys.readouterr()
    assert litter(out) == []
