"""A change to the season store that touches several files, made as one step (issue 25, item 6).

A command decides, then writes: `names --new` a roster line and a decision, `season replace` a
history copy, the history log, the new event file and the events list, and removes the old file.
A kill between two of those writes used to leave a store that said half of it (a member without
its decision, so the re-run made a second member). Now every change to the store goes through
`commit`, a small journal in two files of the store's root:

1. `.rulesengine-planned` is created, naming every temporary file the change will write (and
   where each goes) and every file it will remove; flushed to the disk.
2. The temporary files are written beside their targets and flushed.
3. The journal is renamed to `.rulesengine-committed`: the one step that makes the change count.
4. Each temporary file replaces its target, the removed files go, and the journal is removed.

`recover` (run by every command that holds the store's lock, before it reads) finishes a change
whose journal was committed (step 4 again: each step can be repeated) and undoes one that was
only planned (its temporary files removed). A kill at any moment therefore leaves the store as
before the change or as after it, and the only files ever removed as litter are those a journal
named before they existed (issue 25, item 16).
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path, PurePosixPath
from typing import Mapping, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.new_files import NO_FOLLOW, fsync_folder, temporary_name, write_new

PLANNED = ".rulesengine-planned"
COMMITTED = ".rulesengine-committed"
TEMP_SUFFIX = ".rulesengine-tmp"
_TEMP = re.compile(rf"\.(.+)\.[0-9a-f]{{16}}{re.escape(TEMP_SUFFIX)}")


def commit(root: Path, writes: Mapping[str, bytes], removes: Sequence[str] = ()) -> None:
    """Replace each store file `writes` names (a path relative to `root`, with `/`) by its
    bytes and remove each of `removes`, all as one step (see the module docstring)."""
    if (root / PLANNED).exists() or (root / COMMITTED).exists():
        raise InputError(Problem(Location(str(root)), "an earlier change to this season store was interrupted and "
                                                      "is not finished: run the command again (any rulesengine "
                                                      "command that changes the store finishes it first)"))
    plan = {"write": [[target, _temporary_for(target)] for target in writes], "remove": list(removes)}
    for target, temp in plan["write"]:
        _inside(root, target)
        _inside(root, temp)
    for name in removes:
        _inside(root, name)
    write_new(root / PLANNED, _journal_bytes(plan))
    fsync_folder(root)
    try:
        folders = set()
        for target, temp in plan["write"]:
            (root / temp).parent.mkdir(parents=True, exist_ok=True)
            write_new(root / temp, writes[target])
            folders.add((root / temp).parent)
        for folder in folders:
            fsync_folder(folder)
        os.rename(root / PLANNED, root / COMMITTED)
    except Exception:   # a full disk, a refused write: nothing counted, and nothing is left
        if (root / PLANNED).exists():   # (a kill leaves this to `recover`)
            _undo(root, plan)
        raise
    fsync_folder(root)
    _apply(root, plan)


def pending(root: Path) -> bool:
    """Whether a change was interrupted (a journal is left)."""
    return (root / PLANNED).exists() or (root / COMMITTED).exists()


def recover(root: Path) -> None:
    """Finish a committed change, undo a planned one (call with the store's lock held)."""
    committed = _read_journal(root / COMMITTED)
    if committed is not None:
        _apply(root, committed)
    planned = _read_journal(root / PLANNED)
    if planned is not None:
        _undo(root, planned)


def _temporary_for(target: str) -> str:
    return str(PurePosixPath(target).parent / temporary_name(Path(PurePosixPath(target).name), TEMP_SUFFIX).name)


def _journal_bytes(plan: dict) -> bytes:
    return (json.dumps(plan, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _apply(root: Path, plan: dict) -> None:
    folders = {root}
    for target, temp in plan["write"]:
        if (root / temp).exists():   # not yet moved into place by an earlier, killed, recovery
            os.replace(root / temp, root / target)
        folders.add((root / target).parent)
    for name in plan["remove"]:
        (root / name).unlink(missing_ok=True)
        folders.add((root / name).parent)
    for folder in folders:
        fsync_folder(folder)
    (root / COMMITTED).unlink(missing_ok=True)   # lost in a crash, it is applied again: no harm


def _undo(root: Path, plan: dict) -> None:
    for _, temp in plan["write"]:
        (root / temp).unlink(missing_ok=True)
    (root / PLANNED).unlink(missing_ok=True)
    fsync_folder(root)


def _read_journal(path: Path) -> dict | None:
    """A journal's plan, each of its paths checked to be a file of the store; None when there
    is none. A planned journal cut short by a kill named no file that exists yet: it is dropped."""
    try:
        fd = os.open(path, os.O_RDONLY | NO_FOLLOW)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(Problem(Location(str(path)), f"cannot read the store's journal: {exc.strerror or exc}; "
                                                      f"remove it if you did not make it")) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputError(Problem(Location(str(path)), "the store's journal is not a plain file: remove it"))
        data = b""
        while chunk := os.read(fd, 1 << 16):
            data += chunk
    finally:
        os.close(fd)
    root = path.parent
    try:
        plan = json.loads(data.decode("utf-8"))
        writes = [(str(t), str(m)) for t, m in plan["write"]]
        removes = [str(name) for name in plan["remove"]]
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        if path.name == PLANNED:
            path.unlink(missing_ok=True)
            return None
        raise InputError(Problem(Location(str(path)), "the store's journal is damaged: it was not written by "
                                                      "rulesengine; remove it")) from None
    for target, temp in writes:
        _inside(root, target)
        _inside(root, temp)
        match = _TEMP.fullmatch(PurePosixPath(temp).name)
        if not match or match[1] != PurePosixPath(target).name or \
                PurePosixPath(temp).parent != PurePosixPath(target).parent:
            raise InputError(Problem(Location(str(path)), f"the store's journal names {temp!r}, which is not a "
                                                          f"temporary file of rulesengine's: remove the journal"))
    for name in removes:
        _inside(root, name)
    return {"write": writes, "remove": removes}


def _inside(root: Path, name: str) -> Path:
    """A path of the store's own: relative, no `..`, no folder on the way that is a link."""
    relative = PurePosixPath(name)
    if relative.is_absolute() or not relative.parts or ".." in relative.parts or "\\" in name:
        raise InputError(Problem(Location(str(root)), f"{name!r} is not a file of the season store"))
    full = root / relative
    base = root.resolve()
    parent = full.parent
    if parent.exists() and parent.resolve() != base.joinpath(*relative.parent.parts):
        raise InputError(Problem(Location(str(root)), f"{name!r}: a folder of the season store is a link"))
    return full
