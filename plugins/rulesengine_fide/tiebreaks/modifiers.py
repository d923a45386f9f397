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

from dataclasses import dataclass
from typing import NamedTuple

from rulesengine.errors import UsageError
from rulesengine.tiebreak import TiebreakSpec
from rulesengine_fide.tiebreaks.rulesets import RuleSet


class Contribution(NamedTuple):
    """One round's entry in an opponent-based tie-break (Buchholz, SB, ...).

    `score` is the opponent's (or dummy's) score in units, `value` what the round adds to the
    tie-break (units for BH, units squared for SB), `voluntarily_unplayed` marks entries art.
    16.5 cuts first, `description` says where the score comes from.
    """

    round: int
    opponent: int | None
    score: int
    value: int
    voluntarily_unplayed: bool
    description: str = ""


@dataclass(frozen=True)
class CutResult:
    kept: tuple[Contribution, ...]
    dropped: tuple[tuple[Contribution, str], ...]   # (entry, why it was dropped)

    @property
    def total(self) -> int:
        return sum(c.value for c in self.kept)


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
    """Drop `low` least and `high` most significant entries (art. 14), VURs first (art. 16.5)."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    if not low and not high:
        return CutResult(tuple(entries), ())
    remaining = list(entries)
    dropped: list[tuple[Contribution, str]] = []
    use_16_5 = unplayed_first and not rule_set.virtual_opponent
    for n in range(1, low + 1):
        if not remaining:
            break
        weakest = min(remaining, key=lambda c: (c.score, c.value, c.round))
        choice, why = weakest, f"cut {n}: least significant value"
        if use_16_5:
            unplayed = [c for c in remaining if c.voluntarily_unplayed]
            if unplayed:
                vur = min(unplayed, key=lambda c: (c.value, c.score, c.round))
                if not weakest.value > vur.value:
                    choice, why = vur, f"cut {n}: voluntarily unplayed round cut first (art. 16.5)"
                else:
                    why += " (kept the voluntarily unplayed round: it contributes less, art. 16.5)"
        remaining.remove(choice)
        dropped.append((choice, why))
    for n in range(1, high + 1):
        if not remaining:
            break
        strongest = max(remaining, key=lambda c: (c.score, c.value, -c.round))
        remaining.remove(strongest)
        dropped.append((strongest, f"median {n}: most significant value"))
    return CutResult(tuple(remaining), tuple(dropped))
