"""A player who leaves a round robin (withdraws or is expelled) having completed under half of
their games: the results stay in the crosstable, for rating and history, but the points scored by
them or against them are not counted in the standings, and they are not ranked (FIDE General
Regulations for Competitions 6.6 a, the FIDE Tournament Rules' 5.4 before it; VCL4THP Q103). One
who completed half or more stays ranked, every result counting (6.6 b).

    left = leavers(tournament, expelled)       # [Leaver(4, from_round=2, completed=1, scheduled=3)]
    counted = without_players(tournament, [l.start_rank for l in left if l.under_half])

Who left: a `### Expelled` line (`rulesengine.event_day.recorded_expulsions`), or a 001 line that
stops while later rounds are recorded for others (the TRF withdrawal convention). A withdrawal
whose remaining games are typed as forfeits, as GRC 6.6 asks, is not told from forfeits alone.
Removing a player leaves each opponent one round not paired: the idle round an odd round robin
gives everyone, which the tie-breaks already know.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Collection, Mapping

from rulesengine.expulsions import PLAYED_CODES as _PLAYED
from rulesengine.model import Colour, ResultCode, RoundEntry, Tournament


@dataclass(frozen=True)
class Leaver:
    start_rank: int
    from_round: int      # the first round the player did not play
    completed: int       # games played over the board
    scheduled: int       # games the table gives the player over the whole event

    @property
    def under_half(self) -> bool:
        return 2 * self.completed < self.scheduled


def scheduled_games(tournament: Tournament) -> int:
    """Games the table gives each player: n-1 per cycle, a cycle being n-1 rounds (n even) or n
    rounds (n odd, one idle each), cycles counted from the event's rounds (C.05 Annex 1)."""
    n = len(tournament.players)
    if n < 2:
        return 0
    per_cycle = n if n % 2 else n - 1
    return max(1, -(-tournament.rounds // per_cycle)) * (n - 1)


def leavers(tournament: Tournament, expelled: Mapping[int, tuple[int, int]]) -> list[Leaver]:
    """The players of a round robin who left it (in start-rank order), with the games they
    completed; [] for a Swiss."""
    if not tournament.is_round_robin:
        return []
    left = {sno: first for sno, (first, _line) in expelled.items()}
    recorded = max((e.round for p in tournament.players for e in p.rounds if e.opponent is not None), default=0)
    for p in tournament.players:
        stops = len(p.rounds) + 1
        if 1 < stops <= recorded:   # a line with no entries at all never started
            left.setdefault(p.start_rank, stops)
    scheduled = scheduled_games(tournament)
    return [Leaver(sno, first, sum(1 for e in tournament.player(sno).rounds
                                   if e.opponent is not None and e.code in _PLAYED), scheduled)
            for sno, first in sorted(left.items())]


def without_players(tournament: Tournament, gone: Collection[int]) -> Tournament:
    """The tournament without the players `gone`: their lines removed, and every entry against
    them (a game or a forfeit) made a round not paired, so it scores nothing for anyone."""
    gone = set(gone)
    idle = ResultCode.NOT_PAIRED
    players = tuple(
        replace(p, rounds=tuple(RoundEntry(e.round, None, Colour.NONE, idle) if e.opponent in gone else e
                                for e in p.rounds), declared_points=None)
        for p in tournament.players if p.start_rank not in gone)
    return replace(tournament, players=players)
