"""Errors meant for people: each names where the problem is and what is wrong.

They are raised by readers and rule code and rendered once, at the edge (CLI, workbook, Excel
button), never as a traceback.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

# A message is read on one screen: at most this many problems are listed, then a count of the
# rest, and no line is longer than MAX_LINE characters (a 1 MB input line is quoted in part).
MAX_SHOWN_PROBLEMS = 20
MAX_LINES = 25
MAX_LINE = 600
# Characters of one value quoted from the input (a 32,767-character cell): its start and its length.
MAX_QUOTED = 60


@dataclass(frozen=True)
class Location:
    """Where a problem is: a file line/column, or a sheet cell."""

    file: str = ""
    line: int | None = None
    column: int | None = None
    sheet: str = ""
    cell: str = ""

    def __str__(self) -> str:
        if self.sheet or self.cell:
            return f"{self.sheet}!{self.cell}" if self.sheet else self.cell
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


@dataclass(frozen=True)
class Problem:
    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {shorten_quoted(self.message)}"


def clip(text: str, width: int = MAX_LINE) -> str:
    """One line of a message, cut to `width` characters with a mark saying how much was cut."""
    if len(text) <= width:
        return text
    cut = len(text) - width
    return f"{text[:width]}... ({cut:,} more characters)"


def quote(text: str, width: int = 40) -> str:
    """A piece of input quoted in a message: its repr, cut to `width` characters."""
    return repr(text) if len(text) <= width else repr(text[:width]) + f"... ({len(text):,} characters)"


# A value as messages quote it (`found {raw!r}`): a Python string literal longer than MAX_QUOTED,
# opening after a space or bracket and closing before one or a punctuation mark, so the
# apostrophe of "player's" never starts one.
_LONG_QUOTED = re.compile(r"""(?<![^\s(\[{=:,])(?:'(?:[^'\\\n]|\\.){%d,}'|"(?:[^"\\\n]|\\.){%d,}")(?=$|[\s)\]},;:.!?])"""
                          % (MAX_QUOTED + 1, MAX_QUOTED + 1))


_LONG_NUMBER = re.compile(r"\d{%d,}" % (MAX_QUOTED + 1))


def shorten_quoted(text: str) -> str:
    """`text` with every long quoted value in it shown as `quote` shows it (its first MAX_QUOTED
    characters, then its length), and every number of more than MAX_QUOTED digits (an exact 1e308)
    by its first digits and its count of digits. The one rule for values whichever reader
    echoed them whole."""
    if len(text) <= MAX_QUOTED:
        return text
    text = _LONG_NUMBER.sub(lambda m: f"{m[0][:20]}... ({len(m[0]):,} digits)", text)

    def cut(match: re.Match) -> str:
        try:
            value = ast.literal_eval(match[0])
        except (ValueError, SyntaxError):
            return match[0]
        return quote(value, MAX_QUOTED) if isinstance(value, str) else match[0]
    return _LONG_QUOTED.sub(cut, text)


def bounded(text: str, max_lines: int = MAX_LINES) -> str:
    """A message of at most `max_lines` lines, each clipped; the last says how many were left out."""
    lines = text.split("\n")
    if len(lines) > max_lines:
        rest = len(lines) - (max_lines - 1)
        lines = lines[: max_lines - 1] + [f"... and {rest:,} more lines"]
    return "\n".join(clip(shorten_quoted(line)) for line in lines)


def render_problems(problems: list[Problem], limit: int = MAX_SHOWN_PROBLEMS, unlisted: int = 0) -> str:
    """The first `limit` problems, one per line, and "... and N more problems" for the rest (those
    in the list past `limit`, and `unlisted` more that a reader counted without keeping)."""
    lines = [clip(str(p).replace("\n", " ")) for p in problems[:limit]]
    rest = max(len(problems) - limit, 0) + unlisted
    if rest:
        lines.append(f"... and {rest:,} more problem{'s' if rest != 1 else ''}")
    return "\n".join(lines)


class RulesEngineError(Exception):
    """Base of every error the engine reports to a user (exit status 2 at the CLI).

    Its text is bounded (MAX_LINES lines of at most MAX_LINE characters) whatever the input held.
    """

    def __str__(self) -> str:
        return bounded(super().__str__())


class InputError(RulesEngineError):
    """Bad input: one or more problems, each with its location. Nothing was written.

    `unlisted`: how many more problems were found and only counted (a reader stops keeping them
    past what a message shows: a file of millions of bad lines must not fill the memory);
    `count` is the whole number.
    """

    def __init__(self, problems: list[Problem] | Problem, unlisted: int = 0):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        self.unlisted = unlisted
        super().__init__(render_problems(self.problems, unlisted=unlisted))

    @property
    def count(self) -> int:
        return len(self.problems) + self.unlisted


class UsageError(RulesEngineError):
    """A request the engine cannot honour: unknown tie-break code, bad option, ..."""


class PluginError(RulesEngineError):
    """A plugin is broken or clashes with another (e.g. both register the same rule name)."""
