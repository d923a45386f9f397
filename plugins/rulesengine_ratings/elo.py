"""Plain Elo with the logistic expected score (shared/docs/domain.md section 1).

E = 1 / (1 + 10^((R_opp - R_own) / 400)); change = K x sum(S - E). Options: `k` (default 20;
a record's own K wins), `cap` (a largest rating difference, applied to each side's own view;
none by default), `decimals` (the published change is rounded to this many decimals, half away
from zero; default 0). Players without a rating are not rated and games against them do not
count: plain Elo has no initial-rating rule (FIDE's is in the fide system).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from rulesengine.rating import (GameRating, PlayerRating, RatingReport, RatingRequest, RatingSystem,
                                round_half_away_from_zero, score_sum)
from rulesengine.errors import UsageError
from rulesengine_ratings.games import split_entries

DEFAULT_K = 20


def logistic_expected(difference: float, scale: float = 400.0) -> float:
    """Expected score for a rating difference own - opponent: 1 / (1 + 10^(-D/scale))."""
    return 1.0 / (1.0 + 10.0 ** (-difference / scale))


def _number(options, name: str, default):
    value = options.get(name, default)
    if value is None:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        raise UsageError(f"option {name} must be a number, not {value!r}") from None


def rate(request: RatingRequest) -> RatingReport:
    """Rate one event with the logistic Elo formula."""
    options = request.options
    default_k = _number(options, "k", DEFAULT_K)
    cap = _number(options, "cap", None)
    decimals = int(_number(options, "decimals", 0))
    tournament = request.tournament
    ratings = {p.start_rank: request.record(p.start_rank).rating for p in tournament.players}
    players = []
    for player in tournament.players:
        record = request.record(player.start_rank)
        own = record.rating
        rated, games, byes = split_entries(
            tournament, player.start_rank,
            lambda opp: "opponent has no rating (plain Elo has no initial-rating rule)" if ratings[opp] is None else None)
        if own is None:
            games += [GameRating(e.round, e.opponent, None, None, s, False, "player has no rating: not rated")
                      for e, s in rated]
            games.sort(key=lambda g: g.round)
            players.append(PlayerRating(player.start_rank, player.name, None, None, tuple(games), 0, Fraction(0), 0, 0,
                                        None, False, notes=("no rating before the event: not rated",),
                                        record_after=record, assumed=record.assumed, unrated_rounds=tuple(byes)))
            continue
        k = record.k if record.k is not None else default_k
        assumed = list(record.assumed)
        if record.k is None and "k" not in options:
            assumed.append(f"K not given: {DEFAULT_K:g} assumed")
        for entry, score in rated:
            opponent = ratings[entry.opponent]
            difference = own - opponent
            rules: tuple[str, ...] = ()
            if cap is not None and abs(difference) > cap:
                difference = cap if difference > 0 else -cap
                rules = (f"cap: difference {own - opponent:g} counted as {difference:g}",)
            expected = logistic_expected(difference)
            games.append(GameRating(entry.round, entry.opponent, own - difference, expected, score, True,
                                    "rated: game played against a rated opponent", change=k * (float(score) - expected),
                                    opponent_rating=opponent, rules=rules))
        games.sort(key=lambda g: g.round)
        counted = [g for g in games if g.rated]
        expected_total = sum(g.expected for g in counted)
        score_total = score_sum(g.score for g in counted)
        change = k * (float(score_total) - expected_total)
        published = round_half_away_from_zero(change, decimals)
        after = replace(record, rating=own + published, assumed=(),
                        games=None if record.games is None else record.games + len(counted))
        players.append(PlayerRating(
            player.start_rank, player.name, own, k, tuple(games), expected_total, score_total, change, published,
            own + published, False,
            rules=("E = 1 / (1 + 10^(-D/400))", "change = K x sum(S - E)",
                   f"published change rounded to {decimals} decimal(s), half away from zero"),
            record_after=after, assumed=tuple(assumed), unrated_rounds=tuple(byes)))
    description = f"logistic Elo, K {default_k:g}" + (f", cap {cap:g}" if cap is not None else ", no cap")
    return RatingReport("elo", description, tuple(players))


SYSTEM = RatingSystem("elo", "plain Elo with the logistic expected score (options k, cap, decimals)", rate,
                      options={"k": "K factor when the record gives none (default 20)",
                               "cap": "largest rating difference counted, per side (default none)",
                               "decimals": "decimals of the published change (default 0)"})
