"""What the Dutch system needs to know about each player before a round (C.04.3 2025 text,
definitions of article A): score, colour history and preference, floats, bye eligibility.

Everything is read from the tournament's rounds 1..r-1 and the extra TRF records kept in
`tournament.header` (see `records.py`). `build_states` reads them in whole score units, once per
player (`state_units.py`); `plain_states` is the same definition in Fractions, round by round,
kept as the reference the tests compare it with.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from rulesengine.model import Colour, ResultCode, RoundEntry, Tournament

from rulesengine_fide.pairing.records import PairingSetup
from rulesengine_fide.pairing.state_units import BLACK, WHITE, PairingHistory, history_before
from rulesengine_fide.pairing.texts import TEXT_2025, DutchText

# Preference strength (A.6): absolute > strong > mild > none.
NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3


@dataclass
class PlayerState:
    """One player as the pairing sees them before the round being paired."""

    number: int                 # pairing number (start rank)
    score: Fraction             # real score after the previous rounds
    pairing_score: Fraction     # score plus acceleration points (C.04.7), used to form brackets
    colours: list[int]          # colours of played games, oldest first (forfeits and byes have none)
    opponents: frozenset[int]   # opponents of played games (C1: a forfeit is not a game played)
    floats: list[int]           # per previous round: +1 downfloat, -1 upfloat, 0 none (A.4)
    bye_eligible: bool          # C2: no PAB to someone who had one or scored a win without playing
    unplayed: int               # rounds without a played game (C9)
    topscorer: bool = False     # A.7, final round only
    rank_index: int = 0         # position in the A.2 order (score, then pairing number)

    @property
    def colour_difference(self) -> int:
        return sum(self.colours)

    @cached_property
    def preference(self) -> tuple[int, int]:
        """(strength, colour) of the colour preference, A.6: absolute when the colour difference
        is beyond +-1 or the last two played games had the same colour; strong at +-1; mild at 0
        (alternate from the last game); none before the first game. Worked out once per state
        (the criteria ask it for every pair they weigh): `colours` is not changed once built."""
        if not self.colours:
            return NONE, 0
        cd = self.colour_difference
        if cd > 1:
            return ABSOLUTE, BLACK
        if cd < -1:
            return ABSOLUTE, WHITE
        if len(self.colours) >= 2 and self.colours[-1] == self.colours[-2]:
            return ABSOLUTE, -self.colours[-1]
        if cd == 1:
            return STRONG, BLACK
        if cd == -1:
            return STRONG, WHITE
        return MILD, -self.colours[-1]

    def floated(self, rounds_back: int) -> int:
        """The float received `rounds_back` rounds before the one being paired (1 = last round)."""
        if rounds_back <= len(self.floats):
            return self.floats[-rounds_back]
        return 0


def _played(entry: RoundEntry) -> bool:
    return entry.played and entry.opponent is not None


def build_states(tournament: Tournament, round_number: int, setup: PairingSetup,
                 present: list[int], text: DutchText = TEXT_2025,
                 history: PairingHistory | None = None) -> list[PlayerState]:
    """States of the `present` players (pairing numbers) before round `round_number`, sorted in
    the A.2 order: pairing score descending, then pairing number; floats and PAB eligibility as
    `text` defines them. Equal to `plain_states`, read in whole units (`state_units.py`)."""
    history = history_before(tournament, round_number, setup, text, history)
    befores = [history.before(round_number, number) for number in present]
    befores.sort(key=lambda b: (-b.pairing_units, b.number))
    states = [PlayerState(number=b.number, score=b.score, pairing_score=b.pairing_score, colours=b.colours,
                          opponents=b.opponents, floats=b.floats, bye_eligible=b.bye_eligible,
                          unplayed=b.unplayed, rank_index=i)
              for i, b in enumerate(befores)]
    _mark_topscorers(states, round_number, setup, tournament.scoring.win)
    return states


def _mark_topscorers(states: list[PlayerState], round_number: int, setup: PairingSetup, win: Fraction) -> None:
    """A.7: topscorers have more than half the maximum possible score when the last round is paired."""
    if round_number == setup.total_rounds:
        maximum = win * (round_number - 1)
        for s in states:
            s.topscorer = s.score * 2 > maximum


def plain_states(tournament: Tournament, round_number: int, setup: PairingSetup,
                 present: list[int], text: DutchText = TEXT_2025) -> list[PlayerState]:
    """`build_states` as the definition reads: each round's entry and points in Fractions, every
    player's scores before each round rebuilt (the reference of tests/pairing/test_state_units.py)."""
    scoring = tournament.scoring
    win = scoring.win
    loss = scoring.loss
    # Scores before each round, for the float history (A.4: floats compare the scores the two
    # players had when they were paired, acceleration included).
    before: dict[int, list[Fraction]] = {}
    for player in tournament.players:
        total = Fraction(0)
        row = []
        for r in range(1, round_number):
            row.append(total + setup.acceleration(player.start_rank, r))
            total += scoring.points(player.entry(r))
        row.append(total)
        before[player.start_rank] = row
    states = []
    for number in present:
        player = tournament.player(number)
        colours: list[int] = []
        opponents: set[int] = set()
        floats: list[int] = []
        eligible = True
        unplayed = 0
        for r in range(1, round_number):
            entry = player.entry(r)
            points = scoring.points(entry)
            if _played(entry):
                if entry.colour is Colour.WHITE:
                    colours.append(WHITE)
                elif entry.colour is Colour.BLACK:
                    colours.append(BLACK)
                opponents.add(entry.opponent)
                mine, theirs = before[number][r - 1], before[entry.opponent][r - 1]
                floats.append(1 if mine > theirs else (-1 if mine < theirs else 0))
            else:
                unplayed += 1
                # 2025 text 1.4.3: an unplayed round that scored more than a loss is a downfloat;
                # 2017 text A.4.b: any round not played is.
                floats.append(1 if points > loss or text.unplayed_is_downfloat == "always" else 0)
                # C2: a PAB rules out a PAB; so does, in the 2025 text, a win's worth of points
                # without playing, and in the 2017 text (C.2) a forfeit win.
                if entry.code is ResultCode.PAIRING_ALLOCATED_BYE:
                    eligible = False
                elif text.full_point_bye_bars_pab and points >= win:
                    eligible = False
                elif not text.full_point_bye_bars_pab and entry.code is ResultCode.FORFEIT_WIN:
                    eligible = False
        score = before[number][round_number - 1]
        states.append(PlayerState(number=number, score=score,
                                  pairing_score=score + setup.acceleration(number, round_number),
                                  colours=colours, opponents=frozenset(opponents), floats=floats,
                                  bye_eligible=eligible, unplayed=unplayed))
    states.sort(key=lambda s: (-s.pairing_score, s.number))
    _mark_topscorers(states, round_number, setup, win)
    for i, s in enumerate(states):
        s.rank_index = i
    return states
