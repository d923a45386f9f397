"""One writer at a time on a season store.

Each store file is replaced atomically (files.write_atomically), but a command reads the store,
decides and then writes several files: two such commands at once (two TDs on a shared folder, a
scheduled `ladder` during a `names` session) would each write from what it read, and the last
writer would silently undo the other's change. Commands that change the store hold this lock
from their first read to their last write; a second one waits, then reads what the first wrote.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rulesengine.errors import Location, Problem
from rulesengine.file_lock import held_lock

LOCK_NAME = ".rulesengine-lock"
LOCK_WAIT_SECONDS = 30.0


@contextmanager
def store_lock(root: Path, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the store's lock (a missing store folder is left to the command to report)."""
    if not root.is_dir():
        yield
        return
    busy = Problem(Location(str(root)), f"another rulesengine command is still changing this season store (lock "
                                        f"{LOCK_NAME}, waited {wait:g} s); nothing was changed: run again")
    with held_lock(root / LOCK_NAME, wait, busy, f"the season store {root}"):
        yield
