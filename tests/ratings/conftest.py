"""Rating tests: small rated events built in one line, and the rating-vector file."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from fractions import Fraction
from typing import Mapping, Sequence

import pytest

from rulesengine.rating import RatingRecord, RatingReport, RatingRequest
from rulesengine.testing import tournament_from_text

from fixture_data import RATING_VECTORS

# Test modules here share helpers by name (test_rate_json_text uses test_rating_detail's records)
# under --import-mode=importlib.
sys.path.insert(0, str(Path(__file__).resolve().parent))
RESULT = {Fraction(1): "1-0", Fraction(1, 2): "=", Fraction(0): "0-1"}


def one_player_event(opponents: Sequence[float | None], scores: Sequence[float], **record_fields):
    """Player 1 meets opponents 2, 3, ... in rounds 1, 2, ...; returns (tournament, records)."""
    rounds = [f"1-{i + 2} {RESULT[Fraction(str(s))]}" for i, s in enumerate(scores)]
    tournament = tournament_from_text(len(opponents) + 1, rounds)
    records = {1: RatingRecord(1, **record_fields)}
    for i, rating in enumerate(opponents):
        records[i + 2] = RatingRecord(i + 2, rating=rating)
    return tournament, records


def rate(registry, system: str, tournament, records: Mapping[int, RatingRecord], *, on: date | None = None,
         rule_set: str | None = None, **options) -> RatingReport:
    request = RatingRequest(tournament, records, on, rule_set, options)
    return registry.rating_system(system).rate(request)


class RatingKit:
    """What the rating tests need, bound to the session's registry (fixture `kit`)."""

    def __init__(self, registry):
        self.registry = registry
        self.event = one_player_event

    def rate(self, system, tournament, records, **kwargs) -> RatingReport:
        return rate(self.registry, system, tournament, records, **kwargs)


@pytest.fixture
def kit(registry) -> RatingKit:
    return RatingKit(registry)
