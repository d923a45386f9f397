"""One digest over everything the ladder is computed from, and what changed since an output was made.

Covered (issue 13): every event file's bytes with its id, date, kind and name; the replay order
(ties on a date go by the order added); the settings; the roster; the decisions. Who made a
decision and when is not covered: it does not change a number. The digest of each input is kept
beside the fingerprint in every output, so a stale output can say which input changed.
"""

from __future__ import annotations

import hashlib
import json
from typing import Mapping

from rulesengine.season.store import Season


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _canonical(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def input_digests(season: Season) -> dict:
    """{"settings": d, "roster": d, "decisions": d, "order": [ids], "events": {id: d}}."""
    events = {}
    for event in season.in_replay_order:  # not the order added: the same events give the same output
        head = _canonical([event.id, event.date.isoformat(), event.kind, event.name])
        events[event.id] = _digest(head + b"\n" + season.path(event).read_bytes())
    roster = [[m.member, m.name, m.junior, m.consent] for m in sorted(season.roster.values(), key=lambda m: m.member)]
    decisions = sorted(list(d.semantic()) for d in season.decisions)
    settings = season.settings.as_json()
    if settings["adult_names"] == "initials":
        del settings["adult_names"]   # as before the setting existed: an older store keeps its fingerprint
    return {"settings": _digest(_canonical([season.settings.name, settings])),
            "roster": _digest(_canonical(roster)),
            "decisions": _digest(_canonical(decisions)),
            "order": [e.id for e in season.in_replay_order],
            "events": events}


def fingerprint(inputs: Mapping) -> str:
    return _digest(_canonical(inputs))


def what_changed(old: Mapping, new: Mapping) -> list[str]:
    """The inputs that differ, in words ("event 2026-01-15 changed"), given two digest maps."""
    changes = []
    for part in ("settings", "roster", "decisions"):
        if old.get(part) != new.get(part):
            changes.append(f"{part} changed")
    before, after = dict(old.get("events", {})), dict(new.get("events", {}))
    for ident in sorted(set(before) | set(after)):
        if ident not in after:
            changes.append(f"event {ident} removed")
        elif ident not in before:
            changes.append(f"event {ident} added")
        elif before[ident] != after[ident]:
            changes.append(f"event {ident} changed (file replaced, or its date, kind or name edited)")
    if not changes and old.get("order") != new.get("order"):
        changes.append("the order of events changed")
    return changes or ["inputs changed"]
