"""Which Berger table number each player of a round robin holds (C.05 Annex 1).

In order: the numbers drawn and recorded in the file (`### Pairing numbers:`, written by
`pair --draw-numbers`); else the start ranks, when the rounds played follow the table with them;
else the numbers the games played tell. Real round robins are often entered in rating order
after a drawing of lots, so the start ranks are not the table numbers: who met whom in which
round then gives them. Number 1 meets every other number once, each in a round of its own, so
one player taken as number k gives the numbers of her opponents, theirs give the next ones, and
so on; every start (player, number) is tried and the numbering under which the most rounds, then
the most boards, follow the table wins (the start ranks when they do as well).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import Colour, Tournament
from rulesengine.pairing import recorded_pairing_numbers
from rulesengine_fide.round_robin.berger import VARIANTS, cycles_for, event_round, table_size

FROM_RECORD, FROM_START_RANKS, FROM_GAMES = "record", "start ranks", "games"


@dataclass(frozen=True)
class TableNumbers:
    """Start rank -> table number, where the numbers came from, and the double round-robin
    variant the rounds played follow (`berger.SWAP_LAST_TWO` or `PLAIN`)."""

    numbers: dict[int, int]
    source: str
    variant: str
    cycles: int
    ambiguous: bool = False   # several numberings fit the rounds played equally well
    following: int = 0        # rounds played that follow the table with these numbers
    played: int = 0           # rounds with a game recorded

    @property
    def players(self) -> int:
        return len(self.numbers)

    @property
    def by_number(self) -> dict[int, int]:
        return {number: sno for sno, number in self.numbers.items()}

    def note(self) -> str:
        """How the numbers were found, for a finding or a note ("" for the start ranks)."""
        if self.source == FROM_START_RANKS:
            return ""
        moved = ", ".join(f"{sno}->{n}" for sno, n in sorted(self.numbers.items()) if sno != n)
        if self.source == FROM_RECORD:
            return f"table numbers from the file's pairing-numbers record (start rank->number: {moved})"
        return (f"the file gives no table numbers and its start ranks do not follow the Berger table: numbers "
                f"found from the games played (start rank->number: {moved})")


def recorded_opponents(tournament: Tournament, round_number: int) -> dict[int, tuple[int, Colour]]:
    """Each player's recorded opponent and colour in a round (players without one left out)."""
    out = {}
    for player in tournament.players:
        entry = player.entry(round_number)
        if entry.opponent is not None and entry.opponent in tournament.by_start_rank:
            out[player.start_rank] = (entry.opponent, entry.colour)
    return out


def played_rounds(tournament: Tournament) -> int:
    """The last round with a recorded game."""
    return max((e.round for p in tournament.players for e in p.rounds if e.opponent is not None), default=0)


def _table_opponents(size: int, rounds: int, cycles: int, variant: str) -> list[dict[int, tuple[int, bool]]]:
    """Per round (index 0 = round 1): table number -> (opponent number, white?)."""
    out = []
    for r in range(1, rounds + 1):
        games = {}
        for g in event_round(size, r, cycles, variant):
            games[g.white], games[g.black] = (g.black, True), (g.white, False)
        out.append(games)
    return out


def _score(numbers: dict[int, int], recorded: list[dict[int, tuple[int, Colour]]],
           table: list[dict[int, tuple[int, bool]]]) -> tuple[int, int]:
    """(rounds that follow the table, boards that do) under `numbers`, as `check` judges them."""
    rounds = boards = 0
    holder = {number: sno for sno, number in numbers.items()}
    for games, opponents in zip(table, recorded):
        ok = True
        for sno, number in numbers.items():
            want, white = games.get(number, (None, False))
            got = opponents.get(sno)
            want_sno = holder.get(want) if want is not None else None
            if got is None:   # a board neither player has a game on is not played, no other pairing
                ok &= want_sno is None or want_sno not in opponents
                continue
            agree = got[0] == want_sno and (got[1] is Colour.NONE or (got[1] is Colour.WHITE) == white)
            ok &= agree
            boards += agree
        rounds += ok
    return rounds, boards


def _propagate(start: tuple[int, int], recorded: list[dict[int, tuple[int, Colour]]],
               table: list[dict[int, tuple[int, bool]]], players: list[int], size: int) -> dict[int, int]:
    """The numbering that player `start[0]` holding number `start[1]` implies through the games."""
    numbers = {start[0]: start[1]}
    used = {start[1]}
    queue = [start[0]]
    while queue:
        sno = queue.pop()
        for games, opponents in zip(table, recorded):
            got = opponents.get(sno)
            want = games.get(numbers[sno])
            if got is None or want is None or got[0] in numbers or want[0] in used or want[0] > size:
                continue
            numbers[got[0]] = want[0]
            used.add(want[0])
            queue.append(got[0])
    free = iter(n for n in range(1, size + 1) if n not in used)
    for sno in players:
        if sno not in numbers:
            numbers[sno] = next(free)
    return numbers


def _checked(numbers: dict[int, int], players: list[int], source: str, line: int) -> dict[int, int]:
    """A recorded numbering, refused unless it gives every player one of the numbers 1..n once."""
    wrong = sorted(set(players) ^ set(numbers))
    if wrong or sorted(numbers.values()) != list(range(1, len(players) + 1)):
        said = (f"start ranks {', '.join(map(str, wrong))} {'missing' if set(wrong) <= set(players) else 'unknown'}"
                if wrong else f"the numbers are not 1-{len(players)}, each once")
        raise InputError(Problem(Location(source, line, 1), f"pairing numbers: {said}"))
    return numbers


def table_numbers(tournament: Tournament, variant: str | None = None) -> TableNumbers:
    """The players' table numbers and the double round-robin variant (see the module docstring)."""
    players = sorted(p.start_rank for p in tournament.players)
    size = len(players)
    cycles = cycles_for(size, tournament.rounds)
    played = min(played_rounds(tournament), cycles * (table_size(size) - 1))
    recorded = [recorded_opponents(tournament, r) for r in range(1, played + 1)]
    variants = (variant,) if variant else (VARIANTS if cycles >= 2 else VARIANTS[:1])
    tables = {v: _table_opponents(size, played, cycles, v) for v in variants}
    found = recorded_pairing_numbers(tournament)
    if found is not None:
        numbers = _checked(found[0], players, tournament.source or "<input>", found[1])
        best = max(variants, key=lambda v: _score(numbers, recorded, tables[v]))
        return TableNumbers(numbers, FROM_RECORD, best, cycles, False, _score(numbers, recorded, tables[best])[0], played)
    identity = {sno: i for i, sno in enumerate(players, start=1)}
    scored = [((*_score(identity, recorded, tables[v]), 1), identity, FROM_START_RANKS, v)
              for v in variants]
    if max(s[0][0] for s in scored) < played:
        for v in variants:
            for sno in players:
                for number in range(1, size + 1):
                    numbers = _propagate((sno, number), recorded, tables[v], players, size)
                    scored.append(((*_score(numbers, recorded, tables[v]), 0), numbers, FROM_GAMES, v))
    top = max(s[0] for s in scored)
    best = [s for s in scored if s[0] == top]
    distinct = {tuple(sorted(s[1].items())) for s in best}
    score, numbers, source, chosen = best[0]
    return TableNumbers(numbers, source, chosen, cycles, len(distinct) > 1, score[0], played)
