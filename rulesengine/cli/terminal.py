"""Text for a terminal: control characters shown, never obeyed (issue 25 item 13).

A player named `\x1b[2J\x1b]0;pwn\x07` must not clear the TD's screen or retitle the window when
the standings, a names table, a batch table or an error line print it. On a terminal, every
control character but the line break and the tab (C0, DEL and C1: Unicode category Cc) is
written as its Python escape (`\x1b`); to a file or a pipe the text goes out unchanged, so a
JSON or CSV output round-trips every name (Arabic, Greek, Cyrillic, accented Latin are no
control characters and are never touched).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator, TextIO

KEPT = frozenset("\n\t")
# Unicode's control characters (category Cc): C0, DEL and C1. One translation table, so escaping
# a whole table is one str.translate in C.
CONTROLS = (*range(0x20), 0x7F, *range(0x80, 0xA0))
ESCAPES = {code: f"\\x{code:02x}" for code in CONTROLS if chr(code) not in KEPT}


def shown(text: str) -> str:
    """`text` with every control character but line break and tab escaped."""
    return text.translate(ESCAPES)


class EscapingStream:
    """A text stream that escapes control characters before they reach the terminal behind it."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(shown(text))
        return len(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)   # flush, fileno, isatty, encoding, buffer, ...


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


@contextmanager
def escaped_on_terminals() -> Iterator[None]:
    """While inside, stdout and stderr escape control characters when they are terminals."""
    saved = sys.stdout, sys.stderr
    if _is_terminal(sys.stdout):
        sys.stdout = EscapingStream(sys.stdout)
    if _is_terminal(sys.stderr):
        sys.stderr = EscapingStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
