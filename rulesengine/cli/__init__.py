"""The `rulesengine` command. Each sub-command lives in its own module with `register(subparsers)`.

Errors for people (bad input, unknown codes, plugin clashes) are printed as one line each with
exit status 2; nothing else reaches the user as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from rulesengine import __version__
from rulesengine.errors import RulesEngineError

# Sub-command modules, in the order `--help` lists them.
COMMAND_MODULES = (
    "rulesengine.cli.standings",
    "rulesengine.cli.explain",
    "rulesengine.cli.rate",
    "rulesengine.cli.recalc",
    "rulesengine.cli.plugins",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulesengine",
                                     description="Chess tournament rules engine: standings, tie-breaks, ratings.")
    parser.add_argument("--version", action="version", version=f"rulesengine {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except RulesEngineError as exc:
        print(f"rulesengine: {exc}" if "\n" not in str(exc) else str(exc), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
