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
from rulesengine.rating import GAME_SCORES, GameRating, UnratedRound, rating_score


def classify(tournament: Tournament, start_rank: int) -> Iterator[tuple[RoundEntry, Fraction | None, str | None]]:
    """Each round entry with its game score and, when it cannot be rated, why not.

    Entries without an opponent are yielded with score None and a reason; callers turn them
    into `UnratedRound`s.
    """
    for entry in _entries(tournament, start_rank):
        yield _classified(entry)


def _entries(tournament: Tournament, start_rank: int):
    player = tournament.player(start_rank)
    entries = player.rounds[:tournament.rounds]
    if len(entries) < tournament.rounds:
        entries = tuple(tournament.entries(start_rank))   # missing rounds read as not paired
    return entries


def _classified(entry: RoundEntry) -> tuple[RoundEntry, Fraction | None, str | None]:
    kind = entry.kind
    if entry.opponent is None:
        return entry, None, f"no game ({kind.value}): byes and absences are not rated"
    if kind is EntryKind.GAME:
        return entry, rating_score(entry), None
    if kind is EntryKind.UNRATED_GAME:
        return entry, rating_score(entry), "played but marked not to be rated (TRF W/D/L result)"
    score = Fraction(1) if kind is EntryKind.FORFEIT_WIN else Fraction(0)
    return entry, score, f"unplayed game ({kind.value}): not rated"


def split_entries(tournament: Tournament, start_rank: int, opponent_reason: Callable[[int], str | None] | None,
                  detail: bool = True) -> tuple[list[tuple[RoundEntry, Fraction]], list[GameRating],
                                                list[UnratedRound]]:
    """Rated games (entry, score), excluded games as GameRatings, and rounds without an opponent.

    `opponent_reason(opponent)` returns why a game against that opponent is not rated (e.g. the
    opponent has no rating), or None; None for the function: every opponent counts. Without
    `detail` (`RatingRequest.detail`) only the rated games are returned, the other two lists
    stay empty. The decision is `classify`'s: a game counts when it was played and rated over the
    board (TRF 1 = 0, `EntryKind.GAME`) against an opponent; everything else goes to `classify`
    for its reason.
    """
    rated: list[tuple[RoundEntry, Fraction]] = []
    excluded: list[GameRating] = []
    byes: list[UnratedRound] = []
    for entry in _entries(tournament, start_rank):
        opponent = entry.opponent
        score = GAME_SCORES.get(entry.code)
        if score is not None and opponent is not None:   # EntryKind.GAME: rated unless the opponent is not
            reason = opponent_reason(opponent) if opponent_reason is not None else None
            if reason is None:
                rated.append((entry, score))
            elif detail:
                excluded.append(GameRating(entry.round, opponent, None, None, score, False, reason))
            continue
        if not detail:
            continue
        _, score, reason = _classified(entry)
        if opponent is None:
            byes.append(UnratedRound(entry.round, entry.kind.value, reason or ""))
        else:
            excluded.append(GameRating(entry.round, opponent, None, None, score, False, reason or ""))
    return rated, excluded, byes
