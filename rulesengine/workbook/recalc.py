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
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Iterable, Iterator, Mapping, Sequence

from rulesengine import api
from rulesengine.errors import InputError, Location, Problem, UsageError, quote
from rulesengine.event_day import joined_late, with_missed_rounds_scored
from rulesengine.pairing import next_round, with_expulsions
from rulesengine.layout import CrosstableCells
from rulesengine.model import ScoringSystem, STANDARD_SCORING, Tournament, with_derived_of
from rulesengine.numbers import is_digits
from rulesengine.rating import RatingRecord, RatingReport
from rulesengine.registry import Registry, default_registry
from rulesengine.standings import Standings, event_date
from rulesengine.workbook.sheets.explain import adjustment_reason, explain_look
from rulesengine.workbook.layouts.fold import Fold, fold_pairings
from rulesengine.workbook.event_day import crosstable_cells, withdrawn_problems
from rulesengine.grid import CellValue, Grid, text
from rulesengine.workbook.plan import CLEAR_SHEET, SheetWrite
from rulesengine.workbook.layouts.detect import detect_layout, read_crosstable
from rulesengine.workbook.layouts.printed import printed_tiebreaks
from rulesengine.workbook.sheets.pairings import PAIRINGS_SHEET
from rulesengine.workbook.inputs.players import (PLAYERS_SHEET, merge_players, no_players_problem, parse_players,
                                                 rating_records)
from rulesengine.workbook.inputs.progress import Progress, cut_after_round, event_progress
from rulesengine.workbook.inputs.published import Published, differences, published_ranks, summary
from rulesengine.workbook.season import LADDER_SHEET, ladder_writes, replay, season_sheets, with_ladder_ratings
from rulesengine.workbook.inputs.settings import SETTINGS_SHEET, WorkbookSettings, missing_settings_note, parse_settings
from rulesengine.workbook.sheets.standings import (RATING_HEADER, STANDINGS_HEADER, STANDINGS_SHEET, LegendFacts,
                                                  cell_number, shown_rating, shown_rating_figures,
                                                  standings_write, tiebreak_words)

EXPLAIN_SHEET = "Explain"
CROSSTABLE_SHEET = "Crosstable"
ENGINE_SHEETS = (STANDINGS_SHEET, EXPLAIN_SHEET, LADDER_SHEET)
__all__ = ["CLEAR_SHEET", "RATING_HEADER", "STANDINGS_HEADER", "SheetWrite", "WritePlan", "cell_number",
           "recalculate", "sheets_to_read", "shown_rating"]


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
    progress: Progress | None = None   # after which round of how many (an event in progress)
    fold: Fold | None = None           # the Pairings sheet's results folded into the crosstable
    rules: api.RulesUsed | None = None  # the date and rule texts the tie-breaks followed
    # SNo -> (round, Players cell) of a player not paired from that round on: withdrawn or expelled.
    withdrawn: Mapping[int, tuple[int, str]] = field(default_factory=dict)
    crosstable: Grid | None = None      # the crosstable as computed from (results folded in)
    late: Mapping[int, int] = field(default_factory=dict)   # late entrant's SNo -> the round they join
    no_half_point_byes: Mapping[int, str] = field(default_factory=dict)   # SNo -> Players cell (Q175-176)
    expelled: Mapping[int, tuple[int, str]] = field(default_factory=dict)  # SNo -> (round, Players cell) (Q197-198)

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
                sheet_names: Sequence[str] = (), with_writes: bool = True) -> WritePlan:
    """Read the crosstable and settings from `grids`, compute, and say what to write.

    `overrides` (CLI flags) win over the Settings sheet. `explain` names players (start number or
    name) whose tie-breaks and rating change are broken down on an `Explain` sheet; without it,
    an `Explain` sheet among `sheet_names` (the workbook's sheets) is emptied, never left stale. Raises
    InputError with every problem found (as `Sheet!Cell: message`) and UsageError for bad options;
    in both cases nothing is to be written. `with_writes=False` (a batch run that writes no
    copy, an audit) computes the same standings and rating report and plans no sheet at all.
    """
    registry = registry or default_registry()
    by_lower = {name.lower(): grid for name, grid in grids.items()}
    settings_grid = by_lower.get(SETTINGS_SHEET.lower())
    settings, problems = parse_settings(settings_grid)
    flag_after_round = overrides is not None and overrides.after_round is not None
    if overrides is not None:
        settings = settings.override(overrides)
    facts, player_problems = parse_players(by_lower.get(PLAYERS_SHEET.lower()))
    problems += player_problems
    expelled = {sno: (f.expelled_from, f.expelled_cell) for sno, f in facts.items() if f.expelled_from}
    withdrew = {sno: (f.withdrawn_from, f.withdrawn_cell) for sno, f in facts.items() if f.withdrawn_from}
    withdrawn = {**withdrew, **expelled}   # neither is paired from their round on
    barred = {sno: f.no_half_point_byes_cell for sno, f in facts.items() if f.no_half_point_byes}
    evenings = [] if settings.crosstable_sheet or any(n.lower() == CROSSTABLE_SHEET.lower() for n in grids) \
        else season_sheets(list(grids))
    with _at_setting(settings, overrides, "crosstable_sheet"):
        crosstables = [grids[name] for name in evenings] or [_crosstable_grid(grids, settings, problems)]
    if settings.layout:
        with _at_setting(settings, overrides, "layout"):
            registry.layout(settings.layout)   # an unknown name is refused at its Settings cell
    tournaments = []
    late: dict[int, int] = {}
    progress = None
    fold = None
    pairings = by_lower.get(PAIRINGS_SHEET.lower()) if not evenings else None
    for index, grid in enumerate(crosstables):
        if grid is None:
            continue
        try:
            read = read_crosstable(grid, settings.layout, scoring=_scoring(settings), kind=settings.kind,
                                   name=settings.event_name if not evenings else grid.sheet)
            if pairings is not None:
                # The results entered on the Pairings sheet go into the crosstable first (fold_results).
                fold = fold_pairings(pairings, grid, registry.layout(read.extra.get("layout") or ""), read)
                if fold is not None and fold.writes:
                    grid = crosstables[index] = fold.grid
                    grids = {**grids, grid.sheet: grid}
                    read = read_crosstable(grid, settings.layout, scoring=_scoring(settings), kind=settings.kind,
                                           name=settings.event_name)
        except InputError as exc:
            problems += exc.problems
            continue
        # Trailing rounds not played yet, and the round being played: C.07 ranks an unfinished
        # event over the rounds held so far (workbook.progress). Settings' Rounds / After round
        # speak of the one crosstable, not of a season's evenings.
        single = not evenings
        progress, found = event_progress(read, settings.rounds if single else None,
                                         settings.after_round if single else None,
                                         rounds_cell=settings.cells.get("rounds", ""),
                                         after_round_cell=settings.cells.get("after_round", ""),
                                         after_round_flag=flag_after_round)
        problems += found
        if fold is not None and not fold.complete and not progress.chosen and progress.after_round >= fold.round:
            # Results of round N still missing on the Pairings sheet: rank after round N-1.
            progress = replace(progress, after_round=fold.round - 1, round_in_play=fold.round)
        held = cut_after_round(read, progress.after_round)
        if single and withdrawn:
            problems += withdrawn_problems(read, withdrawn, _cells(registry, read, grid), grid.sheet, expelled)
        if single:
            # Late entrants (their first rounds empty, up to the next round to pair) are found before
            # Settings' Late entries scores their missed rounds as byes (VCL4THP §2).
            upto = next_round(held)
            late = {s: r for s, r in joined_late(held, upto).items() if s not in withdrawn}
            if settings.late_entry:
                held = with_missed_rounds_scored(held, settings.late_entry, upto, withdrawn)
        tournaments.append(held)
        if not evenings and (empty := no_players_problem(read, grid, by_lower.get(PLAYERS_SHEET.lower()), facts)):
            problems.append(empty)
    if problems:
        raise InputError(problems)
    assert progress is not None
    crosstable = crosstables[-1]
    assert crosstable is not None
    published_from = tournaments[-1]   # as read: the ranks the input printed
    changes = {"start_date": settings.start_date} if settings.start_date else {}
    # The copies keep what their crosstable's tournament has worked out (its points) when their
    # players are the same (no Players sheet): computing them again is a tenth of a small event.
    tournaments = [with_derived_of(replace(merged, **changes, **({} if t.name else {"name": grid.sheet})), merged)
                   for t, grid in zip(tournaments, crosstables) for merged in (merge_players(t, facts),)]
    # The Settings sheet's "Tie-break rules" is a rule text the tie-breaks declare (checked by api.standings).
    tiebreak_rules = settings.tiebreak_rules
    texts = settings.tiebreaks if settings.tiebreaks is not None else tournaments[-1].tiebreak_order
    with _at_setting(settings, overrides, "tiebreaks"):
        specs = list(api.resolved_specs(registry, tuple(texts)))
    system = None
    if settings.rating_system:
        with _at_setting(settings, overrides, "rating_system"):
            system = registry.rating_system(settings.rating_system)
    # One date for the tie-breaks and the rating: the one rule (api.rules_date), asking both;
    # the Settings sheet's Rules date, given by the TD, wins.
    dated = api.tiebreak_rules(tournaments[-1], specs, registry, rule_set=tiebreak_rules)
    if system is not None and not evenings:
        dated += api.rating_rules(tournaments[-1], system, None, settings.rule_set, settings.rating_options)
    with _at_setting(settings, overrides, "rule_set"):
        when = api.rules_date(tournaments[-1], settings.rules_date, dated)
    dates = [settings.rules_date or event_date(t) for t in tournaments[:-1]] + [when.value]
    rules_date = when.value

    report = None
    season = None
    if system is not None:
        with _at_setting(settings, overrides, "rule_set"):
            if evenings:
                season = replay(tournaments, system, facts, dates, settings.rule_set, settings.rating_options)
                report = season.reports[-1]
            else:
                report = api.rate(tournaments[-1], system, rating_records(tournaments[-1], facts),
                                  event_date=rules_date, when=when, rule_set=settings.rule_set,
                                  options=dict(settings.rating_options),
                                  detail=bool(explain))   # per-game records only for the Explain sheet
    tournament = tournaments[-1]
    if season is not None and len(season.reports) > 1:
        # The last evening's rating tie-breaks see the ladder as it stood before that evening.
        held = {p.start_rank: RatingRecord(p.start_rank, rating=p.rating_before) for p in report.players
                if p.rating_before is not None}
        tournament = with_ladder_ratings(tournament, held)

    if expelled and not evenings:
        # VCL4THP Q197-198: the event's `### Expelled` lines, as a TRF export carries them; the
        # standings leave the player out of the ranking.
        tournament = with_expulsions(tournament, {sno: first for sno, (first, _) in expelled.items()})
    with _at_setting(settings, overrides, "tiebreak_rules"):
        run = api.standings(tournament, specs, registry, rule_set=tiebreak_rules, when=when)
    standings = run.standings
    layout = tournament.extra.get("layout") or detect_layout(crosstable) or ""
    own_notes = ([missing_settings_note(grids, crosstable.sheet, texts, settings, rules_date)]
                 if settings_grid is None else [])
    notes = (tuple(own_notes) + (fold.notes(PAIRINGS_SHEET) if fold is not None else ()) + tuple(standings.notes)
             + (tuple(report.notes) if report else ()))
    if when.note:   # said once, first (the standings and the rating report both begin with it)
        notes = (when.note, *(note for note in notes if note != when.note))
    if not with_writes:
        return WritePlan((), tournament, standings, settings, layout, crosstable.sheet, report, notes, progress, fold,
                         run.rules, withdrawn, crosstable, late, barred, expelled)
    fingerprint = _fingerprint(grids, [g.sheet for g in crosstables if g is not None])
    published = _published(published_from, crosstable, registry)   # only the Standings sheet marks them
    marks, published_line = [], ""
    if not published.empty:
        found, skipped = differences(standings, published)
        marks = found
        published_line = summary(found, skipped, tournament, _rules_text(rules_date, settings))
    # A season's Standings are the last evening's: its sheet name says which.
    event_name = settings.event_name or (crosstable.sheet if evenings else
                                         tournament.name if tournament.name != crosstable.sheet else "")
    # Standings an export published that differ were re-ranked here: the legend says by which texts.
    legend = LegendFacts(crosstable.sheet, layout, rules_date, fingerprint, published_line,
                         notes + ((_re_ranked(run.rules),) if marks else ()), when.note or "")
    writes = [standings_write(standings, report, progress, registry, event_name, legend, marks,
                              {sno: first for sno, (first, _) in withdrew.items()})]
    if season is not None:
        names = {p.start_rank: p.name for t in tournaments for p in t.players}
        writes.extend(ladder_writes(season, facts, names, evenings, cell_number, fingerprint))
    if explain:
        rows = _explain_rows(explain, standings, report, registry, rules_date, run)
        writes.append(SheetWrite(EXPLAIN_SHEET, rows, header_rows=(), look=explain_look(rows)))
    elif any(name.lower() == EXPLAIN_SHEET.lower() for name in sheet_names):
        writes.append(SheetWrite(EXPLAIN_SHEET, (), header_rows=()))
    if fold is not None:
        writes.extend(fold.writes)   # cells of the TD's crosstable sheet (the one write into it)
    return WritePlan(tuple(writes), tournament, standings, settings, layout, crosstable.sheet, report, notes,
                     progress, fold, run.rules, withdrawn, crosstable, late, barred, expelled)


def _cells(registry: Registry, read: Tournament, grid: Grid) -> CrosstableCells | None:
    layout = read.extra.get("layout")
    return crosstable_cells(registry.layout(layout) if layout else None, grid)


def _published(tournament: Tournament, crosstable: Grid, registry: Registry) -> Published:
    """The ranks and tie-break columns the input printed (a chess-results export's Rk. and TB1..)."""
    layout = tournament.extra.get("layout")
    tiebreaks = printed_tiebreaks(crosstable, registry.layout(layout)) if layout else []
    return Published(published_ranks(tournament), tuple(tiebreaks))


def _re_ranked(rules: api.RulesUsed) -> str:
    """What a recalculation did to the standings an export published: re-ranked them by these texts."""
    texts = ", ".join(dict.fromkeys(rules.tiebreaks.values())) or "points and the tie-breaks, by no dated text"
    return f"the published standings were re-ranked by {texts}; the rules date: {rules.date_source}"


def _rules_text(rules_date: date | None, settings: WorkbookSettings) -> str:
    if settings.tiebreak_rules:
        return f"rules {settings.tiebreak_rules}"
    return f"rules in force on {rules_date.isoformat()}" if rules_date else "the newest rules"


@contextmanager
def _at_setting(settings: WorkbookSettings, overrides: WorkbookSettings | None, name: str) -> Iterator[None]:
    """Report a value the Settings sheet gave that no plugin knows (a tie-break code, a rating
    system, a rule text) at its cell; a value from a command-line flag stays a usage error."""
    try:
        yield
    except UsageError as exc:
        cell = settings.cells.get(name)
        from_flag = overrides is not None and getattr(overrides, name) not in (None, {}, ())
        if not cell or from_flag:
            raise
        sheet, _, address = cell.rpartition("!")
        raise InputError(Problem(Location(sheet=sheet, cell=address), str(exc))) from None


def _scoring(settings: WorkbookSettings) -> ScoringSystem:
    changes = {k: v for k, v in (("win", settings.points_win), ("draw", settings.points_draw),
                                 ("loss", settings.points_loss)) if v is not None}
    return replace(STANDARD_SCORING, **changes) if changes else STANDARD_SCORING


def _crosstable_grid(grids: Mapping[str, Grid], settings: WorkbookSettings, problems: list[Problem]) -> Grid | None:
    by_lower = {name.lower(): grid for name, grid in grids.items()}
    if settings.crosstable_sheet:
        grid = by_lower.get(settings.crosstable_sheet.lower())
        if grid is None:
            names = list(grids)
            listed = ", ".join(quote(n) if not n.isprintable() else n for n in names[:10]) \
                + (f" and {len(names) - 10:,} more" if len(names) > 10 else "")
            raise UsageError(f"crosstable sheet {quote(settings.crosstable_sheet, 60)} does not exist; "
                             f"sheets: {listed}")
        return grid
    if CROSSTABLE_SHEET.lower() in by_lower:
        return by_lower[CROSSTABLE_SHEET.lower()]
    skip = {s.lower() for s in (*ENGINE_SHEETS, SETTINGS_SHEET, PLAYERS_SHEET, PAIRINGS_SHEET)}
    for name, grid in grids.items():
        if name.lower() not in skip and detect_layout(grid):
            return grid
    problems.append(Problem(Location(sheet=next(iter(grids), "?"), cell="A1"),
                            "no crosstable found in the workbook (name a sheet 'Crosstable', or set "
                            "'Crosstable sheet' on the Settings sheet)"))
    return None


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
    if is_digits(who) and int(who) in tournament.by_start_rank:
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
        # Layout (workbook.explain_sheet): A round or label, B start number, C text, D.. values.
        rows += [("Player", sno, player.name), ("Rank", row.rank), ("Pts", cell_number(row.points)), ()]
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
            rows.append((str(spec), "", f"{tiebreak_words(spec, registry)}: {rule.article}", "Value",
                         cell_number(value)))
            if rule.explain is not None:
                # Within the same standings: the criteria before this one, as the table computed them.
                explanation = api.explain_tiebreak(t, str(spec), sno, registry, within=run)
                rows.append(("Round", "Opponent", "Contribution", "Value", "Dropped", "Why"))
                for line in explanation.lines:
                    rows.append((line.round, line.opponent, line.description, cell_number(line.value), line.dropped,
                                 adjustment_reason(t, line, rule.article)))
                for note in explanation.notes:
                    rows.append(("", "", f"Note: {note}"))
            else:
                rows.append(("", "", "(no game-by-game breakdown from this tie-break's plugin)"))
        rated = by_rating.get(sno)
        if rated is not None:
            before, change, after = shown_rating_figures(rated)
            rows.append(())
            rows.append(("Rating", "", f"{report.system}: {report.rules}", "Before", before, "Change", change,
                         "After", after))
            rows.append(("Round", "Opponent", "Name", "Opponent's rating used", "Expected", "Score", "Rated",
                         "Change", "Why"))
            for game in rated.games:
                opp = t.by_start_rank.get(game.opponent) if game.opponent else None
                rows.append((game.round, game.opponent, opp.name if opp else "",
                             cell_number(game.opponent_rating_used),
                             cell_number(game.expected), cell_number(game.score), "yes" if game.rated else "no",
                             cell_number(game.change), game.reason))
        rows += [(), ()]
    return tuple(rows)
