"""The `rulesengine` command. Each sub-command lives in its own module with `register(subparsers)`.

Only the module of the sub-command being run is imported (start-up time is most of a small
command's cost): `--help` lists every command from the table below without importing any of them.

Errors for people (bad input, unknown codes, broken plugins) are printed with exit status 2;
nothing else reaches the user as a traceback.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Sequence

from rulesengine import __version__

# command name -> (module that registers it, one-line help), in the order `--help` lists them.
# A module may register several commands (rate registers `rate` and `explain-rating`).
COMMANDS: dict[str, tuple[str, str]] = {
    "standings": ("rulesengine.cli.standings", "ranked table with tie-breaks"),
    "explain": ("rulesengine.cli.explain", "one player's tie-break value, contribution by contribution"),
    "rate": ("rulesengine.cli.rate", "rating changes of every player (FIDE, Glicko-2, ...)"),
    "explain-rating": ("rulesengine.cli.rate", "one player's rating calculation, step by step"),
    "recalc": ("rulesengine.cli.recalc", "recalculate a workbook: Standings sheet from its crosstable"),
    "pair": ("rulesengine.cli.pair", "pair the next round (FIDE Dutch), check or explain pairings"),
    "convert-rating": ("rulesengine.cli.convert_rating", "convert an Ingo or BCF grade to an Elo estimate"),
    "new-workbook": ("rulesengine.cli.new_workbook", "a new workbook to type an event into (swiss, round-robin, season)"),
    "plugins": ("rulesengine.cli.plugins", "list loaded plugins and the rules they provide"),
    "season": ("rulesengine.cli.season", "keep a club season: event files, roster, settings"),
    "names": ("rulesengine.cli.names", "unresolved names of a season with candidates; the TD's decisions"),
    "ladder": ("rulesengine.cli.ladder", "the club ladder of a season, replayed from nothing; --publish a page"),
    "batch": ("rulesengine.cli.batch", "standings for many files at once, in parallel, with a summary"),
    "audit": ("rulesengine.cli.audit", "check published tie-breaks and ranks against the rules of the event's date"),
}


# Commands that read one event and exit (see `main`).
ONE_EVENT_COMMANDS = frozenset({"standings", "explain", "rate", "explain-rating", "pair"})


class _OnlyCommand:
    """A subparsers proxy that lets a module register only the command being run."""

    def __init__(self, subparsers, wanted: str):
        self._subparsers = subparsers
        self._wanted = wanted

    def add_parser(self, name: str, **kwargs):
        if name == self._wanted:
            return self._subparsers.add_parser(name, **kwargs)
        return _Parser(prog=name, add_help=False)  # discarded


class _Parser(argparse.ArgumentParser):
    """argparse's parser with a help formatter sized from `os.get_terminal_size`: argparse asks
    `shutil` (importing shutil, bz2, lzma and zlib) on every `add_argument`, for every command."""

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog, width=_help_width())


def _help_width() -> int:
    """What argparse would use: the terminal's columns (COLUMNS first, as shutil reads them), less 2."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


def _command_in(argv: Sequence[str]) -> str | None:
    """The sub-command named in argv (the first argument that is not an option)."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser, with the full arguments of the command named in `argv` only."""
    parser = _Parser(prog="rulesengine",
                     description="Chess tournament rules engine: standings, tie-breaks, ratings.")
    parser.add_argument("--version", action="version", version=f"rulesengine {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    wanted = _command_in(argv)
    for name, (module_name, help_text) in COMMANDS.items():
        if name == wanted:
            importlib.import_module(module_name).register(_OnlyCommand(subparsers, name))
        elif wanted is None:
            # Listed for `--help` and for the "invalid choice" error only: once a command is named,
            # the others play no part in parsing (a sub-parser each costs start-up time).
            subparsers.add_parser(name, help=help_text, add_help=False)
    return parser


# Commands whose only output is what they print: the console script ends their process at once
# after flushing it (console_main), so Python does not spend a tenth of a large event's run
# freeing the event's objects one by one at exit.
PRINT_ONLY_COMMANDS = frozenset({"standings", "explain", "rate", "explain-rating"})


def console_main() -> None:
    """The `rulesengine` console script: `main`, then exit (see PRINT_ONLY_COMMANDS)."""
    argv = sys.argv[1:]
    command = _command_in(argv)
    code = main(argv)
    if command not in PRINT_ONLY_COMMANDS:
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say
        pass
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    collecting = gc.isenabled()
    if _command_in(argv) in ONE_EVENT_COMMANDS:
        # One event in, one answer out, then the process ends: the cyclic collector would only
        # rescan the event's hundreds of thousands of acyclic records (a third of reading a large
        # TRF), and the command's modules as they are imported. Commands over many files (batch,
        # season, ladder) keep it.
        gc.disable()
    try:
        parser = build_parser(argv)
        args = parser.parse_args(argv)
        # Imported here, not at the top: `--help` and `--version` exit inside parse_args, and the
        # errors module pulls in dataclasses and typing (a quarter of a bare start-up).
        from rulesengine.cli.terminal import escaped_on_terminals  # noqa: PLC0415
        from rulesengine.errors import RulesEngineError  # noqa: PLC0415
        with escaped_on_terminals():   # a name's control characters are shown, never obeyed
            try:
                return int(args.handler(args) or 0)
            except RulesEngineError as exc:
                print(f"rulesengine: {exc}" if "\n" not in str(exc) else str(exc), file=sys.stderr)
                return 2
            except BrokenPipeError:
                return 0
            finally:
                _warn_about_plugins()
    finally:
        if collecting:
            gc.enable()  # as found: `main` is also called in-process (tests, scripts)


def _warn_about_plugins() -> None:
    """Say on stderr when RULESENGINE_PLUGINS names a plugin that is not installed.

    Broken plugins are not warned about on every command: they are listed by `rulesengine plugins`
    and named in the error when a command asks for something they might provide.
    """
    registry_module = sys.modules.get("rulesengine.registry")
    if registry_module is None or not registry_module.default_registry.cache_info().currsize:
        return
    for info in registry_module.default_registry().infos.values():  # not `.broken`: that calls every hook
        if info.broken and info.distribution == "?":
            print(f"rulesengine: warning: {info.label}: {info.broken}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
