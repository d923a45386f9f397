"""The output folder of a batch run, checked against its inputs before anything is written."""

from __future__ import annotations

import os
from pathlib import Path

from rulesengine.errors import UsageError
from rulesengine.inputs import Input


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
