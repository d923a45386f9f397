"""A link loop planted in an input folder (issue 25 item 12): `batch` and `audit` stop with a
message naming it, never a traceback, and write nothing."""

from __future__ import annotations

import os

from rulesengine.cli import main

EVENT = ("012 Loop test\n042 2026/05/02\n"
         "001    1 m    One                               2000 NOR           1 2000/01/01  1.0    1     2 w 1\n"
         "001    2 m    Two                               2000 NOR           2 2000/01/01  0.0    2     1 b 0\n")


def test_a_link_loop_in_an_input_folder_is_named_not_a_traceback(tmp_path, capsys):
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "event.trf").write_text(EVENT, encoding="utf-8")
    os.symlink(folder / "loop.trf", folder / "loop.trf")   # a link to itself
    for command in (["batch", str(folder), "--out", str(tmp_path / "out")], ["audit", str(folder)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "loop.trf: a symbolic link that leads back to itself (a link loop)" in err
        assert "Traceback" not in err
    assert not (tmp_path / "out").exists()
