"""What a pairing system is, as the core sees it (the `rulesengine_pairing_systems` hook)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, Callable, Mapping

from rulesengine.errors import Location
# Expelled players (VCL4THP Q197-198), re-exported: the pairing systems read the `### Expelled` line.
from rulesengine.expulsions import (EXPELLED_MARK, PLAYED_CODES, expulsion_line,  # noqa: F401
                                    recorded_expulsions, with_expulsions)
from rulesengine.formats.trf import FIRST_ROUND_COL, PLAYER_MARK, ROUND_WIDTH
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


LATE_ENTRY_CODES = {"zero": "ZERO_POINT_BYE", "half": "HALF_POINT_BYE"}


def late_entrants(tournament: Tournament, round_number: int) -> list[int]:
    """Players (start ranks) who enter at `round_number` after round 1: no game and no bye in any
    round before it (their line is empty or holds only unpaired blocks)."""
    from rulesengine.model import ResultCode
    if round_number <= 1:
        return []
    return [p.start_rank for p in tournament.players
            if all(p.entry(r).opponent is None and p.entry(r).code is ResultCode.NOT_PAIRED
                   for r in range(1, round_number))]


def with_late_entry_byes(tournament: Tournament, round_number: int, kind: str) -> Tournament:
    """The tournament with each late entrant's missed rounds scored as the event's rules say:
    `kind` "zero" (zero-point byes) or "half" (half-point byes, where the event allows them). The
    checklist leaves it to the event (VCL4THP §2); a half-point bye so given counts toward the
    event's half-point bye limits."""
    from dataclasses import replace

    from rulesengine.model import Colour, ResultCode, RoundEntry
    code = ResultCode[LATE_ENTRY_CODES[kind]]
    late = set(late_entrants(tournament, round_number))
    players = tuple(replace(p, rounds=tuple(RoundEntry(r, None, Colour.NONE, code) for r in range(1, round_number)))
                    if p.start_rank in late else p for p in tournament.players)
    return replace(tournament, players=players)


def late_prohibitions(tournament: Tournament) -> list[tuple[int, int, tuple[int, ...]]]:
    """(line, first round, players) of each TRF-2026 260 record (`260 RRF RRL PPPP PPPP ...`) whose
    prohibition starts after round 1: entered once the event was under way, which C.05 5.2
    (restrictions announced before round 1) does not allow (VCL4THP Q195-196)."""
    out = []
    for line, (code, rest) in enumerate(tournament.header, start=1):
        tokens = rest.split()
        if code == "260" and len(tokens) >= 4 and all(t.isdigit() for t in tokens) and int(tokens[0]) > 1:
            out.append((line, int(tokens[0]), tuple(int(t) for t in tokens[2:])))
    return out


def draw_initial_colour(seed: str) -> str:
    """The initial colour drawn by lot before round 1 (C.04.3 E.5), as TRF-2026 record 152 writes
    it ("W": pairing number 1 starts with white, "B": with black): the same seed always draws the
    same colour (Python's string seeding does not depend on the process)."""
    import random
    return random.Random(f"initial colour {seed}").choice("WB")


@dataclass(frozen=True)
class PairedRound:
    """A round as a pairing system pairs it: boards in the order the system prescribes, and the
    players not paired with their kind of bye ("PAB", "HPB", "FPB" or "ZPB")."""

    round: int
    boards: tuple[Pairing, ...]
    byes: tuple[tuple[int, str], ...] = ()


# The warning levels of FIDE's verification checklist (VCL4THP, 2026): 2 acknowledge, 3 confirm or
# cancel, 4 confirm twice, 5 refused. Level 1 (informational) is not described there.
LEVEL_WORDS = {1: "note", 2: "notice", 3: "warning", 4: "warning", 5: "refused"}
REFUSED = 5


@dataclass(frozen=True)
class EventDayFinding:
    """What the TD is told about an event-day record (a requested bye, a withdrawal, a forbidden
    pair, a recorded round): where it is, at which checklist level, and why. `round` is the round
    it concerns (0: the event). A level-5 finding about the round being paired, or a later one,
    stops the pairing."""

    level: int
    location: Location
    message: str
    round: int = 0

    def __str__(self) -> str:
        return f"{self.location}: {LEVEL_WORDS[self.level]}: {self.message}"


class TrfPlaces:
    """Where a TRF tournament's records and round cells are in its file (`tournament.header`
    holds one entry per line), for findings that name them."""

    def __init__(self, tournament: Tournament):
        self.source = tournament.source or "<input>"
        self.player_line = {int(rest): i for i, (code, rest) in enumerate(tournament.header, start=1)
                            if code == PLAYER_MARK}

    def record(self, line: int | None) -> Location:
        return Location(self.source, line, 1)

    def cell(self, player: int, round_number: int) -> Location:
        """The round's result character on the player's 001 line ("  oooo c r")."""
        return Location(self.source, self.player_line.get(player),
                        FIRST_ROUND_COL + ROUND_WIDTH * (round_number - 1) + ROUND_WIDTH)

    def block(self, player: int, round_number: int) -> Location:
        """The start of the round's block on the player's 001 line."""
        return Location(self.source, self.player_line.get(player),
                        FIRST_ROUND_COL + ROUND_WIDTH * (round_number - 1) + 1)


@dataclass(frozen=True)
class RoundCheck:
    """One round of a finished tournament re-paired: the system's pairing beside the recorded one;
    `verdict` names the first criterion the recorded pairing breaks ("" when they agree);
    `criterion` is that criterion as the system's regulation numbers it ("C7", "E.1-E.5",
    "availability"; "" when they agree or the system does not say); `warnings` are the event-day
    findings on the recorded round (a forbidden pair paired, named by its record)."""

    round: int
    rules: PairedRound
    recorded: PairedRound
    verdict: str = ""
    criterion: str = ""
    warnings: tuple[EventDayFinding, ...] = ()


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
    it); None: the `description` (see `pairing_heading`). `event_day` checks the event's records
    before a round is paired (requested byes against the limits in `request.options`
    "max_half_point_byes" and "no_byes_in_last", withdrawals, who is not paired and why).
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
    event_day: Callable[[PairingRequest], tuple[EventDayFinding, ...]] | None = None
    # A system that pairs each event by the text in force when it started (`event_started`):
    # that text's name on a day, and the day the newest text came into force. Every answer
    # about an event paired by an older text then names it (`edition_note`).
    text_on: Callable[[date | None], str] | None = None
    newest_text_from: date | None = None
    # Such a system may take the text from the event's own tournament type instead (TRF record 192
    # or 092 naming its year, as a plugin reads it): that text's name and the record, else None.
    text_named: Callable[[Tournament], tuple[str, str] | None] | None = None


def pairing_heading(system: PairingSystem, tournament: Tournament) -> str:
    """The system as it pairs `tournament`, for the heading of its pairings ("FIDE (Dutch) System,
    C.04.3 (2025 text, in force 2026)", with "Baku acceleration C.04.7" only when accelerated)."""
    return system.heading(tournament) if system.heading is not None else system.description


def edition_note(system: PairingSystem, started: date | None, tournament: Tournament | None = None) -> str | None:
    """A note when the event started (`started`: its date by the one date rule,
    `rulesengine.event_date`, as it chooses the tie-break and rating rules) before the text the
    system implements was in force, else None. A system with `text_on` pairs such an event by
    the older text it names, and the note says which; when `tournament`'s own type names the text
    (`text_named`), that text is the one paired by, and the note says so unless it is the newest
    text and in force when the event started."""
    named = system.text_named(tournament) if tournament is not None and system.text_named is not None else None
    if named is not None and system.text_on is not None:
        return _named_text_note(system.text_on, started, *named)
    if system.text_on is not None and started is not None and system.newest_text_from is not None \
            and system.in_force_from is not None and system.in_force_from <= started < system.newest_text_from:
        return (f"paired by {system.text_on(started)}, the text in force when this event started "
                f"({started.isoformat()})")
    if system.in_force_from is None or started is None or started >= system.in_force_from:
        return None
    note = (f"paired by {system.description}, in force from {system.in_force_from.isoformat()}; this event "
            f"started {started.isoformat()}, under the text before it")
    return f"{note}: {system.earlier_texts}" if system.earlier_texts else note


def _named_text_note(text_on: Callable[[date | None], str], started: date | None, title: str,
                     record: str) -> str | None:
    dated = text_on(started)
    if title == dated == text_on(None):   # the newest text, in force when the event started
        return None
    note = f"paired by {title}, the text its tournament type names ({record})"
    if started is None:
        return note
    if title == dated:
        return f"{note}, in force when this event started ({started.isoformat()})"
    return f"{note}, not {dated}, in force when this event started ({started.isoformat()})"


# Round robins (issue 24 item 3): the pairing numbers drawn by lot before round 1 (C.05), when they
# are not the file's start ranks. TRF has no record for them, so they go on a `###` line the
# file keeps: `### Pairing numbers: 1=4 2=1 3=3 4=2` (start rank = pairing number).
PAIRING_NUMBERS_MARK = " Pairing numbers:"


def pairing_numbers_record(numbers: Mapping[int, int]) -> tuple[str, str]:
    """The `###` header line holding `numbers` (start rank -> pairing number)."""
    return "###", PAIRING_NUMBERS_MARK + "".join(f" {sno}={numbers[sno]}" for sno in sorted(numbers))


def recorded_pairing_numbers(tournament: Tournament) -> tuple[dict[int, int], int] | None:
    """The pairing numbers a `### Pairing numbers:` line records and its line in the file, else
    None; a malformed line is a located `InputError`."""
    from rulesengine.errors import InputError, Problem
    for line, (code, rest) in enumerate(tournament.header, start=1):
        if code != "###" or not rest.startswith(PAIRING_NUMBERS_MARK):
            continue
        numbers: dict[int, int] = {}
        for item in rest[len(PAIRING_NUMBERS_MARK):].split():
            sno, sep, number = item.partition("=")
            if not (sep and sno.isdigit() and number.isdigit()):
                raise InputError(Problem(Location(tournament.source or "<input>", line, 1),
                                         f"pairing numbers: {item!r} is not START_RANK=NUMBER"))
            numbers[int(sno)] = int(number)
        return numbers, line
    return None


def event_started(tournament: Tournament) -> date | None:
    """The date whose rules apply to `tournament` by the one date rule of `rulesengine.event_date`
    (its start date, else the first round's date, ...; None: not known, the newest rules), for
    a pairing system that pairs by the text in force then (`PairingSystem.text_on`)."""
    from rulesengine.event_date import find_event_date
    return find_event_date(tournament).value
