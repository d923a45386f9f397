"""The pairing inputs a TRF carries beyond the 001 lines, read from `tournament.header`.

Conventions of the certified engines (bbpPairings, JaVaFo):
* total rounds: JaVaFo `XXR n` or TRF-2026 `142 n`;
* first-round colour: `XXC white1|black1` or TRF-2026 `152 W|B`;
* acceleration (C.04.7): TRF-2026 `250 [MMMM] GGGG RRF RRL PPPF PPPL` (fictitious points for
  rounds RRF..RRL to players PPPF..PPPL), JaVaFo `XXA NNNN a1 a2 ...` (per player, per round), or a
  `192` type ending in `_BAKU` (Baku acceleration computed as bbpPairings does);
* byes announced for a round: TRF-2026 `240 T RRR PPPP PPPP ...` (T = F, H or Z) and JaVaFo
  `XXZ n n ...` (absent in the next round);
* forbidden pairs: JaVaFo `XXP a b` and TRF-2026 `260 RRF RRL PPPP PPPP ...`;
* a withdrawal: a player whose 001 line has entries up to round r-1 and none from round r on,
  while round r is recorded for others, is not paired from round r (the 240/XXZ records say it for a round ahead).

Each announced bye and forbidden pair keeps the line of the record that gave it, so that a check
can name the record (`event_day.py`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import Tournament
from rulesengine.pairing import next_round, recorded_expulsions


@dataclass
class PairingSetup:
    total_rounds: int
    initial_white: bool = True                       # XXC white1: pairing number 1 starts with white
    accel: dict[tuple[int, int], Fraction] = field(default_factory=dict)   # (player, round) -> points
    announced: dict[int, dict[int, str]] = field(default_factory=dict)      # round -> player -> H/Z/F
    absent: set[int] = field(default_factory=set)    # XXZ: not paired in the next round
    forbidden: dict[int, set[frozenset[int]]] = field(default_factory=dict)  # round -> pairs (0 = all)
    announced_lines: dict[tuple[int, int], tuple[str, int]] = field(default_factory=dict)  # (round, player) -> (code, line)
    absent_lines: dict[int, int] = field(default_factory=dict)        # XXZ player -> line
    forbidden_lines: dict[frozenset[int], tuple[str, int]] = field(default_factory=dict)  # pair -> (code, line)
    withdrawn: dict[int, int] = field(default_factory=dict)           # player -> first round not paired
    expelled: dict[int, tuple[int, int]] = field(default_factory=dict)  # `### Expelled`: player -> (round, line)

    def acceleration(self, player: int, round_number: int) -> Fraction:
        return self.accel.get((player, round_number), Fraction(0))

    def forbidden_in(self, round_number: int) -> set[frozenset[int]]:
        return self.forbidden.get(0, set()) | self.forbidden.get(round_number, set())

    def forbidding_record(self, pair: frozenset[int]) -> tuple[str, int | None]:
        """(code, line) of the record that forbids `pair` (a setup built in code has no line)."""
        return self.forbidden_lines.get(pair, ("XXP/260", None))


def _problem(tournament: Tournament, code: str, message: str) -> InputError:
    line = None
    for i, (c, _rest) in enumerate(tournament.header, start=1):
        if c == code:
            line = i
            break
    return InputError(Problem(Location(tournament.source or "<input>", line), f"record {code}: {message}"))


def read_setup(tournament: Tournament) -> PairingSetup:
    setup = PairingSetup(total_rounds=tournament.rounds)
    has_explicit_accel = False
    baku = False
    for line, (code, rest) in enumerate(tournament.header, start=1):
        text = rest.strip()
        tokens = text.split()
        try:
            if code == "XXC":
                words = {t.lower() for t in tokens}
                if "black1" in words:
                    setup.initial_white = False
                elif "white1" in words:
                    setup.initial_white = True
            elif code == "152" and tokens:
                setup.initial_white = tokens[0].upper() != "B"
            elif code == "250":
                if len(tokens) == 6:
                    tokens = tokens[1:]
                if len(tokens) != 5:
                    raise ValueError
                points = Fraction(tokens[0])
                r1, r2, p1, p2 = (int(t) for t in tokens[1:])
                has_explicit_accel = True
                for r in range(r1, r2 + 1):
                    for p in range(p1, p2 + 1):
                        setup.accel[(p, r)] = points
            elif code == "XXA":
                player = int(tokens[0])
                has_explicit_accel = True
                for r, value in enumerate(tokens[1:], start=1):
                    setup.accel[(player, r)] = Fraction(value)
            elif code == "192" and text.upper().endswith("_BAKU"):
                baku = True
            elif code == "240":
                kind, r = tokens[0].upper(), int(tokens[1])
                if kind not in ("F", "H", "Z"):
                    raise ValueError
                for p in tokens[2:]:
                    setup.announced.setdefault(r, {})[int(p)] = kind
                    setup.announced_lines.setdefault((r, int(p)), (code, line))
            elif code == "XXZ":
                for t in tokens:
                    setup.absent.add(int(t))
                    setup.absent_lines.setdefault(int(t), line)
            elif code == "XXP":
                pair = frozenset((int(tokens[0]), int(tokens[1])))
                setup.forbidden.setdefault(0, set()).add(pair)
                setup.forbidden_lines.setdefault(pair, (code, line))
            elif code == "260":
                r1, r2 = int(tokens[0]), int(tokens[1])
                group = [int(t) for t in tokens[2:]]
                for r in range(r1, r2 + 1):
                    for i, a in enumerate(group):
                        for b in group[i + 1:]:
                            setup.forbidden.setdefault(r, set()).add(frozenset((a, b)))
                            setup.forbidden_lines.setdefault(frozenset((a, b)), (code, line))
        except (ValueError, IndexError, ZeroDivisionError):
            raise _problem(tournament, code, f"cannot read {text!r}") from None
    if baku and not has_explicit_accel:
        setup.accel = baku_acceleration(tournament)
    _read_withdrawals(tournament, setup)
    _read_expulsions(tournament, setup)
    return setup


def _read_expulsions(tournament: Tournament, setup: PairingSetup) -> None:
    """A player a `### Expelled @ Round r` line names is not paired from round r on (VCL4THP
    Q197-198); the rounds are zero-point byes, as for a withdrawal."""
    setup.expelled = recorded_expulsions(tournament)
    last = max(setup.total_rounds, next_round(tournament))
    for player, (first, _line) in setup.expelled.items():
        for r in range(first, last + 1):
            setup.announced.setdefault(r, {})[player] = "Z"


def _read_withdrawals(tournament: Tournament, setup: PairingSetup) -> None:
    """A player whose line stops (after at least one entry) before the last recorded round withdrew
    from the round after its last entry: not paired in that round or any later one (a withdrawn player is not paired
    again; old C.04.1 F.5). Their rounds are zero-point byes, as SC records a withdrawal."""
    recorded = next_round(tournament) - 1
    last = max(setup.total_rounds, recorded + 1)
    for player in tournament.players:
        first_missing = len(player.rounds) + 1
        # A line with no entries at all is a late entry (paired from the next round), not a withdrawal.
        if 1 < first_missing <= recorded:
            setup.withdrawn[player.start_rank] = first_missing
            for r in range(first_missing, last + 1):
                setup.announced.setdefault(r, {}).setdefault(player.start_rank, "Z")


def baku_acceleration(tournament: Tournament) -> dict[tuple[int, int], Fraction]:
    """C.04.7 Baku acceleration as bbpPairings v6 applies it: group A is the top ceil(N/2)
    pairing numbers (the FIDE text says 2*ceil(N/4); explicit 250 records override both); the
    accelerated rounds are the first ceil(R/2); group A gets a win's worth of virtual points in
    the first half of them (rounded up) and a draw's worth in the rest."""
    n = len(tournament.players)
    rounds = tournament.rounds
    group_a = math.ceil(n / 2)
    accelerated = math.ceil(rounds / 2)
    full = math.ceil(accelerated / 2)
    out: dict[tuple[int, int], Fraction] = {}
    for p in range(1, group_a + 1):
        for r in range(1, accelerated + 1):
            out[(p, r)] = tournament.scoring.win if r <= full else tournament.scoring.draw
    return out
