"""Issue 25, items 6 and 16: a kill at any moment of any store command leaves the store as before
the command or as after it, with no litter, once the next command has run; and a re-run then
gives exactly what one uninterrupted run gives (one member for `names --new`, one history copy
for `season replace`).

A kill is simulated by raising, before and after each call that makes a change durable (every
fsync, of a file or a folder, every rename and replace), an exception that no code of ours
catches, as a kill leaves no chance to clean up.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.formats.trf import write_trf
from rulesengine.season import decide, store
from rulesengine.testing import tournament_from_text

NOW = "2026-03-01T10:00:00Z"


class Killed(BaseException):
    """Not an Exception: nothing of ours catches it, as nothing runs after a kill."""


class KillAt:
    """Counts the durable steps and raises Killed at step `at`, before or after it runs."""

    def __init__(self, at: int = 0, after: bool = False):
        self.at, self.after, self.calls = at, after, 0

    def wrap(self, real):
        def step(*args, **kwargs):
            self.calls += 1
            if self.calls == self.at and not self.after:
                raise Killed
            result = real(*args, **kwargs)
            if self.calls == self.at and self.after:
                raise Killed
            return result
        return step


def event(path: Path, names, rounds, date: str, name: str) -> Path:
    path.write_text(write_trf(tournament_from_text(list(names), list(rounds), name=name, start_date=date)),
                    encoding="utf-8")
    return path


def run(*args) -> int:
    return main([str(a) for a in args])


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file and its bytes, the store's own path written as ROOT (outputs.json names pages)."""
    return {str(p.relative_to(root)): p.read_bytes().replace(str(root).encode(), b"ROOT")
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def base(tmp_path, monkeypatch, capsys) -> Path:
    """A store with two evenings, evening 1's names made members, and the files to change it with."""
    monkeypatch.setattr(store, "now", lambda: NOW)
    monkeypatch.setattr(decide, "now", lambda: NOW)
    monkeypatch.setattr(store, "who", lambda: "td")
    incoming = tmp_path / "in"
    incoming.mkdir()
    one = event(incoming / "one.trf", ["Smith, John", "Brown, Anna", "Lee, Kim", "Cho, Min"],
                ["1-2 1-0, 3-4 =", "1-3 0-1, 2-4 1-0"], "2026/01/08", "Club night 1")
    two = event(incoming / "two.trf", ["Smith, John", "Brown, Anna", "Lee, Kim", "Newman, Ned"],
                ["1-2 =, 3-4 1-0", "1-3 1-0, 2-4 0-1"], "2026/01/15", "Club night 2")
    event(incoming / "three.trf", ["Smith, John", "Lee, Kim"], ["1-2 1-0"], "2026/01/22", "Club night 3")
    event(incoming / "two-corrected.trf", ["Smith, John", "Brown, Anna", "Lee, Kim", "Newman, Ned"],
          ["1-2 1-0, 3-4 1-0", "1-3 1-0, 2-4 0-1"], "2026/01/15", "Club night 2")
    root = tmp_path / "base"
    assert run("season", "init", root, "--name", "Crash club") == 0
    assert run("season", "add", root, one, two) == 0
    assert run("names", root, *[f"--new=2026-01-08:{n}" for n in range(1, 5)], "--by", "td") == 0
    capsys.readouterr()
    return tmp_path


COMMANDS = {
    "season add": ("season", "add", "{root}", "{incoming}/three.trf"),
    "season replace": ("season", "replace", "{root}", "2026-01-15", "{incoming}/two-corrected.trf"),
    "season remove": ("season", "remove", "{root}", "2026-01-08", "--drop-decisions"),
    "season member": ("season", "member", "{root}", "M007", "--name", "Late, Lena"),
    "names --new": ("names", "{root}", "--new", "2026-01-15:4", "--by", "td"),
    "names --accept-exact": ("names", "{root}", "--accept-exact", "--by", "td"),
    "names --link": ("names", "{root}", "--link", "2026-01-15:2=M002", "--by", "td"),
    "names --undo": ("names", "{root}", "--undo", "4", "--by", "td"),
    "ladder --publish": ("ladder", "{root}", "--publish", "{root}/ladder.html", "--publish-pending"),
}


def _command(name: str, root: Path, incoming: Path) -> list[str]:
    return [part.format(root=root, incoming=incoming) for part in COMMANDS[name]]


def _patch(monkeypatch, killer: KillAt) -> None:
    monkeypatch.setattr(os, "fsync", killer.wrap(os.fsync))
    monkeypatch.setattr(os, "rename", killer.wrap(os.rename))
    monkeypatch.setattr(os, "replace", killer.wrap(os.replace))


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_kill_at_any_step_leaves_the_store_before_or_after_and_a_rerun_finishes_it(name, base, monkeypatch,
                                                                                     capsys):
    incoming = base / "in"
    clean = base / "clean"
    shutil.copytree(base / "base", clean)
    before = snapshot(clean)
    counter = KillAt()
    with monkeypatch.context() as patched:
        _patch(patched, counter)
        assert run(*_command(name, clean, incoming)) == 0
    after = snapshot(clean)
    assert after != before and counter.calls >= 2
    for at in range(1, counter.calls + 1):
        for kill_after in (False, True):
            root = base / f"kill-{at}-{'after' if kill_after else 'before'}"
            shutil.copytree(base / "base", root)
            with monkeypatch.context() as patched:
                _patch(patched, KillAt(at, kill_after))
                with pytest.raises(Killed):
                    run(*_command(name, root, incoming))
            assert run("season", "list", root) == 0   # the next command finishes or undoes the change
            state = snapshot(root)
            where = f"{name}: killed {'after' if kill_after else 'before'} step {at} of {counter.calls}"
            assert state in (before, after), where + ": a state that is neither before nor after (or litter): " + \
                ", ".join(sorted(set(state) ^ set(before if len(state) <= len(before) else after)))
            if state == before:
                assert run(*_command(name, root, incoming)) == 0, where
                assert snapshot(root) == after, where
            capsys.readouterr()
            shutil.rmtree(root)


def test_a_rerun_of_names_new_after_a_kill_never_makes_a_second_member(base, monkeypatch, capsys):
    """The attack of the issue: killed between the roster write and the decisions write."""
    for at in range(1, 16):
        root = base / f"kill-{at}"
        shutil.copytree(base / "base", root)
        with monkeypatch.context() as patched:
            _patch(patched, KillAt(at))
            try:
                run("names", root, "--new", "2026-01-15:4")
            except Killed:
                pass
        run("names", root, "--new", "2026-01-15:4")
        capsys.readouterr()
        roster = (root / "roster.tsv").read_text(encoding="utf-8")
        assert roster.count("Newman, Ned") == 1, f"killed at step {at}"


def test_a_rerun_of_a_replace_after_a_kill_keeps_one_history_copy(base, monkeypatch, capsys):
    root = base / "base"
    committed = KillAt(1, after=True)
    with monkeypatch.context() as patched:
        patched.setattr(os, "rename", committed.wrap(os.rename))   # the commit, then the kill
        with pytest.raises(Killed):
            run("season", "replace", root, "2026-01-15", base / "in" / "two-corrected.trf")
    assert run("season", "replace", root, "2026-01-15", base / "in" / "two-corrected.trf") == 0
    assert "nothing changed" in capsys.readouterr().out
    kept = [p.name for p in (root / "history").iterdir() if p.name != "history.tsv"]
    assert len(kept) == 1
    log = (root / "history" / "history.tsv").read_text(encoding="utf-8").split("\n")
    assert sum(1 for line in log if "\treplace\t" in line) == 1
