"""Stored outputs and their staleness (domain.md section 2: "the dangerous failure is silent").

Every `rulesengine ladder DIR` saves its JSON as `DIR/ladder.json`; every `--publish OUT.html`
is recorded in `DIR/outputs.json` with the fingerprint and input digests it was made from (both
written as one step, season/journal.py). The page carries its fingerprint in
`<meta name="rulesengine-fingerprint">`. `ladder --check` compares each with the inputs as they
are now, names what changed and the command that rebuilds it. A page goes outside the store, or
inside it as an `.html` file that is none of the store's own (`check_page_target`, issue 25 item 5).

`--diff` shows what moved since the ladder a TD last saw moving: a run without `--diff` that
changes the ladder keeps the ladder it replaced as `DIR/ladder.diff-base.json` (the first such run
only), and the next `--diff` compares with that and drops it (issue 23 item 6: a rebuild after
`--check` used to leave the next `--diff` with nothing to show).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from rulesengine.errors import UsageError
from rulesengine.season.fingerprint import what_changed
from rulesengine.season.journal import commit

SAVED_JSON = "ladder.json"
DIFF_BASE = "ladder.diff-base.json"
OUTPUTS_FILE = "outputs.json"
PAGE_SUFFIXES = (".html", ".htm")
_STORE_FOLDERS = ("files", "history")   # store.FILES_DIR, store.HISTORY_DIR: the event files as they came
_PAGE_FINGERPRINT = re.compile(rb'<meta name="rulesengine-fingerprint" content="([0-9a-f]+)">')


@dataclass(frozen=True)
class Staleness:
    output: str
    stale: bool
    why: tuple[str, ...]
    kind: str = ""   # which output, for the command that rebuilds it: "ladder.json" (the store's), "page",
    #                  "page-pending" (published with --publish-pending), "json-file"; "" not known


def save(root: Path, data: Mapping, page: Path | None = None, fingerprint: str = "",
         inputs: Mapping | None = None, page_inside: bytes | None = None, *, diff_shown: bool = False,
         with_pending: bool = False) -> None:
    """Save the replay's JSON and, with `page`, record the page published from it, as one step;
    `page_inside`: the page's bytes when it goes inside the store, written in that same step;
    `diff_shown`: this run showed what moved (the kept diff base goes), else a changed ladder
    keeps the one it replaces as the base; `with_pending`: the page lists undecided names."""
    writes, removes = {SAVED_JSON: json_bytes(data)}, []
    if diff_shown:
        removes = [DIFF_BASE] if (root / DIFF_BASE).exists() else []
    elif not (root / DIFF_BASE).exists():
        replaced = saved_json(root)
        if replaced is not None and replaced.get("fingerprint") != data.get("fingerprint"):
            writes[DIFF_BASE] = (root / SAVED_JSON).read_bytes()
    if page is not None:
        recorded = _recorded(root)
        recorded[str(page.resolve())] = {"fingerprint": fingerprint, "inputs": dict(inputs or {}),
                                         **({"with_pending": True} if with_pending else {})}
        writes[OUTPUTS_FILE] = json_bytes(dict(sorted(recorded.items())))
        if page_inside is not None:
            writes[(page.parent.resolve() / page.name).relative_to(root.resolve()).as_posix()] = page_inside
    commit(root, writes, removes)


def diff_base(root: Path) -> tuple[dict | None, bool]:
    """The ladder `--diff` compares with, and whether it is one kept from before the last run
    (else the last run's own)."""
    kept = _json_of(root / DIFF_BASE)
    return (kept, True) if kept is not None else (saved_json(root), False)


def is_inside(root: Path, target: Path) -> bool:
    """Whether `target` names a file in the store (a link at `target` itself is not followed)."""
    where, base = target.parent.resolve() / target.name, root.resolve()
    return base in where.parents


def check_page_target(root: Path, target: Path) -> None:
    """UsageError for a page that would land on a folder or on a file of the store itself."""
    if target.is_dir():
        raise UsageError(f"--publish {target}: that is a folder; give the page's file name "
                         f"(for example {target / 'ladder.html'})")
    if not is_inside(root, target):
        return
    inside = (target.parent.resolve() / target.name).relative_to(root.resolve())
    if inside.suffix.lower() not in PAGE_SUFFIXES or inside.parts[0] in _STORE_FOLDERS:
        raise UsageError(f"--publish {target}: inside the season store a page must be an .html file that is not "
                         f"one of the store's own files (it would replace {inside.as_posix()}); publish it outside "
                         f"the store, or as e.g. {root / 'ladder.html'}")


def json_bytes(data: Mapping) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def saved_json(root: Path) -> dict | None:
    return _json_of(root / SAVED_JSON)


def _json_of(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _recorded(root: Path) -> dict:
    try:
        data = json.loads((root / OUTPUTS_FILE).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def check_file(path: Path, fingerprint: str, inputs: Mapping) -> Staleness:
    """A ladder output kept anywhere: a saved JSON (`ladder --format json > FILE`) or a page."""
    try:
        data = path.read_bytes()
    except OSError:
        return Staleness(str(path), True, ("the file is missing",))
    match = _PAGE_FINGERPRINT.search(data)
    if match:
        return _compare(str(path), match.group(1).decode(), {}, fingerprint, inputs, "page")
    try:
        saved = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        saved = None
    if not isinstance(saved, dict):
        return Staleness(str(path), True, ("not a ladder page or ladder JSON: it carries no fingerprint",))
    return _compare(str(path), saved.get("fingerprint"), saved.get("inputs", {}), fingerprint, inputs, "json-file")


def check(root: Path, fingerprint: str, inputs: Mapping) -> list[Staleness]:
    """Every stored output of the store, stale or not, and why."""
    found = []
    saved = saved_json(root)
    if saved is not None:
        found.append(_compare(str(root / SAVED_JSON), saved.get("fingerprint"), saved.get("inputs", {}),
                              fingerprint, inputs, "ladder.json"))
    for page, made in _recorded(root).items():
        kind = "page-pending" if made.get("with_pending") else "page"
        try:
            match = _PAGE_FINGERPRINT.search(Path(page).read_bytes())
        except OSError:
            found.append(Staleness(page, True, ("the published page is missing",), kind))
            continue
        carried = match.group(1).decode() if match else None
        recorded_inputs = made.get("inputs", {}) if made.get("fingerprint") == carried else {}
        found.append(_compare(page, carried, recorded_inputs, fingerprint, inputs, kind))
    return found


def _compare(output: str, carried: str | None, made_from: Mapping, fingerprint: str, inputs: Mapping,
             kind: str = "") -> Staleness:
    if carried == fingerprint:
        return Staleness(output, False, (), kind)
    if not carried:
        return Staleness(output, True, ("it carries no fingerprint",), kind)
    why = tuple(what_changed(made_from, inputs)) if made_from else ("inputs changed",)
    return Staleness(output, True, why, kind)
