"""A bracket matched with a window of the players below it (window.py; issue 25 item 8) is paired
as the plain version pairs it: the weighted matching over the bracket and *everyone* below it
(C.04.3 C4-C21 and the D.1-D.3 order packed in one weight). The old window (the card field, C4,
on every edge of the window, only completion checked afterwards) sent more players down than
C6 allows when the window's bottom could not pair among itself; it is the mutant here. The
fields are bench/pairing.py's scattered ones (many absolute colour preferences, C3)."""

from __future__ import annotations

import pytest

from rulesengine.errors import UsageError

from rulesengine_fide.pairing import dutch
from rulesengine_fide.pairing.completion import can_complete
from rulesengine_fide.pairing.dutch import BracketRecord, DutchRound
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.weights import EdgeWeigher

from .test_matching_scale import _scattered_field


def _windowed_brackets(monkeypatch, only=None):
    """Record, for each bracket paired through the window (of the sizes `only` when given:
    (MDPs, residents)), its pairs, the plain matching's, and whether the window's optimum
    passed its check (else the bracket was paired with everyone below)."""
    seen: list[tuple[tuple[int, int, int], list, list, bool]] = []
    now = {"windowed": False, "passed": True}
    plain_confined = dutch.confined_players
    plain_realised = dutch.realised
    plain_bracket = DutchRound._pair_bracket

    def confined_players(rnd, members, beyond):
        now["windowed"] = True
        return plain_confined(rnd, members, beyond)

    def realised(rnd, weigher, mate, lower):
        verdict = plain_realised(rnd, weigher, mate, lower)
        now["passed"] = now["passed"] and verdict
        return verdict

    def bracket(self, mdps, residents, lower, record):
        now.update(windowed=False, passed=True)
        pairs = plain_bracket(self, mdps, residents, lower, record)
        shape = (len(mdps), len(residents))
        if now["windowed"] and (only is None or shape in only):
            plain = self._pair_bracket_in(mdps, residents, lower, True, lower, BracketRecord(0, [], []))
            seen.append((shape + (len(lower),), sorted(pairs), sorted(plain), now["passed"]))
        return pairs

    monkeypatch.setattr(dutch, "confined_players", confined_players)
    monkeypatch.setattr(dutch, "realised", realised)
    monkeypatch.setattr(DutchRound, "_pair_bracket", bracket)
    if only is not None:
        # Those brackets go to the window even where the B.4 shortcut (fastpath.py, which gives
        # the matching's pairs) has learnt to decide them since.
        plain_fast = dutch.fast_bracket

        def fast_bracket(rnd, mdps, residents, lower, *args):
            if (len(mdps), len(residents)) in only:
                return None
            return plain_fast(rnd, mdps, residents, lower, *args)

        monkeypatch.setattr(dutch, "fast_bracket", fast_bracket)
    return seen


def _old_window(monkeypatch):
    """The mutant: the window weighed as before (card on every edge) and only checked for
    completion (the rest of the round pairable, the PAB at its best)."""
    def weigher(*args, confined, **kwargs):
        return EdgeWeigher(*args, **kwargs)

    def completes(rnd, weigher, mate, lower):
        inside = weigher.mdp_set | weigher.resident_set
        down = [i for i in weigher.mdps + weigher.residents if mate.get(i, -1) not in inside]
        return can_complete(rnd, down + lower, rnd.bye_target)

    monkeypatch.setattr(dutch, "WindowWeigher", weigher)
    monkeypatch.setattr(dutch, "realised", completes)


# 500 players, 30 rounds (bench/pairing.py's generate_scattered(500, 30, 32, 15)): the brackets
# (MDPs, residents) the old window paired wrongly, with the plain matching's pairs (the old
# window's: 18, 24, 0 and 16; C6).
WRONG_BEFORE = {19: {(14, 29): 19}, 28: {(1, 52): 26}, 30: {(6, 2): 1, (2, 37): 17}}


@pytest.fixture(scope="module")
def field_500x30():
    return _scattered_field(500, 30, 15)


def _compare(tournament, round_number: int, only, monkeypatch):
    with monkeypatch.context() as patch:
        seen = _windowed_brackets(patch, only)
        pair_round(tournament, round_number)
    return seen


@pytest.mark.parametrize("round_number", sorted(WRONG_BEFORE))
def test_brackets_the_old_window_paired_wrongly_are_paired_as_the_matching_pairs_them(field_500x30, round_number,
                                                                                       monkeypatch):
    expected = WRONG_BEFORE[round_number]
    seen = _compare(field_500x30, round_number, set(expected), monkeypatch)
    assert {shape[:2]: len(plain) for shape, _, plain, _ in seen} == expected
    for shape, ours, plain, passed in seen:
        assert ours == plain, shape
        assert passed     # the window's own optimum, not the fallback to everyone below


def test_the_old_window_pairs_one_of_them_wrongly(field_500x30, monkeypatch):
    _old_window(monkeypatch)
    seen = _compare(field_500x30, 28, set(WRONG_BEFORE[28]), monkeypatch)
    assert [(len(ours), len(plain)) for _, ours, plain, _ in seen] == [(24, 26)]


def test_a_window_optimum_that_cannot_be_completed_goes_to_the_matching_with_everyone_below(monkeypatch):
    # 250 x 30, round 17: the window's optimum for the bracket of 3 MDPs and 25 residents (111
    # players below, 56 beyond its window) pairs 13 pairs, but then the round's bottom cannot
    # be paired (C1-C3); the check sends the bracket to the plain matching: 11 pairs (C4 first).
    tournament = _scattered_field(250, 30, 15)
    seen = _compare(tournament, 17, {(3, 25)}, monkeypatch)
    assert [(len(ours), len(plain), passed) for _, ours, plain, passed in seen] == [(11, 11, False)]
    assert seen[0][1] == seen[0][2]
    # The mutant without the check: 13 pairs, and the round cannot be completed.
    monkeypatch.setattr(dutch, "realised", lambda *args: True)
    seen = _windowed_brackets(monkeypatch, {(3, 25)})
    with pytest.raises(UsageError, match="cannot be completed"):
        pair_round(tournament, 17)
    assert [(len(ours), len(plain)) for _, ours, plain, _ in seen] == [(13, 11)]


@pytest.mark.parametrize("players, played, seed, rounds", [
    (200, 20, 7, range(16, 21)),
    (300, 15, 15, range(12, 16)),
])
def test_every_windowed_bracket_is_paired_as_the_matching_pairs_it(players, played, seed, rounds, monkeypatch):
    tournament = _scattered_field(players, played, seed)
    seen = []
    for round_number in rounds:
        seen += _compare(tournament, round_number, None, monkeypatch)
    for shape, ours, plain, _ in seen:
        assert ours == plain, shape
    # Most of them by the window's own optimum (the rest fell back to everyone below).
    passed = sum(1 for *_, ok in seen if ok)
    assert len(seen) >= 10 and passed >= len(seen) - 2, (len(seen), passed)
