"""The Standings sheet a TD prints and pins up: title, ranked table, legend, and how it looks.

    Open 2026 - Standings after round 5 of 9                       <- title
    16 players; tie-breaks in order: Buchholz Cut-1, Buchholz, ... <- subtitle
    (one line on the published values that differ, when the input carried its own)
    Rank | SNo | Name | Pts | BH/C1 | BH | ... | Rating before | Change | Rating after
    ...
                                                                   <- blank
    Legend | ...                                                   <- what was computed, by what

The table's header keeps the contract (`Rank, SNo, Name, Pts`, one column per tie-break headed by
its canonical spec, rating columns); the look (`plan.SheetLook`) is data an adapter applies.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Mapping, Sequence

from rulesengine import __version__
from rulesengine.numbers import to_json_number
from rulesengine.rating import PlayerRating, RatingReport, round_half_away_from_zero
from rulesengine.registry import Registry
from rulesengine.standings import Standings
from rulesengine.tiebreak import TiebreakSpec
from rulesengine.grid import CellValue
from rulesengine.workbook.look import row_heights
from rulesengine.workbook.sheets.measure import fit_widths, heading_widths, number_format, rating_format
from rulesengine.workbook.look.paper import ROW_HEIGHT, PageFit, fit_page, keep_together
from rulesengine.workbook.plan import (STYLE_HEADER, STYLE_MARK, STYLE_SHARED, STYLE_SUBTITLE, STYLE_TITLE, SheetLook,
                                       SheetWrite)
from rulesengine.workbook.inputs.progress import Progress
from rulesengine.workbook.inputs.published import Difference, spec_at

STANDINGS_SHEET = "Standings"
STANDINGS_HEADER = ("Rank", "SNo", "Name", "Pts")
RATING_HEADER = ("Rating before", "Change", "Rating after")
WITHDRAWN_HEADER = "Withdrawn"
LEGEND_TITLE = "Legend"
# Modifier letters in words, as FIDE C.07 art. 14 and the plugins' docs name them.
_MODIFIER_WORDS = {"C": "Cut-{n}", "M": "Median-{n}", "P": "unplayed games as played", "V": "rules variant {n}",
                   "U": "unrated as {n}", "L": "limit {n}", "R": "reversed", "F": "Fore", "K": "divisor {n}"}


def cell_number(value) -> CellValue:
    """An engine number as a spreadsheet value, exactly as `standings --format json` prints it:
    4 -> 4, 4.5 -> 4.5 (halves and quarters are exact), 85/6 -> 14.166667 (6 decimals at most).
    """
    return to_json_number(value)


def tiebreak_words(spec: TiebreakSpec, registry: Registry) -> str:
    """`BH/C1` -> "Buchholz Cut-1": the rule's name and its modifiers in words."""
    name = registry.tiebreak(spec.code).name
    words = []
    for token in spec.modifiers:
        pattern = _MODIFIER_WORDS.get(token[0], token)
        number = token[1:] or ("1" if token[0] in "CM" else "")
        words.append(pattern.format(n=number).strip())
    return " ".join([name, *words])


def shown_rating(value: float | None) -> float | None:
    """Ratings are kept at full precision and shown to one decimal, half away from zero."""
    return None if value is None else round_half_away_from_zero(value, 1)


def shown_rating_figures(rated: PlayerRating) -> tuple[CellValue, CellValue, CellValue]:
    """Rating before, change and after as the system publishes them, so that they add up.

    A system that publishes whole ratings (US Chess rounds the new rating to the nearest whole
    number, `extra["rating_published"]`; FIDE changes by whole points, B.02 art. 8.3) shows
    whole ratings: 1443 + 89 = 1532, not "Change 89" beside "1531.5". Others (a club ladder)
    show one decimal, with the change as published.
    """
    published_after = rated.extra.get("rating_published") if rated.extra else None
    if published_after is not None:
        before = round_half_away_from_zero(rated.rating_before) if rated.rating_before is not None else None
        return cell_number(before), cell_number(rated.change_published), cell_number(published_after)
    return (cell_number(shown_rating(rated.rating_before)), cell_number(rated.change_published),
            cell_number(shown_rating(rated.rating_after)))


@dataclass(frozen=True)
class LegendFacts:
    """What the legend says besides the tie-breaks: where the data came from and how it was read."""

    crosstable_sheet: str
    layout: str
    rules_date: date | None
    fingerprint: str
    published_line: str = ""
    notes: Sequence[str] = ()
    date_note: str = ""   # the rules date was not in the file: the second title line says so


def standings_write(standings: Standings, report: RatingReport | None, progress: Progress, registry: Registry,
                    event_name: str, facts: LegendFacts, marks: Sequence[Difference] = (),
                    withdrawn: Mapping[int, int] | None = None) -> SheetWrite:
    """`withdrawn`: start number -> the first round a player is not paired in (Players' "Withdrawn
    from round"): a last column `Withdrawn` says `from round W` (VCL4THP Q170), only when there is one."""
    t = standings.tournament
    names = [str(s) for s in standings.specs]
    words = [tiebreak_words(s, registry) for s in standings.specs]
    gone = {sno: first for sno, first in (withdrawn or {}).items() if sno in t.by_start_rank}
    header = (STANDINGS_HEADER + tuple(names) + (RATING_HEADER if report else ())
              + ((WITHDRAWN_HEADER,) if gone else ()))
    by_sno = {p.start_rank: p for p in report.players} if report else {}
    body: list[tuple[CellValue, ...]] = []
    for row in standings.rows:
        cells: list[CellValue] = [row.rank, row.start_rank, row.name, cell_number(row.points)]
        cells += [cell_number(row.tiebreaks[n]) for n in names]
        if report:
            rated = by_sno.get(row.start_rank)
            cells += list(shown_rating_figures(rated)) if rated else [None, None, None]
        if gone:
            cells.append(f"from round {gone[row.start_rank]}" if row.start_rank in gone else None)
        body.append(tuple(cells))
    legend = legend_rows(standings, report, registry, progress, facts, words)
    # Widths fit the table (headings wrap: their longest word counts); the title and legend lines
    # wrap within it rather than widen a column (text running past the last column is not printed).
    widths = fit_widths(body, range(len(body)))
    for c, width in heading_widths(header).items():
        widths[c] = max(widths.get(c, 0), width)
    widths[0] = max(widths.get(0, 0), max(len(str(r[0])) for r in legend if r) + 1)
    room = sum(widths.values()) - widths[0]
    if room < TEXT_MIN:  # a narrow table: the Name column makes room for a readable legend line
        widths[2] = widths.get(2, 0) + TEXT_MIN - room
    # On the page at 100 %: portrait when it fits, else landscape; long names wrap rather than shrink the print.
    natural_name = widths.get(2, 0)
    page = fit_page(widths, {2: NAME_MIN})
    widths = page.widths
    text_width = int(max(TEXT_MIN, sum(widths.values()) - widths[0]) - 2)
    heading = f"Standings {progress.title()}" + (" (final)" if progress.final else "")
    titles: list[tuple[CellValue, ...]] = [(f"{event_name} - {heading}" if event_name else heading,)]
    # VCL4THP Q197-198 and Q103: the expelled, and a round robin's leavers under half, are not in the
    # table; the legend's notes name them.
    apart = [f"{len(rows)} {why}" for rows, why in ((standings.expelled, "expelled"),
                                                     (standings.not_counted, "left under half of their games"))
             if rows]
    expelled = f" ({', '.join(apart)}, not ranked)" if apart else ""
    subtitle = (f"{len(t.players)} players{expelled}; tie-breaks in order: "
                f"{', '.join(words) if words else 'none (points only)'}")
    # Each title line is merged across the table (merge_rows); the title wraps in its cell, a
    # subtitle longer than the table is split into rows of its width, so nothing is cut at the edge.
    line_width = int(max(TEXT_MIN, sum(widths.values()) - 2))
    if facts.date_note:
        titles += [(line,) for line in _wrap(facts.date_note[0].upper() + facts.date_note[1:], line_width)]
    titles += [(line,) for line in _wrap(subtitle, line_width)]
    if facts.published_line:
        titles += [(line,) for line in _wrap(facts.published_line, line_width)]
    wrapped_legend: list[tuple[CellValue, ...]] = []
    for row in legend:
        if len(row) == 2 and isinstance(row[1], str) and len(row[1]) > text_width:
            lines = _wrap(row[1], text_width)
            wrapped_legend += [(row[0], lines[0]), *(("", line) for line in lines[1:])]
        else:
            wrapped_legend.append(row)
    h = len(titles)
    rows = tuple(titles) + (header,) + tuple(body) + ((),) + tuple(wrapped_legend)
    legend_start = h + 1 + len(body) + 1
    return SheetWrite(STANDINGS_SHEET, rows, header_rows=(h, legend_start),
                      look=_look(rows, h, len(body), legend_start, standings, report, marks, widths, page,
                                 page.widths[2] < natural_name))


TEXT_MIN = 60  # characters: the narrowest a wrapped title or legend line gets
NAME_MIN = 18  # characters: the narrowest the Name column gets (longer names wrap)
KEEP_WITH_LEGEND = 3   # players printed above the legend when it starts a page (no header alone on a page)


def _wrap(line: str, width: int) -> list[str]:
    return textwrap.wrap(line, width=width, break_long_words=False, break_on_hyphens=False) or [""]


def _look(rows, h: int, players: int, legend_start: int, standings: Standings, report: RatingReport | None,
          marks: Sequence[Difference], widths: dict[int, float], page: PageFit, wrap_names: bool) -> SheetLook:
    first, last = h + 1, h + players  # body rows
    body = rows[first:last + 1]
    width = len(rows[h])
    tiebreak_cols = range(4, 4 + len(standings.specs))
    formats = {0: "0", 1: "0", 3: number_format(r[3] for r in body)}
    formats.update({c: number_format(r[c] for r in body) for c in tiebreak_cols})
    if report:
        for c in range(4 + len(standings.specs), 4 + len(standings.specs) + len(RATING_HEADER)):
            formats[c] = rating_format(r[c] for r in body)
    row_styles = {0: STYLE_TITLE, **{r: STYLE_SUBTITLE for r in range(1, h)}, h: STYLE_HEADER,
                  legend_start: STYLE_HEADER}
    # Legend rows stay plain: their text, already wrapped to the table's width, runs over the
    # empty cells to its right (a wrapped style would squeeze it into the narrow SNo column).
    cell_styles: dict[tuple[int, int], str] = {}
    ranks = [r[0] for r in body]
    shared = Counter(ranks)
    for i, rank in enumerate(ranks):
        if shared[rank] > 1:
            cell_styles[(first + i, 0)] = STYLE_SHARED  # a rank shared by players tied on everything
    comments: dict[tuple[int, int], str] = {}
    row_of = {r[1]: first + i for i, r in enumerate(body)}
    for mark in marks:
        col = 0 if mark.column == "Rank" else 4 + (spec_at(standings.specs, mark.column) or 0)
        where = (row_of[mark.start_rank], col)
        cell_styles[where] = STYLE_MARK
        comments[where] = f"published {mark.label}: {mark.published}"
    look = SheetLook(title_rows=tuple(range(h)), header_rows=(h,), number_formats=formats,
                     # Pts onwards; Rank and SNo are numbers, right-aligned by the General alignment,
                     # and leave columns A and B free for the legend's left-aligned text.
                     right_aligned=tuple(range(3, width)), column_widths=widths,
                     freeze_rows=h + 1, repeat_rows=(h, h), landscape=page.landscape, fit_width=True,
                     row_styles=row_styles, cell_styles=cell_styles, merge_rows=tuple(range(h)),
                     comments=comments, wrap_columns=(2,) if wrap_names else ())
    # The legend prints whole, under the table's last players: never alone under a repeated header.
    heights = row_heights(SheetWrite(STANDINGS_SHEET, rows, look=look))
    start = keep_together([heights.get(r, ROW_HEIGHT) for r in range(len(rows))], heights.get(h, ROW_HEIGHT),
                          legend_start - 1, min(KEEP_WITH_LEGEND, players), page.down)
    return replace(look, page_breaks=(start,)) if start is not None else look


def _provider(registry: Registry, field_name: str, name: str) -> str:
    # Registry.provider loads only the hook behind `field_name`, not every hook of every plugin.
    info = registry.provider(field_name, name)
    return f"{info.name} ({info.distribution} {info.version})".replace(" )", ")") if info else "?"


def legend_rows(standings: Standings, report: RatingReport | None, registry: Registry, progress: Progress,
                facts: LegendFacts, words: Sequence[str]) -> tuple[tuple[CellValue, ...], ...]:
    """`key | text` rows: what was computed, from which sheet, by which rules and plugins."""
    t = standings.tournament
    stamp = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    rows: list[tuple[CellValue, ...]] = [
        (LEGEND_TITLE, ""),
        ("Computed by", f"rulesengine {__version__}, {stamp}"),
        ("Crosstable", f"{facts.crosstable_sheet} ({facts.layout.replace('_', ' ')} layout), {len(t.players)} players"),
        ("Rounds", progress.describe()),
        ("Rules date", facts.rules_date.isoformat() if facts.rules_date else "not set (newest rules)"),
    ]
    for spec, name in zip(standings.specs, words):
        rule = registry.tiebreak(spec.code)
        # What a value means when it is not a score (DE gives a place in the tied group: item 5 of issue 23).
        meaning = f" ({rule.description})" if rule.description else ""
        rows.append((str(spec), f"{name}: {rule.article}{meaning}, plugin {_provider(registry, 'tiebreaks', spec.code)}"))
    if report is not None:
        rows.append(("Rating", f"{report.system}: {report.rules}; plugin "
                               f"{_provider(registry, 'rating_systems', report.system.lower())}"))
    if facts.published_line:
        rows.append(("Published", facts.published_line))
    rows.append(("Inputs", f"fingerprint {facts.fingerprint} (changes when the crosstable, Players or Settings "
                           f"change)"))
    for note in facts.notes:
        rows.append(("Note", note))
    return tuple(rows)


def standings_table(rows: Sequence[Sequence[CellValue]]) -> list[list[CellValue]]:
    """The ranked table inside a Standings sheet's rows: the header row (`Rank`, `SNo`, ...) and
    one row per player, without the title lines above it or the legend below it."""
    start = next((i for i, row in enumerate(rows) if row and row[0] == STANDINGS_HEADER[0]), None)
    if start is None:
        return []
    end = next((i for i in range(start + 1, len(rows)) if all(v in (None, "") for v in rows[i])), len(rows))
    return [list(row) for row in rows[start:end]]


def legend_of(rows: Sequence[Sequence[CellValue]]) -> dict[str, str]:
    """The legend below a Standings table as `key -> text`, wrapped lines joined again."""
    start = next((i for i, row in enumerate(rows) if row and row[0] == LEGEND_TITLE), None)
    found: dict[str, str] = {}
    key = ""
    for row in rows[start + 1:] if start is not None else ():
        cells = ["" if v is None else str(v) for v in row]
        if not any(cells):
            continue
        if cells[0]:
            key = cells[0]
            found[key] = cells[1] if len(cells) > 1 else ""
        elif key and len(cells) > 1:
            found[key] += " " + cells[1]
    return found

