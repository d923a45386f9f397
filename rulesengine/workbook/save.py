"""Saving a TD's workbook without ever losing it (shared/docs/excel.md, "safe write-back").

1. Refuse when Excel (`~$NAME`) or LibreOffice (`.~lock.NAME#`) has the file open.
2. Save to a temporary file in the same folder, flush and fsync it.
3. Fidelity guard: compare the package parts before and after (and openpyxl's own "will be
   removed" warnings); if anything the TD made would vanish (pictures, charts, shapes, macros,
   pivot tables, slicers, add-in data, custom XML, ...), keep the original untouched and write
   `NAME.recalculated.xlsx` beside it, saying what would have been lost.
4. Otherwise copy the original to `NAME.bak.xlsx` and `os.replace` the temporary file over it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.workbook.package import PackageInfo, inspect_package, lost_parts


@dataclass(frozen=True)
class SaveResult:
    written: Path               # the file now holding the results
    replaced: bool              # True: the workbook itself; False: NAME.recalculated.xlsx beside it
    backup: Path | None = None
    lost: tuple[str, ...] = field(default=())  # what replacing would have lost (when not replaced)


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


def sibling(path: Path, tag: str) -> Path:
    """`BOOK.xlsx` -> `BOOK.<tag>.xlsx`."""
    return path.with_name(f"{path.stem}.{tag}{path.suffix}")


def save_atomically(path: Path, write: Callable[[str], None], before: PackageInfo,
                    warnings: Sequence[str] = (), force: bool = False) -> SaveResult:
    """Write with `write(temp_path)`, guard fidelity against `before`, then replace or divert."""
    path = Path(path)
    check_not_open(path)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=path.suffix)
    os.close(fd)
    try:
        write(temp)
        with open(temp, "rb+") as handle:
            handle.flush()
            os.fsync(handle.fileno())
        after = inspect_package(temp, scan=False)
        lost = lost_parts(before, after) + [f"openpyxl: {w}" for w in warnings]
        if lost and not force:
            target = sibling(path, "recalculated")
            shutil.copymode(path, temp)
            os.replace(temp, target)
            _fsync_dir(path.parent)
            return SaveResult(target, False, None, tuple(lost))
        backup = sibling(path, "bak")
        shutil.copy2(path, backup)
        shutil.copymode(path, temp)
        os.replace(temp, path)
        _fsync_dir(path.parent)
        return SaveResult(path, True, backup, tuple(lost))
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # not possible on Windows; os.replace is atomic there too
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
