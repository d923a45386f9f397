"""What a team pairing system is, as the core sees it (the `rulesengine_team_pairing_systems` hook).

A team pairing system pairs the teams of a `TeamTournament` (team numbers of record 310, or the
place of a legacy 013 record) and answers with the core's pairing records: `PairedRound` (boards
white team first; `byes` the PAB and the teams not paired with their kind: "PAB", "HPB", "FPB",
"ZPB", "absent") and, for `check`, one `RoundCheck` per recorded round.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:   # the record is built when plugins load; the team model only when one is paired
    from rulesengine.pairing import PairedRound, RoundCheck
    from rulesengine.team import TeamTournament


@dataclass(frozen=True)
class TeamPairingSystem:
    """A team pairing system as a plugin provides it.

    `pair_round(event, round_number)` pairs that round from the rounds before it (teams with a
    requested bye, record 240, are not paired); `check(event)` re-pairs every recorded round;
    `explain(event, round_number)` is the text of a round's pairing, bracket by bracket;
    `in_force_from` the first day of the text implemented (None: not said).
    """

    name: str
    description: str
    pair_round: Callable[[TeamTournament, int], PairedRound]
    check: Callable[[TeamTournament], list[RoundCheck]] | None = None
    explain: Callable[[TeamTournament, int], str] | None = None
    in_force_from: date | None = None
