"""`rulesengine plugins`: every loaded plugin, its distribution and version, and what it provides."""

from __future__ import annotations

import argparse

from rulesengine.cli.common import print_json
from rulesengine.registry import default_registry


def register(subparsers) -> None:
    parser = subparsers.add_parser("plugins", help="list loaded plugins and the rules they provide")
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    infos = default_registry().plugin_list()
    if args.format == "json":
        print_json([{"name": i.name, "distribution": i.distribution, "version": i.version, "builtin": i.builtin,
                     "tiebreaks": i.tiebreaks, "tiebreak_presets": i.presets,
                     "rating_systems": i.rating_systems, "pairing_systems": i.pairing_systems,
                     "formats": i.formats} for i in infos])
        return 0
    for info in infos:
        origin = "built-in" if info.builtin else "third-party"
        print(f"{info.name}  ({info.distribution} {info.version}, {origin})")
        for label, names in (("tie-breaks", info.tiebreaks), ("tie-break presets", info.presets),
                             ("rating systems", info.rating_systems), ("pairing systems", info.pairing_systems),
                             ("formats", info.formats)):
            if names:
                print(f"  {label}: {', '.join(names)}")
    return 0
