"""Who is who in each event: the TD's decisions, and nothing else (shared/docs/domain.md section 2:
never merge silently).

A name with a link decision (`link`, `new`, `exact`) is that member; every other name is its own
newcomer, identified as `EVENT:SNO` and counted as pending. A decision whose name no longer
matches the file (a replaced file put someone else at that start number) is not applied: it was a
decision about another name. The hard rules are checked on the decisions themselves: one member
cannot be two names of one event, and a pair cannot be both linked and rejected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import Tournament
from rulesengine.season.decisions import DECISIONS_FILE, Decision
from rulesengine.season.names import key


@dataclass(frozen=True)
class PendingName:
    event: str
    start_no: int
    name: str

    @property
    def ref(self) -> str:
        return f"{self.event}:{self.start_no}"


@dataclass(frozen=True)
class Identities:
    by_event: Mapping[str, Mapping[int, str]]          # event -> start number -> member or EVENT:SNO
    pending: tuple[PendingName, ...]
    known_names: tuple[tuple[str, str], ...]          # (member, a name linked to it), for matching
    links: Mapping[tuple[str, int], Decision] = field(default_factory=dict)
    rejected: Mapping[tuple[str, int], Mapping[str, Decision]] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


def pending_id(event: str, start_no: int) -> str:
    return f"{event}:{start_no}"


def resolve(events: Sequence[tuple[str, Tournament]], decisions: Sequence[Decision], root: Path,
            rated: set[str] | None = None) -> Identities:
    """Each player's identity in each event; `rated` limits pending names to the events the
    ladder counts (bughouse names need no decision)."""
    path = root / DECISIONS_FILE
    tournaments = dict(events)
    links: dict[tuple[str, int], Decision] = {}
    rejected: dict[tuple[str, int], dict[str, Decision]] = {}
    problems: list[Problem] = []
    notes: list[str] = []
    for d in decisions:
        where = Location(str(path), d.line or None)
        ref = (d.event, d.start_no)
        t = tournaments.get(d.event)
        if t is None:
            continue  # checked by the store (a decision about a removed event)
        if d.start_no not in t.by_start_rank:
            problems.append(Problem(where, f"decision {d.number}: event {d.event} has no start number {d.start_no}"))
            continue
        if d.links:
            if ref in links:
                problems.append(Problem(where, f"decision {d.number}: {d.ref} is already linked by decision "
                                               f"{links[ref].number}"))
                continue
            links[ref] = d
        else:
            rejected.setdefault(ref, {})[d.member] = d
    for ref, d in links.items():
        if d.member in rejected.get(ref, {}):
            r = rejected[ref][d.member]
            problems.append(Problem(Location(str(path), d.line or None),
                                    f"decision {d.number} links {d.ref} to {d.member}, which decision {r.number} "
                                    f"rejected: undo one of them"))
    by_event: dict[str, dict[int, str]] = {}
    pending: list[PendingName] = []
    known: set[tuple[str, str]] = set()
    for event, t in events:
        ids: dict[int, str] = {}
        seen: dict[str, int] = {}
        for player in t.players:
            d = links.get((event, player.start_rank))
            if d is not None and key(d.name) != key(player.name):
                notes.append(f"decision {d.number} ({d.ref} = {d.member}) was made for {d.name!r}, but the file now "
                             f"has {player.name!r} there: not applied")
                d = None
            if d is None:
                ids[player.start_rank] = pending_id(event, player.start_rank)
                if rated is None or event in rated:
                    pending.append(PendingName(event, player.start_rank, player.name))
                continue
            if d.member in seen:
                problems.append(Problem(Location(str(path), d.line or None),
                                        f"decision {d.number} makes {d.member} start number {player.start_rank} of "
                                        f"event {event}, but {d.member} is already start number {seen[d.member]} "
                                        f"there: two names in one event are never the same person"))
                continue
            seen[d.member] = player.start_rank
            ids[player.start_rank] = d.member
            known.add((d.member, player.name))
        by_event[event] = ids
    if problems:
        raise InputError(problems)
    return Identities(by_event, tuple(pending), tuple(sorted(known)), links, rejected, tuple(notes))


def opponents_in(t: Tournament, start_no: int) -> dict[int, int]:
    """Opponent start number -> the first round they met, for the 'played each other' rule."""
    met: dict[int, int] = {}
    for entry in t.entries(start_no):
        if entry.opponent is not None:
            met.setdefault(entry.opponent, entry.round)
    return met
