"""What the FIDE rating systems add to the explanation of one player: the derivation of a first
rating (B.02 8.2), from the figures `standard` keeps in `PlayerRating.extra`.

Kept apart from the arithmetic so that the front ends read no FIDE-private keys: they lay out
the `RatingExplanation` this returns.
"""

from __future__ import annotations

from rulesengine.rating import PlayerRating, RatingExplanation, RatingReport, rating_text, signed_rating_text


def explain(report: RatingReport, player: PlayerRating) -> RatingExplanation:
    """The lines that derive an unrated player's initial rating Ru = Ra + dp (B.02 8.2.1)."""
    initial = player.extra.get("initial")
    if player.rating_before is not None or not initial:
        return RatingExplanation()
    games = player.extra.get("pooled_games", 0)
    return RatingExplanation(initial_rating=(
        f"Initial rating from {games} game(s) against rated opponents:",
        f"  Ra = average of the opponents plus two hypothetical 1800s = {rating_text(initial['Ra'], 2)}",
        f"  p = fractional score (two hypothetical draws included) = {rating_text(initial['p'], 4)}"
        f" -> {initial['p_hundredths'] / 100:.2f}",
        f"  dp (table 8.1.1) = {signed_rating_text(initial['dp'], 0)}",
        f"  Ru = Ra + dp = {rating_text(initial['Ru_unrounded'], 2)} -> {initial['Ru']}",
    ))
