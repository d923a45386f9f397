"""The club ladder policy, one test per rule or worked example (club ladder policy,
shared/docs/domain.md section 2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.errors import UsageError
from rulesengine.rating import next_records
from rulesengine.testing import tournament_from_text
from rulesengine_club import policy

from .conftest import record

ANNA_ROUNDS = ["1-2 1-0", "1-3 1-0", "1-4 =", "1-5 0-1"]
ANNA_OPPONENTS = {2: record(2, 1500, 30), 3: record(3, 1300, 30), 4: record(4, 1600, 30), 5: record(5, 1350, 30)}


def test_club_is_registered_with_its_option(registry):
    system = registry.rating_system("club")
    assert system.name == "club" and set(system.options) == {"expected_scores", "start_rating", "k_first", "first_games", "k_after", "provisional_games"}


def test_anna_worked_example_exact_13_77_shown_1413_8(ladder):
    """Section 2: Anna 1400, 30 games (K 20), 2.5/4 vs 1500, 1300, 1600 (draw), 1350: exact arithmetic
    gives +13.77; the ladder stores that and shows 1413.8."""
    anna = ladder.event(5, ANNA_ROUNDS, {1: record(1, 1400, 30), **ANNA_OPPONENTS}).player(1)
    assert anna.k == 20 and anna.score_total == Fraction(5, 2)
    assert anna.expected_total == pytest.approx(1.811716, abs=1e-6)
    assert anna.change == pytest.approx(13.7657, abs=1e-4)
    assert anna.record_after.rating == anna.rating_after == pytest.approx(1413.7657, abs=1e-4)
    assert anna.extra["rating_after_shown"] == 1413.8 and anna.change_published == 13.8
    assert anna.record_after.games == 34


def test_guide_hand_method_rounds_each_expectation_only_as_an_option(ladder):
    """The guide rounds each E to two decimals (0.36 + 0.64 + 0.24 + 0.57 = 1.81, +13.8); the ladder
    does not unless asked (`expected_scores=two-decimal`)."""
    records = {1: record(1, 1400, 30), **ANNA_OPPONENTS}
    anna = ladder.event(5, ANNA_ROUNDS, records, expected_scores="two-decimal").player(1)
    assert [g.expected for g in anna.games] == [Fraction(36, 100), Fraction(64, 100), Fraction(24, 100),
                                                Fraction(57, 100)]
    assert anna.expected_total == Fraction(181, 100) and anna.change == 13.8 and anna.rating_after == 1413.8


@pytest.mark.parametrize("options, message", [({"expected_scores": "table"}, "exact or two-decimal"),
                                              ({"k": 32}, "has no option 'k'")])
def test_an_unknown_option_or_value_is_refused(ladder, options, message):
    with pytest.raises(UsageError, match=message):
        ladder.event(2, ["1-2 1-0"], {}, **options)


def test_everyone_starts_at_1200(ladder):
    report = ladder.event(2, ["1-2 1-0"], {})
    newcomer = report.player(1)
    assert newcomer.rating_before == 1200 and newcomer.k == 40 and newcomer.extra["provisional"]
    assert newcomer.change == 20 and newcomer.record_after.rating == 1220 and newcomer.record_after.games == 1
    assert any("1200" in a for a in newcomer.assumed)
    assert any(n.startswith("no rating for players 1, 2: started at 1200") for n in report.notes)


@pytest.mark.parametrize("games, k", [(0, 40), (19, 40), (20, 20), (200, 20)])
def test_k_40_for_the_first_20_rated_games_then_20(ladder, games, k):
    report = ladder.event(2, ["1-2 ="], {1: record(1, 1500, games), 2: record(2, 1500, 30)})
    assert report.player(1).k == k == policy.k_factor(games)


def test_k_is_fixed_for_the_event_from_the_games_before_it(ladder):
    """A player with 18 games plays 4 in one event: all four at K 40 though the 20th game falls
    inside the event; the next event uses K 20."""
    records = {1: record(1, 1500, 18), **{n: record(n, 1500, 30) for n in range(2, 6)}}
    rounds = ["1-2 1-0", "1-3 1-0", "1-4 1-0", "1-5 1-0"]
    first = ladder.event(5, rounds, records)
    assert first.player(1).k == 40 and [g.change for g in first.player(1).games] == [20.0] * 4
    assert first.player(1).record_after.games == 22
    second = ladder.event(5, rounds, next_records(first, records))
    assert second.player(1).k == 20


@pytest.mark.parametrize("games, provisional", [(0, True), (4, True), (5, False), (30, False)])
def test_provisional_until_5_rated_games(ladder, games, provisional):
    report = ladder.event(2, ["1-2 1-0"], {1: record(1, 1500, 30), 2: record(2, 1200, games)})
    assert report.player(2).extra["provisional"] is provisional
    # Only a provisional opponent leaves the established player's rating where it was.
    assert (report.player(1).change == 0) is provisional


def test_protection_rule_provisional_opponent_cannot_move_an_established_rating(ladder):
    """Established 1500 (30 games) beats provisional 1200 (2 games): the established rating stays and
    the game does not count toward its games; the provisional player moves by its full K 40."""
    report = ladder.event(2, ["1-2 1-0"], {1: record(1, 1500, 30), 2: record(2, 1200, 2)})
    established, provisional = report.player(1), report.player(2)
    assert established.change == 0 and established.rating_after == 1500
    assert not established.games[0].rated and established.games[0].reason.startswith("protection rule")
    assert established.record_after.games == 30 and established.extra["protected_games"] == 1
    assert provisional.k == 40 and provisional.games[0].rated
    assert provisional.change == pytest.approx(-40 * policy.logistic_expected(1200, 1500)) == pytest.approx(-6.0392,
                                                                                                          abs=1e-4)
    assert provisional.record_after.games == 3


def test_both_provisional_the_game_counts_fully_for_both(ladder):
    """A brand-new club: everyone provisional, every game counts from the first evening."""
    report = ladder.event(2, ["1-2 1-0"], {1: record(1, 1200, 0), 2: record(2, 1200, 3)})
    assert (report.player(1).change, report.player(2).change) == (20, -20)
    assert (report.player(1).record_after.games, report.player(2).record_after.games) == (1, 4)


def test_provisional_status_is_fixed_for_the_event(ladder):
    """A player with 4 games reaches 5 inside the event; every game of that event still leaves the
    established opponents' ratings alone. Protection switches on player by player at the next event."""
    records = {1: record(1, 1300, 4), 2: record(2, 1500, 30), 3: record(3, 1500, 30)}
    rounds = ["1-2 0-1", "1-3 0-1"]
    first = ladder.event(3, rounds, records)
    assert first.player(2).change == first.player(3).change == 0
    assert first.player(1).record_after.games == 6
    second = ladder.event(3, rounds, next_records(first, records))
    assert not second.player(1).extra["provisional"]
    assert second.player(2).change > 0 and second.player(3).change > 0


BYE = "byes and absences are never rated"
FORFEIT = "forfeits and no-shows are never rated"


@pytest.mark.parametrize("rounds, why", [
    (["1 U", "2 U"], f"pairing-allocated bye: no game played: {BYE}"),
    (["1 F", "2 H"], f"full-point bye: no game played: {BYE}"), (["1 Z"], f"zero-point bye: no game played: {BYE}"), ([""], f"not paired: no game played: {BYE}"),
    (["1-2 +-"], f"unplayed game (forfeit win): {FORFEIT}"), (["1-2 -+"], f"unplayed game (forfeit loss): {FORFEIT}"),
    (["1-2 --"], f"unplayed game (double forfeit): {FORFEIT}"),
    (["1-2 1-0u"], "marked not to be rated (TRF W/D/L result)"), (["1-2 =u"], "marked not to be rated (TRF W/D/L")])
def test_never_rated_byes_forfeits_no_shows_and_unrated_games(ladder, rounds, why):
    records = {1: record(1, 1500, 30), 2: record(2, 1500, 30)}
    report = ladder.rate(tournament_from_text(2, rounds, total_rounds=1), records)
    for player in report.players:
        assert player.change == 0 and player.rating_after == 1500 and player.record_after.games == 30
        assert not player.rated_games
    player = report.player(1)
    reasons = [g.reason for g in player.games] + [f"{r.kind}: {r.reason}" for r in player.unrated_rounds]
    assert any(why in reason for reason in reasons), reasons


def test_changes_apply_at_the_end_of_the_event(ladder):
    """Two games in one event are both rated from the pre-event rating: the second game sees the
    same ratings as the first, whatever happened on the board before."""
    records = {1: record(1, 1500, 30), 2: record(2, 1400, 30)}
    report = ladder.event(2, ["1-2 1-0", "2-1 1-0"], records)
    first, second = report.player(1).games
    assert first.opponent_rating_used == second.opponent_rating_used == 1400
    assert first.expected == second.expected
    assert report.player(1).change == pytest.approx(20 * (1 - 2 * policy.logistic_expected(1500, 1400)))


def test_a_season_of_two_events_replayed_gives_the_same_numbers_twice(ladder):
    """Corrections replay history: replaying gives exactly the numbers the first pass gave."""
    events = [tournament_from_text(4, ["1-2 1-0, 3-4 =", "1-3 =, 2-4 1-0"]),
              tournament_from_text(4, ["2-1 1-0, 4-3 =", "3-2 0-1, 4-1 0-1"])]
    records = {1: record(1, 1500, 30), 2: record(2, 1400, 3), 3: record(3), 4: record(4, 1300, 19)}
    once = ladder.season(events, records)
    twice = ladder.season(events, records)
    assert once == twice
    (first, second), final = once
    assert {p.start_rank: p.rating_before for p in second.players} == {
        p.start_rank: p.rating_after for p in first.players}
    assert final[3].rating == second.player(3).rating_after and final[3].games == 4


def test_games_unknown_with_a_rating_is_taken_as_established(ladder):
    """A rating given without a games count (a TRF, a Players row without games): established, K 20,
    said in `assumed` and the notes; the unknown count stays unknown."""
    report = ladder.event(2, ["1-2 1-0"], {1: record(1, 1500), 2: record(2, 1500)})
    player = report.player(1)
    assert player.k == 20 and not player.extra["provisional"] and player.record_after.games is None
    assert any("assumed 20 or more" in a for a in player.assumed)
    assert any("unknown for players 1, 2" in n for n in report.notes)


def test_shown_to_one_decimal_half_away_from_zero():
    """Display rounds half away from zero (Python's round() gives 1412.2 for 1412.25)."""
    assert policy.shown(1412.25) == 1412.3 and policy.shown(1412.35) == 1412.4
    assert policy.shown(1413.7656761847916) == 1413.8


def test_published_change_is_the_change_between_the_ratings_shown(ladder):
    """Stored 1400.04 (shown 1400.0) gaining 0.02 is stored 1400.06, shown 1400.1: the shown change
    is +0.1 so the three shown numbers add up."""
    report = ladder.event(3, ["1-2 =", "1-3 ="], {1: record(1, 1400.04, 30), 2: record(2, 1400.03, 30),
                                                     3: record(3, 1400.07, 30)})
    player = report.player(1)
    shown_before, shown_after = player.extra["rating_before_shown"], player.extra["rating_after_shown"]
    assert player.change_published == round(shown_after - shown_before, 1)


def test_an_explicit_k_in_the_record_overrides_the_ladders_k(ladder):
    """A K given for a player (rating list or Players sheet `K` column) wins over 40/20, and says so."""
    player = ladder.event(2, ["1-2 1-0"], {1: record(1, 1500, 30, k=32), 2: record(2, 1500, 30)}).player(1)
    assert player.k == 32 and player.change == 16
    assert player.rules[0] == "K 32 given explicitly (overrides the ladder's K 40 then 20)"


def test_a_clubs_own_numbers_are_rating_options(ladder):
    """A club may choose its start rating, K steps and provisional threshold (the season store's
    settings); the rules stay those of section 2. Newcomers start at 1000; with K 30 for the first
    10 games and provisional until 3 games, two newcomers (both provisional) both move by 30 x 0.5."""
    options = {"start_rating": "1000", "k_first": "30", "first_games": "10", "k_after": "15",
               "provisional_games": "3"}
    report = ladder.event(2, ["1-2 1-0"], {}, **options)
    winner, loser = report.player(1), report.player(2)
    assert winner.rating_before == 1000 and winner.k == 30 and winner.change == pytest.approx(15)
    assert loser.rating_after == pytest.approx(985)
    # 10 games before: K 15; 3 games before: established, so a provisional opponent cannot move it.
    report = ladder.event(2, ["1-2 0-1"], {1: record(1, 1000, 10), 2: record(2, 1000, 2)}, **options)
    assert report.player(1).k == 15 and report.player(1).change == 0
    assert report.player(1).record_after.games == 10 and report.player(2).change == pytest.approx(15)


@pytest.mark.parametrize("name, value", [("k_first", "0"), ("first_games", "-1"), ("start_rating", "x"),
                                         ("provisional_games", "2.5")])
def test_bad_club_numbers_are_refused(ladder, name, value):
    with pytest.raises(UsageError, match=name):
        ladder.event(2, ["1-2 1-0"], {}, **{name: value})


def test_shown_is_round_half_away_from_zero_to_one_decimal_for_every_float():
    """The fast path of `shown` gives the same figure as the general rounding, ties included."""
    import random

    from rulesengine.rating import round_half_away_from_zero

    rng = random.Random(2)
    values = [rng.uniform(-3000, 3000) for _ in range(20000)] + [k / 100 for k in range(-300000, 300000, 5)]
    values += [1412.25, 1412.35, -0.05, 0.05, 2.675, 1e-7, -1e-7, 0.0, -0.0, 123456789.15]
    for value in values:
        assert policy.shown(value) == round_half_away_from_zero(value, 1), value
