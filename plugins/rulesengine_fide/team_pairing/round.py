"""The pairing process of one round (C.04.6 art. 3.3.2): 1. the PAB (art. 3.4); 2. the
top-scoregroup with its upfloaters, paired (3.5, 3.6); 3. repeated until every team is paired;
4. the colours (art. 4). Boards are ordered as FIDE TEC's engine orders them (C.04.6 is silent;
General Handling Rules art. 3.6 leaves it to the competition): the higher pairing score of the
pair, then the sum of the pair's scores, then the smaller TPN; the PAB last.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rulesengine.errors import UsageError
from rulesengine.team import MatchKind, TeamTournament

from rulesengine_fide.team_pairing.brackets import (Bracket, Field, NoLegalPairing, levels_of,
                                                    pair_top_scoregroup, pab_team)
from rulesengine_fide.team_pairing.colours import allocate, preference
from rulesengine_fide.team_pairing.rules import TeamPairingRules, read_rules
from rulesengine_fide.team_pairing.state import TeamState, team_states

_BYE_WORDS = {MatchKind.FULL_POINT_BYE: "FPB", MatchKind.HALF_POINT_BYE: "HPB", MatchKind.ZERO_POINT_BYE: "ZPB"}


@dataclass(frozen=True)
class TeamBoard:
    white: int
    black: int
    rule: str          # the art. 4.3 rule that gave the colours


@dataclass(frozen=True)
class TeamRoundPairing:
    """A round as C.04.6 pairs it: boards in order, the PAB team, the teams not paired with their
    kind ("HPB", "FPB", "ZPB", "absent"), the brackets (for explain) and the states used."""

    round: int
    boards: tuple[TeamBoard, ...]
    pab: int | None
    absent: tuple[tuple[int, str], ...]
    brackets: tuple[Bracket, ...]
    states: dict[int, TeamState]
    rules: TeamPairingRules


def requested_byes(event: TeamTournament, round_number: int) -> dict[int, str]:
    """Teams with a record 240 bye in `round_number` (not paired, art. 3.3.1)."""
    return {bye.team: _BYE_WORDS[bye.kind] for bye in event.byes if bye.round == round_number}


def pair_team_round(event: TeamTournament, round_number: int, present: set[int] | None = None,
                    forbidden: frozenset[frozenset[int]] = frozenset(),
                    planned_rounds: int | None = None) -> TeamRoundPairing:
    """Pair `round_number` from rounds 1..round_number-1. `present`: the teams to pair (default:
    every team without a record 240 bye in that round); `planned_rounds` overrides record 142 (a
    finished event being checked has as many rounds as it played). Raises UsageError for a round-robin
    event and for a round art. 3.3.3 leaves to the Chief Arbiter."""
    if event.is_round_robin:
        raise UsageError("this team event is a round robin (record 092): pair it by the Berger tables (C.05 "
                         "Annex 1), not by the team Swiss system; team round robins are not paired yet")
    if round_number < 1:
        raise UsageError(f"round must be 1 or more, not {round_number}")
    rules = read_rules(event)
    if planned_rounds is not None:
        rules = replace(rules, planned_rounds=planned_rounds)
    byes = requested_byes(event, round_number)
    if present is None:
        present = {t.number for t in event.teams if t.number not in byes}
    states = team_states(event, round_number, rules)
    teams = sorted(present)
    planned = max(rules.planned_rounds, event.rounds)
    if rules.planned_rounds == 0 and round_number > planned - 2:
        raise UsageError(f"round {round_number}: the file declares no number of rounds (record 142), and "
                         f"C.04.6 arts. 2.3.4 [C7] and 2.3.7 [C10] depend on whether this is one of the last two")
    fld = build_field(states, teams, rules, round_number, planned, forbidden | rules.forbidden_in(round_number))
    try:
        if len(teams) % 2 == 0 and not fld.pairable(teams):
            raise NoLegalPairing(f"no pairing of the {len(teams)} teams complies with the absolute criteria "
                                 f"(art. 2.1: the pairs still allowed leave a team unpaired); art. 3.3.3: the Chief Arbiter decides")
        pab = pab_team(fld, {t: states[t].played for t in teams})
        remaining = [t for t in teams if t != pab]
        brackets = []
        for level in range(max(fld.level.values(), default=-1), -1, -1):
            bracket = pair_top_scoregroup(fld, level, remaining)
            if bracket is not None:
                brackets.append(bracket)
                paired = {t for pair in bracket.pairs for t in pair}
                remaining = [t for t in remaining if t not in paired]
    except NoLegalPairing as exc:
        raise UsageError(f"round {round_number} cannot be paired: {exc}") from exc
    boards = [TeamBoard(*allocate(states[a], states[b], rules, round_number))
              for bracket in brackets for a, b in bracket.pairs]
    boards.sort(key=lambda b: board_key(states[b.white].pairing_score, states[b.black].pairing_score,
                                        min(b.white, b.black)))
    absent = tuple(sorted((t.number, byes.get(t.number, "absent")) for t in event.teams if t.number not in present))
    return TeamRoundPairing(round_number, tuple(boards), pab, absent, tuple(brackets), states, rules)


def board_key(a: Fraction, b: Fraction, tpn: int) -> tuple:
    """The board order of a pair (module docstring)."""
    return (-max(a, b), -(a + b), tpn)


def build_field(states: dict[int, TeamState], teams: list[int], rules: TeamPairingRules, round_number: int,
                planned: int, forbidden: frozenset[frozenset[int]] = frozenset()) -> Field:
    """What the criteria of art. 2 read of the teams to pair (team 0 stands for the PAB)."""
    def can_meet(a: int, b: int) -> bool:
        if a == 0 or b == 0:
            return states[a or b].may_get_pab                 # [C2] art. 2.1.2
        return b not in states[a].met and frozenset((a, b)) not in forbidden   # [C1] art. 2.1.1, record 260
    return Field(
        teams=teams,
        level=levels_of({t: states[t].pairing_score for t in teams}),
        can_meet=can_meet,
        floated={t: bool(states[t].float) for t in teams},
        preference={t: preference(states[t], rules, round_number) for t in teams},
        type_b=rules.type_b,
        last_two_rounds=round_number > planned - 2)     # arts. 2.3.4 [C7], 2.3.7 [C10]
