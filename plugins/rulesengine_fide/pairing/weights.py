"""Edge weights of one bracket's matching: the C.04.3 criteria packed into one integer.

A field per criterion, from the highest bits down:

  card   every edge: the most pairs overall, i.e. the round stays pairable (C4, completion)
  C5     PAB edge: the lower the assignee's score the better
  C6     pairs inside the bracket
  C7     scores of the bracket's paired players (= the downfloaters' scores as low as possible)
  C8     pairs, then paired players' scores, in the next bracket (downfloaters paired there)
  C9     PAB edge: the fewer unplayed games the better
  C10-C21  colour and float criteria of the bracket's pairs (credited as "not violated")
  order  the generation order of candidates (D.1-D.3), lowest bits

Each field is wide enough to hold its largest total over a whole matching, so no sum of lower
fields carries into a higher one: the maximum-weight matching is the lexicographic optimum.
Counts that are "minimised" are stored as credits (maximum per edge minus the violations),
which is the same optimum because the number of bracket pairs is fixed by the higher field C6.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rulesengine_fide.pairing.criteria import colour_penalties
from rulesengine_fide.pairing.round import RoundState

UP, DOWN = -1, 1

FIELDS = ("card", "C5", "C6", "C7", "C8p", "C8s", "C9", "C10", "C11", "C12", "C13", "C14", "C15",
          "C16", "C17", "C18", "C19", "C20", "C21", "O1", "O2", "O3", "O4", "O5")


@dataclass(frozen=True)
class Ordering:
    """Which generation order the lowest bits encode: the MDP-pairing of a heterogeneous
    bracket (D.3 then D.1 over the residents) or a homogeneous bracket / remainder (D.2 then D.1)."""

    kind: str              # "mdp" or "homogeneous"
    members: tuple[int, ...]
    s1_size: int

    @staticmethod
    def mdp(mdps: list[int], m1: int) -> "Ordering":
        return Ordering("mdp", tuple(mdps), m1)

    @staticmethod
    def homogeneous(players: list[int], max_pairs: int) -> "Ordering":
        return Ordering("homogeneous", tuple(players), max_pairs)


@dataclass(frozen=True)
class _EdgeKinds:
    """The weight of each kind of edge of one bracket's matching (None: no such edge)."""

    in_bracket: Callable[[int, int], int | None]
    to_window: Callable[[int, int], int | None]
    to_absorber: Callable[[int], int]
    in_window: Callable[[int, int], int | None]
    to_bye: Callable[[int], int | None]


@dataclass
class BracketStats:
    bracket_pairs: int
    mdp_pairs: int


@dataclass(frozen=True)
class ScoreDifferences:
    """The 2017 text's pairing score difference (A.8) as weights: the PSD of a bracket lists a
    score difference (SD) per pair (the two scores' difference) and per downfloater (its score
    less one point under the bracket's lowest score), compared highest first (C.6). Each
    distinct SD is a digit of radix `radix`, so minimising the sum minimises the PSD; a pair
    earns the SDs its two players would have as downfloaters less its own."""

    floor: object               # one point less than the bracket's lowest score
    rank: dict                  # SD value -> digit
    radix: int
    top: int

    def value(self, sd) -> int:
        return self.radix ** self.rank[sd]

    def pair_credit(self, a, b) -> int:
        sa, sb = a.pairing_score, b.pairing_score
        return self.value(sa - self.floor) + self.value(sb - self.floor) - self.value(abs(sa - sb))

    def down_credit(self, x, higher, lower) -> int:
        """C.16/C.18 (2017): x of the pair higher-lower floated down before; paired, it is no
        downfloater (its SD as one is saved), but the higher one still floats down by the pair's SD."""
        saved = self.value(x.pairing_score - self.floor)
        if x is higher and higher.pairing_score > lower.pairing_score:
            saved -= self.value(higher.pairing_score - lower.pairing_score)
        return saved

    def up_credit(self, higher, lower, repeated: bool) -> int:
        """C.17/C.19 (2017): the SD of a lower player's repeated upfloat, as a credit."""
        top = self.radix ** self.top
        return top - (self.value(higher.pairing_score - lower.pairing_score) if repeated else 0)


def pairing_score_differences(rnd: RoundState, bracket: list[int]) -> ScoreDifferences:
    scores = sorted({rnd.states[i].pairing_score for i in bracket})
    floor = scores[0] - 1
    values = {s - floor for s in scores} | {abs(x - y) for x in scores for y in scores}
    rank = {v: r for r, v in enumerate(sorted(values))}
    return ScoreDifferences(floor, rank, len(bracket) + 2, len(rank) - 1)


class EdgeWeigher:
    def __init__(self, rnd: RoundState, mdps: list[int], residents: list[int], window: list[int],
                 next_group: int | None, with_bye: bool, fixed_pairs=(), all_mdps=None,
                 mdps_pairable: bool = True, absorber: bool = False, absorbable: set[int] | None = None):
        self.rnd = rnd
        self.mdps = mdps
        self.residents = residents
        self.mdp_set = set(mdps)
        self.resident_set = set(residents)
        self.window = window
        self.next_set = {i for i in window if rnd.group[i] == next_group}
        self.with_bye = with_bye
        self.mdps_pairable = mdps_pairable
        bracket = list(all_mdps if all_mdps is not None else mdps) + list(residents)
        for a, b in fixed_pairs:
            bracket += [a, b]
        levels = sorted({rnd.states[i].pairing_score for i in bracket})
        self.level = {i: levels.index(rnd.states[i].pairing_score) for i in mdps + residents}
        self.top_level = len(levels) - 1
        self.psd = pairing_score_differences(rnd, bracket) if rnd.psd else None
        # The absorber stands for a next bracket that pairs any downfloater (see dutch.py), or
        # only the players `absorbable` when given (the others cannot float at C8's bound).
        self.absorber = rnd.n + 1 if absorber else None
        self.absorbable = absorbable
        self.vertices = mdps + residents + window + ([rnd.n] if with_bye else []) + (
            [self.absorber] if absorber else [])

    # ---------------------------------------------------------------- graph
    def graph(self, ordering: Ordering) -> tuple[list[int], list[tuple[int, int, int]]]:
        """The vertices and every edge (vertex positions and weight) of the bracket's matching."""
        kinds = self._weights(ordering)
        verts = self.vertices
        index = {v: t for t, v in enumerate(verts)}
        edges: list[tuple[int, int, int]] = []
        bracket = self.mdps + self.residents
        for x_i, a in enumerate(bracket):
            for b in bracket[x_i + 1:]:
                w = kinds.in_bracket(a, b)
                if w is not None:
                    edges.append((index[a], index[b], w))
        for a in bracket:
            for b in self.window:
                w = kinds.to_window(a, b)
                if w is not None:
                    edges.append((index[a], index[b], w))
        if self.absorber is not None:
            sink = index[self.absorber]
            for a in bracket:
                if self.absorbable is None or a in self.absorbable:
                    edges.append((index[a], sink, kinds.to_absorber(a)))
        window = self.window
        for x_i, a in enumerate(window):
            for b in window[x_i + 1:]:
                w = kinds.in_window(a, b)
                if w is not None:
                    edges.append((index[a], index[b], w))
        if self.with_bye:
            bye = index[self.rnd.n]
            for a in verts:
                w = kinds.to_bye(a)
                if w is not None:
                    edges.append((index[a], bye, w))
        return verts, edges

    def weights_of(self, ordering: Ordering, pairs: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
        """The weights `graph` gives the edges among `pairs` (rank indices, `rnd.n` the PAB), pairs
        that are no edge left out: a pairing's few pairs without building every edge."""
        kinds = self._weights(ordering)
        place = {v: t for t, v in enumerate(self.mdps + self.residents)}
        window_place = {v: t for t, v in enumerate(self.window)}
        out = {}
        for pair in pairs:
            a, b = pair
            if a == self.rnd.n:
                a, b = b, a
            if b == self.rnd.n:
                w = kinds.to_bye(a) if self.with_bye and (a in place or a in window_place) else None
            elif a in place and b in place:
                w = kinds.in_bracket(*sorted((a, b), key=place.get))
            elif a in window_place and b in window_place:
                w = kinds.in_window(*sorted((a, b), key=window_place.get))
            elif a in place and b in window_place:
                w = kinds.to_window(a, b)
            elif b in place and a in window_place:
                w = kinds.to_window(b, a)
            else:
                w = None
            if w is not None:
                out[pair] = w
        return out

    def _weights(self, ordering: Ordering) -> "_EdgeKinds":
        """The field layout for `ordering` (kept in shift/width) and the weight of each kind of edge."""
        rnd = self.rnd
        states = rnd.states
        verts = self.vertices
        nv = len(verts)
        k = len(self.mdps) + len(self.residents) + 2
        k2 = nv + 2
        top = self.top_level
        max_unplayed = max((states[i].unplayed for i in verts if i < rnd.n), default=0)
        members = ordering.members
        m = len(members)
        s1 = ordering.s1_size
        radix = (len(self.residents) if ordering.kind == "mdp" else m) + 2
        psd = self.psd
        maxima = {
            "card": 1, "C5": len(rnd.scores) + 1, "C6": 1,
            "C7": 2 * k ** top if psd is None else 2 * psd.radix ** psd.top,
            "C8p": 3 if rnd.pab_in_next_bracket else 1,
            "C8s": 2 * k2 ** (top + 1), "C9": max_unplayed + 1, "C10": 2, "C11": 2, "C12": 1,
            "C13": 1, "C14": 2, "C15": 1, "C16": 2, "C17": 1, "C18": 2 * k ** top, "C19": k ** top,
            "C20": 2 * k ** top, "C21": k ** top,
            **({} if psd is None else {name: 2 * psd.radix ** psd.top for name in ("C18", "C19", "C20", "C21")}),
            "O1": 1, "O2": m + 1, "O3": 2 ** (s1 + 1), "O4": 2 ** (m + 1),
            "O5": (radix + 1) * radix ** (m + 1),
        }
        pairs_max = nv // 2 + 1
        shift = {}
        width = {}
        offset = 0
        for name in reversed(FIELDS):
            shift[name] = offset
            width[name] = (maxima[name] * pairs_max).bit_length() + 1
            offset += width[name]
        self.shift, self.width = shift, width
        S = shift
        card = 1 << S["card"] if rnd.card_first else 0   # 2017 text: only at the PPB (dutch.py)
        pos = {x: p for p, x in enumerate(members, start=1)}
        res_pos = {x: p for p, x in enumerate(self.residents, start=1)}
        mdp_set, next_set = self.mdp_set, self.next_set
        level = self.level
        mdp_pairable = self.mdps_pairable
        compatible = rnd.compatible
        def order_bits(a: int, b: int) -> int:
            # a < b in rank order. S1 members: `members` up to s1; partners numbered among
            # `members` (homogeneous: D.2 then D.1) or among the residents (MDP-pairing: D.3, D.1).
            partners = pos if ordering.kind == "homogeneous" else res_pos
            if a not in pos or b not in partners:
                return 0
            pa, pb = pos[a], partners[b]
            in_s1 = pa <= s1
            w = (1 << S["O1"]) if in_s1 else 0          # fewest players exchanged
            w += (m - pa) << S["O2"]                     # smallest sum of exchanged numbers
            if in_s1 and ordering.kind == "homogeneous":
                # D.2 c: the highest different number among those leaving S1 ("5-2 is better than
                # 4-3"): the least sum of 2**number over those staying (as many as O1 leaves).
                w += ((1 << s1) - (1 << pa)) << S["O3"]
            elif in_s1:
                w += (1 << (s1 - pa)) << S["O3"]        # D.3 b: the new S1 lowest, lexicographically
            else:
                w += (1 << (m - pa)) << S["O4"]         # the lowest number joining S1
            w += ((len(partners) + 1 - pb) * radix ** (m - pa)) << S["O5"]   # D.1 transposition
            return w

        base_bracket = card + (1 << S["C6"])

        def in_bracket(a: int, b: int) -> int | None:
            """A pair of the bracket, a before b in the bracket's order."""
            if a in mdp_set and (b in mdp_set or not mdp_pairable):
                return None
            if not compatible(a, b):
                return None
            sa, sb = states[a], states[b]
            w = base_bracket
            w += (k ** level[a] + k ** level[b] if psd is None else psd.pair_credit(sa, sb)) << S["C7"]
            if rnd.pab_in_next_bracket:
                w += next_pair(a, b)
            c10, c11, c12, c13 = colour_penalties(sa, sb)
            w += ((2 - c10) << S["C10"]) + ((2 - c11) << S["C11"])
            w += ((1 - c12) << S["C12"]) + ((1 - c13) << S["C13"])
            for back, fdown, fup, fdscore, fuscore in ((1, "C14", "C15", "C18", "C19"),
                                                       (2, "C16", "C17", "C20", "C21")):
                down = 0
                down_score = 0
                for x in (a, b):
                    if states[x].floated(back) == DOWN:
                        # C14/C16 count players who receive a downfloat again: an MDP paired
                        # with a lower resident receives one too (1.4.2), so it earns no credit.
                        if x == b or sa.pairing_score <= sb.pairing_score:
                            down += 1
                        down_score += k ** level[x] if psd is None else psd.down_credit(states[x], sa, sb)
                w += (down << S[fdown]) + (down_score << S[fdscore])
                # C15/C17: the lower player of a pair of different scores upfloats again (an MDP's
                # opponent; in the 2017 text's collapsed last bracket any such pair).
                repeat_up = sa.pairing_score > sb.pairing_score and sb.floated(back) == UP
                w += ((0 if repeat_up else 1) << S[fup])
                if psd is None:
                    w += ((k ** top - (k ** level[a] if repeat_up else 0)) << S[fuscore])
                else:
                    w += psd.up_credit(sa, sb, repeat_up) << S[fuscore]
            return w + order_bits(a, b)

        next_credit = 1 << S["C8p"]

        def next_pair(a: int, b: int) -> int:
            """C8p of a pair in the next bracket; before the last bracket (2017 text) a pair
            counts once more for each player in it who may not get the PAB, so the one left over
            there can (bbpPairings 5.0.1's final brackets)."""
            if not rnd.pab_in_next_bracket:
                return next_credit
            return (1 + (not states[a].bye_eligible) + (not states[b].bye_eligible)) * next_credit

        def to_window(a: int, b: int) -> int | None:
            if not compatible(a, b):
                return None
            w = card
            if b in next_set:
                w += next_pair(a, b) + ((k2 ** (level[a] + 1) + 1) << S["C8s"])
            elif rnd.pab_in_next_bracket:
                w += next_pair(a, b)
            return w

        def to_absorber(a: int) -> int:
            return card + next_credit + ((k2 ** (level[a] + 1) + 1) << S["C8s"])

        def in_window(a: int, b: int) -> int | None:
            if not compatible(a, b):
                return None
            w = card
            if a in next_set and b in next_set:
                w += next_pair(a, b) + (2 << S["C8s"])
            elif rnd.pab_in_next_bracket:
                w += next_pair(a, b)
            return w

        def to_bye(a: int) -> int | None:
            if a < rnd.n and states[a].bye_eligible:
                w = card + ((1 + rnd.group[a]) << S["C5"] if rnd.c5_in_force else 0)
                if rnd.c9_in_force:   # C9: only in the bracket whose downfloater is the PAB (round.py)
                    w += (1 + max_unplayed - states[a].unplayed) << S["C9"]
                return w
            return None

        return _EdgeKinds(in_bracket, to_window, to_absorber, in_window, to_bye)

    def fields(self, total: int) -> dict[str, int]:
        """The per-criterion totals packed in a matching's total weight (after `graph`)."""
        return {name: (total >> self.shift[name]) & ((1 << self.width[name]) - 1) for name in FIELDS}

    def stats(self, mate: dict[int, int]) -> BracketStats:
        pairs = mdp_pairs = 0
        for a in self.mdps + self.residents:
            b = mate.get(a, -1)
            if b < 0 or b >= self.rnd.n:
                continue
            if a in self.mdp_set and b in self.resident_set:
                mdp_pairs += 1
                pairs += 1
            elif a in self.resident_set and b in self.resident_set and a < b:
                pairs += 1
        return BracketStats(pairs, mdp_pairs)
