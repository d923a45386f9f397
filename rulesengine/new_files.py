"""Files the engine creates beside a user's: always a new name, never through a link, and with the
mode the user's umask gives, as every other tool's files have (issue 25, items 4 and 17).

`tempfile.mkstemp` makes its files 0600 whatever the umask, so a temporary file renamed into
place (a store file, a published page, a new workbook) stayed private to its owner; here the
file is created with 0666 and the kernel applies the umask.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

# Never open through a symbolic link (not defined on Windows, where links are not planted so).
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW | getattr(os, "O_CLOEXEC", 0)


def create_new(path: Path | str, dir_fd: int | None = None) -> int:
    """Create `path` (relative to the folder `dir_fd` when given), which must not exist yet (not
    even as a dangling link); a write-only fd."""
    return os.open(path, _NEW, 0o666, dir_fd=dir_fd)


def write_all(fd: int, data: bytes) -> None:
    """Write all of `data` to `fd` (one `os.write` may write less)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_new(path: Path | str, data: bytes) -> None:
    """Create `path` (a new name) holding `data`, flushed to the disk before it is closed."""
    fd = create_new(path)
    try:
        write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def temporary_name(target: Path, suffix: str = ".tmp") -> Path:
    """A fresh name beside `target`: `.NAME.TOKEN<suffix>`, TOKEN 16 random hex digits."""
    return target.with_name(f".{target.name}.{secrets.token_hex(8)}{suffix}")


def fsync_folder(folder: Path) -> None:
    """Make a rename or an unlink in `folder` durable (not possible on Windows, and not needed)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` in one step (a new temporary file in the same folder, with the
    umask's mode, then a rename); a kill or a failure leaves the old file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = temporary_name(path)
    try:
        write_new(temporary, data)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)
