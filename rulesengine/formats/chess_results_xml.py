"""The reading half of chess-results.com's XML, shared by the individual reader (`chess_results`)
and the team reader (`chess_results_team`): the elements (expat, no DOCTYPE, bounded), their
attributes as numbers, results and dates, the players' names and ratings, and each player's
entries from the `<playerpairing>` records."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from xml.parsers import expat

from rulesengine.errors import InputError, Location, Problem
from rulesengine.limits import MAX_PLAYERS, MAX_RATING, MAX_ROUNDS
from rulesengine.model import Colour, ResultCode, RoundEntry
from rulesengine.numbers import parse_whole

FORMAT = "chess-results"
MAX_ELEMENTS = 2_000_000
TIEBREAK_SLOTS = 6   # tb1..tb6 (the text has five tbNno fields and a sixth value slot)
_RESULTS = {"1": Fraction(1), "1.0": Fraction(1), "0,5": Fraction(1, 2), "0.5": Fraction(1, 2), "½": Fraction(1, 2),
            "0": Fraction(0), "0.0": Fraction(0), "0,0": Fraction(0), "1,0": Fraction(1)}
_NOT_PAIRED = {None: ResultCode.NOT_PAIRED, Fraction(0): ResultCode.ZERO_POINT_BYE,
               Fraction(1, 2): ResultCode.HALF_POINT_BYE, Fraction(1): ResultCode.FULL_POINT_BYE}
_GAME = {(Fraction(1), Fraction(0)): (ResultCode.WIN, ResultCode.LOSS),
         (Fraction(1, 2), Fraction(1, 2)): (ResultCode.DRAW, ResultCode.DRAW),
         (Fraction(0), Fraction(1)): (ResultCode.LOSS, ResultCode.WIN)}
_UNRATED = {(Fraction(1), Fraction(0)): (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS),
            (Fraction(1, 2), Fraction(1, 2)): (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW),
            (Fraction(0), Fraction(1)): (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN)}
_FORFEIT = {(Fraction(1), Fraction(0)): (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
            (Fraction(0), Fraction(1)): (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)}
_DATE_DOTTED = re.compile(r"^([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})$")
_DATE_COMPACT = re.compile(r"^([0-9]{4})([0-9]{2})([0-9]{2})$")


@dataclass(frozen=True)
class _Element:
    name: str
    attributes: dict[str, str]   # names lower-cased: the text capitalises them, the files do not
    parent: str
    line: int
    column: int


class _Refused(Exception):
    pass


def _elements(data: bytes, source: str) -> list[_Element]:
    parser = expat.ParserCreate()
    found: list[_Element] = []
    stack: list[str] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        if len(found) >= MAX_ELEMENTS:
            raise _Refused(f"more than {MAX_ELEMENTS:,} elements")
        found.append(_Element(name, {k.lower(): v.strip() for k, v in attributes.items()},
                              stack[-1] if stack else "", parser.CurrentLineNumber, parser.CurrentColumnNumber + 1))
        stack.append(name)

    def end(name: str) -> None:
        stack.pop()

    def doctype(*_args) -> None:
        # A chess-results file has none; refusing it rules out entity expansion and external entities.
        raise _Refused("a DOCTYPE declaration is not allowed in a chess-results file")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = doctype
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise InputError(Problem(Location(source, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1),
                                 f"refused: {exc}")) from None
    except expat.ExpatError as exc:
        raise InputError(Problem(Location(source, exc.lineno, exc.offset + 1),
                                 f"not well-formed XML: {expat.ErrorString(exc.code)}")) from None
    except (LookupError, UnicodeError) as exc:  # the declaration names an encoding Python lacks, or lies
        raise InputError(Problem(Location(source, 1, 1), f"cannot decode the file: {exc}")) from None
    return found


def _at(element: _Element, source: str) -> Location:
    return Location(source, element.line, element.column)


def _whole(element: _Element, name: str, source: str, problems: list[Problem], *, low: int = 0, high: int = 10**9,
           required: bool = False) -> int | None:
    text = element.attributes.get(name, "")
    if text == "":
        if required:
            problems.append(Problem(_at(element, source), f"<{element.name}> has no {name}"))
        return None
    value = parse_whole(text)
    if value is None or not low <= value <= high:
        problems.append(Problem(_at(element, source), f"<{element.name}> {name}={text!r}: want a whole number "
                                                      f"from {low} to {high}"))
        return None
    return value


def _result(element: _Element, name: str, source: str, problems: list[Problem]) -> Fraction | None:
    text = element.attributes.get(name, "")
    if text == "":
        return None
    value = _RESULTS.get(text)
    if value is None:
        problems.append(Problem(_at(element, source), f"<{element.name}> {name}={text!r}: want a result 1, 0,5 or 0"))
    return value


def _iso_date(text: str) -> str:
    """A chess-results date (dd.mm.yyyy, or yyyymmdd as some uploads write it) as YYYY-MM-DD, or ""."""
    match = _DATE_DOTTED.match(text)
    parts = (match.group(3), match.group(2), match.group(1)) if match else None
    if parts is None and (match := _DATE_COMPACT.match(text)):
        parts = match.groups()
    if parts is None:
        return ""
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2])).isoformat()
    except ValueError:
        return ""


def _birth_date(text: str) -> str:
    """`dob` (dd.mm.yyyy or a year) in TRF-16's form YYYY/MM/DD (or the year alone)."""
    if re.fullmatch(r"[0-9]{4}", text):
        return text
    iso = _iso_date(text)
    return iso.replace("-", "/") if iso else ""


@dataclass
class _Side:
    """One player's entries as the pairing records give them, by round."""

    entries: dict[int, RoundEntry]
    where: dict[int, _Element]


def _pairings(records: list[_Element], numbers: set[int], rounds: int, source: str,
              problems: list[Problem]) -> dict[int, _Side]:
    sides = {n: _Side({}, {}) for n in numbers}

    def place(record: _Element, *placed: tuple[int, RoundEntry]) -> None:
        """Both sides of a record, or neither: a game recorded for one player only would leave
        the event one-sided."""
        taken = [(number, sides[number].where[entry.round]) for number, entry in placed
                 if entry.round in sides[number].entries]
        for number, earlier in taken:
            problems.append(Problem(_at(record, source), f"round {placed[0][1].round}: player {number} already "
                                                         f"has a record at line {earlier.line}"))
        if taken:
            return
        for number, entry in placed:
            sides[number].entries[entry.round] = entry
            sides[number].where[entry.round] = record

    for record in records:
        count = len(problems)
        round_number = _whole(record, "round", source, problems, low=1, high=MAX_ROUNDS, required=True)
        white = _whole(record, "whiteno", source, problems, low=1, high=MAX_PLAYERS, required=True)
        black = _whole(record, "blackno", source, problems, low=-2, high=MAX_PLAYERS, required=True)
        white_score = _result(record, "reswhite", source, problems)
        black_score = _result(record, "resblack", source, problems)
        if len(problems) > count or round_number is None or white is None or black is None:
            continue
        if round_number > rounds:
            continue  # beyond the ranking round: not part of the published standings
        code = record.attributes.get("forfeit", "").upper()
        for number in (white, black) if black > 0 else (white,):
            if number not in numbers:
                problems.append(Problem(_at(record, source), f"round {round_number}: player {number} is not in "
                                                             f"<players>"))
        if white not in numbers or black > 0 and black not in numbers:
            continue
        if black == white:
            problems.append(Problem(_at(record, source), f"round {round_number}: player {white} is paired with "
                                                         f"themself"))
            continue
        if black == 0:
            problems.append(Problem(_at(record, source), f"round {round_number}: blackno=0 is not a player "
                                                         f"(want a start number, -1 for the bye or -2 for not paired)"))
            continue
        if black == -1:
            # C.04.1 (FIDE Swiss rules): the pairing-allocated bye scores as a win.
            if white_score not in (None, Fraction(1)):
                problems.append(Problem(_at(record, source), f"round {round_number}: player {white}'s "
                                                             f"pairing-allocated bye scores {record.attributes['reswhite']}"
                                                             f" (the engine scores it as a win)"))
                continue
            place(record, (white, RoundEntry(round_number, None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE)))
            continue
        if black == -2:
            place(record, (white, RoundEntry(round_number, None, Colour.NONE, _NOT_PAIRED[white_score])))
            continue
        if code == "H":
            problems.append(Problem(_at(record, source), f"round {round_number}: the game {white} - {black} is "
                                                         f"adjourned (H): it has no result yet"))
            continue
        scores = (white_score, black_score)
        if code == "D" or code == "K" and scores == (Fraction(0), Fraction(0)):
            codes, double = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS), True
        else:
            table = {"": _GAME, "K": _FORFEIT, "U": _UNRATED}.get(code)
            if table is None:
                problems.append(Problem(_at(record, source), f"round {round_number}: forfeit={code!r} is not a code "
                                                             f"chess-results defines (K, D, U or H)"))
                continue
            codes, double = table.get(scores), False
            if codes is None:
                shown = " - ".join(record.attributes.get(n, "") or "?" for n in ("reswhite", "resblack"))
                problems.append(Problem(_at(record, source), f"round {round_number}: {white} - {black} scored "
                                                             f"{shown}{' with ' + code if code else ''} is not a "
                                                             f"result"))
                continue
        colours = (Colour.WHITE, Colour.BLACK) if code in ("", "U") else (Colour.NONE, Colour.NONE)
        place(record, (white, RoundEntry(round_number, black, colours[0], codes[0], double)),
              (black, RoundEntry(round_number, white, colours[1], codes[1], double)))
    return sides


def _name(player: _Element) -> str:
    last, first = player.attributes.get("lastname", ""), player.attributes.get("firstname", "")
    return f"{last}, {first}" if last and first else last or first


def _rating(player: _Element, source: str, problems: list[Problem]) -> int | None:
    """The FIDE rating, else the main one (`rtg`); chess-results writes 0 or nothing for none."""
    for name in ("rtgfide", "rtg"):
        value = _whole(player, name, source, problems, high=MAX_RATING)
        if value:
            return value
    return None
