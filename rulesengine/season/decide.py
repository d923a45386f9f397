"""The TD's decisions on names: link, new, reject, accept-exact, undo (issue 13, item 3).

Each checks the hard rules before it is recorded, and a batch (several flags in one command) is
recorded all or nothing: the decisions file and the roster are written only when every step of
the batch was accepted, and then as one step (store.write_names), so a kill never leaves a
member without the decision that made it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from rulesengine.errors import UsageError
from rulesengine.model import Tournament
from rulesengine.numbers import is_digits
from rulesengine.season.decisions import Decision, next_number
from rulesengine.season.identity import Identities, PendingName, resolve
from rulesengine.season.ladder import load_tournaments
from rulesengine.season.roster import Member, next_member_id
from rulesengine.season.files import stored_field
from rulesengine.season.store import Season, now, who, write_names
from rulesengine.season.suggest import hard_rules, suggest


@dataclass(frozen=True)
class Outcome:
    member: str
    decision: str      # e.g. "link 2026-01-08:7 = M012 (decision 14)"


def parse_ref(text: str) -> tuple[str, int]:
    event, sep, sno = text.strip().rpartition(":")
    if not sep or not event or not is_digits(sno.strip()):
        raise UsageError(f"{text!r}: want EVENT:SNO (e.g. 2026-01-08:7)")
    return event, int(sno)


def parse_link(text: str) -> tuple[str, int, str]:
    ref, sep, member = text.partition("=")
    if not sep or not member.strip():
        raise UsageError(f"{text!r}: want EVENT:SNO=MEMBER (e.g. 2026-01-08:7=M012)")
    return (*parse_ref(ref), member.strip())


class Decider:
    """Applies decisions one by one to an in-memory season, checking each against the state the
    earlier ones left; `save` writes the roster and the decisions once, at the end."""

    def __init__(self, season: Season, by: str | None = None, tournaments: Mapping[str, Tournament] | None = None):
        self.season = season
        self.tournaments = dict(tournaments) if tournaments is not None else load_tournaments(season)
        self.roster: dict[str, Member] = dict(season.roster)
        self.decisions: list[Decision] = list(season.decisions)
        self.by = by or who()
        self.at = now()
        self.outcomes: list[Outcome] = []
        self.roster_changed = False
        self._next_number = next_number(self.decisions)

    def identities(self) -> Identities:
        ordered = self.season.in_replay_order
        return resolve([(e.id, self.tournaments[e.id]) for e in ordered], self.decisions, self.season.root)

    def _player(self, event: str, sno: int) -> str:
        self.season.event(event)
        t = self.tournaments[event]
        if sno not in t.by_start_rank:
            raise UsageError(f"event {event} has no start number {sno} (it has 1..{len(t.players)})")
        return t.player(sno).name

    def _unlinked(self, event: str, sno: int, identities: Identities) -> None:
        d = identities.links.get((event, sno))
        if d is not None:
            raise UsageError(f"{event}:{sno} is already linked to {d.member} by decision {d.number} "
                             f"(undo it first: --undo {d.number})")

    def _record(self, action: str, event: str, sno: int, member: str, name: str) -> Decision:
        decision = Decision(self._next_number, action, event, sno, member, name, self.by, self.at)
        self.decisions.append(decision)
        self._next_number += 1
        return decision

    def link(self, event: str, sno: int, member: str, action: str = "link") -> Outcome:
        return self._link(event, sno, member, action, self.identities())

    def _link(self, event: str, sno: int, member: str, action: str, identities: Identities) -> Outcome:
        """A link checked against `identities`: the state the earlier steps of the batch left."""
        name = self._player(event, sno)
        if member not in self.roster:
            raise UsageError(f"no member {member!r} on the roster")
        self._unlinked(event, sno, identities)
        blocked = hard_rules(PendingName(event, sno, name), self.tournaments[event], identities)
        if member in blocked:
            raise UsageError(f"{event}:{sno} ({name}) cannot be {member} ({self.roster[member].name}): "
                             f"{member} {blocked[member]}" if not blocked[member].startswith("rejected")
                             else f"{event}:{sno} ({name}) = {member}: {blocked[member]}; undo the rejection first")
        d = self._record(action, event, sno, member, name)
        return self._done(member, f"{action} {event}:{sno} ({name}) = {member} ({self.roster[member].name}), "
                                  f"decision {d.number}")

    def new(self, event: str, sno: int) -> Outcome:
        name = self._player(event, sno)
        self._unlinked(event, sno, self.identities())
        if not stored_field(name):
            raise UsageError(f"{event}:{sno} has no name in its file (only white space): a roster member needs one; "
                             f"link it to a member instead (--link {event}:{sno}=MEMBER)")
        member = next_member_id(self.roster)
        self.roster[member] = Member(member, name)
        self.roster_changed = True
        d = self._record("new", event, sno, member, name)
        return self._done(member, f"new member {member} ({name}) from {event}:{sno}, decision {d.number}")

    def new_unmatched(self, event: str) -> list[Outcome]:
        """A new member for every unresolved name of an event that no member could be (no
        candidate at all): the first evening of a season, or tonight's newcomers. Names with a
        candidate are left for the TD."""
        self.season.event(event)
        identities = self.identities()
        lonely = [s.pending.start_no for s in suggest(self.roster, self.tournaments, identities)
                  if s.pending.event == event and not s.candidates]
        return [self.new(event, sno) for sno in lonely]

    def reject(self, event: str, sno: int, member: str) -> Outcome:
        name = self._player(event, sno)
        if member not in self.roster:
            raise UsageError(f"no member {member!r} on the roster")
        identities = self.identities()
        d = identities.links.get((event, sno))
        if d is not None and d.member == member:
            raise UsageError(f"{event}:{sno} is linked to {member} by decision {d.number}: undo that first")
        d = self._record("reject", event, sno, member, name)
        return self._done(member, f"reject {event}:{sno} ({name}) = {member}, decision {d.number}")

    def accept_exact(self) -> list[Outcome]:
        """One decision for every name with exactly one exact candidate (no tie, no hard rule),
        unless two names of one event would both become the same member.

        Every link is checked against the identities from before the batch's own links, found
        once (issue 25, item 7: finding them again for each link made this quadratic in the
        events). That is the same check: these links are about pending names, each another
        (event, name), and the one rule between them, one member per event, is kept by
        choosing only a member no other name of that event would become."""
        identities = self.identities()
        chosen: dict[tuple[str, str], list] = {}
        for s in suggest(self.roster, self.tournaments, identities):
            exact = [c for c in s.candidates if c.score == 100]
            if len(exact) == 1:
                chosen.setdefault((s.pending.event, exact[0].member), []).append(s.pending)
        done = []
        for (event, member), names in sorted(chosen.items()):
            if len(names) == 1:
                done.append(self._link(event, names[0].start_no, member, "exact", identities))
        return done

    def undo(self, number: int) -> Outcome:
        found = next((d for d in self.decisions if d.number == number), None)
        if found is None:
            raise UsageError(f"no decision {number} (see decisions.tsv)")
        self.decisions.remove(found)
        self._next_number = next_number(self.decisions)
        note = f"undone: decision {number} ({found.action} {found.ref} {found.member})"
        if found.action == "new" and not any(d.member == found.member for d in self.decisions):
            # The member existed only because of this decision: it goes with it.
            self.roster.pop(found.member, None)
            self.roster_changed = True
            note += f"; member {found.member} removed from the roster (created by it, used nowhere else)"
        return self._done(found.member, note)

    def _done(self, member: str, text: str) -> Outcome:
        outcome = Outcome(member, text)
        self.outcomes.append(outcome)
        return outcome

    def save(self) -> None:
        self.identities()  # the whole batch must still satisfy the hard rules
        write_names(self.season.root, self.roster if self.roster_changed else None, self.decisions)


def with_member(season: Season, member: str, name: str | None, junior: bool | None,
                consent: bool | None) -> tuple[Member, bool]:
    """The roster entry after `season member`: an existing member edited, or, with --name, a new one."""
    created = member not in season.roster
    if created and not name:
        raise UsageError(f"no member {member!r} on the roster (give --name to add one)")
    current = season.roster.get(member) or Member(member, name or "")
    changes = {k: v for k, v in (("name", name), ("junior", junior), ("consent", consent)) if v is not None}
    return replace(current, **changes), created
