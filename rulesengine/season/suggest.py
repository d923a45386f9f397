"""Suggestions for every unresolved name, with the hard rules applied (shared/docs/domain.md
section 2; issue 13): two names that played each other, or both appear in one event, are never
the same person; a pair the TD rejected is never suggested again; two equally good members are
both named and neither is preferred. Suggestions only: nothing here links anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from rulesengine.model import Tournament
from rulesengine.season.identity import Identities, PendingName, opponents_in
from rulesengine.season.names import Candidate, NameIndex, rank_candidates
from rulesengine.season.roster import Member


@dataclass(frozen=True)
class Suggestion:
    pending: PendingName
    candidates: tuple[Candidate, ...]
    blocked: tuple[tuple[str, str], ...]   # (member, why)


def name_index(roster: Mapping[str, Member], identities: Identities) -> NameIndex:
    """Every member's display name and every name a decision has linked to them."""
    return NameIndex([(m.member, m.name) for m in roster.values()] + list(identities.known_names))


def suggest(roster: Mapping[str, Member], tournaments: Mapping[str, Tournament], identities: Identities,
            index: NameIndex | None = None) -> list[Suggestion]:
    index = index or name_index(roster, identities)
    display = {m.member: m.name for m in roster.values()}
    found = []
    for pending in identities.pending:
        blocked = hard_rules(pending, tournaments[pending.event], identities)
        candidates, stopped = rank_candidates(pending.name, index, display, blocked)
        found.append(Suggestion(pending, tuple(candidates), tuple(stopped)))
    return found


def hard_rules(pending: PendingName, t: Tournament, identities: Identities) -> dict[str, str]:
    """Members this name can never be, and why."""
    blocked: dict[str, str] = {}
    met = opponents_in(t, pending.start_no)
    for start_no, identity in identities.by_event[pending.event].items():
        if start_no == pending.start_no or not identity.startswith("M"):
            continue
        other = t.player(start_no).name
        if start_no in met:
            blocked[identity] = (f"played this name in round {met[start_no]} of {pending.event} (as start number "
                                 f"{start_no}, {other}): two names that played each other are never the same person")
        else:
            blocked[identity] = (f"is start number {start_no} ({other}) of {pending.event}: two names in one event "
                                 f"are never the same person")
    for member, decision in identities.rejected.get((pending.event, pending.start_no), {}).items():
        blocked[member] = f"rejected by the TD (decision {decision.number}): never suggested again"
    return blocked


def suggestion_json(s: Suggestion) -> dict:
    return {"event": s.pending.event, "start_no": s.pending.start_no, "name": s.pending.name,
            "candidates": [{"member": c.member, "name": c.name, "score": c.score, "reason": c.reason,
                            "fields": [{"field": f, "here": here, "member": there, "how": how}
                                       for f, here, there, how in c.fields]} for c in s.candidates],
            "blocked": [{"member": m, "why": why} for m, why in s.blocked]}
