"""What the input published beside its results: a chess-results export's `Rk.` and `TB1..` columns.

The recalculation ranks by its own computation; where the published rank or tie-break differs,
the Standings mark the value and say in one line how many differ and why (the full report is the
audit's job). Published figures are often rounded (Vega prints SB to one decimal), so a value
equal to ours at the precision it was printed with is not a difference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from rulesengine.model import Tournament
from rulesengine.standings import Standings
from rulesengine.tiebreak import TiebreakSpec


@dataclass(frozen=True)
class PublishedNumber:
    value: Fraction
    decimals: int  # as printed: "16,5" has 1

    def matches(self, ours: object) -> bool:
        if ours is None:
            return False
        tolerance = Fraction(1, 2 * 10 ** self.decimals)
        return abs(Fraction(str(ours)) - self.value) <= tolerance


@dataclass(frozen=True)
class Published:
    """Published ranks (by start number) and tie-break columns (label, then by start number)."""

    ranks: Mapping[int, int] = field(default_factory=dict)
    tiebreaks: Sequence[tuple[str, Mapping[int, PublishedNumber]]] = ()

    @property
    def empty(self) -> bool:
        return not self.ranks and not self.tiebreaks


@dataclass(frozen=True)
class Difference:
    start_rank: int
    column: str            # "Rank" or the spec ("BH/C1")
    published: str         # as printed
    label: str             # the input's own heading ("Rk.", "TB1")


def published_ranks(tournament: Tournament) -> dict[int, int]:
    return {p.start_rank: p.declared_rank for p in tournament.players if p.declared_rank is not None}


def differences(standings: Standings, published: Published) -> tuple[list[Difference], list[str]]:
    """Each published value that is not ours, and the published columns not compared (and why).

    TBk is compared with our k-th tie-break only when that is the one the input's legend names
    (`tournament.tiebreak_order`): another order means other tie-breaks, not wrong ones.
    A published rank inside our shared rank (players tied on everything) is not a difference.
    """
    found: list[Difference] = []
    skipped: list[str] = []
    tied = {}
    for row in standings.rows:
        tied.setdefault(row.rank, []).append(row.start_rank)
    for row in standings.rows:
        theirs = published.ranks.get(row.start_rank)
        if theirs is not None and not row.rank <= theirs < row.rank + len(tied[row.rank]):
            found.append(Difference(row.start_rank, "Rank", str(theirs), "Rk."))
    announced = standings.tournament.tiebreak_order
    for k, (label, values) in enumerate(published.tiebreaks):
        spec = standings.specs[k] if k < len(standings.specs) else None
        if spec is None or k >= len(announced) or str(spec) != announced[k]:
            skipped.append(label)
            continue
        for row in standings.rows:
            number = values.get(row.start_rank)
            if number is not None and not number.matches(row.tiebreaks[str(spec)]):
                found.append(Difference(row.start_rank, str(spec), _shown(number), label))
    return found, skipped


def summary(found: Sequence[Difference], skipped: Sequence[str], tournament: Tournament, rules: str) -> str:
    """The one line under the title: how many differ, and why."""
    if not found and not skipped:
        return "Every published rank and tie-break agrees with these standings."
    parts = []
    values = [d for d in found if d.column != "Rank"]
    ranks = [d for d in found if d.column == "Rank"]
    if values:
        unplayed = _touched_by_unplayed(tournament)
        why = ("every one involves a bye, forfeit or absence, which the publishing program counts differently "
               f"from FIDE C.07 art. 16 ({rules})" if all(d.start_rank in unplayed for d in values)
               else f"the published columns do not follow the rules applied here ({rules})")
        parts.append(f"{_count(values, 'tie-break value')} differ from the published ones: {why}"
                     + (f"; {_count(ranks, 'rank')} differ as a result" if ranks else ""))
    elif ranks:
        parts.append(f"{_count(ranks, 'rank')} differ from the published ones: the published order breaks ties "
                     f"by other criteria than these tie-breaks")
    if found:
        parts[-1] += " (marked; each note gives the published value)"
    if skipped:
        parts.append(f"published {', '.join(skipped)} not compared: the tie-break order differs from the one the "
                     f"input announces")
    return "; ".join(parts) + "."


def _count(items: Sequence, noun: str) -> str:
    return f"{len(items)} {noun}{'s' if len(items) != 1 else ''}"


def _touched_by_unplayed(tournament: Tournament) -> set[int]:
    """Players with an unplayed round, or an opponent with one (their tie-breaks see it)."""
    own = {p.start_rank for p in tournament.players
           if any(not e.played for e in tournament.entries(p.start_rank))}
    touched = set(own)
    for p in tournament.players:
        if any(e.opponent in own for e in tournament.entries(p.start_rank)):
            touched.add(p.start_rank)
    return touched


def _shown(number: PublishedNumber) -> str:
    value = float(number.value)
    return f"{value:.{number.decimals}f}"


def spec_at(specs: Sequence[TiebreakSpec], column: str) -> int | None:
    """The index of `column` ("BH/C1") among `specs`."""
    names = [str(s) for s in specs]
    return names.index(column) if column in names else None
