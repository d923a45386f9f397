"""THE recalculation shared by every route (CLI, batch, the Excel button): grids in, a WritePlan out.

    plan = recalculate({"Crosstable": grid, "Settings": settings_grid, "Players": players_grid})
    for write in plan.writes: ...   # the adapter applies them (openpyxl_io, or xlwings in excel.py)

It reads the crosstable (layout detected), the optional `Players` and `Settings` sheets, computes
standings with the registry's tie-breaks and, when a rating system is set, ratings; it returns the
writes to make, only to engine-owned sheets (`Standings`, `Explain`, `Ladder`). Pure: no openpyxl,
no xlwings. A club season (sheets `Evening 1`, `Evening 2`, ... instead of one `Crosstable`)
replays the ladder over every evening (`season`); Standings shows the last evening.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Iterable, Mapping, Sequence

from rulesengine import __version__, api
from rulesengine.errors import InputError, Location, Problem, UsageError
from rulesengine.numbers import to_json_number
from rulesengine.model import ScoringSystem, STANDARD_SCORING, Tournament
from rulesengine.rating import RatingRecord, RatingReport, RatingRequest, round_half_away_from_zero
from rulesengine.registry import Registry, default_registry
from rulesengine.standings import Standings, event_date
from rulesengine.workbook.grid import CellValue, Grid, text
from rulesengine.workbook.plan import CLEAR_SHEET, SheetWrite
from rulesengine.workbook.layouts.detect import detect_layout, read_crosstable
from rulesengine.workbook.players import PLAYERS_SHEET, merge_players, parse_players, rating_records
from rulesengine.workbook.season import LADDER_SHEET, ladder_rows, replay, season_sheets, with_ladder_ratings
from rulesengine.workbook.settings import SETTINGS_SHEET, WorkbookSettings, parse_settings

STANDINGS_SHEET = "Standings"
EXPLAIN_SHEET = "Explain"
CROSSTABLE_SHEET = "Crosstable"
ENGINE_SHEETS = (STANDINGS_SHEET, EXPLAIN_SHEET, LADDER_SHEET)
STANDINGS_HEADER = ("Rank", "SNo", "Name", "Pts")
RATING_HEADER = ("Rating before", "Change", "Rating after")


@dataclass(frozen=True)
class WritePlan:
    """What a recalculation wants written, and what it computed (for messages and tests)."""

    writes: tuple[SheetWrite, ...]
    tournament: Tournament
    standings: Standings
    settings: WorkbookSettings
    layout: str
    crosstable_sheet: str
    ratings: RatingReport | None = None
    notes: tuple[str, ...] = ()

    @property
    def sheets(self) -> tuple[str, ...]:
        """Every sheet the plan writes to (all engine-owned)."""
        return tuple(dict.fromkeys(w.sheet for w in self.writes))


def sheets_to_read(sheet_names: Sequence[str]) -> list[str]:
    """The sheets `recalculate` needs, given a workbook's sheet names: every sheet but the engine's.

    An adapter reads each of these once as a grid; the crosstable is found among them (a sheet
    named `Crosstable`, else the one `Settings` names, else the first sheet whose layout is known).
    """
    return [name for name in sheet_names if name.strip().lower() not in {s.lower() for s in ENGINE_SHEETS}]


def recalculate(grids: Mapping[str, Grid], overrides: WorkbookSettings | None = None, *,
                explain: Sequence[str] = (), registry: Registry | None = None,
                sheet_names: Sequence[str] = ()) -> WritePlan:
    """Read the crosstable and settings from `grids`, compute, and say what to write.

    `overrides` (CLI flags) win over the Settings sheet. `explain` names players (start number or
    name) whose tie-breaks and rating change are broken down on an `Explain` sheet; without it,
    an `Explain` sheet among `sheet_names` (the workbook's sheets) is emptied, never left stale. Raises
    InputError with every problem found (as `Sheet!Cell: message`) and UsageError for bad options;
    in both cases nothing is to be written.
    """
    registry = registry or default_registry()
    by_lower = {name.lower(): grid for name, grid in grids.items()}
    settings, problems = parse_settings(by_lower.get(SETTINGS_SHEET.lower()))
    if overrides is not None:
        settings = settings.override(overrides)
    facts, player_problems = parse_players(by_lower.get(PLAYERS_SHEET.lower()))
    problems += player_problems
    evenings = [] if settings.crosstable_sheet or any(n.lower() == CROSSTABLE_SHEET.lower() for n in grids) \
        else season_sheets(list(grids))
    crosstables = [grids[name] for name in evenings] or [_crosstable_grid(grids, settings, problems)]
    tournaments = []
    for grid in crosstables:
        if grid is None:
            continue
        try:
            tournaments.append(read_crosstable(grid, settings.layout, scoring=_scoring(settings), kind=settings.kind,
                                               name=settings.event_name if not evenings else grid.sheet))
        except InputError as exc:
            problems += exc.problems
    if problems:
        raise InputError(problems)
    crosstable = crosstables[-1]
    assert crosstable is not None
    changes = {"start_date": settings.start_date} if settings.start_date else {}
    tournaments = [replace(merge_players(t, facts), **changes, **({} if t.name else {"name": grid.sheet}))
                   for t, grid in zip(tournaments, crosstables)]
    # The Settings sheet's "Tie-break rules" is a rule text the tie-breaks declare (checked by api.standings).
    tiebreak_rules = settings.tiebreak_rules
    dates = [settings.rules_date or event_date(t) for t in tournaments]
    rules_date = dates[-1]

    report = None
    season = None
    if settings.rating_system:
        system = registry.rating_system(settings.rating_system)
        if evenings:
            season = replay(tournaments, system, facts, dates, settings.rule_set, settings.rating_options)
            report = season.reports[-1]
        else:
            report = system.rate(RatingRequest(tournaments[-1], rating_records(tournaments[-1], facts),
                                               event_date=rules_date, rule_set=settings.rule_set,
                                               options=dict(settings.rating_options)))
    tournament = tournaments[-1]
    if season is not None and len(season.reports) > 1:
        # The last evening's rating tie-breaks see the ladder as it stood before that evening.
        held = {p.start_rank: RatingRecord(p.start_rank, rating=p.rating_before) for p in report.players
                if p.rating_before is not None}
        tournament = with_ladder_ratings(tournament, held)

    texts = settings.tiebreaks if settings.tiebreaks is not None else tournament.tiebreak_order
    specs = registry.resolve_specs(texts)
    run = api.standings(tournament, specs, registry, rules_date_=rules_date, rule_set=tiebreak_rules)
    standings = run.standings
    layout = tournament.extra.get("layout") or detect_layout(crosstable) or ""
    fingerprint = _fingerprint(grids, [g.sheet for g in crosstables if g is not None])
    writes = [SheetWrite(STANDINGS_SHEET, _standings_rows(standings, report)
                         + ((),)
                         + _legend_rows(standings, report, registry, settings, crosstable.sheet, layout,
                                        rules_date, fingerprint),
                         header_rows=(0, len(standings.rows) + 2))]
    if season is not None:
        names = {p.start_rank: p.name for t in tournaments for p in t.players}
        writes.append(SheetWrite(LADDER_SHEET, ladder_rows(season, facts, names, evenings, cell_number)))
    if explain:
        writes.append(SheetWrite(EXPLAIN_SHEET, _explain_rows(explain, standings, report, registry, rules_date,
                                                              run), header_rows=()))
    elif any(name.lower() == EXPLAIN_SHEET.lower() for name in sheet_names):
        writes.append(SheetWrite(EXPLAIN_SHEET, (), header_rows=()))
    notes = tuple(standings.notes) + (tuple(report.notes) if report else ())
    return WritePlan(tuple(writes), tournament, standings, settings, layout, crosstable.sheet, report, notes)


def _scoring(settings: WorkbookSettings) -> ScoringSystem:
    changes = {k: v for k, v in (("win", settings.points_win), ("draw", settings.points_draw),
                                 ("loss", settings.points_loss)) if v is not None}
    return replace(STANDARD_SCORING, **changes) if changes else STANDARD_SCORING


def _crosstable_grid(grids: Mapping[str, Grid], settings: WorkbookSettings, problems: list[Problem]) -> Grid | None:
    by_lower = {name.lower(): grid for name, grid in grids.items()}
    if settings.crosstable_sheet:
        grid = by_lower.get(settings.crosstable_sheet.lower())
        if grid is None:
            raise UsageError(f"crosstable sheet {settings.crosstable_sheet!r} does not exist; sheets: "
                             f"{', '.join(grids)}")
        return grid
    if CROSSTABLE_SHEET.lower() in by_lower:
        return by_lower[CROSSTABLE_SHEET.lower()]
    skip = {s.lower() for s in (*ENGINE_SHEETS, SETTINGS_SHEET, PLAYERS_SHEET)}
    for name, grid in grids.items():
        if name.lower() not in skip and detect_layout(grid):
            return grid
    problems.append(Problem(Location(sheet=next(iter(grids), "?"), cell="A1"),
                            "no crosstable found in the workbook (name a sheet 'Crosstable', or set "
                            "'Crosstable sheet' on the Settings sheet)"))
    return None


def shown_rating(value: float | None) -> float | None:
    """Ratings are kept at full precision and shown to one decimal, half away from zero."""
    return None if value is None else round_half_away_from_zero(value, 1)


def cell_number(value) -> CellValue:
    """An engine number as a spreadsheet value, exactly as `standings --format json` prints it:
    4 -> 4, 4.5 -> 4.5 (halves and quarters are exact), 85/6 -> 14.166667 (6 decimals at most).
    """
    return to_json_number(value)


def _standings_rows(standings: Standings, report: RatingReport | None) -> tuple[tuple[CellValue, ...], ...]:
    names = [str(s) for s in standings.specs]
    header = STANDINGS_HEADER + tuple(names) + (RATING_HEADER if report else ())
    by_sno = {p.start_rank: p for p in report.players} if report else {}
    rows = [header]
    for row in standings.rows:
        cells: list[CellValue] = [row.rank, row.start_rank, row.name, cell_number(row.points)]
        cells += [cell_number(row.tiebreaks[n]) for n in names]
        if report:
            rated = by_sno.get(row.start_rank)
            cells += ([cell_number(shown_rating(rated.rating_before)), cell_number(rated.change_published),
                       cell_number(shown_rating(rated.rating_after))] if rated else [None, None, None])
        rows.append(tuple(cells))
    return tuple(rows)


def _provider(registry: Registry, field_name: str, name: str) -> str:
    for info in registry.plugin_list():
        if name in getattr(info, field_name):
            return f"{info.name} ({info.distribution} {info.version})".replace(" )", ")")
    return "?"


def _legend_rows(standings: Standings, report: RatingReport | None, registry: Registry,
                 settings: WorkbookSettings, sheet: str, layout: str, rules_date: date | None,
                 fingerprint: str) -> tuple[tuple[CellValue, ...], ...]:
    t = standings.tournament
    rows: list[tuple[CellValue, ...]] = [
        ("Legend", "", ""),
        ("Computed by", f"rulesengine {__version__}", datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")),
        ("Crosstable", f"{sheet} ({layout.replace('_', ' ')} layout)", f"{len(t.players)} players, {t.rounds} rounds"),
        ("Rules date", rules_date.isoformat() if rules_date else "not set (newest rules)", ""),
    ]
    for spec in standings.specs:
        rule = registry.tiebreak(spec.code)
        rows.append((str(spec), f"{rule.name} ({rule.article})", f"plugin {_provider(registry, 'tiebreaks', spec.code)}"))
    if report is not None:
        rows.append(("Rating", f"{report.system}: {report.rules}",
                     f"plugin {_provider(registry, 'rating_systems', report.system.lower())}"))
    rows.append(("Inputs", f"fingerprint {fingerprint}", "changes when the crosstable, Players or Settings change"))
    for note in (*standings.notes, *(report.notes if report else ())):
        rows.append(("Note", note, ""))
    return tuple(rows)


def _fingerprint(grids: Mapping[str, Grid], crosstables: Sequence[str]) -> str:
    digest = hashlib.sha256()
    wanted = {*(name.lower() for name in crosstables), SETTINGS_SHEET.lower(), PLAYERS_SHEET.lower()}
    for name in sorted(grids):
        if name.lower() in wanted:
            digest.update(name.encode())
            for row in grids[name].rows:
                digest.update(repr([text(v) for v in row]).rstrip("', ]").encode() + b"\n")
    return digest.hexdigest()[:12]


def find_player(tournament: Tournament, who: str) -> int:
    """A start number from `who`: the number itself, or a name (exact, else a unique part of one)."""
    who = who.strip()
    if who.isdigit() and int(who) in tournament.by_start_rank:
        return int(who)
    exact = [p.start_rank for p in tournament.players if p.name.lower() == who.lower()]
    if len(exact) == 1:
        return exact[0]
    partial = [p for p in tournament.players if who.lower() in p.name.lower()]
    if len(partial) == 1:
        return partial[0].start_rank
    if partial:
        raise UsageError(f"--explain {who!r} matches several players: {', '.join(p.name for p in partial[:8])}")
    raise UsageError(f"--explain {who!r}: no player with that start number or name")


def _explain_rows(who: Iterable[str], standings: Standings, report: RatingReport | None, registry: Registry,
                  rules_date: date | None, run: api.StandingsRun) -> tuple[tuple[CellValue, ...], ...]:
    t = standings.tournament
    rows: list[tuple[CellValue, ...]] = []
    by_rating = {p.start_rank: p for p in report.players} if report else {}
    standing = {r.start_rank: r for r in standings.rows}
    for text_who in who:
        sno = find_player(t, text_who)
        player = t.player(sno)
        row = standing[sno]
        rows += [("Player", sno, player.name), ("Rank", row.rank, ""), ("Pts", cell_number(row.points), ""), ()]
        rows.append(("Round", "Opponent", "Name", "Colour", "Result", "Points", "Opponent's points"))
        for entry in t.entries(sno):
            opp = t.player(entry.opponent) if entry.opponent else None
            rows.append((entry.round, entry.opponent, opp.name if opp else entry.kind.value,
                         entry.colour.value if entry.colour.value != "-" else "", entry.code.value.strip(),
                         cell_number(t.scoring.points(entry)),
                         cell_number(t.points[entry.opponent]) if entry.opponent else None))
        for spec in standings.specs:
            rule = registry.tiebreak(spec.code)
            rows.append(())
            value = row.tiebreaks[str(spec)]
            rows.append((str(spec), rule.name, rule.article, "value", cell_number(value)))
            if rule.explain is not None:
                # Within the same standings: the criteria before this one, as the table computed them.
                explanation = api.explain_tiebreak(t, str(spec), sno, registry, within=run)
                rows.append(("", "Round", "Opponent", "Contribution", "Value", "Dropped"))
                for line in explanation.lines:
                    rows.append(("", line.round, line.opponent, line.description, cell_number(line.value), line.dropped))
                for note in explanation.notes:
                    rows.append(("", "Note", note))
            else:
                rows.append(("", "(no game-by-game breakdown from this tie-break's plugin)"))
        rated = by_rating.get(sno)
        if rated is not None:
            rows.append(())
            rows.append(("Rating", report.system, report.rules, "before", cell_number(shown_rating(rated.rating_before)),
                         "change", cell_number(rated.change_published), "after",
                         cell_number(shown_rating(rated.rating_after))))
            rows.append(("", "Round", "Opponent", "Opponent's rating used", "Expected", "Score", "Rated",
                         "Change", "Why"))
            for game in rated.games:
                rows.append(("", game.round, game.opponent, cell_number(game.opponent_rating_used),
                             cell_number(game.expected), cell_number(game.score), "yes" if game.rated else "no",
                             cell_number(game.change), game.reason))
        rows += [(), ()]
    return tuple(rows)
