"""`rulesengine standings FILE --tiebreaks SPEC,...`: the ranked table (contract in shared/docs/contracts.md)."""

from __future__ import annotations

import argparse
import math
import sys
from decimal import Decimal
from fractions import Fraction
from itertools import repeat
from json.encoder import encode_basestring
from operator import attrgetter, is_, itemgetter, ne
from typing import Callable

from rulesengine import api
from rulesengine.cli.common import (JSON_ENCODER, add_format_argument, add_input_arguments, add_tiebreak_rule_arguments,
                                    date_argument, format_table, json_text, json_text_with_items, load_tournament,
                                    print_csv)
from rulesengine.model import Tournament
from rulesengine.numbers import to_json_number, to_text
from rulesengine.registry import Registry, default_registry
from rulesengine.standings import Standings


def register(subparsers) -> None:
    parser = subparsers.add_parser("standings", help="ranked table with tie-breaks")
    add_input_arguments(parser)
    parser.add_argument("--tiebreaks", default=None,
                        help="comma-separated tie-break specs in order (e.g. BH/C1,BH,SB) or a preset name; "
                             "default: the order the file announces, else points only")
    add_tiebreak_rule_arguments(parser)
    add_format_argument(parser)
    parser.add_argument("--csv-raw", action="store_true",
                        help="with --format csv: write names exactly, even those a spreadsheet would "
                             "read as a formula (default: such cells get a leading ')")
    parser.set_defaults(handler=run)


def standings_json(standings: Standings, rules: api.RulesUsed | None = None) -> dict:
    """The JSON contract of `rulesengine standings --format json` (plus `rules`: the date and texts used)."""
    number = _converted(standings, to_json_number)
    return _document(standings, [
        {"rank": row.rank, "start_rank": row.start_rank, "name": row.name,
         "points": number(id(row.points)),
         "tiebreaks": dict(zip(row.tiebreaks, map(number, map(id, row.tiebreaks.values()))))}
        for row in standings.rows
    ], rules)


def _document(standings: Standings, rows: list, rules: api.RulesUsed | None) -> dict:
    """`standings_json`'s object around its rows (the key order is the contract's)."""
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
    if rules is not None:
        data["rules"] = rules.to_json()
    return data


def _converted(standings: Standings, convert) -> Callable[[int], object]:
    """`convert` of every value in the rows (points, tie-breaks), looked up by the value's id.
    Tie-breaks hand out shared value objects, so each distinct one is converted once (keyed by
    identity; every one stays alive in the rows meanwhile), and the rows read the results in C."""
    return {ident: convert(value) for ident, value in _distinct_values(standings).items()}.__getitem__


def _distinct_values(standings: Standings) -> dict[int, object]:
    """Every value in the rows (points, tie-breaks) by its id, each distinct object once."""
    distinct: dict[int, object] = {}
    for row in standings.rows:
        values = row.tiebreaks.values()
        distinct.update(zip(map(id, values), values))
        distinct[id(row.points)] = row.points
    return distinct


def standings_json_text(standings: Standings, rules: api.RulesUsed | None = None) -> str:
    """`json_text(standings_json(standings, rules))`, the same text, with the rows formatted
    straight from the standings: one template per event and each distinct value encoded once,
    instead of a dict per row for the encoder to walk (a fifth of a large event's run)."""
    lines = _row_lines(standings)
    if lines is None:
        return json_text(standings_json(standings, rules))
    return json_text_with_items(_document(standings, [], rules), "standings", lines)


def standings_json_line(standings: Standings) -> str:
    """`json.dumps(standings_json(standings), ensure_ascii=False)`, the same one line (what batch
    writes per input), from the same row templates."""
    lines = _row_lines(standings)
    if lines is None:
        return JSON_ENCODER.encode(standings_json(standings))
    head = JSON_ENCODER.encode(_document(standings, [], None))
    if not lines:
        return head
    # In one line of JSON a string's quotes are escaped: this text can only be the key's own.
    return head.replace('"standings": []', '"standings": [' + ", ".join(lines) + "]", 1)


def _row_lines(standings: Standings) -> list[str] | None:
    """Each row's JSON, as the encoder writes `standings_json`'s row dicts (None: rows of a shape
    the templates do not cover, which the encoder then writes).

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
    if len(_NUMBER_TEXTS) >= MAX_NUMBER_TEXTS:
        _NUMBER_TEXTS.clear()
    # Every value goes in through %s: the names and numbers are JSON already, the ranks ints.
    template = ('{"rank": %s, "start_rank": %s, "name": %s, "points": %s, "tiebreaks": {'
                + ", ".join(f"{JSON_ENCODER.encode(name).replace('%', '%%')}: %s" for name in names) + "}}")
    quote = encode_basestring   # what the encoder writes for a str (ensure_ascii=False), in C
    return list(map(template.__mod__, zip(ranks, start_ranks, map(quote, player_names), _column_texts(points),
                                          *map(_column_texts, columns))))


_RANK, _START_RANK, _NAME, _POINTS, _TIEBREAKS = (attrgetter(name) for name in
                                                   ("rank", "start_rank", "name", "points", "tiebreaks"))
_INT_ONLY, _STR_ONLY = frozenset({int}), frozenset({str})


def _column_texts(column: list) -> list[str]:
    """The JSON text of each value of a column, in order.

    A value's text depends on the value alone, and tie-breaks hand out values shared between
    events (each scoring system's Fractions, `rulesengine_fide.tiebreaks.event`), so the texts
    are kept across events, by identity: an entry holds its value, whose id therefore stays its
    own. A column whose every value is known is read in C; otherwise the new values are
    converted (and kept, when immutable) one by one."""
    known = _NUMBER_TEXTS
    found = list(map(known.get, map(id, column), repeat(_UNKNOWN)))
    if all(map(is_, map(_KEPT_VALUE, found), column)):
        return list(map(_KEPT_TEXT, found))
    texts = []
    for value in column:
        entry = known.get(id(value), _UNKNOWN)
        if entry[0] is not value:
            entry = (value, _number_text(value))
            if type(value) in _IMMUTABLE_NUMBERS:
                known[id(value)] = entry
        texts.append(entry[1])
    return texts


def _number_text(value) -> str:
    """`JSON_ENCODER.encode(to_json_number(value))`: ints and finite floats as the encoder
    writes them (their repr), anything else through the encoder."""
    number = to_json_number(value)
    kind = type(number)
    if kind is int:
        return int.__repr__(number)
    if kind is float and math.isfinite(number):
        return float.__repr__(number)
    return JSON_ENCODER.encode(number)


#: Texts of values kept across events (`_column_texts`), by id; started afresh past the limit.
_NUMBER_TEXTS: dict[int, tuple[object, str]] = {}
MAX_NUMBER_TEXTS = 50_000
_UNKNOWN = (object(), "")   # what a value not kept is found as: its first item is no value
_KEPT_VALUE, _KEPT_TEXT = itemgetter(0), itemgetter(1)
_IMMUTABLE_NUMBERS = frozenset({Fraction, int, float, Decimal, bool, type(None)})


def standings_run(args: argparse.Namespace, tournament: Tournament, registry: Registry,
                  also: tuple = ()) -> api.StandingsRun:
    """The standings the command's flags ask for (shared with `explain`, which explains within them)."""
    texts = args.tiebreaks.split(",") if args.tiebreaks is not None else None
    specs = api.resolve(tournament, texts, registry)
    options = api.tiebreak_options(args.option, [*specs, *also], registry)
    return api.standings(tournament, specs, registry, rules_date_=date_argument(args.date), rule_set=args.rules,
                         options=options, also=also)


def run(args: argparse.Namespace) -> int:
    registry = default_registry()
    tournament = load_tournament(args, registry)
    result = standings_run(args, tournament, registry)
    standings = result.standings
    names = [str(s) for s in standings.specs]
    if args.format == "json":
        sys.stdout.write(standings_json_text(standings, result.rules))
        return 0
    rows = [[str(r.rank), str(r.start_rank), r.name, to_text(r.points), *(to_text(r.tiebreaks[n]) for n in names)]
            for r in standings.rows]
    header = ["Rank", "SNo", "Name", "Pts", *names]
    if args.format == "csv":
        print_csv(header, rows, raw=args.csv_raw)
    else:
        title = f"{tournament.name} ({tournament.rounds} rounds)"
        if tournament.pending_round is not None:
            number = tournament.pending_round.number
            title += f", after round {number - 1}: round {number} pending"
        sys.stdout.write(title + "\n\n" + format_table(header, rows, [True, True, False, True] + [True] * len(names)))
    # Under the table in both forms; "#" lets CSV readers skip these lines as comments.
    prefix = "# " if args.format == "csv" else ""
    print(prefix + result.rules.text())
    for note in standings.notes:
        print(f"{prefix}Note: {note}")
    return 0
