"""Saving a TD's workbook without ever losing it (shared/docs/excel.md, "safe write-back").

1. Take our lock on the workbook (`.~NAME.rulesengine-lock` beside it, an OS file lock the kernel
   releases if the process dies): a second recalc of the same file waits for the first, then
   finds the file changed since it read it and refuses (nothing written), so the first run's
   output never becomes a "backup" of the TD's original.
2. Remove the temporary files a run killed half-way left (only those it recorded in the lock
   file before creating them: never a file of the TD's that merely looks like one), refuse when
   Excel (`~$NAME`) or LibreOffice (`.~lock.NAME#`) has the file open, when the workbook or its
   folder is read-only, or when the file changed since it was read.
3. Save to a temporary file in the same folder, flush and fsync it.
4. Fidelity guard: compare the package parts before and after (and openpyxl's own "will be
   removed" warnings); if anything the TD made would vanish (pictures, charts, shapes, macros,
   pivot tables, slicers, add-in data, custom XML, ...), keep the original untouched and write
   `NAME.recalculated.xlsx` beside it, saying what would have been lost.
5. Otherwise keep a copy of the workbook as it is now, written completely (temporary file, fsync,
   rename) before it counts: the first time as `NAME.original.xlsx`, the TD's file from before
   the engine ever wrote to it, never overwritten; after that as `NAME.backup-YYYYMMDD-HHMMSS.xlsx`,
   the newest BACKUPS_KEPT of them kept. Then `os.replace` the temporary file over the workbook.

A kill at any moment leaves the workbook either as it was or as recalculated (os.replace is
atomic), never a partial backup under a backup's name; the next run removes the temporary files.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import stat
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterator, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.file_lock import HeldLock, held_lock, remove_quietly
from rulesengine.new_files import create_new, fsync_folder
from rulesengine.workbook.io.package import PackageInfo, file_fingerprint, inspect_package, lost_parts

# Timestamped backups kept after NAME.original (older ones are removed).
BACKUPS_KEPT = 5
# How long a second recalc waits for the first to finish its save before it refuses.
LOCK_WAIT_SECONDS = 30.0
TEMP_MARK = ".rulesengine-tmp-"


@dataclass(frozen=True)
class SaveResult:
    written: Path               # the file now holding the results
    replaced: bool              # True: the workbook itself; False: NAME.recalculated.xlsx beside it
    backup: Path | None = None  # the copy of the workbook as it was before this save
    lost: tuple[str, ...] = field(default=())  # what replacing would have lost (when not replaced)
    original: Path | None = None  # NAME.original.xlsx: the TD's file from before the first recalc


def lock_files(path: Path) -> list[Path]:
    """Lock/owner files of the office suites that may have `path` open."""
    name = path.name
    candidates = [path.with_name("~$" + name), path.with_name(".~lock." + name + "#")]
    if len(name) > 2:
        candidates.append(path.with_name("~$" + name[2:]))  # Excel's owner file for long names
    return [p for p in candidates if p.exists()]


def check_not_open(path: Path) -> None:
    found = lock_files(path)
    if found:
        app = "LibreOffice" if found[0].name.startswith(".~lock.") else "Excel"
        raise InputError(Problem(Location(str(path)), f"the workbook is open in {app} (lock file {found[0].name}); "
                                                      f"close it there and run again (nothing was written)"))


def check_writable(path: Path) -> None:
    """Refuse a read-only workbook or folder (the file attribute a TD sets, or permissions).

    The mode bits are checked as well as os.access: an administrator may write anything, but a
    workbook marked read-only was marked so on purpose."""
    where = Location(str(path))
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        raise InputError(Problem(where, f"cannot read the workbook: {exc.strerror or exc}")) from None
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        raise InputError(Problem(where, "the workbook is read-only: the engine will not overwrite it. Clear "
                                        "its read-only mark (or copy it) and run again (nothing was written)"))
    folder = path.parent
    folder_mode = folder.stat().st_mode
    if not folder_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(Problem(Location(str(folder)), f"the folder of {path.name} is read-only: the engine needs "
                                                        f"to write its result and backup there (nothing was written)"))


def sibling(path: Path, tag: str) -> Path:
    """`BOOK.xlsx` -> `BOOK.<tag>.xlsx`."""
    return path.with_name(f"{path.stem}.{tag}{path.suffix}")


def original_copy(path: Path) -> Path:
    """Where the TD's workbook from before the first recalc is kept."""
    return sibling(path, "original")


def save_atomically(path: Path, write: Callable[[str], None], before: PackageInfo,
                    warnings: Sequence[str] = (), force: bool = False) -> SaveResult:
    """Write with `write(temp_path)`, guard fidelity against `before`, then replace or divert.

    `before` is what inspect_package found when the workbook was read; its fingerprint (when it
    has one) must still match the file, else another program or run changed it meanwhile."""
    path = Path(path)
    where = Location(str(path))
    with save_lock(path) as lock:
        check_not_open(path)
        check_writable(path)
        if before.fingerprint is not None and file_fingerprint(path) != before.fingerprint:
            raise InputError(Problem(where, "the workbook changed while it was being recalculated (another recalc "
                                            "or an edit saved meanwhile); nothing was written: run again"))
        temp = _temporary(path, lock)
        try:
            write(temp)
            _fsync_file(temp)
            after = inspect_package(temp, scan=False)
            lost = lost_parts(before, after) + [f"openpyxl: {w}" for w in warnings]
            if lost and not force:
                target = sibling(path, "recalculated")
                shutil.copymode(path, temp)
                os.replace(temp, target)
                fsync_folder(path.parent)
                return SaveResult(target, False, None, tuple(lost))
            backup = _keep_backup(path, lock)
            shutil.copymode(path, temp)
            os.replace(temp, path)
            fsync_folder(path.parent)
            return SaveResult(path, True, backup, tuple(lost), original_copy(path))
        except OSError as exc:
            raise _cannot_save(path, exc) from None
        finally:
            remove_quietly(temp)


def _cannot_save(path: Path, exc: OSError) -> InputError:
    """`BOOK: cannot save the workbook: No space left on device (FOLDER); the workbook was not changed`."""
    return InputError(Problem(Location(str(path)), f"cannot save the workbook: {exc.strerror or exc} "
                                                   f"({getattr(exc, 'filename', None) or path.parent}); "
                                                   f"the workbook was not changed"))


def _temporary(path: Path, lock: HeldLock) -> str:
    """A new empty temporary file of ours beside the workbook, its name recorded in the lock
    before it exists (so a run killed at any moment leaves only names the next run knows)."""
    temp = _temporary_name(path)
    lock.record(temp.name)
    try:
        os.close(create_new(temp))
    except OSError as exc:
        raise InputError(Problem(Location(str(path.parent)), f"cannot write in the workbook's folder: "
                                                             f"{exc.strerror or exc} (nothing was written)")) from None
    return str(temp)


def _temporary_name(path: Path) -> Path:
    """`.STEM.rulesengine-tmp-TOKEN.SUFFIX`: the suffix kept, so the writer picks the right format."""
    return path.with_name(f".{path.stem}{TEMP_MARK}{secrets.token_hex(8)}{path.suffix}")


def _keep_backup(path: Path, lock: HeldLock) -> Path:
    """Copy the workbook as it is now, completely, before it is replaced; return the copy.

    The first copy is NAME.original (never overwritten afterwards); later ones are timestamped,
    and only the newest BACKUPS_KEPT of those are kept."""
    original = original_copy(path)
    target = original if not original.exists() else _new_backup_name(path)
    temp = _temporary(path, lock)
    try:
        shutil.copy2(path, temp)
        _fsync_file(temp)
        os.replace(temp, target)  # only a complete, synced copy ever carries a backup's name
    finally:
        remove_quietly(temp)
    fsync_folder(path.parent)
    for old in backups(path)[:-BACKUPS_KEPT]:
        remove_quietly(str(old))
    return target


def _backup_pattern(path: Path) -> re.Pattern:
    return re.compile(rf"{re.escape(path.stem)}\.backup-(\d{{8}}-\d{{6}})(?:-(\d+))?{re.escape(path.suffix)}")


def backups(path: Path) -> list[Path]:
    """The timestamped backups of `path`, oldest first."""
    pattern = _backup_pattern(path)
    found = []
    for candidate in path.parent.iterdir():
        match = pattern.fullmatch(candidate.name)
        if match:
            found.append(((match[1], int(match[2] or 1)), candidate))
    return [p for _, p in sorted(found)]


def _new_backup_name(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = sibling(path, f"backup-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = sibling(path, f"backup-{stamp}-{n}")
    return target


def _remove_left_behind(path: Path, names: tuple[str, ...]) -> None:
    """Delete the temporary files a killed run recorded in the lock, when they are still plain
    files named as ours beside `path` (called with the lock held)."""
    ours = re.compile(rf"\.{re.escape(path.stem)}{re.escape(TEMP_MARK)}[0-9a-f]{{16}}{re.escape(path.suffix)}")
    for name in names:
        candidate = path.with_name(name)
        if ours.fullmatch(name) and not candidate.is_symlink() and candidate.is_file():
            remove_quietly(str(candidate))


@contextmanager
def save_lock(path: Path, wait: float = LOCK_WAIT_SECONDS) -> Iterator[HeldLock]:
    """Hold our lock on `path` (see module docstring); InputError when another run keeps it."""
    lock_path = path.with_name(f".~{path.name}.rulesengine-lock")
    busy = Problem(Location(str(path)), f"another recalc of this workbook is still saving (lock "
                                        f"{lock_path.name}); nothing was written: run again")
    with ExitStack() as held:
        try:
            lock = held.enter_context(held_lock(lock_path, wait, busy, path.name,
                                                lambda names: _remove_left_behind(path, names)))
        except OSError as exc:  # the lock file cannot be written: a full disk (ENOSPC), a quota
            raise _cannot_save(path, exc) from None
        yield lock


def _fsync_file(name: str) -> None:
    with open(name, "rb+") as handle:
        handle.flush()
        os.fsync(handle.fileno())


