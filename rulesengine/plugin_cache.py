"""The `rulesengine plugins` listing, kept between runs so listing the plugins imports none of them.

Listing the plugins calls every hook of every plugin, which imports every rule module: about five
times a bare Python start-up. The listing only changes when what produced it changes, so it is
kept in a file together with a fingerprint of everything it was computed from, and served only
while that fingerprint still holds:

* the interpreter (`sys.version`, `sys.executable`), `sys.path` and `RULESENGINE_PLUGINS`;
* every distribution on `sys.path`: each path directory's modification time, the names of its
  `*.dist-info` / `*.egg-info` folders (name and version) and the size and modification time of
  their `entry_points.txt` (a plugin installed, removed, upgraded or its entry points edited
  changes one of these);
* every module file the listing imported outside the standard library (the registry, each
  plugin and whatever it imports), by size and modification time as Python's own bytecode cache
  checks them, and every other file and the modification time of the folders they live in (a
  module or data file added, removed or edited beside them).

A listing with a broken plugin is never kept (its reason may be an import that fails until
something is installed). In-process callers (tests, scripts, an application embedding the
engine) always get the live registry: the cache only serves a process that has not loaded the
registry itself. Where the cache lives: `RULESENGINE_CACHE_DIR`, else `$XDG_CACHE_HOME/rulesengine`,
else `~/.cache/rulesengine`; `RULESENGINE_CACHE_DIR=off` (or empty) turns it off. A folder that
cannot be written only means no cache; two processes writing at once each replace the file
whole (`os.replace`), so a reader sees one complete listing or none.
"""

from __future__ import annotations

import json
import os
import sys
import zlib

from rulesengine.plugin_index import distribution_fingerprint, file_stamp

TYPE_CHECKING = False
if TYPE_CHECKING:   # not imported at run time: typing alone costs a tenth of a bare start-up
    from typing import Any, Mapping

CACHE_ENV = "RULESENGINE_CACHE_DIR"
PLUGINS_ENV = "RULESENGINE_PLUGINS"   # as rulesengine.registry.PLUGINS_ENV (not imported: that is the point)
FORMAT = 2   # 2: rows gained team_tiebreaks / team_tiebreak_presets (issue 22)
_OFF = ("", "off")


def cache_dir(environ: Mapping[str, str] | None = None) -> str | None:
    """The cache folder, or None when caching is turned off."""
    environ = os.environ if environ is None else environ
    chosen = environ.get(CACHE_ENV)
    if chosen is not None:
        return None if chosen.strip().lower() in _OFF else chosen
    base = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "rulesengine")


def _static_key() -> dict[str, Any]:
    return {"python": sys.version, "executable": sys.executable, "path": list(sys.path),
            "plugins_env": os.environ.get(PLUGINS_ENV), "distributions": distribution_fingerprint()}


def _cache_file(folder: str) -> str:
    # One file per interpreter, path and plugin selection: two venvs sharing ~/.cache do not take
    # turns overwriting each other. The name is only a shortcut; the key inside is compared whole.
    name = zlib.crc32(repr((sys.executable, sys.path, os.environ.get(PLUGINS_ENV))).encode("utf-8", "replace"))
    return os.path.join(folder, f"plugins-{name:08x}.json")


def load() -> list[dict[str, Any]] | None:
    """The kept listing if everything it was computed from is unchanged, else None."""
    folder = cache_dir()
    if folder is None or "rulesengine.registry" in sys.modules:
        return None
    try:
        with open(_cache_file(folder), encoding="utf-8") as handle:
            kept = json.load(handle)
        if kept["format"] != FORMAT or kept["key"] != _static_key():
            return None
        for path, stamp in kept["files"]:
            if file_stamp(path) != stamp:
                return None
        for path, mtime in kept["dirs"]:
            status = file_stamp(path)
            if status is None or status[0] != mtime:
                return None
        rows = kept["rows"]
    except (OSError, ValueError, KeyError, TypeError):
        return None   # missing, unreadable, half-written by hand or an older format: compute afresh
    return rows if isinstance(rows, list) else None


def store(rows: list[dict[str, Any]]) -> bool:
    """Keep the listing just computed (by this process, from the live registry). False when it
    was not kept: caching off, a broken plugin in it, or a folder that cannot be written."""
    folder = cache_dir()
    if folder is None or any(row.get("broken") for row in rows):
        return False
    files, dirs = _watched()
    kept = {"format": FORMAT, "key": _static_key(), "files": files, "dirs": dirs, "rows": rows}
    import tempfile  # noqa: PLC0415 (only when writing)
    temporary = None
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".plugins-", suffix=".tmp", dir=folder)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(kept, out, ensure_ascii=False)
        os.replace(temporary, _cache_file(folder))   # atomic: readers see the old file or this one
        temporary = None
        return True
    except OSError:
        return False
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _watched() -> tuple[list[list], list[list]]:
    """The module files this process imported outside the standard library, every other file in
    their folders, and those folders (see the module docstring)."""
    import sysconfig  # noqa: PLC0415 (only when writing)
    standard = tuple(os.path.normcase(os.path.realpath(sysconfig.get_paths()[name])) + os.sep
                     for name in ("stdlib", "platstdlib"))
    roots = {os.path.normcase(os.path.realpath(entry or ".")) for entry in sys.path}
    modules: set[str] = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not os.path.isfile(path):
            continue
        real = os.path.realpath(path)
        if not os.path.normcase(real).startswith(standard):
            modules.add(real)
    folders = {os.path.dirname(path) for path in modules}
    files = set(modules)
    for folder in folders:
        if os.path.normcase(folder) in roots:
            continue   # site-packages itself: its own modules are watched, not every file beside them
        try:
            with os.scandir(folder) as entries:
                files.update(entry.path for entry in entries if entry.is_file())
        except OSError:
            continue
    watched_files = [[path, stamp] for path in sorted(files) if (stamp := file_stamp(path)) is not None]
    watched_dirs = [[folder, stamp[0]] for folder in sorted(folders) if (stamp := file_stamp(folder)) is not None]
    return watched_files, watched_dirs
