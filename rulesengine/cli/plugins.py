"""`rulesengine plugins`: every plugin, its distribution and version, what it provides, and
whether it is broken (then why: it contributes nothing, the other plugins work as usual)."""

from __future__ import annotations

import argparse

from rulesengine.cli.common import print_json
from rulesengine.registry import PluginInfo, Registry, default_registry


def register(subparsers) -> None:
    parser = subparsers.add_parser("plugins", help="list loaded plugins and the rules they provide")
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.set_defaults(handler=run)


def declared(registry: Registry, info: PluginInfo) -> tuple[list[str], dict[str, str]]:
    """The rule sets and options the plugin's tie-breaks declare (what `--rules` and `--option` accept)."""
    rule_sets: dict[str, None] = {}
    options: dict[str, str] = {}
    for code in info.tiebreaks:
        rule = registry.tiebreaks[code]
        rule_sets.update(dict.fromkeys(rule.rule_sets))
        for name, description in rule.options.items():
            options.setdefault(name, description)
    return list(rule_sets), options


def run(args: argparse.Namespace) -> int:
    registry = default_registry()
    infos = registry.plugin_list()
    if args.format == "json":
        rows = []
        for i in infos:
            rule_sets, options = declared(registry, i)
            rows.append({"name": i.name, "distribution": i.distribution, "version": i.version, "builtin": i.builtin,
                         "tiebreaks": i.tiebreaks, "tiebreak_presets": i.presets,
                         "rating_systems": i.rating_systems, "pairing_systems": i.pairing_systems,
                         "formats": i.formats, "layouts": i.layouts, "tiebreak_rule_sets": rule_sets,
                         "tiebreak_options": options, "broken": i.broken or None})
        print_json(rows)
        return 0
    for info in infos:
        origin = "built-in" if info.builtin else "third-party"
        print(f"{info.name}  ({info.distribution} {info.version}, {origin})".replace(" ,", ","))
        if info.broken:
            print(f"  BROKEN, not loaded: {info.broken}")
        rule_sets, options = declared(registry, info)
        for label, names in (("tie-breaks", info.tiebreaks), ("tie-break presets", info.presets),
                             ("tie-break rule sets (--rules)", rule_sets), ("tie-break options (--option)", options),
                             ("rating systems", info.rating_systems), ("pairing systems", info.pairing_systems),
                             ("formats", info.formats), ("crosstable layouts", info.layouts)):
            if names:
                print(f"  {label}: {', '.join(names)}")
    return 0
