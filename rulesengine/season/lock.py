"""One writer at a time on a season store.

A command reads the store, decides and then writes (season/journal.py makes the writes of one
change a single step): two such commands at once (two TDs on a shared folder, a scheduled
`ladder` during a `names` session) would each write from what it read, and the last writer
would silently undo the other's change. Commands that change the store hold this lock from
their first read to their last write; a second one waits, then reads what the first wrote.
Whoever takes the lock first finishes (or undoes) a change a killed command left half made.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rulesengine.errors import Location, Problem
from rulesengine.file_lock import held_lock
from rulesengine.season.journal import pending, recover

LOCK_NAME = ".rulesengine-lock"
LOCK_WAIT_SECONDS = 30.0


@contextmanager
def store_lock(root: Path, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the store's lock (a missing store folder is left to the command to report), with
    any interrupted change finished or undone before the holder reads anything."""
    if not root.is_dir():
        yield
        return
    busy = Problem(Location(str(root)), f"another rulesengine command is still changing this season store (lock "
                                        f"{LOCK_NAME}, waited {wait:g} s); nothing was changed: run again")
    with held_lock(root / LOCK_NAME, wait, busy, f"the season store {root}"):
        recover(root)
        yield


def settled(root: Path) -> None:
    """For a command that only reads: when a change was interrupted, take the lock just long
    enough to finish it, so that nothing is read half made (a store with no journal, read-only
    ones among them, is read without the lock)."""
    if root.is_dir() and pending(root):
        with store_lock(root):
            pass
