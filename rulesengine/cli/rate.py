"""`rulesengine rate` and `rulesengine explain-rating`: what an event does to everyone's rating.

    rulesengine rate FILE.trf --system NAME [--rating-list LIST.csv] [--date YYYY-MM-DD]
                     [--rule-set NAME] [--option NAME=VALUE ...] [--format table|json|csv]
    rulesengine explain-rating FILE.trf --player N [same options]

The JSON of `rate` is a contract (shared/docs/contracts.md); fields beyond it are additions
(`rule_set`, `event_date`, `notes`, and per player `assumed`, `rules`, `notes`, `unrated_rounds`,
per game `opponent_rating`, `change`, `rules`). A game that did not count has `rated` false, its
`reason`, and null `opponent_rating_used` / `expected`.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from fractions import Fraction
from typing import Callable

from rulesengine import api
from rulesengine.cli.common import (JSON_ENCODER, add_format_argument, add_input_arguments, date_argument, format_table,
                                    json_text_with_items, load_tournament, print_csv)
from rulesengine.errors import UsageError
from rulesengine.numbers import to_json_number
from rulesengine.rating import (GameRating, PlayerRating, RatingExplanation, RatingReport, RatingSystem,
                                rating_text as _num, signed_rating_text as _signed)
from rulesengine.rating_list import build_records
from rulesengine.registry import default_registry


def register(subparsers) -> None:
    rate = subparsers.add_parser("rate", help="rating changes of every player (FIDE, Glicko-2, ...)")
    _add_rating_arguments(rate)
    add_format_argument(rate)
    rate.set_defaults(handler=run_rate)
    explain = subparsers.add_parser("explain-rating", help="one player's rating calculation, step by step")
    _add_rating_arguments(explain)
    explain.add_argument("--player", type=int, required=True, metavar="N", help="start rank of the player")
    explain.set_defaults(handler=run_explain)


def _add_rating_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument("--system", default=None,
                        help="rating system, as `rulesengine plugins` lists them (e.g. elo, glicko2); no default: "
                             "taken from the file when its format records one, else required")
    parser.add_argument("--rating-list", default=None, metavar="FILE.csv",
                        help="pre-event records: start_rank or player_id, rating, games, birth_year, highest_rating, k")
    parser.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                        help="event date choosing the rules in force (default: the file's start date)")
    parser.add_argument("--rule-set", default=None, metavar="NAME", help="force a dated rule set of the system")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a system option, e.g. tau=0.5 for glicko2 or k=32 for elo (repeatable)")


def compute(args: argparse.Namespace, detail: bool = True,
            detail_players: frozenset[int] = frozenset()) -> tuple[RatingReport, RatingSystem]:
    """Load the event and the records, and rate it with the chosen system (shared by both commands).

    `detail` False when the output shows per-player figures only (the table and CSV of `rate`):
    the system may then skip its per-game records (`RatingRequest.detail`), except for the
    players in `detail_players` (`explain-rating` shows one player's games)."""
    registry = default_registry()
    tournament = load_tournament(args, registry)
    system = api.rating_system_for(tournament, args.system, registry)
    records, notes = build_records(tournament, args.rating_list, args.encoding)
    report = api.rate(tournament, system, records, event_date=date_argument(args.date), rule_set=args.rule_set,
                      option_texts=args.option, registry=registry, detail=detail, detail_players=detail_players)
    return RatingReport(report.system, report.rules, report.players, tuple(notes) + report.notes,
                        report.rule_set, report.event_date), system


# ---------------------------------------------------------------- rate


def report_json(report: RatingReport) -> dict:
    """The JSON contract of `rulesengine rate --format json` (plus additional fields)."""
    number = _number_converter()
    return {
        "system": report.system,
        "rules": report.rules,
        "rule_set": report.rule_set,
        "event_date": report.event_date.isoformat() if report.event_date else None,
        "players": [_player_json(p, number) for p in report.players],
        "notes": list(report.notes),
    }


# `rate --format json`'s records as text, field for field what `report_json` holds and the
# encoder writes (checked by tests/ratings/test_rate_json_text.py on every fixture and system).
_GAME_LINE = ('{"round": %s, "opponent": %s, "opponent_rating_used": %s, "expected": %s, "score": %s, '
              '"rated": %s, "reason": %s, "opponent_rating": %s, "change": %s, "rules": %s}')
_PLAYER_LINE = ('{"start_rank": %s, "name": %s, "rating_before": %s, "k": %s, "games": [%s], "expected_total": %s, '
                '"score_total": %s, "change": %s, "change_published": %s, "rating_after": %s, '
                '"initial_rating": %s, "assumed": %s, "rules": %s, "notes": %s, "unrated_rounds": %s%s}')


def report_json_text(report: RatingReport) -> str:
    """`json_text(report_json(report))`, the same text, written from the records through one
    template per record kind, each shared object's JSON made once: a 10,000-player report has
    110,000 game records, and building a dict for each for the encoder to walk costs more than
    rating them."""
    number = _number_converter()
    encode = JSON_ENCODER.encode
    # By identity, as `_number_converter` (the report keeps every object alive meanwhile).
    shared_texts: dict[int, str] = {}
    number_texts: dict[int, str] = {}

    def shared(value) -> str:          # a reason, a rule list, None, a bool: shared objects
        found = shared_texts.get(id(value))
        if found is None:
            found = shared_texts[id(value)] = encode(list(value) if isinstance(value, tuple) else value)
        return found

    def num(value) -> str:
        if type(value) is float and value - value == 0:
            # A finite float (Glicko's expectations and changes) is seldom shared: written at
            # once, as the encoder writes `to_json_number`'s int or float.
            converted = to_json_number(value)
            return str(converted) if type(converted) is int else float.__repr__(converted)
        found = number_texts.get(id(value))
        if found is None:
            found = number_texts[id(value)] = encode(number(value))
        return found

    def whole(value) -> str:
        return str(value) if type(value) is int else encode(value)

    lines = []
    for p in report.players:
        games = ", ".join([_GAME_LINE % (whole(g.round), whole(g.opponent), num(g.opponent_rating_used), num(g.expected),
                                         num(g.score), shared(g.rated), shared(g.reason), num(g.opponent_rating),
                                         num(g.change), shared(g.rules))
                           for g in p.games])
        unrated = encode(_unrated_json(p))
        details = ', "details": ' + encode(_details_json(p, number)) if p.extra else ""
        lines.append(_PLAYER_LINE % (whole(p.start_rank), encode(p.name), num(p.rating_before), num(p.k), games,
                                     num(p.expected_total), num(p.score_total), num(p.change),
                                     num(p.change_published), num(p.rating_after), encode(p.initial_rating),
                                     encode(list(p.assumed)), encode(list(p.rules)), encode(list(p.notes)),
                                     unrated, details))
    return json_text_with_items(report_json(replace(report, players=())), "players", lines)


def _player_json(player: PlayerRating, number: Callable[[object], object]) -> dict:
    return {
        "start_rank": player.start_rank,
        "name": player.name,
        "rating_before": number(player.rating_before),
        "k": number(player.k),
        "games": [_game_json(g, number) for g in player.games],
        "expected_total": number(player.expected_total),
        "score_total": number(player.score_total),
        "change": number(player.change),
        "change_published": number(player.change_published),
        "rating_after": number(player.rating_after),
        "initial_rating": player.initial_rating,
        "assumed": list(player.assumed),
        "rules": list(player.rules),
        "notes": list(player.notes),
        "unrated_rounds": _unrated_json(player),
        **({"details": _details_json(player, number)} if player.extra else {}),
    }


def _unrated_json(player: PlayerRating) -> list[dict]:
    return [{"round": r.round, "kind": r.kind, "reason": r.reason} for r in player.unrated_rounds]


def _details_json(player: PlayerRating, number: Callable[[object], object]) -> dict:
    return {k: _json_value(v, number) for k, v in player.extra.items()}


def _game_json(game: GameRating, number: Callable[[object], object]) -> dict:
    return {
        "round": game.round,
        "opponent": game.opponent,
        "opponent_rating_used": number(game.opponent_rating_used),
        "expected": number(game.expected),
        "score": number(game.score),
        "rated": game.rated,
        "reason": game.reason,
        "opponent_rating": number(game.opponent_rating),
        "change": number(game.change),
        "rules": list(game.rules),
    }


def _json_value(value, number: Callable[[object], object]):
    if isinstance(value, dict):
        return {k: _json_value(v, number) for k, v in value.items()}
    if isinstance(value, (bool, str)) or value is None:
        return value
    return number(value)


def _text_converter(to_text: Callable[[object, int], str]) -> Callable[[object, int], str]:
    """`to_text(value, places)`, each (number object, places) of one report written once: keyed
    by identity, as `_number_converter` and for its reasons (a report's figures are shared)."""
    known: dict[tuple[int, int], str] = {}

    def text(value: object, places: int) -> str:
        key = (id(value), places)
        found = known.get(key)
        if found is None:
            found = known[key] = to_text(value, places)
        return found
    return text


def _number_converter() -> Callable[[object], object]:
    """`to_json_number`, each number object of one report converted once.

    The systems share their figures (FIDE's Fractions per value, an opponent's rating in all their
    games), so most of a large event's numbers are a few hundred objects. Keyed by identity, not
    value: equal numbers of different types may convert differently (a float is rounded to 6
    decimals, the Fraction of the same value is not), and a Fraction's hash is slow Python code.
    Identity is safe for one report only, which keeps every key's object alive meanwhile.
    """
    converted: dict[int, object] = {}
    known = converted.get

    def number(value):
        if type(value) is float:   # computed figures (Glicko's E per game) are seldom shared objects
            return int(value) if value.is_integer() else round(value, 6)   # to_json_number's float rule
        key = id(value)
        json_number = known(key, _UNSEEN)
        if json_number is _UNSEEN:
            json_number = converted[key] = to_json_number(value)
        return json_number

    return number


_UNSEEN = object()


def run_rate(args: argparse.Namespace) -> int:
    report, _ = compute(args, detail=args.format == "json")
    if args.format == "json":
        sys.stdout.write(report_json_text(report))
        return 0
    header = ["SNo", "Name", "Rtg", "K", "G", "Score", "Exp", "Change", "Pub", "New"]
    num, signed = _text_converter(_num), _text_converter(_signed)
    # Ratings show one decimal where they have one (a club ladder's 2316.5), none where whole.
    rows = [[str(p.start_rank), p.name, num(p.rating_before, 1), num(p.k, 2), str(p.games_counted),
             num(p.score_total, 1), num(p.expected_total, 2), signed(p.change, 2), signed(p.change_published, 2),
             num(p.rating_after, 1) + (" (initial)" if p.initial_rating else "")]
            for p in report.players]
    if args.format == "csv":
        print_csv(header, rows)
    else:
        sys.stdout.write(f"{report.system}: {report.rules}\n\n")
        sys.stdout.write(format_table(header, rows, [True, False] + [True] * 8))
    for note in report.notes:
        print(f"# Note: {note}" if args.format == "csv" else f"Note: {note}")
    return 0


# ---------------------------------------------------------------- explain-rating


def run_explain(args: argparse.Namespace) -> int:
    # Only this player's games are shown: the others' per-game records need not be built.
    report, system = compute(args, detail=False, detail_players=frozenset({args.player}))
    try:
        player = report.player(args.player)
    except KeyError:
        raise UsageError(f"no player with start rank {args.player}") from None
    names = {p.start_rank: p.name for p in report.players}
    added = system.explain(report, player) if system.explain is not None else None
    sys.stdout.write(explain_player(report, player, names, added))
    return 0


def explain_player(report: RatingReport, player: PlayerRating, names: dict[int, str],
                   added: RatingExplanation | None = None) -> str:
    """A player's calculation as a rating officer shows it: each game, the sums, K, the rounding.

    `added` is what the rating system adds of its own (`RatingSystem.explain`): RD columns,
    the derivation of a first rating, ...; this function reads no system's private figures.
    """
    added = added or RatingExplanation()
    out = [f"{player.name} (start rank {player.start_rank})",
           f"System: {report.system}. Rules: {report.rules}", ""]
    if player.rating_before is None:
        out.append("Rating before the event: unrated")
    else:
        out.append(f"Rating before the event: {_num(player.rating_before, 2)}" + _after(added.rating_before))
    if player.k is not None:
        k_rules = [r for r in player.rules if re.search(r"\bK\b", r) and "x sum" not in r]
        out.append(f"K: {_num(player.k, 2)}" + (f"   ({'; '.join(k_rules)})" if k_rules else ""))
    out.append("")
    columns = added.game_columns
    header = ["Rd", "Opponent", "Rating", *columns, "Used", "Result", "Expected", "Score-Exp", "Change"]
    rows = []
    for game in player.games:
        if not game.rated:
            continue
        places = _places(game.expected)
        delta = None if game.expected is None else game.score - _as_fraction(game.expected)
        rows.append([str(game.round), f"{game.opponent} {names.get(game.opponent, '')}".strip(),
                     _num(game.opponent_rating, 0),
                     *added.game_cells.get(game.round, ("-",) * len(columns)),
                     _num(game.opponent_rating_used, 0) + (" *" if game.opponent_rating_used != game.opponent_rating
                                                           else ""),
                     _result(game.score), _fixed(game.expected, places), _fixed(delta, places, signed=True),
                     _signed(game.change, 2)])
    if rows:
        right = [True, False] + [True] * (len(header) - 2)
        out.append(format_table(header, rows, right).rstrip("\n"))
        if any(cell.endswith("*") for r in rows for cell in r):
            out.append("* rating difference capped: the opponent counted at the rating shown")
    else:
        out.append("No game counted for this player.")
    skipped = [g for g in player.games if not g.rated]
    if skipped or player.unrated_rounds:
        out.append("")
        out.append("Not counted:")
        for game in skipped:
            out.append(f"  round {game.round} vs {game.opponent} {names.get(game.opponent, '')}: {game.reason}")
        for entry in player.unrated_rounds:
            out.append(f"  round {entry.round} ({entry.kind}): {entry.reason}")
    out.append("")
    if player.rating_before is not None:
        rated = player.rated_games
        out.append(f"Games counted: {len(rated)}   Score: {_num(player.score_total, 1)}   "
                   f"Expected: {_num(player.expected_total, 4)}   "
                   f"Score - Expected: {_signed(_as_fraction(player.score_total) - _as_fraction(player.expected_total), 4)}")
        if player.k is not None:
            out.append(f"Change: K {_num(player.k, 2)} x {_signed(player.score_total - _as_fraction(player.expected_total), 4)}"
                       f" = {_signed(player.change, 4)}")
        else:
            out.append(f"Change: {_signed(player.change, 4)}")
        out.append(f"Published change: {_signed(player.change_published, 4)}")
        out.append(f"Rating after the event: {_num(player.rating_after, 2)}" + _after(added.rating_after))
    else:
        out.extend(added.initial_rating)
        out.append("Rating after the event: " + (f"{_num(player.rating_after, 2)} (initial rating)"
                                                 if player.rating_after is not None else "none published"))
    if player.rules:
        out.append("")
        out.append("Rules applied:")
        out.extend(f"  {rule}" for rule in player.rules)
    if player.assumed:
        out.append("Assumed:")
        out.extend(f"  {a}" for a in player.assumed)
    if player.notes or report.notes:
        out.append("Notes:")
        out.extend(f"  {n}" for n in (*player.notes, *report.notes))
    return "\n".join(out) + "\n"


def _after(text: str) -> str:
    return f"   {text}" if text else ""


# ---------------------------------------------------------------- formatting


def _as_fraction(value) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value)


def _places(value) -> int:
    """Table values (FIDE's hundredths) print with 2 decimals, computed ones with 4."""
    return 2 if isinstance(value, Fraction) and (value * 100).denominator == 1 else 4


def _fixed(value, places: int, signed: bool = False) -> str:
    if value is None:
        return "-"
    text = f"{float(value):.{places}f}"
    return "+" + text if signed and float(value) > 0 else text


def _result(score: Fraction) -> str:
    return {Fraction(1): "1", Fraction(1, 2): "1/2", Fraction(0): "0"}.get(score, str(score))
