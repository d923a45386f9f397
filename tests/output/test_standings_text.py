"""`rulesengine standings --format json` formats its rows straight from the standings: the text
is exactly `json_text(standings_document(...))`, the contract's JSON, for every fixture event, and
batch's one line is exactly `one_line_json` of the same document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from decimal import Decimal
from fractions import Fraction

from hypothesis import given, strategies as st

from fixture_data import TEAM_KINDS
from rulesengine import api
from rulesengine.formats.trf import read_trf, write_trf
from rulesengine.output.json_text import json_text, one_line_json
from rulesengine.output.standings import standings_document, standings_json_line, standings_json_text
from rulesengine.registry import default_registry
from rulesengine.standings import Standings, StandingRow
from rulesengine.testing import tournament_from_text
from rulesengine.tiebreak import TiebreakSpec

DATA = Path(__file__).resolve().parents[1] / "data"
CODE_LISTS = (None, ["BH/C1", "BH", "SB", "DE", "TPR", "ARO", "WIN", "PS"], ["PTP", "APRO", "RTNG", "KS", "FB"])


@pytest.mark.parametrize("codes", CODE_LISTS, ids=["file's order", "eight", "rating-based"])
def test_the_same_text_for_every_fixture_trf(codes) -> None:
    registry = default_registry()
    files = sorted(p for p in DATA.rglob("*.trf")   # individual events: no folder of a team kind on the way
                   if TEAM_KINDS.isdisjoint(p.relative_to(DATA).parts[:-1]))
    assert len(files) > 40
    for path in files:
        tournament = read_trf(path)
        run = api.standings(tournament, codes, registry)
        want = json_text(standings_document(run.standings, run.rules))
        assert standings_json_text(run.standings, run.rules) == want, path
        one_line = json.dumps(standings_document(run.standings, run.rules), ensure_ascii=False)   # what batch writes
        assert standings_json_line(run.standings, run.rules) == one_line == one_line_json(json.loads(want)), path


def test_names_with_quotes_percent_signs_and_scripts(tmp_path) -> None:
    names = ['O\'Brien "Siobhán"', "100% Ершов", "العلي, سارة", "Back\\slash", "Tab\tName", "日本 太郎"]
    tournament = tournament_from_text(names, ["1-2 1-0, 3-4 =, 5-6 0-1", "1-3 =, 2-5 1-0, 4-6 0-1"], name="50% «open»")
    path = tmp_path / "quotes.trf"
    path.write_text(write_trf(tournament), encoding="utf-8")
    run = api.standings(read_trf(path), ["BH", "SB"], default_registry())
    text = standings_json_text(run.standings, run.rules)
    assert text == json_text(standings_document(run.standings, run.rules))
    assert standings_json_line(run.standings, run.rules) == json.dumps(standings_document(run.standings, run.rules),
                                                                       ensure_ascii=False)
    rows = json.loads(text)["standings"]
    assert {row["name"] for row in rows} == {n.strip() for n in names}


VALUES = (st.fractions(max_denominator=8) | st.integers(-10**20, 10**20) | st.floats() | st.none()
          | st.decimals(places=3, allow_nan=False, allow_infinity=False) | st.sampled_from([Fraction(1, 2), Fraction(3, 4), 2.5]))   # shared objects


@given(st.lists(st.tuples(st.text(max_size=8), VALUES, VALUES, VALUES), max_size=8), st.text(max_size=8))
def test_the_texts_are_the_documents_whatever_the_values(rows, event_name) -> None:
    """Every kind of number a tie-break hands out, names with any characters, values recurring
    (the second time round every value's text is one kept from the first)."""
    event = tournament_from_text(["A", "B"], ["1-2 1-0"], name=event_name)
    specs = (TiebreakSpec("BH"), TiebreakSpec("X%s"))
    built = tuple(StandingRow(i + 1, i + 1, name, points, {"BH": bh, "X%s": other})
                  for i, (name, points, bh, other) in enumerate(rows))
    for _ in range(2):
        standings = Standings(event, specs, built, ("a note",))
        document = standings_document(standings)
        assert standings_json_text(standings) == json_text(document)
        assert standings_json_line(standings) == one_line_json(document) == json.dumps(document, ensure_ascii=False)
