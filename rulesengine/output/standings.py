"""The standings contract (docs/contracts.md, `rulesengine standings --format json|csv|table`):
one document, and the cells the CSV and the table show.

    standings_document(standings, rules)   # the plain definition: the dict the encoder writes
    standings_json_text(standings, rules)  # `--format json`: the same value, one row per line
    standings_json_line(standings, rules)  # the same value on one line (batch's files)

The two texts are written from one row template per event, each distinct value encoded once
(`NUMBER_JSON`), instead of a dict per row for the encoder to walk (a fifth of a large event's
run); tests/output holds them to `json_text` and `one_line_json` of the document.
"""

from __future__ import annotations

from itertools import repeat
from json.encoder import encode_basestring as _quote   # a str's JSON text (ensure_ascii=False), in C
from operator import attrgetter, itemgetter, ne
from typing import TYPE_CHECKING

from rulesengine.numbers import to_json_number, to_text
from rulesengine.output.json_text import (compact_template, json_line_with_items, json_text, json_text_with_items,
                                          one_line_json)
from rulesengine.output.number_text import NUMBER_JSON
from rulesengine.standings import Standings

if TYPE_CHECKING:
    from rulesengine.api import RulesUsed


def standings_document(standings: Standings, rules: RulesUsed | None = None) -> dict:
    """The JSON document of `rulesengine standings --format json`; `rules` (the date and the text
    each tie-break followed) is its `"rules"` key."""
    return _document(standings, [
        {"rank": row.rank, "start_rank": row.start_rank, "name": row.name, "points": to_json_number(row.points),
         "tiebreaks": {name: to_json_number(value) for name, value in row.tiebreaks.items()}}
        for row in standings.rows
    ], rules)


def _document(standings: Standings, rows: list, rules: RulesUsed | None) -> dict:
    """The document around its rows (the key order is the contract's)."""
    t = standings.tournament
    data = {
        "tournament": {"name": t.name, "rounds": t.rounds},
        "tiebreaks": [str(s) for s in standings.specs],
        "standings": rows,
        "notes": list(standings.notes),
    }
    if t.pending_round is not None:
        # Paired and not played yet: the standings are after the round before it.
        data["pending_round"] = t.pending_round.number
    if standings.expelled:
        # VCL4THP Q197-198: not ranked, listed apart (the key only when someone was expelled).
        data["expelled"] = [{"start_rank": row.start_rank, "name": row.name, "points": to_json_number(row.points),
                             "from_round": row.from_round,
                             "tiebreaks": {name: to_json_number(value) for name, value in row.tiebreaks.items()}}
                            for row in standings.expelled]
    if standings.not_counted:
        # VCL4THP Q103, GRC 6.6 a: a round robin's leaver under half: not ranked, results not counted.
        data["not_counted"] = [{"start_rank": row.start_rank, "name": row.name, "points": to_json_number(row.points),
                                "from_round": row.from_round, "completed": row.completed, "games": row.scheduled}
                               for row in standings.not_counted]
    if rules is not None:
        data["rules"] = rules.to_json()
    return data


def standings_json_text(standings: Standings, rules: RulesUsed | None = None) -> str:
    """`json_text(standings_document(standings, rules))`, the same text."""
    lines = _row_texts(standings)
    if lines is None:
        return json_text(standings_document(standings, rules))
    return json_text_with_items(_document(standings, [], rules), "standings", lines)


def standings_json_line(standings: Standings, rules: RulesUsed | None = None) -> str:
    """`one_line_json(standings_document(standings, rules))`, the same one line."""
    lines = _row_texts(standings)
    if lines is None:
        return one_line_json(standings_document(standings, rules))
    return json_line_with_items(_document(standings, [], rules), "standings", lines)


def _row_texts(standings: Standings) -> list[str] | None:
    """Each row's JSON, as the encoder writes the document's rows (None: rows of a shape the
    template does not cover, which the encoder then writes).

    Built column by column in C (`map`): each field of every row read by an attribute getter,
    each value's text found by its id, and the rows formatted by the template's `%`."""
    rows = standings.rows
    names = tuple(rows[0].tiebreaks) if rows else ()
    ranks, start_ranks = list(map(_RANK, rows)), list(map(_START_RANK, rows))
    player_names, points = list(map(_NAME, rows)), list(map(_POINTS, rows))
    tiebreaks = list(map(_TIEBREAKS, rows))
    if not _INT_ONLY.issuperset(map(type, ranks)) or not _INT_ONLY.issuperset(map(type, start_ranks)) \
            or not _STR_ONLY.issuperset(map(type, player_names)) or any(map(ne, map(tuple, tiebreaks), repeat(names))):
        return None
    columns = [list(map(itemgetter(name), tiebreaks)) for name in names]
    # Every value goes in through %s: the names and numbers are JSON already, the ranks ints.
    template = _ROW_TEMPLATE % ("%s", "%s", "%s", "%s", compact_template(names))
    return list(map(template.__mod__, zip(ranks, start_ranks, map(_quote, player_names), NUMBER_JSON.column(points),
                                          *map(NUMBER_JSON.column, columns))))


_ROW_TEMPLATE = compact_template(("rank", "start_rank", "name", "points", "tiebreaks"))
_RANK, _START_RANK, _NAME, _POINTS, _TIEBREAKS = (attrgetter(name) for name in
                                                   ("rank", "start_rank", "name", "points", "tiebreaks"))
_INT_ONLY, _STR_ONLY = frozenset({int}), frozenset({str})


def standings_cells(standings: Standings) -> tuple[list[str], list[list[str]]]:
    """The header and rows of `--format csv` and `--format table`: rank, start number, name,
    points, then one column per tie-break headed by its canonical spec."""
    names = [str(s) for s in standings.specs]
    rows = [[str(r.rank), str(r.start_rank), r.name, to_text(r.points), *(to_text(r.tiebreaks[n]) for n in names)]
            for r in standings.rows]
    return ["Rank", "SNo", "Name", "Pts", *names], rows


def standings_footer(standings: Standings, rules: RulesUsed) -> list[str]:
    """The lines under the table, in both forms (CSV: as `# ` comment lines): the rules used,
    then the notes."""
    return [rules.text(), *(f"Note: {note}" for note in standings.notes)]


def standings_csv_text(standings: Standings, rules: RulesUsed, raw: bool = False) -> str:
    """`rulesengine standings --format csv [--csv-raw]`."""
    from rulesengine.output.csv_text import csv_text   # noqa: PLC0415 (the csv module only for CSV)
    header, rows = standings_cells(standings)
    return csv_text(header, rows, raw, comments=standings_footer(standings, rules))
