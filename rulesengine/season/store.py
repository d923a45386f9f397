"""The season store: a folder a TD can read, back up and put under version control.

    DIR/season.txt      the club's settings (settings.py)
    DIR/events.tsv      one line per event, in the order added: id, date, kind, name, file
    DIR/roster.tsv      the members (roster.py)
    DIR/decisions.tsv   the TD's name decisions (decisions.py)
    DIR/files/          the event files exactly as they came (never modified)
    DIR/history/        files replaced or removed, and `history.tsv`, the log of those changes
    DIR/ladder.json     the last replay's output (an output, not an input; `ladder --check`)
    DIR/outputs.tsv     pages published from the store, with the fingerprint each was made from

The ladder is a pure function of the first five. Every change is checked in full before anything
is written, and all the files one change writes or removes are written as one step
(season/journal.py), so a crash leaves the store as before the change or as after it.
"""

from __future__ import annotations

import getpass
import re
from dataclasses import dataclass, replace
from functools import cached_property
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Sequence

from rulesengine.errors import InputError, Location, Problem, UsageError
from rulesengine.season.decisions import DECISIONS_FILE, Decision, decisions_bytes, read_decisions
from rulesengine.season.events import KINDS, EventFile, kind_from_name, read_event
from rulesengine.season.files import problem, read_table, table_bytes
from rulesengine.season.journal import commit
from rulesengine.season.roster import ROSTER_FILE, Member, read_roster, roster_bytes
from rulesengine.season.settings import SETTINGS_FILE, SeasonSettings, read_settings, season_name

EVENTS_FILE = "events.tsv"
FILES_DIR = "files"
HISTORY_DIR = "history"
HISTORY_FILE = "history.tsv"
EVENT_COLUMNS = ("id", "date", "kind", "name", "file")
HISTORY_COLUMNS = ("at", "by", "action", "event", "file", "kept_as")
_EVENTS_COMMENT = ("Events of the season, in the order added (ties on a date replay in this order).\n"
                   "kind: standard, rapid, blitz or bughouse (bughouse is never rated). The files are in files/.")
_HISTORY_COMMENT = "Event files replaced or removed; the old file is kept in history/ under kept_as."


@dataclass(frozen=True)
class Event:
    id: str
    date: date
    kind: str
    name: str
    file: str        # relative to the store
    order: int = 0   # position in events.tsv (order added)
    line: int = 0

    def as_json(self) -> dict:
        return {"id": self.id, "file": self.file, "name": self.name, "date": self.date.isoformat(),
                "kind": self.kind}


@dataclass(frozen=True)
class Season:
    """Everything the ladder is computed from, as read from the store."""

    root: Path
    settings: SeasonSettings
    events: tuple[Event, ...]
    roster: dict[str, Member]
    decisions: tuple[Decision, ...]

    @cached_property
    def _by_id(self) -> dict[str, Event]:
        return {event.id: event for event in self.events}

    def event(self, ident: str) -> Event:
        found = self._by_id.get(ident)
        if found is not None:
            return found
        known = ", ".join(e.id for e in self.events) or "none yet"
        raise UsageError(f"no event {ident!r} in {self.root} (events: {known})")

    def path(self, event: Event) -> Path:
        return self.root / event.file

    @property
    def in_replay_order(self) -> tuple[Event, ...]:
        """Date order; events on one date in the order they were added (issue 13, replay)."""
        return tuple(sorted(self.events, key=lambda e: (e.date, e.order)))


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def who() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "td"


# ---------------------------------------------------------------- reading


def is_store(root: Path) -> bool:
    return (root / EVENTS_FILE).is_file() and (root / SETTINGS_FILE).is_file()


def open_season(root: Path) -> Season:
    """Read and cross-check the store; InputError naming file and line for every problem."""
    if not is_store(root):
        raise InputError(Problem(Location(str(root)), "not a season store (no season.txt and events.tsv): "
                                                      "create one with `rulesengine season init DIR`"))
    settings = read_settings(root / SETTINGS_FILE)
    events = _read_events(root)
    roster = read_roster(root / ROSTER_FILE)
    decisions = tuple(read_decisions(root / DECISIONS_FILE))
    season = Season(root, settings, events, roster, decisions)
    check_decisions(season)
    return season


def _read_events(root: Path) -> tuple[Event, ...]:
    path = root / EVENTS_FILE
    events: list[Event] = []
    problems: list[Problem] = []
    seen: set[str] = set()
    for order, row in enumerate(read_table(path, EVENT_COLUMNS, required=EVENT_COLUMNS)):
        ident = row["id"]
        if not ident or ":" in ident or ident in seen:
            problems.append(problem(path, row, "id", f"event id {ident!r} is empty, has a colon or is repeated"))
            continue
        seen.add(ident)
        try:
            when = date.fromisoformat(row["date"])
        except ValueError:
            problems.append(problem(path, row, "date", f"event {ident}: date {row['date']!r} is not YYYY-MM-DD"))
            continue
        kind = row["kind"].lower()
        if kind not in KINDS:
            problems.append(problem(path, row, "kind", f"event {ident}: kind {row['kind']!r}; want {', '.join(KINDS)}"))
            continue
        inside = (root / FILES_DIR).resolve()
        if inside not in (root / row["file"]).resolve().parents:
            problems.append(problem(path, row, "file", f"event {ident}: file {row['file']!r} is not in {FILES_DIR}/"))
            continue
        if not (root / row["file"]).is_file():
            problems.append(problem(path, row, "file", f"event {ident}: file {row['file']!r} is not in the store"))
            continue
        events.append(Event(ident, when, kind, row["name"] or ident, row["file"], order, row.line))
    if problems:
        raise InputError(problems)
    return tuple(events)


def check_decisions(season: Season) -> None:
    """Every decision names an event of the season and a roster member (hard rules: names.py)."""
    path = season.root / DECISIONS_FILE
    ids = {e.id for e in season.events}
    problems = []
    for d in season.decisions:
        where = Location(str(path), d.line or None)
        if d.event not in ids:
            problems.append(Problem(where, f"decision {d.number} refers to event {d.event!r}, which is not in the "
                                           f"season (removed?); undo it with `rulesengine names DIR --undo {d.number}`"))
        elif d.member not in season.roster and d.links:
            problems.append(Problem(where, f"decision {d.number} links to member {d.member}, who is not on the "
                                           f"roster ({ROSTER_FILE})"))
    if problems:
        raise InputError(problems)


def read_event_of(season: Season, event: Event) -> EventFile:
    return read_event(season.path(event))


# ---------------------------------------------------------------- writing


def init_store(root: Path, name: str | None = None, adult_names: str = "initials") -> Path:
    """A new, empty store; `adult_names` is the club's choice for adults' names on the page."""
    if root.exists() and any(root.iterdir()):
        if is_store(root):
            raise UsageError(f"{root} is already a season store")
        raise UsageError(f"{root} is not empty: give a new or empty folder")
    settings = SeasonSettings(name=season_name(name) if name is not None else (root.resolve().name or "Club ladder"),
                              adult_names=adult_names)
    root.mkdir(parents=True, exist_ok=True)
    commit(root, {SETTINGS_FILE: settings.text().encode("utf-8"), ROSTER_FILE: roster_bytes({}),
                  DECISIONS_FILE: decisions_bytes(()), EVENTS_FILE: _events_bytes(())})
    (root / FILES_DIR).mkdir(exist_ok=True)
    return root


def _events_bytes(events: Sequence[Event]) -> bytes:
    return table_bytes(_EVENTS_COMMENT, EVENT_COLUMNS,
                       [(e.id, e.date.isoformat(), e.kind, e.name, e.file) for e in events])


def _stored_name(ident: str, source: Path) -> str:
    """`files/ID--original.trf`: the file as it came, its original name kept for the reader."""
    safe = re.sub(r"[\t\n\r/\\:]+", "_", source.name)
    return f"{FILES_DIR}/{ident}--{safe}"


def _new_id(taken: set[str], when: date) -> str:
    """Events are named by their date (the TD types `2026-01-08:7`); a second one that day gets -2."""
    ident, n = when.isoformat(), 1
    while ident in taken:
        n += 1
        ident = f"{when.isoformat()}-{n}"
    return ident


def _event_facts(source: Path, when: str | None, kind: str | None) -> tuple[EventFile, date, str]:
    read = read_event(source)
    if when:
        try:
            chosen = date.fromisoformat(when)
        except ValueError:
            raise UsageError(f"--date {when!r}: want YYYY-MM-DD") from None
    elif read.date is not None:
        chosen = read.date
    else:
        raise InputError(Problem(Location(str(source)), "the file gives no event date: add it with --date YYYY-MM-DD"))
    chosen_kind = (kind or kind_from_name(read.name)).lower()
    if chosen_kind not in KINDS:
        raise UsageError(f"--kind {kind!r}: want {', '.join(KINDS)}")
    return read, chosen, chosen_kind


def add_events(root: Path, sources: Sequence[Path], when: str | None = None, kind: str | None = None) -> list[Event]:
    """Add event files (all or none): every file is read and checked before any is copied in."""
    season = open_season(root)
    taken = {e.id for e in season.events}
    problems: list[Problem] = []
    staged = []
    # The same file twice would count every game twice: refused, naming the event it already is.
    held = {season.path(e).read_bytes(): f"in the season as event {e.id}" for e in season.events}
    for source in sources:
        data = source.read_bytes() if source.is_file() else None
        if data is not None and data in held:
            problems.append(Problem(Location(str(source)), f"already {held[data]} "
                                                           f"(use `season replace` for a corrected file)"))
            continue
        if data is not None:
            held[data] = f"given as {source}"
        try:
            read, chosen, chosen_kind = _event_facts(source, when, kind)
        except InputError as exc:
            problems += exc.problems
            continue
        ident = _new_id(taken, chosen)
        taken.add(ident)
        event = Event(ident, chosen, chosen_kind, read.name, _stored_name(ident, source),
                      len(season.events) + len(staged))
        staged.append((source, event))
    if problems:
        raise InputError(problems)
    writes = {event.file: source.read_bytes() for source, event in staged}
    added = [event for _, event in staged]
    commit(root, {**writes, EVENTS_FILE: _events_bytes((*season.events, *added))})
    return added


def replace_event(root: Path, ident: str, source: Path) -> tuple[Event, str] | None:
    """A corrected file for an event: the old one moves to history/, the event keeps its id,
    kind and place; its date and name follow the new file when it has them. None when the file
    is already the event's (a re-run after a replace that was killed once it had counted)."""
    season = open_season(root)
    old = season.event(ident)
    read = read_event(source)
    data = source.read_bytes()
    if data == season.path(old).read_bytes():
        return None
    new = replace(old, date=read.date or old.date, name=read.name or old.name, file=_stored_name(ident, source))
    kept, history = _history_entry(season, old, "replace")
    events = _events_bytes([new if e.id == ident else e for e in season.events])
    commit(root, {**history, new.file: data, EVENTS_FILE: events}, [old.file] if new.file != old.file else [])
    return new, kept


def remove_event(root: Path, ident: str, drop_decisions: bool = False) -> tuple[str, list[Decision]]:
    """Remove an event (its file kept in history/). Decisions about it block the removal unless
    `drop_decisions`, which removes them too: a decision must never point at nothing."""
    season = open_season(root)
    event = season.event(ident)
    about = [d for d in season.decisions if d.event == ident]
    if about and not drop_decisions:
        path = root / DECISIONS_FILE
        raise InputError([Problem(Location(str(path), d.line or None),
                                  f"decision {d.number} ({d.action} {d.ref} {d.member}) refers to event {ident}: "
                                  f"undo it first, or remove with --drop-decisions") for d in about])
    kept, writes = _history_entry(season, event, "remove")
    if about:
        writes[DECISIONS_FILE] = decisions_bytes([d for d in season.decisions if d.event != ident])
    writes[EVENTS_FILE] = _events_bytes([e for e in season.events if e.id != ident])
    commit(root, writes, [event.file])
    return kept, about


def _history_entry(season: Season, event: Event, action: str) -> tuple[str, dict[str, bytes]]:
    """Where the event's file is kept in history/, and the writes that keep it there and log it."""
    stamp = now()
    kept = f"{HISTORY_DIR}/{stamp.replace(':', '')}--{Path(event.file).name}"
    n = 1
    while (season.root / kept).exists():   # two changes in one second keep both files
        n += 1
        kept = f"{HISTORY_DIR}/{stamp.replace(':', '')}-{n}--{Path(event.file).name}"
    log = season.root / HISTORY_DIR / HISTORY_FILE
    rows = [tuple(r[c] for c in HISTORY_COLUMNS) for r in read_table(log, HISTORY_COLUMNS)]
    rows.append((stamp, who(), action, event.id, event.file, kept))
    return kept, {kept: season.path(event).read_bytes(),
                  f"{HISTORY_DIR}/{HISTORY_FILE}": table_bytes(_HISTORY_COMMENT, HISTORY_COLUMNS, rows)}


def write_roster(root: Path, members: dict[str, Member]) -> None:
    commit(root, {ROSTER_FILE: roster_bytes(members)})


def write_names(root: Path, members: dict[str, Member] | None, decisions: Sequence[Decision]) -> None:
    """The TD's name decisions, and the roster when they changed it, as one step: a member a
    `new` decision made exists exactly when the decision does (issue 25, item 6)."""
    writes = {ROSTER_FILE: roster_bytes(members)} if members is not None else {}
    commit(root, {**writes, DECISIONS_FILE: decisions_bytes(decisions)})
