"""Pre-event rating records: from the tournament file, and from a rating list CSV.

    records, notes = build_records(tournament, "list.csv")

The tournament file gives each player's rating, player id (TRF: the FIDE ID) and birth date (TRF 001). A rating list
(`--rating-list FILE.csv`) adds or overrides, one row per player, with the columns

    start_rank | player_id   which player (start_rank wins when both are given); `fide_id`,
                           `uscf_id` and `us_chess_id` are accepted names of `player_id`
    rating                 pre-event rating ("" = unrated)
    games                  rated games before the event
    birth_year             year of birth
    highest_rating         highest published rating ever
    k                      explicit K, overriding the system's rule
    deviation, volatility  Glicko-type systems (optional extras)
    standard_rating        FIDE rapid/blitz: an unrated player's standard rating (optional extra)

Any column may be absent and any cell empty: the record then says "unknown" (None) and the
rating system states the default it assumed. Rows are matched by start rank, or by player id; an
id not in the event is skipped (a federation's full list may be given), a start rank not
in the event is an error. Problems are reported as `FILE:LINE:COL: message`, all at once.
"""

from __future__ import annotations

import csv
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Mapping

from rulesengine.errors import InputError, Location, Problem, quote
from rulesengine.limits import (MAX_DEVIATION, MAX_GAMES, MAX_K, MAX_PLAYERS, MAX_RATING, MAX_VOLATILITY,
                                MIN_BIRTH_YEAR, MIN_RATING)
from rulesengine.model import Tournament
from rulesengine.numbers import is_digits, parse_exact, parse_whole
from rulesengine.rating import RatingRecord, parse_date

KEY_COLUMNS = ("start_rank", "player_id")
# The player id column under the names federations give it (the contract names `fide_id`).
ID_COLUMN_ALIASES = {"fide_id": "player_id", "uscf_id": "player_id", "us_chess_id": "player_id"}
INT_COLUMNS = ("games", "birth_year")
NUMBER_COLUMNS = ("rating", "highest_rating", "k", "deviation", "volatility", "standard_rating")
KNOWN_COLUMNS = KEY_COLUMNS + INT_COLUMNS + NUMBER_COLUMNS
# Columns kept in RatingRecord.extra under their own name (read by the systems that use them).
EXTRA_COLUMNS = ("standard_rating",)


def records_from_tournament(tournament: Tournament) -> dict[int, RatingRecord]:
    """Each player's record as far as the tournament file tells: rating, FIDE ID, birth date."""
    records = {}
    for player in tournament.players:
        birth = parse_date(player.birth_date)
        year = birth.year if birth else _year_only(player.birth_date)
        records[player.start_rank] = RatingRecord(
            start_rank=player.start_rank, rating=float(player.rating) if player.rating else None,
            player_id=player.player_id.strip(), birth_year=year, birth_date=birth)
    return records


def _year_only(text: str) -> int | None:
    text = (text or "").strip()[:4]
    return int(text) if len(text) == 4 and is_digits(text) and int(text) > 1800 else None


def read_rating_list(path: str | Path, tournament: Tournament, encoding: str = "utf-8") -> tuple[dict[int, dict], list[str]]:
    """The rows of a rating-list CSV that match players of the event: start rank -> {column: value}.

    Only the columns present (and cells not empty) appear in each row's dict; an empty `rating`
    cell stands for "unrated" and appears as None. Returns the rows and notes for the output.
    """
    path = Path(path)
    try:
        text = path.read_bytes().decode(encoding)
    except OSError as exc:
        raise InputError(Problem(Location(str(path)), f"cannot read file: {exc.strerror}")) from None
    except UnicodeDecodeError:
        raise InputError(Problem(Location(str(path)), f"not valid {encoding} text")) from None
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise InputError(Problem(Location(str(path), 1, 1), "empty rating list: the first line must name the columns"))
    delimiter = ";" if lines[0].count(";") > lines[0].count(",") else ","
    try:
        header_cells = _split(lines[0], delimiter)
    except ValueError as exc:
        raise InputError(Problem(Location(str(path), 1, 1), str(exc))) from None
    problems: list[Problem] = []
    columns: list[str] = []
    for cell, col in header_cells:
        name = cell.strip().lower().replace(" ", "_")
        name = ID_COLUMN_ALIASES.get(name, name)
        if name not in KNOWN_COLUMNS:
            problems.append(Problem(Location(str(path), 1, col),
                                    f"unknown column {cell.strip()!r}; known: {', '.join(KNOWN_COLUMNS)}"))
        elif name in columns:
            problems.append(Problem(Location(str(path), 1, col), f"column {name!r} appears twice"))
        columns.append(name)
    if not any(c in columns for c in KEY_COLUMNS):
        problems.append(Problem(Location(str(path), 1, 1), "the rating list needs a start_rank or a player_id (fide_id) column"))
    if problems:
        raise InputError(problems)

    by_id = {p.player_id.strip(): p.start_rank for p in tournament.players if p.player_id.strip()}
    ranks = {p.start_rank for p in tournament.players}
    rows: dict[int, dict] = {}
    seen_at: dict[int, int] = {}
    skipped = 0
    for line_number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            cells = _split(line, delimiter)
        except ValueError as exc:
            problems.append(Problem(Location(str(path), line_number, 1), str(exc)))
            continue
        if len(cells) > len(columns):
            problems.append(Problem(Location(str(path), line_number, cells[len(columns)][1]),
                                    f"{len(cells)} cells but the header names {len(columns)} columns"))
            continue
        values: dict = {}
        key_cols: dict[str, int] = {}
        for (cell, col), name in zip(cells, columns):
            raw = cell.strip()
            if not raw:
                if name == "rating":
                    values["rating"] = None
                continue
            try:
                values[name] = _convert(name, raw)
            except ValueError as exc:
                problems.append(Problem(Location(str(path), line_number, col), str(exc)))
            if name in KEY_COLUMNS:
                key_cols[name] = col
        start_rank = values.pop("start_rank", None)
        player_id = values.pop("player_id", None)
        key_col = key_cols.get("start_rank") or key_cols.get("player_id") or 1
        if start_rank is None and player_id is None:
            if not any(p.location.line == line_number for p in problems):
                problems.append(Problem(Location(str(path), line_number, 1), "row names no player: give start_rank or player_id"))
            continue
        if start_rank is not None:
            if start_rank not in ranks:
                problems.append(Problem(Location(str(path), line_number, key_col),
                                        f"no player with start rank {start_rank} in the event"))
                continue
        else:
            start_rank = by_id.get(player_id)
            if start_rank is None:
                skipped += 1
                continue
        if start_rank in seen_at:
            problems.append(Problem(Location(str(path), line_number, key_col),
                                    f"player {start_rank} is already given on line {seen_at[start_rank]}"))
            continue
        seen_at[start_rank] = line_number
        rows[start_rank] = values
    if problems:
        raise InputError(problems)
    notes = [f"rating list {path.name}: {len(rows)} of {len(ranks)} players matched"
             + (f"; {skipped} row(s) with FIDE IDs not in this event skipped" if skipped else "")]
    absent = [c for c in ("rating", "games", "birth_year", "highest_rating", "k") if c not in columns]
    if absent:
        notes.append(f"rating list {path.name} has no column {', '.join(absent)}: the tournament file's data or the "
                     f"system's defaults are used")
    return rows, notes


def build_records(tournament: Tournament, rating_list: str | Path | None = None,
                  encoding: str = "utf-8") -> tuple[dict[int, RatingRecord], list[str]]:
    """Everyone's pre-event record: the tournament file's data, overridden by the rating list."""
    records = records_from_tournament(tournament)
    notes: list[str] = []
    if rating_list is None:
        notes.append("no rating list: ratings and birth dates come from the tournament file; anything else a system "
                     "needs is unknown and its defaults apply (listed per player)")
        return records, notes
    rows, notes = read_rating_list(rating_list, tournament, encoding)
    for start_rank, values in rows.items():
        records[start_rank] = _apply(records[start_rank], values)
    missing = sorted(set(records) - set(rows))
    if missing:
        notes.append(f"not in the rating list (tournament file data used): {', '.join(map(str, missing))}")
    return records, notes


def _apply(record: RatingRecord, values: Mapping) -> RatingRecord:
    changes = {k: v for k, v in values.items() if k not in EXTRA_COLUMNS}
    extra = {k: v for k, v in values.items() if k in EXTRA_COLUMNS}
    if extra:
        changes["extra"] = {**record.extra, **extra}
    if "birth_year" in changes and record.birth_date is not None and record.birth_date.year != changes["birth_year"]:
        changes["birth_date"] = None  # the list's year wins over a conflicting file date
    return replace(record, **changes)


# The bounds of each numeric column (limits.py): a value outside is refused where it is written,
# so no rating system ever computes with it (a rating of 1e308 overflows Elo arithmetic).
BOUNDS = {
    "start_rank": (1, MAX_PLAYERS),
    "games": (0, MAX_GAMES),
    "birth_year": (MIN_BIRTH_YEAR, None),  # the upper bound is next year, known only today
    "rating": (MIN_RATING, MAX_RATING),
    "highest_rating": (MIN_RATING, MAX_RATING),
    "standard_rating": (MIN_RATING, MAX_RATING),
    "k": (0, MAX_K),
    "deviation": (0, MAX_DEVIATION),
    "volatility": (0, MAX_VOLATILITY),
}


def _convert(name: str, raw: str):
    """One cell as its column's value: ASCII digits only (no exponent), within BOUNDS[name]."""
    if name == "player_id":
        return raw
    low, high = BOUNDS[name]
    if name == "birth_year":
        high = date.today().year + 1
    if name in ("start_rank",) + INT_COLUMNS:
        value = parse_whole(raw)
        if value is None:
            raise ValueError(f"{name} must be a whole number, found {quote(raw)}")
        if name == "birth_year" and not low <= value <= high:
            raise ValueError(f"birth_year {value} is not a plausible year")
        if value < 0 or (name == "start_rank" and value == 0):
            raise ValueError(f"{name} must be positive, found {quote(raw)}")
        if not low <= value <= high:
            raise ValueError(f"{name} {value:,} is outside {low}..{high:,}")
        return value
    exact = parse_exact(raw)
    if exact is None:
        raise ValueError(f"{name} must be a number, found {quote(raw)}")
    if exact < 0:
        raise ValueError(f"{name} must be a non-negative number, found {quote(raw)}")
    if not low <= exact <= high:
        raise ValueError(f"{name} {raw} is outside {low}..{high:,}")
    if name == "rating" and exact == 0:
        return None  # TRF and most lists write 0 for "unrated"
    return int(exact) if exact.denominator == 1 else float(exact)


def _split(line: str, delimiter: str) -> list[tuple[str, int]]:
    """The cells of one CSV line with the 1-based column where each starts (quotes honoured)."""
    cells: list[tuple[str, int]] = []
    try:
        parsed = next(csv.reader([line], delimiter=delimiter))
    except csv.Error as exc:  # a cell beyond the csv module's field limit, a NUL byte, ...
        raise ValueError(f"cannot read this line as CSV ({exc})") from None
    position = 0
    for value in parsed:
        start = position + 1
        # Advance past this cell in the raw text: quoted cells may contain the delimiter.
        if position < len(line) and line[position] == '"':
            position += 1
            while position < len(line):
                if line[position] == '"':
                    if position + 1 < len(line) and line[position + 1] == '"':
                        position += 2
                        continue
                    position += 1
                    break
                position += 1
            while position < len(line) and line[position] != delimiter:
                position += 1
        else:
            end = line.find(delimiter, position)
            position = len(line) if end == -1 else end
        position += 1
        cells.append((value, start))
    return cells
