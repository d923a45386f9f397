"""What batch's fourth throughput round shares or skips gives exactly what the plain route gives.

* Sonneborn-Berger's rounds are derived from Buchholz's (FIDE C.07 art. 9.1: the same rounds
  and opponents' scores, each times the player's own points of the round): every value must be
  what `opposition(..., weight_by_result=True)` computes round by round, under every C.07 text.
* `api.standings_table` is `api.standings(...).standings` without the rules' wording.
* A recalculation's copy of the crosstable's tournament keeps its points (`model.with_derived_of`)
  only when they cannot differ.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine import api
from rulesengine.errors import UsageError
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, ScoringSystem, Tournament, with_derived_of
from rulesengine.standings import POINTS
from rulesengine.tiebreak import TiebreakContext
from rulesengine_fide.tiebreaks.opposition import opposition, oppositions, treatment
from fide_tiebreaks.test_properties import REGISTRY, swiss_events

TEXTS = ("fide-2026", "fide-2024", "fide-2017-virtual-opponent")


@settings(max_examples=80, deadline=None)
@given(swiss_events())
def test_sonneborn_berger_rounds_derived_from_buchholz_are_those_computed_round_by_round(t):
    for text in TEXTS:
        for spec_text in ("SB", "SB/P", "SB/C1"):
            (spec,) = REGISTRY.resolve_specs([spec_text])
            context = TiebreakContext(t, None, {"fide_rules": text}, ((POINTS, t.points),))
            for only_slow in (True, False):
                shared = treatment(spec, context)
                derived = oppositions(shared, True, only_slow)
                plain = {sno: tuple(opposition(shared, sno, True)) for sno in derived}
                assert derived == plain, (text, spec_text, only_slow)
                # and the order of asking does not matter: SB first, then BH, on a fresh table
                fresh = replace(t)
                first = oppositions(treatment(spec, TiebreakContext(fresh, None, {"fide_rules": text},
                                                                    ((POINTS, fresh.points),))), True, only_slow)
                assert first == derived


@settings(max_examples=40, deadline=None)
@given(swiss_events())
def test_the_table_alone_is_the_table_of_the_standings_run(t):
    for texts in (["BH/C1", "BH", "SB"], ["SB", "DE", "WIN"], []):
        specs = REGISTRY.resolve_specs(texts)
        for rule_set in (None, "fide-2024") if texts else (None,):
            want = api.standings(replace(t), specs, REGISTRY, rule_set=rule_set).standings
            got = api.standings_table(replace(t), specs, REGISTRY, rule_set=rule_set)
            assert (got.rows, got.notes, got.specs, got.values) == (want.rows, want.notes, want.specs, want.values)


def test_the_table_alone_refuses_an_unknown_rule_text_as_the_standings_do():
    t = _event()
    specs = REGISTRY.resolve_specs(["BH"])
    for compute in (api.standings, api.standings_table):
        with pytest.raises(UsageError, match="unknown tie-break rule set 'fide-1999'"):
            compute(t, specs, REGISTRY, rule_set="fide-1999")


def _event(scoring: ScoringSystem | None = None) -> Tournament:
    entries = {1: (RoundEntry(1, 2, Colour.WHITE, ResultCode.WIN),
                   RoundEntry(2, None, Colour.NONE, ResultCode.HALF_POINT_BYE)),
               2: (RoundEntry(1, 1, Colour.BLACK, ResultCode.LOSS), RoundEntry(2, 3, Colour.WHITE, ResultCode.DRAW)),
               3: (RoundEntry(1, None, Colour.NONE, ResultCode.FULL_POINT_BYE),
                   RoundEntry(2, 2, Colour.BLACK, ResultCode.DRAW))}
    players = tuple(Player(n, f"Jügador {n}", entries[n]) for n in entries)
    return Tournament("Copies", players, 2, **({"scoring": scoring} if scoring else {}))


def test_a_copy_with_other_header_facts_keeps_the_points_and_one_with_other_players_or_scoring_does_not():
    source = _event()
    points = source.points
    assert points == {1: Fraction(3, 2), 2: Fraction(1, 2), 3: Fraction(3, 2)}
    dated = with_derived_of(replace(source, start_date="2026-03-01", name="Renamed"), source)
    assert dated.points is points and dated.by_start_rank == source.by_start_rank
    # Other players (a Players sheet merged in, a cut): worked out afresh.
    cut = replace(source, players=tuple(replace(p, rounds=p.rounds[:1]) for p in source.players), rounds=1)
    assert with_derived_of(cut, source).points == {1: 1, 2: 0, 3: 1}
    # Another scoring system or round count: the same players score differently.
    three = ScoringSystem(win=Fraction(3), draw=Fraction(1))
    assert with_derived_of(replace(source, scoring=three), source).points == {1: 4, 2: 1, 3: 4}
    assert with_derived_of(replace(source, rounds=1), source).points == {1: 1, 2: 0, 3: 1}
    # Nothing worked out yet: nothing to keep, and the copy works it out itself.
    fresh = _event()
    copy = with_derived_of(replace(fresh, name="x"), fresh)
    assert "points" not in copy.__dict__ and copy.points == points


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_ROW_VALUE = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 20, 10 ** 20), _TEXT,
                       st.floats(allow_nan=True, allow_infinity=True))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.fixed_dictionaries({c: _ROW_VALUE for c in
                                       ("file", "status", "format", "players", "rounds", "winner", "seconds", "error")}),
                max_size=6), st.booleans())
def test_the_summary_json_is_the_indented_encoders_text(rows, interrupted):
    import json
    from rulesengine.batch.summary import summary_json_text

    data = {"files": rows, "totals": {"inputs": len(rows), "ok": 1, "error": 0, "skipped": 0},
            "interrupted": interrupted}
    assert summary_json_text(data) == json.dumps(data, ensure_ascii=False, indent=2)


def test_a_summary_row_holding_a_list_goes_through_the_encoder():
    import json
    from rulesengine.batch.summary import summary_json_text

    data = {"files": [{"file": "a", "status": "ok", "format": "trf", "players": [1, 2], "rounds": 1, "winner": "",
                       "seconds": None, "error": ""}], "totals": {"inputs": 1}, "interrupted": False}
    assert summary_json_text(data) == json.dumps(data, ensure_ascii=False, indent=2)


@settings(max_examples=40, deadline=None)
@given(swiss_events())
def test_values_handed_out_before_are_the_shared_values_and_new_ones_join_them(t):
    from rulesengine_fide.tiebreaks.event import event_data

    data = event_data(t)
    units = {sno: 3 * sno + 10 ** 6 for sno in data.start_ranks}   # units no event has handed out
    first = data.values_of(units)
    assert first == {sno: Fraction(u, data.unit.denominator) for sno, u in units.items()}
    again = data.values_of(dict(reversed(list(units.items()))))   # now found, in the order asked
    assert list(again) == list(reversed(list(units))) and all(again[s] is first[s] for s in units)
    squared = data.values2_of({sno: 5 for sno in data.start_ranks})
    assert set(map(id, squared.values())) == {id(data.value2(5))} and data.value2(5) == Fraction(5, data.unit.denominator ** 2)


@settings(max_examples=80, deadline=None)
@given(swiss_events())
def test_the_plain_opposition_loop_gives_the_described_loops_rounds(t):
    from rulesengine_fide.tiebreaks.opposition import _plain_opposition

    for text in TEXTS:
        for spec_text in ("BH", "BH/P", "FB"):
            (spec,) = REGISTRY.resolve_specs([spec_text])
            for kind in ("swiss", "round robin"):
                context = TiebreakContext(t, None, {"fide_rules": text, "pairing_kind": kind}, ((POINTS, t.points),))
                shared = treatment(spec, context, fore=spec_text == "FB")
                for sno in t.by_start_rank:
                    described = [c[:5] for c in opposition(shared, sno, describe=True)]
                    assert [c[:5] for c in _plain_opposition(shared, sno)] == described, (text, spec_text, kind, sno)
