"""`--help` is wrapped to the terminal's width exactly as argparse does it (COLUMNS first, else
the terminal, else 80), though the parser asks `os` for the width instead of importing `shutil`."""

from __future__ import annotations

import subprocess
import sys

# Prints the standings help as our parser formats it, then as argparse's own formatter would.
COMPARE = """
import argparse
from rulesengine.cli import build_parser
parser = build_parser(["standings"])
sub = parser._subparsers._group_actions[0].choices["standings"]
ours = sub.format_help()
sub._get_formatter = lambda: argparse.ArgumentParser._get_formatter(sub)
print(ours == sub.format_help(), max(map(len, ours.splitlines())))
"""


def test_help_wraps_as_argparse_does() -> None:
    widest = {}
    for columns in ("50", "120", None, "nonsense", "-3"):
        env = {"PATH": "/usr/bin:/bin"}
        if columns is not None:
            env["COLUMNS"] = columns
        done = subprocess.run([sys.executable, "-c", COMPARE], capture_output=True, text=True, env=env,
                              timeout=60, stdin=subprocess.DEVNULL)
        same, widest[columns] = done.stdout.split()
        assert same == "True", (columns, done.stderr)
    # No terminal here: 80 columns unless COLUMNS says otherwise (a bad value is ignored).
    assert int(widest["50"]) < int(widest[None]) <= 78 < int(widest["120"]) <= 118
    assert widest[None] == widest["nonsense"] == widest["-3"]


def test_standings_loads_neither_shutil_nor_csv() -> None:
    code = ("import sys; from rulesengine.cli import build_parser; "
            "build_parser(['standings']).parse_args(['standings', 'x.trf', '--format', 'json']); "
            "print(sorted({'shutil', 'csv', 'bz2', 'lzma'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
