"""FIDE (Dutch) System, C.04.3 (2025 text, in force from 1 February 2026): the round-pairing.

The brackets are paired from the top score down (B.1-B.8). Each bracket's pairing is the best
candidate by the quality criteria C5-C21, ties going to the candidate generated first (D.1
transpositions, D.2 resident exchanges, D.3 MDP exchanges). Like the certified engines, the
engine finds that candidate with a maximum-weight matching: every criterion is a bit field of
one integer edge weight, higher criteria in higher bits, so one unit of a criterion outweighs
any amount of every criterion below it (see `weights.py`). The generation order is encoded the
same way in the lowest bits. The matching covers the bracket and the players below it, so the
completion criterion C4 (the rest of the round must stay pairable) ranks above everything.

A heterogeneous bracket is paired in two steps, as B.3 prescribes: first its MDP-pairing (which
moved-down players play which residents), then its remainder as a homogeneous bracket.

The 2017 text (`texts.TEXT_2017`) is the same procedure with its parameters: no C5/C9, the
pairing score difference for C7 and C18-C21, and completion only at the penultimate bracket,
below which everyone forms the collapsed last bracket (`_pair_bracket_2017`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from rulesengine.errors import UsageError

from rulesengine_fide.pairing.completion import can_complete, most_pairs, pairs_all
from rulesengine_fide.pairing.fastpath import RemainderNeeded, fast_bracket, meets_bounds
from rulesengine_fide.pairing.matching import max_weight_matching
from rulesengine_fide.pairing.nextbracket import next_bracket_takes
from rulesengine_fide.pairing.round import RoundState
from rulesengine_fide.pairing.state import PlayerState
from rulesengine_fide.pairing.texts import TEXT_2025, DutchText
from rulesengine_fide.pairing.weights import EdgeWeigher, Ordering
from rulesengine_fide.pairing.window import WindowFallsShort, WindowWeigher, confined_players, realised

# Lower players beyond the next scoregroup included in a bracket's window (window.py); with up
# to 3 * 2 * WINDOW_MARGIN beyond it the bracket is matched with everyone below, as the round's
# bottom is then near, where the window's optimum often fails its check (exact either way: a
# failed check repeats the bracket with everyone below).
WINDOW_MARGIN = 12
# Odd brackets at least this big use one stand-in vertex for the next bracket when it can absorb
# any downfloater (smaller ones are cheap enough to solve with the players below).
ABSORBER_MIN = 20


@dataclass
class BracketRecord:
    """What happened in one bracket, for --explain."""

    score: object
    residents: list[int]
    mdps: list[int]
    s1: list[int] = field(default_factory=list)
    s2: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)
    downfloaters: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Rank indices (positions in the A.2 order) of the bracket's players and of everyone below.
    index_mdps: list[int] = field(default_factory=list)
    index_residents: list[int] = field(default_factory=list)
    index_lower: list[int] = field(default_factory=list)


@dataclass
class RoundResult:
    pairs: list[tuple[int, int]]       # (higher-ranked, lower-ranked) pairing numbers
    bye: int | None                    # pairing number of the PAB assignee
    brackets: list[BracketRecord]


class DutchRound(RoundState):
    def __init__(self, states: list[PlayerState], forbidden: set[frozenset[int]], use_fast_path: bool = True,
                 text: DutchText = TEXT_2025):
        super().__init__(states, forbidden)
        self.text = text
        # The fast path proves its pairings optimal against the 2025 criteria and completion (C4
        # at every bracket); the 2017 text's PPB and collapsed last bracket are paired by matching.
        self.use_fast_path = use_fast_path and not text.collapsed_last_bracket
        self.c5_in_force = text.pab_criteria
        self.psd = text.score_difference
        self.bye_target = self._best_bye_value() if self.odd and text.pab_criteria else None

    def _best_bye_value(self) -> tuple[int, int] | None:
        everyone = list(range(self.n))
        candidates = sorted((i for i in everyone if self.states[i].bye_eligible),
                            key=lambda i: self.bye_value(i), reverse=True)
        for i in candidates:
            if can_complete(self, [j for j in everyone if j != i], None):
                return self.bye_value(i)
        return None

    # ---------------------------------------------------------------- the round
    def pair(self) -> RoundResult:
        remaining = list(range(self.n))
        mdps: list[int] = []
        pairs: list[tuple[int, int]] = []
        records: list[BracketRecord] = []
        collapsed = False   # 2017 text: the players below the PPB form one bracket (A.9)
        for gi in range(len(self.scores)):
            mdp_set = set(mdps)
            if collapsed:
                residents = [i for i in remaining if i not in mdp_set]
                lower = []
            else:
                residents = [i for i in remaining if self.group[i] == gi and i not in mdp_set]
                lower = [i for i in remaining if self.group[i] > gi]
            if not residents and not mdps:
                continue
            if not lower and len(mdps) + len(residents) <= 1:
                mdps = mdps + residents
                break
            record = BracketRecord(self.scores[gi], [self.states[i].number for i in residents],
                                   [self.states[i].number for i in mdps],
                                   index_mdps=list(mdps), index_residents=residents, index_lower=lower)
            if self.bye_target is not None and not self.c9_in_force:
                self._enter_c9(mdps + residents, lower, record)
            if self.text.collapsed_last_bracket and lower:
                bracket_pairs, collapsed = self._pair_bracket_2017(mdps, residents, lower, record)
            else:
                bracket_pairs = self._pair_bracket(mdps, residents, lower, record)
            paired = {x for p in bracket_pairs for x in p}
            pairs.extend(bracket_pairs)
            bracket = mdps + residents
            mdps = [i for i in bracket if i not in paired]
            remaining = [i for i in remaining if i not in paired]
            record.pairs = [(self.states[a].number, self.states[b].number) for a, b in bracket_pairs]
            record.downfloaters = [self.states[i].number for i in mdps]
            records.append(record)
        bye = None
        if mdps:
            if len(mdps) > 1:
                left = ", ".join(str(self.states[i].number) for i in mdps)
                raise UsageError(f"the round cannot be completed: players {left} cannot all be paired "
                                 f"without a rematch (C1), a second PAB (C2) or an absolute colour "
                                 f"conflict (C3)")
            leftover = self.states[mdps[0]]
            if not leftover.bye_eligible:
                # C2 is absolute: a lone player left over (the others absent or paired) who has
                # had the PAB, or a win without playing, cannot get it; no legal pairing exists.
                raise UsageError(f"the round cannot be completed: player {leftover.number} is left over and "
                                 f"may not receive the pairing-allocated bye again (C2)")
            bye = leftover.number
        numbered = [(self.states[a].number, self.states[b].number) for a, b in pairs]
        return RoundResult(numbered, bye, records)

    def _enter_c9(self, bracket: list[int], lower: list[int], record: BracketRecord) -> None:
        """C9 (the fewest unplayed games for the PAB assignee) comes into force in the bracket
        whose single downfloater is the PAB assignee: a player of the PAB's score (C5) in it can
        take the PAB with the rest of the bracket paired, and everyone below it pairs among
        themselves. C9 ranks below C6-C8, which such a choice meets at their best, so the
        fewest unplayed games among those candidates becomes the PAB target. In a bracket that
        sends others down as well, C10-C21 choose who goes down, as the endorsed engine reads it."""
        target_group = self.bye_target[0]
        candidates = [i for i in bracket if self.group[i] == target_group and self.states[i].bye_eligible]
        if not candidates or (lower and not pairs_all(self, lower)):
            return
        for i in sorted(candidates, key=lambda i: self.states[i].unplayed):
            if pairs_all(self, [j for j in bracket if j != i]):
                self.c9_in_force = self.c9_in_target = True
                self.bye_target = self.bye_value(i)
                if any(self.states[j].unplayed != self.states[i].unplayed for j in candidates):
                    record.notes.append(f"C9: the PAB goes to a player with {self.states[i].unplayed} unplayed "
                                        f"game(s), the fewest that leave the rest of the bracket paired")
                return

    def _pair_bracket_2017(self, mdps: list[int], residents: list[int], lower: list[int],
                           record: BracketRecord) -> tuple[list[tuple[int, int]], bool]:
        """2017 text: a bracket is paired by its own criteria with the next scoregroup in view
        (C.1-C.19, C.8 for the next bracket); only when the rest of the round then cannot be
        completed is it the penultimate bracket (PPB), paired again so that the rest can be
        (C.4), and everyone below it then forms the collapsed last bracket (A.9). Returns the
        pairs and whether the bracket was the PPB."""
        next_group = self.group[lower[0]]
        window = [i for i in lower if self.group[i] == next_group]
        last = len(window) == len(lower)
        # C.5-C.7 of this bracket and the next; completion only checked afterwards.
        self.card_first, self.pab_in_next_bracket = False, last and self.odd
        try:
            pairs = self._pair_bracket_in(mdps, residents, window, False, lower, record,
                                          with_bye=last and self.odd)
        finally:
            self.card_first, self.pab_in_next_bracket = True, False
        if pairs is not None:
            return pairs, False
        record.notes.clear()
        # C.7 (the next bracket) does not apply to the PPB: the CLB below it is paired as one.
        pairs = self._pair_bracket_in(mdps, residents, lower, True, lower, record, next_bracket=False)
        assert pairs is not None
        record.notes.append("the penultimate bracket (PPB): the players below form the collapsed last "
                            "bracket (2017 text, A.9 and C.4)")
        return pairs, True

    # ---------------------------------------------------------------- one bracket
    def _window(self, bracket: list[int], lower: list[int]) -> tuple[list[int], bool]:
        """Lower players to put in the matching beside the bracket: the next scoregroup (C8) and
        enough below it; True when that is everyone below."""
        if not lower:
            return [], True
        next_group = self.group[lower[0]]
        window = [i for i in lower if self.group[i] == next_group]
        beyond = 2 * WINDOW_MARGIN
        rest = lower[len(window):]
        if len(rest) <= 3 * beyond:
            return lower, True
        return window + rest[:beyond], False

    def _pair_bracket(self, mdps: list[int], residents: list[int], lower: list[int],
                      record: BracketRecord) -> list[tuple[int, int]]:
        bracket = mdps + residents
        if self.use_fast_path:
            fast = fast_bracket(self, mdps, residents, lower)
            if isinstance(fast, RemainderNeeded):
                pairs = self._remainder_by_matching(mdps, residents, lower, fast)
                if pairs is not None and mdps:
                    record.s1 = [self.states[i].number for i in mdps]
                    record.s2 = [self.states[i].number for i in residents]
                    record.notes.append("MDP-pairing: the first in generation order; its remainder "
                                        "by the matching (B.4)")
                    return pairs
                if pairs is not None:
                    record.s1 = [self.states[i].number for i in residents[:fast.pairs]]
                    record.s2 = [self.states[i].number for i in residents[fast.pairs:]]
                    record.notes.append("the best candidate by the matching among those leaving over a "
                                        "player who may float down at C8's bound; it meets every "
                                        "criterion as well as any candidate can (B.4)")
                    return pairs
                fast = None
            if fast is not None:
                pairs, s1, s2 = fast
                record.s1 = [self.states[i].number for i in s1]
                record.s2 = [self.states[i].number for i in s2]
                record.notes.append("the first candidate in generation order that meets every criterion "
                                    "as well as any candidate can (B.4)")
                return [(min(a, b), max(a, b)) for a, b in pairs]
        if len(bracket) % 2 == 0 and lower and pairs_all(self, bracket):
            # When the bracket can be paired completely (C6), nobody moves down, so C8 and the
            # players below cannot matter: the bracket alone decides, if the rest stays pairable.
            # (No perfect pairing of the bracket under C1/C3: the matching could not find one.)
            result = self._pair_bracket_in(mdps, residents, [], False, lower, record)
            if result is not None and 2 * len(result) == len(bracket):
                return result
            record.notes.clear()
        if len(bracket) % 2 == 1 and len(bracket) >= ABSORBER_MIN and lower and \
                all(next_bracket_takes(self, x, lower) for x in bracket):
            # Whoever moves down, the next bracket absorbs them completely (C8 at its best for
            # every choice): one stand-in vertex for the players below, C4 checked afterwards.
            result = self._pair_bracket_in(mdps, residents, [], False, lower, record, absorber=True)
            if result is not None:
                return result
            record.notes.clear()
        window, complete = self._window(bracket, lower)
        result = None
        if complete:
            result = self._pair_bracket_in(mdps, residents, window, True, lower, record)
        elif not self.c9_in_force:
            # The window as a relaxation of the whole round, its optimum checked (window.py).
            # C9 (below C8) is weighed on the PAB edge, which only the whole round has.
            inner = confined_players(self, bracket + window, lower[len(window):])
            try:
                result = self._pair_bracket_in(mdps, residents, window, False, lower, record, confined=inner)
            except WindowFallsShort:
                result = None
        if result is None:
            record.notes.clear()
            result = self._pair_bracket_in(mdps, residents, lower, True, lower, record)
            assert result is not None
        return result

    def _remainder_by_matching(self, mdps, residents, lower, need):
        """The remainder of the first MDP-pairing, solved by the matching; accepted only when the
        whole bracket then reaches every lower bound (so it is the best candidate, and the
        first such in generation order)."""
        fixed = {x for p in need.mdp_pairs for x in p}
        rest = [i for i in residents if i not in fixed]
        rest_pairs = need.pairs - len(need.mdp_pairs)
        if most_pairs(self, rest) != rest_pairs:
            # Fewer: the matching below could not pair them either (C1, C3). More: the bracket
            # has fewer pairs for the players below (C4), which the matching of the bracket
            # alone does not see (its cardinality comes first).
            return None
        # One player left over whom the next bracket takes whoever it is (or, when the search
        # knew it, whoever of the pool of those who may float at C8's bound): the absorber
        # stands for it (C8); else the players left over are checked afterwards (meets_bounds).
        single = len(rest) - 2 * rest_pairs == 1 and bool(lower)
        absorbable = None if need.pool is None else need.pool & set(rest)
        absorber = single and (absorbable is not None or all(next_bracket_takes(self, x, lower) for x in rest))
        next_group = self.group[lower[0]] if lower else None
        weigher = EdgeWeigher(self, [], rest, [], next_group, with_bye=False, fixed_pairs=need.mdp_pairs,
                              all_mdps=mdps, mdps_pairable=False, absorber=absorber,
                              absorbable=absorbable if absorber else None)
        mate, stats = self._solve(weigher, Ordering.homogeneous(rest, rest_pairs))
        if stats.bracket_pairs != rest_pairs:
            return None
        pairs = list(need.mdp_pairs)
        for i in rest:
            j = mate.get(i, -1)
            if j in weigher.resident_set and i < j:
                pairs.append((i, j))
        pairs = [(min(a, b), max(a, b)) for a, b in pairs]
        if not meets_bounds(self, pairs, mdps + residents, lower, need):
            return None
        return pairs

    def _pair_bracket_in(self, mdps, residents, window, complete, lower, record, absorber=False,
                         next_bracket=True, with_bye=None, confined=None):
        # `next_bracket`: C8 weighs the next bracket's pairs (the 2017 text's PPB has no C.7);
        # `with_bye`: the PAB in the matching (default: when the window is everyone below);
        # `confined`: the window is a relaxation (window.py) with these confined players, every
        # optimum checked (raises WindowFallsShort).
        next_group = self.group[lower[0]] if lower and next_bracket else None
        if with_bye is None:
            with_bye = complete and self.odd
        weigh = EdgeWeigher if confined is None else partial(WindowWeigher, confined=confined)

        def solve(weigher, ordering):
            mate, stats = self._solve(weigher, ordering)
            if confined is not None and not realised(self, weigher, mate, lower):
                raise WindowFallsShort
            return mate, stats

        weigher = weigh(self, mdps, residents, window, next_group, with_bye=with_bye, absorber=absorber)
        if mdps:
            m1_guess = min(len(mdps), len(residents))
            mate, stats = solve(weigher, Ordering.mdp(mdps, m1_guess))
            m1 = stats.mdp_pairs
            if m1 != m1_guess:
                mate, stats = solve(weigher, Ordering.mdp(mdps, m1))
            mdp_pairs = [(i, mate[i]) for i in mdps if mate.get(i, -1) in weigher.resident_set]
            record.s1 = [self.states[i].number for i in mdps[:m1]]
            record.s2 = [self.states[i].number for i in residents]
            if m1:
                record.notes.append(f"MDP-pairing: {m1} of {len(mdps)} moved-down player(s) can be paired")
            remainder_pairs = stats.bracket_pairs - m1
        else:
            mdp_pairs = []
            remainder_pairs = None
        fixed = {x for p in mdp_pairs for x in p}
        unpaired_mdps = [i for i in mdps if i not in fixed]
        homogeneous = [i for i in residents if i not in fixed]
        pairs = list(mdp_pairs)
        if remainder_pairs is None or remainder_pairs > 0:
            weigher = weigh(self, unpaired_mdps, homogeneous, window, next_group,
                            with_bye=with_bye, fixed_pairs=mdp_pairs,
                            all_mdps=mdps, mdps_pairable=False, absorber=absorber)
            guess = len(homogeneous) // 2 if remainder_pairs is None else remainder_pairs
            # The bracket's pairs (C6) do not depend on the order encoded (lowest bits), so a
            # guess above the most pairs C1/C3 allow among them only costs a second matching.
            guess = min(guess, most_pairs(self, homogeneous))
            mate, stats = solve(weigher, Ordering.homogeneous(homogeneous, guess))
            if stats.bracket_pairs != guess:
                guess = stats.bracket_pairs
                mate, stats = solve(weigher, Ordering.homogeneous(homogeneous, guess))
            if not mdps:
                record.s1 = [self.states[i].number for i in homogeneous[:guess]]
                record.s2 = [self.states[i].number for i in homogeneous[guess:]]
            seen = set()
            for i in homogeneous:
                j = mate.get(i, -1)
                if j in weigher.resident_set and i not in seen:
                    pairs.append((min(i, j), max(i, j)))
                    seen.update((i, j))
        pairs = [(min(a, b), max(a, b)) for a, b in pairs]
        if not complete and confined is None:   # (a relaxed window's optima are checked above)
            paired = {x for p in pairs for x in p}
            rest = [i for i in mdps + residents if i not in paired] + lower
            if not can_complete(self, rest, self.bye_target):
                return None
        return pairs

    def _solve(self, weigher: EdgeWeigher, ordering: Ordering):
        vertices, edges = weigher.graph(ordering)
        mate_list = max_weight_matching(len(vertices), edges)
        mate = {}
        for k, m in enumerate(mate_list):
            if m >= 0:
                mate[vertices[k]] = vertices[m]
        return mate, weigher.stats(mate)
