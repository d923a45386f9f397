"""Season store tests: event files written as TRF from a few lines of text, a store built from
them through the real CLI, and helpers to read what the CLI printed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import pytest

from rulesengine.cli import main
from rulesengine.formats.trf import write_trf
from rulesengine.testing import tournament_from_text


def write_event(path: Path, names: Sequence[str], rounds: Sequence[str], *, date: str = "", name: str = "") -> Path:
    """A TRF event file: players by name (start numbers 1, 2, ...), rounds as in tournament_from_text."""
    t = tournament_from_text(list(names), list(rounds), name=name or path.stem, start_date=date)
    path.write_text(write_trf(t), encoding="utf-8")
    return path


class Cli:
    """Runs `rulesengine ...` in-process and keeps what it printed."""

    def __init__(self, capsys):
        self.capsys = capsys

    def __call__(self, *args, status: int = 0) -> str:
        code = main([str(a) for a in args])
        out, err = self.capsys.readouterr()
        assert code == status, f"exit {code} (wanted {status}): {out}{err}"
        self.err = err
        return out

    def json(self, *args):
        return json.loads(self(*args, "--format", "json"))


@pytest.fixture
def cli(capsys) -> Cli:
    return Cli(capsys)


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file of a folder and its bytes: to prove nothing changed."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# A small season: four evenings of a club, names typed differently from week to week.
EVENINGS = [
    ("2026-01-08", ["Smith, John", "Brown, Anna", "Ødegård, Søren", "Lee, Kim"],
     ["1-2 1-0, 3-4 =", "1-3 0-1, 2-4 1-0", "1-4 1-0, 2-3 ="]),
    ("2026-01-15", ["Smith,John", "Anna Brown", "Odegard, Soren", "Lee, Kim"],
     ["1-2 =, 3-4 1-0", "1-3 1-0, 2-4 0-1", "1-4 =, 2-3 1-0"]),
    ("2026-01-22", ["Smith, John", "Brown, Anna", "Ødegård, Søren", "Lee, Kim", "Newman, Ned"],
     ["1-2 1-0, 3-4 =, 5 U", "1-5 1-0, 2-4 0-1, 3 U", "5-3 0-1, 4-1 0-1, 2 U"]),
    ("2026-01-29", ["Smith, John", "Brown, Anna", "Ødegård, Søren", "Lee, Kim", "Newman, Ned"],
     ["1-3 0-1, 2-5 1-0, 4 U", "4-5 1-0, 3-2 =, 1 U", "1-4 1-0, 5-2 0-1, 3 U"]),
]


def evening_files(folder: Path, evenings=EVENINGS) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [write_event(folder / f"club-{when}.trf", names, rounds, date=when.replace("-", "/"),
                        name=f"Club night {when}") for when, names, rounds in evenings]


@pytest.fixture
def season_dir(tmp_path, cli) -> Path:
    """A store holding the four evenings, every name decided (new members from evening 1, exact
    matches accepted, the rest linked by hand)."""
    root = tmp_path / "club"
    cli("season", "init", root, "--name", "Test club ladder")
    cli("season", "add", root, *evening_files(tmp_path / "incoming"))
    decide_everyone(cli, root)
    return root


def decide_everyone(cli, root: Path) -> None:
    cli("names", root, *[f"--new=2026-01-08:{n}" for n in range(1, 5)], "--new=2026-01-22:5")
    cli("names", root, "--accept-exact")
    # Left: "Anna Brown" (swapped) and the two names of later weeks that differ only by spacing/accents.
    pending = cli.json("names", root)["pending"]
    for item in pending:
        best = item["candidates"][0]
        cli("names", root, "--link", f"{item['event']}:{item['start_no']}={best['member']}")
    assert cli.json("names", root)["pending"] == []
