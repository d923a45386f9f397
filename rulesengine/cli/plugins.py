"""`rulesengine plugins`: every plugin, its distribution and version, what it provides, and
whether it is broken (then why: it contributes nothing, the other plugins work as usual).

The listing is computed from the live registry (every hook of every plugin called) and kept by
`rulesengine.plugin_cache` for the next run, which then imports no plugin at all while nothing it
was computed from has changed.
"""

from __future__ import annotations

import argparse
import sys

from rulesengine import plugin_cache
from rulesengine.cli.json_output import print_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rulesengine.registry import PluginInfo, Registry


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


def plugin_rows(registry: Registry) -> list[dict]:
    """The listing: one row per plugin, in the shape of `--format json` (a contract)."""
    rows = []
    for i in registry.plugin_list():
        rule_sets, options = declared(registry, i)
        rows.append({"name": i.name, "distribution": i.distribution, "version": i.version, "builtin": i.builtin,
                     "tiebreaks": i.tiebreaks, "tiebreak_presets": i.presets,
                     "team_tiebreaks": i.team_tiebreaks, "team_tiebreak_presets": i.team_presets,
                     "rating_systems": i.rating_systems, "pairing_systems": i.pairing_systems,
                     "team_pairing_systems": i.team_pairing_systems, "formats": i.formats, "layouts": i.layouts, "team_layouts": i.team_layouts,
                     "tiebreak_rule_sets": rule_sets,
                     "tiebreak_options": options, "broken": i.broken or None})
    return rows


def listing() -> list[dict]:
    """The rows, from the cache when it still holds, else from the registry (then kept)."""
    rows = plugin_cache.load()
    if rows is None:
        from rulesengine.registry import default_registry  # noqa: PLC0415 (not needed when cached)
        rows = plugin_rows(default_registry())
        plugin_cache.store(rows)
    return rows


def run(args: argparse.Namespace) -> int:
    rows = listing()
    if args.format == "json":
        print_json(rows)
        return 0
    sys.stdout.write(table(rows))
    return 0


def table(rows: list[dict]) -> str:
    """The listing for people: a line per plugin, then what it provides."""
    out = []
    for row in rows:
        origin = "built-in" if row["builtin"] else "third-party"
        out.append(f"{row['name']}  ({row['distribution']} {row['version']}, {origin})".replace(" ,", ","))
        if row["broken"]:
            out.append(f"  BROKEN, not loaded: {row['broken']}")
        for label, key in (("tie-breaks", "tiebreaks"), ("tie-break presets", "tiebreak_presets"),
                           ("team tie-breaks", "team_tiebreaks"), ("team tie-break presets", "team_tiebreak_presets"),
                           ("tie-break rule sets (--rules)", "tiebreak_rule_sets"),
                           ("tie-break options (--option)", "tiebreak_options"),
                           ("rating systems", "rating_systems"), ("pairing systems", "pairing_systems"),
                           ("team pairing systems", "team_pairing_systems"), ("formats", "formats"), ("crosstable layouts", "layouts"),
                           ("team layouts", "team_layouts")):
            if row.get(key):   # a listing cached before a key was added lacks it
                out.append(f"  {label}: {', '.join(row[key])}")
    return "".join(line + "\n" for line in out)
