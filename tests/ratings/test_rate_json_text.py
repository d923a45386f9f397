"""`rate --format json` writes its records through templates (`output.ratings.rating_json_text`):
the text is exactly `json_text(rating_document(report))`, the contract's JSON, and batch's one line
(`rating_json_line`) exactly `one_line_json` of it, for every system and fixture, with varied
pre-event records (unrated players, juniors, an explicit K) and without any."""

from __future__ import annotations

import json
from datetime import date

import pytest

from rulesengine.output.json_text import json_text, one_line_json
from rulesengine.output.ratings import rating_document, rating_json_line, rating_json_text
from rulesengine.formats.trf import read_trf
from rulesengine.rating import RatingRequest

from fixture_data import TIEBREAK_FIXTURES
from test_rating_detail import REGISTRY, records_for

SYSTEMS = ("fide", "fide-rapid", "fide-blitz", "elo", "glicko", "glicko2", "uschess", "club")
FIXTURES = sorted(TIEBREAK_FIXTURES.glob("*.trf"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_same_text_as_the_json_value(system) -> None:
    assert len(FIXTURES) > 20
    chosen = REGISTRY.rating_system(system)
    for seed, path in enumerate(FIXTURES):
        tournament = read_trf(path)
        for records in ({}, records_for(tournament, seed)):
            report = chosen.rate(RatingRequest(tournament, records, date(2025, 11, 1)))
            text = rating_json_text(report)
            document = rating_document(report)
            assert text == json_text(document), (system, path.name, bool(records))
            assert rating_json_line(report) == one_line_json(document), (system, path.name, bool(records))
    assert json.loads(text)["players"]   # a real report, parsed back


def test_an_event_without_players_keeps_the_head() -> None:
    from dataclasses import replace
    report = REGISTRY.rating_system("fide").rate(RatingRequest(read_trf(FIXTURES[0]), {}, date(2025, 11, 1)))
    empty = replace(report, players=())
    assert rating_json_text(empty) == json_text(rating_document(empty))
    assert rating_json_line(empty) == one_line_json(rating_document(empty))
