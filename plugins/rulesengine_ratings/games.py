"""Which round entries the generic systems rate: games played over the board, nothing else.

Elo's and Glickman's papers rate games; they say nothing about forfeits or byes, so these
systems follow the common rule of every federation (FIDE B.02 5.1, US Chess 2004 rules): a game
where a player made no move is not rated, and a result the organiser marked unrated (TRF W/D/L)
is not rated either. Whether an opponent without a rating counts is each system's own decision.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterator

from rulesengine.model import EntryKind, RoundEntry, Tournament
from rulesengine.rating import GameRating, UnratedRound, rating_score


def classify(tournament: Tournament, start_rank: int) -> Iterator[tuple[RoundEntry, Fraction | None, str | None]]:
    """Each round entry with its game score and, when it cannot be rated, why not.

    Entries without an opponent are yielded with score None and a reason; callers turn them
    into `UnratedRound`s.
    """
    player = tournament.player(start_rank)
    entries = player.rounds[:tournament.rounds]
    if len(entries) < tournament.rounds:
        entries = tuple(tournament.entries(start_rank))   # missing rounds read as not paired
    for entry in entries:
        kind = entry.kind
        if entry.opponent is None:
            yield entry, None, f"no game ({kind.value}): byes and absences are not rated"
        elif kind is EntryKind.GAME:
            yield entry, rating_score(entry), None
        elif kind is EntryKind.UNRATED_GAME:
            yield entry, rating_score(entry), "played but marked not to be rated (TRF W/D/L result)"
        else:
            score = Fraction(1) if kind is EntryKind.FORFEIT_WIN else Fraction(0)
            yield entry, score, f"unplayed game ({kind.value}): not rated"


def split_entries(tournament: Tournament, start_rank: int,
                  opponent_reason: Callable[[int], str | None]) -> tuple[list[tuple[RoundEntry, Fraction]],
                                                                         list[GameRating], list[UnratedRound]]:
    """Rated games (entry, score), excluded games as GameRatings, and rounds without an opponent.

    `opponent_reason(opponent)` returns why a game against that opponent is not rated (e.g. the
    opponent has no rating), or None.
    """
    rated: list[tuple[RoundEntry, Fraction]] = []
    excluded: list[GameRating] = []
    byes: list[UnratedRound] = []
    for entry, score, reason in classify(tournament, start_rank):
        if entry.opponent is None:
            byes.append(UnratedRound(entry.round, entry.kind.value, reason or ""))
            continue
        reason = reason or opponent_reason(entry.opponent)
        if reason:
            excluded.append(GameRating(entry.round, entry.opponent, None, None, score, False, reason))
        else:
            rated.append((entry, score))
    return rated, excluded, byes


def score_total(scores) -> Fraction:
    """The sum of game scores (1, 1/2, 0), added exactly in half points."""
    return Fraction(sum(s.numerator * 2 // s.denominator for s in scores), 2)
