"""What a batch run has already done: one JSON line per finished input in `DIR/.rulesengine-batch.jsonl`.

A line is appended (and flushed) only after the input's outputs are in place, so a run
killed at any moment leaves a manifest that lists only complete results. Its key is a hash of the
input's relative name and contents, the engine and plugin versions and the options: a changed
file, option or version never reuses a stale result.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from rulesengine import __version__
from rulesengine.batch.job import BatchOptions
from rulesengine.errors import UsageError
from rulesengine.new_files import NO_FOLLOW, write_all
from rulesengine.output.json_text import one_line_json
from rulesengine.registry import Registry

MANIFEST_NAME = ".rulesengine-batch.jsonl"
_APPEND = os.O_WRONLY | os.O_APPEND | os.O_CREAT | NO_FOLLOW | getattr(os, "O_CLOEXEC", 0)
_READ = os.O_RDONLY | NO_FOLLOW | getattr(os, "O_CLOEXEC", 0)


def engine_versions(registry: Registry) -> str:
    """The engine's version and every loaded plugin's, as one string."""
    plugins = ",".join(f"{i.name}={i.distribution}:{i.version}" for i in registry.plugin_list())
    return f"rulesengine {__version__}; {plugins}"


def manifest_key(file: str, kind: str, contents: tuple[tuple[str, bytes], ...], options: BatchOptions,
                 versions: str) -> str:
    # The same bytes as one update per part gave (the keys of earlier manifests stay valid):
    # file, kind, versions and options, then each content's name and the digest of its bytes.
    parts = [file.encode("utf-8"), b"\0", kind.encode("utf-8"), b"\0", _encoded(versions), _options_key(options)]
    for name, data in contents:
        parts += (name.encode("utf-8"), b"\0", hashlib.sha256(data).digest())
    return hashlib.sha256(b"".join(parts)).hexdigest()


@functools.lru_cache(maxsize=16)
def _encoded(versions: str) -> bytes:
    return versions.encode("utf-8") + b"\0"


@functools.lru_cache(maxsize=16)
def _options_key(options: BatchOptions) -> bytes:
    """The options' part of every key of a run, encoded once per run, not once per input."""
    return json.dumps(options.as_dict(), sort_keys=True).encode("utf-8") + b"\0"


class Manifest:
    """The finished inputs of earlier runs into one output folder, by key.

    Only ever a plain file of ours (issue 25, item 14): opened without following a link, and
    refused, before the run starts, when its name is a link or a file with other names."""

    def __init__(self, out_dir: Path):
        self.path = out_dir / MANIFEST_NAME
        self.out_dir = out_dir
        self.entries: dict[str, dict[str, Any]] = {}
        self._handle: int | None = None   # the manifest's file descriptor while a run appends
        for line in self._text().split("\n"):   # not splitlines: a name may hold U+2028
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by a kill: that input is simply done again
            if isinstance(entry, dict) and isinstance(entry.get("key"), str):
                self.entries[entry["key"]] = entry

    def _text(self) -> str:
        try:
            fd = os.open(self.path, _READ)
        except FileNotFoundError:
            return ""
        except OSError as exc:
            if os.path.islink(self.path):
                raise self._not_ours("a symbolic link") from None
            raise UsageError(f"--out {self.out_dir}: cannot read the manifest {MANIFEST_NAME}: {exc.strerror}") from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
                raise self._not_ours("not a plain file" if not stat.S_ISREG(info.st_mode)
                                     else f"a file with {info.st_nlink} names (a hard link)")
            with os.fdopen(fd, "r", encoding="utf-8", errors="replace", closefd=False) as handle:
                return handle.read()
        finally:
            os.close(fd)

    def _not_ours(self, what: str) -> UsageError:
        return UsageError(f"--out {self.out_dir}: the manifest {MANIFEST_NAME} is {what}, which rulesengine never "
                          f"makes: it is not read or written through; remove it and run again (nothing was written)")

    def done(self, key: str) -> dict[str, Any] | None:
        """The summary row of a finished input whose outputs are all still there, else None."""
        entry = self.entries.get(key)
        if entry is None or entry.get("row", {}).get("status") != "ok":
            return None
        if not all((self.out_dir / name).is_file() for name in entry.get("outputs", ())):
            return None
        return dict(entry["row"])

    def record(self, key: str, row: dict[str, Any], outputs: list[str]) -> None:
        entry = {"key": key, "row": row, "outputs": outputs}
        self.entries[key] = entry
        if self._handle is None:  # opened once per run, not once per input
            self._handle = os.open(self.path, _APPEND, 0o666)
            if os.fstat(self._handle).st_nlink != 1:   # a hard link planted since the run began
                self.close()
                raise OSError(f"{self.path}: a file with other names (a hard link): not written through")
        # Handed to the OS at once, one write per line (no buffer to flush), not fsync'ed (an
        # fsync per input costs more than a small event): a killed process loses nothing; a
        # power cut may lose the last lines, whose inputs are then simply done again.
        write_all(self._handle, (one_line_json(entry) + "\n").encode("utf-8"))

    def close(self) -> None:
        if self._handle is not None:
            os.close(self._handle)
            self._handle = None

    def __enter__(self) -> "Manifest":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
