"""FIDE TRF-16 reader and writer (FIDE C.04 Annex 2), with the TRF-2026 and JaVaFo/bbpPairings
extension records that matter for scoring, rounds and tie-break order.

Every non-player line is kept in order, so a well-formed file read and written back is
byte-identical. Problems are reported as `FILE:LINE:COL: what is wrong`, all at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import (
    MIRRORED_CODES,
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    STANDARD_SCORING,
    Tournament,
)

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

PLAYER_MARK = "001"

_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}
_CODES = {c.value: c for c in ResultCode}
_BYE_CODES = {ResultCode.HALF_POINT_BYE, ResultCode.FULL_POINT_BYE,
              ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.ZERO_POINT_BYE,
              ResultCode.FORFEIT_LOSS, ResultCode.NOT_PAIRED}

@dataclass
class _RawPlayer:
    player: Player
    line_number: int
    line: str


def read_trf(path: str | Path, encoding: str = "utf-8") -> Tournament:
    """Read a TRF file; raise InputError naming FILE:LINE:COL for every problem found."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(Problem(Location(str(path)), f"cannot read file: {exc.strerror}")) from None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Problem(Location(str(path), line),
                                 f"not valid {encoding} text (try --encoding latin-1)")) from None
    return parse_trf(text, source=str(path))


def parse_trf(text: str, source: str = "<input>") -> Tournament:
    """Parse TRF text into a Tournament (see module docstring)."""
    problems: list[Problem] = []
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    newline = "\r\n" if "\r\n" in text else ("\r" if "\r" in text and "\n" not in text else "\n")
    lines = text.split(newline)
    final_newline = bool(lines) and lines[-1] == ""
    if final_newline:
        lines.pop()

    header: list[tuple[str, str]] = []
    raw_players: list[_RawPlayer] = []
    seen: dict[int, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            header.append(("", line))
            continue
        code = line[:3]
        if code == PLAYER_MARK:
            raw = _parse_player_line(line, number, source, problems)
            if raw is None:
                continue
            sno = raw.player.start_rank
            if sno in seen:
                problems.append(Problem(Location(source, number, COL_START_RANK[0] + 1),
                                        f"start rank {sno} already used on line {seen[sno]}"))
                continue
            seen[sno] = number
            raw_players.append(raw)
            header.append((PLAYER_MARK, str(sno)))
        else:
            header.append((code, line[3:]))

    fields = {code: rest.strip() for code, rest in header if code and code != PLAYER_MARK}
    rounds = _declared_rounds(fields, raw_players, source, problems)
    scoring = _scoring(header, source, problems)
    if not raw_players and not problems:
        problems.append(Problem(Location(source, 1), "no player records (001 lines) found"))
    by_sno = {raw.player.start_rank: raw for raw in raw_players}
    players = _link_and_check(by_sno, rounds, source, problems)
    if problems:
        raise InputError(problems)

    kind_text = (fields.get("092", "") + " " + fields.get("192", "")).upper()
    words = set(re.split(r"[^A-Z]+", kind_text))
    kind = "round robin" if "RR" in words or "ROBIN" in kind_text or "BERGER" in kind_text else "swiss"
    tiebreaks = tuple(_tiebreak_codes(header))
    return Tournament(
        name=fields.get("012", ""),
        players=tuple(sorted(players, key=lambda p: p.start_rank)),
        rounds=rounds,
        scoring=scoring,
        kind=kind,
        start_date=fields.get("042", ""),
        end_date=fields.get("052", ""),
        tiebreak_order=tiebreaks,
        header=tuple(header),
        source=source,
        extra={"newline": newline, "final_newline": "1" if final_newline else "",
               "bom": "1" if bom else "", "opponent_padding": _opponent_padding(raw_players)},
    )


def _opponent_padding(raw_players: list[_RawPlayer]) -> str:
    """Writers differ: "0004" (the handbook) or "   4" (bbpPairings); keep the file's own style."""
    for raw in raw_players:
        for i, entry in enumerate(raw.player.rounds):
            if entry.opponent is not None and entry.opponent < 1000:
                start = FIRST_ROUND_COL + ROUND_WIDTH * i + 2
                return "0" if raw.line[start] == "0" else " "
    return "0"


def _field(line: str, cols: tuple[int, int]) -> str:
    return line[cols[0]:cols[1]]


def _parse_player_line(line: str, number: int, source: str, problems: list[Problem]) -> _RawPlayer | None:
    def bad(col: int, message: str) -> None:
        problems.append(Problem(Location(source, number, col + 1), message))

    sno_text = _field(line, COL_START_RANK).strip()
    if not sno_text.isdigit() or int(sno_text) == 0:
        bad(COL_START_RANK[0], f"start rank must be a positive whole number in columns 5-8, found {sno_text!r}")
        return None
    rating_text = _field(line, COL_RATING).strip()
    rating = None
    if rating_text:
        if not rating_text.isdigit():
            bad(COL_RATING[0], f"rating must be a whole number in columns 49-52, found {rating_text!r}")
        else:
            rating = int(rating_text) or None
    points = None
    points_text = _field(line, COL_POINTS).strip()
    if points_text:
        try:
            points = Fraction(points_text.replace(",", "."))
        except ValueError:
            bad(COL_POINTS[0], f"points must be a number in columns 81-84, found {points_text!r}")
    rank_text = _field(line, COL_RANK).strip()
    rank = None
    if rank_text:
        if rank_text.isdigit():
            rank = int(rank_text)
        else:
            bad(COL_RANK[0], f"rank must be a whole number in columns 86-89, found {rank_text!r}")

    entries = []
    round_number = 0
    for start in range(FIRST_ROUND_COL, len(line), ROUND_WIDTH):
        round_number += 1
        block = line[start:start + ROUND_WIDTH].ljust(ROUND_WIDTH)
        entry = _parse_round(block, round_number, start, bad)
        if entry is not None:
            entries.append(entry)
    player = Player(
        start_rank=int(sno_text),
        name=_field(line, COL_NAME).strip(),
        rounds=tuple(entries),
        sex=_field(line, COL_SEX).strip(),
        title=_field(line, COL_TITLE).strip(),
        rating=rating,
        federation=_field(line, COL_FEDERATION).strip(),
        player_id=(player_id := _field(line, COL_FIDE_ID).strip()),
        id_issuer="FIDE" if player_id else "",
        birth_date=_field(line, COL_BIRTH).strip(),
        declared_points=points,
        declared_rank=rank,
    )
    return _RawPlayer(player, number, line)


def _parse_round(block: str, round_number: int, start: int, bad) -> RoundEntry | None:
    """Parse one 10-character round block "  oooo c r" (round `round_number`).

    TRF-2026: four blanks equal 0000, a blank colour equals "-", letter codes are
    case-insensitive; a wholly blank block means the player was not paired.
    """
    if not block.strip():
        return RoundEntry(round_number, None, Colour.NONE, ResultCode.NOT_PAIRED)
    opp_text, colour_text, code_text = block[2:6], block[7], block[9]
    if block[:2].strip() or block[6] != " " or block[8] != " ":
        bad(start, f"round {round_number}: expected '  oooo c r' in columns {start + 1}-{start + 10}, found {block!r}")
        return None
    opp_digits = opp_text.strip() or "0"
    if not opp_digits.isdigit():
        bad(start + 2, f"round {round_number}: opponent must be a start rank or 0000, found {opp_text!r}")
        return None
    colour = _COLOURS.get(colour_text.lower())
    if colour is None:
        bad(start + 7, f"round {round_number}: colour must be w, b or -, found {colour_text!r}")
        return None
    code = _CODES.get(code_text.upper())
    if code is None:
        bad(start + 9, f"round {round_number}: unknown result code {code_text!r} "
                       f"(known: 1 = 0 + - W D L H F U Z or blank)")
        return None
    opponent = int(opp_digits) or None
    if opponent is None and code not in _BYE_CODES:
        bad(start + 9, f"round {round_number}: result {code_text!r} needs an opponent, found 0000")
        return None
    if opponent is not None and code in _BYE_CODES - {ResultCode.FORFEIT_LOSS}:
        bad(start + 2, f"round {round_number}: a bye or blank result ({code_text!r}) must have opponent 0000, found {opp_text}")
        return None
    return RoundEntry(round_number, opponent, colour, code)


def _declared_rounds(fields: dict[str, str], raw_players: list[_RawPlayer], source: str,
                     problems: list[Problem]) -> int:
    longest = max((len(r.player.rounds) for r in raw_players), default=0)
    for code in ("XXR", "142"):
        text = fields.get(code)
        if text is None:
            continue
        if not text.isdigit():
            problems.append(Problem(Location(source), f"record {code}: number of rounds must be a whole number, found {text!r}"))
            return longest
        declared = int(text)
        for raw in raw_players:
            extra = raw.player.rounds[declared:]
            if any(e.code is not ResultCode.NOT_PAIRED for e in extra):
                problems.append(Problem(Location(source, raw.line_number, FIRST_ROUND_COL + ROUND_WIDTH * declared + 1),
                                        f"player {raw.player.start_rank} has results after round {declared}, the number of rounds in record {code}"))
        return max(declared, 0)
    return longest


def _scoring(header: list[tuple[str, str]], source: str, problems: list[Problem]) -> ScoringSystem:
    """Point system from TRF-2026 record 162, JaVaFo XXS or bbpPairings BB? records."""
    values: dict[str, Fraction] = {}
    for code, rest in header:
        try:
            if code == "162":
                # 162 pairs, letter then value ("162  W 3.0    D 1.0"). TRF-2026: W = win, forfeit
                # win and full-point bye; D = draw and half-point bye; L = loss; A = absence
                # (zero-point bye, forfeit loss); P = pairing-allocated bye; X = unknown result.
                tokens = rest.split()
                for letter, value in zip(tokens[::2], tokens[1::2]):
                    for key in {"W": ("win",), "D": ("draw",), "L": ("loss",),
                                "P": ("pairing_allocated_bye",),
                                "A": ("zero_point_bye", "forfeit_loss")}.get(letter.upper(), ()):
                        values[key] = Fraction(value)
            elif code == "XXS":
                for token in rest.split():
                    name, _, value = token.partition("=")
                    key = {"WW": "win", "WD": "draw", "WL": "loss", "FW": "forfeit_win",
                           "FL": "forfeit_loss", "PAB": "pairing_allocated_bye",
                           "HPB": "half_point_bye", "FPB": "full_point_bye",
                           "ZPB": "zero_point_bye"}.get(name)
                    if key:
                        values[key] = Fraction(value)
            elif code in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
                key = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_point_bye",
                       "BBF": "forfeit_loss", "BBU": "pairing_allocated_bye"}[code]
                values[key] = Fraction(rest.strip())
        except (ValueError, ZeroDivisionError):
            problems.append(Problem(Location(source), f"record {code}: cannot read point values {rest.strip()!r}"))
    return replace(STANDARD_SCORING, **values) if values else STANDARD_SCORING


def _tiebreak_codes(header: list[tuple[str, str]]) -> list[str]:
    """The announced tie-breaks in order: TRF-2026 record 202 (comma-separated codes), or record
    212 (the same list with PTS first)."""
    lists = {code: [t for t in re.split(r"[\s,;]+", rest.strip()) if t]
             for code, rest in header if code in ("202", "212")}
    if "202" in lists:
        return lists["202"]
    return [c for c in lists.get("212", []) if c.upper() != "PTS"]


def _link_and_check(by_sno: dict[int, _RawPlayer], rounds: int, source: str,
                    problems: list[Problem]) -> list[Player]:
    """Check that every game is recorded the same way on both lines; mark double forfeits."""
    players = []
    for sno, raw in by_sno.items():
        entries = list(raw.player.rounds[:rounds])
        for i, entry in enumerate(entries):
            opp = entry.opponent
            if opp is None:
                continue
            col = FIRST_ROUND_COL + ROUND_WIDTH * i + 3
            where = Location(source, raw.line_number, col)
            if opp == sno:
                problems.append(Problem(where, f"round {i + 1}: player {sno} is paired with themself"))
                continue
            other = by_sno.get(opp)
            if other is None:
                problems.append(Problem(where, f"round {i + 1}: opponent {opp} has no 001 record"))
                continue
            theirs = other.player.entry(i + 1)
            if theirs.opponent != sno:
                problems.append(Problem(where, f"round {i + 1}: player {sno} is paired with {opp}, but line "
                                               f"{other.line_number} gives {opp}'s opponent as "
                                               f"{theirs.opponent or '0000'}"))
                continue
            if theirs.code not in MIRRORED_CODES.get(entry.code, ()):
                problems.append(Problem(where, f"round {i + 1}: result {entry.code.value!r} for player {sno} "
                                               f"does not match {theirs.code.value!r} given by player {opp} "
                                               f"on line {other.line_number}"))
                continue
            if entry.played and {entry.colour, theirs.colour} != {Colour.WHITE, Colour.BLACK}:
                problems.append(Problem(where, f"round {i + 1}: players {sno} and {opp} both have colour "
                                               f"{entry.colour.value!r} (line {other.line_number})"))
                continue
            if entry.code is ResultCode.FORFEIT_LOSS and theirs.code is ResultCode.FORFEIT_LOSS:
                entries[i] = replace(entry, double_forfeit=True)
        players.append(replace(raw.player, rounds=tuple(entries)))
    return players


# ---------------------------------------------------------------- writing

def format_points(points: Fraction) -> str:
    """TRF points: one decimal where exact ("4.5", "12.0"), else the shortest exact decimal."""
    if (points * 2).denominator == 1:
        return f"{float(points):.1f}"
    return f"{float(points):g}"


def format_player_line(player: Player, rounds: int, points: Fraction | None = None,
                       rank: int | None = None, opponent_padding: str = "0") -> str:
    """The 001 record of a player, columns as in TRF-16."""
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
    blocks = []
    for entry in player.rounds[:rounds]:
        if entry.code is ResultCode.NOT_PAIRED:
            blocks.append(" " * ROUND_WIDTH)
        else:
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
    for code, rest in header:
        if code == PLAYER_MARK:
            sno = int(rest)
            if sno in tournament.by_start_rank:
                out.append(format_player_line(tournament.player(sno), tournament.rounds,
                                              opponent_padding=padding))
                written.add(sno)
        else:
            out.append(code + rest)
    for player in tournament.players:
        if player.start_rank not in written:
            out.append(format_player_line(player, tournament.rounds, opponent_padding=padding))
    text = newline.join(out)
    if tournament.extra.get("final_newline", "1"):
        text += newline
    if tournament.extra.get("bom"):
        text = "\ufeff" + text
    return text


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
