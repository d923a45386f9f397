"""Tie-break modifiers, FIDE C.07 art. 14, and the cutting of unplayed rounds first, art. 16.5.

* Cut-n (``/C1``, ``/C2``): drop the n least significant values (art. 14.1, 14.2).
* Median-n (``/M1``, ``/M2``): drop the n least, then the n most significant values (14.3, 14.4).
* Art. 16.5 (Swiss, since September 2023): a low cut removes a voluntarily unplayed round
  first. For Buchholz that always removes the dummy of such a round. For Sonneborn-Berger the
  cut removes the *higher* of that round's contribution and the contribution of the weakest
  opponent (a bye worth less than the weakest opponent stays in). When several such rounds
  remain, the one contributing least goes first. A Median's upper cut ignores the rule.

Which tie-breaks accept which modifier is each rule's business (see `ALLOWED` in
``__init__``); this module only applies them.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Mapping, NamedTuple, Sequence

from rulesengine.errors import UsageError
from rulesengine.tiebreak import TiebreakSpec
from rulesengine_fide.tiebreaks.rulesets import RuleSet


class Contribution(NamedTuple):
    """One round's entry in an opponent-based tie-break (Buchholz, SB, ...).

    `score` is the opponent's (or dummy's) score in units, `value` what the round adds to the
    tie-break (units for BH, units squared for SB), `voluntarily_unplayed` marks entries art.
    16.5 cuts first, `description` says where the score comes from.

    The fields come in the order art. 14 ranks significance, then the round: plain tuple
    comparison (in C, no key function) orders entries from least to most significant value,
    the earlier of two equal rounds first.
    """

    score: int
    value: int
    round: int
    opponent: int | None
    voluntarily_unplayed: bool
    description: str = ""


class CutResult(NamedTuple):
    kept: tuple[Contribution, ...]
    dropped: tuple[tuple[Contribution, str], ...]   # (entry, why it was dropped)

    @property
    def total(self) -> int:
        return sum(map(_VALUE, self.kept))


# Read in C (an itemgetter, not a lambda): they run for every round of every player.
_VALUE = itemgetter(1)
_UNPLAYED_FIRST = itemgetter(1, 0, 2)  # (value, score, round): the VUR contributing least
_IS_VUR = itemgetter(4)


def cut_and_median(spec: TiebreakSpec) -> tuple[int, int]:
    """(low cuts, high cuts) requested by /Cn or /Mn (bare /C or /M mean 1)."""
    low = high = 0
    if spec.modifier("C") is not None:
        low += spec.number("C", 1)
    if spec.modifier("M") is not None:
        n = spec.number("M", 1)
        low += n
        high += n
    return low, high


def check_cut_median(spec: TiebreakSpec, article: str, *, median: bool = True, largest: int = 2) -> None:
    """Refuse combinations C.07 art. 14 does not define."""
    cut, med = spec.modifier("C"), spec.modifier("M")
    if cut is not None and med is not None:
        raise UsageError(f"tie-break {spec}: use either Cut-n or Median-n, not both (FIDE C.07 art. 14)")
    if med is not None and not median:
        raise UsageError(f"tie-break {spec}: Median-n is not defined for {spec.code} ({article}; "
                         f"C.07 art. 14.3-14.4 define no 'most significant value' for it)")
    for letter, text in (("C", cut), ("M", med)):
        if text is not None and text and not (1 <= int(text) <= largest):
            name = "Cut" if letter == "C" else "Median"
            raise UsageError(f"tie-break {spec}: {name}-{text} is not defined (FIDE C.07 art. 14 defines "
                             f"{name}-1{' and ' + name + '-2' if largest > 1 else ''} for {spec.code})")


def apply_cuts(entries: list[Contribution], low: int, high: int, rounds: int, rule_set: RuleSet,
               unplayed_first: bool = True) -> CutResult:
    """Drop `low` least and `high` most significant entries (art. 14), VURs first (art. 16.5);
    of equal values, the earlier round."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    if not low and not high:
        return CutResult(tuple(entries), ())
    remaining = list(entries)
    dropped: list[tuple[Contribution, str]] = []
    use_16_5 = unplayed_first and any(map(_IS_VUR, remaining)) and not rule_set.virtual_opponent
    for n in range(1, low + 1):
        if not remaining:
            break
        weakest = min(remaining)   # (score, value, round)
        choice, why = weakest, f"cut {n}: least significant value"
        if use_16_5:
            unplayed = [c for c in remaining if c.voluntarily_unplayed]
            if unplayed:
                vur = min(unplayed, key=_UNPLAYED_FIRST)
                if not weakest.value > vur.value:
                    choice, why = vur, f"cut {n}: voluntarily unplayed round cut first (art. 16.5)"
                else:
                    why += " (kept the voluntarily unplayed round: it contributes less, art. 16.5)"
        remaining.remove(choice)
        dropped.append((choice, why))
    for n in range(1, high + 1):
        if not remaining:
            break
        top = max(remaining)
        strongest = min(c for c in remaining if c.score == top.score and c.value == top.value)  # earliest
        remaining.remove(strongest)
        dropped.append((strongest, f"median {n}: most significant value"))
    return CutResult(tuple(remaining), tuple(dropped))


def cut_totals(lists: Mapping[int, Sequence[Contribution]], low: int, high: int, rounds: int,
               rule_set: RuleSet) -> dict[int, int]:
    """`apply_cuts(...).total` for every player's contributions (the values of a whole event).

    Without a voluntarily unplayed round among them, the cuts drop the `low` least and then the
    `high` most significant entries in (score, value) order, and which of two equal entries goes
    does not change the total: the kept values are a slice of the sorted entries.
    """
    if not low and not high:
        return {sno: sum(map(_VALUE, entries)) for sno, entries in lists.items()}
    low = min(low, rounds)
    high = min(high, rounds - low)
    totals: dict[int, int] = {}
    for sno, entries in lists.items():
        if any(map(_IS_VUR, entries)):
            totals[sno] = apply_cuts(entries, low, high, rounds, rule_set).total
        else:
            totals[sno] = sum(map(_VALUE, sorted(entries)[low:len(entries) - high]))
    return totals
