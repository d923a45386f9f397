"""Tie-breaks from the player's own games: 34E5 Result between tied players, 34E6 Most blacks,
34E7 Kashdan.
"""

from __future__ import annotations

from rulesengine.model import DRAW_CODES, LOSS_CODES, WIN_CODES, Colour, RoundEntry
from rulesengine.tiebreak import ContributionLine, Explanation, TiebreakContext, TiebreakOutcome, TiebreakSpec

# 34E7: "four points for a win, two for a draw, one for a loss, and none for an unplayed game".
KASHDAN_POINTS = {"win": 4, "draw": 2, "loss": 1, "unplayed": 0}


def _played_result(entry: RoundEntry) -> str:
    if not entry.played:
        return "unplayed"
    if entry.code in WIN_CODES:
        return "win"
    if entry.code in DRAW_CODES:
        return "draw"
    assert entry.code in LOSS_CODES
    return "loss"


def result_between_tied_players(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """34E5: among players still tied, the results of the games they played against one another,
    ranked by plus or minus (wins less losses), not by percentage: 3-1 ("plus two") beats 1-0
    ("plus one"). Forfeits are not games between the players and do not count. A player tied with
    nobody has no value."""
    t = context.tournament
    values: dict[int, int | None] = {p.start_rank: None for p in t.players}
    for group in context.tied_groups():
        members = set(group)
        for sno in group:
            plus_minus = 0
            for entry in t.entries(sno):
                if entry.played and entry.opponent in members:
                    plus_minus += {"win": 1, "draw": 0, "loss": -1}[_played_result(entry)]
            values[sno] = plus_minus
    return TiebreakOutcome(values)


def explain_result_between_tied_players(spec: TiebreakSpec, context: TiebreakContext,
                                        start_rank: int) -> Explanation:
    t = context.tournament
    group = next((set(g) for g in context.tied_groups() if start_rank in g), None)
    if group is None:
        return Explanation(start_rank, str(spec), (), None, ("tied with nobody on the criteria before this one",))
    lines = tuple(ContributionLine(e.round, e.opponent, f"{_played_result(e)} vs {e.opponent}",
                                   {"win": 1, "draw": 0, "loss": -1}[_played_result(e)])
                  for e in t.entries(start_rank) if e.played and e.opponent in group)
    others = ", ".join(str(s) for s in sorted(group - {start_rank}))
    return Explanation(start_rank, str(spec), lines, sum((line.value for line in lines), 0),
                       (f"tied with {others}",))


def most_blacks(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """34E6: the number of games played with Black. Unplayed rounds are not games, whatever colour
    a forfeited pairing had."""
    t = context.tournament
    return TiebreakOutcome({
        p.start_rank: sum(1 for e in t.entries(p.start_rank) if e.played and e.colour is Colour.BLACK)
        for p in t.players
    })


def explain_most_blacks(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    t = context.tournament
    lines = tuple(ContributionLine(e.round, e.opponent, f"Black vs {e.opponent}", 1)
                  for e in t.entries(start_rank) if e.played and e.colour is Colour.BLACK)
    return Explanation(start_rank, str(spec), lines, len(lines))


def kashdan(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """34E7: 4 per win, 2 per draw, 1 per loss, 0 per unplayed game (byes and forfeits alike)."""
    t = context.tournament
    return TiebreakOutcome({
        p.start_rank: sum(KASHDAN_POINTS[_played_result(e)] for e in t.entries(p.start_rank))
        for p in t.players
    })


def explain_kashdan(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    t = context.tournament
    lines = tuple(ContributionLine(e.round, e.opponent, _played_result(e) if e.played else e.kind.value,
                                   KASHDAN_POINTS[_played_result(e)])
                  for e in t.entries(start_rank))
    return Explanation(start_rank, str(spec), lines, sum((line.value for line in lines), 0))

