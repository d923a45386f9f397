"""The rounds before a pairing, read once per player in whole score units: what
`state.build_states` makes each `PlayerState` from (C.04.3 A.2 scores, A.4 floats, A.6 colours,
C1 opponents, C2 PAB eligibility, C9 unplayed rounds; C.04.7 acceleration).

Scores are whole numbers of the scoring system's smallest unit (1/2 under 1-1/2-0), refined by
the denominators of the acceleration points, so the loop adds and compares integers; each
distinct score becomes one shared `Fraction` only when a state is handed out.

A `PairingHistory` keeps one value per round (a colour, an opponent, a float, ...) for rounds
1..`rounds`. Every value of round k depends on rounds 1..k only, so the state before any round
r <= rounds + 1 is read from a prefix of it. `pair --check` makes one history for the whole event
and passes it to `pair_round(..., history)`: every round's states come from it, instead of reading rounds 1..r-1
again for each round r. `state.plain_states` is the definition these equal
(`tests/pairing/test_state_units.py`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import accumulate
from typing import NamedTuple

from rulesengine.model import GAME_CODES, UNRATED_GAME_CODES, Colour, Player, ResultCode, Tournament

from rulesengine_fide.pairing.records import PairingSetup
from rulesengine_fide.pairing.texts import DutchText

WHITE, BLACK = 1, -1  # colours as signs: colour difference is the sum of the played colours
_SIGN = {Colour.WHITE: WHITE, Colour.BLACK: BLACK}
_PLAYED = GAME_CODES | UNRATED_GAME_CODES
_NEVER = math.inf  # the round a player's PAB eligibility ends when nothing ends it


class Before(NamedTuple):
    """One player before a round: a `PlayerState`'s values, plus the A.2 sort key in units."""

    number: int
    pairing_units: int
    score: Fraction
    pairing_score: Fraction
    colours: list[int]
    opponents: frozenset[int]
    floats: list[int]
    bye_eligible: bool
    unplayed: int


class _Rounds(NamedTuple):
    """One player's rounds 1..n, one value each (0 where the round has none)."""

    colours: list[int]       # WHITE / BLACK of a played game; 0: not played, or no colour recorded
    opponents: list[int]     # the opponent of a played game (C1); 0: no game played
    floats: list[int]        # A.4: +1 downfloat, -1 upfloat, 0 none
    unplayed: list[int]      # 1: no game played (C9)
    pab_barred_from: float   # the first round that rules out a PAB (C2), `_NEVER` if none


class PairingHistory:
    """Every player's rounds 1..`rounds` of `tournament`, read as `text` defines floats and PAB
    eligibility; `before(r, number)` for any r <= rounds + 1."""

    def __init__(self, tournament: Tournament, setup: PairingSetup, text: DutchText, rounds: int,
                 keep: bool = False) -> None:
        """`keep`: keep each player's rounds once read, for states before more than one round."""
        self.tournament, self.setup, self.text, self.rounds = tournament, setup, text, rounds
        self._keep = keep
        units = tournament.scoring.units()
        scale = math.lcm(units.scale, *(Fraction(v).denominator for v in setup.accel.values()))
        factor = scale // units.scale
        self._scale = scale
        self._by_code = {code: value * factor for code, value in units.by_code.items()}
        self._absent = units.absent * factor       # TRF `0000 - -`: a forfeit loss with no opponent
        self._missing = units.missing * factor     # a round the file leaves out: not paired
        self._win = self._by_code[ResultCode.WIN]
        self._loss = self._by_code[ResultCode.LOSS]
        self._accel = {key: int(Fraction(value) * scale) for key, value in setup.accel.items()}
        self._shared: dict[int, Fraction] = {}
        # Scores after 0..rounds rounds (index k: after round k), every player: floats compare a
        # player's score with the opponent's (A.4), whoever the opponent is.
        self._totals = {p.start_rank: list(accumulate(self._points(p), initial=0)) for p in tournament.players}
        # A.4: floats compare the scores the two players had when paired, acceleration included.
        self._paired_at = dict(self._totals)
        for (number, r), value in self._accel.items():
            if value and 1 <= r <= rounds and number in self._totals:
                if self._paired_at[number] is self._totals[number]:
                    self._paired_at[number] = self._totals[number][:]
                self._paired_at[number][r - 1] += value
        self._rounds: dict[int, _Rounds] = {}

    def serves(self, tournament: Tournament, round_number: int, setup: PairingSetup, text: DutchText) -> bool:
        """Whether this history holds the rounds before `round_number` of the same event, setup and text."""
        return (tournament is self.tournament and setup is self.setup and text == self.text
                and 1 <= round_number <= self.rounds + 1)

    def before(self, round_number: int, number: int) -> Before:
        """Player `number` before round `round_number`: the prefix of rounds 1..round_number-1."""
        k = round_number - 1
        rounds = self._rounds.get(number) or self._read(number)
        score = self._totals[number][k]
        pairing = score + self._accel.get((number, round_number), 0)
        return Before(number, pairing, self._fraction(score), self._fraction(pairing),
                      list(filter(None, rounds.colours[:k])), frozenset(filter(None, rounds.opponents[:k])),
                      rounds.floats[:k], rounds.pab_barred_from > k, sum(rounds.unplayed[:k]))

    def _fraction(self, units: int) -> Fraction:
        value = self._shared.get(units)
        if value is None:
            value = self._shared[units] = Fraction(units, self._scale)
        return value

    def _points(self, player: Player) -> list[int]:
        """Units scored in each of rounds 1..rounds (the scoring system's `points`)."""
        opponents, _, codes, _ = player.columns
        codes = codes[:self.rounds]
        points = list(map(self._by_code.__getitem__, codes))
        if ResultCode.FORFEIT_LOSS in codes:
            for i, code in enumerate(codes):
                if code is ResultCode.FORFEIT_LOSS and not opponents[i]:
                    points[i] = self._absent
        points += [self._missing] * (self.rounds - len(codes))
        return points

    def _read(self, number: int) -> _Rounds:
        """One pass over the player's round columns (rounds past the file's end: not paired)."""
        opponents, colours, codes, _ = self.tournament.by_start_rank[number].columns
        n, pad = self.rounds, max(0, self.rounds - len(codes))
        opponents = opponents[:n] + (0,) * pad
        colours = colours[:n] + (Colour.NONE,) * pad
        codes = codes[:n] + (ResultCode.NOT_PAIRED,) * pad
        totals, paired_at, mine = self._totals[number], self._paired_at, self._paired_at[number]
        always_floats = self.text.unplayed_is_downfloat == "always"
        full_point_bars = self.text.full_point_bye_bars_pab
        win, loss = self._win, self._loss
        colour_of, opponent_of, float_of, unplayed_of = [], [], [], []
        barred: float = _NEVER
        for i, (opponent, colour, code) in enumerate(zip(opponents, colours, codes)):
            if opponent and code in _PLAYED:
                colour_of.append(_SIGN.get(colour, 0))
                opponent_of.append(opponent)
                ours, theirs = mine[i], paired_at[opponent][i]
                float_of.append(1 if ours > theirs else (-1 if ours < theirs else 0))
                unplayed_of.append(0)
                continue
            points = totals[i + 1] - totals[i]
            colour_of.append(0)
            opponent_of.append(0)
            unplayed_of.append(1)
            # 2025 text 1.4.3: an unplayed round that scored more than a loss is a downfloat;
            # 2017 text A.4.b: any round not played is.
            float_of.append(1 if always_floats or points > loss else 0)
            # C2: a PAB rules out a PAB; so does, in the 2025 text, a win's worth of points
            # without playing, and in the 2017 text (C.2) a forfeit win.
            if barred == _NEVER and (code is ResultCode.PAIRING_ALLOCATED_BYE
                                     or (full_point_bars and points >= win)
                                     or (not full_point_bars and code is ResultCode.FORFEIT_WIN)):
                barred = i + 1
        rounds = _Rounds(colour_of, opponent_of, float_of, unplayed_of, barred)
        if self._keep:
            self._rounds[number] = rounds
        return rounds


def history_before(tournament: Tournament, round_number: int, setup: PairingSetup,
                   text: DutchText, shared: PairingHistory | None = None) -> PairingHistory:
    """A history holding rounds 1..round_number-1: `shared` when it serves, else a new one."""
    if shared is not None and shared.serves(tournament, round_number, setup, text):
        return shared
    return PairingHistory(tournament, setup, text, round_number - 1)
