"""C8 above C10-C13 in the B.4 shortcut (fastpath.py, `BestNextBracket.single_pool`; issue 25
item 8): when an odd bracket's first candidates at the colour bounds all leave over a player who
cannot reach C8's bound (the next bracket gets fewer pairs with him), the shortcut searches
again among the pairings leaving over one who may, at their own colour bounds. The pool holds
exactly the players whose joining the next bracket raises its maximum pairing to the bound (one
resident left over by some maximum pairing is theirs to meet), and every bracket the second
search decides is paired as the plain matching (the bracket and everyone below, no window)
pairs it. Where the players below lack partners (C4), C8's bound is capped by what they need,
and a downfloater reaches it when the residents floating down to partner them leave the rest
pairable with him (`BestNextBracket._with_floaters`). Seeds 22 and 21 of 3,000 players after
20 rounds: 15 s and 6.5 s in the matching before, 0.7 s and 3.6 s."""

from __future__ import annotations

from rulesengine_fide.pairing import fastpath, nextbracket
from rulesengine_fide.pairing.completion import most_pairs
from rulesengine_fide.pairing.dutch import BracketRecord, DutchRound
from rulesengine_fide.pairing.engine import pair_round

from .test_matching_scale import _scattered_field


def test_the_pool_is_every_player_who_raises_the_next_brackets_pairs_to_the_bound(monkeypatch):
    checked = []
    plain_pool = nextbracket.BestNextBracket.single_pool

    def single_pool(self, players):
        pool = plain_pool(self, players)
        bound = self.bound(1)
        reaching = {x for x in players if most_pairs(self.rnd, self.nxt + [x]) >= bound}
        if pool is None:
            assert reaching == set(players)
        elif pool or 2 * bound != len(self.nxt) + 1:
            assert pool == reaching
        checked.append((len(players), None if pool is None else len(pool)))
        return pool

    monkeypatch.setattr(nextbracket.BestNextBracket, "single_pool", single_pool)
    tournament = _scattered_field(300, 20, 15)
    for round_number in range(12, 21):
        pair_round(tournament, round_number)
    # Pools that leave players out occur (the next bracket cannot take everyone).
    assert any(pool is not None and 0 < pool < size for size, pool in checked)


def test_brackets_the_pool_decides_are_paired_as_the_matching_pairs_them(monkeypatch):
    seen = []
    pooled = {"decided": False}
    plain_search = fastpath._search
    plain_bracket = DutchRound._pair_bracket

    def search(rnd, mdps, residents, lower, pairs_target, below, pool, budget_per_player, *more):
        result = plain_search(rnd, mdps, residents, lower, pairs_target, below, pool, budget_per_player, *more)
        pooled["decided"] = pool is not None and isinstance(result, list)
        return result

    def bracket(self, mdps, residents, lower, record):
        pooled["decided"] = False
        pairs = plain_bracket(self, mdps, residents, lower, record)
        if pooled["decided"]:
            plain = self._pair_bracket_in(mdps, residents, lower, True, lower, BracketRecord(0, [], []))
            seen.append((sorted(pairs), sorted(plain)))
        return pairs

    monkeypatch.setattr(fastpath, "_search", search)
    monkeypatch.setattr(DutchRound, "_pair_bracket", bracket)
    tournament = _scattered_field(300, 20, 15)
    for round_number in range(12, 21):
        pair_round(tournament, round_number)
    assert len(seen) >= 2, "no bracket was decided among the pool's pairings"
    for ours, plain in seen:
        assert ours == plain


def test_brackets_decided_with_floaters_below_are_paired_as_the_matching_pairs_them(monkeypatch):
    seen = []
    shown = {"floaters": False}
    plain_floaters = nextbracket.BestNextBracket._with_floaters
    plain_bracket = DutchRound._pair_bracket

    def with_floaters(self, xs):
        verdict = plain_floaters(self, xs)
        if verdict:
            # Only where C4 caps the bound below the stand-ins' maximum.
            assert self.bound(len(xs)) < self._stand_ins[len(xs)]
            shown["floaters"] = True
        return verdict

    def bracket(self, mdps, residents, lower, record):
        shown["floaters"] = False
        pairs = plain_bracket(self, mdps, residents, lower, record)
        if shown["floaters"] and any("B.4" in note for note in record.notes):
            plain = self._pair_bracket_in(mdps, residents, lower, True, lower, BracketRecord(0, [], []))
            seen.append((sorted(pairs), sorted(plain)))
        return pairs

    monkeypatch.setattr(nextbracket.BestNextBracket, "_with_floaters", with_floaters)
    monkeypatch.setattr(DutchRound, "_pair_bracket", bracket)
    tournament = _scattered_field(300, 20, 4)
    for round_number in range(14, 21):
        pair_round(tournament, round_number)
    assert seen, "no bracket was decided with residents floating to the players below"
    for ours, plain in seen:
        assert ours == plain
