"""`RatingRequest.detail` False (what `rate --format table|csv` asks for) changes nothing but the
per-game records: every system gives the same per-player figures, rule texts and records after the
event as with detail, and says how many games counted (`PlayerRating.games_counted`)."""

from __future__ import annotations

import dataclasses
import random
from datetime import date

import pytest
from hypothesis import given, settings, strategies as st

from rulesengine.formats.trf import read_trf
from rulesengine.rating import PlayerRating, RatingRecord, RatingRequest, record_with
from rulesengine.registry import build_registry

from fixture_data import TIEBREAK_FIXTURES

REGISTRY = build_registry({"RULESENGINE_PLUGINS": "builtin"})
SYSTEMS = ("fide", "fide-rapid", "fide-blitz", "elo", "glicko", "glicko2", "uschess")
FIXTURES = sorted(TIEBREAK_FIXTURES.glob("*.trf"))
# Every PlayerRating field but the per-game ones.
PER_PLAYER = [f.name for f in dataclasses.fields(PlayerRating) if f.name not in ("games", "unrated_rounds",
                                                                                  "rated_game_count")]


def records_for(tournament, seed: int) -> dict[int, RatingRecord]:
    """Varied records: some unrated, games counts around 30, juniors, 2400+ highs, an explicit K."""
    rng = random.Random(seed)
    records = {}
    for player in tournament.players:
        rating = player.rating if player.rating else (None if rng.random() < 0.3 else rng.randint(1000, 2700))
        records[player.start_rank] = RatingRecord(
            player.start_rank, rating=rating, games=rng.choice([None, 5, 29, 30, 200]),
            birth_year=rng.choice([None, 1980, 2010]), highest_rating=rng.choice([None, 2450]),
            k=rng.choice([None, None, None, 15]))
    return records


def assert_same_figures(full, lean) -> None:
    assert (full.system, full.rules, full.notes, full.rule_set, full.event_date) == \
           (lean.system, lean.rules, lean.notes, lean.rule_set, lean.event_date)
    assert len(full.players) == len(lean.players)
    for a, b in zip(full.players, lean.players):
        for name in PER_PLAYER:
            assert getattr(a, name) == getattr(b, name), (a.start_rank, name)
        assert a.rated_game_count is None
        assert b.games_counted == a.games_counted == len(a.rated_games)
        if b.rated_game_count is not None:     # the system skipped its per-game records
            assert b.games == () and b.unrated_rounds == ()
        else:                                  # it ignored the flag: then everything is there
            assert b.games == a.games and b.unrated_rounds == a.unrated_rounds


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_detail_false_gives_the_same_figures(system, path):
    tournament = read_trf(path)
    for seed, on in ((1, date(2025, 11, 1)), (2, date(2024, 6, 1)), (3, date(2023, 1, 1))):
        records = records_for(tournament, seed)
        rating = REGISTRY.rating_system(system)
        full = rating.rate(RatingRequest(tournament, records, on))
        lean = rating.rate(RatingRequest(tournament, records, on, detail=False))
        assert_same_figures(full, lean)


def test_the_target_systems_do_skip_the_per_game_records():
    tournament = read_trf(FIXTURES[0])
    records = records_for(tournament, 1)
    for system in ("fide", "fide-rapid", "glicko", "glicko2"):
        lean = REGISTRY.rating_system(system).rate(RatingRequest(tournament, records, date(2025, 11, 1), detail=False))
        assert all(p.rated_game_count is not None and p.games == () for p in lean.players), system
        assert sum(p.games_counted for p in lean.players) > 0


def test_forced_rule_sets_and_options_too():
    tournament = read_trf(FIXTURES[-1])
    records = records_for(tournament, 4)
    for system, rule_set, options in (("fide", "2022-01", {}), ("fide", "2024-03", {}),
                                      ("glicko2", None, {"tau": 0.3, "rd": 200}), ("glicko", None, {"c": 30})):
        rating = REGISTRY.rating_system(system)
        full = rating.rate(RatingRequest(tournament, records, None, rule_set, options))
        lean = rating.rate(RatingRequest(tournament, records, None, rule_set, options, detail=False))
        assert_same_figures(full, lean)


@settings(max_examples=200, deadline=None)
@given(st.builds(RatingRecord, st.integers(1, 50), st.none() | st.floats(0, 3000), st.none() | st.integers(0, 500),
                 st.none() | st.integers(1900, 2020), st.none() | st.floats(0, 3000), st.none() | st.floats(1, 40),
                 st.text(max_size=5), st.none() | st.floats(30, 350), st.none() | st.floats(0.01, 0.2),
                 st.tuples(st.text(max_size=5)), st.dictionaries(st.text(max_size=3), st.integers())),
       st.dictionaries(st.sampled_from(["rating", "games", "highest_rating", "k", "assumed", "extra", "deviation"]),
                       st.none() | st.integers(0, 3000)))
def test_record_with_is_dataclasses_replace(record, changes):
    assert record_with(record, **changes) == dataclasses.replace(record, **changes)
    assert type(record_with(record, **changes)) is RatingRecord
    assert record_with(record, **changes) is not record


def test_record_with_refuses_unknown_fields_as_replace_does():
    with pytest.raises(TypeError):
        record_with(RatingRecord(1), ratin=1500)


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("path", FIXTURES[::3], ids=lambda p: p.stem)
def test_detail_players_get_their_records_and_the_explanation_is_the_same(system, path):
    """`explain-rating` asks for one player's records only (`RatingRequest.detail_players`): that
    player's records and explanation are those of a full run, everyone else's figures too."""
    from rulesengine.cli.rate import explain_player

    tournament = read_trf(path)
    chosen = REGISTRY.rating_system(system)
    records = records_for(tournament, 4)
    full = chosen.rate(RatingRequest(tournament, records, date(2025, 11, 1)))
    names = {p.start_rank: p.name for p in full.players}
    for wanted in sorted({1, len(tournament.players) // 2 + 1, len(tournament.players)}):
        one = chosen.rate(RatingRequest(tournament, records, date(2025, 11, 1), detail=False,
                                        detail_players=frozenset({wanted})))
        assert_same_figures(full, one)
        assert one.player(wanted) == full.player(wanted)
        extra = chosen.explain(one, one.player(wanted)) if chosen.explain else None
        expected = chosen.explain(full, full.player(wanted)) if chosen.explain else None
        assert explain_player(one, one.player(wanted), names, extra) == \
            explain_player(full, full.player(wanted), names, expected)
        if system in ("fide", "glicko", "glicko2"):   # they do skip everyone else's
            assert all(p.games == () for p in one.players if p.start_rank != wanted and p.rating_before is not None)
