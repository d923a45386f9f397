"""The FIDE Dutch system as the core's `PairingSystem` record (hook `rulesengine_pairing_systems`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rulesengine.model import Tournament
from rulesengine.pairing import PairedRound, Pairing, PairingRequest, PairingSystem, RoundCheck
from rulesengine.plugins import lazy

from rulesengine_fide.pairing.texts import TEXT_2017, TEXT_2025, DutchText, named_in, text_for, text_on

if TYPE_CHECKING:
    from rulesengine_fide.pairing.engine import RoundPairing

# The engine is imported on first use: listing plugins or computing standings never pays for it.
pair_round = lazy("rulesengine_fide.pairing.engine", "pair_round")
initial_ranking = lazy("rulesengine_fide.pairing.ranking", "initial_ranking")
event_day = lazy("rulesengine_fide.pairing.event_day", "event_day")


def _paired(result: RoundPairing) -> PairedRound:
    return PairedRound(result.round, tuple(Pairing(b.white, b.black) for b in result.boards),
                       tuple(result.byes))


BAKU_TEXT = "Baku acceleration C.04.7"
# The Dutch text as a function of the event: one text, or the one its type names or in force when it started.
Choose = Callable[[Tournament], "DutchText"]


def _named_title(tournament: Tournament) -> tuple[str, str] | None:
    named = named_in(tournament)
    return (named[0].title, named[1]) if named is not None else None


def _baku(tournament: Tournament) -> bool:
    """Baku acceleration (C.04.7) when the event asks for it: record 192's type ends in `_BAKU`,
    as `records.read_setup` reads it."""
    return any(code == "192" and rest.strip().upper().endswith("_BAKU") for code, rest in tournament.header)


def _system(name: str, choose: Choose, **fields) -> PairingSystem:
    """The Dutch system pairing (and checking, explaining) every event by the text `choose` gives."""

    def pair(request: PairingRequest) -> tuple[Pairing, ...]:
        """Boards in C.04.2 order, then the pairing-allocated bye (black None), if any."""
        result = pair_round(request.tournament, request.round_number, text=choose(request.tournament))
        boards = tuple(Pairing(b.white, b.black) for b in result.boards)
        if result.pab is not None:
            boards += (Pairing(result.pab, None),)
        return boards

    def pair_one(request: PairingRequest) -> PairedRound:
        return _paired(pair_round(request.tournament, request.round_number, text=choose(request.tournament)))

    def check(tournament: Tournament) -> list[RoundCheck]:
        from rulesengine_fide.pairing.check import check_tournament
        out = []
        for c in check_tournament(tournament, text=choose(tournament)):
            recorded_byes = ((c.recorded_pab, "PAB"),) if c.recorded_pab is not None else ()
            recorded_byes += tuple((p, k) for p, k in c.rules.byes if k != "PAB")
            recorded = PairedRound(c.round, tuple(Pairing(w, b) for w, b in c.recorded_games), recorded_byes)
            out.append(RoundCheck(c.round, _paired(c.rules), recorded, c.verdict, c.criterion, tuple(c.warnings)))
        return out

    def explain(request: PairingRequest) -> str:
        from rulesengine_fide.pairing.explain import explain_round
        from rulesengine_fide.pairing.records import read_setup
        result = pair_round(request.tournament, request.round_number, text=choose(request.tournament))
        return explain_round(result, read_setup(request.tournament).forbidden_in(result.round))

    def heading(tournament: Tournament) -> str:
        title = choose(tournament).title
        return f"{title}, {BAKU_TEXT}" if _baku(tournament) else title

    return PairingSystem(name=name, pair=pair, pair_round=pair_one, check=check, explain=explain,
                         heading=heading, initial_ranking=initial_ranking, event_day=event_day, **fields)


_EARLIER_2025 = ("rounds may differ where the 2017 text pairs otherwise (it has no C5 and C9 for the "
                 "pairing-allocated bye, counts every unplayed round as a downfloat, A.4.b, and collapses "
                 "the brackets below the penultimate one, A.9)")
_EARLIER_2017 = "rounds may differ where the Istanbul 2012 text pairs otherwise"

# The system FIDE events are paired by: the text the event's type names (192/092 `FIDE_DUTCH_2017`,
# `FIDE_DUTCH_2025`), else the text in force when the event started (C.04.3 2025 text from
# 1 February 2026, handbook C0403202507; the 2017 text before, C0403Till2025).
DUTCH = _system("dutch", text_for,
                description=f"FIDE (Dutch) System, C.04.3, the text the event's type names (record 192/092 "
                            f"FIDE_DUTCH_2017 or _2025), else the text in force when the event started "
                            f"(2025 text from {TEXT_2025.in_force_from.isoformat()}, 2017 text before), "
                            f"{BAKU_TEXT}",
                in_force_from=TEXT_2017.in_force_from, earlier_texts=_EARLIER_2017,
                text_on=lambda day: text_on(day).title, newest_text_from=TEXT_2025.in_force_from,
                text_named=_named_title)
# One text whatever the date, for an arbiter (or a test) who needs it.
DUTCH_2025 = _system("dutch-2025", lambda tournament: TEXT_2025, description=f"{TEXT_2025.title}, {BAKU_TEXT}",
                     in_force_from=TEXT_2025.in_force_from, earlier_texts=_EARLIER_2025)
DUTCH_2017 = _system("dutch-2017", lambda tournament: TEXT_2017, description=f"{TEXT_2017.title}, {BAKU_TEXT}",
                     in_force_from=TEXT_2017.in_force_from, earlier_texts=_EARLIER_2017)

SYSTEMS = [DUTCH, DUTCH_2025, DUTCH_2017]
