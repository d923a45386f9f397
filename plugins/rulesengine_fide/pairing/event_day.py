"""The event-day records of a TRF checked before a round is paired, each finding located at the
record or the round cell that gives it, at the level FIDE's verification checklist (VCL4THP,
2026) expects:

* requested byes: each half-point bye after a player's first asks the arbiter to confirm (Q174,
  level 3); the event's limits (`max_half_point_byes`, `no_byes_in_last`: TRF-2026 has no record
  for them, so they come as options) refuse the bye that breaks them (level 5), or warn when that
  round is already played; a full-point bye is deprecated for individuals (Q177-179, level 2);
* who is not paired in the round and why (a requested bye, an absence, a withdrawal, an
  expulsion), level 1;
* a prohibition (260) that starts after round 1, entered once the event was under way: level 4
  (Q195-196);
* before round 1, more rounds than the players can play without a rematch: level 3 (Q62).

A front end that is no TRF file (a workbook) gives `options["places"]` (an object with the
`TrfPlaces` methods, locating its own cells) and `options["limit_names"]` (how it names each
limit: `{"max_half_point_byes": "Settings!B14"}`; the default names the `pair` flags).
"""

from __future__ import annotations

from rulesengine.errors import Location
from rulesengine.model import ResultCode, Tournament
from rulesengine.pairing import REFUSED, EventDayFinding, PairingRequest, TrfPlaces, late_prohibitions

from rulesengine_fide.pairing.engine import announced_byes
from rulesengine_fide.pairing.records import PairingSetup, read_setup

_LETTER_OF = {ResultCode.HALF_POINT_BYE: "H", ResultCode.FULL_POINT_BYE: "F", ResultCode.ZERO_POINT_BYE: "Z"}
_WORDS = {"H": "a half-point bye", "F": "a full-point bye", "Z": "a zero-point bye"}
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _ordinal(n: int) -> str:
    return _ORDINAL.get(n, f"{n}th")


def _requested_byes(tournament: Tournament, setup: PairingSetup, places: TrfPlaces,
                    player: int) -> list[tuple[int, str, Location, str]]:
    """(round, H/F/Z, where, what gives it) of a player's byes: entries in the rounds' columns,
    then the 240 records of the rounds after them."""
    out = []
    rounds = tournament.player(player).rounds
    for entry in rounds:
        if entry.opponent is None and entry.code in _LETTER_OF:
            out.append((entry.round, _LETTER_OF[entry.code], places.cell(player, entry.round),
                        f"round {entry.round}'s column"))
    last = max(setup.total_rounds, max(setup.announced, default=0))
    for r in range(len(rounds) + 1, last + 1):
        letter = setup.announced.get(r, {}).get(player)
        if letter is None or (r, player) not in setup.announced_lines:
            continue   # a withdrawal's rounds are no request
        code, line = setup.announced_lines[(r, player)]
        out.append((r, letter, places.record(line), f"record {code}"))
    return out


_FLAGS = {"max_half_point_byes": "--max-half-point-byes", "no_byes_in_last": "--no-byes-in-last"}


def bye_findings(tournament: Tournament, setup: PairingSetup, round_number: int,
                 max_half_point_byes: int | None, no_byes_in_last: int | None, places=None,
                 limit_names=None) -> list[EventDayFinding]:
    places = places or TrfPlaces(tournament)
    names = {**_FLAGS, **(limit_names or {})}
    total = setup.total_rounds
    out = []
    for player in tournament.players:
        p, name = player.start_rank, player.name
        half = 0
        for r, letter, where, given in _requested_byes(tournament, setup, places, p):
            who = f"player {p} {name}: {_WORDS[letter]} in round {r} ({given})"
            played = r < round_number
            if letter == "F":
                # VCL4THP Q177-179: an individual full-point bye is deprecated (level 2); C2: no PAB after it.
                out.append(EventDayFinding(2, where, f"{who}: full-point byes for individuals are deprecated "
                                                     f"(VCL4THP Q177-179), and the player may not receive the "
                                                     f"pairing-allocated bye later (C.04.3 C2)", r))
            if letter == "Z":
                continue
            if letter == "H":
                half += 1
            if no_byes_in_last and total and r > total - no_byes_in_last:
                rule = (f"the event allows no requested bye in its last {no_byes_in_last} round(s) "
                        f"({names['no_byes_in_last']} {no_byes_in_last}; rounds {total - no_byes_in_last + 1}-{total})")
                out.append(_over(who, rule, where, r, played))
            elif letter == "H" and max_half_point_byes is not None and half > max_half_point_byes:
                rule = (f"it is the {_ordinal(half)} and the event allows at most {max_half_point_byes} "
                        f"({names['max_half_point_byes']} {max_half_point_byes})")
                out.append(_over(who, rule, where, r, played))
            elif letter == "H" and half > 1:
                # VCL4THP Q174: every half-point bye after a player's first needs the arbiter's confirmation.
                out.append(EventDayFinding(3, where, f"{who} is the player's {_ordinal(half)} half-point bye: "
                                                     f"confirm it (VCL4THP Q174)", r))
    return out


def _over(who: str, rule: str, where: Location, r: int, played: bool) -> EventDayFinding:
    if played:
        return EventDayFinding(3, where, f"{who} broke the event's limit: {rule}; the round is played", r)
    return EventDayFinding(REFUSED, where, f"{who} is refused: {rule}", r)


def not_paired_findings(tournament: Tournament, setup: PairingSetup, round_number: int,
                        places=None) -> list[EventDayFinding]:
    """Who is left out of the round, and which record or cell says so."""
    places = places or TrfPlaces(tournament)
    out = []
    for p, kind in sorted(announced_byes(tournament, round_number, setup).items()):
        if p not in tournament.by_start_rank:
            continue   # the engine refuses a bye for an unknown player
        name = tournament.player(p).name
        entry = tournament.player(p).entry(round_number)
        withdrawn = setup.withdrawn.get(p)
        expelled = setup.expelled.get(p)
        if expelled is not None and expelled[0] <= round_number:
            where, why = places.record(expelled[1]), f"expelled from round {expelled[0]} (VCL4THP Q197-198)"
        elif entry.opponent is None and entry.code is not ResultCode.NOT_PAIRED:
            where, why = places.cell(p, round_number), f"{kind} entered in round {round_number}'s column"
        elif (round_number, p) in setup.announced_lines:
            code, line = setup.announced_lines[(round_number, p)]
            where, why = places.record(line), f"{kind} requested by record {code}"
        elif withdrawn is not None and withdrawn <= round_number:
            where = places.block(p, withdrawn)
            why = f"withdrawn: no entries from round {withdrawn} on"
        else:
            where, why = places.record(setup.absent_lines.get(p)), "absent (record XXZ)"
        out.append(EventDayFinding(1, where, f"player {p} {name} is not paired in round {round_number}: {why}",
                                   round_number))
    return out


def prohibition_findings(tournament: Tournament, places) -> list[EventDayFinding]:
    """A prohibition entered after round 1: level 4 (confirm twice), at its record (Q195-196)."""
    return [EventDayFinding(4, places.record(line), f"record 260 forbids {'-'.join(map(str, players))} from round "
                                                    f"{first}: a prohibition entered after round 1 breaks C.05 5.2 "
                                                    f"(restrictions announced before round 1) and leaves FIDE mode; "
                                                    f"confirm it twice (VCL4THP Q195-196)", first)
            for line, first, players in late_prohibitions(tournament)]


def rounds_findings(tournament: Tournament, setup: PairingSetup, round_number: int, places) -> list[EventDayFinding]:
    """Before round 1, an event with more rounds than its players can play without a rematch: n-1
    for an even field, n for an odd one (each player also takes the PAB once): the later rounds
    cannot be paired within C1-C2, so the setup cannot finish within the rules (VCL4THP Q62, level 3)."""
    n, total = len(tournament.players), setup.total_rounds
    most = n if n % 2 else n - 1
    if round_number != 1 or n < 2 or total <= most:
        return []
    line = next((i for i, (code, _rest) in enumerate(tournament.header, start=1) if code in ("XXR", "142")), None)
    return [EventDayFinding(3, places.record(line), f"the event has {total} rounds, but {n} players can play at most "
                                                    f"{most} without a rematch (C1) or a second pairing-allocated bye "
                                                    f"(C2): round {most + 1} cannot be paired within the rules; "
                                                    f"confirm the number of rounds (VCL4THP Q62)", 1)]


def event_day(request: PairingRequest) -> tuple[EventDayFinding, ...]:
    tournament, r = request.tournament, request.round_number
    setup = read_setup(tournament)
    options = request.options
    places = options.get("places")
    return (*rounds_findings(tournament, setup, r, places or TrfPlaces(tournament)),
            *not_paired_findings(tournament, setup, r, places),
            *prohibition_findings(tournament, places or TrfPlaces(tournament)),
            *bye_findings(tournament, setup, r, options.get("max_half_point_byes"), options.get("no_byes_in_last"),
                          places, options.get("limit_names")))
