"""FIDE Rating Regulations B.02: rating one event for every player.

The calculation follows the articles in order:

* which games count: 5.1 (unplayed games are not rated), 8.3.1 (a rated player's change counts
  only games against rated players), TRF W/D/L results (played but unrated by the organiser),
  and for rapid and blitz 7.3.1 (600 points or more with a player above 2600);
* a rated player: D capped at 400 per side (8.3.1; from 1 Oct 2025 not for players rated 2650+),
  PD from table 8.1.2 (8.3.2a), ΔR = score - PD (8.3.2), K from 8.3.3 with the 700 rule, change
  = K x ΣΔR rounded to a whole number with 0.5 away from zero (8.3.4);
* an unrated player: the initial rating of 8.2 from the games against rated opponents, pooled
  with earlier events through `RatingRecord.extra` until 5 such games are reached (7.1.4).

Arithmetic is exact (`Fraction`): table values are hundredths, so the change is exact and the
one rounding the regulation prescribes is applied to the exact number.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from rulesengine.model import EntryKind, RoundEntry
from rulesengine.rating import (GAME_SCORES, GameRating, PlayerRating, RatingRecord, RatingReport, RatingRequest,
                                UnratedRound, event_date_of, exact_sum, rating_score, record_with,
                                round_half_away_from_zero, rule_set_for, score_sum)
from rulesengine_fide.rating.rules import (INITIAL_2022, INITIAL_HYPOTHETICAL_DRAWS, FideRules,
                                           development_coefficient, k_for_games)
from rulesengine_fide.rating.tables import expected_hundredths, hundredths, rating_difference, score_hundredths

# Keys in RatingRecord.extra: an unrated player's pooled results against rated opponents (7.1.4).
POOLED_GAMES = "fide.pooled_games"
POOLED_SCORE = "fide.pooled_score"
POOLED_OPPONENTS = "fide.pooled_opponent_ratings"

HYPOTHETICAL_OPPONENT = 1800
RATED_REASON = "rated: played against a rated opponent (8.3.1)"
PD_RULE = "8.3.2a: PD from table 8.1.2"
# RatingRecord.extra key (rating list column standard_rating) and the rapid/blitz rule that reads it.
STANDARD_RATING = "standard_rating"
STANDARD_RATING_RULE = ("rapid/blitz regulations: unrated here but standard-rated at the start of the event: "
                        "the standard rating {:g} is used and the player counts as rated")


def rate_event(request: RatingRequest, table: Sequence[FideRules], system: str) -> RatingReport:
    """Rate one event under the FIDE rule set in force on its date (or the one forced)."""
    event_date = event_date_of(request)
    rules, why = rule_set_for(table, event_date, request.rule_set)
    tournament = request.tournament
    records = {p.start_rank: request.record(p.start_rank) for p in tournament.players}
    from_standard = set()
    if rules.standard_rating_counts:
        for start_rank, record in records.items():
            if record.rating is None and record.extra.get(STANDARD_RATING):
                records[start_rank] = replace(record, rating=record.extra[STANDARD_RATING])
                from_standard.add(start_rank)
    ratings = {start_rank: record.rating for start_rank, record in records.items()}
    notes = []
    if event_date is None:
        notes.append("no event date given (--date) and none in the file: " + why)
    players = []
    for player in tournament.players:
        record = records[player.start_rank]
        entries = player.rounds[:tournament.rounds]
        if len(entries) < tournament.rounds:
            entries = tuple(tournament.entries(player.start_rank))   # missing rounds read as not paired
        if record.rating is not None:
            rated = _rate_rated_player(player.start_rank, player.name, record, entries, ratings, rules, event_date,
                                       request.wants_detail(player.start_rank))
            if player.start_rank in from_standard:
                rated = replace(rated, rules=(STANDARD_RATING_RULE.format(record.rating),) + rated.rules)
            players.append(rated)
        else:
            players.append(_rate_unrated_player(player.start_rank, player.name, record, entries, ratings, rules))
    if any(p.k is not None and p.extra.get("games_in_event", 0) for p in players):
        notes.append("the 700 rule (8.3.3) counts the games of this event only; games of other events in the "
                     "same rating period are not known here")
    title = f"{rules.title} ({why})"
    return RatingReport(system=system, rules=title, players=tuple(players), notes=tuple(notes),
                        rule_set=rules.name, event_date=event_date)


# ---------------------------------------------------------------- which games count


def _exclusion(entry: RoundEntry, own: float | None, opponent: float | None, rules: FideRules,
               for_initial: bool) -> str | None:
    """Why a game with an opponent is not rated, or None when it is."""
    kind = entry.kind
    if kind in (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.DOUBLE_FORFEIT):
        return f"5.1: unplayed game ({kind.value}) is not rated"
    if kind is EntryKind.UNRATED_GAME:
        return "played but marked not to be rated (TRF W/D/L result)"
    if kind is not EntryKind.GAME:
        return f"5.1: no game ({kind.value})"
    if opponent is None:
        if for_initial:
            return "7.1.4/8.2.2: only games against rated opponents count toward an initial rating"
        return "8.3.1: opponent unrated; a rating change counts games against rated players only"
    if own is not None and rules.unrated_if_difference is not None:
        if abs(own - opponent) >= rules.unrated_if_difference and max(own, opponent) > rules.unrated_if_above:
            return (f"7.3.1 (rapid/blitz, from 1 Dec 2024): difference {abs(own - opponent):g} is "
                    f"{rules.unrated_if_difference} or more and a player is rated above {rules.unrated_if_above}")
    return None


def _unrated_round(entry: RoundEntry) -> UnratedRound:
    return UnratedRound(entry.round, entry.kind.value, f"5.1: no game played ({entry.kind.value}); never rated")


def _classify(entries: Sequence[RoundEntry], ratings: dict[int, float | None], own: float | None, rules: FideRules,
              for_initial: bool) -> tuple[list[UnratedRound], list[tuple[RoundEntry, float | None, Fraction, str | None]]]:
    """Rounds without an opponent, and every game with the opponent's rating, the score and why it is
    not rated (None when it is)."""
    byes: list[UnratedRound] = []
    games = []
    for entry in entries:
        if entry.opponent is None:
            byes.append(_unrated_round(entry))
            continue
        opponent = ratings.get(entry.opponent)
        score = rating_score(entry) if entry.played else _forfeit_score(entry)
        games.append((entry, opponent, score, _exclusion(entry, own, opponent, rules, for_initial)))
    return byes, games


# ---------------------------------------------------------------- rated player (8.3)


def _rate_rated_player(start_rank: int, name: str, record: RatingRecord, entries: Sequence[RoundEntry],
                       ratings: dict[int, float | None], rules: FideRules, event_date: date | None,
                       detail: bool = True) -> PlayerRating:
    own = record.rating
    assumed: list[str] = list(record.assumed)
    # K of 8.3.3 first: only the 700 rule depends on how many games count, and it applies to
    # events of more than 17 games (K 40); a game's change K x (score - PD) is then redone.
    k, k_rules = _k_before_games(record, rules, event_date, assumed)
    whole_k = isinstance(k, int)
    change_of = _changes_by(k) if whole_k else None
    # One pass: which games count (5.1, 8.3.1, 7.3.1) and their PD (8.3.2a), summed in whole
    # hundredths. Without `detail` nothing per game is kept: only the sums (the figures are the same).
    byes: list[UnratedRound] = []
    games: list[GameRating] = []    # with detail: every game's record, in round order
    cap_used = False
    rated = expected_total_h = score_total_h = 0
    cap = rules.cap
    plain_games = rules.unrated_if_difference is None   # no 7.3.1: a game against a rated player counts
    pd_of = _PD_H.get
    for entry in entries:
        opponent_rank = entry.opponent
        if opponent_rank is None:
            if detail:
                byes.append(_unrated_round(entry))
            continue
        opponent = ratings.get(opponent_rank)
        score_h = _GAME_SCORE_H.get(entry.code)
        if score_h is None or opponent is None or not plain_games:
            reason = _exclusion(entry, own, opponent, rules, for_initial=False)
            if reason:
                if detail:
                    games.append(GameRating(entry.round, opponent_rank, None, None, _score(entry), False, reason,
                                            None, opponent))
                continue
        difference = own - opponent
        if -cap <= difference <= cap:
            used, game_rules = opponent, _PD_RULES
        else:
            difference, used, game_rules = _capped_difference(own, opponent, rules, cap_used)
            cap_used = cap_used or difference != own - opponent
            game_rules += _PD_RULES
        expected_h = pd_of(difference)
        if expected_h is None:     # beyond the cap (the 2650 exception) or not a whole number
            expected_h = expected_hundredths(difference)
        rated += 1
        expected_total_h += expected_h
        score_total_h += score_h
        if detail:
            # The Fractions are shared per value (`_HUNDREDTH`, `_changes_by`): made one by one, they
            # and the records were most of the cost of a rating with its per-game records.
            delta = _HUNDREDTH[score_h - expected_h]
            games.append(GameRating(entry.round, opponent_rank, used, _HUNDREDTH[expected_h], _HUNDREDTH[score_h], True,
                                    RATED_REASON, change_of[score_h - expected_h] if whole_k else k * delta, opponent,
                                    game_rules, {"difference": difference, "delta_R": delta}))
    k, rule = k_for_games(k, rated, rules.k_games_limit)
    if rule:
        k_rules.append(rule)
        whole_k = isinstance(k, int)
        games = _changed_by(games, k)
    expected_total = _in_hundredths(expected_total_h)
    score_total = _in_hundredths(score_total_h)
    delta_total = _in_hundredths(score_total_h - expected_total_h)
    if whole_k:
        change_in_h = k * (score_total_h - expected_total_h)
        change = _in_hundredths(change_in_h)
        # 8.3.4 in whole hundredths: |change| + 0.5 rounded down, the sign put back.
        published = (abs(change_in_h) + 50) // 100 * (1 if change_in_h >= 0 else -1)
    else:
        change = k * delta_total
        published = round_half_away_from_zero(change)
    rating_after = own + published
    notes = []
    next_rating: float | None = rating_after
    if rated and rating_after < rules.list_floor:
        notes.append(f"7.2.1: rating {rating_after:g} is below {rules.list_floor}; the player is shown as "
                     f"unrated on the next list and starts again as an unrated player")
        next_rating = None
    if not rated:
        notes.append("no rated game in this event: rating unchanged")
    # max() of the known figures, the first of equal ones kept (as max() does)
    highest = record.highest_rating
    if highest is None or own > highest:
        highest = own
    if rating_after > highest:
        highest = rating_after
    record_after = record_with(record, rating=next_rating, games=record.games + rated if record.games is not None
                               else None, highest_rating=highest if next_rating is not None else record.highest_rating,
                               k=None, assumed=(), extra=_without_pool(record.extra))
    return PlayerRating(
        start_rank, name, own, k, tuple(games), expected_total, score_total,
        change, published, rating_after if rated else own, False, tuple(k_rules) + _CHANGE_RULES, tuple(notes),
        record_after, {"sum_delta_R": delta_total, "games_in_event": rated}, tuple(assumed), tuple(byes),
        None if detail else rated)


def _changed_by(games: list[GameRating], k: int | float) -> list[GameRating]:
    """The records with each counted game's change K x (score - PD) (8.3.2) redone under the K of
    the 700 rule."""
    change_of = _changes_by(k) if isinstance(k, int) else None
    redone = []
    for game in games:
        if game.rated:
            delta = game.extra["delta_R"]
            game = replace(game, change=change_of[int(delta * 100)] if change_of is not None else k * delta)
        redone.append(game)
    return redone


def _score(entry: RoundEntry) -> Fraction:
    """The game's score as the records show it: 1, 1/2, 0 (a forfeit: 1 or 0)."""
    return rating_score(entry) if entry.played else _forfeit_score(entry)


# Score in hundredths of a game that can count (TRF 1 = 0); every other code is decided by `_exclusion`.
_GAME_SCORE_H = {code: int(score * 100) for code, score in GAME_SCORES.items()}
_CHANGE_RULES = ("8.3.2: change = K x sum of (score - PD)",
                 "8.3.4: change rounded to a whole number, 0.5 away from zero (here per event; FIDE rounds per "
                 "rating period)")


# The rule texts of a plain rated game, shared by every game rather than rebuilt per game.
_PD_RULES = (PD_RULE,)
# Hundredths -100 .. 100 as the shared Fractions of `tables.hundredths`: a game's score, PD and
# score - PD; one dict lookup each.
_HUNDREDTH = {h: hundredths(h) for h in range(-100, 101)}
# PD in hundredths (table 8.1.2) of every whole difference up to beyond the cap: a float rating
# difference of a whole number finds its int key. Others go to `expected_hundredths`.
_PD_H = {d: expected_hundredths(d) for d in range(-800, 801)}


@lru_cache(maxsize=4096)
def _in_hundredths(value: int) -> Fraction:
    """value / 100 as a Fraction, one shared object per value (totals and changes of an event)."""
    return Fraction(value, 100)


@lru_cache(maxsize=64)
def _changes_by(k: int) -> dict[int, Fraction]:
    """A game's change K x (score - PD) (8.3.2) for every score - PD in hundredths, under a whole K."""
    return {delta_h: _in_hundredths(k * delta_h) for delta_h in range(-100, 101)}


def _forfeit_score(entry: RoundEntry) -> Fraction:
    return Fraction(1) if entry.kind is EntryKind.FORFEIT_WIN else Fraction(0)


def _capped_difference(own: float, opponent: float, rules: FideRules,
                       cap_used: bool) -> tuple[float, float, tuple[str, ...]]:
    """D for table 8.1.2 after the 400-point rule of 8.3.1, the opponent rating that D implies,
    and the rule applied.

    The test uses the rating of the player whose change is computed, so one game can be capped
    for one side only (FIDE's December 2025 calculation: the 2813 player used D = 413 while his
    2400 opponent saw him as 2800).
    """
    difference = own - opponent
    if abs(difference) <= rules.cap:
        return difference, opponent, ()
    if rules.cap_exempt_from is not None and own >= rules.cap_exempt_from:
        return difference, opponent, (f"8.3.1: rated {rules.cap_exempt_from} or above, the real difference "
                                      f"{difference:g} is used (no 400 cap, from 1 Oct 2025)",)
    if rules.cap_once_per_event and cap_used:
        return difference, opponent, ("8.3.1 (2022 text): the 400-point rule applies only once per event; "
                                      "real difference used",)
    capped = rules.cap if difference > 0 else -rules.cap
    return capped, own - capped, (f"8.3.1: 400-point cap, difference {difference:g} counted as {capped:g}",)


def _k_before_games(record: RatingRecord, rules: FideRules, event_date: date | None,
                    assumed: list[str]) -> tuple[int | float, list[str]]:
    """K for this event before the 700 rule (`k_for_games`): explicit K, or 8.3.3 from the record."""
    applied: list[str] = []
    if record.k is not None:
        k: int | float = int(record.k) if float(record.k).is_integer() else record.k
        applied.append(f"K {k:g} given explicitly (rating list k column)")
    else:
        rating = record.rating
        games = record.games
        if games is None:
            games = rules.new_player_games
            if rating < 2400:
                assumed.append(f"games before the event unknown: assumed {rules.new_player_games} or more "
                               f"(not a new player)")
        highest = record.highest_rating
        if highest is None:
            highest = rating
            if rating < 2400:
                assumed.append("highest rating unknown: assumed never 2400 or more")
        age = None
        if record.birth_year is not None and event_date is not None:
            age = event_date.year - record.birth_year
        elif rules.k_junior is not None and max(rating, highest) < rules.junior_below:
            assumed.append("birth year unknown: assumed not a junior")
        by_birthday = None
        if record.birth_date is not None and event_date is not None and not rules.junior_to_year_end:
            # before the 18th birthday on the event's start date (older wording of 8.3.3)
            born = record.birth_date
            by_birthday = (event_date.year - born.year - ((event_date.month, event_date.day) < (born.month, born.day))) < 18
        decision = development_coefficient(rules, rating=rating, games=games, highest=highest,
                                           age_this_year=age, junior_by_birthday=by_birthday)
        k = decision.k
        applied.append(decision.rule)
    return k, applied


# ---------------------------------------------------------------- unrated player (7.1.4, 8.2)


def _rate_unrated_player(start_rank: int, name: str, record: RatingRecord, entries: Sequence[RoundEntry],
                         ratings: dict[int, float | None], rules: FideRules) -> PlayerRating:
    games: list[GameRating] = []
    byes, classified = _classify(entries, ratings, None, rules, for_initial=True)
    for entry, opponent, score, reason in classified:
        if reason:
            games.append(GameRating(entry.round, entry.opponent, None, None, score, False, reason,
                                    opponent_rating=opponent))
        else:
            games.append(GameRating(entry.round, entry.opponent, opponent, None, score, True,
                                    "counts toward the initial rating: played against a rated opponent (7.1.4, 8.2)",
                                    opponent_rating=opponent))
    rated = [g for g in games if g.rated]
    event_games = len(rated)
    event_score = score_sum(g.score for g in rated)
    event_opponents = exact_sum(g.opponent_rating_used for g in rated)
    pooled_games = int(record.extra.get(POOLED_GAMES, 0))
    pooled_score = Fraction(record.extra.get(POOLED_SCORE, 0))
    pooled_opponents = Fraction(record.extra.get(POOLED_OPPONENTS, 0))
    notes: list[str] = []
    applied: list[str] = []
    if pooled_games:
        notes.append(f"pooled with {pooled_games} earlier game(s) against rated opponents (7.1.4; the 26-month "
                     f"window is the caller's to enforce)")
    if event_games and event_score == 0 and pooled_games == 0 and (record.games or 0) == 0:
        notes.append("8.2.1: an unrated player who scores zero in their first event has that score disregarded")
        rated_games = tuple(replace(g, rated=False, reason="8.2.1: zero score in the first event is disregarded")
                            if g.rated else g for g in games)
        return _unrated_result(start_rank, name, record, rated_games, byes, notes, applied, None, {}, 0, 0, 0)
    n = pooled_games + event_games
    total_score = pooled_score + event_score
    total_opponents = pooled_opponents + event_opponents
    if n == 0:
        notes.append("no game against a rated opponent: no initial rating")
        return _unrated_result(start_rank, name, record, tuple(games), byes, notes, applied, None, {}, 0, 0, 0)
    if rules.initial_rule is None:
        notes.append(f"initial ratings under the rule set {rules.name} are not implemented")
        return _unrated_result(start_rank, name, record, tuple(games), byes, notes, applied, None, {}, n,
                               total_score, total_opponents)
    if rules.initial_rule == INITIAL_HYPOTHETICAL_DRAWS:
        figures = initial_rating(total_opponents, n, total_score, rules)
        applied += ["8.2.2: Ra = average of rated opponents plus two hypothetical opponents rated 1800, "
                    "each game against them a draw", "8.2.3: Ru = Ra + dp (table 8.1.1), rounded, maximum "
                    f"{rules.initial_max}"]
    else:
        figures = initial_rating_2022(total_opponents, n, total_score)
        applied += [INITIAL_2022]
    published = n >= rules.initial_min_games and figures["Ru"] >= rules.list_floor
    figures["published"] = published
    if n < rules.initial_min_games:
        notes.append(f"7.1.4: {n} game(s) against rated opponents; a rating is published after "
                     f"{rules.initial_min_games}")
    elif figures["Ru"] < rules.list_floor:
        notes.append(f"7.1.4: initial rating {figures['Ru']} is below {rules.list_floor}: not published")
    return _unrated_result(start_rank, name, record, tuple(games), byes, notes, applied,
                           figures["Ru"] if published else None, figures, n, total_score, total_opponents)


def initial_rating(opponent_ratings_sum: Fraction | int, games: int, score: Fraction,
                   rules: FideRules) -> dict:
    """The initial rating of B.02 8.2 (from 1 March 2024) and every intermediate figure.

    8.2.2: "Ra is the average rating of the player's rated opponents plus two hypothetical
    opponents rated 1800. The result against these two hypothetical opponents is considered as a
    draw." 8.2.3: "Ru = Ra + dp", rounded to the nearest whole number, maximum 2200. dp comes
    from table 8.1.1 at p rounded to the hundredth (see `score_hundredths`).
    """
    ra = (Fraction(opponent_ratings_sum) + 2 * HYPOTHETICAL_OPPONENT) / (games + 2)
    p = (Fraction(score) + 1) / (games + 2)
    p_rounded = score_hundredths(p)
    dp = rating_difference(p_rounded)
    unrounded = ra + dp
    ru = round_half_away_from_zero(unrounded)
    if rules.initial_max is not None:
        ru = min(ru, rules.initial_max)
    return {"Ra": ra, "p": p, "p_hundredths": int(p_rounded * 100), "dp": dp, "Ru_unrounded": unrounded, "Ru": ru}


def initial_rating_2022(opponent_ratings_sum: Fraction | int, games: int, score: Fraction) -> dict:
    """The archived 2022-February 2024 rule: Ra = average of the rated opponents; at 50 % or more,
    Ru = Ra + 20 per half point above 50 %; below 50 %, Ru = Ra + dp. [S, research note 1.7]"""
    ra = Fraction(opponent_ratings_sum) / games
    p = Fraction(score) / games
    p_rounded = score_hundredths(p)
    if p >= Fraction(1, 2):
        dp: Fraction | int = 40 * (Fraction(score) - Fraction(games, 2))
    else:
        dp = rating_difference(p_rounded)
    unrounded = ra + dp
    return {"Ra": ra, "p": p, "p_hundredths": int(p_rounded * 100), "dp": dp, "Ru_unrounded": unrounded,
            "Ru": round_half_away_from_zero(unrounded)}


def _unrated_result(start_rank, name, record: RatingRecord, games, byes, notes, applied, new_rating, figures,
                    pooled_games, pooled_score, pooled_opponents) -> PlayerRating:
    if new_rating is not None:
        record_after = record_with(record, rating=new_rating, games=pooled_games, highest_rating=new_rating, k=None,
                                   assumed=(), extra=_without_pool(record.extra))
    else:
        extra = dict(_without_pool(record.extra))
        if pooled_games:
            extra.update({POOLED_GAMES: pooled_games, POOLED_SCORE: pooled_score,
                          POOLED_OPPONENTS: pooled_opponents})
        record_after = record_with(record, rating=None, assumed=(), extra=extra)
    rated = [g for g in games if g.rated]
    extra = {"initial": figures, "pooled_games": pooled_games} if figures else {"pooled_games": pooled_games}
    return PlayerRating(
        start_rank=start_rank, name=name, rating_before=None, k=None, games=tuple(games), expected_total=0,
        score_total=score_sum(g.score for g in rated), change=0, change_published=0,
        rating_after=new_rating, initial_rating=new_rating is not None, rules=tuple(applied), notes=tuple(notes),
        record_after=record_after, assumed=tuple(record.assumed), unrated_rounds=tuple(byes), extra=extra)


def _without_pool(extra) -> dict:
    """A copy of `extra` without the pooled games of an unrated player (a new dict, even when empty)."""
    if not extra:
        return {}
    return {k: v for k, v in extra.items() if k not in (POOLED_GAMES, POOLED_SCORE, POOLED_OPPONENTS)}
