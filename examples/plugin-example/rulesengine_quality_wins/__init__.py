"""An example federation tie-break: QW, the number of games won over the board against
opponents who finished with a plus score (more than half the rounds' points).

Copy this package as the starting point of your own plugin: one hook, one record, one pure
function over the immutable tournament model. Everything comes from `rulesengine.plugins`.
"""

from __future__ import annotations

from rulesengine.plugins import (EntryKind, ResultCode, TiebreakContext, TiebreakOutcome, TiebreakRule,
                                 TiebreakSpec, hookimpl)


def quality_wins(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """Wins over the board against opponents whose final score is above 50 %."""
    tournament = context.tournament
    points = tournament.points
    half = tournament.scoring.win * tournament.rounds / 2
    values = {}
    for player in tournament.players:
        values[player.start_rank] = sum(
            1
            for entry in tournament.entries(player.start_rank)
            if entry.kind is EntryKind.GAME and entry.code is ResultCode.WIN and points[entry.opponent] > half
        )
    return TiebreakOutcome(values)


@hookimpl
def rulesengine_tiebreaks():
    return [TiebreakRule("QW", "Quality wins", "Example Federation rule 7.3", quality_wins,
                         description="games won against opponents finishing above 50 %")]
