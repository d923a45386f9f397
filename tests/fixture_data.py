"""Where the tests find their fixture files: tests/data/ in the repository first, then the shared
folder beside the repository (../shared) as an optional extra source.

Tests must pass from a plain clone (no ../shared): a fixture found in neither place makes the test
that needs it skip, never fail at collection.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"
EXTRA_FIXTURES = TESTS.parent.parent / "shared"


def fixture_dirs(kind: str) -> list[Path]:
    """The folders that may hold fixtures of one kind ("tiebreak", "pairing", ...), repository first."""
    return [folder for folder in (DATA / kind, EXTRA_FIXTURES / "fixtures" / kind) if folder.is_dir()]


def fixture_dir(kind: str) -> Path:
    """The first folder holding fixtures of `kind` (a path that does not exist when none does)."""
    found = fixture_dirs(kind)
    return found[0] if found else DATA / kind


def fixture_path(kind: str, name: str) -> Path:
    """One fixture file; the calling test skips when neither tests/data nor ../shared has it."""
    for folder in fixture_dirs(kind):
        if (folder / name).is_file():
            return folder / name
    pytest.skip(f"fixture {kind}/{name} is in neither tests/data nor ../shared")


def fixture_files(kind: str, pattern: str) -> list[Path]:
    """Every fixture of `kind` matching `pattern`, one per file name, the repository's copy first."""
    seen: dict[str, Path] = {}
    for folder in fixture_dirs(kind):
        for path in sorted(folder.glob(pattern)):
            seen.setdefault(path.name, path)
    return [seen[name] for name in sorted(seen)]


# Team events (TRF-2026 records 310-362, legacy 013) are a kind of tournament of their own, read
# by the team reader of issue 22, not by the individual reader these fixtures exercise.
TEAM_KINDS = frozenset({"team", "team_swiss", "team_sweep"})   # folders of team events


def all_trf_fixtures() -> list[Path]:
    """Every individual-event TRF fixture of every kind (tiebreak, pairing, published, ...),
    deduplicated by kind and name."""
    kinds = {p.name for root in (DATA, EXTRA_FIXTURES / "fixtures") if root.is_dir() for p in root.iterdir()
             if p.is_dir() and p.name not in TEAM_KINDS}
    return [path for kind in sorted(kinds) for path in fixture_files(kind, "*.trf")]


TIEBREAK_FIXTURES = fixture_dir("tiebreak")
RATING_VECTORS = fixture_dir("ratings") / "vectors.json"
