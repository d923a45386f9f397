"""`rulesengine rate` and `rulesengine explain-rating`: what an event does to everyone's rating.

    rulesengine rate FILE.trf --system NAME [--rating-list LIST.csv] [--date YYYY-MM-DD]
                     [--rule-set NAME] [--option NAME=VALUE ...] [--format table|json|csv]
    rulesengine explain-rating FILE.trf --player N [same options]

The JSON, CSV and table of `rate` are a contract, written by `rulesengine.output.ratings`.
"""

from __future__ import annotations

import argparse
import re
import sys
from fractions import Fraction

from rulesengine import api
from rulesengine.cli.common import (add_format_argument, add_input_arguments, date_argument, format_table,
                                    load_tournament, print_note)
from rulesengine.errors import UsageError
from rulesengine.output.ratings import rating_cells, rating_csv_text, rating_footer, rating_json_text
from rulesengine.rating import (PlayerRating, RatingExplanation, RatingReport, RatingSystem, rating_text as _num,
                                signed_rating_text as _signed)
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
    forced = date_argument(args.date)
    report = api.rate_event(tournament, system, args.rating_list, encoding=args.encoding,
                            event_date=forced, rule_set=args.rule_set, option_texts=args.option,
                            registry=registry, detail=detail, detail_players=detail_players)
    if getattr(args, "format", "table") != "json" and forced is None:
        # The date not in the file is the report's first note; a table or CSV reader sees it first on stderr.
        print_note(api.rules_date(tournament, None, api.rating_rules(tournament, system, rule_set=args.rule_set)).note)
    return report, system


# ---------------------------------------------------------------- rate


def run_rate(args: argparse.Namespace) -> int:
    report, _ = compute(args, detail=args.format == "json")
    if args.format == "json":
        sys.stdout.write(rating_json_text(report))
    elif args.format == "csv":
        sys.stdout.write(rating_csv_text(report))
    else:
        header, rows = rating_cells(report)
        sys.stdout.write(f"{report.system}: {report.rules}\n\n")
        sys.stdout.write(format_table(header, rows, [True, False] + [True] * 8))
        sys.stdout.write("".join(line + "\n" for line in rating_footer(report)))
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
