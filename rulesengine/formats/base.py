"""What an input/output format is, as the core sees it (the `rulesengine_formats` hook)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from rulesengine.model import Tournament

if TYPE_CHECKING:
    from rulesengine.team import TeamTournament


@dataclass(frozen=True)
class TournamentFormat:
    """A file format: `read(path, encoding)` gives a Tournament (or a TeamTournament for a team
    event: `api.load_tournament` then gives its players' individual event); `write(t)` its text."""

    name: str
    extensions: tuple[str, ...]
    description: str
    read: Callable[[Path, str], Tournament | TeamTournament] | None = None
    write: Callable[[Tournament | TeamTournament], str] | None = None
