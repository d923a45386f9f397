"""Every file a batch run writes under its output folder (`--out DIR`): results, the folders that
hold them, and the summaries (issue 25, items 11, 14 and 16).

- Never through a link inside DIR (item 14). Each folder under DIR is opened a component at a
  time, `O_NOFOLLOW|O_DIRECTORY`, from the descriptor of the folder above it (and made when
  missing), and each file is renamed into place relative to its folder's descriptor: a link
  planted where a folder would be is that input's error, a link where a file would be is
  replaced, never followed. DIR itself may be a link: the user named it.
- One short temporary name per run (items 11 and 16): `.rulesengine-batch-<16 hex>.tmp` in DIR,
  whatever the input's name (the old `.NAME.standings.json.PID.tmp` of a 230-byte name passed
  NAME_MAX), and recorded in the run's lock file `.rulesengine-batch-<16 hex>.lock` before it is
  ever created. The parent writes one file at a time, so one name is all a run needs. The lock
  (`file_lock.held_lock`) is held for the whole run; a run finding the lock of a killed run
  (a lock no process holds) removes the temporary file that run recorded, and its lock: only
  names the engine can prove it made. A live run's lock is left alone, so two runs into one
  folder still both finish.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from contextlib import ExitStack
from pathlib import Path

from rulesengine.errors import InputError, Location, Problem
from rulesengine.file_lock import held_lock
from rulesengine.new_files import NO_FOLLOW, create_new, write_all

_PREFIX = ".rulesengine-batch-"
_LOCK = re.compile(r"\.rulesengine-batch-[0-9a-f]{16}\.lock")
_TEMPORARY = re.compile(r"\.rulesengine-batch-[0-9a-f]{16}\.tmp")
_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | NO_FOLLOW | getattr(os, "O_CLOEXEC", 0)
_OPEN_FOLDERS = 256   # folder descriptors kept open (results come in name order, so folder by folder)


class OutFiles:
    """The run's writer into DIR (a folder that exists): `with OutFiles(dir) as out: out.write(...)`."""

    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        token = secrets.token_hex(8)
        self.lock_name = f"{_PREFIX}{token}.lock"
        self.temporary = f"{_PREFIX}{token}.tmp"
        self._stack = ExitStack()
        self._root = -1
        self._folders: dict[str, int] = {}

    def __enter__(self) -> "OutFiles":
        with ExitStack() as stack:
            try:
                lock = stack.enter_context(held_lock(self.out_dir / self.lock_name, 0, self._busy(self.lock_name),
                                                     f"--out {self.out_dir}"))
                lock.record(self.temporary)
                self._root = os.open(self.out_dir, _FOLDER & ~NO_FOLLOW)
                stack.callback(self._close_folders)
                self._folders[""] = self._root
                self._remove_left_by_killed_runs()
            except OSError as exc:   # a full disk (the lock's first write), a folder gone meanwhile
                raise InputError(Problem(Location(str(self.out_dir)), f"cannot write in the output folder: "
                                                                      f"{exc.strerror or exc} (nothing was written)")) from None
            self._stack = stack.pop_all()
        return self

    def __exit__(self, *exc) -> None:
        self._stack.close()

    def write(self, name: str, data: bytes) -> None:
        """Write `data` as `name` (POSIX, relative to DIR): a new file renamed into place, so a
        reader (or a kill) never sees half a file. OSError when it cannot be written: a link in
        its way, a name too long, a full disk; nothing is left behind then."""
        folder, _, base = name.rpartition("/")
        parent = self._folders.get(folder)
        if parent is None:
            parent = self._open_folder(folder)
        fd = create_new(self.temporary, dir_fd=self._root)
        try:
            try:
                write_all(fd, data)
            finally:
                os.close(fd)
            os.replace(self.temporary, base, src_dir_fd=self._root, dst_dir_fd=parent)
        except BaseException:
            _unlink_quietly(self.temporary, self._root)
            raise

    def _open_folder(self, folder: str) -> int:
        """The descriptor of DIR/folder, each component opened without following a link (made
        when missing, with the umask's mode)."""
        if len(self._folders) >= _OPEN_FOLDERS:
            self._close_folders()
            self._folders[""] = self._root
        fd = self._root
        done = []
        try:
            for part in folder.split("/"):
                done.append(part)
                fd_above, fd = fd, _open_or_make(part, fd, self.out_dir.joinpath(*done))
                if fd_above != self._root:
                    os.close(fd_above)
        except BaseException:
            if fd != self._root:
                os.close(fd)
            raise
        self._folders[folder] = fd
        return fd

    def _close_folders(self) -> None:
        for fd in self._folders.values():
            os.close(fd)
        self._folders.clear()

    def _remove_left_by_killed_runs(self) -> None:
        """Take each lock a killed run left (one a live run holds cannot be taken, and is left),
        remove the temporary file its run recorded, then the lock."""
        with os.scandir(self._root) as entries:
            locks = [entry.name for entry in entries if _LOCK.fullmatch(entry.name) and entry.name != self.lock_name]
        for name in locks:
            try:
                with held_lock(self.out_dir / name, 0, self._busy(name), f"--out {self.out_dir}",
                               remove_left_behind=self._remove_temporaries):
                    pass
            except InputError:   # held by a run still going, or not a lock file of ours
                continue

    def _remove_temporaries(self, names: tuple[str, ...]) -> None:
        for name in names:
            if _TEMPORARY.fullmatch(name) and _is_plain_file(name, self._root):
                _unlink_quietly(name, self._root)

    def _busy(self, name: str) -> Problem:
        return Problem(Location(str(self.out_dir / name)), "held by a batch run still going")


def _open_or_make(part: str, above: int, shown: Path) -> int:
    try:
        return os.open(part, _FOLDER, dir_fd=above)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise _unusable_folder(part, above, shown, exc) from None
    try:
        os.mkdir(part, dir_fd=above)
    except FileExistsError:   # made meanwhile, or a dangling link (refused when opened)
        pass
    try:
        return os.open(part, _FOLDER, dir_fd=above)
    except OSError as exc:
        raise _unusable_folder(part, above, shown, exc) from None


def _unusable_folder(part: str, above: int, shown: Path, exc: OSError) -> OSError:
    if _is_link(part, above):
        return OSError(errno.ELOOP, f"{shown} is a symbolic link: results are never written through a link "
                                    f"inside --out")
    return OSError(exc.errno, f"{shown}: {exc.strerror}")


def _is_link(name: str, folder: int) -> bool:
    try:
        return stat.S_ISLNK(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode)
    except OSError:
        return False


def _is_plain_file(name: str, folder: int) -> bool:
    try:
        return stat.S_ISREG(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode)
    except OSError:
        return False


def _unlink_quietly(name: str, folder: int) -> None:
    try:
        os.unlink(name, dir_fd=folder)
    except OSError:
        pass
