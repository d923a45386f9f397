"""Fixtures for the FIDE tie-break tests: `tb` computes one spec the way the standings do."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rulesengine.formats.trf import read_trf
from rulesengine.model import Tournament
from rulesengine.registry import build_registry
from rulesengine.standings import POINTS, event_date
from rulesengine.tiebreak import TiebreakContext, TiebreakOutcome

from fixture_data import TIEBREAK_FIXTURES as FIXTURES
REGISTRY = build_registry({"RULESENGINE_PLUGINS": "builtin"})


def fixture(name: str) -> Tournament:
    return read_trf(FIXTURES / f"{name}.trf")


def outcome(tournament: Tournament, text: str, **options) -> TiebreakOutcome:
    """Validate and compute one spec (after PTS), with plugin options such as fide_rules."""
    (spec,) = REGISTRY.resolve_specs([text])
    context = TiebreakContext(tournament, event_date(tournament), options, ((POINTS, tournament.points),))
    return REGISTRY.tiebreak(spec.code).compute(spec, context)


def values(tournament: Tournament, text: str, **options) -> dict:
    return dict(outcome(tournament, text, **options).values)


@pytest.fixture
def tb():
    """`tb.fixture(name)`, `tb.values(tournament, "BH/C1", fide_rules=...)`, `tb.outcome(...)`."""
    return SimpleNamespace(fixture=fixture, values=values, outcome=outcome, registry=REGISTRY)
