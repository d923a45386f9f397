"""The B.4 shortcut's C6 target when the players below cannot be paired among themselves (C.04.3
C4 above C6; `fastpath.pairs_leaving_lower_pairable`, issue 25 item 8): the players a maximum
pairing of them leaves over (less the PAB) must meet players of the bracket, who float down, so
the bracket has at most that many pairs fewer. The target never promises more pairs than the
round's pairing has (it is an upper bound), and every bracket the shortcut decides with it is
paired as the plain matching (the bracket and everyone below, no window) pairs it. The fields
are bench/pairing.py's scattered ones, whose bottom brackets meet this (seed 16 of 3,000 players
after 20 rounds: 8.8 s in the matching before, 0.8 s)."""

from __future__ import annotations

import pytest

from rulesengine_fide.pairing import dutch, fastpath
from rulesengine_fide.pairing.dutch import BracketRecord, DutchRound
from rulesengine_fide.pairing.engine import pair_round

from .test_matching_scale import _scattered_field


# `decides`: the shortcut decides some such bracket (500 x 20 since its players left over are
# only ones who may meet a player below that a maximum pairing there leaves over).
@pytest.mark.parametrize("players, played, seed, decides", [(300, 10, 4, True), (300, 20, 4, False),
                                                            (500, 20, 2, True)])
def test_the_target_bounds_the_pairs_and_decided_brackets_are_paired_as_the_matching(players, played, seed, decides,
                                                                                   monkeypatch):
    targets: list[int] = []
    plain_target = fastpath.pairs_leaving_lower_pairable

    def recorded(*args):
        targets.append(plain_target(*args))
        return targets[-1]

    seen = []
    plain_bracket = DutchRound._pair_bracket

    def bracket(self, mdps, residents, lower, record):
        before = len(targets)
        pairs = plain_bracket(self, mdps, residents, lower, record)
        if len(targets) > before:
            decided = any(note.startswith(("the first candidate", "MDP-pairing: the first"))
                          for note in record.notes)
            plain = None
            if decided:
                plain = sorted(self._pair_bracket_in(mdps, residents, lower, True, lower, BracketRecord(0, [], [])))
            seen.append((targets[-1], len(mdps) + len(residents), sorted(pairs), plain))
        return pairs

    monkeypatch.setattr(fastpath, "pairs_leaving_lower_pairable", recorded)
    monkeypatch.setattr(DutchRound, "_pair_bracket", bracket)
    pair_round(_scattered_field(players, played, seed), played + 1)
    assert seen, "no bracket whose players below cannot pair among themselves"
    for target, size, pairs, plain in seen:
        assert len(pairs) <= target < size // 2
        if plain is not None:
            assert pairs == plain
    # The bound is met in most such brackets (the round's pairing has that many pairs).
    assert sum(len(pairs) == target for target, _size, pairs, _plain in seen) >= len(seen) // 2
    # (Before the target, the shortcut gave up on every such bracket: C6 at half the bracket.)
    assert any(plain is not None for *_, plain in seen) == decides

