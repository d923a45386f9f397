"""Progress of a batch run on stderr: a bar on a terminal (rich, else tqdm), else one line per file."""

from __future__ import annotations

import sys
from typing import Any, TextIO


class LineProgress:
    """One line per finished input: what a log file or CI wants."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.total = 0
        self.count = 0

    def start(self, total: int) -> None:
        self.total = total

    def advance(self, row: dict[str, Any]) -> None:
        self.count += 1
        seconds = f" ({row['seconds']:.2f} s)" if row.get("seconds") and row["status"] == "ok" else ""
        error = f": {row['error']}" if row.get("error") else ""
        print(f"[{self.count}/{self.total}] {row['status']:<7} {row['file']}{seconds}{error}", file=self.stream,
              flush=True)

    def close(self) -> None:
        pass


class RichProgress:
    """A bar with counts; errors are printed above it as they happen."""

    def __init__(self, stream: TextIO):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.console = Console(file=stream)
        self.bar = Progress(TextColumn("batch"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            TextColumn("{task.fields[errors]} errors"), console=self.console, transient=False)
        self.task = None
        self.errors = 0

    def start(self, total: int) -> None:
        self.bar.start()
        self.task = self.bar.add_task("batch", total=total, errors=0)

    def advance(self, row: dict[str, Any]) -> None:
        if row["status"] == "error":
            self.errors += 1
            self.console.print(f"error  {row['file']}: {row['error']}", markup=False, highlight=False)
        self.bar.update(self.task, advance=1, errors=self.errors)

    def close(self) -> None:
        self.bar.stop()


class TqdmProgress:
    def __init__(self, stream: TextIO):
        self.stream = stream
        self.bar = None

    def start(self, total: int) -> None:
        from tqdm import tqdm
        self.bar = tqdm(total=total, file=self.stream, unit="file")

    def advance(self, row: dict[str, Any]) -> None:
        if row["status"] == "error":
            self.bar.write(f"error  {row['file']}: {row['error']}", file=self.stream)
        self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def make_progress(stream: TextIO = sys.stderr):
    """A bar when `stream` is a terminal and rich or tqdm is installed, else one line per file."""
    if stream.isatty():
        for kind, module in ((RichProgress, "rich"), (TqdmProgress, "tqdm")):
            try:
                __import__(module)
            except ImportError:
                continue
            return kind(stream)
    return LineProgress(stream)
