"""An exclusive lock between our own processes: an OS file lock on a small file, which the kernel
releases when the process dies, so a killed run never leaves a lock that blocks the next one.

Used around a workbook's save (workbook/save.py) and a season store's read-modify-write
(season/lock.py). The lock file is removed on release; one left by a killed run is taken over.
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rulesengine.errors import InputError, Location, Problem


@contextmanager
def held_lock(lock_path: Path, wait: float, busy: Problem, folder_name: str) -> Iterator[None]:
    """Hold the lock `lock_path`, waiting up to `wait` seconds for another run of ours to release
    it; InputError(busy) if it does not, or a located error if the folder cannot be written."""
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            folder = Location(str(lock_path.parent))
            if isinstance(exc, PermissionError) or exc.errno in (13, 30):  # EACCES, EROFS
                raise InputError(Problem(folder, f"the folder of {folder_name} is read-only: the engine needs to "
                                                 f"write its result and backup there (nothing was written)")) from None
            raise InputError(Problem(folder, f"cannot write in the folder of {folder_name}: "
                                             f"{exc.strerror or exc}")) from None
        if _try_lock(fd):
            try:
                same = os.fstat(fd).st_ino == os.stat(lock_path).st_ino
            except FileNotFoundError:
                same = False
            if same:  # not a lock file another run unlinked after we opened it
                break
        os.close(fd)
        if time.monotonic() > deadline:
            raise InputError(busy)
        time.sleep(0.05)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        remove_quietly(str(lock_path))
        os.close(fd)  # closing releases the lock


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def remove_quietly(name: str) -> None:
    """Unlink if present; a read-only folder holds nothing of ours to remove either."""
    try:
        os.unlink(name)
    except OSError:   # FileNotFoundError among them
        pass
