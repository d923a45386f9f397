"""One writer at a time on a season store (season/lock.py): a second command waits for the first
and then works from what it wrote; one that cannot get the lock changes nothing."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from rulesengine.errors import InputError
from rulesengine.season.lock import LOCK_NAME, store_lock

from .conftest import snapshot


def test_a_command_leaves_no_lock_file_behind(season_dir, cli):
    cli("season", "member", season_dir, "M900", "--name", "Ярослава Петренко")
    assert not (season_dir / LOCK_NAME).exists()
    assert "Ярослава Петренко" in (season_dir / "roster.tsv").read_text(encoding="utf-8")


def test_a_second_writer_waits_and_then_sees_the_first_ones_change(season_dir):
    # The lock is held here while a real process runs `season member`; it must not finish before
    # the lock is released, and its change must be there afterwards.
    released = threading.Event()

    def hold() -> None:
        with store_lock(season_dir):
            time.sleep(1.0)
            released.set()

    holder = threading.Thread(target=hold)
    holder.start()
    time.sleep(0.2)
    done = subprocess.run([sys.executable, "-m", "rulesengine.cli", "season", "member", str(season_dir), "M901",
                           "--name", "Late, Lena"], capture_output=True, text=True, timeout=60)
    holder.join()
    assert done.returncode == 0, done.stderr
    assert released.is_set()  # the process could only finish after the lock was let go
    assert "Late, Lena" in (season_dir / "roster.tsv").read_text(encoding="utf-8")


def test_a_writer_that_cannot_get_the_lock_changes_nothing(season_dir):
    before = snapshot(season_dir)
    with store_lock(season_dir):
        with pytest.raises(InputError) as raised:
            with store_lock(season_dir, wait=0.2):
                pytest.fail("a second holder got the lock")
    message = str(raised.value)
    assert str(season_dir) in message and "still changing this season store" in message
    assert snapshot(season_dir) == before


def test_a_lock_left_by_a_killed_run_is_taken_over(season_dir, cli):
    (season_dir / LOCK_NAME).write_text("12345\n")  # the file stays, the kernel's lock does not
    cli("season", "member", season_dir, "M902", "--name", "Kim, Ji-woo")
    assert not (season_dir / LOCK_NAME).exists()


def test_init_on_an_empty_folder_is_not_blocked_by_the_lock(tmp_path, cli):
    root = tmp_path / "new"
    root.mkdir()
    cli("season", "init", root)
    assert not (root / LOCK_NAME).exists()
