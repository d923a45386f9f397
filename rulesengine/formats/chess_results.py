"""chess-results.com's tournament XML (read only): the file Swiss-Manager and other pairing
programs upload to chess-results.com, as its operator specifies it ("Uploading a chess tournament
to the Chess-Results.com database", H. Herzog, 2017, last updated 2026-01-10).

    <chessresults>
      <tournamentdata><tournament name=".." type="0" rounds="9" rankinground="9" from="dd.mm.yyyy"
                                  tb1no="84" tb1_detail="0,0,1,-,-" .. /></tournamentdata>
      <rounds><round round="1" date=".." /> ..</rounds>
      <players><player no="1" lastname=".." firstname=".." rtgfide="2400" fed=".." fideid=".."
                       rank="1" pts="7,5" tb1="45,5" .. tb6=".." equal="N" /> ..</players>
      <playerpairings><playerpairing round="1" whiteno="1" blackno="12" reswhite="1" resblack="0"
                                     forfeit="" /> ..</playerpairings>
      <security>..</security>
    </chessresults>

`blackno` is -1 when White has the pairing-allocated bye and -2 when White was not paired (the
result then says what the round gave: a zero-, half- or full-point bye, or nothing). `forfeit`
is `K` for a forfeit, `D` for a double forfeit (0-0), `U` for an unrated game, `H` for an
adjourned one. Results are 1, 0,5 (or 0.5) and 0.

The players' `rank`, `pts` and `tb1`..`tb6` are the published standings after `rankinground`;
`tbNno` and `tbN_detail` name each tie-break by chess-results' own numbering (its table
Tie-Breaks-1.xlsx), which the reader passes on as the column's legend
("chess-results tie-break 84 (0,0,1,-,-)") for the plugins' legends to map; a number no plugin
knows stays unmapped. Team tournaments (types 2 and 3, with `<teams>` and `<teampairings>`) are
read by `chess_results_team` into a `TeamTournament`.

Reading uses the standard library's expat with no DOCTYPE allowed (so no entity can expand or
reach outside the file); the file and its element count are bounded and every problem is
reported as `FILE:LINE:COL: message`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from rulesengine.formats.chess_results_xml import MAX_ELEMENTS  # noqa: F401 (a constant of this module's contract)
from rulesengine.formats.chess_results_xml import (FORMAT, TIEBREAK_SLOTS, _at, _birth_date, _Element, _elements,
                                                   _iso_date, _name, _pairings, _rating, _whole)
from rulesengine.published import (Finding, PublishedColumn, PublishedEvent, PublishedRow, PublishedTable,
                                   PublishedTeamEvent)
from rulesengine.errors import InputError, Location, Problem
from rulesengine.limits import MAX_PLAYERS, MAX_ROUNDS
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.numbers import is_digits, parse_exact, to_text

if TYPE_CHECKING:
    from rulesengine.team import TeamTournament

ROOT = "chessresults"
MAX_FILE_BYTES = 50_000_000
_TYPES = {"0": "swiss", "1": "round robin"}
_TEAM_TYPES = {"2": "team round robin", "3": "team swiss"}
_START = re.compile(rb"^\s*(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<chessresults\b", re.DOTALL)


def looks_like_chess_results(head: bytes) -> bool:
    """True when a file's first bytes open a chess-results document (batch's folder scan)."""
    return bool(_START.match(head))


def parse_chess_results(data: bytes, source: str = "") -> tuple[PublishedEvent | PublishedTeamEvent, list[Problem]]:
    """The event a chess-results XML file holds, and the problems that make its games unreadable:
    a team event (types 2 and 3, `chess_results_team`) is a `PublishedTeamEvent`."""
    source = source or "<chess-results>"
    if len(data) > MAX_FILE_BYTES:
        raise InputError(Problem(Location(source, 1, 1), f"refused: {len(data):,} bytes (limit {MAX_FILE_BYTES:,})"))
    elements = _elements(data, source)
    if not elements or elements[0].name != ROOT:
        found = f"<{elements[0].name}>" if elements else "no element"
        raise InputError(Problem(Location(source, 1, 1), f"not a chess-results file: its root is {found}, "
                                                         f"not <{ROOT}>"))
    problems: list[Problem] = []
    heads = [e for e in elements if e.name == "tournament" and e.parent == "tournamentdata"]
    if len(heads) != 1:
        raise InputError(Problem(Location(source, 1, 1), f"want one <tournament> in <tournamentdata>, found "
                                                         f"{len(heads)}"))
    head = heads[0]
    kind_code = head.attributes.get("type", "0") or "0"
    if kind_code in _TEAM_TYPES or any(e.name == "team" for e in elements):
        from rulesengine.formats.chess_results_team import parse_team_event  # noqa: PLC0415 (team files only)
        return parse_team_event(elements, head, source)
    if kind_code not in _TYPES:
        problems.append(Problem(_at(head, source), f"type={kind_code!r}: want 0 (swiss) or 1 (round robin)"))
    players = [e for e in elements if e.name == "player" and e.parent == "players"]
    if len(players) > MAX_PLAYERS:
        raise InputError(Problem(_at(players[MAX_PLAYERS], source), f"refused: more than {MAX_PLAYERS:,} players"))
    records = [e for e in elements if e.name == "playerpairing" and e.parent == "playerpairings"]
    declared_rounds = _whole(head, "rounds", source, problems, high=MAX_ROUNDS)
    ranking_round = _whole(head, "rankinground", source, problems, high=MAX_ROUNDS)
    recorded = max((int(r.attributes["round"]) for r in records
                    if is_digits(r.attributes.get("round", ""), 3)), default=0)
    rounds = ranking_round if ranking_round else recorded
    if declared_rounds and rounds > declared_rounds:
        problems.append(Problem(_at(head, source), f"results for round {rounds} of a {declared_rounds}-round event"))

    numbers: dict[int, _Element] = {}
    for player in players:
        number = _whole(player, "no", source, problems, low=1, high=MAX_PLAYERS, required=True)
        if number is None:
            continue
        if number in numbers:
            problems.append(Problem(_at(player, source), f"start number {number} is given twice (also at line "
                                                         f"{numbers[number].line})"))
            continue
        numbers[number] = player
    sides = _pairings(records, set(numbers), rounds, source, problems)

    built = []
    for number, element in sorted(numbers.items()):
        a = element.attributes
        side = sides[number]
        entries = tuple(side.entries.get(r) or RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED)
                        for r in range(1, rounds + 1))
        fide_id = a.get("fideid", "")
        fide_id = fide_id if is_digits(fide_id, 15) and fide_id.strip("0") else ""
        sex = {"w": "w", "m": "m"}.get(a.get("sex", "").lower(), "")
        built.append(Player(number, _name(element), entries, sex=sex, title=a.get("title", "")[:3],
                            rating=_rating(element, source, problems), federation=a.get("fed", "")[:3].upper(),
                            player_id=fide_id, birth_date=_birth_date(a.get("dob", "")),
                            id_issuer="FIDE" if fide_id else "", declared_points=parse_exact(a.get("pts", "")),
                            declared_rank=_whole(element, "rank", source, problems, high=MAX_PLAYERS)))
    start, end = _iso_date(head.attributes.get("from", "")), _iso_date(head.attributes.get("to", ""))
    tournament = Tournament(name=head.attributes.get("name", "") or Path(source).stem, players=tuple(built),
                            rounds=rounds, kind=_TYPES.get(kind_code, "swiss"), start_date=start,
                            end_date=end or start, source=source, extra={"format": FORMAT})
    table = _published(head, numbers, source)
    findings = tuple(Finding(str(p.location), p.message) for p in problems)
    return PublishedEvent(source, tournament, table, date.fromisoformat(start) if start else None, findings), problems


def _published(head: _Element, numbers: dict[int, _Element], source: str) -> PublishedTable | None:
    """The printed standings: each tie-break slot that names a tie-break (tbNno other than 0) or
    holds a value, with chess-results' number and parameters as its legend."""
    players = list(numbers.values())
    slots = []
    for n in range(1, TIEBREAK_SLOTS + 1):
        number = head.attributes.get(f"tb{n}no", "")
        used = number not in ("", "0")
        if not used and not any(p.attributes.get(f"tb{n}", "") for p in players):
            continue
        detail = head.attributes.get(f"tb{n}_detail", "")
        legend = f"chess-results tie-break {number} ({detail})" if used else ""
        slots.append((n, PublishedColumn(f"TB{n}", legend)))
    if not players:
        return None
    rows = []
    for number, player in numbers.items():
        a = player.attributes
        rank = a.get("rank", "")
        where = str(_at(player, source))
        rows.append(PublishedRow(number, _name(player), int(rank) if is_digits(rank, 9) else None,
                                 a.get("pts", ""),
                                 tuple(a.get(f"tb{n}", "") for n, _ in slots), where, (where,) * len(slots)))
    return PublishedTable(source, tuple(column for _, column in slots), tuple(rows))


def _read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputError(Problem(Location(str(path), 1, 1), f"refused: {size:,} bytes (limit {MAX_FILE_BYTES:,})"))
        return path.read_bytes()
    except OSError as exc:
        raise InputError(Problem(Location(str(path)), f"cannot read file: {exc.strerror}")) from None


def chess_results_tournament(data: bytes, source: str = "") -> Tournament | TeamTournament:
    """The tournament of a chess-results file (a team event's `TeamTournament`); every problem is an InputError."""
    event, problems = parse_chess_results(data, source)
    if problems:
        raise InputError(problems)
    return event.event if isinstance(event, PublishedTeamEvent) else event.tournament


def read_chess_results_event(path: str | Path) -> PublishedEvent | PublishedTeamEvent:
    """The published event of a chess-results file (problems that leave the games readable are
    findings); a team event with any problem is an InputError: its matches would not be whole."""
    path = Path(path)
    event, problems = parse_chess_results(_read_bytes(path), str(path))
    if problems and isinstance(event, PublishedTeamEvent):
        raise InputError(problems)
    return event


def read_chess_results(path: str | Path, encoding: str = "utf-8") -> Tournament | TeamTournament:
    """The `chess-results` format's reader (the file's XML declaration gives its encoding)."""
    path = Path(path)
    return chess_results_tournament(_read_bytes(path), str(path))


# ---------------------------------------------------------------- writing (examples and tests)

@dataclass(frozen=True)
class PublishedTiebreak:
    """One tie-break slot of a file to write: chess-results' number and parameters, and the value
    printed for each start number."""

    number: int
    detail: str
    values: dict[int, str]


def _attributes(values: dict[str, object]) -> str:
    from xml.sax.saxutils import quoteattr
    return " ".join(f"{name}={quoteattr(str(value))}" for name, value in values.items())


_GAME_TEXT = {ResultCode.WIN: ("1", "0", ""), ResultCode.DRAW: ("0,5", "0,5", ""), ResultCode.LOSS: ("0", "1", ""),
              ResultCode.UNRATED_WIN: ("1", "0", "U"), ResultCode.UNRATED_DRAW: ("0,5", "0,5", "U"),
              ResultCode.UNRATED_LOSS: ("0", "1", "U"), ResultCode.FORFEIT_WIN: ("1", "0", "K"),
              ResultCode.FORFEIT_LOSS: ("0", "1", "K")}
_UNPAIRED_TEXT = {ResultCode.ZERO_POINT_BYE: "0", ResultCode.HALF_POINT_BYE: "0,5", ResultCode.FULL_POINT_BYE: "1"}


def _pairing_records(t: Tournament) -> list[dict[str, object]]:
    """Each round's records as chess-results writes them: one per game or forfeit (from White's
    side, or the lower start number's when no colours were given), one per bye or unpaired player."""
    records: list[dict[str, object]] = []
    for r in range(1, t.rounds + 1):
        count = 0
        for player in t.players:
            entry = player.entry(r)
            if entry.opponent is not None:
                if entry.colour is Colour.BLACK or entry.colour is Colour.NONE and player.start_rank > entry.opponent:
                    continue  # written from the other side
                white, black, code = ("0", "0", "D") if entry.double_forfeit else _GAME_TEXT[entry.code]
                record = {"whiteno": player.start_rank, "blackno": entry.opponent, "reswhite": white,
                          "resblack": black, "forfeit": code}
            elif entry.code is ResultCode.PAIRING_ALLOCATED_BYE:
                record = {"whiteno": player.start_rank, "blackno": -1, "reswhite": "1", "resblack": "", "forfeit": ""}
            else:
                record = {"whiteno": player.start_rank, "blackno": -2, "reswhite": _UNPAIRED_TEXT.get(entry.code, ""),
                          "resblack": "", "forfeit": ""}
            count += 1
            records.append({"round": r, "pairing": count, "board": 1, **record})
    return records


def _dotted(text: str) -> str:
    """A model date (TRF's YYYY/MM/DD or ISO) as chess-results writes it, dd.mm.yyyy ("" if none)."""
    from rulesengine.dates import read_date
    day = read_date(text).value if text else None
    return day.strftime("%d.%m.%Y") if day else ""


def write_chess_results(t: Tournament, ranks: dict[int, int], tiebreaks: tuple[PublishedTiebreak, ...] = (),
                        *, points: dict[int, str] | None = None) -> str:
    """A chess-results XML file of an event and its published standings (ranks, points as
    printed, up to six tie-break slots), as an uploader writes it; the security data is left
    empty (it only matters to an upload)."""
    if len(tiebreaks) > TIEBREAK_SLOTS:
        raise ValueError(f"chess-results holds at most {TIEBREAK_SLOTS} tie-breaks")
    head: dict[str, object] = {"key": 0, "type": "1" if t.is_round_robin else "0", "name": t.name,
                               "rounds": t.rounds, "currentround": t.rounds, "rankinground": t.rounds,
                               "from": _dotted(t.start_date), "to": _dotted(t.end_date or t.start_date),
                               "ratedfide": "-", "ratednational": "-", "endstatus": "J"}
    for n, tiebreak in enumerate(tiebreaks, start=1):
        head[f"tb{n}no"] = tiebreak.number
        head[f"tb{n}_detail"] = tiebreak.detail
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<chessresults>", "<tournamentdata>",
             f"<tournament {_attributes(head)} />", "</tournamentdata>", "<players>"]
    totals = t.points
    for player in t.players:
        last, _, first = player.name.partition(", ")
        values: dict[str, object] = {"no": player.start_rank, "lastname": last, "firstname": first,
                                     "title": player.title, "rtg": player.rating or 0, "rtgfide": player.rating or 0,
                                     "fed": player.federation, "fideid": player.player_id if player.id_issuer == "FIDE" else "",
                                     "sex": {"f": "w"}.get(player.sex, player.sex), "board": 0, "teamno": 0, "rank": ranks.get(player.start_rank, ""),
                                     "pts": (points or {}).get(player.start_rank, to_text(totals[player.start_rank]).replace(".", ","))}
        for n, tiebreak in enumerate(tiebreaks, start=1):
            values[f"tb{n}"] = tiebreak.values.get(player.start_rank, "")
        values["equal"] = "N"
        lines.append(f"<player {_attributes(values)} />")
    lines += ["</players>", "<playerpairings>"]
    lines += [f"<playerpairing {_attributes(record)} />" for record in _pairing_records(t)]
    lines += ["</playerpairings>", "<security>", '<securitydata source="" sid="" creator_sid="" tnr_sid="" />',
              "</security>", "</chessresults>", ""]
    return "\n".join(lines)
