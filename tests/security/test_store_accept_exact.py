"""Issue 25, item 7: `names --accept-exact` was quadratic in the events (100/200/400 events took
8.5/36.7/142 s): every link found every identity of the season again. The shape is asserted by
counting, not timing: the identities are found a fixed number of times whatever the season's
size, and the name comparisons grow as the names do."""

from __future__ import annotations

from pathlib import Path

from rulesengine.cli import main
from rulesengine.formats.trf import write_trf
from rulesengine.season import decide, names
from rulesengine.season.roster import Member
from rulesengine.season.store import add_events, init_store, write_roster
from rulesengine.testing import tournament_from_text

POOL = [f"Player{chr(65 + i)}, {first}" for i, first in enumerate(
    ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kai", "Lou"])]


def season_of(root: Path, events: int) -> Path:
    """`events` evenings of six players each from a club of twelve members, every name typed as
    the roster has it: each is exactly one member's."""
    incoming = root.parent / f"{root.name}-in"
    incoming.mkdir()
    sources = []
    for n in range(events):
        players = [POOL[(n + k) % len(POOL)] for k in range(6)]
        t = tournament_from_text(players, ["1-2 1-0, 3-4 =, 5-6 0-1"], name=f"Night {n}",
                                 start_date=f"{2026 + n // 300}/{1 + n % 300 // 25:02d}/{1 + n % 25:02d}")
        path = incoming / f"night-{n:05d}.trf"
        path.write_text(write_trf(t), encoding="utf-8")
        sources.append(path)
    init_store(root)
    write_roster(root, {f"M{i + 1:03d}": Member(f"M{i + 1:03d}", name) for i, name in enumerate(POOL)})
    add_events(root, sources)
    return root


def counted_accept_exact(tmp_path: Path, events: int, monkeypatch, capsys) -> dict[str, int]:
    root = season_of(tmp_path / f"club-{events}", events)
    counts = {"resolve": 0, "compare": 0}

    def counting(name, real):
        def call(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return call

    with monkeypatch.context() as patched:
        patched.setattr(decide, "resolve", counting("resolve", decide.resolve))
        patched.setattr(names, "compare", counting("compare", names.compare))
        assert main(["names", str(root), "--accept-exact"]) == 0
    assert capsys.readouterr().out.count("\texact ") == 6 * events
    return counts


def test_accept_exact_finds_the_identities_a_fixed_number_of_times_and_compares_linearly(tmp_path, monkeypatch,
                                                                                         capsys):
    small = counted_accept_exact(tmp_path, 50, monkeypatch, capsys)
    large = counted_accept_exact(tmp_path, 100, monkeypatch, capsys)
    assert small["resolve"] == large["resolve"] <= 2   # once to suggest, once to check the batch
    assert large["compare"] <= 2 * small["compare"] + 12
