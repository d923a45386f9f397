"""What a pairing system is, as the core sees it (the `rulesengine_pairing_systems` hook)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, Callable, Mapping

from rulesengine.model import Tournament


@dataclass(frozen=True)
class Pairing:
    """One board of a round: `black` is None for a pairing-allocated bye."""

    white: int
    black: int | None


@dataclass(frozen=True)
class PairingRequest:
    """Pair round `round_number` of `tournament`, whose earlier rounds are complete; players with a
    bye or absence already entered for that round are not paired."""

    tournament: Tournament
    round_number: int
    options: Mapping[str, Any] = field(default_factory=dict)


def next_round(tournament: Tournament) -> int:
    """The round to pair next: the first one in which no game and no pairing-allocated bye is
    recorded (announced byes of that round do not count)."""
    from rulesengine.model import ResultCode
    last = 0
    for player in tournament.players:
        for entry in player.rounds:
            if entry.opponent is not None or entry.code is ResultCode.PAIRING_ALLOCATED_BYE:
                last = max(last, entry.round)
    return last + 1


def with_announced_byes(tournament: Tournament, round_number: int) -> Tournament:
    """The tournament as a pairing system must see it to pair `round_number`.

    A file whose round `round_number` is already paired with results blank (a TRF written by
    `pair --format trf`, `Tournament.pending_round`) holds that round apart from the results, so
    its announced byes and absences (`0000 - H|F|Z`, `0000 - -`) would be lost when the round is
    paired again. They are put back as entries of that round; its games and its pairing-allocated
    bye are not (they are what the pairing decides)."""
    from dataclasses import replace

    from rulesengine.model import ResultCode

    pending = tournament.pending_round
    if pending is None or pending.number != round_number:
        return tournament
    players = []
    for player in tournament.players:
        entries = pending.entries.get(player.start_rank, ())
        first = entries[0] if entries else None
        if (first is not None and first.opponent is None and len(player.rounds) == round_number - 1
                and first.code is not ResultCode.PAIRING_ALLOCATED_BYE):
            player = replace(player, rounds=(*player.rounds, first))
        players.append(player)
    return replace(tournament, players=tuple(players))


@dataclass(frozen=True)
class PairedRound:
    """A round as a pairing system pairs it: boards in the order the system prescribes, and the
    players not paired with their kind of bye ("PAB", "HPB", "FPB" or "ZPB")."""

    round: int
    boards: tuple[Pairing, ...]
    byes: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class RoundCheck:
    """One round of a finished tournament re-paired: the system's pairing beside the recorded one;
    `verdict` names the first criterion the recorded pairing breaks ("" when they agree);
    `criterion` is that criterion as the system's regulation numbers it ("C7", "E.1-E.5",
    "availability"; "" when they agree or the system does not say)."""

    round: int
    rules: PairedRound
    recorded: PairedRound
    verdict: str = ""
    criterion: str = ""


@dataclass(frozen=True)
class RankedPlayer:
    """One line of the initial ranking: the pairing number the rules give and what it rests on."""

    number: int
    start_rank: int
    name: str
    rating: int | None
    title: str
    estimated: bool = False


@dataclass(frozen=True)
class PairingSystem:
    """A pairing system as a plugin provides it: `pair` and the optional services below.

    `in_force_from` is the first day of the text the system implements (None: not said), and
    `earlier_texts` says in a few words where the text before it pairs otherwise: an event that
    started earlier was paired under that text, and every answer about it says so
    (`edition_note`), since the engine pairs by the text it implements, whatever the date.
    `heading` names the system as it pairs one event (an acceleration only when the event uses
    it); None: the `description` (see `pairing_heading`).
    """

    name: str
    description: str
    pair: Callable[[PairingRequest], tuple[Pairing, ...]]
    # Optional services of a system (None: not offered).
    pair_round: Callable[[PairingRequest], PairedRound] | None = None
    check: Callable[[Tournament], list[RoundCheck]] | None = None
    explain: Callable[[PairingRequest], str] | None = None
    initial_ranking: Callable[[Tournament, Mapping[str, Any]], list[RankedPlayer]] | None = None
    in_force_from: date | None = None
    earlier_texts: str = ""
    heading: Callable[[Tournament], str] | None = None


def pairing_heading(system: PairingSystem, tournament: Tournament) -> str:
    """The system as it pairs `tournament`, for the heading of its pairings ("FIDE (Dutch) System,
    C.04.3 (2025 text, in force 2026)", with "Baku acceleration C.04.7" only when accelerated)."""
    return system.heading(tournament) if system.heading is not None else system.description


def edition_note(system: PairingSystem, started: date | None) -> str | None:
    """A note when the event started (`started`: its date by the one date rule,
    `rulesengine.event_date`, as it chooses the tie-break and rating rules) before the text the
    system implements was in force, else None."""
    if system.in_force_from is None or started is None or started >= system.in_force_from:
        return None
    note = (f"paired by {system.description}, in force from {system.in_force_from.isoformat()}; this event "
            f"started {started.isoformat()}, under the text before it")
    return f"{note}: {system.earlier_texts}" if system.earlier_texts else note
