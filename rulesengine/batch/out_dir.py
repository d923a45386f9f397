"""The output folder of a batch run, made and checked against its inputs before anything is written."""

from __future__ import annotations

import os
from pathlib import Path

from rulesengine.errors import UsageError
from rulesengine.inputs import Input


def prepare_out_dir(out_dir: Path, inputs: list[Input]) -> None:
    """Make the output folder if missing; a usage error when it cannot be one (a file, a folder
    that cannot be made or written) or when a result would land on an input."""
    if not _empty_folder(out_dir):   # nothing in an empty folder can be overwritten
        if out_dir.exists() and not out_dir.is_dir():
            raise UsageError(f"--out {out_dir}: a file, not a folder; name a folder (it is made when missing)")
        check_out_dir(out_dir, inputs)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--out {out_dir}: cannot make the folder: {exc.strerror or exc}") from None
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise UsageError(f"--out {out_dir}: the folder is read-only; name a folder results can be written in")


def _empty_folder(path: Path) -> bool:
    """True for an existing folder with nothing in it (one directory read, where the overlap
    check stats every input and every place a result would go)."""
    try:
        with os.scandir(path) as entries:
            return next(entries, None) is None
    except OSError:   # no such folder (the check returns at once), or not a folder
        return False


def check_out_dir(out_dir: Path, inputs: list[Input]) -> None:
    """Refuse an output folder where a result would land on an input (a workbook's recalculated
    copy keeps the input's relative name).

    Files are compared by identity (device and inode), not by resolved names: a result can only
    overwrite a file that exists, and one `stat` per path is a fraction of resolving it component
    by component, which a run of many small files paid once per input. Links (symbolic or hard)
    to an input are caught too."""
    if not out_dir.exists():
        return  # a new folder: nothing in it to overwrite
    sources = set()
    for item in inputs:
        for path in (item.path, *item.companions):
            try:
                found = os.stat(path)
            except OSError:
                continue  # gone since discovery: reported when it is read
            sources.add((found.st_dev, found.st_ino))
    for item in inputs:
        for target in (out_dir / item.relative, out_dir / (item.relative + ".standings.json")):
            try:
                found = os.stat(target)
            except OSError:
                continue  # nothing there to overwrite
            if (found.st_dev, found.st_ino) in sources:
                raise UsageError(f"--out {out_dir}: results would overwrite the input {target.resolve()}; "
                                 f"choose another folder")
