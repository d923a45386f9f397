"""US Chess rule 34E1's treatment of unplayed games, shared by every opposition-based tie-break.

The rule book (Official Rules of Chess, 7th edition, 34E1, also the basis of 34E2 Solkoff and
34E4 Median):

- Opponents' scores are *adjusted*: each of an opponent's unplayed games counts 1/2 point,
  "regardless of whether they were byes, forfeits, or simply rounds not played after an opponent
  withdrew" (an opponent who won rounds 1 and 2, lost round 3 and withdrew from a five-round event
  has an adjusted score of 1 + 1 + 0 + 1/2 + 1/2 = 3). The adjusted score is used only in other
  players' tie-breaks; a player's own score is not changed.
- The tied player's own unplayed games "count as opponents with adjusted scores of 0".

This is the opposite of FIDE C.07 art. 16, which leaves a forfeit win at face value in what the
player contributes to others and gives the player's own unplayed rounds a dummy opponent scored
from the player's own result.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rulesengine.model import RoundEntry, Tournament

UNPLAYED_GAME_ADJUSTED_SCORE = Fraction(0)  # 34E1: the tied player's own unplayed games


def unplayed_description(entry: RoundEntry) -> str:
    """Why a round was not played, in a TD's words."""
    return entry.kind.value


def adjusted_score(tournament: Tournament, start_rank: int) -> Fraction:
    """34E1: the player's score with every unplayed game counted as 1/2 (a draw's points)."""
    scoring = tournament.scoring
    half = scoring.draw
    return sum((scoring.points(entry) if entry.played else half for entry in tournament.entries(start_rank)),
               Fraction(0))


def adjusted_scores(tournament: Tournament) -> dict[int, Fraction]:
    return {p.start_rank: adjusted_score(tournament, p.start_rank) for p in tournament.players}


@dataclass(frozen=True)
class OpponentLine:
    """One round of a player's opposition list: the opponent faced and the score that counts."""

    round: int
    opponent: int | None   # None for an unplayed game (34E1: an opponent with adjusted score 0)
    score: Fraction
    played: bool
    description: str
    result_fraction: Fraction = Fraction(0)  # 1 win, 1/2 draw, 0 loss (for Sonneborn-Berger)


def opposition(tournament: Tournament, start_rank: int, opponent_scores: dict[int, Fraction]) -> list[OpponentLine]:
    """Every round of a player as 34E1 counts it: played games give the opponent's score from
    `opponent_scores` (adjusted or final), unplayed games an opponent scored 0."""
    lines = []
    for entry in tournament.entries(start_rank):
        if entry.played and entry.opponent is not None:
            lines.append(OpponentLine(entry.round, entry.opponent, opponent_scores[entry.opponent], True,
                                      f"vs {entry.opponent}", _result_fraction(tournament, entry)))
        else:
            lines.append(OpponentLine(entry.round, None, UNPLAYED_GAME_ADJUSTED_SCORE, False,
                                      f"{unplayed_description(entry)} (unplayed: counts 0, 34E1)"))
    return lines


def _result_fraction(tournament: Tournament, entry: RoundEntry) -> Fraction:
    scoring = tournament.scoring
    return scoring.points(entry) / scoring.win if scoring.win else Fraction(0)


def score_class(tournament: Tournament, start_rank: int) -> str:
    """34E1: "plus", "even" or "minus" against half the maximum possible score."""
    maximum = tournament.scoring.win * tournament.rounds
    doubled = 2 * tournament.points[start_rank]
    if doubled > maximum:
        return "plus"
    if doubled < maximum:
        return "minus"
    return "even"


def drops_per_end(tournament: Tournament) -> int:
    """34E1: one score per end that the rule drops; two "for tournaments of nine or more rounds"."""
    return 2 if tournament.rounds >= 9 else 1
