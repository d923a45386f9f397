"""What each team brings to the round being paired (C.04.6 art. 1): its scores, its colour
history, its float of the previous round, whom it has met and whether it may receive the PAB.

A match counts as played (art. 1.6.1: a team "had" a colour only in a played match) when a game
of it was played over the board, or both teams scored in it (FIDE TEC's engine's reading); a
forfeited match (record 330) is not played, so it gives no colour, no meeting ([C1] art. 2.1.1
reads "play against each other") and no float.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rulesengine.team import MatchKind, TeamRound, TeamTournament

from rulesengine_fide.team_pairing.rules import TeamPairingRules

# art. 2.1.2 [C2]: a team that had the PAB, won a match by forfeit or had a full-point bye
_NO_PAB = (MatchKind.PAIRING_ALLOCATED_BYE, MatchKind.FORFEIT_WIN, MatchKind.FULL_POINT_BYE)


@dataclass(frozen=True)
class TeamState:
    """One team before round `round`: `score` the primary score (art. 1.2), `secondary` the other,
    `pairing_score` the primary plus the acceleration (C.04.7 art. 1.5), `played` its played
    matches, `colours` their colours ("w"/"b", art. 1.6.1), `float` its float in the previous round
    (art. 1.5: "up", "down" or ""), `met` the teams it played, `may_get_pab` [C2] art. 2.1.2."""

    number: int
    score: Fraction
    secondary: Fraction
    pairing_score: Fraction
    played: int
    colours: str
    float: str
    met: frozenset[int]
    may_get_pab: bool

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        return self.colours.count("w") - self.colours.count("b")


def is_played(event: TeamTournament, mine: TeamRound) -> bool:
    """A match played in the sense of art. 1.6.1 (see the module docstring)."""
    if mine.kind is not MatchKind.MATCH or mine.opponent is None:
        return False
    theirs = event.team(mine.opponent).rounds[mine.round - 1]
    return mine.over_the_board or theirs.over_the_board or (mine.game_points > 0 and theirs.game_points > 0)


def _won_unplayed(event: TeamTournament, mine: TeamRound) -> bool:
    """A match won with no game played over the board (every board won by forfeit): a forfeit win
    for [C2] art. 2.1.2, as a 330 `+-` is (FIDE TEC's engine reads it so)."""
    return (mine.kind is MatchKind.MATCH and not is_played(event, mine)
            and mine.match_points == event.team_points.win and mine.match_points > event.team_points.draw)


def team_colour(event: TeamTournament, number: int, round_number: int) -> str:
    """The team's colour in a match (art. 1.6.1): the colour its first board was scheduled to play,
    read from any board whose player's colour is known and the board colour sequence (record 352;
    alternating from board 1 without it); "" when no board tells."""
    sequence = (event.colour_sequence or "WB").upper()
    for team, flip in ((number, False), (event.team(number).rounds[round_number - 1].opponent, True)):
        if team is None:
            continue
        for board in event.team(team).rounds[round_number - 1].boards:
            if board.player is None:
                continue
            colour = event.individual.player(board.player).entry(round_number).colour.value
            if colour not in ("w", "b"):
                continue
            same = sequence[(board.number - 1) % len(sequence)] == sequence[0]
            if same == flip:
                colour = "b" if colour == "w" else "w"
            return colour
    return ""


def team_states(event: TeamTournament, round_number: int, rules: TeamPairingRules) -> dict[int, TeamState]:
    """Every team's state before `round_number` (rounds 1..round_number-1 count)."""
    primary_mp = rules.primary == "MP"

    def scores(team, upto: int) -> tuple[Fraction, Fraction]:
        rounds = team.rounds[:upto]
        mp = sum((r.match_points for r in rounds), Fraction(0))
        gp = sum((r.game_points for r in rounds), Fraction(0))
        return (mp, gp) if primary_mp else (gp, mp)

    def pairing_score(team, upto: int) -> Fraction:
        """The pairing score after `upto` rounds, as round upto + 1 is paired."""
        return scores(team, upto)[0] + rules.accelerated(team.number, upto + 1)

    states = {}
    for team in event.teams:
        done = team.rounds[:round_number - 1]
        played = [r for r in done if is_played(event, r)]
        colours = "".join(team_colour(event, team.number, r.round) for r in played)
        drift = ""
        if round_number > 1 and played and played[-1].round == round_number - 1:
            mine = pairing_score(team, round_number - 2)
            theirs = pairing_score(event.team(played[-1].opponent), round_number - 2)
            drift = "down" if mine > theirs else "up" if mine < theirs else ""
        score, secondary = scores(team, round_number - 1)
        states[team.number] = TeamState(
            team.number, score, secondary, score + rules.accelerated(team.number, round_number), len(played),
            colours, drift, frozenset(r.opponent for r in played),
            not any(r.kind in _NO_PAB or _won_unplayed(event, r) for r in done))
    return states
