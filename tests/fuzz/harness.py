"""Run one fuzzed input through the real CLI entry point and judge the outcome (issue 10 item 9).

A run passes when it exits 0, or exits 2 with a message that names where the problem is (the
input file, `FILE:LINE[:COL]`, or `Sheet!Cell`) in at most 25 lines of at most 300 characters; it fails on any traceback
(an exception escaping `rulesengine.cli.main`), on a run over the time limit, or when a failed
run changed its input file. Used by the pytest fuzz tests and by campaign.py.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

TIME_LIMIT = 10.0
MAX_MESSAGE_LINES = 25
# Characters of one message line, the input's path counted as "FILE" (issue 26's bar; the path is
# the user's, the rest is the engine's): a value quoted from the input is shown in part, never whole.
MAX_MESSAGE_LINE = 300

os.environ.setdefault("RULESENGINE_PLUGINS", "builtin")


@dataclass
class Outcome:
    command: tuple[str, ...]
    status: int | None
    seconds: float
    stderr: str
    failure: str = ""  # empty when the run passed

    @property
    def ok(self) -> bool:
        return not self.failure


class _Timeout(BaseException):
    """Raised in the run by SIGALRM: not an Exception, so no handler of the engine swallows it."""


def _alarm(signum, frame):
    raise _Timeout()


def located(message: str, path: Path) -> bool:
    """True when the first line of an exit-2 message says where: the input file or a Sheet!Cell."""
    first = message.strip().splitlines()[0] if message.strip() else ""
    first = first.removeprefix("rulesengine: ")
    if first.startswith(str(path)) or first.startswith(path.name):
        return True
    return bool(re.match(r"^('[^']+'|[^\s!:]+)![A-Z]{1,3}[0-9]+(:[A-Z]{1,3}[0-9]+)?: ", first))


def longest_line(message: str, path: Path) -> int:
    """The longest line of a message, the input's path (or its name) counted as "FILE"."""
    lines = message.replace(str(path), "FILE").replace(path.name, "FILE").splitlines()
    return max((len(line) for line in lines), default=0)


def run_cli(args: Sequence[str], path: Path, time_limit: float = TIME_LIMIT) -> Outcome:
    """`rulesengine ARGS` in this process (the same code path as the command), judged as above."""
    from rulesengine.cli import main

    before = path.read_bytes() if path.exists() else None
    out, err = io.StringIO(), io.StringIO()
    use_alarm = hasattr(signal, "SIGALRM")
    if use_alarm:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, time_limit * 1.5)
    started = time.monotonic()
    status: int | None = None
    failure = ""
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(args))
            except SystemExit as exc:  # argparse
                status = exc.code if isinstance(exc.code, int) else 2
    except _Timeout:
        failure = f"no answer after {time_limit * 1.5:.0f} s"
    except Exception:  # noqa: BLE001 - a traceback is exactly what the fuzz suite looks for
        failure = "traceback:\n" + traceback.format_exc(limit=-6)
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    seconds = time.monotonic() - started
    stderr = err.getvalue()
    if not failure:
        failure = judge(status, seconds, stderr, path, before, time_limit)
    return Outcome(tuple(args), status, seconds, stderr, failure)


def judge(status: int | None, seconds: float, stderr: str, path: Path, before: bytes | None,
          time_limit: float = TIME_LIMIT) -> str:
    """Why a finished run fails the bar ("" when it passes)."""
    if "Traceback (most recent call last)" in stderr:
        return "traceback on stderr"
    if seconds > time_limit:
        return f"took {seconds:.1f} s (limit {time_limit:.0f} s)"
    if status not in (0, 2):
        return f"exit status {status}"
    if status == 2:
        lines = stderr.strip().splitlines()
        if not lines:
            return "exit 2 without a message"
        if len(lines) > MAX_MESSAGE_LINES:
            return f"message of {len(lines)} lines"
        longest = longest_line(stderr, path)
        if longest > MAX_MESSAGE_LINE:
            return f"message line of {longest} characters: {max(lines, key=len)[:200]!r}"
        if not located(stderr, path):
            return f"message without a location: {lines[0][:200]!r}"
        if before is not None and (not path.exists() or path.read_bytes() != before):
            return "a failed run changed its input"
    return ""
