"""Team round robins by the Berger tables (C.05 Annex 1; issue 24 item 4): the teams take the
players' places (`rulesengine.team.match_tournament`: one game per match, white the first-named
team), so the individual machinery pairs and checks them unchanged.

`team_berger_round(event, round)` is the call the team pairing route makes (its CLI wiring
belongs to the team swiss work): the round's matches as a `PairedRound` of team numbers, white
the first-named team, the idle team of an odd field as its bye.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from rulesengine.pairing import PairedRound, PairingRequest, RoundCheck

if TYPE_CHECKING:   # the team model loads when a team event is paired, not when plugins are listed
    from rulesengine.team import TeamTournament


def team_berger_round(event: TeamTournament, round_number: int,
                      options: Mapping[str, Any] | None = None) -> PairedRound:
    """Round `round_number` of the teams' Berger table (team numbers; the first named is white)."""
    from rulesengine.team import match_tournament
    from rulesengine_fide.round_robin.system import _pair_round
    return _pair_round(PairingRequest(match_tournament(event), round_number, dict(options or {})))


def check_team_rounds(event: TeamTournament) -> list[RoundCheck]:
    """Every recorded round of the teams against their Berger table."""
    from rulesengine.team import match_tournament
    from rulesengine_fide.round_robin.check import check_rounds
    return check_rounds(match_tournament(event))


def _team_berger_system():
    """The team Berger tables as a `TeamPairingSystem` named "team_berger": the name `pair TEAM.trf`
    looks for on a team round robin (record 092)."""
    from rulesengine.team_pairing import TeamPairingSystem
    return TeamPairingSystem("team_berger", "Berger tables, FIDE C.05 Annex 1 (team round robin)",
                             lambda event, round_number: team_berger_round(event, round_number),
                             check_team_rounds)


SYSTEMS = [_team_berger_system()]
