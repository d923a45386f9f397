"""Expelled players (VCL4THP Q197-198), as a TRF file keeps them: `### Expelled @ Round R: N ...`.

A light module (the model and the errors only): `standings` reads it without the pairing code;
`rulesengine.pairing` re-exports it for the pairing systems.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Collection, Mapping

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import GAME_CODES, UNRATED_GAME_CODES, Tournament

PLAYED_CODES = GAME_CODES | UNRATED_GAME_CODES   # a game over the board (not a forfeit)


# VCL4THP Q197-198: an expelled player. TRF-2026 has no record for an expulsion, so the file keeps it
# on a `###` line, in the `### <Event> @ Round n: ...` form the checklist's PIBE lines take:
# `### Expelled @ Round 4: 7` (player 7 is not paired from round 4 on). Another program reads it as a
# comment and sees the player's line stop: a withdrawal, the nearest thing it knows.
EXPELLED_MARK = " Expelled @ Round "


def expulsion_line(first_round: int, players: Collection[int]) -> tuple[str, str]:
    """The `###` header line expelling `players` from `first_round` on."""
    return "###", f"{EXPELLED_MARK}{first_round}: {' '.join(map(str, sorted(players)))}"


def recorded_expulsions(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """Start rank -> (the first round the player is not paired in, the line) of each player a
    `### Expelled @ Round r: n ...` line expels. A line that cannot be read, names nobody in the
    event, or expels a player who has a game in that round or later is a located `InputError`."""
    out: dict[int, tuple[int, int]] = {}
    problems = []
    for line, (code, rest) in enumerate(tournament.header, start=1):
        if code != "###" or not rest.startswith(EXPELLED_MARK):
            continue
        where = Location(tournament.source or "<input>", line, 1)
        first, sep, players = rest[len(EXPELLED_MARK):].partition(":")
        tokens = players.split()
        if not (sep and first.strip().isdigit() and int(first) >= 1 and tokens and all(t.isdigit() for t in tokens)):
            problems.append(Problem(where, f"cannot read {('###' + rest).strip()!r}: want "
                                           f"'### Expelled @ Round R: N [N ...]' (players N not paired from round R on)"))
            continue
        for sno in map(int, tokens):
            player = tournament.by_start_rank.get(sno)
            # A forfeit is no game played (a round robin records the games a leaver misses so).
            played = [] if player is None else [e.round for e in player.rounds if e.round >= int(first)
                                                and e.opponent is not None and e.code in PLAYED_CODES]
            if player is None:
                problems.append(Problem(where, f"expelled player {sno}: the event has no player {sno}"))
            elif played:
                problems.append(Problem(where, f"player {sno} is expelled from round {int(first)} but has a game in "
                                               f"round {played[0]}"))
            else:
                out.setdefault(sno, (int(first), line))
    if problems:
        raise InputError(problems)
    return out


def with_expulsions(tournament: Tournament, expelled: Mapping[int, int]) -> Tournament:
    """The tournament with a `### Expelled` line for each player of `expelled` (start rank -> first
    round not paired), in place of any such line the file had (one expulsion per player)."""
    header = [(code, rest) for code, rest in tournament.header
              if not (code == "###" and rest.startswith(EXPELLED_MARK))]
    kept = {sno: first for sno, (first, _line) in recorded_expulsions(tournament).items()}
    by_round: dict[int, list[int]] = {}
    for sno, first in sorted({**kept, **expelled}.items()):
        by_round.setdefault(first, []).append(sno)
    header += [expulsion_line(first, players) for first, players in sorted(by_round.items())]
    return replace(tournament, header=tuple(header))
