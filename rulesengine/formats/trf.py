"""FIDE TRF-16 reader and writer (FIDE C.04 Annex 2), with the TRF-2026 and JaVaFo/bbpPairings
extension records that matter for scoring, rounds and tie-break order.

Every non-player line is kept in order, so a well-formed file read and written back is
byte-identical. Problems are reported as `FILE:LINE:COL: what is wrong`, all at once.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from fractions import Fraction
from functools import partial
from itertools import compress
from operator import mul
from pathlib import Path
from typing import Callable, NamedTuple

from rulesengine.errors import MAX_SHOWN_PROBLEMS, InputError, Location, Problem, quote
from rulesengine.limits import (MAX_PLAYERS, MAX_POINTS_PER_RESULT, MAX_RATING, MAX_ROUNDS, MAX_TIEBREAKS,
                               MAX_TRF_BYTES, MAX_TRF_PLAYERS, MIN_RATING)
from rulesengine.model import (
    Colour,
    PendingRound,
    Player,
    ResultCode,
    RoundColumns,
    RoundEntry,
    ScoringSystem,
    STANDARD_SCORING,
    Tournament,
)
from rulesengine.numbers import is_digits, parse_exact, parse_whole

# 0-based column starts of the TRF-16 001 record (the handbook counts from 1).
COL_START_RANK = (4, 8)
COL_SEX = (9, 10)
COL_TITLE = (10, 13)
COL_NAME = (14, 47)
COL_RATING = (48, 52)
COL_FEDERATION = (53, 56)
COL_FIDE_ID = (57, 68)
COL_BIRTH = (69, 79)
COL_POINTS = (80, 84)
COL_RANK = (85, 89)
FIRST_ROUND_COL = 89  # each round is 10 characters: "  oooo c r"
ROUND_WIDTH = 10
# The longest 001 record with MAX_ROUNDS round blocks (limits.py); a longer line is refused whole.
MAX_PLAYER_LINE = FIRST_ROUND_COL + ROUND_WIDTH * MAX_ROUNDS

PLAYER_MARK = "001"

# Round blocks are read as (opponent, COLOUR, CODE) with colour and code upper-cased, so one
# table lookup turns them into the model's enums (TRF-2026: letter codes are case-insensitive).
_COLOURS = {"W": Colour.WHITE, "B": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}
_CODES = {c.value.upper(): c for c in ResultCode}
# Codes that need opponent 0000 (byes), and those that need an opponent (games and forfeit
# wins); "-" may have either (forfeit loss, or `0000 - -` absent), and so may a blank: not
# paired without one, a game of a pending round (paired, no result yet) with one.
_NO_OPPONENT = frozenset("HFUZ")
_NEED_OPPONENT = frozenset("1=0+WDL")
# Games whose two lines must give opposite colours: played ones and pending ones.
_COLOURED = frozenset("1=0WDL ")
# What one player's result must be answered with on the opponent's line (model.MIRRORED_CODES
# in TRF characters): "-" against "-" is a double forfeit, a blank against a blank a game of
# the pending round.
_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+-", "W": "L", "L": "W", "D": "D", " ": " "}
# What a bye of the pending round is (PendingRound.byes).
_BYE_CODES = frozenset("UHFZ")
_BLANK_BLOCK = (0, " ", " ")

# A whole run of well-formed, consistent round blocks "  oooo c r" (upper-cased), checked in one
# pass before any block is looked at one by one, so a valid line costs one match: byes and "not
# paired" have opponent 0000 (or four blanks, TRF-2026), games and forfeit wins have one, and a
# forfeit loss may have either (`0000 - -` is an absence).
_OPPONENT = r"(?:[0-9]{4}| [0-9]{3}|  [0-9]{2}|   [0-9]|    )"
_GOOD_BLOCKS = re.compile(r"(?:  (?:0000|    ) [WB -] [\-HFUZ ]"
                          rf"|  (?!0000|    ){_OPPONENT} [WB -] [10=+\-WDL ])*", re.ASCII)
_BLOCK = re.compile(rf"  ({_OPPONENT}) ([wbWB -]) ([10=+\-wdlhfuzWDLHFUZ ])", re.ASCII)
# The opponent columns of a run of blocks already matched by _GOOD_BLOCKS.
_OPPONENT_TEXT = re.compile(r"  (....) . .", re.ASCII | re.DOTALL)

Block = tuple[int, str, str]  # (opponent start rank or 0, colour W/B/-/space, result code upper-cased)


class _Record(NamedTuple):
    """A 001 record as read, before its games are cross-checked. Its round blocks are columns
    (index 0 = round 1), sliced out of the line in C: opponents (0 = none), and the colour and
    result characters upper-cased, one string each."""

    line_number: int
    line: str
    start_rank: int
    rating: int | None
    points: Fraction | None
    rank: int | None
    opponents: tuple[int, ...]
    colours: str
    codes: str
    unfinished: tuple[int, ...] = ()   # round indexes of games with a blank result (a pending round)


class _Problems(list):
    """The problems found: the first MAX_SHOWN_PROBLEMS kept (what a message shows), the rest only
    counted, so a file of millions of bad lines costs a count, not a Problem each."""

    unlisted = 0

    def append(self, problem: Problem) -> None:
        if len(self) < MAX_SHOWN_PROBLEMS:
            super().append(problem)
        else:
            self.unlisted += 1

    def at(self, source: str, line: int, column: int, message: str) -> None:
        """A problem at FILE:LINE:COLUMN, made only when it is kept."""
        if len(self) < MAX_SHOWN_PROBLEMS:
            super().append(Problem(Location(source, line, column), message))
        else:
            self.unlisted += 1

    def error(self) -> InputError:
        return InputError(self, unlisted=self.unlisted)


def read_trf(path: str | Path, encoding: str = "utf-8") -> Tournament:
    """Read a TRF file; raise InputError naming FILE:LINE:COL for every problem found."""
    return parse_trf(read_text(path, encoding), source=str(path))


def read_text(path: str | Path, encoding: str = "utf-8") -> str:
    """A TRF file's text; an unreadable file or bad text is an InputError naming the file (and line)."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_TRF_BYTES:   # checked before reading: bounded memory whatever the file
                raise InputError(Problem(Location(str(path), 1, 1), f"refused: {size:,} bytes (limit "
                                                                    f"{MAX_TRF_BYTES:,}: larger than any real TRF)"))
            data = handle.read()
    except OSError as exc:
        raise InputError(Problem(Location(str(path)), f"cannot read file: {exc.strerror}")) from None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Problem(Location(str(path), line),
                                 f"not valid {encoding} text (try --encoding latin-1)")) from None
    except LookupError:
        raise InputError(Problem(Location(str(path)), f"unknown text encoding {quote(encoding)}")) from None
    return text


def split_lines(text: str) -> tuple[list[str], list[str], bool]:
    """The lines of `text`, each line's ending ("\n", "\r\n" or "\r") and whether the last line
    ended with one. LF and CRLF may be mixed (files edited on two systems); CR alone counts as a
    line ending only in a file with no LF at all (old Macintosh files)."""
    separator = "\n" if "\n" in text or "\r" not in text else "\r"
    lines = text.split(separator)
    final_newline = lines[-1] == ""
    if final_newline:
        lines.pop()
    endings = [separator] * len(lines)
    if separator == "\n":
        for i, line in enumerate(lines):
            if line.endswith("\r") and (final_newline or i < len(lines) - 1):
                lines[i] = line[:-1]
                endings[i] = "\r\n"
    if not final_newline and endings:
        endings[-1] = ""
    return lines, endings, final_newline


def parse_trf(text: str, source: str = "<input>") -> Tournament:
    """Parse TRF text into a Tournament (see module docstring)."""
    return _parse(text, source)[0]


PlayerColumns = tuple[tuple[int, ...], tuple[ResultCode, ...]]   # opponents (0 = none), codes; round 1 first
Amend = Callable[[dict[int, "_Record"], int], None]


def parse_trf_players_later(text: str, source: str, amend: Amend | None = None) -> tuple[Tournament, dict[int, PlayerColumns]]:
    """`parse_trf`, with the same checks and errors, whose players are built only when first read
    (`Tournament.with_players_later`), and each player's opponents and result codes by start rank.
    `amend(records, rounds)` may change the records' round columns (`_Record._replace`) before
    anything is built from them (the team reader's set-aside forfeit wins)."""
    tournament, records, played = _parse(text, source, amend, players_later=True)
    return tournament, {sno: (records[sno].opponents[:played], tuple(map(_CODES.__getitem__, records[sno].codes[:played])))
                        for sno in sorted(records)}


def _players(records: dict[int, _Record], played: int, double_forfeits: set[tuple[int, int]]) -> tuple[Player, ...]:
    return tuple(_player(records[sno], played, double_forfeits) for sno in sorted(records))


def _parse(text: str, source: str, amend: Amend | None = None,
           players_later: bool = False) -> tuple[Tournament, dict[int, _Record], int]:
    """The tournament, its player records by start rank and the number of rounds played."""
    problems = _Problems()
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    lines, endings, final_newline = split_lines(text)
    used = set(e for e in endings if e)
    newline = "\r\n" if "\r\n" in used else ("\r" if "\r" in used else "\n")

    header: list[tuple[str, str]] = []
    other_records: list[tuple[str, str, int]] = []  # (code, text after it, line number), non-player
    records: dict[int, _Record] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            header.append(("", line))
            continue
        code = line[:3]
        if code == PLAYER_MARK:
            record = _read_player_line(line, number, source, problems)
            if record is None:
                continue
            sno = record.start_rank
            if sno in records:
                problems.append(Problem(Location(source, number, COL_START_RANK[0] + 1),
                                        f"start rank {sno} already used on line {records[sno].line_number}"))
                continue
            records[sno] = record
            header.append((PLAYER_MARK, str(sno)))
        else:
            header.append((code, line[3:]))
            other_records.append((code, line[3:], number))

    fields = {code: rest.strip() for code, rest, _ in other_records}
    header_lines = {code: number for code, _, number in other_records}  # the last of each code
    rounds = _declared_rounds(fields, header_lines, records, source, problems)
    scoring = _scoring(other_records, source, problems)
    if not records and not problems:
        problems.append(Problem(Location(source, 1), "no player records (001 lines) found"))
    double_forfeits = _cross_check(records, rounds, source, problems)
    pending = _pending_round(records, source, problems) if not problems else None
    if problems:
        raise problems.error()

    played = rounds
    pending_round = None
    if pending is not None:
        # The results stop before the pending round; the number of rounds is the file's
        # without it unless the file declares the total (XXR, 142).
        pending_round = _pending(records, pending, rounds)
        played = min(rounds, pending)
        if "XXR" not in fields and "142" not in fields:
            rounds = pending
    kind = _event_kind(fields)
    tiebreaks, tiebreak_code = _tiebreak_codes(header)
    if len(tiebreaks) > MAX_TIEBREAKS:
        raise InputError(Problem(Location(source, header_lines[tiebreak_code], 5),
                                 f"record {tiebreak_code}: {len(tiebreaks):,} tie-breaks is more than {MAX_TIEBREAKS}"))
    extra = {"newline": newline, "final_newline": "1" if final_newline else "",
             "bom": "1" if bom else "", "opponent_padding": _opponent_padding(records.values())}
    if len(used) > 1:
        # Mixed endings: keep each line's own, so the file written back is the file read.
        extra["line_endings"] = "".join(_ENDING_MARKS[e] for e in endings)
    if tiebreak_code:
        extra["tiebreak_order_line"] = str(header_lines[tiebreak_code])
    # Lines ending inside a round block: an editor trimmed the blanks of "  0012 w  " (a game of
    # the pending round); written back at their own length.
    short = " ".join(f"{r.start_rank}:{len(r.line)}" for r in records.values()
                     if len(r.line) > FIRST_ROUND_COL and (len(r.line) - FIRST_ROUND_COL) % ROUND_WIDTH)
    if short:
        extra["short_lines"] = short
    if amend is not None:   # after the file's own layout is read (padding, short lines): see parse_trf_players_later
        amend(records, played)
    values = _tournament_fields(fields, rounds, scoring, kind, tiebreaks, header, source, extra, pending_round)
    if players_later:
        return Tournament.with_players_later(partial(_players, records, played, double_forfeits), **values), \
            records, played
    return Tournament(players=_players(records, played, double_forfeits), **values), records, played


def _event_kind(fields: dict[str, str]) -> str:
    """"round robin" when record 092 or 192 names one (RR, Robin, Berger), else "swiss"."""
    kind_text = (fields.get("092", "") + " " + fields.get("192", "")).upper()
    words = set(re.split(r"[^A-Z]+", kind_text))
    return "round robin" if "RR" in words or "ROBIN" in kind_text or "BERGER" in kind_text else "swiss"


def _tournament_fields(fields, rounds, scoring, kind, tiebreaks, header, source, extra, pending_round) -> dict:
    """The tournament's fields but its players, as read."""
    return dict(
        name=fields.get("012", ""),
        rounds=rounds,
        scoring=scoring,
        kind=kind,
        start_date=fields.get("042", ""),
        end_date=fields.get("052", ""),
        tiebreak_order=tuple(tiebreaks),
        header=tuple(header),
        source=source,
        extra=extra,
        pending_round=pending_round,
    )


_ENDING_MARKS = {"\n": "n", "\r\n": "r", "\r": "c", "": "-"}
_ENDINGS = {mark: ending for ending, mark in _ENDING_MARKS.items()}


def tiebreak_order_location(tournament: Tournament) -> Location | None:
    """Where the file announced its tie-break order (record 202 or 212), for messages about it."""
    line = tournament.extra.get("tiebreak_order_line")
    return Location(tournament.source, int(line), 5) if line else None


def _opponent_padding(records) -> str:
    """Writers differ: "0004" (the handbook) or "   4" (bbpPairings); keep the file's own style."""
    for record in records:
        for i, opponent in enumerate(record.opponents):
            if 0 < opponent < 1000:
                start = FIRST_ROUND_COL + ROUND_WIDTH * i + 2
                return "0" if record.line[start] == "0" else " "
    return "0"


def _read_player_line(line: str, number: int, source: str, problems: _Problems) -> _Record | None:
    """The numbers of a 001 record and its round blocks, each checked and bounded (C.04 Annex 2)."""
    def bad(col: int, message: str) -> None:
        problems.at(source, number, col + 1, message)

    if len(line) > MAX_PLAYER_LINE and len(line.rstrip()) > MAX_PLAYER_LINE:
        bad(MAX_PLAYER_LINE, f"player record is {len(line):,} characters long: more than {MAX_ROUNDS} rounds "
                             f"(at most {MAX_PLAYER_LINE} characters)")
        return None
    sno_text = line[4:8]   # the COL_* columns, sliced in place (one line per player)
    if line[8:9].isdigit() and sno_text.isdigit():
        # C.04 Annex 2 (and TRF-2026, which keeps the 001 layout): the start rank has columns
        # 5-8 and each round block's opponent four columns, so no start rank passes 9,999.
        bad(COL_START_RANK[0], f"start rank {quote(line[4:COL_START_RANK[1] + 1])} has five digits: TRF-16 and "
                               f"TRF-2026 give it four columns (5-8), so a TRF file holds at most "
                               f"{MAX_TRF_PLAYERS:,} players (a workbook holds up to {MAX_PLAYERS:,})")
        return None
    sno = _WHOLES[sno_text]
    if sno is None or sno <= 0:
        bad(COL_START_RANK[0], f"start rank must be a positive whole number in columns 5-8, found {quote(sno_text.strip())}")
        return None
    rating_text = line[48:52].strip()
    rating = None
    if rating_text:
        value = _WHOLES[rating_text]
        if value is None or rating_text[0] in "+-":
            bad(COL_RATING[0], f"rating must be a whole number in columns 49-52, found {quote(rating_text)}")
        elif not MIN_RATING <= value <= MAX_RATING:
            bad(COL_RATING[0], f"rating {value} is outside {MIN_RATING}..{MAX_RATING} (columns 49-52)")
        else:
            rating = value or None
    points = None
    points_text = line[80:84].strip()
    if points_text:
        points = _POINTS[points_text] if points_text in _POINTS else _points(points_text)
        if points is None:
            bad(COL_POINTS[0], f"points must be a number in columns 81-84, found {quote(points_text)}")
    rank_text = line[85:89].strip()
    rank = None
    if rank_text:
        rank = _WHOLES[rank_text]
        if rank is None or rank_text[0] in "+-":
            bad(COL_RANK[0], f"rank must be a whole number in columns 86-89, found {quote(rank_text)}")
            rank = None

    segment = line[FIRST_ROUND_COL:]
    if len(segment) % ROUND_WIDTH:
        segment += " " * (ROUND_WIDTH - len(segment) % ROUND_WIDTH)
    # Only ASCII text is matched: upper() of other letters can change the length ("ß" -> "SS").
    if segment.isascii() and _GOOD_BLOCKS.fullmatch(upper := segment.upper()):
        opponents = tuple(map(_OPPONENTS.__getitem__, _OPPONENT_TEXT.findall(upper)))
        colours, codes = upper[7::ROUND_WIDTH], upper[9::ROUND_WIDTH]
    else:
        blocks = _read_blocks_one_by_one(segment, bad)
        if blocks is None:
            return None
        opponents = tuple(opponent for opponent, _, _ in blocks)
        colours, codes = "".join(colour for _, colour, _ in blocks), "".join(code for _, _, code in blocks)
    # the rounds of games with a blank result (an opponent and code " "), picked in C
    unfinished = tuple(compress(range(len(codes)), map(mul, opponents, map(" ".__eq__, codes)))) \
        if " " in codes else ()
    return _Record(number, line, sno, rating, points, rank, opponents, colours, codes, unfinished)


# The fixed columns repeat the same few texts on every line: each is converted once per process.
class _Wholes(dict):
    """Text -> `parse_whole(text)`, worked out when first met (read in C as `_WHOLES[text]`); a
    file of ever new texts clears it now and then."""

    def __missing__(self, text: str) -> int | None:
        if len(self) > 50_000:
            self.clear()
        value = self[text] = parse_whole(text)
        return value


_WHOLES = _Wholes()
_POINTS: dict[str, Fraction | None] = {}


def _points(text: str) -> Fraction | None:
    if len(_POINTS) > 50_000:
        _POINTS.clear()
    value = _POINTS[text] = parse_exact(text)
    return value


class _OpponentColumns(dict):
    """Opponent columns as read ("0004", "   4", "    ") -> start rank (0 = none), filled as met
    (at most 11,111 four-character texts of digits and blanks pass _GOOD_BLOCKS)."""

    def __missing__(self, text: str) -> int:
        value = self[text] = int(text) if text != "    " else 0
        return value


_OPPONENTS = _OpponentColumns()


def _check_blocks(blocks: list[Block], bad: Callable[[int, str], None]) -> bool:
    """Byes have no opponent and games have one; report each block that breaks this."""
    ok = True
    for i, (opponent, _, code) in enumerate(blocks):
        if opponent and code in _NO_OPPONENT:
            start = FIRST_ROUND_COL + ROUND_WIDTH * i
            bad(start + 2, f"round {i + 1}: a bye ({code!r}) must have opponent 0000, found {opponent:04d}")
            ok = False
        elif not opponent and code in _NEED_OPPONENT:
            start = FIRST_ROUND_COL + ROUND_WIDTH * i
            bad(start + 9, f"round {i + 1}: result {code!r} needs an opponent, found 0000")
            ok = False
    return ok


def _read_blocks_one_by_one(segment: str, bad: Callable[[int, str], None]) -> list[Block] | None:
    """The slow path for a line whose round blocks are not all well formed: say what is wrong
    with each block ("  oooo c r"; TRF-2026: four blanks equal 0000, a blank colour equals "-")."""
    blocks: list[Block] = []
    ok = True
    for i in range(len(segment) // ROUND_WIDTH):
        start = FIRST_ROUND_COL + ROUND_WIDTH * i
        block = segment[ROUND_WIDTH * i: ROUND_WIDTH * (i + 1)]
        match = _BLOCK.fullmatch(block)
        if match:
            opp, colour, code = match.groups()
            blocks.append((int(opp) if opp != "    " else 0, colour.upper(), code.upper()))
            continue
        ok = False
        opp_text, colour_text, code_text = block[2:6], block[7], block[9]
        if block[:2].strip() or block[6] != " " or block[8] != " ":
            bad(start, f"round {i + 1}: expected '  oooo c r' in columns {start + 1}-{start + 10}, found {quote(block)}")
        elif parse_whole(opp_text.strip() or "0") is None or not opp_text.strip().isascii() or opp_text.strip()[:1] in "+-":
            bad(start + 2, f"round {i + 1}: opponent must be a start rank or 0000, found {quote(opp_text)}")
        elif colour_text.upper() not in _COLOURS or not colour_text.isascii():
            bad(start + 7, f"round {i + 1}: colour must be w, b or -, found {quote(colour_text)}")
        elif code_text.upper() not in _CODES or not code_text.isascii():
            bad(start + 9, f"round {i + 1}: unknown result code {quote(code_text)} "
                           f"(known: 1 = 0 + - W D L H F U Z or blank)")
        else:
            bad(start + 2, f"round {i + 1}: opponent must be a start rank or 0000, found {quote(opp_text)}")
    if not ok:
        return None
    return blocks if _check_blocks(blocks, bad) else None


def _declared_rounds(fields: dict[str, str], header_lines: dict[str, int], records: dict[int, _Record],
                     source: str, problems: list[Problem]) -> int:
    """The number of rounds: JaVaFo's XXR, else TRF-2026 record 142, else the longest record."""
    longest = max((len(r.codes) for r in records.values()), default=0)
    for code in ("XXR", "142"):
        text = fields.get(code)
        if text is None:
            continue
        declared = parse_whole(text)
        where = Location(source, header_lines[code], 5)
        if declared is None or text[0] in "+-":
            problems.append(Problem(where, f"record {code}: number of rounds must be a whole number, found {quote(text)}"))
            return longest
        if declared > MAX_ROUNDS:
            problems.append(Problem(where, f"record {code}: {declared:,} rounds is more than {MAX_ROUNDS}"))
            return longest
        for record in records.values():
            if any(code != " " or opponent for opponent, code in zip(record.opponents[declared:], record.codes[declared:])):
                problems.append(Problem(Location(source, record.line_number, FIRST_ROUND_COL + ROUND_WIDTH * declared + 1),
                                        f"player {record.start_rank} has results after round {declared}, the number of rounds in record {code}"))
        return declared
    return longest


# Scoring records: which ScoringSystem fields each letter or name sets.
_162_KEYS = {"W": ("win",), "D": ("draw",), "L": ("loss",), "P": ("pairing_allocated_bye",),
             "A": ("zero_point_bye", "forfeit_loss")}
_XXS_KEYS = {"WW": "win", "WD": "draw", "WL": "loss", "FW": "forfeit_win", "FL": "forfeit_loss",
             "PAB": "pairing_allocated_bye", "HPB": "half_point_bye", "FPB": "full_point_bye",
             "ZPB": "zero_point_bye"}
_BB_KEYS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_point_bye",
            "BBF": "forfeit_loss", "BBU": "pairing_allocated_bye"}


def _scoring(other_records: list[tuple[str, str, int]], source: str, problems: list[Problem]) -> ScoringSystem:
    """Point system from TRF-2026 record 162, JaVaFo XXS or bbpPairings BB? records.

    Each value is a plain number of at most limits.MAX_POINTS_PER_RESULT points (no exponent:
    "1e99999999" would make exact arithmetic run for minutes), checked where it is written."""
    values: dict[str, Fraction] = {}
    for code, rest, line_number in other_records:
        if code not in ("162", "XXS") and code not in _BB_KEYS:
            continue
        # (field names, value text, 0-based column of the value) for each value of the record
        found: list[tuple[tuple[str, ...], str, int]] = []
        tokens = [(m.group(), 3 + m.start()) for m in re.finditer(r"\S+", rest)]
        if code == "162":
            # 162 pairs, letter then value ("162  W 3.0    D 1.0"). TRF-2026: W = win, forfeit
            # win and full-point bye; D = draw and half-point bye; L = loss; A = absence
            # (zero-point bye, forfeit loss); P = pairing-allocated bye; X = unknown result.
            found = [(_162_KEYS[letter.upper()], text, col)
                     for (letter, _), (text, col) in zip(tokens[::2], tokens[1::2]) if letter.upper() in _162_KEYS]
        elif code == "XXS":
            for token, col in tokens:
                name, _, text = token.partition("=")
                if name in _XXS_KEYS:
                    found.append(((_XXS_KEYS[name],), text, col + len(name) + 1))
        elif tokens:
            found = [((_BB_KEYS[code],), rest.strip(), tokens[0][1])]
        for keys, text, col in found:
            value = parse_exact(text)
            if value is None or abs(value) > MAX_POINTS_PER_RESULT:
                problems.append(Problem(Location(source, line_number, col + 1),
                                        f"record {code}: points must be a number from -{MAX_POINTS_PER_RESULT} to "
                                        f"{MAX_POINTS_PER_RESULT}, found {quote(text)}"))
                continue
            for key in keys:
                values[key] = value
    return replace(STANDARD_SCORING, **values) if values else STANDARD_SCORING


def _tiebreak_codes(header: list[tuple[str, str]]) -> tuple[list[str], str]:
    """The announced tie-breaks in order: TRF-2026 record 202 (comma-separated codes), or record
    212 (the same list with PTS first); and the record they came from ("" when none)."""
    lists = {code: [t for t in re.split(r"[\s,;]+", rest.strip()) if t]
             for code, rest in header if code in ("202", "212")}
    if "202" in lists:
        return lists["202"], "202"
    if "212" in lists:
        return [c for c in lists["212"] if c.upper() != "PTS"], "212"
    return [], ""


def _cross_check(records: dict[int, _Record], rounds: int, source: str, problems: list[Problem]) -> set[tuple[int, int]]:
    """Check that every game is recorded the same way on both lines (C.04 Annex 2); return the
    (start rank, round index) of each double forfeit (a `-` answered by a `-`).

    The checks are symmetric, so a game whose two lines name each other is checked once, from
    the lower start rank; a line naming an opponent who names someone else is always reported."""
    double_forfeits: set[tuple[int, int]] = set()
    get = records.get
    for sno, record in records.items():
        colours, codes = record.colours, record.codes
        i = -1
        for opp in record.opponents[:rounds]:
            i += 1
            if not opp:
                continue
            other = get(opp)
            if other is not None and opp != sno:
                theirs = other.opponents
                if i < len(theirs) and theirs[i] == sno:
                    if opp < sno:
                        continue  # checked from the other line
                    code = codes[i]
                    if other.codes[i] in _MIRROR[code]:
                        if code in _COLOURED:
                            if colours[i] + other.colours[i] in ("WB", "BW"):
                                continue
                        else:
                            if code == "-" == other.codes[i]:
                                double_forfeits.add((sno, i))
                                double_forfeits.add((opp, i))
                            continue
            problems.append(_pairing_problem(source, record, i, other))
    return double_forfeits


def _pairing_problem(source: str, record: _Record, i: int, other: _Record | None) -> Problem:
    """What is wrong with the game in round i + 1 of `record` (only called when something is)."""
    sno, opp, colour, code = record.start_rank, record.opponents[i], record.colours[i], record.codes[i]
    theirs = _block(other, i) if other is not None and other is not record else _BLANK_BLOCK
    where = Location(source, record.line_number, FIRST_ROUND_COL + ROUND_WIDTH * i + 3)
    if opp == sno:
        return Problem(where, f"round {i + 1}: player {sno} is paired with themself")
    if other is None:
        return Problem(where, f"round {i + 1}: opponent {opp} has no 001 record")
    if theirs[0] != sno:
        return Problem(where, f"round {i + 1}: player {sno} is paired with {opp}, but line {other.line_number} "
                              f"gives {opp}'s opponent as {theirs[0] or '0000'}")
    if theirs[2] not in _MIRROR.get(code, ""):
        return Problem(where, f"round {i + 1}: result {_result_text(code)} for player {sno} does not match "
                              f"{_result_text(theirs[2])} given by player {opp} on line {other.line_number}")
    return Problem(where, f"round {i + 1}: players {sno} and {opp} both have colour "
                          f"{_COLOURS[colour].value!r} (line {other.line_number})")


def _block(record: _Record, i: int) -> Block:
    """Round i + 1 of a record as (opponent, colour, code); blank after the record's last block."""
    if i >= len(record.codes):
        return _BLANK_BLOCK
    return record.opponents[i], record.colours[i], record.codes[i]


def _result_text(code: str) -> str:
    return "blank (no result yet)" if code == " " else repr(_CODES[code].value)


def _pending_round(records: dict[int, _Record], source: str, problems: list[Problem]) -> int | None:
    """The 0-based index of the pending round (games paired, results blank), or None.

    Only the last round may be pending: a game without a result in an earlier round, or any
    entry after the pending round (a game, a bye), is reported at the game without a result,
    naming its round. The two lines of each game were checked to agree (both blank, opposite
    colours) by `_cross_check`.
    """
    first: dict[int, _Record] = {}   # round index -> the first line with a game without result there
    for record in records.values():
        for i in record.unfinished:
            first.setdefault(i, record)
    if not first:
        return None
    pending = max(first)
    later = next(((record, i + pending + 1) for record in records.values()
                  for i, (opponent, code) in enumerate(zip(record.opponents[pending + 1:], record.codes[pending + 1:]))
                  if opponent or code not in " -"), None)
    for i in sorted(first):
        if i == pending and later is None:
            continue
        record = first[i]
        opponent = record.opponents[i]
        where = Location(source, record.line_number, FIRST_ROUND_COL + ROUND_WIDTH * i + 10)
        after, after_line = (pending, None) if i < pending else (later[1], later[0].line_number)
        problems.append(Problem(where, (
            f"round {i + 1}: the game of players {record.start_rank} and {opponent} has no result, but round "
            f"{after + 1} has entries{f' (line {after_line})' if after_line else ''}: only the last round may be "
            f"pending (paired, results blank)")))
    return pending


def _pending(records: dict[int, _Record], index: int, rounds: int) -> PendingRound:
    """The pending round of the model: its games and byes, and each line's entries from it on."""
    entries: dict[int, tuple[RoundEntry, ...]] = {}
    games: list[tuple[int, int]] = []
    byes: list[tuple[int, ResultCode]] = []
    for sno in sorted(records):
        record = records[sno]
        blocks = list(zip(record.opponents[index:rounds], record.colours[index:rounds], record.codes[index:rounds]))
        if not blocks:
            continue
        entries[sno] = tuple(RoundEntry(index + 1 + k, opp or None, *_ENUMS[colour, code])
                             for k, (opp, colour, code) in enumerate(blocks))
        opp, colour, code = blocks[0]
        if opp and (colour == "W" or (colour != "B" and sno < opp)):
            games.append((sno, opp))
        elif not opp and code in _BYE_CODES:
            byes.append((sno, _CODES[code]))
    return PendingRound(index + 1, tuple(games), tuple(byes), entries)


# (colour, code) as read -> the model's (Colour, ResultCode).
_ENUMS = {(colour, code): (_COLOURS[colour], _CODES[code]) for colour in _COLOURS for code in _CODES}


def _player(record: _Record, rounds: int, double_forfeits: set[tuple[int, int]]) -> Player:
    line, sno = record.line, record.start_rank
    opponents, colours, codes = record.opponents[:rounds], record.colours[:rounds], record.codes[:rounds]
    forfeited = frozenset(i + 1 for i in range(len(codes)) if (sno, i) in double_forfeits) \
        if double_forfeits and "-" in codes else frozenset()   # a `-` answered by a `-`
    # Columns, not entries: the entries are built only if something reads `rounds` (ranking
    # reads the columns). The COL_* fields are sliced in place (2,000 players: 10,000 slices).
    columns = RoundColumns(opponents, tuple(map(_COLOURS.__getitem__, colours)), tuple(map(_CODES.__getitem__, codes)),
                           forfeited)
    player_id = line[57:68].strip()
    return Player.from_columns(
        columns,
        start_rank=sno,
        name=line[14:47].strip(),
        sex=line[9:10].strip(),
        title=line[10:13].strip(),
        rating=record.rating,
        federation=line[53:56].strip(),
        player_id=player_id,
        id_issuer="FIDE" if player_id else "",
        birth_date=line[69:79].strip(),
        declared_points=record.points,
        declared_rank=record.rank,
    )


# ---------------------------------------------------------------- writing

def format_points(points: Fraction) -> str:
    """TRF points: one decimal where exact ("4.5", "12.0"), else the shortest exact decimal."""
    if (points * 2).denominator == 1:
        return f"{float(points):.1f}"
    return f"{float(points):g}"


def format_player_line(player: Player, rounds: int, points: Fraction | None = None,
                       rank: int | None = None, opponent_padding: str = "0",
                       pending: tuple[RoundEntry, ...] = (), pending_round: int = 0) -> str:
    """The 001 record of a player, columns as in TRF-16; `pending` are the player's entries
    from the pending round `pending_round` on (`PendingRound.entries`)."""
    pts = player.declared_points if points is None else points
    rnk = player.declared_rank if rank is None else rank
    line = (
        f"001 {player.start_rank:>4} {player.sex:1.1}{player.title:>3.3} {player.name:<33.33} "
        f"{player.rating or '':>4} {player.federation:<3.3} "
        f"{player.player_id:>11.11} {player.birth_date:<10.10} "
        f"{format_points(pts) if pts is not None else '':>4} {rnk if rnk is not None else '':>4}"
    )
    # Exactly the round blocks the player has: a file's trailing blank blocks survive, and a
    # line that stopped early (a withdrawal) stays short.
    entries = list(player.rounds[:rounds])
    if pending:
        # Blank rounds up to the pending one (a model built without them), then its entries.
        entries += [Player.entry(player, r) for r in range(len(entries) + 1, pending_round)]
        entries += pending
    blocks = []
    for entry in entries:
        if entry.code is ResultCode.NOT_PAIRED and entry.opponent is None:
            blocks.append(" " * ROUND_WIDTH)
        else:   # a game of the pending round has an opponent and no result yet: "  0012 w  "
            opponent = f"{entry.opponent:{opponent_padding}>4}" if entry.opponent else "0000"
            blocks.append(f"  {opponent} {entry.colour.value} {entry.code.value}")
    return line.rstrip() + "".join(blocks) if not blocks else line + "".join(blocks)


def write_trf(tournament: Tournament) -> str:
    """TRF text of a tournament: the stored records in their order, player lines regenerated."""
    newline = tournament.extra.get("newline", "\n")
    out: list[str] = []
    header = tournament.header or _default_header(tournament)
    written = set()
    padding = tournament.extra.get("opponent_padding", "0")
    pending = tournament.pending_round
    later = pending.entries if pending is not None else {}
    short = _short_lines(tournament)

    def player_line(player: Player) -> str:
        sno = player.start_rank
        line = format_player_line(player, tournament.rounds, opponent_padding=padding,
                                  pending=later.get(sno, ()), pending_round=pending.number if later else 0)
        length = short.get(sno)
        # A line the file ended inside its last round block ("  0012 w", trailing blanks trimmed).
        return line[:length] if length is not None and not line[length:].strip() else line

    for code, rest in header:
        if code == PLAYER_MARK:
            sno = int(rest)
            if sno in tournament.by_start_rank:
                out.append(player_line(tournament.player(sno)))
                written.add(sno)
        else:
            out.append(code + rest)
    for player in tournament.players:
        if player.start_rank not in written:
            out.append(player_line(player))
    marks = tournament.extra.get("line_endings", "")
    if marks and len(marks) == len(out):
        # A file with mixed line endings: each line gets its own back (parse_trf recorded them).
        text = "".join(line + _ENDINGS[mark] for line, mark in zip(out, marks))
    else:
        text = newline.join(out)
        if tournament.extra.get("final_newline", "1"):
            text += newline
    if tournament.extra.get("bom"):
        text = "\ufeff" + text
    return text


def with_round_blocks(text: str, newline: str, round_number: int, blocks: dict[int, str],
                      missing: str | None = None) -> str:
    """`text` (a written TRF) with each 001 line's block of `round_number` set to `blocks[start
    rank]` (10 characters, "  oooo c r"); a line without one gets `missing`, or ends before that
    round when `missing` is None. `pair --format trf` writes the round it paired so."""
    lines = text.split(newline)
    start = FIRST_ROUND_COL + ROUND_WIDTH * (round_number - 1)
    for i, line in enumerate(lines):
        if not line.startswith("001") or len(line) < 8 or not is_digits(line[4:8].strip()):
            continue
        block = blocks.get(int(line[4:8]), missing)
        lines[i] = line[:start].rstrip() if block is None else line[:start].ljust(start) + block
    return newline.join(lines)


def _short_lines(tournament: Tournament) -> dict[int, int]:
    """extra["short_lines"] ("SNO:LENGTH ..."): the 001 lines that end inside a round block."""
    pairs = (item.partition(":") for item in tournament.extra.get("short_lines", "").split())
    return {int(sno): int(length) for sno, _, length in pairs if is_digits(sno) and is_digits(length)}


def _default_header(tournament: Tournament) -> list[tuple[str, str]]:
    header = [("012", " " + tournament.name)]
    if tournament.start_date:
        header.append(("042", " " + tournament.start_date))
    if tournament.end_date:
        header.append(("052", " " + tournament.end_date))
    header.append(("062", f" {len(tournament.players)}"))
    header.append(("092", " Round Robin" if tournament.is_round_robin else " Swiss"))
    header += [(PLAYER_MARK, str(p.start_rank)) for p in tournament.players]
    header.append(("XXR", f" {tournament.rounds}"))
    return header
