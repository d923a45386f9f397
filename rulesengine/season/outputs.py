"""Stored outputs and their staleness (domain.md section 2: "the dangerous failure is silent").

Every `rulesengine ladder DIR` saves its JSON as `DIR/ladder.json`; every `--publish OUT.html`
is recorded in `DIR/outputs.json` with the fingerprint and input digests it was made from. The
page carries its fingerprint in `<meta name="rulesengine-fingerprint">`. `ladder --check`
compares each with the inputs as they are now and names what changed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from rulesengine.season.files import write_atomically
from rulesengine.season.fingerprint import what_changed

SAVED_JSON = "ladder.json"
OUTPUTS_FILE = "outputs.json"
_PAGE_FINGERPRINT = re.compile(rb'<meta name="rulesengine-fingerprint" content="([0-9a-f]+)">')


@dataclass(frozen=True)
class Staleness:
    output: str
    stale: bool
    why: tuple[str, ...]


def save_json(root: Path, data: Mapping) -> None:
    write_atomically(root / SAVED_JSON, json_bytes(data))


def json_bytes(data: Mapping) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def saved_json(root: Path) -> dict | None:
    try:
        return json.loads((root / SAVED_JSON).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _recorded(root: Path) -> dict:
    try:
        data = json.loads((root / OUTPUTS_FILE).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def record_page(root: Path, page: Path, fingerprint: str, inputs: Mapping) -> None:
    recorded = _recorded(root)
    recorded[str(page.resolve())] = {"fingerprint": fingerprint, "inputs": inputs}
    write_atomically(root / OUTPUTS_FILE, json_bytes(dict(sorted(recorded.items()))))


def check_file(path: Path, fingerprint: str, inputs: Mapping) -> Staleness:
    """A ladder output kept anywhere: a saved JSON (`ladder --format json > FILE`) or a page."""
    try:
        data = path.read_bytes()
    except OSError:
        return Staleness(str(path), True, ("the file is missing",))
    match = _PAGE_FINGERPRINT.search(data)
    if match:
        return _compare(str(path), match.group(1).decode(), {}, fingerprint, inputs)
    try:
        saved = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        saved = None
    if not isinstance(saved, dict):
        return Staleness(str(path), True, ("not a ladder page or ladder JSON: it carries no fingerprint",))
    return _compare(str(path), saved.get("fingerprint"), saved.get("inputs", {}), fingerprint, inputs)


def check(root: Path, fingerprint: str, inputs: Mapping) -> list[Staleness]:
    """Every stored output of the store, stale or not, and why."""
    found = []
    saved = saved_json(root)
    if saved is not None:
        found.append(_compare(str(root / SAVED_JSON), saved.get("fingerprint"), saved.get("inputs", {}),
                              fingerprint, inputs))
    for page, made in _recorded(root).items():
        try:
            match = _PAGE_FINGERPRINT.search(Path(page).read_bytes())
        except OSError:
            found.append(Staleness(page, True, ("the published page is missing",)))
            continue
        carried = match.group(1).decode() if match else None
        recorded_inputs = made.get("inputs", {}) if made.get("fingerprint") == carried else {}
        found.append(_compare(page, carried, recorded_inputs, fingerprint, inputs))
    return found


def _compare(output: str, carried: str | None, made_from: Mapping, fingerprint: str, inputs: Mapping) -> Staleness:
    if carried == fingerprint:
        return Staleness(output, False, ())
    if not carried:
        return Staleness(output, True, ("it carries no fingerprint",))
    return Staleness(output, True, tuple(what_changed(made_from, inputs)) if made_from else ("inputs changed",))
