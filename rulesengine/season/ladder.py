"""The ladder of a season: replayed from the store's files, ranked, and written as JSON.

Ranking (club ladder policy, shared/docs/domain.md section 2): established players (at least
`provisional_games` rated games) are ranked by rating, highest first, equal ratings sharing a
rank; provisional players follow, greyed, with rank null. Ratings are kept at full precision and
shown to one decimal, half away from zero. A name no decision has linked is rated as its own
newcomer (identity `EVENT:SNO`) and counted in `pending_names`; every output says so first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from rulesengine.errors import InputError
from rulesengine.model import Tournament
from rulesengine.numbers import is_digits, to_json_number
from rulesengine.rating import round_half_away_from_zero
from rulesengine.season.events import UNRATED_KINDS
from rulesengine.season.fingerprint import fingerprint, input_digests
from rulesengine.season.identity import Identities, resolve
from rulesengine.replay import EventRun, Played, Replay, replay
from rulesengine.season.store import Event, Season, read_event_of

SYSTEM = "club"


@dataclass(frozen=True)
class LadderRow:
    rank: int | None
    member: str          # member id, or EVENT:SNO for a name not yet decided
    name: str            # display name (the roster's), or the name as typed
    rating: float        # full precision
    games: int
    provisional: bool
    events: int
    pending: bool


@dataclass(frozen=True)
class SeasonLadder:
    season: Season
    events: tuple[Event, ...]                 # every event, in replay order
    tournaments: Mapping[str, Tournament]
    identities: Identities
    replayed: Replay
    rows: tuple[LadderRow, ...]
    inputs: Mapping
    fingerprint: str
    notes: tuple[str, ...]

    @property
    def pending_names(self) -> int:
        return len(self.identities.pending)

    def row(self, member: str) -> LadderRow:
        return next(r for r in self.rows if r.member == member)


def shown(value: float) -> float:
    return round_half_away_from_zero(value, 1)


def load_tournaments(season: Season) -> dict[str, Tournament]:
    """Every event file of the store, read once; every unreadable file reported together."""
    found, problems = {}, []
    for event in season.events:
        try:
            found[event.id] = read_event_of(season, event).tournament
        except InputError as exc:
            problems += exc.problems
    if problems:
        raise InputError(problems)
    return found


def compute(season: Season, tournaments: Mapping[str, Tournament] | None = None, registry=None) -> SeasonLadder:
    """Replay the whole season from nothing and rank the ladder."""
    from rulesengine.registry import default_registry

    system = (registry or default_registry()).rating_system(SYSTEM)
    tournaments = dict(tournaments) if tournaments is not None else load_tournaments(season)
    ordered = season.in_replay_order
    rated = [e for e in ordered if e.kind not in UNRATED_KINDS]
    identities = resolve([(e.id, tournaments[e.id]) for e in ordered], season.decisions, season.root,
                         rated={e.id for e in rated})
    runs = [EventRun(e.id, e.date, tournaments[e.id], identities.by_event[e.id]) for e in rated]
    replayed = replay(runs, system, options=season.settings.rating_options())
    rows = _rank(season, tournaments, identities, replayed)
    inputs = input_digests(season)
    notes = list(identities.notes)
    skipped = [e.id for e in ordered if e.kind in UNRATED_KINDS]
    if skipped:
        notes.append(f"not rated ({', '.join(UNRATED_KINDS)}: never rated, counted only in their own standings): "
                     + ", ".join(skipped))
    return SeasonLadder(season, ordered, tournaments, identities, replayed, rows, inputs, fingerprint(inputs),
                        tuple(notes))


def _rank(season: Season, tournaments: Mapping[str, Tournament], identities: Identities,
          replayed: Replay) -> tuple[LadderRow, ...]:
    threshold = season.settings.provisional_games
    typed = {f"{p.event}:{p.start_no}": p.name for p in identities.pending}
    rows = []
    for identity, played in replayed.history.items():
        record = replayed.records[identity]
        games = record.games or 0
        member = season.roster.get(identity)
        name = member.name if member else typed.get(identity) or _typed_name(identity, tournaments)
        rows.append(LadderRow(None, identity, name, float(record.rating), games, games < threshold, len(played),
                              member is None))
    return ranked(rows)


def ranked(rows: Sequence[LadderRow]) -> tuple[LadderRow, ...]:
    """The rows in ladder order, ranked: the established by rating (equal ratings share a rank),
    then the provisional, unranked."""
    established = sorted((r for r in rows if not r.provisional), key=lambda r: (-r.rating, member_order(r.member)))
    provisional = sorted((r for r in rows if r.provisional), key=lambda r: (-r.rating, member_order(r.member)))
    out, previous, rank = [], None, 0
    for position, row in enumerate(established, start=1):
        if row.rating != previous:   # equal ratings share a rank
            rank, previous = position, row.rating
        out.append(replace(row, rank=rank))
    return tuple(out + [replace(row, rank=None) for row in provisional])


def _typed_name(identity: str, tournaments: Mapping[str, Tournament]) -> str:
    event, _, sno = identity.rpartition(":")
    t = tournaments.get(event)
    return t.player(int(sno)).name if t and is_digits(sno) and int(sno) in t.by_start_rank else identity


def member_order(identity: str) -> tuple:
    """Members by number (M2 before M10), then pending names by event and start number."""
    if identity.startswith("M") and is_digits(identity[1:]):
        return (0, int(identity[1:]), "", 0)
    event, _, sno = identity.rpartition(":")
    return (1, 0, event, int(sno) if is_digits(sno) else 0)


def notice(ladder: SeasonLadder) -> str:
    """The line every output starts with: unresolved names, or that there are none."""
    n = ladder.pending_names
    if not n:
        return "all names confirmed by the TD"
    return (f"{n} name{'s' if n != 1 else ''} not yet confirmed: each rated as its own newcomer until the TD "
            f"decides (rulesengine names {ladder.season.root})")


def ladder_json(ladder: SeasonLadder) -> dict:
    """The JSON contract of `rulesengine ladder --format json` (issue 13), plus `notice`,
    `rating_exact`, `pending` per row, `inputs` (each input's digest) and `notes`."""
    season = ladder.season
    names = {e.id: e for e in ladder.events}
    history = {}
    for row in ladder.rows:
        history[row.member] = [_played_json(p, names[p.event].date.isoformat()) for p in
                               ladder.replayed.history[row.member]]
    return {
        "notice": notice(ladder),
        "season": {"name": season.settings.name, "events": len(season.events),
                   "settings": season.settings.as_json()},
        "fingerprint": ladder.fingerprint,
        "ladder": [{"rank": r.rank, "member": r.member, "name": r.name, "rating": shown(r.rating),
                    "games": r.games, "provisional": r.provisional, "events": r.events,
                    "rating_exact": to_json_number(r.rating), "pending": r.pending} for r in ladder.rows],
        "pending_names": ladder.pending_names,
        "history": history,
        "inputs": ladder.inputs,
        "notes": list(ladder.notes),
    }


def _played_json(p: Played, when: str) -> dict:
    return {"event": p.event, "date": when, "games": p.games, "score": to_json_number(p.score),
            "rating_before": shown(p.rating_before), "rating_after": shown(p.rating_after)}


def moved(old: Mapping, new: Mapping) -> list[tuple[str, str, float | None, float | None]]:
    """(member, name, old, new) for every rating that changed between two ladder JSONs."""
    before = {r["member"]: r for r in old.get("ladder", [])}
    after = {r["member"]: r for r in new.get("ladder", [])}
    changes = []
    for member in sorted(set(before) | set(after), key=member_order):
        a, b = before.get(member), after.get(member)
        if a is None or b is None or a["rating"] != b["rating"]:
            changes.append((member, (b or a)["name"], a["rating"] if a else None, b["rating"] if b else None))
    return changes
