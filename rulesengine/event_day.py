"""Late entrants on an event day: who joined after round 1, how their missed rounds score, and the
pairing numbers they get (FIDE C.04.2, as VCL4THP Q156 reads it).

    joined = joined_late(tournament, 5)                 # {11: 3}: player 11 first played round 3
    scored = with_missed_rounds_scored(tournament, "half", 5)
    numbers = pairing_numbers(tournament, joined, ranks)   # {11: 4, 4: 5, 5: 6, ...}
    paired = renumbered(tournament, numbers)           # the event as the pairing system sees it

A late entrant's missed rounds are empty (not paired): that is what marks them late in every
later round, so their pairing number is found again the same way each round (reproducible, with
nothing written). The pairing numbers: the other players keep their order; each late entrant is
placed before the first player the initial ranking (rating, title, name) puts below them, and
everyone from there moves down one; played rounds are untouched (C.04.2; Q156).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Collection, Mapping

from rulesengine.model import Colour, ResultCode, RoundEntry, Tournament
from rulesengine.pairing import EXPELLED_MARK, Pairing, PairedRound

MISSED_ROUND_CODES = {"zero": ResultCode.ZERO_POINT_BYE, "half": ResultCode.HALF_POINT_BYE}
# TRF records that name players by start rank: the tokens that are players (XXA: the first only,
# the rest are points).
_PLAYER_RECORDS = {"240": slice(2, None), "XXZ": slice(0, None), "XXP": slice(0, None), "260": slice(2, None),
                   "XXA": slice(0, 1)}


def _empty(entry: RoundEntry) -> bool:
    return entry.opponent is None and entry.code is ResultCode.NOT_PAIRED


def joined_late(tournament: Tournament, round_number: int) -> dict[int, int]:
    """Start rank -> the round a late entrant joined (2..`round_number`): every round before it
    empty, and an entry in it (or, for `round_number`, about to be paired)."""
    out = {}
    for p in tournament.players:
        first = next((r for r in range(1, round_number) if not _empty(p.entry(r))), round_number)
        if first > 1:
            out[p.start_rank] = first
    return out


def with_missed_rounds_scored(tournament: Tournament, kind: str, round_number: int,
                              others: Collection[int] = ()) -> Tournament:
    """Each late entrant's missed rounds as zero-point (`kind` "zero") or half-point byes ("half",
    where the event allows them: they count toward its half-point bye limits), as the event's
    rules say (VCL4THP §2); a total the source declared grows by the byes' points. `others` are
    no late entrants (withdrawn before they played)."""
    code = MISSED_ROUND_CODES[kind]
    joined = {s: r for s, r in joined_late(tournament, round_number).items() if s not in others}
    players = []
    for p in tournament.players:
        first = joined.get(p.start_rank)
        if first is None:
            players.append(p)
            continue
        missed = tuple(RoundEntry(r, None, Colour.NONE, code) for r in range(1, first))
        declared = p.declared_points
        if declared is not None:
            declared += sum(tournament.scoring.points(e) for e in missed)
        players.append(replace(p, rounds=missed + p.rounds[first - 1:], declared_points=declared))
    return replace(tournament, players=tuple(players))


def pairing_numbers(tournament: Tournament, joined: Mapping[int, int], ranks: Mapping[int, int]) -> dict[int, int]:
    """Start rank -> pairing number. `ranks` is the initial ranking's number of each start rank
    (rating, title, name: C.04.2). The players who did not join late keep their order; late
    entrants, in the order they joined, go before the first player ranked below them."""
    order = [p.start_rank for p in sorted(tournament.players, key=lambda p: p.start_rank)
             if p.start_rank not in joined]
    for late in sorted(joined, key=lambda s: (joined[s], s)):
        at = next((i for i, s in enumerate(order) if ranks.get(s, s) > ranks.get(late, late)), len(order))
        order.insert(at, late)
    return {sno: number for number, sno in enumerate(order, start=1)}


def renumbered(tournament: Tournament, numbers: Mapping[int, int]) -> Tournament:
    """The tournament with every start rank replaced by `numbers[start rank]`: players (in the new
    order), opponents, and the TRF records that name players (240, XXZ, XXP, 260, XXA, `### Expelled`)."""
    def n(sno: int | None) -> int | None:
        return None if sno is None else numbers.get(sno, sno)

    players = tuple(sorted((replace(p, start_rank=n(p.start_rank),
                                    rounds=tuple(replace(e, opponent=n(e.opponent)) for e in p.rounds))
                            for p in tournament.players), key=lambda p: p.start_rank))
    header = []
    for code, rest in tournament.header:
        named = _PLAYER_RECORDS.get(code)
        if code == "###" and rest.startswith(EXPELLED_MARK):
            first, _, players = rest.partition(":")
            rest = first + ": " + " ".join(str(n(int(t))) if t.isdigit() else t for t in players.split())
        elif named is not None:
            tokens = rest.split()
            tokens[named] = [str(n(int(t))) if t.isdigit() else t for t in tokens[named]]
            rest = " " + " ".join(tokens)
        header.append((code, rest))
    return replace(tournament, players=players, header=tuple(header), pending_round=None)


def paired_back(paired: PairedRound, numbers: Mapping[int, int]) -> PairedRound:
    """A round paired with pairing numbers, told in start ranks again (board order kept)."""
    start = {number: sno for sno, number in numbers.items()}
    return PairedRound(paired.round,
                       tuple(Pairing(start[b.white], None if b.black is None else start[b.black])
                             for b in paired.boards),
                       tuple((start[p], kind) for p, kind in paired.byes))
