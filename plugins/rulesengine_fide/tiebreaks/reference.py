"""The FIDE tie-breaks by their plain definitions (C.07, 2023 text as amended March 2026).

The modules beside this one compute each tie-break from the event's columns in C, over shared
value objects and sorted lists: fast, and far from the article's wording. The functions here
are the articles as written, one round record (`event.Round`) or one game at a time: the
readable reference each fast path is proven equal to (`tests/fide_tiebreaks/test_fast_paths.py`,
on random events). They are not registered and nothing computes standings with them.

Where the fast path is specialised (players who played every round over the board, a Swiss with
no forfeit counted as a game), the reference covers that case, which is what the tests compare.
Values are by start rank; `data` is the event's shared table (`event.event_data`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Mapping

from rulesengine.tiebreak import TiebreakContext, TiebreakSpec
from rulesengine_fide.tiebreaks import rating_based
from rulesengine_fide.tiebreaks.counts import koya_limit
from rulesengine_fide.tiebreaks.event import EventData, Round
from rulesengine_fide.tiebreaks.fide_tables import expected_by_difference

# ---------------------------------------------------------------- art. 6 direct encounter


def tied_groups(group: Iterable[int], values: Mapping[int, object]) -> list[list[int]]:
    """Art. 6: the players of `group` still equal on `values`, each set of two or more (sorted)."""
    parts: dict = {}
    for sno in group:
        parts.setdefault(values[sno], []).append(sno)
    return sorted(part for part in parts.values() if len(part) > 1)


# ---------------------------------------------------------------- art. 7 counts


def _per_round(data: EventData, count: Callable[[Round], bool]) -> dict[int, int]:
    return {s: sum(count(r) for r in data.table[s]) for s in data.start_ranks}


def wins(data: EventData) -> dict[int, int]:
    """Art. 7.1 (WIN): rounds in which the player scored the points of a win, played or not."""
    return _per_round(data, lambda r: r.points == data.win)


def games_won(data: EventData) -> dict[int, int]:
    """Art. 7.2 (WON): games won over the board."""
    return _per_round(data, lambda r: r.win_result)


def black_games(data: EventData) -> dict[int, int]:
    """Art. 7.3 (BPG): games played over the board with Black."""
    return _per_round(data, lambda r: r.black and r.over_the_board)


def black_wins(data: EventData) -> dict[int, int]:
    """Art. 7.4 (BWG): games won with Black."""
    return _per_round(data, lambda r: r.win_result and r.black)


def progressive(data: EventData, cut: int = 0) -> dict[int, Fraction]:
    """Art. 7.5 (PS): the sum of the running scores after each round; /C1 (art. 14.1) leaves out
    the first `cut` of them."""
    return {s: data.value(sum([sum(r.points for r in data.table[s][:n]) for n in range(1, data.rounds + 1)][cut:]))
            for s in data.start_ranks}


def rounds_elected_to_play(data: EventData) -> dict[int, int]:
    """Art. 7.6 (REP): the rounds the player did not choose to leave unplayed (art. 16.2)."""
    return _per_round(data, lambda r: not r.voluntarily_unplayed)


def standard_points(data: EventData) -> dict[int, Fraction]:
    """Art. 7.7 (STD): 1 for each round scored above the opponent, 1/2 for each scored the same,
    0 below; a round without an opponent is compared with a draw."""
    def halves(r: Round) -> int:
        other = data.table[r.opponent][r.number - 1].points if r.opponent else data.draw
        return 2 if r.points > other else (1 if r.points == other else 0)
    return {s: Fraction(sum(map(halves, data.table[s])), 2) for s in data.start_ranks}


def voluntarily_unplayed(data: EventData) -> dict[int, int]:
    """Helper VUR (art. 16.2): the rounds the player chose to leave unplayed."""
    return _per_round(data, lambda r: r.voluntarily_unplayed)


def games_played(data: EventData) -> dict[int, int]:
    """Helper NUM (art. 16.2): games played over the board."""
    return _per_round(data, lambda r: r.over_the_board)


# ---------------------------------------------------------------- art. 8 and 9 opposition


def average_of_opponents_buchholz(data: EventData, buchholz: Mapping[int, Fraction]) -> dict[int, Fraction | None]:
    """Art. 8.2 (AOB): the exact mean of the Buchholz (or, /F, Fore Buchholz) values of the
    opponents played over the board; None without such an opponent."""
    result: dict[int, Fraction | None] = {}
    for s in data.start_ranks:
        played = [buchholz[r.opponent] for r in data.table[s] if r.over_the_board and r.opponent]
        result[s] = sum(played, Fraction(0)) / len(played) if played else None
    return result


def koya(spec: TiebreakSpec, context: TiebreakContext, data: EventData) -> dict[int, Fraction]:
    """Art. 9.2 (KS): points scored against the opponents who finished with at least the limit
    (50 % of the maximum possible score, or as /L says: art. 14.5)."""
    limit = koya_limit(spec, context, data)
    qualified = {s for s in data.start_ranks if data.value(data.totals[s]) >= limit}
    return {s: data.value(sum(r.points for r in data.table[s] if r.opponent in qualified)) for s in data.start_ranks}


# ---------------------------------------------------------------- art. 10 ratings


def lowest_rating_reaching(ratings: list[int], score100: int) -> int:
    """Art. 10.3 (PTP) by its definition: the lowest whole rating R whose expected score against
    `ratings` (B.02 table 8.1.2) reaches the score (in hundredths of a point); a zero score gives
    the lowest opponent's rating - 800."""
    if score100 == 0:
        return min(ratings) - 800
    return next(r for r in range(min(ratings) - 800, max(ratings) + 801)
                if sum(expected_by_difference(r - o) for o in ratings) >= score100)


def _own_games(spec: TiebreakSpec, data: EventData) -> dict[int, list[rating_based.RatedGame]]:
    ratings = rating_based._ratings(spec, data)
    return {s: rating_based._games(data, ratings, s) for s in data.start_ranks}


def average_rating_of_opponents(spec: TiebreakSpec, context: TiebreakContext, data: EventData
                                ) -> dict[int, int | None]:
    """Art. 10.1 (ARO): the opponents' average rating (half up) over the games the cut and
    median modifiers keep (art. 14)."""
    return {s: rating_based.average_rating(rating_based.cut_games(spec, context, data, games)[0])
            for s, games in _own_games(spec, data).items()}


def performances(spec: TiebreakSpec, data: EventData, perfect: bool = False) -> dict[int, int | None]:
    """Art. 10.2 (TPR: ARO + dp of the percentage score) or, `perfect`, art. 10.3 (PTP)."""
    compute = rating_based.perfect_performance if perfect else rating_based.performance
    return {s: compute(games) for s, games in _own_games(spec, data).items()}


def average_performance_of_opponents(spec: TiebreakSpec, data: EventData, perfect: bool = False
                                     ) -> dict[int, int | None]:
    """Art. 10.4 (APRO) or, `perfect`, art. 10.5 (APPO): the average (half up) of the TPR (PTP)
    of the opponents played over the board who have one; None without such an opponent."""
    own = performances(spec, data, perfect)
    result: dict[int, int | None] = {}
    for s in data.start_ranks:
        found = [own[r.opponent] for r in data.table[s]
                 if r.over_the_board and r.opponent and own[r.opponent] is not None]
        result[s] = rating_based.half_up(sum(found), len(found)) if found else None
    return result
