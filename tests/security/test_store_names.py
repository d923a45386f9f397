"""Issue 25, item 3: one name could brick a season store. Characters Python's `splitlines` takes
for line ends (U+2028, U+2029, U+0085, \\x0b, \\x0c, \\x1c-\\x1e) in an event's or a player's name
were written into the store's files and split the line when read back: the command exited 0
and every later command exited 2. Now every store file is read and written by one rule (lines
end at \\n), and what cannot be stored is refused where it is typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.formats.trf import write_trf
from rulesengine.testing import tournament_from_text

LINE_ENDS_OF_SPLITLINES = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def trf(path: Path, names, event_name: str) -> Path:
    t = tournament_from_text(list(names), ["1-2 1-0, 3-4 =", "1-3 =, 2-4 0-1"], name=event_name,
                             start_date="2026/02/05")
    path.write_text(write_trf(t), encoding="utf-8")
    return path


@pytest.mark.parametrize("mark", LINE_ENDS_OF_SPLITLINES, ids=[f"U+{ord(c):04X}" for c in LINE_ENDS_OF_SPLITLINES])
def test_a_name_with_a_line_end_of_splitlines_keeps_every_later_command_working(mark, tmp_path, capsys):
    root = tmp_path / "club"
    assert run(capsys, "season", "init", root, "--name", f"Club{mark}ladder")[0] == 0
    names = [f"Smith{mark}, John", f"Brown, A{mark}nna", "Lee, Kim", f"Cho, Min{mark}x"]
    source = trf(tmp_path / "night.trf", names, f"Club{mark}night")
    assert run(capsys, "season", "add", root, source)[0] == 0
    assert run(capsys, "names", root, *[f"--new=2026-02-05:{n}" for n in range(1, 5)])[0] == 0
    assert run(capsys, "season", "member", root, "M005", "--name", f"Late{mark}, Lena")[0] == 0
    for command in (("season", "list", root), ("names", root), ("ladder", root), ("ladder", root, "--check"),
                    ("names", root, "--undo", "4"), ("names", root, "--new", "2026-02-05:4"),
                    ("ladder", root, "--format", "json")):
        code, out, err = run(capsys, *command)
        assert code == 0, f"{command}: {err}"
    roster = (root / "roster.tsv").read_text(encoding="utf-8")
    assert f"Smith{mark}, John" in roster and f"Late{mark}, Lena" in roster   # kept exactly as typed
    assert f"Club{mark}night" in (root / "events.tsv").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["Club\nladder", "Club\rladder", "   ", "\x0c"])
def test_a_season_name_the_settings_file_cannot_hold_is_refused_where_it_is_typed(name, tmp_path, capsys):
    root = tmp_path / "club"
    code, _, err = run(capsys, "season", "init", root, "--name", name)
    assert code == 2 and "--name" in err and "Traceback" not in err
    assert not root.exists() or not any(root.iterdir())


def test_a_tab_or_line_break_in_a_workbook_name_is_stored_as_a_space(tmp_path, capsys):
    """A workbook cell may hold a tab or a line break; the store writes it as one line."""
    from rulesengine.season.files import read_table, stored_field, table_bytes

    path = tmp_path / "t.tsv"
    path.write_bytes(table_bytes("c", ("a", "b"), [(" Smith\tJohn\r\nJr ", "x\u2028y")]))
    rows = read_table(path, ("a", "b"))
    assert [row.fields for row in rows] == [{"a": "Smith John  Jr", "b": "x\u2028y"}]
    assert stored_field(" Smith\tJohn\r\nJr ") == "Smith John  Jr"
