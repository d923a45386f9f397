"""What an input/output format is, as the core sees it (the `rulesengine_formats` hook)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rulesengine.model import Tournament


@dataclass(frozen=True)
class TournamentFormat:
    """A file format: `read(path, encoding)` gives a Tournament; `write(t)` gives its text."""

    name: str
    extensions: tuple[str, ...]
    description: str
    read: Callable[[Path, str], Tournament] | None = None
    write: Callable[[Tournament], str] | None = None
