"""One input of a batch run, processed from its contents alone (so any worker can run it).

A `Job` carries the file's bytes, never a path: a Dask worker on another machine needs no shared
filesystem, and a local process reads nothing the parent did not hash for the manifest. The
result carries the output files as bytes too; only the parent writes into the output folder.
"""

from __future__ import annotations

import functools
import itertools
import multiprocessing.util
import os
import re
import shutil
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Iterable

from rulesengine import api
from rulesengine.errors import InputError, Location, Problem, RulesEngineError
from rulesengine.inputs import CHESS_RESULTS, TRF, VEGA, WORKBOOK
from rulesengine.model import Tournament
from rulesengine.new_files import create_new, write_all
from rulesengine.output.ratings import rating_json_line
from rulesengine.output.standings import standings_json_line
from rulesengine.registry import Registry, default_registry
from rulesengine.standings import Standings

if TYPE_CHECKING:
    from rulesengine.team import TeamTournament

MAX_ERRORS_SHOWN = 5
INDIVIDUAL, TEAM = "individual", "team"   # the summary's `kind` column
_TEAM_RECORD = re.compile(r"^(?:310|013)", re.MULTILINE)


@dataclass(frozen=True)
class BatchOptions:
    """What the user chose for every file of the run (part of the manifest key)."""

    tiebreaks: str | None = None   # comma-separated specs; None: each file's announced order
    system: str | None = None      # rating system; None: none (workbooks: their Settings sheet)
    rules: str | None = None       # FIDE tie-break text instead of the one the event's date selects
    encoding: str = "utf-8"        # of text inputs (TRF)
    copies: bool = True            # write a recalculated copy of each workbook
    team_tiebreaks: str | None = None   # team events' specs or preset (issue 22); None: each file's order

    def as_dict(self) -> dict[str, Any]:
        chosen = {"tiebreaks": self.tiebreaks, "system": self.system, "rules": self.rules,
                  "encoding": self.encoding, "copies": self.copies}
        # Only when given: the manifests of runs before team events keep their keys.
        return chosen if self.team_tiebreaks is None else {**chosen, "team_tiebreaks": self.team_tiebreaks}


@dataclass(frozen=True)
class Job:
    """`file` is the input's path relative to the run's common folder, POSIX style (it names the
    input in the summary and in error locations); `contents` are (file name, bytes) pairs: the one
    file, or a Vega event's crosstable page then its standings page."""

    file: str
    kind: str
    contents: tuple[tuple[str, bytes], ...]
    options: BatchOptions = field(default_factory=BatchOptions)


@dataclass(frozen=True)
class JobResult:
    """One summary row and the output files (path relative to the output folder, bytes)."""

    file: str
    status: str          # "ok" or "error" ("skipped" is decided by the runner, from the manifest)
    format: str
    players: int | None = None
    rounds: int | None = None
    winner: str = ""
    seconds: float = 0.0
    error: str = ""
    outputs: tuple[tuple[str, bytes], ...] = ()
    kind: str = ""       # "individual" or "team" (issue 22); "" when the input could not be read


def run_chunk(jobs: tuple[Job, ...]) -> tuple[JobResult, ...]:
    """Several jobs in one call: one future (one round trip to a worker) per chunk instead of per
    file, which is most of a small file's cost in a process pool."""
    return tuple(run_job(job) for job in jobs)


def warm_up(kinds: Iterable[str], options: BatchOptions) -> None:
    """Run one tiny generated event of each kind through its job, so every module and lazy plugin
    import the jobs need is done once: in a parent about to fork its workers (they inherit it),
    or in a worker as it starts (spawned workers). Without it each worker pays the imports on its
    first file of each kind (a third of a second for a workbook)."""
    import random
    from rulesengine.batch.samples import swiss_event, vega_pages
    from rulesengine.formats.trf import write_trf
    from rulesengine.formats.vega import CROSSTABLE_PAGE, STANDINGS_PAGE

    kinds = set(kinds)
    event = swiss_event(random.Random(0), 4, 2, "warm-up", "2026-01-01")
    if TRF in kinds:
        run_job(Job("warm-up.trf", TRF, (("warm-up.trf", write_trf(event).encode("utf-8")),), options))
    if VEGA in kinds:
        pages = vega_pages(event)
        run_job(Job(f"warm-up/{CROSSTABLE_PAGE}", VEGA, ((CROSSTABLE_PAGE, pages[0].encode("utf-8")),
                                                         (STANDINGS_PAGE, pages[1].encode("utf-8"))), options))
    if CHESS_RESULTS in kinds:
        from rulesengine.formats.chess_results import write_chess_results
        xml = write_chess_results(event, {}).encode("utf-8")
        run_job(Job("warm-up.xml", CHESS_RESULTS, (("warm-up.xml", xml),), options))
    if WORKBOOK in kinds:
        from rulesengine.workbook.layouts.export import crosstable_grid
        from rulesengine.workbook.io.openpyxl_book import write_workbook
        with tempfile.TemporaryDirectory(prefix="rulesengine-warm-up-") as folder:
            book = Path(folder) / "warm-up.xlsx"
            write_workbook(book, [crosstable_grid(event, "template")])
            run_job(Job("warm-up.xlsx", WORKBOOK, (("warm-up.xlsx", book.read_bytes()),), options))


def run_job(job: Job) -> JobResult:
    """Process one input; bad input becomes an `error` row naming its location, never an exception."""
    started = time.perf_counter()
    try:
        return _process(job, started)
    except RulesEngineError as exc:
        error = _error_text(exc, job)
    except (MemoryError, RecursionError) as exc:  # a hostile input must not stop the run
        error = f"{job.file}: too large to process ({type(exc).__name__})"
    return JobResult(job.file, "error", _format_name(job), seconds=_seconds_since(started), error=error)


def _seconds_since(started: float) -> float:
    """A job's time so far (`JobResult.seconds`), set as its result is made."""
    return round(time.perf_counter() - started, 3)


def _format_name(job: Job) -> str:
    if job.kind == WORKBOOK:
        # `PurePosixPath(name).suffix` of a file's own name, without building the path.
        name = job.contents[0][0]
        dot = name.rfind(".")
        suffix = name[dot:] if 0 < dot < len(name) - 1 and "/" not in name else PurePosixPath(name).suffix
        return suffix.lstrip(".").lower() or WORKBOOK
    return job.kind


def _error_text(exc: RulesEngineError, job: Job) -> str:
    if not isinstance(exc, InputError):
        return f"{job.file}: {exc}"
    shown = [str(p) for p in exc.problems[:MAX_ERRORS_SHOWN]]
    more = exc.count - len(shown)   # a reader may only count problems past those it keeps
    return "; ".join(shown) + (f"; and {more} more" if more > 0 else "")


def read_tournament(job: Job) -> Tournament | TeamTournament:
    """A TRF, Vega or chess-results job's input read into a Tournament, or a TeamTournament for a
    team event (a TRF with records 310/013, a chess-results team XML: issue 22), from its bytes
    (workbooks are read by the recalc route). The bench's bare parse calls this too, so both
    sides read alike."""
    if job.kind == TRF:
        from rulesengine.formats.trf import parse_trf
        name, data = job.contents[0]
        text = _decode(data, job.file, job.options.encoding)
        if _TEAM_RECORD.search(text):   # a cheap look first: an individual file never loads the team reader
            from rulesengine.formats.team_trf import is_team_text, parse_team_trf
            if is_team_text(text):
                return parse_team_trf(text, source=job.file)
        return parse_trf(text, source=job.file)
    if job.kind == VEGA:
        from rulesengine.formats.vega import vega_tournament
        pages = [_decode(data, sibling(job.file, name), "utf-8") for name, data in job.contents]
        return vega_tournament(pages[0], pages[1] if len(pages) > 1 else None, crosstable_source=job.file,
                               standings_source=sibling(job.file, job.contents[-1][0]))
    if job.kind == CHESS_RESULTS:
        from rulesengine.formats.chess_results import chess_results_tournament
        return chess_results_tournament(job.contents[0][1], source=job.file)  # the XML names its encoding
    raise InputError(Problem(Location(job.file), f"unknown input kind {job.kind!r}"))


def _process(job: Job, started: float) -> JobResult:
    if job.kind == WORKBOOK:
        return _workbook(job, started)
    registry = default_registry()
    tournament = read_tournament(job)
    if not isinstance(tournament, Tournament):
        return _team(job, tournament, registry, started)
    texts = job.options.tiebreaks.split(",") if job.options.tiebreaks is not None else tournament.tiebreak_order
    specs = api.resolved_specs(registry, tuple(texts))
    # A forced rule text (--rules) is one the tie-breaks declare; api.standings checks it.
    run = api.standings(tournament, specs, registry, rule_set=job.options.rules)
    outputs = [(job.file + ".standings.json", _standings_bytes(run.standings, run.rules))]
    if job.options.system:
        outputs.append((job.file + ".rating.json", _rating_bytes(tournament, job.options.system, registry)))
    return _ok(job, run.standings, tuple(outputs), started)


def _ok(job: Job, standings: Standings, outputs: tuple[tuple[str, bytes], ...], started: float,
        fmt: str | None = None) -> JobResult:
    t = standings.tournament
    winners = [row.name for row in standings.rows if row.rank == 1]
    return JobResult(job.file, "ok", fmt or _format_name(job), len(t.players), t.rounds, " / ".join(winners),
                     _seconds_since(started), outputs=outputs, kind=INDIVIDUAL)


def _team(job: Job, event: TeamTournament, registry: Registry, started: float) -> JobResult:
    """A team event: the document of `rulesengine standings TEAM --format json` (the team table,
    by the run's --team-tiebreaks, else the file's order, else the default team preset: the
    run's --tiebreaks and --rules are the individual events'); `winner` the teams ranked first;
    with --system, the players' ratings from their own games."""
    from rulesengine.output.json_text import one_line_json
    from rulesengine.output.team import team_standings_document
    texts = job.options.team_tiebreaks.split(",") if job.options.team_tiebreaks is not None else None
    run = api.team_standings(event, texts, registry)
    if job.options.rules:
        run = replace(run, notes=(*run.notes, f"--rules {job.options.rules} applies to individual events; the team "
                                              f"tie-breaks follow the C.07 text of the event's date"))
    outputs = [(job.file + ".standings.json", one_line_json(team_standings_document(run)).encode("utf-8") + b"\n")]
    if job.options.system:
        outputs.append((job.file + ".rating.json", _rating_bytes(event.individual, job.options.system, registry)))
    winners = [row.team.name for row in run.standings.rows if row.rank == 1]
    return JobResult(job.file, "ok", _format_name(job), len(event.individual.players), event.rounds,
                     " / ".join(winners), _seconds_since(started), outputs=tuple(outputs), kind=TEAM)


def _standings_bytes(standings: Standings, rules: api.RulesUsed) -> bytes:
    """The document of `rulesengine standings FILE --format json`, on one line (indenting costs
    more than computing a small event's standings)."""
    return standings_json_line(standings, rules).encode("utf-8") + b"\n"


def _rating_bytes(tournament: Tournament, system_name: str, registry: Registry) -> bytes:
    """The document of `rulesengine rate FILE --system NAME --format json`, on one line."""
    report = api.rate_event(tournament, system_name, registry=registry)
    return rating_json_line(report).encode("utf-8") + b"\n"


def _decode(data: bytes, source: str, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Problem(Location(source, line), f"not valid {encoding} text (try --encoding latin-1)")) from None


def sibling(file: str, name: str) -> str:
    """The relative name of `name` in the folder of the input `file` (a Vega event's other page)."""
    return str(PurePosixPath(file).with_name(name))


_SCRATCH: dict[int, Path] = {}  # process id -> its scratch folder
_COUNTER = itertools.count()


@contextmanager
def _scratch_copy(name: str, data: bytes):
    """A private copy of an input's bytes as a file for the recalc route to save, in one scratch
    folder per process (making and removing a folder per file costs more than reading a small
    workbook); the copy, and a backup recalc may leave beside it, are removed after."""
    folder = _SCRATCH.get(os.getpid())
    if folder is None:
        folder = _SCRATCH[os.getpid()] = Path(tempfile.mkdtemp(prefix="rulesengine-batch-"))
        # multiprocessing's finalizers also run when a pool worker exits (atexit does not).
        multiprocessing.util.Finalize(None, shutil.rmtree, args=(str(folder), True), exitpriority=10)
    prefix = f"{next(_COUNTER)}-"
    copy = folder / (prefix + Path(name).name)
    fd = create_new(copy)
    try:
        write_all(fd, data)
    finally:
        os.close(fd)
    try:
        yield copy
    finally:
        # A listing, not a glob: a glob of a new prefix compiles a new pattern for every file.
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith(prefix):
                    os.unlink(entry.path)


@functools.lru_cache(maxsize=16)
def _overrides(options: BatchOptions):
    """The run's options as the Settings overrides of every workbook (made once per run; the
    recalculation only reads them)."""
    from rulesengine.workbook.inputs.settings import settings_from_options
    return settings_from_options(tiebreaks=options.tiebreaks, rating_system=options.system,
                                 tiebreak_rules=options.rules)


def _workbook(job: Job, started: float) -> JobResult:
    """The recalc route (`rulesengine recalc`) on a copy: the input itself is never opened for writing."""
    from rulesengine.workbook.io.fast_read import read_workbook_grids
    from rulesengine.workbook.route import recalc_workbook
    from rulesengine.workbook.recalc import recalculate, sheets_to_read
    from rulesengine.workbook.team.recalc import TeamPlan, recalculate_team, team_layout_of

    name, data = job.contents[0]
    overrides = _overrides(job.options)
    if not job.options.copies:
        # Nothing to write back: the read-only path reads the bytes the runner read (and hashed),
        # with no file in between; problems are located in the input itself. Only the sheets
        # recalculation reads: not the engine's own (a Standings sheet of an archived workbook
        # can be its largest).
        sheet_names, grids = read_workbook_grids(Path(job.file), sheets_to_read, data=data)
        team = team_layout_of(grids)   # a team book (issue 22): its Team Standings, not a crosstable
        if team is not None:
            return _team_book(job, recalculate_team(grids, team, overrides), (), started)
        plan = recalculate(grids, overrides, sheet_names=sheet_names, with_writes=False)
        return _ok(job, plan.standings, ((job.file + ".standings.json", _standings_bytes(plan.standings, plan.rules)),),
                   started, fmt=f"{_format_name(job)}:{plan.layout}")
    with _scratch_copy(name, data) as copy:
        try:
            result = recalc_workbook(copy, overrides)
            plan, written = result.plan, result.save.written.read_bytes()
        except InputError as exc:
            # Problems located in the temporary copy are reported against the input's own name.
            raise InputError([Problem(replace(p.location, file=job.file) if p.location.file == str(copy)
                                      else p.location, p.message) for p in exc.problems]) from None
        if isinstance(plan, TeamPlan):
            return _team_book(job, plan, ((job.file, written),), started)
        outputs = [(job.file + ".standings.json", _standings_bytes(plan.standings, plan.rules)), (job.file, written)]
    return _ok(job, plan.standings, tuple(outputs), started, fmt=f"{_format_name(job)}:{plan.layout}")


def _team_book(job: Job, plan, copies: tuple[tuple[str, bytes], ...], started: float) -> JobResult:
    """A team workbook (issue 22): the `standings --format json` document of its team event (the
    book's own tie-break order, as `recalc` writes its Team Standings) and, with copies, the
    recalculated book."""
    from rulesengine.output.json_text import one_line_json
    from rulesengine.output.team import team_standings_document
    run, event = plan.run, plan.event
    outputs = ((job.file + ".standings.json", one_line_json(team_standings_document(run)).encode("utf-8") + b"\n"),
               *copies)
    winners = [row.team.name for row in run.standings.rows if row.rank == 1]
    return JobResult(job.file, "ok", f"{_format_name(job)}:{plan.layout}", len(event.individual.players), event.rounds,
                     " / ".join(winners), _seconds_since(started), outputs=outputs, kind=TEAM)
