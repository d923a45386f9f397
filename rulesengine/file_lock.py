"""An exclusive lock between our own processes: an OS file lock on a small file, which the kernel
releases when the process dies, so a killed run never leaves a lock that blocks the next one.

Used around a workbook's save (workbook/io/save.py) and a season store's read-modify-write
(season/lock.py). The lock file is removed on release; one left by a killed run is taken over.

The lock file is only ever a regular file of ours (issue 25, item 4): it is created new
(O_EXCL, O_NOFOLLOW) or, when one is already there, opened without following a link and used
only if it is a plain file with no other name; a planted link or hard link is refused, never
written through. It holds the holder's pid, then the names of the temporary files the holder is
about to create (`HeldLock.record`): after a kill, the next holder removes exactly those
(`remove_left_behind`), names the engine can prove it made (issue 25, item 15).
"""

from __future__ import annotations

import os
import stat
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from rulesengine.errors import InputError, Location, Problem
from rulesengine.new_files import NO_FOLLOW

_EXISTING = os.O_RDWR | NO_FOLLOW | getattr(os, "O_CLOEXEC", 0)
_NEW = _EXISTING | os.O_CREAT | os.O_EXCL


@dataclass
class HeldLock:
    """The lock while it is held, with the record of the temporary files its holder creates."""

    path: Path
    fd: int
    _end: int = field(default=0, repr=False)

    def record(self, name: str) -> None:
        """Note a temporary file's name (no folder) before creating it, so that a kill between
        its creation and its removal leaves a name the next holder knows to be ours."""
        self._end += _write_at(self.fd, f"{name}\n".encode(), self._end)


@contextmanager
def held_lock(lock_path: Path, wait: float, busy: Problem, folder_name: str,
              remove_left_behind: Callable[[tuple[str, ...]], None] | None = None) -> Iterator[HeldLock]:
    """Hold the lock `lock_path`, waiting up to `wait` seconds for another run of ours to release
    it; InputError(busy) if it does not, or a located error if the folder cannot be written or
    the lock's name is taken by something that is not a lock file of ours.

    `remove_left_behind(names)` is given the temporary files a killed holder recorded; the
    record is replaced by ours only after it returns, so a kill meanwhile loses no name."""
    deadline = time.monotonic() + wait
    while True:
        fd = _open(lock_path, folder_name)
        if fd is not None and _try_lock(fd) and _still_named(fd, lock_path):
            break
        if fd is not None:
            os.close(fd)
        if time.monotonic() > deadline:
            raise InputError(busy)
        time.sleep(0.05)
    try:
        left_behind = _recorded_names(fd)
        if left_behind and remove_left_behind is not None:
            remove_left_behind(left_behind)
        os.ftruncate(fd, 0)
        yield HeldLock(lock_path, fd, _write_at(fd, f"{os.getpid()}\n".encode(), 0))
    finally:
        remove_quietly(str(lock_path))
        os.close(fd)  # closing releases the lock


def _write_at(fd: int, data: bytes, offset: int) -> int:
    os.lseek(fd, offset, os.SEEK_SET)
    return os.write(fd, data)


def _open(lock_path: Path, folder_name: str) -> int | None:
    """The lock file's fd: created new, or the existing plain file; None when it vanished
    between two looks (another run released it: try again)."""
    try:
        return os.open(lock_path, _NEW, 0o666)
    except FileExistsError:
        pass
    except OSError as exc:
        raise _unwritable(lock_path, folder_name, exc) from None
    try:
        fd = os.open(lock_path, _EXISTING)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if _is_link(lock_path):
            raise _not_ours(lock_path, "a symbolic link") from None
        raise _unwritable(lock_path, folder_name, exc) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
        os.close(fd)
        raise _not_ours(lock_path, "not a plain file" if not stat.S_ISREG(info.st_mode)
                        else f"a file with {info.st_nlink} names (a hard link)")
    return fd


def _is_link(path: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


def _not_ours(lock_path: Path, what: str) -> InputError:
    return InputError(Problem(Location(str(lock_path)), f"this lock file's name is taken by {what}, which "
                                                        f"rulesengine never makes: it is not written through; "
                                                        f"remove it and run again (nothing was written)"))


def _unwritable(lock_path: Path, folder_name: str, exc: OSError) -> InputError:
    folder = Location(str(lock_path.parent))
    if isinstance(exc, PermissionError) or exc.errno in (13, 30):  # EACCES, EROFS
        return InputError(Problem(folder, f"the folder of {folder_name} is read-only: the engine needs to "
                                          f"write its result and backup there (nothing was written)"))
    return InputError(Problem(folder, f"cannot write in the folder of {folder_name}: {exc.strerror or exc}"))


def _still_named(fd: int, lock_path: Path) -> bool:
    """Not a lock file another run unlinked after we opened it."""
    try:
        return os.fstat(fd).st_ino == os.lstat(lock_path).st_ino
    except FileNotFoundError:
        return False


def _recorded_names(fd: int) -> tuple[str, ...]:
    """The temporary files a killed holder recorded: trusted only from a lock file we own, as
    plain names (no folder)."""
    info = os.fstat(fd)
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return ()
    os.lseek(fd, 0, os.SEEK_SET)
    text = os.read(fd, min(info.st_size, 1 << 20)).decode("utf-8", "replace")
    lines = text.split("\n")[1:-1]   # after the pid; a line cut by the kill has no "\n" yet
    return tuple(name for name in lines if name and "/" not in name and "\\" not in name and name not in (".", ".."))


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
