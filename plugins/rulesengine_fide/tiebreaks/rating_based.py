"""Rating-based tie-breaks, FIDE C.07 art. 10: ARO, TPR, PTP, APRO, APPO, RTNG.

Only games played over the board count (forfeits never do, art. 15.2 and 16). Art. 10: these
tie-breaks are not computed when the field has unrated players -- every value is then ``None``
with a note -- unless a rating for unrated players is given with ``/U`` (``ARO/U1400``).
Averages are rounded to the nearest whole rating point, halves up; TPR = ARO + dp(p) with p the
fractional score in whole percent, rounded half up (B.02 table 8.1.1); PTP is the lowest whole
rating whose expected score (table 8.1.2) against the opponents reaches the score.
"""

from __future__ import annotations

from fractions import Fraction
from operator import attrgetter
from typing import NamedTuple

from rulesengine.tiebreak import ContributionLine, Explanation, TiebreakContext, TiebreakOutcome, TiebreakSpec
from rulesengine_fide.tiebreaks.event import RESULT100, EventData, event_data
from rulesengine_fide.tiebreaks.fide_tables import BY_DIFFERENCE, LARGEST_DIFFERENCE, expected_by_difference, rating_difference
from rulesengine_fide.tiebreaks.modifiers import cut_and_median
from rulesengine_fide.tiebreaks.rulesets import rule_set

UNRATED_NOTE = ("{spec}: not computed -- the field has unrated players (FIDE C.07 art. 10: rating-based "
                "tie-breaks are excluded then); a rating for unrated players can be set with /U, e.g. {code}/U1400")


class RatedGame(NamedTuple):
    round: int
    opponent: int
    rating: int
    score100: int        # the result in hundredths of a point: 100, 50 or 0


# Built and read in C: one record per game of the event.
_make = tuple.__new__
_RATING = attrgetter("rating")
_SCORE100 = attrgetter("score100")
_ROUND = attrgetter("round")
_RATING_THEN_ROUND = attrgetter("rating", "round")


def half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest whole number, halves up (the regulations'
    rounding of averages), in integer arithmetic."""
    return (2 * numerator + denominator) // (2 * denominator)


def _ratings(spec: TiebreakSpec, data: EventData) -> dict[int, int] | None:
    """Ratings by start rank with /U applied; None when some player has no rating (art. 10)."""
    default = spec.modifier("U")
    fallback = int(default) if default else None
    key = ("ratings", fallback)
    if key not in data.memo:
        ratings = {sno: rating if rating else fallback for sno, rating in data.ratings.items()}
        data.memo[key] = None if None in ratings.values() else ratings
    return data.memo[key]


def _games(data: EventData, ratings: dict[int, int], sno: int) -> list[RatedGame]:
    """The player's games over the board with the opponents' ratings (memoised per /U value and
    player: the fast paths below need them only for players with an unplayed round)."""
    key = ("rated games", id(ratings))   # `ratings` is itself memoised per /U value
    table = data.memo.get(key)
    if table is None:
        table = data.memo[key] = {}
    games = table.get(sno)
    if games is None:
        games = table[sno] = [_make(RatedGame, (r.number, r.opponent, ratings[r.opponent], r.result100))
                              for r in data.table[sno] if r.over_the_board and r.opponent]
    return games


def _opponent_ratings(data: EventData, ratings: dict[int, int], sno: int) -> list[int]:
    """The opponents' ratings, lowest first, of a player who played every round over the board
    (the fast path: every round is a game, so no record per game is needed); memoised per /U
    value, for ARO and its cuts, TPR and PTP alike."""
    key = ("sorted opponent ratings", id(ratings))
    table = data.memo.get(key)
    if table is None:
        table = data.memo[key] = {}
    found = table.get(sno)
    if found is None:
        found = table[sno] = sorted(map(ratings.__getitem__, data.opponents[sno]))
    return found


def cut_games(spec: TiebreakSpec, context: TiebreakContext, data: EventData, games: list[RatedGame]
              ) -> tuple[list[RatedGame], list[tuple[RatedGame, str]]]:
    """Cut-n / Median-n on opponents' ratings (art. 14.1.1.b). Under the rules before September
    2023 (``/V0``) the cuts are counted over all rounds, so unplayed rounds are cut first."""
    low, high = cut_and_median(spec)
    if not low and not high:
        return games, []
    low = min(low, data.rounds)
    high = min(high, data.rounds - low)
    if rule_set(spec, context).virtual_opponent:
        unplayed = data.rounds - len(games)
        used = min(unplayed, low)
        low -= used
        high -= min(unplayed - used, high)
    ordered = sorted(games, key=_RATING_THEN_ROUND)
    dropped = [(g, "cut: lowest rating") for g in ordered[:low]]
    kept = ordered[low:]
    if high:
        dropped += [(g, "median: highest rating") for g in kept[len(kept) - high:]]
        kept = kept[:len(kept) - high]
    return sorted(kept, key=_ROUND), dropped


def average_rating(games: list[RatedGame]) -> int | None:
    return half_up(sum(map(_RATING, games)), len(games)) if games else None


def performance(games: list[RatedGame]) -> int | None:
    """TPR (art. 10.2): ARO + dp for the fractional score in whole percent (half up)."""
    if not games:
        return None
    return _tpr(list(map(_RATING, games)), sum(map(_SCORE100, games)))


def _tpr(ratings: list[int], score100: int) -> int:
    """TPR (art. 10.2) from the opponents' ratings and the score in hundredths of a point."""
    return half_up(sum(ratings), len(ratings)) + rating_difference(half_up(score100, len(ratings)))


def perfect_performance(games: list[RatedGame]) -> int | None:
    """PTP (art. 10.3): the lowest whole rating R whose expected score against the opponents
    (table 8.1.2) is at least the score; a zero score gives the lowest opponent's rating - 800."""
    if not games:
        return None
    return _perfect(list(map(_RATING, games)), sum(map(_SCORE100, games)))


def _perfect(ratings: list[int], score100: int) -> int:
    """PTP (art. 10.3) from the opponents' ratings and the score in hundredths of a point."""
    if score100 == 0:
        return min(ratings) - 800
    low, high = min(ratings) - 800, max(ratings) + 800   # reaches(high) always holds
    if high - low <= LARGEST_DIFFERENCE:
        # Every difference tried is inside the precomputed table: the sum is read in C.
        table = BY_DIFFERENCE.__getitem__

        def reaches(r: int) -> bool:
            return sum(map(table, map((r + LARGEST_DIFFERENCE).__sub__, ratings))) >= score100
    else:
        def reaches(r: int) -> bool:
            return sum(expected_by_difference(r - o) for o in ratings) >= score100

    # Bisection keeps `low` short of the score and `high` reaching it. PTP is usually near TPR,
    # so the bracket is first narrowed from there with doubling steps (a few sums instead of a
    # dozen); the answer is the same lowest rating whatever the guess.
    guess = _tpr(ratings, score100)
    if low < guess < high:
        if reaches(guess):
            high, step = guess, -8
        else:
            low, step = guess, 8
        while True:
            probe = (high if step < 0 else low) + step
            if not low < probe < high:
                break
            if reaches(probe):
                high = probe
                if step > 0:
                    break
            else:
                low = probe
                if step < 0:
                    break
            step *= 2
    while high - low > 1:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle
    return high


def _prepare(spec: TiebreakSpec, context: TiebreakContext):
    data = event_data(context.tournament)
    ratings = _ratings(spec, data)
    return data, ratings


def _unrated_outcome(spec: TiebreakSpec, data: EventData) -> TiebreakOutcome:
    return TiebreakOutcome({sno: None for sno in data.start_ranks},
                           (UNRATED_NOTE.format(spec=spec, code=spec.code),))


def _no_games_note(spec: TiebreakSpec, missing: list[int]) -> tuple[str, ...]:
    if not missing:
        return ()
    return (f"{spec}: no value for player(s) {', '.join(map(str, missing))}: no game against a rated opponent "
            f"played over the board (FIDE C.07 art. 10)",)


def _per_player(spec: TiebreakSpec, context: TiebreakContext, compute) -> TiebreakOutcome:
    data, ratings = _prepare(spec, context)
    if ratings is None:
        return _unrated_outcome(spec, data)
    values = {sno: compute(data, ratings, sno) for sno in data.start_ranks}
    return TiebreakOutcome(values, _no_games_note(spec, [s for s, v in values.items() if v is None]))


def average_rating_of_opponents(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 10.1 (ARO): the average rating of the opponents played over the board,
    rounded to the nearest whole number; Cut-n / Median-n on the ratings (art. 14)."""
    low, high = cut_and_median(spec)

    def aro(data: EventData, ratings: dict[int, int], sno: int) -> int | None:
        if sno in data.all_over_the_board:
            # Every round a game: no unplayed round to cut first (/V0), so a cut keeps a slice
            # of the sorted ratings (which of two equal ratings goes does not change the sum).
            rounds = data.rounds
            first = min(low, rounds)
            kept = _opponent_ratings(data, ratings, sno)[first:rounds - min(high, rounds - first)]
            return half_up(sum(kept), len(kept)) if kept else None
        return average_rating(cut_games(spec, context, data, _games(data, ratings, sno))[0])
    return _per_player(spec, context, aro)


def tournament_performance(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 10.2 (TPR): ARO plus the rating difference of B.02 table 8.1.1."""
    return _per_player(spec, context, lambda d, rt, s: _performances(d, rt, performance)[s])


def perfect_tournament_performance(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 10.3 (PTP): the lowest rating that would have expected the score obtained."""
    return _per_player(spec, context, lambda d, rt, s: _performances(d, rt, perfect_performance)[s])


def _performances(data: EventData, ratings: dict[int, int], compute) -> dict[int, int | None]:
    """TPR or PTP of every player, computed once per event (APRO/APPO reuse them)."""
    key = (compute.__name__, id(ratings))
    found = data.memo.get(key)
    if found is None:
        found = data.memo[key] = {}
        full = data.all_over_the_board
        for sno in data.start_ranks:
            if sno in full:   # every round a game: the same values from the table's columns
                opponents = _opponent_ratings(data, ratings, sno)
                score100 = sum(map(RESULT100.__getitem__, data.codes[sno]))
                found[sno] = _FROM_RATINGS[compute](opponents, score100)
            else:
                found[sno] = compute(_games(data, ratings, sno))
    return found


# TPR and PTP from the opponents' ratings and the score (the fast path of `_performances`).
_FROM_RATINGS = {performance: _tpr, perfect_performance: _perfect}


def _average_of_opponents(spec: TiebreakSpec, context: TiebreakContext, inner) -> TiebreakOutcome:
    data, ratings = _prepare(spec, context)
    if ratings is None:
        return _unrated_outcome(spec, data)
    own = _performances(data, ratings, inner)
    values: dict[int, int | None] = {}
    full = data.all_over_the_board
    for sno in data.start_ranks:
        if sno in full:   # every round a game over the board: every opponent with a value counts
            found = list(map(own.__getitem__, data.opponents[sno]))
            if None in found:
                found = [value for value in found if value is not None]
        else:
            found = [own[r.opponent] for r in data.table[sno]
                     if r.over_the_board and r.opponent and own[r.opponent] is not None]
        values[sno] = half_up(sum(found), len(found)) if found else None
    return TiebreakOutcome(values, _no_games_note(spec, [s for s, v in values.items() if v is None]))


def average_performance_of_opponents(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 10.4 (APRO): the average TPR of the opponents played, rounded."""
    return _average_of_opponents(spec, context, performance)


def average_perfect_performance_of_opponents(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 10.5 (APPO): the average PTP of the opponents played, rounded."""
    return _average_of_opponents(spec, context, perfect_performance)


def rating(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 10.6 (RTNG, 2026): the player's rating, highest first; ``/R``: the reverse
    order the article allows (lowest first)."""
    data, ratings = _prepare(spec, context)
    if ratings is None:
        return _unrated_outcome(spec, data)
    return TiebreakOutcome(dict(ratings), higher_is_better=False if spec.modifier("R") is not None else None)


def explain_average_rating(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    """ARO / TPR / PTP breakdown: each game's opponent rating and result, and what a cut dropped."""
    data, ratings = _prepare(spec, context)
    if ratings is None:
        return Explanation(start_rank, str(spec), (), None, (UNRATED_NOTE.format(spec=spec, code=spec.code),))
    games = _games(data, ratings, start_rank)
    kept, dropped = cut_games(spec, context, data, games) if spec.code == "ARO" else (games, [])
    why = {g.round: reason for g, reason in dropped}
    lines = [ContributionLine(g.round, g.opponent, f"game vs {g.opponent}: rating {g.rating}, "
                                                   f"scored {g.score100 / 100:g}",
                              g.rating, why.get(g.round, "")) for g in games]
    for r in data.table[start_rank]:
        if not (r.over_the_board and r.opponent):
            lines.append(ContributionLine(r.number, r.opponent or None,
                                          f"{r.kind.value}: not a game played over the board, not counted", None,
                                          "unplayed (art. 10, 16)"))
    lines.sort(key=lambda line: line.round or 0)
    compute = {"ARO": average_rating, "TPR": performance, "PTP": perfect_performance}[spec.code]
    total = compute(kept)
    notes = [f"{len(kept)} opponents counted"]
    if spec.code == "TPR" and kept:
        score = Fraction(sum(g.score100 for g in kept), 100)
        notes.append(f"ARO {average_rating(kept)}, score {score}/{len(kept)} "
                     f"-> dp {performance(kept) - average_rating(kept)} (B.02 table 8.1.1)")
    return Explanation(start_rank, str(spec), tuple(lines), total, tuple(notes))
