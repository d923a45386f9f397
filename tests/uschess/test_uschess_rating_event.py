"""The US Chess system over whole events: the five steps, which games count, dated parameters,
time-control selection, floors, and the record carried to the next event.

Worked examples from shared/docs/ratings-research.md section 2 are tests here or in
test_uschess_vectors (2.6 approximation 1511, far win/loss 1500; 2.7 bonus 1578/1574/1570; 2.8
floors); the figures below are derived by hand from the formulas of section 2.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from rulesengine.errors import UsageError
from rulesengine.rating import RatingRecord, RatingRequest
from rulesengine.testing import tournament_from_text

from rulesengine_uschess.rating.formulas import special_rating
from rulesengine_uschess.rating.initial import age_based_rating, blended_rating


def rate(registry, tournament, records, **kwargs):
    return registry.rating_system("uschess").rate(RatingRequest(tournament, records, **kwargs))


def bonus_event():
    """1500 (N 50) scores 3/4 against 1400, 1500, 1600, 1700 (the research note's bonus example)."""
    t = tournament_from_text(5, ["1-2 1-0", "1-3 1-0", "1-4 =", "1-5 ="])
    records = {1: RatingRecord(1, rating=1500, games=50)}
    records.update({sno: RatingRecord(sno, rating=r, games=100)
                    for sno, r in zip(range(2, 6), (1400, 1500, 1600, 1700))})
    return t, records


def test_five_steps_with_an_unrated_player(registry):
    """A (1500, N 50) beats B (1400, N 50); unrated U (age unknown) beats A and draws B.

    Step 1: U = 1300, N = 0.  Step 2: N'(A) = N*(1500) = 16.5685, N'(B) = N*(1400) = 15.2421, N'(U) = 0.
    Step 3: U with N' = 1: PWe(R,1300) + PWe(R,1500) + PWe(R,1400) = 1.5 + 1/2, linear region:
            (3R - 4200)/800 + 3/2 = 2 -> R = 1533.33.
    Step 4: U with N' = 0 against 1500 and 1400: (2R - 2900)/800 + 1 = 1.5 -> R = 1650.
    Step 5: U again 1650 (its opponents are rated). A against B 1400 and U 1650:
            K = 800/18.5685 = 43.0838, E = 0.640065 + 0.296615 = 0.936680, A = 1500 + K (1 - E) = 1502.728.
            B against A 1500 and U 1650: K = 800/17.2421 = 46.3979, E = 0.359935 + 0.191682,
            B = 1400 + K (0.5 - 0.551617) = 1397.605.
    """
    t = tournament_from_text(["A", "B", "U"], ["1-2 1-0", "3-1 1-0", "2-3 ="])
    records = {1: RatingRecord(1, rating=1500, games=50), 2: RatingRecord(2, rating=1400, games=50)}
    report = rate(registry, t, records, options={"time_control": "G/90+30"})
    a, b, u = (report.player(i) for i in (1, 2, 3))
    assert u.extra["intermediate_rating"] == pytest.approx(1650)
    assert u.rating_after == pytest.approx(1650)
    assert u.initial_rating and u.rating_before is None
    assert a.k == pytest.approx(43.0838, abs=1e-4)
    assert a.rating_after == pytest.approx(1502.728, abs=1e-3)
    assert [g.opponent_rating_used for g in a.games] == [1400, pytest.approx(1650)]
    assert b.rating_after == pytest.approx(1397.605, abs=1e-3)
    assert a.extra["rating_published"] == 1503 and b.extra["rating_published"] == 1398


def test_step3_estimate_uses_one_effective_game():
    assert special_rating(1300, 1.0, [1500, 1400], 1.5).rating == pytest.approx(4600 / 3)


def test_forfeits_byes_and_unrated_games_are_not_rated(registry):
    t = tournament_from_text(5, ["1-2 +-", "1 U", "1-3 1-0u", "1-4 1-0"])
    records = {i: RatingRecord(i, rating=1500, games=100) for i in range(1, 6)}
    player = rate(registry, t, records).player(1)
    assert [(g.round, g.rated) for g in player.games] == [(1, False), (3, False), (4, True)]
    assert "no move" in player.games[0].reason and "unrated game" in player.games[1].reason
    assert [r.round for r in player.unrated_rounds] == [2]
    assert player.score_total == 1


@pytest.mark.parametrize("end, threshold, post", [
    ("2023/01/31", 14, 1569.9944), ("2023/02/01", 12, 1573.9944), ("2025/01/01", 10, 1577.9944),
])
def test_bonus_threshold_is_chosen_by_the_event_end_date(registry, end, threshold, post):
    t, records = bonus_event()
    t = replace(t, start_date="2023/01/28", end_date=end)
    report = rate(registry, t, records, options={"time_control": "G/90+30"})
    assert f"B = {threshold}" in " ".join(report.player(1).rules)
    assert report.player(1).rating_after == pytest.approx(post, abs=1e-3)


def test_rule_set_can_be_forced_by_name(registry):
    t, records = bonus_event()
    report = rate(registry, t, records, rule_set="uschess-2017-05", event_date=date(2026, 1, 1))
    assert report.rule_set == "uschess-2017-05"
    assert report.player(1).rating_after == pytest.approx(1569.9944, abs=1e-3)


def dual_event():
    t = tournament_from_text(5, ["1-2 1-0", "1-3 1-0", "1-4 =", "1-5 ="])
    records = {1: RatingRecord(1, rating=2400, games=100)}
    records.update({sno: RatingRecord(sno, rating=r, games=100)
                    for sno, r in zip(range(2, 6), (2300, 2350, 2400, 2450))})
    return t, records


def test_dual_rated_event_reduces_otb_regular_k_above_2200(registry):
    t, records = dual_event()
    regular = rate(registry, t, records, options={"time_control": "G/45;d5"})
    quick = rate(registry, t, records, options={"time_control": "G/45;d5", "system": "OTBQ"})
    assert "dual-rated" in " ".join(regular.notes)
    assert regular.player(1).rating_after == pytest.approx(2406.3699, abs=1e-3)
    assert quick.player(1).rating_after == pytest.approx(2412.7398, abs=1e-3)


def test_time_control_decides_the_system(registry):
    t, records = dual_event()
    assert "OTB Blitz" in rate(registry, t, records, options={"time_control": "G/3+2"}).rules
    assert "OTB Quick" in rate(registry, t, records, options={"time_control": "G/15+10"}).rules
    assert "Online Regular" in rate(registry, t, records, options={"time_control": "G/60", "online": "true"}).rules
    with pytest.raises(UsageError):
        rate(registry, t, records, options={"time_control": "G/90+30", "system": "OTBQ"})


def test_established_floor_stops_a_fall_in_otb_regular_only(registry):
    """1720 on 100 games, peak 1941: floor 1941 - 200 -> 1700. Four losses to 1720s:
    N*(1720) = 50/sqrt(0.662 + 0.00000739 x 849^2) = 20.4316,
    K = 800/24.4316 = 32.744, E = 2, 1720 - 65.49 = 1654.51 -> floor 1700.
    A quick event has no established floor: 1654.51 stands."""
    t = tournament_from_text(5, ["1-2 0-1", "1-3 0-1", "1-4 0-1", "1-5 0-1"])
    records = {1: RatingRecord(1, rating=1720, games=100, highest_rating=1941)}
    records.update({i: RatingRecord(i, rating=1720, games=100) for i in range(2, 6)})
    regular = rate(registry, t, records, options={"time_control": "G/90+30"}).player(1)
    quick = rate(registry, t, records, options={"time_control": "G/15+10"}).player(1)
    assert regular.rating_after == 1700
    assert "established-rating floor 1700" in " ".join(regular.rules)
    assert quick.rating_after == pytest.approx(1654.51, abs=0.01)


def test_all_wins_history_uses_the_special_formula():
    """1600 on 12 games, all won: R0' = 1200, S' = S + 12. One more win against 1600: f(R) =
    12 PWe(R, 1200) + PWe(R, 1600) - 13 is zero only from R = 2000 on, the first root found."""
    assert special_rating(1600, 12, [1600], 1, history="wins").rating == pytest.approx(2000)


def test_all_wins_history_read_from_the_record(registry):
    t = tournament_from_text(2, ["1-2 1-0"])
    records = {1: RatingRecord(1, rating=1600, games=12, extra={"uschess_wins": 12}),
               2: RatingRecord(2, rating=1600, games=100)}
    player = rate(registry, t, records).player(1)
    assert player.rating_after == pytest.approx(2000)
    assert "all previous games wins" in " ".join(player.rules)


def test_record_after_is_the_record_before_the_next_event(registry):
    t, records = bonus_event()
    records[1] = replace(records[1], games=24, extra={"uschess_wins": 10, "uschess_draws": 4})
    after = rate(registry, t, records, options={"time_control": "G/90+30"}).player(1).record_after
    assert after.games == 28 and after.extra["uschess_established"] is True
    assert (after.extra["uschess_wins"], after.extra["uschess_draws"], after.extra["uschess_losses"]) == (12, 6, 0)
    assert after.extra["uschess_events_3plus"] == 1
    assert after.highest_rating == after.rating


def test_rated_player_without_games_count_is_assumed_established(registry):
    t, records = bonus_event()
    records[1] = RatingRecord(1, rating=1500)
    player = rate(registry, t, records, event_date=date(2025, 6, 1)).player(1)
    assert player.rating_after == pytest.approx(1577.9944, abs=1e-3)
    assert any("games count unknown" in a for a in player.assumed)


def test_age_based_initial_rating_uses_the_birth_date(registry):
    t = tournament_from_text(["Kid", "Adult"], ["1-2 0-1"])
    records = {1: RatingRecord(1, birth_date=date(2016, 1, 1)), 2: RatingRecord(2, rating=1000, games=100)}
    kid = rate(registry, t, records, event_date=date(2026, 1, 1)).player(1)
    assert "50 x age" in kid.rules[0]
    assert age_based_rating(10.0).rating == 500


def test_blended_initialisation_is_a_game_weighted_mean_capped_at_ten_games():
    blend = blended_rating([{"rating": 1700, "games": 5, "source": "FIDE"},
                            {"rating": 1500, "games": 10, "source": "OLR"}])
    assert blend.rating == pytest.approx((1700 * 5 + 1500 * 10) / 15)
    assert blend.games == 10


def test_cli_rates_a_trf_file_with_uschess(tmp_path, capsys):
    import json

    from rulesengine.cli import main
    from rulesengine.formats.trf import write_trf

    t, _ = bonus_event()
    t = replace(t, players=tuple(replace(p, rating=r) for p, r in zip(t.players, (1500, 1400, 1500, 1600, 1700))),
                start_date="2025/06/01")
    path = tmp_path / "event.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    assert main(["rate", str(path), "--system", "uschess", "--option", "time_control=G/90+30", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["system"] == "uschess"
    first = next(p for p in out["players"] if p["start_rank"] == 1)
    assert first["rating_after"] == pytest.approx(1577.9944, abs=1e-3)


def test_flat_stretch_option_reaches_the_special_formula(registry):
    """An unrated adult (1300) beats three 600s: the text's procedure gives 1000, the interval
    reading keeps 1300; an unknown option value is refused."""
    t = tournament_from_text(4, ["1-2 1-0", "1-3 1-0", "1-4 1-0"])
    records = {i: RatingRecord(i, rating=600, games=100) for i in range(2, 5)}
    assert rate(registry, t, records).player(1).rating_after == pytest.approx(1000)
    interval = rate(registry, t, records, options={"special_flat_stretch": "interval"}).player(1)
    assert interval.rating_after == pytest.approx(1300)
    with pytest.raises(UsageError):
        rate(registry, t, records, options={"special_flat_stretch": "median"})


@pytest.mark.parametrize("text, minutes, seconds, systems", [
    ("G/45;d5", 45, 5, ("OTBR", "OTBQ")), ("G/60+5", 60, 5, ("OTBR", "OTBQ")), ("G/5d0", 5, 0, ("OTBB",)),
    ("G/3+2", 3, 2, ("OTBB",)), ("G/15+10", 15, 10, ("OTBQ",)), ("G/65", 65, 0, ("OTBR", "OTBQ")),
    ("G/61+5", 61, 5, ("OTBR",)), ("40/120, SD/30 d5", 150, 5, ("OTBR",)),
    ("90 min/40 moves + 30 min + 30 s/move", 120, 30, ("OTBR",)),
])
def test_time_control_bands_2020_page_1(text, minutes, seconds, systems):
    from rulesengine_uschess.rating.time_control import parse_time_control, systems_for
    control = parse_time_control(text)
    assert (control.minutes, control.seconds) == (minutes, seconds)
    assert systems_for(control) == systems


def test_time_control_is_read_from_trf_record_122(registry):
    t, records = dual_event()
    t = replace(t, header=(("122", " G/45;d5"),))
    report = rate(registry, t, records)
    assert "dual-rated" in " ".join(report.notes)
    assert report.player(1).rating_after == pytest.approx(2406.3699, abs=1e-3)
