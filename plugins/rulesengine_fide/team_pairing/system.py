"""The FIDE team Swiss (C.04.6) as the core's `TeamPairingSystem` (hook
`rulesengine_team_pairing_systems`); the engine is imported on first use."""

from __future__ import annotations

from datetime import date

from rulesengine.pairing import PairedRound, Pairing, RoundCheck
from rulesengine.team_pairing import TeamPairingSystem

TEAM_SWISS_TEXT = "FIDE Swiss Team Pairing System, C.04.6 (in force from 1 February 2026)"


def _paired(result) -> PairedRound:
    byes = ((result.pab, "PAB"),) if result.pab is not None else ()
    return PairedRound(result.round, tuple(Pairing(b.white, b.black) for b in result.boards), byes + result.absent)


def pair_round(event, round_number: int) -> PairedRound:
    from rulesengine_fide.team_pairing.round import pair_team_round
    return _paired(pair_team_round(event, round_number))


def check(event) -> list[RoundCheck]:
    from rulesengine_fide.team_pairing.check import check_team_event
    out = []
    for c in check_team_event(event):
        recorded = PairedRound(c.round, tuple(Pairing(w, b) for w, b in c.recorded.boards),
                               ((c.recorded.pab, "PAB"),) if c.recorded.pab is not None else ())
        rules = _paired(c.rules) if c.rules is not None else PairedRound(c.round, ())
        out.append(RoundCheck(c.round, rules, recorded, c.verdict, c.criterion))
    return out


def explain(event, round_number: int) -> str:
    from rulesengine_fide.team_pairing.explain import explain_round
    from rulesengine_fide.team_pairing.round import pair_team_round
    return explain_round(event, pair_team_round(event, round_number))


TEAM_SWISS = TeamPairingSystem("fide_team", TEAM_SWISS_TEXT, pair_round, check, explain, date(2026, 2, 1))
SYSTEMS = [TEAM_SWISS]
