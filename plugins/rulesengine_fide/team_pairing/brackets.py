"""The pairing of one round, bracket by bracket: C.04.6 art. 3.4 (the PAB), 3.5 (the upfloaters)
and 3.6 (the bracket), under the criteria of art. 2.

A bracket is the top-scoregroup (its residents) and a set of upfloaters from lower scoregroups
(art. 1.3.2); there are no downfloaters. [C1] (and the prohibited pairs of record 260) are the
edges of the graph; [C3] (art. 2.2.1) asks that the teams left can still all be paired, which
every perfect matching of them satisfies, since a bracket may take upfloaters from any lower
scoregroup. The weighted matching is the Dutch engine's (`pairing.matching`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from typing import Callable, Iterator

from rulesengine_fide.pairing.matching import max_weight_matching
from rulesengine_fide.team_pairing.colours import Preference


class NoLegalPairing(Exception):
    """Art. 3.3.3: the round cannot be completed; the Chief Arbiter decides what to do."""


@dataclass
class Field:
    """The teams to pair in a round and what the criteria read of them."""

    teams: list[int]                        # present teams, in TPN order
    level: dict[int, int]                   # team -> index of its pairing score (0 = lowest)
    can_meet: Callable[[int, int], bool]    # [C1] art. 2.1.1 and record 260
    floated: dict[int, bool]                # floater in the previous round (art. 1.5)
    preference: dict[int, Preference]       # art. 1.7
    type_b: bool
    last_two_rounds: bool                   # [C7], [C10]: not in the last two rounds

    def edges(self, teams: list[int]) -> list[tuple[int, int]]:
        return [(a, b) for a, b in combinations(sorted(teams), 2) if self.can_meet(a, b)]

    def pairable(self, teams: list[int]) -> bool:
        """Every team of `teams` can be paired (a perfect matching under the absolute criteria)."""
        if len(teams) % 2:
            return False
        if not teams:
            return True
        index = {t: i for i, t in enumerate(teams)}
        mate = max_weight_matching(len(teams), [(index[a], index[b], 1) for a, b in self.edges(teams)])
        return all(m >= 0 for m in mate)


@dataclass
class Bracket:
    """One bracket as paired: its score level, residents, upfloaters, pairs (top member first)
    and the criteria values that decided it."""

    level: int
    residents: list[int]
    upfloaters: list[int]
    pairs: list[tuple[int, int]]
    c6: bool = True
    c7: int = 0
    criteria: dict[str, int] = field(default_factory=dict)


# ------------------------------------------------------------------ art. 3.4, the PAB

def pab_team(fld: Field, played: dict[int, int]) -> int | None:
    """Art. 3.4: the team that leaves a legal pairing for all others (3.4.1), with the lowest
    score (3.4.2), the most matches played (3.4.3), the largest TPN (3.4.4), among those [C2]
    (art. 2.1.2) allows. None with an even number of teams."""
    if len(fld.teams) % 2 == 0:
        return None
    for team in sorted(fld.teams, key=lambda t: (fld.level[t], -played[t], -t)):
        if fld.can_meet(team, 0) and fld.pairable([t for t in fld.teams if t != team]):
            return team
    raise NoLegalPairing("no team can receive the pairing-allocated bye and leave a legal pairing of all the "
                         "others (C.04.6 art. 3.4.1, 2.1.2 [C2]); art. 3.3.3: the Chief Arbiter decides")


# ------------------------------------------------------------------ art. 3.6, one bracket

def pair_bracket(fld: Field, level: int, teams: list[int]) -> tuple[list[tuple[int, int]], dict[str, int]] | None:
    """Art. 3.6: the first pairing in the order of the identifiers (3.6.2: the top members in
    order, then the bottom members in the order of their top members; the top member of a pair is
    the team with the smaller TPN, FIDE TEC's correction to 3.6.1) among those complying best with
    [C8], [C9], [C10]. One weight per pair makes that order exact: each criterion's weight exceeds
    everything below it. None when the bracket has no perfect matching."""
    bsn = {t: i for i, t in enumerate(sorted(teams), start=1)}   # 3.6.1: the teams in TPN order
    size = len(teams)
    base = size + 1
    w_top = base ** size
    w_c10 = w_top * 2 ** size
    w_c9 = w_c10 * base
    w_c8 = w_c9 * base
    weighted = []
    for a, b in fld.edges(teams):
        q = pair_criteria(fld, level, a, b)
        top, bottom = (a, b) if bsn[a] < bsn[b] else (b, a)
        weight = (q["C8"] * w_c8 + q["C9"] * w_c9 + q["C10"] * w_c10
                  + w_top * 2 ** (size - bsn[bottom]) + bsn[bottom] * base ** (size - bsn[top]))
        weighted.append((a, b, weight))
    pairs = min_weight_perfect_matching(sorted(teams), weighted)
    if pairs is None:
        return None
    totals = {"C8": 0, "C9": 0, "C10": 0}
    for a, b in pairs:
        q = pair_criteria(fld, level, a, b)
        for key in totals:
            totals[key] += q[key]
    return sorted(pairs), totals


def pair_criteria(fld: Field, level: int, a: int, b: int) -> dict[str, int]:
    """The criteria one pair carries in a bracket of score level `level` (art. 2.3): [C4] its
    upfloaters, [C8] both teams prefer the same colour (2.3.5), [C9] both strongly, type B
    (2.3.6), [C10] upfloaters' opponents that floated in the previous round (2.3.7)."""
    pa, pb = fld.preference[a], fld.preference[b]
    same = bool(pa.colour) and pa.colour == pb.colour
    c10 = 0
    if not fld.last_two_rounds:
        c10 = sum(fld.floated[other] for team, other in ((a, b), (b, a)) if fld.level[team] < level)
    return {"C4": sum(fld.level[t] < level for t in (a, b)), "C8": int(same),
            "C9": int(same and fld.type_b and pa.strength == 2 and pb.strength == 2), "C10": c10}


def min_weight_perfect_matching(teams: list[int], weighted: list[tuple[int, int, int]]) -> list[tuple[int, int]] | None:
    """The perfect matching of least total weight, or None. The maximum-weight matching is asked
    for `big - weight`, `big` so large that one more pair outweighs any weights (so the largest
    matching wins first)."""
    if not teams:
        return []
    if not weighted:
        return None
    index = {t: i for i, t in enumerate(teams)}
    big = (max(w for _, _, w in weighted) + 1) * (len(teams) // 2 + 1) + 1
    mate = max_weight_matching(len(teams), [(index[a], index[b], big - w) for a, b, w in weighted])
    if any(m < 0 for m in mate):
        return None
    return [(teams[i], teams[m]) for i, m in enumerate(mate) if i < m]


# ------------------------------------------------------------------ art. 3.5, the upfloaters

def pair_top_scoregroup(fld: Field, level: int, remaining: list[int]) -> Bracket | None:
    """Art. 3.5 and 3.6 for the top-scoregroup at `level` of the teams `remaining`. [C4] (fewest
    upfloaters) and [C5] (their scores as high as possible, in ascending order) choose the
    profile; 3.5.3/3.5.4 order the sets of a profile lexicographically by TPN (descending score,
    then ascending TPN within a set); 3.5.5 takes the first set whose bracket has a pairing, leaves
    the rest pairable ([C3]) and complies best with [C6], then [C7]."""
    residents = [t for t in remaining if fld.level[t] == level]
    if not residents:
        return None          # taken as upfloaters by a bracket above
    lower = [t for t in remaining if fld.level[t] < level]
    for count in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in _profiles(fld, lower, count):
            best = None
            for index, ups in enumerate(_sets(fld, lower, profile)):
                bracket = residents + ups
                paired = pair_bracket(fld, level, bracket)
                if paired is None:
                    continue
                rest = [t for t in remaining if t not in bracket]
                if not fld.pairable(rest):
                    continue                                   # [C3] art. 2.2.1
                c6 = complies_c6(fld, level, rest)
                c7 = 0 if fld.last_two_rounds else sum(fld.floated[t] for t in ups)
                key = (not c6, c7, index)
                if best is None or key < best[0]:
                    best = (key, ups, paired)
                if c6 and c7 == 0:
                    break                                      # 3.5.5: the first such set
            if best is not None:
                (not_c6, c7, _), ups, (pairs, totals) = best
                return Bracket(level, residents, ups, pairs, not not_c6, c7,
                               {"C4": len(ups), **totals})
    raise NoLegalPairing(f"the top-scoregroup {sorted(residents)} has no legal pairing with any set of upfloaters "
                         f"(C.04.6 art. 3.5); art. 3.3.3: the Chief Arbiter decides")


def _profiles(fld: Field, lower: list[int], count: int) -> list[tuple[int, ...]]:
    """[C5] art. 2.3.2: the score levels a set of `count` upfloaters can have, best first (their
    levels in ascending order, the highest such sequence first)."""
    available: dict[int, int] = {}
    for t in lower:
        available[fld.level[t]] = available.get(fld.level[t], 0) + 1
    profiles = [p for p in combinations_with_replacement(sorted(available, reverse=True), count)
                if all(p.count(lv) <= available[lv] for lv in set(p))]
    return sorted(profiles, key=sorted, reverse=True)


def _sets(fld: Field, lower: list[int], profile: tuple[int, ...]) -> Iterator[list[int]]:
    """Art. 3.5.3/3.5.4: every set with the levels of `profile`, in lexicographic TPN order (levels
    descending, teams of a level in ascending TPN), produced lazily."""
    levels = sorted(set(profile), reverse=True)
    by_level = [sorted(t for t in lower if fld.level[t] == lv) for lv in levels]
    counts = [profile.count(lv) for lv in levels]

    def from_level(i: int) -> Iterator[list[int]]:
        if i == len(levels):
            yield []
            return
        for chosen in combinations(by_level[i], counts[i]):
            for rest in from_level(i + 1):
                yield list(chosen) + rest
    return from_level(0)


def complies_c6(fld: Field, level: int, rest: list[int]) -> bool:
    """[C6] art. 2.3.3: unless the following scoregroup is now empty, what is left of it can be
    paired ([C1], [C3]) with the fewest upfloaters its size allows ([C4]: none when even, one
    when odd), the rest staying pairable."""
    following = [t for t in rest if fld.level[t] == level - 1]
    if not following:
        return True
    lower = [t for t in rest if fld.level[t] < level - 1]
    for ups in ([[]] if len(following) % 2 == 0 else [[t] for t in lower]):
        bracket = following + ups
        if fld.pairable(bracket) and fld.pairable([t for t in rest if t not in bracket]):
            return True
    return False


def levels_of(scores: dict[int, Fraction]) -> dict[int, int]:
    """Each team's score level: the index of its pairing score among the distinct ones (0 lowest)."""
    distinct = sorted(set(scores.values()))
    return {t: distinct.index(s) for t, s in scores.items()}
