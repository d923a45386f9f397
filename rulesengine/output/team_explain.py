"""The team explain contract (docs/contracts.md "Team events: --boards, explain (issue 22)"):
`rulesengine explain TEAM.trf --team N [--tiebreak SPEC] --format json|table`.

Each line of a plugin's breakdown is shown with the round's match from the model: the opponent
team, what the round was (a match, a PAB, a forfeited match, a bye), the match and game points
and the board results (`1`, `=`, `0` over the board; `+`, `-` forfeited; `.` an empty board).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rulesengine.numbers import to_json_number, to_text
from rulesengine.team import MatchKind, TeamRound

if TYPE_CHECKING:
    from rulesengine.api import TeamStandingsRun
    from rulesengine.team import Team
    from rulesengine.team_tiebreak import TeamExplanation

_KINDS = {MatchKind.MATCH: "match", MatchKind.FORFEIT_WIN: "forfeit win (330)",
          MatchKind.FORFEIT_LOSS: "forfeit loss (330)", MatchKind.PAIRING_ALLOCATED_BYE: "PAB (320)",
          MatchKind.FULL_POINT_BYE: "full-point bye", MatchKind.HALF_POINT_BYE: "half-point bye",
          MatchKind.ZERO_POINT_BYE: "zero-point bye", MatchKind.NOT_PAIRED: "not paired"}


def board_marks(run: TeamStandingsRun, team_round: TeamRound) -> str:
    scoring = run.event.individual.scoring
    marks = []
    for board in team_round.boards:
        if board.player is None:
            marks.append(".")
        elif not board.over_the_board:
            marks.append("+" if board.points else "-")
        else:
            marks.append("1" if board.points == scoring.win else "=" if board.points == scoring.draw else
                         "0" if board.points == scoring.loss else to_text(board.points))
    return " ".join(marks)


def _round(team: Team, number: int) -> TeamRound | None:
    return team.rounds[number - 1] if 0 < number <= len(team.rounds) else None


def team_explanation_document(run: TeamStandingsRun, explanations: Sequence[TeamExplanation]) -> dict:
    """`{"team": {...}, "explanations": [{"tiebreak", "lines": [...], "total", "notes"}], "rules", "notes"}`."""
    team = run.event.team(explanations[0].team) if explanations else None

    def line(item) -> dict:
        played = _round(team, item.round)
        data = {"round": item.round or None, "opponent": played.opponent if played else None,
                "kind": _KINDS[played.kind] if played else None,
                "mp": to_json_number(played.match_points) if played else None,
                "gp": to_json_number(played.game_points) if played else None,
                "boards": [to_json_number(b.points) if b.player is not None else None for b in played.boards]
                if played else [],
                "description": item.description, "value": to_json_number(item.value), "dropped": item.dropped or None}
        return data
    return {
        "team": {"team": team.number, "name": team.name, "mp": to_json_number(team.match_points),
                 "gp": to_json_number(team.game_points)} if team else None,
        "explanations": [{"tiebreak": e.spec, "lines": [line(item) for item in e.lines],
                          "total": to_json_number(e.total), "notes": list(e.notes)} for e in explanations],
        "rules": run.rules.to_json(),
        "notes": list(run.notes),
    }


def team_explanation_rows(run: TeamStandingsRun, explanation: TeamExplanation) -> list[list[str]]:
    """The table's rows (`--format table`): Rnd, Opp, Match, MP, GP, Boards, Contribution, Value, Dropped."""
    team = run.event.team(explanation.team)
    rows = []
    for item in explanation.lines:
        played = _round(team, item.round)
        match = ([str(played.opponent or "-"), _KINDS[played.kind], to_text(played.match_points),
                  to_text(played.game_points), board_marks(run, played)] if played else ["", "", "", "", ""])
        rows.append([str(item.round or ""), *match, item.description, to_text(item.value), item.dropped])
    return rows


TABLE_HEADER = ["Rnd", "Opp", "Match", "MP", "GP", "Boards", "Contribution", "Value", "Dropped"]
TABLE_RIGHT = [True, True, False, True, True, False, False, True, False]
