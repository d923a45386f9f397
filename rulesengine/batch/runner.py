"""The batch run: inputs -> jobs -> one `concurrent.futures` executor -> outputs, manifest, summary.

Every input is hashed and skipped when the manifest already holds its result. The rest go to the
executor a few at a time (contents in, output bytes back), so memory stays bounded and results
are written as they come. Only this process writes into the output folder: each output file
atomically, then the manifest line, so a run killed at any moment can be re-run to finish the
rest. Ctrl-C (or SIGTERM) stops cleanly: the jobs not started are cancelled and the summary lists
what finished.
"""

from __future__ import annotations

import os
import signal
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from rulesengine.batch.job import BatchOptions, Job, JobResult, run_chunk, sibling, warm_up
from rulesengine.batch.manifest import Manifest, engine_versions, manifest_key
from rulesengine.batch.out_dir import prepare_out_dir
from rulesengine.batch.out_files import OutFiles
from rulesengine.batch.summary import COLUMNS, write_summaries
from rulesengine.formats.chess_results import MAX_FILE_BYTES as MAX_CHESS_RESULTS_BYTES
from rulesengine.formats.vega import MAX_PAGE_BYTES as MAX_VEGA_PAGE_BYTES
from rulesengine.inputs import CHESS_RESULTS, TRF, VEGA, WORKBOOK, Input
from rulesengine.limits import MAX_PACKAGE_BYTES, MAX_TRF_BYTES
from rulesengine.registry import default_registry

# The bound on one file of each kind (issue 25, item 10): each format's own, so batch never reads
# what its reader refuses (a Vega page is refused past 20 MB, a chess-results file past 50 MB), and
# checked before a byte is read. A workbook's: all its parts inflated (a zip holds no more bytes
# than its parts inflate to, but for its small headers).
MAX_INPUT_BYTES = {TRF: MAX_TRF_BYTES, WORKBOOK: MAX_PACKAGE_BYTES, VEGA: MAX_VEGA_PAGE_BYTES,
                   CHESS_RESULTS: MAX_CHESS_RESULTS_BYTES}


@dataclass
class BatchOutcome:
    rows: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False
    not_started: int = 0

    def count(self, status: str) -> int:
        return sum(1 for r in self.rows if r["status"] == status)


class InlineExecutor(Executor):
    """`--jobs 1`: run each job in this process when it is submitted (no pickling, no pool)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            future.set_exception(exc)
        return future


def _start_worker(kinds: tuple[str, ...], options: BatchOptions | None) -> None:
    # Ctrl-C reaches the whole process group; only the parent handles it (cancels, summarises).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    default_registry()
    if options is not None:
        warm_up(kinds, options)  # forked: a few milliseconds (inherited); spawned: the imports, once


def local_executor(jobs: int, inputs: Sequence[Input] = (),
                   options: BatchOptions | None = None) -> tuple[Executor, Callable[[], None]]:
    """The executor for a local run (in-process for one job, else a pool of `jobs` processes) and
    how to shut it down without waiting for jobs never started. With the run's `inputs` and
    `options`, the plugins and readers their kinds need are loaded here once, before the workers
    fork, instead of once in every worker."""
    if jobs <= 1:
        executor: Executor = InlineExecutor()
    else:
        default_registry()  # loaded once here; forked workers inherit it
        kinds = tuple(sorted({item.kind for item in inputs}))
        if options is not None:
            warm_up(kinds, options)
        executor = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(kinds, options))
    return executor, lambda: executor.shutdown(wait=False, cancel_futures=True)


def chunk_size(inputs: int, workers: int) -> int:
    """Files per future: up to 8, while every worker still gets 16 chunks or more (so the last
    chunks do not leave a worker idle, and progress still moves often)."""
    return max(1, min(8, inputs // (workers * 16)))


def dask_executor(address: str) -> tuple[Executor, Callable[[], None]]:
    """The concurrent.futures executor of an existing Dask cluster, and how to let go of it.

    `pure=False`: Dask would otherwise treat two submissions with equal arguments as one task and
    merge their results.
    """
    try:
        from distributed import Client
    except ImportError:
        from rulesengine.errors import UsageError
        raise UsageError("--executor dask needs the dask extra: pip install \"rulesengine[dask]\"") from None
    client = Client(address)
    executor = client.get_executor(pure=False)

    def close() -> None:
        executor.shutdown(wait=False)
        client.close()
    return executor, close


class TooLarge(Exception):
    """An input file larger than its kind's bound (MAX_INPUT_BYTES)."""


def read_contents(item: Input) -> tuple[tuple[str, bytes], ...]:
    """An input's (file name, bytes) pairs, as a Job carries them; OSError when unreadable,
    TooLarge (naming the file, line 1, column 1, as the readers do) past its kind's bound."""
    contents = []
    limit = MAX_INPUT_BYTES[item.kind]
    for path in (item.path, *item.companions):
        # Unbuffered: a buffered open asks whether the file is a terminal, and the size comes
        # from the open file instead of a second look-up of the path.
        with open(path, "rb", buffering=0) as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                name = item.relative if path == item.path else sibling(item.relative, path.name)
                raise TooLarge(f"{name}:1:1: refused: {size:,} bytes (limit {limit:,})")
            contents.append((path.name, handle.readall()))
    return tuple(contents)


def _row(result: JobResult) -> dict[str, Any]:
    # Not dataclasses.asdict: it deep-copies every output's bytes only to drop them here.
    return {c: getattr(result, c) for c in COLUMNS}


def run_batch(inputs: list[Input], out_dir: Path, options: BatchOptions, executor: Executor, *,
              progress=None, timings: bool = True, window: int = 4, chunk: int = 1) -> BatchOutcome:
    """Process every input not already done; write outputs, manifest and summaries under out_dir.

    `window` bounds the futures in flight; each future runs `chunk` inputs (`chunk_size`)."""
    prepare_out_dir(out_dir, inputs)
    manifest = Manifest(out_dir)
    versions = engine_versions(default_registry())
    outcome = BatchOutcome()
    pending: dict[Future, list[tuple[str, str]]] = {}  # future -> (key, file) of each input in its chunk
    if progress is not None:
        progress.start(len(inputs))

    def finish(row: dict[str, Any]) -> None:
        outcome.rows.append(row)
        if progress is not None:
            progress.advance(row)

    def collect(future: Future, chunk_inputs: list[tuple[str, str]]) -> None:
        try:
            results: tuple[JobResult, ...] = future.result()
        except Exception as exc:  # a worker that died (killed, out of memory): those inputs failed, not the run
            for _, file in chunk_inputs:
                finish({"file": file, "status": "error", "format": "", "players": None, "rounds": None,
                        "winner": "", "seconds": 0.0,
                        "error": f"{file}: the worker failed: {type(exc).__name__}: {exc}"})
            return
        for (key, _), result in zip(chunk_inputs, results):
            row = _row(result)
            try:
                names = []
                for name, data in result.outputs:
                    out.write(name, data)
                    names.append(name)
                if result.status == "ok":
                    manifest.record(key, row, names)
            except OSError as exc:  # a link in the way, a name too long, a full disk: this input's error
                row = {**row, "status": "error", "players": None, "rounds": None, "winner": "",
                       "error": f"{result.file}: cannot write its results under --out: {exc.strerror or exc}"}
            finish(row)

    stop = _StopRequests()
    with stop, OutFiles(out_dir) as out, manifest:
        try:
            for chunk_jobs in _chunks(_submissions(inputs, manifest, options, versions, finish), chunk):
                if stop.requested:
                    break
                pending[executor.submit(run_chunk, tuple(job for _, job in chunk_jobs))] = [
                    (key, job.file) for key, job in chunk_jobs]
                while len(pending) >= window and not stop.requested:
                    _collect_some(pending, collect)
            while pending and not stop.requested:
                _collect_some(pending, collect)
        except KeyboardInterrupt:  # a second Ctrl-C, or one outside the main thread's handler
            stop.requested = True
        if stop.requested:
            outcome.interrupted = True
            for future in pending:
                future.cancel()
            outcome.not_started = len(inputs) - len(outcome.rows)
        try:
            write_summaries(out, outcome.rows, timings=timings, interrupted=outcome.interrupted)
        finally:
            if progress is not None:
                progress.close()
    return outcome


def _chunks(submissions: Iterable[tuple[str, Job]], size: int) -> Iterator[list[tuple[str, Job]]]:
    chunk: list[tuple[str, Job]] = []
    for item in submissions:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _collect_some(pending: dict[Future, Any], collect: Callable[[Future, Any], None]) -> None:
    # Futures already done (every one of the in-process executor) are taken without `wait`, which
    # locks every pending future twice; a short timeout keeps the loop responsive to Ctrl-C while
    # a long job runs.
    done = [future for future in pending if future.done()]
    if not done:
        done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
    for future in done:
        collect(future, pending.pop(future))


class _StopRequests:
    """While active, Ctrl-C and SIGTERM ask the run to stop after the result being written, instead
    of interrupting it half-way (a manifest line without its summary row); a second Ctrl-C still
    interrupts."""

    def __init__(self) -> None:
        self.requested = False
        self._previous: dict[int, Any] = {}

    def _handle(self, signum, frame) -> None:
        if self.requested and signum == signal.SIGINT:
            raise KeyboardInterrupt
        self.requested = True

    def __enter__(self) -> "_StopRequests":
        try:
            for signum in (signal.SIGINT, signal.SIGTERM):
                self._previous[signum] = signal.signal(signum, self._handle)
        except ValueError:  # not the main thread: signals stay as they were
            self._previous.clear()
        return self

    def __exit__(self, *exc) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)


def _submissions(inputs: Iterable[Input], manifest: Manifest, options: BatchOptions, versions: str,
                 finish: Callable[[dict[str, Any]], None]):
    """(key, job) for each input still to do; inputs done before, or unreadable, are finished here."""
    for item in inputs:
        try:
            contents = read_contents(item)
        except (OSError, TooLarge) as exc:
            error = str(exc) if isinstance(exc, TooLarge) else f"{item.relative}: cannot read file: {exc.strerror or exc}"
            finish({"file": item.relative, "status": "error", "format": item.kind, "players": None, "rounds": None,
                    "winner": "", "seconds": 0.0, "error": error})
            continue
        key = manifest_key(item.relative, item.kind, contents, options, versions)
        done = manifest.done(key)
        if done is not None:
            finish({**done, "status": "skipped", "seconds": 0.0})
            continue
        yield key, Job(item.relative, item.kind, contents, options)


def default_jobs() -> int:
    """Local cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
