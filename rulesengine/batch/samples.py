"""Generated archives for testing and benchmarking batch runs: every supported input format, some
files deliberately broken at a known place.

`write_archive(folder, count, broken=0.03, seed=1)` writes `count` inputs cycling through TRF,
workbooks in each crosstable layout (template, Swiss-Manager, round robin, US Chess wall chart),
Vega result pages and chess-results XML, and returns what each should give: the source
tournament (for a good file) or the location its error must name (for a broken one). Events are
random but valid: every game mirrored, byes and forfeits included, Unicode names.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament

FORMATS = ("trf", "template", "swiss_manager", "round_robin", "uschess_wallchart", "vega", "chess_results")
NAMES = ("Łukasz Żółć", "Zoë Ørsted", "李 Wei", "Müller, Jürgen", "O'Brien, Siobhán", "Nguyễn Văn An",
         "Ana Ibáñez", "Bo Svensson", "Kai Tanaka", "Dvořák, Antonín", "Søren Kierkegaard", "Çelik, Emre",
         "Ramírez, José", "Popescu, Ioana", "Kowalski, Jan", "Smith, John", "Dupont, Élodie", "Rossi, Marco")


@dataclass(frozen=True)
class Expected:
    """What a generated input must give: the tournament it encodes, or where its error is."""

    relative: str
    format: str
    tournament: Tournament
    error_at: str = ""  # "" for a good file; else the location text the error must start with


def swiss_event(rng: random.Random, players: int, rounds: int, name: str, start_date: str = "2025-05-10") -> Tournament:
    """A random Swiss-like event: players of similar score meet, no pair twice where avoidable, a
    pairing-allocated bye for the odd player out, now and then a half-point bye or a forfeit."""
    scores = {s: Fraction(0) for s in range(1, players + 1)}
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    entries: dict[int, list[RoundEntry]] = {s: [] for s in scores}
    for r in range(1, rounds + 1):
        order = sorted(scores, key=lambda s: (-scores[s], rng.random()))
        if rng.random() < 0.3:
            requester = order.pop(rng.randrange(len(order)))
            entries[requester].append(RoundEntry(r, None, Colour.NONE, ResultCode.HALF_POINT_BYE))
            scores[requester] += Fraction(1, 2)
        if len(order) % 2:
            bye = next(s for s in reversed(order) if s not in had_bye) if set(order) - had_bye else order[-1]
            order.remove(bye)
            had_bye.add(bye)
            entries[bye].append(RoundEntry(r, None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE))
            scores[bye] += 1
        while order:
            a = order.pop(0)
            b = next((x for x in order if frozenset((a, x)) not in met), order[0])
            order.remove(b)
            met.add(frozenset((a, b)))
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            roll = rng.random()
            if roll < 0.04:
                codes = (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
            elif roll < 0.45:
                codes = (ResultCode.WIN, ResultCode.LOSS)
            elif roll < 0.75:
                codes = (ResultCode.LOSS, ResultCode.WIN)
            else:
                codes = (ResultCode.DRAW, ResultCode.DRAW)
            colours = (Colour.NONE, Colour.NONE) if codes[0] is ResultCode.FORFEIT_WIN else (Colour.WHITE, Colour.BLACK)
            for player, opponent, code, colour in ((white, black, codes[0], colours[0]), (black, white, codes[1], colours[1])):
                entries[player].append(RoundEntry(r, opponent, colour, code))
                scores[player] += {ResultCode.WIN: 1, ResultCode.FORFEIT_WIN: 1, ResultCode.DRAW: Fraction(1, 2)}.get(code, 0)
    return Tournament(name, _players(rng, entries), rounds, start_date=start_date)


def round_robin_event(rng: random.Random, players: int, name: str, start_date: str = "2025-05-10") -> Tournament:
    """A single round robin (Berger tables by the circle method), every game played."""
    ids = list(range(1, players + 1)) + ([0] if players % 2 else [])
    entries: dict[int, list[RoundEntry]] = {s: [] for s in range(1, players + 1)}
    rounds = len(ids) - 1
    for r in range(1, rounds + 1):
        for i in range(len(ids) // 2):
            a, b = ids[i], ids[-1 - i]
            if 0 in (a, b):
                idle = a or b
                entries[idle].append(RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED))
                continue
            roll = rng.random()
            codes = ((ResultCode.WIN, ResultCode.LOSS) if roll < 0.4 else (ResultCode.LOSS, ResultCode.WIN)
                     if roll < 0.75 else (ResultCode.DRAW, ResultCode.DRAW))
            entries[a].append(RoundEntry(r, b, Colour.WHITE, codes[0]))
            entries[b].append(RoundEntry(r, a, Colour.BLACK, codes[1]))
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return Tournament(name, _players(rng, entries), rounds, kind="round robin", start_date=start_date)


def _players(rng: random.Random, entries: dict[int, list[RoundEntry]]) -> tuple[Player, ...]:
    names = rng.sample(NAMES, k=min(len(NAMES), len(entries)))
    out = []
    for sno, rounds in sorted(entries.items()):
        name = names[sno - 1] if sno <= len(names) else f"Player {sno}"
        out.append(Player(sno, name, tuple(rounds), rating=rng.choice((None, rng.randrange(1000, 2400)))))
    return tuple(out)


# ---------------------------------------------------------------- Vega-style pages

def vega_pages(t: Tournament, published: dict[str, dict[int, str]] | None = None,
               legend: dict[str, str] | None = None, ranks: dict[int, int | None] | None = None,
               points: dict[int, str] | None = None, date_text: str | None = None) -> tuple[str, str]:
    """(crosstable.html, standings.html) in Vega's older layout. `published` gives the printed
    tie-break columns (heading -> start number -> text), `legend` their legend lines; `ranks`
    (default: start-number order) and `points` (default: the real totals) let a test print wrong
    ones."""
    day = date_text if date_text is not None else _vega_date(t.start_date)
    head = (f"<!DOCTYPE html><html><head><meta charset=\"UTF-8\"><title>{html.escape(t.name)}</title></head><body>"
            f"<h1>{html.escape(t.name)}</h1><h5> {day} - {day}</h5>\n")
    cross = [head, "<table class=\"table\">\n<thead><tr><th>Player</th><th>Rtg</th><th>Fed</th><th>Pts</th>"
             + "".join(f"<th width=\"35\">{r}</th>" for r in range(1, t.rounds + 1)) + "</tr></thead><tbody>\n"]
    for p in t.players:
        cells = "".join(_vega_cell(e) for e in t.entries(p.start_rank))
        cross.append(f"<tr>\n<td> <span class=\"idn\"> {p.start_rank} </span><span class=\"notitle male\"> </span> "
                     f"<a href=\"playercard.html#{p.start_rank}\">{html.escape(p.name)}</a> </td><td>{p.rating or 0}</td>"
                     f"<td><img src=\"flag/aus.png\" alt=\"AUS\"></td><td class=\"score\"> "
                     f"{float(t.points[p.start_rank]):.1f}</td>{cells}</tr>\n")
    cross.append("</tbody>\n</table></body></html>\n")
    published = published or {}
    headings = list(published)
    stand = [head, "<table class=\"table\">\n<thead><tr><th>Pos</th> <th>Player</th> <th>Rtg</th> <th>Fed</th>"
             "<th>Pts</th> " + "".join(f"<th>  {h} </th>" for h in headings) + "\n</tr></thead> <tbody>\n"]
    order = sorted(t.players, key=lambda p: (ranks or {}).get(p.start_rank) or p.start_rank)
    for position, p in enumerate(order, start=1):
        rank = (ranks or {}).get(p.start_rank, position) if ranks is not None else position
        shown = (points or {}).get(p.start_rank, f"{float(t.points[p.start_rank]):.1f}")
        values = "".join(f"<td>  {published[h].get(p.start_rank, '')} </td>" for h in headings)
        stand.append(f"<tr> <td>{'' if rank is None else rank}</td><td><span class=\"idn\"> {p.start_rank} </span> "
                     f"<a href=\"playercard.html#{p.start_rank}\"> {html.escape(p.name)}</a> </td><td>{p.rating or 0}</td>"
                     f"<td><img src=\"flag/aus.png\" alt=\"AUS\"></td><td class=\"score\"> {shown}</td>{values}\n</tr>\n")
    lines = "".join(f"  {h}  :  {(legend or {}).get(h, h)} <br>\n" for h in headings)
    stand.append(f"</tbody>\n<tfoot><tr><td colspan=\"7\">Tie Break legend:<br>\n{lines}</td></tr></tfoot></table>"
                 f"</body></html>\n")
    return "".join(cross), "".join(stand)


def _vega_date(start: str) -> str:
    parts = start.replace("/", "-").split("-")
    return f"{parts[2]}/{parts[1]}/{parts[0]}" if len(parts) == 3 else ""


_VEGA_RESULT = {ResultCode.WIN: "1", ResultCode.LOSS: "0", ResultCode.DRAW: "½", ResultCode.FORFEIT_WIN: "1",
                ResultCode.FORFEIT_LOSS: "0"}


def _vega_cell(entry: RoundEntry) -> str:
    if entry.opponent is None:
        score = {ResultCode.PAIRING_ALLOCATED_BYE: "1", ResultCode.HALF_POINT_BYE: "½",
                 ResultCode.ZERO_POINT_BYE: "0"}.get(entry.code)
        return "<td> </td>" if score is None else f"<td><div class=\"res\"> {score}</div><div class=\"cf\">BYE</div></td>"
    colour = {Colour.WHITE: "cw", Colour.BLACK: "cb"}.get(entry.colour, "cf")
    if entry.code in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS):
        colour = "cf"
    return f"<td><div class=\"res\">{_VEGA_RESULT[entry.code]}</div><div class=\"{colour}\">{entry.opponent:<4}</div></td>"


# ---------------------------------------------------------------- the archive

def write_archive(folder: Path, count: int, broken: float = 0.03, seed: int = 1) -> list[Expected]:
    """Write `count` inputs under `folder` (in sub-folders by year); about `broken` of them broken."""
    from rulesengine.formats.trf import write_trf
    from rulesengine.workbook.layouts.export import crosstable_grid
    from rulesengine.grid import Grid, cell_address
    from rulesengine.workbook.io.openpyxl_book import write_workbook

    rng = random.Random(seed)
    broken_at = set(rng.sample(range(count), k=round(count * broken)))
    expected = []
    for i in range(count):
        fmt = FORMATS[i % len(FORMATS)]
        year = 2019 + (i // len(FORMATS) + i) % 7  # each format in every year folder
        name = f"Event {i:04d}"
        if fmt == "round_robin":
            t = round_robin_event(rng, rng.randrange(4, 11), name, f"{year}-03-14")
        else:
            t = swiss_event(rng, rng.randrange(6, 41), rng.randrange(4, 10), name, f"{year}-03-14")
        sub = folder / str(year)
        sub.mkdir(parents=True, exist_ok=True)
        bad = i in broken_at
        if fmt == "trf":
            relative = f"{year}/event{i:04d}.trf"
            text = write_trf(t)
            error_at = ""
            if bad:  # the first player's round-1 result becomes "x" (TRF-16 column 99)
                lines = text.split("\n")
                n = next(k for k, line in enumerate(lines) if line.startswith("001"))
                lines[n] = lines[n][:98] + "x" + lines[n][99:]
                text = "\n".join(lines)
                error_at = f"{relative}:{n + 1}:99"
            (folder / relative).write_text(text, encoding="utf-8")
        elif fmt == "chess_results":
            relative = f"{year}/event{i:04d}.xml"
            text = _published_chess_results(t)
            error_at = ""
            if bad:  # the first game's White result becomes "7"
                at = text.index("<playerpairing ")
                text = text[:at] + text[at:].replace('reswhite="', 'reswhite="7', 1)
                line = text[:at].count("\n") + 1
                error_at = f"{relative}:{line}:{at - text.rfind(chr(10), 0, at)}"
            (folder / relative).write_text(text, encoding="utf-8")
        elif fmt == "vega":
            relative = f"{year}/vega{i:04d}/crosstable.html"
            (sub / f"vega{i:04d}").mkdir(exist_ok=True)
            cross, stand = vega_pages(t)
            error_at = ""
            if bad:
                at = cross.index("<div class=\"res\">")
                cross = cross[:at] + "<div class=\"res\">7" + cross[at + len("<div class=\"res\">") + 1:]
                line = cross[:at].count("\n") + 1
                column = at - cross.rfind("\n", 0, at) - len("<td>")
                error_at = f"{relative}:{line}:{column}"
            (folder / relative).write_text(cross, encoding="utf-8")
            (folder / relative).with_name("standings.html").write_text(stand, encoding="utf-8")
        else:
            relative = f"{year}/event{i:04d}_{fmt}.xlsx"
            grid = crosstable_grid(t, fmt)
            error_at = ""
            if bad:
                rows = [list(row) for row in grid.rows]
                r, c = _first_result_cell(rows, fmt)
                rows[r][c] = "??"
                grid = Grid(grid.sheet, rows, grid.merged)
                error_at = f"Crosstable!{cell_address(r, c)}"
            settings = Grid("Settings", [["Setting", "Value"], ["Event", t.name], ["Start date", t.start_date]])
            write_workbook(folder / relative, [grid, settings])
        expected.append(Expected(relative, fmt, t, error_at))
    return expected


# The tie-breaks a generated chess-results file publishes, with chess-results' numbers for them.
_CHESS_RESULTS_TIEBREAKS = (("BH/C1", 84, "0,0,1,-,-"), ("BH", 84, "0,0,0,-,-"), ("SB", 85, "0,0,0,-,-"))


def _published_chess_results(t: Tournament) -> str:
    """A chess-results file as an uploader writes it: the event with its ranks, points and three
    tie-breaks as the engine computes them (printed with decimal commas)."""
    from rulesengine.formats.chess_results import PublishedTiebreak, write_chess_results
    from rulesengine.numbers import to_text
    from rulesengine.registry import default_registry
    from rulesengine.standings import compute_standings

    registry = default_registry()
    specs = registry.resolve_specs([spec for spec, _, _ in _CHESS_RESULTS_TIEBREAKS])
    standings = compute_standings(t, specs, registry)
    slots = tuple(PublishedTiebreak(number, detail, {sno: to_text(v).replace(".", ",")
                                                     for sno, v in standings.values[spec].items()})
                  for spec, number, detail in _CHESS_RESULTS_TIEBREAKS)
    return write_chess_results(t, {row.start_rank: row.rank for row in standings.rows}, slots)


def _first_result_cell(rows: list[list], fmt: str) -> tuple[int, int]:
    """The first player's round-1 cell in a layout's grid (the cell a broken file spoils)."""
    from rulesengine.layout_cells import norm
    for r, row in enumerate(rows):
        labels = [norm(v) for v in row]
        for c, label in enumerate(labels):
            if label in ("1.rd", "rd 1", "1") or (fmt == "template" and label in ("res",)):
                # Round robin: player 1's cell against player 2 (the column after "1").
                return r + 1, c + 1 if fmt == "round_robin" else c
    raise ValueError(f"no round-1 column in the {fmt} grid")
