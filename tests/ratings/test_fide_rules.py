"""FIDE B.02 rules one by one, each named for its article, through the `fide` systems' rate()."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from rulesengine.errors import UsageError
from rulesengine.model import ScoringSystem
from rulesengine.rating import RatingRecord, next_records
from rulesengine.testing import tournament_from_text
from rulesengine_fide.rating.rules import STANDARD_RULES, development_coefficient, k_for_games

AMENDED = date(2025, 11, 1)


def records(*ratings, **fields):
    return {i: RatingRecord(i, rating=r, **fields) for i, r in enumerate(ratings, start=1)}


def test_forfeits_byes_and_wdl_are_never_rated_art_5_1(kit):
    t = tournament_from_text(4, ["1-2 +-, 3-4 1-0u", "1-3 1-0, 2 H, 4 U"])
    report = kit.rate("fide", t, records(2000, 2000, 2000, 2000), on=AMENDED)
    one = report.player(1)
    assert [(g.round, g.rated) for g in one.games] == [(1, False), (2, True)]
    assert one.games[0].reason.startswith("5.1")
    assert one.games[0].expected is None and one.games[0].opponent_rating_used is None
    three = report.player(3)
    assert three.games[0].rated is False and "W/D/L" in three.games[0].reason
    assert [(r.round, r.kind) for r in report.player(2).unrated_rounds] == [(2, "half-point bye")]
    assert report.player(2).rating_after == 2000 and report.player(2).change == 0


def test_game_against_unrated_opponent_does_not_change_a_rating_art_8_3_1(kit):
    t = tournament_from_text(2, ["1-2 0-1"])
    report = kit.rate("fide", t, {1: RatingRecord(1, rating=2000), 2: RatingRecord(2)}, on=AMENDED)
    game = report.player(1).games[0]
    assert not game.rated and game.reason.startswith("8.3.1")
    assert report.player(1).change_published == 0
    assert report.player(2).games[0].rated  # it counts toward the unrated player's initial rating


def test_the_400_cap_is_decided_per_side_with_the_2650_exception_art_8_3_1(kit):
    # FIDE's December 2025 calculation: the 2813 player used D = 413; his 2400 opponent saw "2800 *".
    t = tournament_from_text(2, ["1-2 1-0"])
    report = kit.rate("fide", t, records(2813, 2400, k=10), on=AMENDED)
    top, other = report.player(1).games[0], report.player(2).games[0]
    assert (top.opponent_rating_used, top.expected) == (2400, Fraction(93, 100))
    assert (other.opponent_rating_used, other.expected) == (2800, Fraction(8, 100))
    assert report.player(2).change == Fraction(-8, 10)


@pytest.mark.parametrize("on, change", [(date(2025, 9, 30), Fraction(8, 10)), (date(2025, 10, 1), Fraction(4, 10))])
def test_the_2650_exception_starts_on_1_october_2025(kit, on, change):
    t = tournament_from_text(2, ["1-2 1-0"])
    report = kit.rate("fide", t, records(2700, 2200, k=10), on=on)
    assert report.player(1).change == change


def test_an_explicit_rule_set_overrides_the_event_date(kit):
    t = tournament_from_text(2, ["1-2 1-0"])
    report = kit.rate("fide", t, records(2700, 2200, k=10), on=AMENDED, rule_set="2024-03")
    assert report.player(1).change == Fraction(8, 10)
    assert report.rule_set == "2024-03" and "forced" in report.rules
    with pytest.raises(UsageError, match="unknown rule set"):
        kit.rate("fide", t, records(2700, 2200), on=AMENDED, rule_set="1999")


def test_the_2022_rules_apply_the_400_cap_once_per_event(kit):
    t = tournament_from_text(3, ["1-2 1-0", "1-3 1-0"])
    report = kit.rate("fide", t, records(1500, 1000, 1000, k=20), on=date(2023, 5, 1))
    first, second = report.player(1).games
    assert first.expected == Fraction(92, 100) and second.expected == Fraction(96, 100)


def test_rapid_600_point_rule_from_1_december_2024_art_7_3_1(kit):
    t = tournament_from_text(2, ["1-2 1-0"])
    before = kit.rate("fide-rapid", t, records(2650, 2040), on=date(2024, 11, 30))
    after = kit.rate("fide-rapid", t, records(2650, 2040), on=date(2024, 12, 1))
    assert before.player(1).games[0].rated
    assert not after.player(1).games[0].rated and after.player(1).games[0].reason.startswith("7.3.1")


def test_k_precedence_of_art_8_3_3():
    rules = STANDARD_RULES[-1]
    k = lambda **kw: development_coefficient(rules, **{"games": 100, "age_this_year": 40, **kw}).k
    assert k(rating=2350, highest=2400) == 10          # once 2400, always 10
    assert k(rating=2250, highest=2250, age_this_year=18) == 40   # until the end of the year of the 18th birthday
    assert k(rating=2250, highest=2250, age_this_year=19) == 20
    assert k(rating=2250, highest=2310, age_this_year=15) == 20   # a junior rated 2300 or more: no junior K
    assert k(rating=1900, highest=1900, games=29) == 40
    assert k(rating=1900, highest=1900, games=30) == 20


def test_the_700_rule_also_cuts_a_computed_k_art_8_3_3(kit):
    t = tournament_from_text(2, ["1-2 =" for _ in range(20)])
    report = kit.rate("fide", t, {1: RatingRecord(1, 1800, games=5), 2: RatingRecord(2, 1800, games=500)}, on=AMENDED)
    assert report.player(1).k == 35 and report.player(2).k == 20
    assert k_for_games(40, 20) == (35, "8.3.3: 20 games x K 40 exceeds 700 -> K 35")


def test_published_change_rounds_half_away_from_zero_art_8_3_4(kit):
    # K 10, sum of delta R -0.25 -> -2.5 -> -3 (FIDE published 2813 -> 2810)
    t = tournament_from_text(6, ["1-2 1-0", "1-3 1-0", "1-4 1-0", "1-5 1-0", "1-6 ="])
    report = kit.rate("fide", t, records(2813, 1787, 2025, 2310, 2400, 2505, k=10), on=AMENDED)
    assert (report.player(1).change, report.player(1).change_published) == (Fraction(-5, 2), -3)
    assert report.player(1).rating_after == 2810


def test_ratings_use_one_half_zero_whatever_the_event_scoring(kit):
    t = tournament_from_text(2, ["1-2 1-0"], scoring=ScoringSystem(win=Fraction(3), draw=Fraction(1)))
    report = kit.rate("fide", t, records(2000, 2000, k=20), on=AMENDED)
    assert report.player(1).score_total == 1 and report.player(1).change == 10


def test_initial_rating_with_two_hypothetical_1800_draws_art_8_2(kit):
    t = tournament_from_text(6, ["1-2 =", "1-3 =", "1-4 1-0", "1-5 0-1", "1-6 1-0"])
    recs = {1: RatingRecord(1), **{i: RatingRecord(i, r) for i, r in zip(range(2, 7), (1902, 1877, 1884, 2012, 1832))}}
    player = kit.rate("fide", t, recs, on=AMENDED).player(1)
    assert player.initial_rating and player.rating_after == 1922
    assert player.extra["initial"]["Ra"] == Fraction(13107, 7)


def test_initial_rating_pools_events_until_five_rated_games_art_7_1_4(kit):
    opponents = (1902, 1877, 1884, 2012, 1832)
    first = tournament_from_text(4, ["1-2 =", "1-3 =", "1-4 1-0"])
    recs = {1: RatingRecord(1), 2: RatingRecord(2, 1902), 3: RatingRecord(3, 1877), 4: RatingRecord(4, 1884)}
    report = kit.rate("fide", first, recs, on=AMENDED)
    assert report.player(1).rating_after is None and not report.player(1).initial_rating
    carried = next_records(report, recs)[1]
    second = tournament_from_text(3, ["1-2 0-1", "1-3 1-0"])
    report2 = kit.rate("fide", second, {1: carried, 2: RatingRecord(2, opponents[3]), 3: RatingRecord(3, opponents[4])},
                       on=AMENDED)
    assert report2.player(1).rating_after == 1922 and report2.player(1).initial_rating
    assert next_records(report2, {})[1].rating == 1922


def test_zero_score_in_a_first_event_is_disregarded_art_8_2_1(kit):
    t = tournament_from_text(3, ["1-2 0-1", "1-3 0-1"])
    report = kit.rate("fide", t, {1: RatingRecord(1), 2: RatingRecord(2, 1800), 3: RatingRecord(3, 1800)}, on=AMENDED)
    player = report.player(1)
    assert player.rating_after is None and all(not g.rated and "8.2.1" in g.reason for g in player.games)
    assert player.record_after.extra == {}


def test_initial_rating_below_1400_is_not_published_art_7_1_4(kit):
    t = tournament_from_text(6, ["1-2 1-0", "1-3 0-1", "1-4 0-1", "1-5 0-1", "1-6 0-1"])
    recs = {1: RatingRecord(1), **{i: RatingRecord(i, 1300) for i in range(2, 7)}}
    player = kit.rate("fide", t, recs, on=AMENDED).player(1)
    assert player.extra["initial"]["Ru"] == 1285 and player.rating_after is None


def test_archived_2022_initial_rating_adds_20_per_half_point_above_50_percent(kit):
    t = tournament_from_text(6, ["1-2 1-0", "1-3 1-0", "1-4 1-0", "1-5 0-1", "1-6 0-1"])
    recs = {1: RatingRecord(1), **{i: RatingRecord(i, 2000) for i in range(2, 7)}}
    player = kit.rate("fide", t, recs, on=date(2023, 6, 1)).player(1)
    assert player.rating_after == 2020


def test_a_rating_below_1400_leaves_the_list_art_7_2_1(kit):
    t = tournament_from_text(2, ["1-2 0-1"])
    report = kit.rate("fide", t, records(1405, 1405, k=20), on=AMENDED)
    assert report.player(1).rating_after == 1395
    assert report.player(1).record_after.rating is None
    assert any("7.2.1" in note for note in report.player(1).notes)


def test_defaults_assumed_for_missing_data_are_listed(kit):
    t = tournament_from_text(2, ["1-2 1-0"])
    player = kit.rate("fide", t, records(2000, 2000), on=AMENDED).player(1)
    assert player.k == 20
    assert any("games before the event unknown" in a for a in player.assumed)
    assert any("birth year unknown" in a for a in player.assumed)


def test_no_event_date_uses_the_newest_rules_and_says_so(kit):
    t = tournament_from_text(2, ["1-2 1-0"])
    report = kit.rate("fide", t, records(2700, 2200, k=10))
    assert report.rule_set == STANDARD_RULES[-1].name
    assert any("no event date" in n for n in report.notes)


def test_junior_k_before_2024_ended_on_the_18th_birthday(kit):
    # 2014 wording: K 40 "until their 18th birthday"; from 2022 on: until the end of that year.
    t = tournament_from_text(2, ["1-2 ="])
    born = date(2002, 6, 1)
    recs = {1: RatingRecord(1, 2000, games=100, birth_year=2002, birth_date=born, highest_rating=2000),
            2: RatingRecord(2, 2000, games=100)}
    assert kit.rate("fide", t, recs, on=date(2020, 5, 31)).player(1).k == 40
    assert kit.rate("fide", t, recs, on=date(2020, 6, 1)).player(1).k == 20
    assert kit.rate("fide", t, recs, on=date(2020, 12, 31), rule_set="2024-03").player(1).k == 40


def test_rapid_uses_the_standard_rating_of_a_player_unrated_in_rapid(kit):
    t = tournament_from_text(2, ["1-2 1-0"])
    recs = {1: RatingRecord(1, extra={"standard_rating": 1900}), 2: RatingRecord(2, 1900, k=20)}
    rapid = kit.rate("fide-rapid", t, recs, on=AMENDED)
    assert rapid.player(1).rating_before == 1900 and "standard rating 1900" in rapid.player(1).rules[0]
    assert rapid.player(2).games[0].rated and rapid.player(2).change == -10
    standard = kit.rate("fide", t, recs, on=AMENDED)
    assert standard.player(1).rating_before is None and not standard.player(2).games[0].rated
