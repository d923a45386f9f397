"""Installed entry points of one group, read straight from the `*.dist-info` / `*.egg-info`
folders on `sys.path`.

`importlib.metadata` does the same but imports the `email` package to parse metadata, which
costs about as much as starting Python itself; `rulesengine plugins` and every command load the
plugins, so start-up time matters (the CLI's target is within 2x of a bare `python -c pass`).
The rules followed are importlib.metadata's: a distribution is the first one of its (normalised)
name along `sys.path`; `entry_points.txt` is an INI file of `[group]` sections with
`name = module[:attribute]` lines; name and version come from the `Name:` and `Version:` headers
of `METADATA` (`PKG-INFO` for egg-info).
"""

from __future__ import annotations

import importlib
import os
import re
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:   # typing and dataclasses cost as much to import as the rest of `rulesengine plugins`
    from typing import Any

_METADATA_FILES = ("METADATA", "PKG-INFO")
_FOLDER_SUFFIXES = (".dist-info", ".egg-info")


class EntryPoint:
    """One `name = module[:attribute]` line of a distribution's `entry_points.txt`."""

    __slots__ = ("name", "value", "distribution", "version")

    def __init__(self, name: str, value: str, distribution: str, version: str):
        self.name, self.value, self.distribution, self.version = name, value, distribution, version

    def _fields(self) -> tuple[str, str, str, str]:
        return self.name, self.value, self.distribution, self.version

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EntryPoint) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "EntryPoint(name={!r}, value={!r}, distribution={!r}, version={!r})".format(*self._fields())

    def load(self) -> Any:
        """The module (or `module:attribute`) the entry point names."""
        module_name, _, attribute = self.value.partition(":")
        target: Any = importlib.import_module(module_name.strip())
        for part in filter(None, attribute.strip().split(".")):
            target = getattr(target, part)
        return target


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _headers(folder: str) -> tuple[str, str]:
    """Name and Version from the metadata file's header block (before the first blank line)."""
    name = version = ""
    for file_name in _METADATA_FILES:
        path = os.path.join(folder, file_name)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if not line.strip():
                    break
                key, _, value = line.partition(":")
                if key.lower() == "name" and not name:
                    name = value.strip()
                elif key.lower() == "version" and not version:
                    version = value.strip()
        break
    return name, version


def _entries(path: str, group: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    section = None
    with open(path, encoding="utf-8", errors="replace") as handle:
        for raw in handle:
            line = raw.strip()
            if not line or line[0] in "#;":
                continue
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1].strip()
            elif section == group and "=" in line:
                name, _, value = line.partition("=")
                found.append((name.strip(), value.strip()))
    return found


def installed_entry_points(group: str) -> list[EntryPoint]:
    """Every entry point of `group` among the distributions importable from `sys.path`."""
    seen: set[str] = set()
    points: list[EntryPoint] = []
    for directory in sys.path:
        try:
            names = sorted(os.listdir(directory or "."))
        except OSError:
            continue
        for folder_name in names:
            if not folder_name.endswith(_FOLDER_SUFFIXES):
                continue
            folder = os.path.join(directory or ".", folder_name)
            if not os.path.isdir(folder):
                continue
            name, version = _headers(folder)
            if not name:
                name = folder_name.rsplit(".", 1)[0].split("-")[0]
            key = _normalise(name)
            if key in seen:
                continue
            seen.add(key)
            entry_file = os.path.join(folder, "entry_points.txt")
            if os.path.isfile(entry_file):
                points += [EntryPoint(ep_name, value, name, version) for ep_name, value in _entries(entry_file, group)]
    return points


def distribution_fingerprint() -> list[list]:
    """What changes when a distribution on `sys.path` is installed, removed, upgraded or has its
    entry points edited: per path directory its modification time and the names of its
    `*.dist-info` / `*.egg-info` folders (the version is in the name; pip removes and writes the
    folder anew on every install), each with the (modification time, size) of its
    `entry_points.txt`. Only `listdir` and `stat`, no file is read (see rulesengine.plugin_cache)."""
    fingerprint: list[list] = []
    join = os.path.join
    for directory in sys.path:
        directory = directory or "."
        try:
            names = sorted(os.listdir(directory))
            mtime = os.stat(directory).st_mtime_ns
        except OSError:
            fingerprint.append([directory, None])
            continue
        fingerprint.append([directory, mtime, [[name, file_stamp(join(directory, name, "entry_points.txt"))]
                                               for name in names if name.endswith(_FOLDER_SUFFIXES)]])
    return fingerprint


def file_stamp(path: str) -> list[int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return [status.st_mtime_ns, status.st_size]
