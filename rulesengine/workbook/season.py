"""A club season in one workbook: one crosstable sheet per evening (`Evening 1`, `Evening 2`, ...),
the ladder replayed over them in order (shared/docs/domain.md section 2).

History is replayed, never patched: every recalculation starts from the `Players` sheet (the
ratings and game counts before the season) and rates each evening from the records everyone held
before it began (`PlayerRating.record_after` of one evening is the record before the next). A
corrected result three evenings ago therefore changes every later number, as it must.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from typing import Mapping, Sequence

from rulesengine.model import EntryKind, Tournament
from rulesengine.rating import RatingRecord, RatingReport, RatingRequest, RatingSystem, round_half_away_from_zero
from rulesengine.workbook.grid import CellValue
from rulesengine.workbook.players import PlayerFacts

LADDER_SHEET = "Ladder"
EVENING = re.compile(r"^(evening|event|night|week|session)\s*#?\s*(\d+)$", re.IGNORECASE)


def season_sheets(sheet_names: Sequence[str]) -> list[str]:
    """The evening sheets of a season workbook, in evening order (by their number)."""
    found = [(int(m.group(2)), name) for name in sheet_names if (m := EVENING.match(name.strip()))]
    return [name for _, name in sorted(found)]


@dataclass(frozen=True)
class SeasonReplay:
    reports: tuple[RatingReport, ...]        # one per evening, in order
    records: Mapping[int, RatingRecord]      # everyone's record after the last evening
    history: Mapping[int, tuple[CellValue, ...]]  # rating after each evening (None: did not play)
    evenings: Mapping[int, int]              # evenings each player took part in


def replay(tournaments: Sequence[Tournament], system: RatingSystem, facts: Mapping[int, PlayerFacts],
           event_dates: Sequence[date | None], rule_set: str | None, options: Mapping) -> SeasonReplay:
    """Rate every evening in order, each from the records after the one before."""
    records: dict[int, RatingRecord] = {
        sno: RatingRecord(start_rank=sno, rating=float(f.rating) if f.rating else None, games=f.games,
                          birth_year=f.birth_year, highest_rating=f.highest_rating, k=f.k, player_id=f.player_id,
                          deviation=f.deviation, volatility=f.volatility)
        for sno, f in facts.items()}
    reports = []
    history: dict[int, list[CellValue]] = {}
    evenings: dict[int, int] = {}
    for index, (t, when) in enumerate(zip(tournaments, event_dates)):
        # A player the ladder does not know yet is new to it: the system gives the starting rating
        # (the club ladder: 1200). An evening sheet's rating column is not the ladder's.
        before = {p.start_rank: records.get(p.start_rank) or RatingRecord(p.start_rank) for p in t.players}
        # Rating-based tie-breaks of the evening see the ladder ratings held before it.
        report = system.rate(RatingRequest(t, before, event_date=when, rule_set=rule_set, options=dict(options)))
        reports.append(report)
        for p in t.players:
            if any(e.kind is not EntryKind.NOT_PAIRED for e in t.entries(p.start_rank)):
                evenings[p.start_rank] = evenings.get(p.start_rank, 0) + 1
        for rated in report.players:
            after = rated.record_after or replace(before[rated.start_rank], rating=rated.rating_after)
            records[rated.start_rank] = after
            history.setdefault(rated.start_rank, [None] * len(tournaments))[index] = rated.rating_after
    return SeasonReplay(tuple(reports), records, {k: tuple(v) for k, v in history.items()}, evenings)


def with_ladder_ratings(t: Tournament, records: Mapping[int, RatingRecord]) -> Tournament:
    """The evening with each player's rating taken from the ladder record held before it."""
    players = tuple(replace(p, rating=round_half_away_from_zero(records[p.start_rank].rating))
                    if p.start_rank in records
                    and records[p.start_rank].rating else p for p in t.players)
    return replace(t, players=players)


def _shown(value: float | None) -> float | None:
    """A ladder figure as shown: one decimal, half away from zero (club ladder policy)."""
    return None if value is None else round_half_away_from_zero(value, 1)


def _first_rating_before(replayed: SeasonReplay, start_rank: int) -> float | None:
    """The rating a player held before their first rated evening (a newcomer's starting rating)."""
    for report in replayed.reports:
        for rated in report.players:
            if rated.start_rank == start_rank and rated.rating_before is not None:
                return rated.rating_before
    return None


def ladder_rows(replayed: SeasonReplay, facts: Mapping[int, PlayerFacts], names: Mapping[int, str],
                evenings: Sequence[str], cell_number) -> tuple[tuple[CellValue, ...], ...]:
    """The `Ladder` sheet: everyone's rating now, games, evenings played, and the history."""
    header = ("Rank", "SNo", "Name", "Rating", "Games", "Evenings", "Season change",
              *(f"after {name}" for name in evenings))
    rows = []
    for sno in sorted(set(facts) | set(replayed.records)):
        record = replayed.records.get(sno)
        fact = facts.get(sno)
        start = _first_rating_before(replayed, sno)
        now = record.rating if record else None
        history = replayed.history.get(sno, (None,) * len(evenings))
        played = replayed.evenings.get(sno, 0)
        change = (now - start) if now is not None and start is not None and played else None
        name = names.get(sno) or (fact.name if fact else "")
        rows.append((sno, name, cell_number(_shown(now)),
                     record.games if record else (fact.games if fact else None), played,
                     cell_number(_shown(change)),
                     *(cell_number(_shown(v)) if isinstance(v, float) else cell_number(v) for v in history)))
    rows.sort(key=lambda r: (r[2] is None, -(r[2] or 0), r[0]))
    ranked = []
    previous, rank = object(), 0
    for position, row in enumerate(rows, start=1):
        if row[2] != previous:
            rank, previous = position, row[2]
        ranked.append((rank if row[2] is not None else None, *row))
    return (header, *ranked)
