"""The FIDE Dutch system as the core's `PairingSystem` record (hook `rulesengine_pairing_systems`)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from rulesengine.model import Tournament
from rulesengine.pairing import PairedRound, Pairing, PairingRequest, PairingSystem, RoundCheck
from rulesengine.plugins import lazy

if TYPE_CHECKING:
    from rulesengine_fide.pairing.engine import RoundPairing

# The engine is imported on first use: listing plugins or computing standings never pays for it.
pair_round = lazy("rulesengine_fide.pairing.engine", "pair_round")
initial_ranking = lazy("rulesengine_fide.pairing.ranking", "initial_ranking")
event_day = lazy("rulesengine_fide.pairing.event_day", "event_day")


def _paired(result: RoundPairing) -> PairedRound:
    return PairedRound(result.round, tuple(Pairing(b.white, b.black) for b in result.boards),
                       tuple(result.byes))


def _pair_round(request: PairingRequest) -> PairedRound:
    return _paired(pair_round(request.tournament, request.round_number))


def _pair(request: PairingRequest) -> tuple[Pairing, ...]:
    """Boards in C.04.2 order, then the pairing-allocated bye (black None), if any."""
    result = pair_round(request.tournament, request.round_number)
    boards = tuple(Pairing(b.white, b.black) for b in result.boards)
    if result.pab is not None:
        boards += (Pairing(result.pab, None),)
    return boards


def _check(tournament: Tournament) -> list[RoundCheck]:
    from rulesengine_fide.pairing.check import check_tournament
    out = []
    for c in check_tournament(tournament):
        recorded_byes = ((c.recorded_pab, "PAB"),) if c.recorded_pab is not None else ()
        recorded_byes += tuple((p, k) for p, k in c.rules.byes if k != "PAB")
        recorded = PairedRound(c.round, tuple(Pairing(w, b) for w, b in c.recorded_games), recorded_byes)
        out.append(RoundCheck(c.round, _paired(c.rules), recorded, c.verdict, c.criterion, tuple(c.warnings)))
    return out


def _explain(request: PairingRequest) -> str:
    from rulesengine_fide.pairing.explain import explain_round
    from rulesengine_fide.pairing.records import read_setup
    result = pair_round(request.tournament, request.round_number)
    return explain_round(result, read_setup(request.tournament).forbidden_in(result.round))


DUTCH_TEXT = "FIDE (Dutch) System, C.04.3 (2025 text, in force 2026)"
BAKU_TEXT = "Baku acceleration C.04.7"


def _heading(tournament: Tournament) -> str:
    """The Dutch system, and Baku acceleration (C.04.7) only when the event asks for it: record
    192's type ends in `_BAKU`, as `records.read_setup` reads it."""
    baku = any(code == "192" and rest.strip().upper().endswith("_BAKU") for code, rest in tournament.header)
    return f"{DUTCH_TEXT}, {BAKU_TEXT}" if baku else DUTCH_TEXT


DUTCH = PairingSystem(
    name="dutch",
    description=f"{DUTCH_TEXT}, {BAKU_TEXT}",
    heading=_heading,
    pair=_pair,
    pair_round=_pair_round,
    check=_check,
    explain=_explain,
    initial_ranking=initial_ranking,
    event_day=event_day,
    # The 2025 text (handbook C0403202507) replaced the 2017 one on 1 February 2026.
    in_force_from=date(2026, 2, 1),
    earlier_texts=("rounds may differ where the 2017 text pairs otherwise (it has no C5 and C9 for the "
                   "pairing-allocated bye, and an unplayed round is no downfloat, A.4)"),
)

SYSTEMS = [DUTCH]
