"""The rating contract (docs/contracts.md, `rulesengine rate --format json|csv|table`): one
document, and the cells the CSV and the table show.

    rating_document(report)    # the plain definition: the dict the encoder writes
    rating_json_text(report)   # `--format json`: the same value, one player per line
    rating_json_line(report)   # the same value on one line (batch's files)

Fields beyond the contract are additions (`rule_set`, `event_date`, `notes`, and per player
`assumed`, `rules`, `notes`, `unrated_rounds`, `details`; per game `opponent_rating`, `change`,
`rules`). A game that did not count has `rated` false, its `reason`, and null
`opponent_rating_used` / `expected`.

The texts are written from one template per record kind, each shared number's JSON made once
(`NUMBER_JSON`): a 10,000-player report has 110,000 game records, and building a dict for each
for the encoder to walk costs more than rating them. tests/ratings/test_rate_json_text.py holds
them to `json_text` and `one_line_json` of the document.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Callable

from rulesengine.numbers import to_json_number
from rulesengine.output.json_text import (JSON_ENCODER, compact_template, json_line_with_items, json_text_with_items,
                                          scalar_json)
from rulesengine.output.number_text import NUMBER_JSON, TextsByIdentity, number_json
from rulesengine.rating import GameRating, PlayerRating, RatingReport, rating_text, signed_rating_text

_GAME_FIELDS = ("round", "opponent", "opponent_rating_used", "expected", "score", "rated", "reason",
                "opponent_rating", "change", "rules")
_PLAYER_FIELDS = ("start_rank", "name", "rating_before", "k", "games", "expected_total", "score_total", "change",
                  "change_published", "rating_after", "initial_rating", "assumed", "rules", "notes", "unrated_rounds")


def rating_document(report: RatingReport) -> dict:
    """The JSON document of `rulesengine rate --format json`."""
    return {
        "system": report.system,
        "rules": report.rules,
        "rule_set": report.rule_set,
        "event_date": report.event_date.isoformat() if report.event_date else None,
        "players": [_player_json(p) for p in report.players],
        "notes": list(report.notes),
    }


def _player_json(player: PlayerRating) -> dict:
    number = to_json_number
    return {
        "start_rank": player.start_rank,
        "name": player.name,
        "rating_before": number(player.rating_before),
        "k": number(player.k),
        "games": [_game_json(g) for g in player.games],
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
        **({"details": _details_json(player)} if player.extra else {}),
    }


def _game_json(game: GameRating) -> dict:
    number = to_json_number
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


def _unrated_json(player: PlayerRating) -> list[dict]:
    return [{"round": r.round, "kind": r.kind, "reason": r.reason} for r in player.unrated_rounds]


def _details_json(player: PlayerRating) -> dict:
    return {k: _json_value(v) for k, v in player.extra.items()}


def _json_value(value):
    if isinstance(value, dict):
        return {k: _json_value(v) for k, v in value.items()}
    if isinstance(value, (bool, str)) or value is None:
        return value
    return to_json_number(value)


def rating_json_text(report: RatingReport) -> str:
    """`json_text(rating_document(report))`, the same text."""
    return json_text_with_items(rating_document(replace(report, players=())), "players", _player_texts(report))


def rating_json_line(report: RatingReport) -> str:
    """`one_line_json(rating_document(report))`, the same one line."""
    return json_line_with_items(rating_document(replace(report, players=())), "players", _player_texts(report))


_GAME_TEMPLATE = compact_template(_GAME_FIELDS)
_PLAYER_TEMPLATE = compact_template(_PLAYER_FIELDS)[:-1] + "%s}"   # then `, "details": {...}` when there are any


def _player_texts(report: RatingReport) -> list[str]:
    """Each player's JSON, as the encoder writes the document's players."""
    encode = JSON_ENCODER.encode
    # Reasons, rule lists, None, booleans: objects the systems share, kept by identity for this
    # report (which keeps every one alive meanwhile).
    shared_texts: dict[int, str] = {}

    def shared(value) -> str:
        found = shared_texts.get(id(value))
        if found is None:
            found = shared_texts[id(value)] = encode(list(value) if isinstance(value, tuple) else value)
        return found

    num, whole = _number_text, scalar_json
    lines = []
    for p in report.players:
        games = ", ".join([_GAME_TEMPLATE % (whole(g.round), whole(g.opponent), num(g.opponent_rating_used),
                                             num(g.expected), num(g.score), shared(g.rated), shared(g.reason),
                                             num(g.opponent_rating), num(g.change), shared(g.rules))
                           for g in p.games])
        details = ', "details": ' + encode(_details_json(p)) if p.extra else ""
        lines.append(_PLAYER_TEMPLATE % (whole(p.start_rank), encode(p.name), num(p.rating_before), num(p.k),
                                         "[" + games + "]", num(p.expected_total), num(p.score_total), num(p.change),
                                         num(p.change_published), num(p.rating_after), encode(p.initial_rating),
                                         encode(list(p.assumed)), encode(list(p.rules)), encode(list(p.notes)),
                                         encode(_unrated_json(p)), details))
    return lines


def _number_text(value: object) -> str:
    """`number_json(value)`; a float (Glicko's expectations and changes) is seldom one shared
    object, so it is written at once rather than kept."""
    return number_json(value) if type(value) is float else NUMBER_JSON.of(value)


# ---------------------------------------------------------------- CSV and table

RATING_HEADER = ["SNo", "Name", "Rtg", "K", "G", "Score", "Exp", "Change", "Pub", "New"]

# Ratings show one decimal where they have one (a club ladder's 2316.5), none where whole.
_ONE_PLACE, _TWO_PLACES = (TextsByIdentity(partial(rating_text, places=places)) for places in (1, 2))
_SIGNED = TextsByIdentity(partial(signed_rating_text, places=2))


def rating_cells(report: RatingReport) -> tuple[list[str], list[list[str]]]:
    """The header and rows of `rate --format csv` and `--format table`."""
    one: Callable[[object], str] = _ONE_PLACE.of
    two, signed = _TWO_PLACES.of, _SIGNED.of
    rows = [[str(p.start_rank), p.name, one(p.rating_before), two(p.k), str(p.games_counted), one(p.score_total),
             two(p.expected_total), signed(p.change), signed(p.change_published),
             one(p.rating_after) + (" (initial)" if p.initial_rating else "")]
            for p in report.players]
    return list(RATING_HEADER), rows


def rating_footer(report: RatingReport) -> list[str]:
    """The lines under the table, in both forms (CSV: as `# ` comment lines): the notes."""
    return [f"Note: {note}" for note in report.notes]


def rating_csv_text(report: RatingReport) -> str:
    """`rulesengine rate --format csv`."""
    from rulesengine.output.csv_text import csv_text   # noqa: PLC0415 (the csv module only for CSV)
    header, rows = rating_cells(report)
    return csv_text(header, rows, comments=rating_footer(report))
