"""A club season in one workbook: one crosstable sheet per evening (`Evening 1`, `Evening 2`, ...),
the ladder replayed over them in order (shared/docs/domain.md section 2).

History is replayed, never patched: every recalculation starts from the `Players` sheet (the
ratings and game counts before the season) and rates each evening from the records everyone held
before it began (`PlayerRating.record_after` of one evening is the record before the next). A
corrected result three evenings ago therefore changes every later number, as it must.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from typing import Mapping, Sequence

from rulesengine.model import Tournament
from rulesengine.rating import RatingRecord, RatingReport, RatingSystem, round_half_away_from_zero
from rulesengine.replay import EventRun, replay as season_replay
from rulesengine.grid import CellValue, column_letter
from rulesengine.workbook.plan import LineChart, SheetLook, SheetWrite
from rulesengine.workbook.inputs.players import PlayerFacts

LADDER_SHEET = "Ladder"
EVENING = re.compile(r"^(evening|event|night|week|session)\s*#?\s*(\d+)$", re.IGNORECASE)


def season_sheets(sheet_names: Sequence[str]) -> list[str]:
    """The evening sheets of a season workbook, in evening order (by their number)."""
    found = [(int(m.group(2)), name) for name in sheet_names if (m := EVENING.match(name.strip()))]
    return [name for _, name in sorted(found)]


@dataclass(frozen=True)
class SeasonReplay:
    reports: tuple[RatingReport, ...]        # one per evening, in order
    records: Mapping[int, RatingRecord]      # everyone's record after the last evening
    history: Mapping[int, tuple[CellValue, ...]]  # rating after each evening (None: did not play)
    evenings: Mapping[int, int]              # evenings each player took part in


def replay(tournaments: Sequence[Tournament], system: RatingSystem, facts: Mapping[int, PlayerFacts],
           event_dates: Sequence[date | None], rule_set: str | None, options: Mapping) -> SeasonReplay:
    """Rate every evening in order, each from the records after the one before.

    The replay itself is the season store's (`rulesengine.replay`): one implementation.
    Here a player is the SNo of the Players sheet in every evening, and the season starts from the
    Players sheet's ratings and game counts instead of from nothing.
    """
    initial: dict[int, RatingRecord] = {
        sno: RatingRecord(start_rank=sno, rating=float(f.rating) if f.rating else None, games=f.games,
                          birth_year=f.birth_year, highest_rating=f.highest_rating, k=f.k, player_id=f.player_id,
                          deviation=f.deviation, volatility=f.volatility)
        for sno, f in facts.items()}
    # A player the ladder does not know yet is new to it: the system gives the starting rating
    # (the club ladder: 1200). An evening sheet's rating column is not the ladder's.
    runs = [EventRun(f"Evening {index}", when, t, {p.start_rank: p.start_rank for p in t.players})
            for index, (t, when) in enumerate(zip(tournaments, event_dates), start=1)]
    replayed = season_replay(runs, system, initial=initial, options=options, rule_set=rule_set)
    history: dict[int, list[CellValue]] = {}
    for index, report in enumerate(replayed.reports):
        for rated in report.players:
            history.setdefault(rated.start_rank, [None] * len(tournaments))[index] = rated.rating_after
    evenings = {sno: len(played) for sno, played in replayed.history.items()}
    return SeasonReplay(replayed.reports, replayed.records, {k: tuple(v) for k, v in history.items()}, evenings)


def with_ladder_ratings(t: Tournament, records: Mapping[int, RatingRecord]) -> Tournament:
    """The evening with each player's rating taken from the ladder record held before it."""
    players = tuple(replace(p, rating=round_half_away_from_zero(records[p.start_rank].rating))
                    if p.start_rank in records
                    and records[p.start_rank].rating else p for p in t.players)
    return replace(t, players=players)


def _shown(value: float | None) -> float | None:
    """A ladder figure as shown: one decimal, half away from zero (club ladder policy)."""
    return None if value is None else round_half_away_from_zero(value, 1)


def _first_rating_before(replayed: SeasonReplay, start_rank: int) -> float | None:
    """The rating a player held before their first rated evening (a newcomer's starting rating)."""
    for report in replayed.reports:
        for rated in report.players:
            if rated.start_rank == start_rank and rated.rating_before is not None:
                return rated.rating_before
    return None


def _provisional(replayed: SeasonReplay) -> set[int]:
    """Players the rating system calls provisional after their last evening (the club ladder:
    fewer than 5 rated games; shown below the established, without a rank)."""
    last: dict[int, bool] = {}
    for report in replayed.reports:
        for rated in report.players:
            if "provisional_after" in rated.extra:
                last[rated.start_rank] = bool(rated.extra["provisional_after"])
    return {sno for sno, provisional in last.items() if provisional}


def ladder_rows(replayed: SeasonReplay, facts: Mapping[int, PlayerFacts], names: Mapping[int, str],
                evenings: Sequence[str], cell_number) -> tuple[tuple[CellValue, ...], ...]:
    """The `Ladder` sheet: everyone's rating now, games, evenings played, and the history.

    Ranked by rating; provisional players (club ladder policy) follow the established, unranked."""
    header = ("Rank", "SNo", "Name", "Rating", "Games", "Evenings", "Season change",
              *(f"after {name}" for name in evenings))
    provisional = _provisional(replayed)
    rows = []
    for sno in sorted(set(facts) | set(replayed.records)):
        record = replayed.records.get(sno)
        fact = facts.get(sno)
        start = _first_rating_before(replayed, sno)
        now = record.rating if record else None
        history = replayed.history.get(sno, (None,) * len(evenings))
        played = replayed.evenings.get(sno, 0)
        change = (now - start) if now is not None and start is not None and played else None
        name = names.get(sno) or (fact.name if fact else "")
        rows.append((sno, name, cell_number(_shown(now)),
                     record.games if record else (fact.games if fact else None), played,
                     cell_number(_shown(change)),
                     *(cell_number(_shown(v)) if isinstance(v, float) else cell_number(v) for v in history)))
    rows.sort(key=lambda r: (r[0] in provisional, r[2] is None, -(r[2] or 0), r[0]))
    ranked = []
    previous, rank = object(), 0
    for position, row in enumerate(rows, start=1):
        if row[2] != previous:
            rank, previous = position, row[2]
        ranked.append((rank if row[2] is not None and row[0] not in provisional else None, *row))
    return (header, *ranked)


CHART_MEMBERS = 5   # the chart follows the top of the ladder


def ladder_writes(replayed: SeasonReplay, facts: Mapping[int, PlayerFacts], names: Mapping[int, str],
                  evenings: Sequence[str], cell_number, fingerprint: str = "") -> tuple[SheetWrite, ...]:
    """The Ladder sheet: the table, then below it the rating history of the top of the ladder by
    evening with a native line chart over it (SheetLook.charts), and the inputs' fingerprint
    (`rulesengine ladder BOOK --check` compares it with the workbook as it is now)."""
    table = ladder_rows(replayed, facts, names, evenings, cell_number)
    look = SheetLook(header_rows=(0,), freeze_rows=1, number_formats={3: "0.0", 6: "0.0"},
                     right_aligned=(0, 1, 3, 4, 5, 6))
    writes = [SheetWrite(LADDER_SHEET, table, look=look)]
    top = [row for row in table[1:] if row[3] is not None][:CHART_MEMBERS]
    first = len(table) + 1
    block: list[tuple[CellValue, ...]] = [(INPUTS_LABEL, f"fingerprint {fingerprint}") if fingerprint else (INPUTS_LABEL, ""),
                                          (), ("Evening", *(row[2] for row in top))]
    for index, evening in enumerate(evenings):
        block.append((evening, *(row[7 + index] for row in top)))
    charts = ()
    if top and evenings:
        charts = (LineChart(title="Rating history (top of the ladder)", header_row=2, first_row=3,
                            last_row=2 + len(evenings), category_col=0, series_cols=tuple(range(1, len(top) + 1)),
                            anchor=f"{column_letter(len(top) + 2)}{first + 3}", y_title="Rating", x_title="Evening"),)
    writes.append(SheetWrite(LADDER_SHEET, tuple(block), top_left=f"A{first + 1}", clear=None, header_rows=(2,),
                             look=SheetLook(header_rows=(2,), charts=charts)))
    return tuple(writes)


INPUTS_LABEL = "Inputs"


def ladder_fingerprint(rows) -> str | None:
    """The fingerprint a Ladder sheet (or its planned rows) carries, or None."""
    for row in rows:
        if row and row[0] == INPUTS_LABEL and len(row) > 1 and str(row[1] or "").startswith("fingerprint "):
            return str(row[1]).split()[1]
    return None
