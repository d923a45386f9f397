"""Club ladder tests (club ladder policy, shared/docs/domain.md section 2): rate an event through
the registered `club` system, and replay a season of events."""

from __future__ import annotations

from typing import Mapping, Sequence

import pytest

from rulesengine.rating import RatingRecord, RatingReport, RatingRequest, next_records
from rulesengine.testing import tournament_from_text


class Ladder:
    """The `club` system of the session's registry, with the calls the tests make (fixture `ladder`)."""

    def __init__(self, registry):
        self.system = registry.rating_system("club")

    def rate(self, tournament, records: Mapping[int, RatingRecord], **options) -> RatingReport:
        return self.system.rate(RatingRequest(tournament, records, options=options))

    def event(self, players: int, rounds: Sequence[str], records: Mapping[int, RatingRecord],
              **options) -> RatingReport:
        return self.rate(tournament_from_text(players, rounds), records, **options)

    def season(self, tournaments, records: Mapping[int, RatingRecord], **options):
        """Every event in order, each from the records after the one before; (reports, final records)."""
        reports = []
        for tournament in tournaments:
            report = self.rate(tournament, records, **options)
            reports.append(report)
            records = next_records(report, records)
        return reports, records


@pytest.fixture(scope="session")
def ladder(registry) -> Ladder:
    """Stateless, so one per session (hypothesis tests reuse it across examples)."""
    return Ladder(registry)


def record(start_rank: int, rating: float | None = None, games: int | None = None, **fields) -> RatingRecord:
    return RatingRecord(start_rank, rating=rating, games=games, **fields)
