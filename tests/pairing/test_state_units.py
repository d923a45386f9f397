"""The player states read in whole score units, once per player (`state.build_states`,
`state_units.py`), and every round's states read from one history (as `pair --check` reads them:
a shared `PairingHistory`), equal the plain reading in Fractions round by round (`state.plain_states`):
score, pairing score (C.04.7 acceleration), colours (A.6), opponents (C1), floats (A.4, both
texts), PAB eligibility (C2, both texts), unplayed rounds (C9), topscorers (A.7), the A.2 order.

Checked on every pairing fixture, on bench/pairing.py's scattered fields (withdrawn players with
blank rounds, byes, forfeits) written to TRF and read back, and on the same fields with what
they lack (absences `0000 - -`, full-point byes, unrated games, games without a recorded colour,
other scoring systems, acceleration in thirds). Each mutant below, a plausible slip of the fast
reading, is caught by the same comparison.
"""

from __future__ import annotations

import random
import sys
import tempfile
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from rulesengine.formats.trf import read_trf, write_trf
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, ScoringSystem, Tournament
from rulesengine_fide.pairing.engine import announced_byes, pair_round
from rulesengine_fide.pairing.records import PairingSetup, read_setup
from rulesengine_fide.pairing.state import PlayerState, build_states, plain_states
from rulesengine_fide.pairing.state_units import PairingHistory
from rulesengine_fide.pairing.texts import TEXT_2017, TEXT_2025

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
FIXTURES = sorted(p for folder in (*ROOT.glob("tests/data/pairing*"), *ROOT.parent.glob("shared/fixtures/pairing*"))
                  for p in folder.rglob("*.trf"))
TEXTS = (TEXT_2025, TEXT_2017)


def _scattered_field(players: int, played: int, seed: int) -> Tournament:
    sys.path.insert(0, str(BENCH))     # bench/pairing.py imports bench/tiebreaks.py's generator
    try:
        from pairing import generate_scattered
        return generate_scattered(players, played, played + 2, seed)
    finally:
        sys.path.remove(str(BENCH))


def _read_text(text: str) -> Tournament:
    """As `pair` reads a file: players built from round columns, trailing blank rounds cut off."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "field.trf"
        path.write_text(text, encoding="utf-8")
        return read_trf(path)


def _present(tournament: Tournament, round_number: int, setup: PairingSetup) -> list[int]:
    byes = announced_byes(tournament, round_number, setup)
    return [p.start_rank for p in tournament.players if p.start_rank not in byes]


def _differences(tournament: Tournament, setup: PairingSetup | None = None, texts=TEXTS) -> list[str]:
    """Every round 1..rounds+1, each text: the fast states, alone and from one shared history,
    against the plain ones. Returns what differs (empty when all are equal)."""
    setup = setup or read_setup(tournament)
    last = tournament.rounds + 1
    out = []
    for text in texts:
        plain = {r: plain_states(tournament, r, setup, _present(tournament, r, setup), text)
                 for r in range(1, last + 1)}
        for r, expected in plain.items():
            alone = build_states(tournament, r, setup, _present(tournament, r, setup), text)
            if alone != expected:
                out.append(f"{text.key} round {r}: alone")
            if any(type(s.score) is not Fraction or type(s.pairing_score) is not Fraction for s in alone):
                out.append(f"{text.key} round {r}: scores not Fractions")
        shared = PairingHistory(tournament, setup, text, last - 1, keep=True)
        for r, expected in plain.items():
            if build_states(tournament, r, setup, _present(tournament, r, setup), text, shared) != expected:
                out.append(f"{text.key} round {r}: shared")
    return out


def _with_what_scattered_lacks(tournament: Tournament, seed: int) -> Tournament:
    """Some entries turned into absences (`0000 - -`, a forfeit loss without opponent), full-point
    byes, unrated games, games or forfeits without a recorded colour; both sides of a game change
    together, so the event stays consistent."""
    rng = random.Random(seed)
    rounds = {p.start_rank: list(p.rounds) for p in tournament.players}
    unrated = {ResultCode.WIN: ResultCode.UNRATED_WIN, ResultCode.DRAW: ResultCode.UNRATED_DRAW,
               ResultCode.LOSS: ResultCode.UNRATED_LOSS}
    unpaired = (ResultCode.FORFEIT_LOSS, ResultCode.FULL_POINT_BYE, ResultCode.FORFEIT_WIN)
    changed = 0
    for number, entries in rounds.items():
        for i, e in enumerate(entries):
            roll = rng.random()
            if e.opponent is None and roll < 0.5:
                entries[i] = RoundEntry(e.round, None, Colour.NONE, unpaired[changed % 3])
                changed += 1
            elif e.opponent is not None and number < e.opponent and roll < 0.06:
                other = rounds[e.opponent]
                theirs = other[i]
                if e.code in unrated and roll < 0.03:
                    entries[i] = replace(e, code=unrated[e.code])
                    other[i] = replace(theirs, code=unrated[theirs.code])
                else:   # no colour recorded (some forfeits, games entered without one)
                    entries[i] = replace(e, colour=Colour.NONE)
                    other[i] = replace(theirs, colour=Colour.NONE)
    players = tuple(replace(p, rounds=tuple(rounds[p.start_rank])) for p in tournament.players)
    return replace(tournament, players=players)


def _accelerated(tournament: Tournament, seed: int, values: tuple[Fraction, ...]) -> PairingSetup:
    """The event's setup with acceleration points (C.04.7) for a third of the players in some rounds."""
    rng = random.Random(seed)
    setup = read_setup(tournament)
    for p in tournament.players:
        if rng.random() < 0.33:
            for r in range(1, tournament.rounds + 1):
                if rng.random() < 0.6:
                    setup.accel[(p.start_rank, r)] = rng.choice(values)
    return setup


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: str(p.relative_to(ROOT.parent)))
def test_fixture_states_equal_the_plain_reading(path):
    tournament = read_trf(path)
    assert _differences(tournament) == []


def test_every_fixture_folder_is_read():
    folders = {p.parent.name for p in FIXTURES}
    assert {"pairing", "sample_2025", "sample_2017", "sample_2017_baku", "open"} <= folders
    assert len(FIXTURES) >= 300


@pytest.mark.parametrize("seed", [15, 16])
def test_scattered_fields_read_back_from_trf_equal_the_plain_reading(seed):
    field = _scattered_field(150, 14, seed)
    withdrawn = [p for p in field.players if p.rounds[-1].code is ResultCode.NOT_PAIRED]
    byes = sum(e.code is ResultCode.PAIRING_ALLOCATED_BYE for p in field.players for e in p.rounds)
    forfeits = sum(e.code is ResultCode.FORFEIT_WIN for p in field.players for e in p.rounds)
    assert withdrawn and byes and forfeits    # the kinds of rounds the comparison is about
    read_back = _read_text(write_trf(field))
    # Rounds 15-17 are past every player's columns: read as not paired.
    assert max(len(p.rounds) for p in read_back.players) == 14 < read_back.rounds
    assert _differences(read_back) == []


@pytest.mark.parametrize("seed, scoring, accel", [
    (1, ScoringSystem(), (Fraction(1, 2), Fraction(1))),
    (2, ScoringSystem(win=Fraction(3), draw=Fraction(1), forfeit_loss=Fraction(-1), not_paired=Fraction(1, 3)),
     (Fraction(1, 3), Fraction(2))),
    (3, ScoringSystem(forfeit_win=Fraction(1, 2), full_point_bye=Fraction(1, 2), pairing_allocated_bye=Fraction(1, 2)),
     (Fraction(1, 4), Fraction(3, 2))),
])
def test_generated_fields_with_every_kind_of_round_equal_the_plain_reading(seed, scoring, accel):
    field = replace(_with_what_scattered_lacks(_scattered_field(120, 12, seed), seed), scoring=scoring)
    codes = {e.code for p in field.players for e in p.rounds}
    assert {ResultCode.FULL_POINT_BYE, ResultCode.UNRATED_DRAW, ResultCode.FORFEIT_LOSS} <= codes
    assert any(e.code is ResultCode.FORFEIT_LOSS and e.opponent is None for p in field.players for e in p.rounds)
    setup = _accelerated(field, seed, accel)
    assert _differences(field, setup) == []
    # The last round is paired with topscorers (A.7) in the comparison above.
    assert setup.total_rounds == field.rounds


def test_a_history_serves_only_its_own_event_setup_text_and_rounds():
    field = _scattered_field(60, 6, 3)
    setup = read_setup(field)
    history = PairingHistory(field, setup, TEXT_2025, 4)
    assert history.serves(field, 5, setup, TEXT_2025)
    assert not history.serves(field, 6, setup, TEXT_2025)      # round 5 is not in it
    assert not history.serves(field, 3, setup, TEXT_2017)
    assert not history.serves(field, 3, read_setup(field), TEXT_2025)
    assert not history.serves(replace(field), 3, setup, TEXT_2025)


# Mutants: each is a slip the fast reading could make; the comparison must see it.

def _baku_and_scattered():
    return [read_trf(ROOT / "tests/data/pairing/p175_r09_baku.trf"),
            _with_what_scattered_lacks(_scattered_field(120, 12, 2), 2)]


def _mutate(monkeypatch, name: str, slip) -> None:
    """`PairingHistory.name` replaced by `slip(self, plain, *args, **kwargs)`, `plain` the method it replaces."""
    plain = getattr(PairingHistory, name)
    monkeypatch.setattr(PairingHistory, name, lambda self, *args, **kwargs: slip(self, plain, *args, **kwargs))


def _caught(monkeypatch, name: str, slip) -> bool:
    tournaments = _baku_and_scattered()
    assert all(_differences(t) == [] for t in tournaments)    # the plain code passes first
    _mutate(monkeypatch, name, slip)
    return any(_differences(t) for t in tournaments)


def test_mutant_floats_without_acceleration_is_caught(monkeypatch):
    def slip(self, plain, *args, **kwargs):
        plain(self, *args, **kwargs)
        self._paired_at = self._totals     # A.4 compares the scores with acceleration: dropped
    assert _caught(monkeypatch, "__init__", slip)


def test_mutant_pab_ruled_out_one_round_late_is_caught(monkeypatch):
    def slip(self, plain, number):
        rounds = plain(self, number)
        return rounds._replace(pab_barred_from=rounds.pab_barred_from + 1)
    assert _caught(monkeypatch, "_read", slip)


def test_mutant_absence_scored_as_forfeit_loss_is_caught(monkeypatch):
    def slip(self, plain, player):
        self._absent = self._by_code[ResultCode.FORFEIT_LOSS]    # `0000 - -` scores not_paired
        return plain(self, player)

    field = replace(_with_what_scattered_lacks(_scattered_field(120, 12, 2), 2),
                    scoring=ScoringSystem(forfeit_loss=Fraction(-1)))
    assert _differences(field) == []
    _mutate(monkeypatch, "_points", slip)
    assert _differences(field)


def test_a_shared_history_is_not_used_for_another_event(monkeypatch):
    # Under one event's shared history another event is paired (same size, other results): its
    # states are its own. The mutant that skips `serves`' checks gives it the first event's.
    first, second = _scattered_field(80, 8, 5), _scattered_field(80, 8, 6)
    setup = read_setup(second)

    def states_of_second():
        shared = PairingHistory(first, read_setup(first), TEXT_2025, 8, keep=True)
        return build_states(second, 9, setup, _present(second, 9, setup), TEXT_2025, shared)
    expected = plain_states(second, 9, setup, _present(second, 9, setup), TEXT_2025)
    assert states_of_second() == expected
    monkeypatch.setattr(PairingHistory, "serves", lambda self, *args: True)
    assert states_of_second() != expected


@pytest.mark.parametrize("name, round_number", [("p175_r09_baku.trf", 9), ("p301_r09_forfeits.trf", 7),
                                                ("p064_r13_mixed.trf", 13)])
def test_the_colour_preference_kept_is_the_one_the_colours_give_after_pairing(name, round_number):
    # A.6's preference is worked out once per state (`cached_property`): nothing in the pairing
    # changes a state's colours afterwards, so the kept one is still the definition's.
    result = pair_round(read_trf(ROOT / "tests/data/pairing" / name), round_number)
    states = list(result.states.values())
    assert len(states) > 20
    assert all(s.preference == PlayerState.preference.func(s) for s in states)
    assert len({s.preference for s in states}) >= 4     # absolute, strong and mild ones occur
