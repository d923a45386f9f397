"""What a published result carries besides the games: the printed standings and their legend.

Readers of published results (Vega pages, Swiss-Manager exports, our own Standings sheet) return
these records beside the Tournament, so an audit can compare every printed value with the
engine's. Values stay as printed text ("16,5", "14.3", "53.00"): the number of decimals printed
is evidence of how the publisher rounded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from rulesengine.model import Tournament

if TYPE_CHECKING:
    from rulesengine.team import TeamTournament


@dataclass(frozen=True)
class PublishedColumn:
    """A published tie-break column: its heading and the legend line that names it ("" if none)."""

    heading: str
    legend: str = ""


@dataclass(frozen=True)
class PublishedRow:
    """One printed standings row. `values` follow the table's columns; `cells` locate each value
    (`FILE:LINE:COL` or `Sheet!Cell`) and `where` locates the row."""

    start_no: int
    name: str
    rank: int | None
    points: str
    values: tuple[str, ...]
    where: str
    cells: tuple[str, ...] = ()


@dataclass(frozen=True)
class PublishedTable:
    """The printed standings of one event. `decimals`, when set, is the precision the publisher
    rounds to by design (our own Standings sheet: 6); a value off only below it is no difference."""

    source: str
    columns: tuple[PublishedColumn, ...]
    rows: tuple[PublishedRow, ...]
    decimals: int | None = None


@dataclass(frozen=True)
class Finding:
    """A data-quality observation: where it is and what is odd (never fatal)."""

    where: str
    what: str


@dataclass(frozen=True)
class PublishedEvent:
    """An event as published: its games, its printed standings, its date and what looked wrong."""

    input: str
    tournament: Tournament
    table: PublishedTable | None
    date: date | None = None
    findings: tuple[Finding, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class PublishedTeamEvent:
    """A team event as published (chess-results' team XML, a team TRF's record 310, issue 22): its
    matches, its printed team table (`PublishedRow.start_no` is the team's number, `points` its
    printed team points), its date and what looked wrong. `ranked_by_file_order`: the printed
    ranks follow the tie-break order the file announces (TRF record 202/212), not the printed
    columns (chess-results' slots)."""

    input: str
    event: TeamTournament
    table: PublishedTable | None
    date: date | None = None
    findings: tuple[Finding, ...] = field(default_factory=tuple)
    ranked_by_file_order: bool = False
