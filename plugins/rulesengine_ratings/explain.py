"""What Glicko and Glicko-2 add to the explanation of one player: rating deviations (and
Glicko-2's volatility) before and after, and each opponent's RD, from the figures `glicko` and
`glicko2` keep in `extra`. Elo adds nothing: its explanation is the common one.
"""

from __future__ import annotations

from rulesengine.rating import PlayerRating, RatingExplanation, RatingReport, rating_text


def explain(report: RatingReport, player: PlayerRating) -> RatingExplanation:
    """RD before/after, volatility after (Glicko-2) and an RD column for the opponents."""
    extra = player.extra
    before = f"RD {rating_text(extra['rd_before'], 2)}" if "rd_before" in extra else ""
    after = "   ".join(part for part in (
        f"RD {rating_text(extra['rd_after'], 2)}" if "rd_after" in extra else "",
        f"volatility {rating_text(extra['volatility_after'], 6)}" if "volatility_after" in extra else "",
    ) if part)
    with_rd = any("opponent_rd" in game.extra for game in player.games)
    cells = {game.round: (rating_text(game.extra.get("opponent_rd"), 1),) for game in player.games} if with_rd else {}
    return RatingExplanation(rating_before=before, rating_after=after, game_columns=("RD",) if with_rd else (),
                             game_cells=cells)
