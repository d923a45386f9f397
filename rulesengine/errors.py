"""Errors meant for people: each names where the problem is and what is wrong.

They are raised by readers and rule code and rendered once, at the edge (CLI, workbook, Excel
button), never as a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


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
        return f"{self.location}: {self.message}"


class RulesEngineError(Exception):
    """Base of every error the engine reports to a user (exit status 2 at the CLI)."""


class InputError(RulesEngineError):
    """Bad input: one or more problems, each with its location. Nothing was written."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageError(RulesEngineError):
    """A request the engine cannot honour: unknown tie-break code, bad option, ..."""


class PluginError(RulesEngineError):
    """A plugin is broken or clashes with another (e.g. both register the same rule name)."""
