"""Vega HTML result pages (www.vegachess.com): `crosstable.html` and `standings.html` of one event.

Vega publishes an event as a folder of pages. The crosstable (by start number) gives the games:

    <td><div class="res">1</div><div class="cw">26</div></td>   won with White against no. 26
    <td><div class="res">½</div><div class="cf">BYE</div></td>   half-point bye
    <td><div class="res">1</div><div class="cf">19</div></td>    forfeit win against no. 19
    <td> </td>                                                    not paired

`cw`/`cb` are the colours; `cf` marks a round without a game (a bye, or a forfeit when a
start number follows). A `1`-point BYE is Vega's pairing-allocated bye. An empty cell is coded
as a zero-point bye (like the team's TRF conversion of these pages); it is voluntarily
unplayed under FIDE C.07 art. 16.2 either way. The standings page gives the ranking, the
tie-break columns exactly as printed and, in its footer, the legend naming each column; these
are kept (`PublishedTable`) for `rulesengine audit`.

Pages seen: the older layout (one row per line, player in `<a>`, Rtg/Fed columns) and the newer
one (player in a `player-name-box2` block, rating in `div.rating`). Reading uses only the
standard library's html.parser; the page size and table size are bounded and every problem is
reported as `FILE:LINE:COL: message`.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

from rulesengine.published import Finding, PublishedColumn, PublishedEvent, PublishedRow, PublishedTable
from rulesengine.errors import InputError, Location, Problem
from rulesengine.limits import MAX_PLAYERS, MAX_RATING
from rulesengine.model import MIRRORED_CODES, Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.numbers import is_digits, parse_exact

CROSSTABLE_PAGE = "crosstable.html"
STANDINGS_PAGE = "standings.html"
MAX_PAGE_BYTES = 20_000_000
MAX_ROWS = 20_000
MAX_ROUNDS = 99

_RESULTS = {"1": Fraction(1), "½": Fraction(1, 2), "0.5": Fraction(1, 2), "=": Fraction(1, 2), "0": Fraction(0)}
_GAME = {Fraction(1): ResultCode.WIN, Fraction(1, 2): ResultCode.DRAW, Fraction(0): ResultCode.LOSS}
_BYE = {Fraction(1): ResultCode.PAIRING_ALLOCATED_BYE, Fraction(1, 2): ResultCode.HALF_POINT_BYE,
        Fraction(0): ResultCode.ZERO_POINT_BYE}
_COLOURS = {"cw": Colour.WHITE, "cb": Colour.BLACK, "cf": Colour.NONE}
_DATE = re.compile(r"\b([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})\b")
_LEGEND_LINE = re.compile(r"^\s*(\S.*?)\s*:\s*(\S.*?)\s*$")
_SNO_LINK = re.compile(r"#([0-9]{1,9})$")
_WITHDRAWN = re.compile(r"\s*\(W\)$")


# ---------------------------------------------------------------- the page as tables of cells

@dataclass
class _Cell:
    line: int
    col: int
    text: str = ""
    classed: list[tuple[str, str]] = field(default_factory=list)  # (class attribute, its text)
    links: list[str] = field(default_factory=list)
    images: list[tuple[str, str]] = field(default_factory=list)  # (alt, src)

    def part(self, css_class: str) -> str:
        """The text of the first element whose class list holds `css_class` ("" when none)."""
        for classes, content in self.classed:
            if css_class in classes.split():
                return content.strip()
        return ""

    @property
    def where(self) -> tuple[int, int]:
        return self.line, self.col


@dataclass
class _Row:
    section: str
    line: int
    col: int
    cells: list[_Cell] = field(default_factory=list)


class _Page(HTMLParser):
    """Tables (rows of cells, with the section each row is in), headings and the title."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[_Row]] = []
        self.headings: list[str] = []
        self.title = ""
        self._section = "tbody"
        self._cell: _Cell | None = None
        self._open: list[tuple[str, str, list[str]]] = []  # (tag, class, text) of classed elements in the cell
        self._heading: list[str] | None = None
        self._in_title = False

    def handle_starttag(self, tag: str, attrs) -> None:
        attributes = {k: (v or "") for k, v in attrs}
        if tag == "table":
            self.tables.append([])
        elif tag in ("thead", "tbody", "tfoot"):
            self._section = tag
        elif tag == "tr" and self.tables:
            if len(self.tables[-1]) >= MAX_ROWS:
                raise _TooLarge(self.getpos(), f"a table has more than {MAX_ROWS:,} rows (limit)")
            line, col = self.getpos()
            self.tables[-1].append(_Row(self._section, line, col + 1))
        elif tag in ("td", "th") and self.tables and self.tables[-1]:
            line, col = self.getpos()
            self._cell = _Cell(line, col + 1)
            self.tables[-1][-1].cells.append(self._cell)
            self._open = []
        elif tag in ("h1", "h2", "h3", "h4", "h5"):
            self._heading = []
        elif tag == "title":
            self._in_title = True
        if self._cell is not None:
            if tag == "a" and attributes.get("href"):
                self._cell.links.append(attributes["href"])
            elif tag == "img":
                self._cell.images.append((attributes.get("alt", ""), attributes.get("src", "")))
            elif tag == "br":
                self._text("\n")
            if attributes.get("class") and tag not in ("td", "th", "img", "br"):
                self._open.append((tag, attributes["class"], []))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._close_classed(None)
            self._cell = None
        elif tag in ("thead", "tbody", "tfoot"):
            self._section = "tbody"
        elif tag in ("h1", "h2", "h3", "h4", "h5") and self._heading is not None:
            self.headings.append(" ".join("".join(self._heading).split()))
            self._heading = None
        elif tag == "title":
            self._in_title = False
        elif self._cell is not None:
            self._close_classed(tag)

    def _close_classed(self, tag: str | None) -> None:
        while self._open:
            open_tag, classes, parts = self._open.pop()
            assert self._cell is not None
            self._cell.classed.append((classes, "".join(parts)))
            if tag is not None and open_tag == tag:
                return

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._text(data)
        if self._heading is not None:
            self._heading.append(data)
        if self._in_title:
            self.title += data

    def _text(self, data: str) -> None:
        assert self._cell is not None
        self._cell.text += data
        if self._open:
            self._open[-1][2].append(data)


class _TooLarge(Exception):
    def __init__(self, position: tuple[int, int], message: str):
        super().__init__(message)
        self.position = position


def _parse_page(text: str, source: str) -> _Page:
    if len(text) > MAX_PAGE_BYTES:
        raise InputError(Problem(Location(source, 1, 1), f"refused: the page has {len(text):,} characters "
                                                         f"(limit {MAX_PAGE_BYTES:,})"))
    page = _Page()
    try:
        page.feed(text)
        page.close()
    except _TooLarge as exc:
        raise InputError(Problem(Location(source, exc.position[0], exc.position[1] + 1), f"refused: {exc}")) from None
    return page


def _clean(text: str) -> str:
    return " ".join(html.unescape(text).split())


def _header_labels(table: list[_Row]) -> tuple[_Row, list[str]] | None:
    """The table's heading row (the first with a `Pts` column) and its labels in lower case."""
    for row in table:
        if row.section != "tfoot":
            labels = [_clean(c.text).lower() for c in row.cells]
            if "pts" in labels:
                return row, labels
    return None


def _whole(text: str, high: int) -> int | None:
    """A printed whole number from 0 to `high` in ASCII digits, else None ("³" and "٣" are
    digits to str.isdigit but no number a page prints; 5,000 digits would stall int())."""
    return int(text) if is_digits(text, 9) and int(text) <= high else None


def _start_number(row: _Row) -> int | None:
    """The player's start number: Vega's `idn` span, else the playercard link, else `sort-num`."""
    for cell in row.cells:
        for css in ("idn", "sort-num"):
            value = _whole(cell.part(css), MAX_PLAYERS)
            if value:
                return value
        for link in cell.links:
            match = _SNO_LINK.search(link)
            if match and 0 < int(match.group(1)) <= MAX_PLAYERS:
                return int(match.group(1))
    return None


def _player_name(cell: _Cell) -> str:
    boxed = cell.part("player-name-box2")
    if boxed:
        return _clean(boxed)
    # Older pages: the name is the link text, after the start number and title spans.
    text = cell.text
    for css in ("idn", "title", "notitle"):
        for classes, content in cell.classed:
            if css in classes.split():
                text = text.replace(content, " ", 1)
    return _clean(text)


def _federation(cells: list[_Cell]) -> str:
    for cell in cells:
        for alt, src in cell.images:
            if alt and alt.lower() != "flag":
                return alt.strip().upper()
            match = re.search(r"flag/([A-Za-z]+)\.png$", src)
            if match:
                return match.group(1).upper()
    return ""


# ---------------------------------------------------------------- the crosstable: games

@dataclass
class _CrossPlayer:
    start_rank: int
    name: str
    rating: int | None
    federation: str
    title: str
    points: Fraction | None
    entries: list[RoundEntry]
    cells: list[tuple[int, int]]  # (line, col) of each round's cell


def _read_crosstable(text: str, source: str) -> tuple[str, list[_CrossPlayer], int, list[Problem], _Page]:
    page = _parse_page(text, source)
    problems: list[Problem] = []
    found = next(((table, _header_labels(table)) for table in page.tables if _header_labels(table)), None)
    if found is None:
        raise InputError(Problem(Location(source, 1, 1), "no Vega crosstable found (a table headed Player, Pts, "
                                                         "1, 2, ... with one row per player)"))
    table, (header, labels) = found
    rounds = [(int(label), c) for c, label in enumerate(labels) if re.fullmatch(r"[0-9]{1,3}", label)]
    if not rounds:
        raise InputError(Problem(Location(source, header.line, header.col), "the crosstable has no round columns "
                                                                             "(headed 1, 2, 3, ...)"))
    if len(rounds) > MAX_ROUNDS:
        raise InputError(Problem(Location(source, header.line, header.col),
                                 f"refused: {len(rounds)} round columns (limit {MAX_ROUNDS})"))
    numbers = [n for n, _ in rounds]
    if numbers != list(range(1, len(numbers) + 1)):
        raise InputError(Problem(Location(source, header.line, header.col),
                                 f"round columns are numbered {numbers}, not 1..{len(numbers)}"))
    col = {label: c for c, label in enumerate(labels)}
    player_col = col.get("player", col.get("name"))
    players: list[_CrossPlayer] = []
    seen: dict[int, int] = {}
    for row in table:
        if row is header or row.section != "tbody" or len(row.cells) < len(labels):
            continue
        sno = _start_number(row)
        if sno is None:
            problems.append(Problem(Location(source, row.line, row.col), "a crosstable row without a start number"))
            continue
        if sno in seen:
            problems.append(Problem(Location(source, row.line, row.col),
                                    f"start number {sno} already used on line {seen[sno]}"))
            continue
        seen[sno] = row.line
        name_cell = row.cells[player_col] if player_col is not None else row.cells[0]
        rating_text = _clean(row.cells[col["rtg"]].text) if "rtg" in col else name_cell.part("rating")
        title = name_cell.part("title")
        points_cell = row.cells[col["pts"]]
        points = _points(_clean(points_cell.text))
        entries, cells = [], []
        for number, c in rounds:
            cell = row.cells[c]
            entry = _round_entry(cell, number, source, problems)
            entries.append(entry)
            cells.append(cell.where)
        players.append(_CrossPlayer(sno, _player_name(name_cell), _whole(rating_text, MAX_RATING) or None,
                                    _federation(row.cells),
                                    title if title not in ("-", "") else "", points, entries, cells))
    if not players and not problems:
        problems.append(Problem(Location(source, header.line, header.col), "the crosstable has no players"))
    name = _clean(page.title) or next((h for h in page.headings[:1] if h), "")
    return name, players, len(rounds), problems, page


def _points(text: str) -> Fraction | None:
    """A printed score ("4.5", "4,5", "4½", "½"); anything else, an exponent or 400 digits among
    them, is no score (exact arithmetic on 10**9999 would crawl, and it prints as nothing)."""
    return parse_exact(text.replace("½", ".5"))


def _round_entry(cell: _Cell, number: int, source: str, problems: list[Problem]) -> RoundEntry:
    result_text = _clean(cell.part("res"))
    colour_class = next((css for classes, _ in cell.classed for css in classes.split() if css in _COLOURS), None)
    if not result_text and colour_class is None and not _clean(cell.text):
        return RoundEntry(number, None, Colour.NONE, ResultCode.ZERO_POINT_BYE)
    score = _RESULTS.get(result_text)
    if score is None or colour_class is None:
        problems.append(Problem(Location(source, *cell.where),
                                f"round {number}: cannot read {_clean(cell.text)!r} (want a result 1, ½ or 0 and "
                                f"an opponent number or BYE)"))
        return RoundEntry(number, None, Colour.NONE, ResultCode.NOT_PAIRED)
    other = _clean(cell.part(colour_class))
    if other.upper() == "BYE":
        return RoundEntry(number, None, Colour.NONE, _BYE[score])
    opponent = _whole(other, MAX_PLAYERS)
    if not opponent:
        problems.append(Problem(Location(source, *cell.where),
                                f"round {number}: {other!r} is neither an opponent's start number nor BYE"))
        return RoundEntry(number, None, Colour.NONE, ResultCode.NOT_PAIRED)
    if colour_class == "cf":
        if score == Fraction(1, 2):
            problems.append(Problem(Location(source, *cell.where),
                                    f"round {number}: a half point without a game against {other} is not a "
                                    f"result Vega writes"))
            return RoundEntry(number, None, Colour.NONE, ResultCode.NOT_PAIRED)
        code = ResultCode.FORFEIT_WIN if score else ResultCode.FORFEIT_LOSS
        return RoundEntry(number, opponent, Colour.NONE, code)
    return RoundEntry(number, opponent, _COLOURS[colour_class], _GAME[score])


def _link_games(players: list[_CrossPlayer], source: str, problems: list[Problem]) -> None:
    """Check every game is recorded the same way on both sides (one-sided results are problems);
    mark double forfeits."""
    by_sno = {p.start_rank: p for p in players}
    for player in players:
        for i, entry in enumerate(player.entries):
            if entry.opponent is None:
                continue
            where = Location(source, *player.cells[i])
            opponent = by_sno.get(entry.opponent)
            if opponent is None:
                problems.append(Problem(where, f"round {entry.round}: player {player.start_rank} is paired with "
                                               f"{entry.opponent}, who is not in the crosstable"))
                # An audit goes on with the finding: the round is then one without a game.
                player.entries[i] = RoundEntry(entry.round, None, Colour.NONE, ResultCode.NOT_PAIRED)
                continue
            theirs = opponent.entries[i]
            if theirs.opponent != player.start_rank or theirs.code not in MIRRORED_CODES.get(entry.code, ()):
                problems.append(Problem(where, f"round {entry.round}: player {player.start_rank} has "
                                               f"{_describe(entry)}, but player {opponent.start_rank}'s round "
                                               f"{entry.round} shows {_describe(theirs)}"))
            elif entry.code is ResultCode.FORFEIT_LOSS and theirs.code is ResultCode.FORFEIT_LOSS:
                player.entries[i] = replace(entry, double_forfeit=True)


def _describe(entry: RoundEntry) -> str:
    if entry.opponent is None:
        return entry.kind.value
    return f"{entry.kind.value} ({entry.code.value}) against {entry.opponent}"


# ---------------------------------------------------------------- the standings: published values

def _read_standings(text: str, source: str) -> tuple[PublishedTable, str | None, list[Problem]]:
    page = _parse_page(text, source)
    problems: list[Problem] = []
    found = next(((table, _header_labels(table)) for table in page.tables if _header_labels(table)), None)
    if found is None:
        raise InputError(Problem(Location(source, 1, 1), "no Vega standings table found (headed Pos, Player, Pts, "
                                                         "then the tie-break columns)"))
    table, (header, labels) = found
    pts = labels.index("pts")
    headings = [_clean(c.text) for c in header.cells[pts + 1:]]
    legend = _legend(table)
    columns = tuple(PublishedColumn(h, legend.get(h.lower(), "")) for h in headings)
    pos = labels.index("pos") if "pos" in labels else None
    rows = []
    for row in table:
        if row is header or row.section != "tbody" or len(row.cells) <= pts:
            continue
        sno = _start_number(row)
        if sno is None:
            problems.append(Problem(Location(source, row.line, row.col), "a standings row without a start number"))
            continue
        rank_text = _clean(row.cells[pos].text) if pos is not None else ""
        name_cell = row.cells[labels.index("player")] if "player" in labels else row.cells[1]
        values = tuple(_clean(c.text) for c in row.cells[pts + 1:pts + 1 + len(columns)])
        cells = tuple(str(Location(source, *c.where)) for c in row.cells[pts + 1:pts + 1 + len(columns)])
        rows.append(PublishedRow(sno, _player_name(name_cell), _whole(rank_text, MAX_PLAYERS),
                                 _clean(row.cells[pts].text), values, str(Location(source, row.line, row.col)),
                                 cells))
    day = next((_date(h) for h in page.headings if _date(h)), None)
    return PublishedTable(source, columns, tuple(rows)), day, problems


def _legend(table: list[_Row]) -> dict[str, str]:
    """`BH-C1 : Buchholz Cut 1 *` lines of the footer, by heading (lower case)."""
    found: dict[str, str] = {}
    for row in table:
        if row.section != "tfoot":
            continue
        for cell in row.cells:
            for line in html.unescape(cell.text).splitlines():
                match = _LEGEND_LINE.match(line)
                if match and "legend" not in match.group(1).lower():
                    found[match.group(1).lower()] = match.group(2)
    return found


def _date(text: str) -> str | None:
    """The first dd/mm/yyyy date of a heading as YYYY-MM-DD (Vega prints day first)."""
    match = _DATE.search(text)
    if not match:
        return None
    day, month, year = (int(g) for g in match.groups())
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


# ---------------------------------------------------------------- the event

def parse_vega_pages(crosstable: str, standings: str | None = None, *, crosstable_source: str = CROSSTABLE_PAGE,
                     standings_source: str = STANDINGS_PAGE, input_name: str = "") -> PublishedEvent:
    """Read an event from the text of its crosstable page (and standings page, when there is one).

    Problems that leave the games readable (one-sided results) come back as findings, so an audit
    can list them; `vega_tournament` refuses them.
    """
    return _parse_event(crosstable, standings, crosstable_source, standings_source, input_name)[0]


def vega_tournament(crosstable: str, standings: str | None = None, *, crosstable_source: str = CROSSTABLE_PAGE,
                    standings_source: str = STANDINGS_PAGE) -> Tournament:
    """The tournament of an event's pages; every problem found (one-sided results too) is an InputError."""
    event, problems = _parse_event(crosstable, standings, crosstable_source, standings_source, "")
    if problems:
        raise InputError(problems)
    return event.tournament


def _parse_event(crosstable: str, standings: str | None, crosstable_source: str, standings_source: str,
                 input_name: str) -> tuple[PublishedEvent, list[Problem]]:
    name, cross_players, rounds, problems, page = _read_crosstable(crosstable, crosstable_source)
    _link_games(cross_players, crosstable_source, problems)
    table = None
    day = next((_date(h) for h in page.headings if _date(h)), None)
    printed: dict[int, PublishedRow] = {}
    if standings is not None:
        table, standings_day, standing_problems = _read_standings(standings, standings_source)
        problems += standing_problems
        day = day or standings_day
        printed = {row.start_no: row for row in table.rows}
    players = []
    for p in sorted(cross_players, key=lambda p: p.start_rank):
        row = printed.get(p.start_rank)
        players.append(Player(p.start_rank, _full_name(p.name, row.name if row else ""), tuple(p.entries),
                              title=p.title, rating=p.rating, federation=p.federation,
                              declared_points=p.points, declared_rank=row.rank if row else None))
    tournament = Tournament(name=name, players=tuple(players), rounds=rounds, start_date=day or "",
                            end_date=day or "", source=crosstable_source, extra={"format": "vega"})
    findings = tuple(Finding(str(p.location), p.message) for p in problems)
    return PublishedEvent(input_name or crosstable_source, tournament, table,
                          date.fromisoformat(day) if day else None, findings), problems


def _full_name(crosstable_name: str, standings_name: str) -> str:
    """The older crosstable cuts names at 20 characters and the standings page marks a withdrawn
    player "(W)"; take the standings' full name when it extends the crosstable's."""
    full = _WITHDRAWN.sub("", standings_name)
    printed = _WITHDRAWN.sub("", crosstable_name)
    if full and full.replace(" ", "").startswith(printed.replace(" ", "")):
        return full
    return printed


def pages_for(path: Path) -> tuple[Path, Path | None]:
    """(crosstable page, standings page or None) for a folder or either page of an event."""
    folder = path if path.is_dir() else path.parent
    crosstable = folder / CROSSTABLE_PAGE
    standings = folder / STANDINGS_PAGE
    if not path.is_dir() and path.name.lower() not in (CROSSTABLE_PAGE, STANDINGS_PAGE):
        crosstable = path  # a crosstable saved under another name; its standings may sit beside it
    if not crosstable.is_file():
        raise InputError(Problem(Location(str(path), 1, 1) if path.is_file() else Location(str(path)),
                                 f"no {CROSSTABLE_PAGE} in {folder}: a Vega event needs its crosstable page "
                                 f"(the games) beside the standings"))
    return crosstable, standings if standings.is_file() else None


def _read_text(path: Path, encoding: str) -> str:
    try:
        size = path.stat().st_size
        if size > MAX_PAGE_BYTES:
            raise InputError(Problem(Location(str(path), 1, 1), f"refused: {size:,} bytes (limit {MAX_PAGE_BYTES:,})"))
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(Problem(Location(str(path)), f"cannot read file: {exc.strerror}")) from None
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Problem(Location(str(path), line), f"not valid {encoding} text (try --encoding latin-1)")) from None


def read_pages(path: str | Path, encoding: str = "utf-8") -> tuple[str, str | None, str, str]:
    """(crosstable text, standings text or None, their file names) for a folder or either page."""
    crosstable, standings = pages_for(Path(path))
    return (_read_text(crosstable, encoding), _read_text(standings, encoding) if standings else None,
            str(crosstable), str(standings or ""))


def read_vega_event(path: str | Path, encoding: str = "utf-8") -> PublishedEvent:
    """An event from a folder holding crosstable.html (and standings.html), or either page."""
    cross, stand, cross_name, stand_name = read_pages(path, encoding)
    return parse_vega_pages(cross, stand, crosstable_source=cross_name, standings_source=stand_name,
                            input_name=str(path))


def read_vega(path: str | Path, encoding: str = "utf-8") -> Tournament:
    """The tournament of a Vega event (the `vega` format's reader); any problem is an InputError."""
    cross, stand, cross_name, stand_name = read_pages(path, encoding)
    return vega_tournament(cross, stand, crosstable_source=cross_name, standings_source=stand_name)
