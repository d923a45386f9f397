"""The plugin registry: one pluggy PluginManager, plugins from the `rulesengine` entry-point group.

Built-in plugins (FIDE, US Chess, club ladder, TRF format) are entry points of this project's own
distribution, loaded exactly like third-party ones. `RULESENGINE_PLUGINS` limits third-party
loading: unset loads every plugin installed; `builtin` (or empty) loads only the built-ins;
a comma-separated list loads the built-ins plus the named entry points or distributions.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Iterable

import pluggy

from rulesengine import hookspecs
from rulesengine.errors import PluginError, UsageError
from rulesengine.formats.base import TournamentFormat
from rulesengine.pairing import PairingSystem
from rulesengine.rating import RatingSystem
import re

from rulesengine.tiebreak import TiebreakLegend, TiebreakPreset, TiebreakRule, TiebreakSpec, parse_spec

ENTRY_POINT_GROUP = "rulesengine"
PLUGINS_ENV = "RULESENGINE_PLUGINS"
OWN_DISTRIBUTION = "chess-rulesengine"
# Used only when the project runs from a source tree without being installed.
BUILTIN_MODULES = (
    ("trf", "rulesengine.formats.plugin"),
    ("fide", "rulesengine_fide.plugin"),
    ("uschess", "rulesengine_uschess.plugin"),
    ("club", "rulesengine_club.plugin"),
    ("ratings", "rulesengine_ratings.plugin"),
)


@dataclass
class PluginInfo:
    """What `rulesengine plugins` shows for one loaded plugin."""

    name: str
    distribution: str
    version: str
    builtin: bool
    tiebreaks: list[str] = field(default_factory=list)
    presets: list[str] = field(default_factory=list)
    rating_systems: list[str] = field(default_factory=list)
    pairing_systems: list[str] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)


class Registry:
    """Every rule the loaded plugins provide, by name, with who provided it."""

    def __init__(self, manager: pluggy.PluginManager, infos: dict[str, PluginInfo]):
        self.manager = manager
        self.infos = infos
        self.tiebreaks: dict[str, TiebreakRule] = self._collect("rulesengine_tiebreaks", "tiebreaks",
                                                                 lambda r: r.code.upper())
        self.presets: dict[str, TiebreakPreset] = self._collect("rulesengine_tiebreak_presets", "presets",
                                                                lambda r: r.name.lower())
        self.rating_systems: dict[str, RatingSystem] = self._collect("rulesengine_rating_systems",
                                                                     "rating_systems", lambda r: r.name.lower())
        self.pairing_systems: dict[str, PairingSystem] = self._collect("rulesengine_pairing_systems",
                                                                       "pairing_systems", lambda r: r.name.lower())
        self.formats: dict[str, TournamentFormat] = self._collect("rulesengine_formats", "formats",
                                                                  lambda r: r.name.lower())
        self.legends: list[TiebreakLegend] = [legend for impl in reversed(
            self.manager.hook.rulesengine_tiebreak_legends.get_hookimpls()) for legend in (impl.function() or ())]

    def _collect(self, hook_name: str, info_field: str, key) -> dict:
        found: dict = {}
        owner: dict[str, str] = {}
        for impl in getattr(self.manager.hook, hook_name).get_hookimpls():
            plugin_name = impl.plugin_name
            for record in impl.function() or ():
                name = key(record)
                if name in found:
                    raise PluginError(f"{info_field.replace('_', ' ')} name {name!r} is registered by both "
                                      f"plugin {owner[name]!r} and plugin {plugin_name!r}")
                found[name] = record
                owner[name] = plugin_name
                info = self.infos.get(plugin_name)
                if info is not None:
                    getattr(info, info_field).append(name)
        return found

    # ------------------------------------------------------------ look-ups

    def tiebreak(self, code: str) -> TiebreakRule:
        rule = self.tiebreaks.get(code.upper())
        if rule is None:
            raise UsageError(f"unknown tie-break code {code!r}; known codes: {', '.join(sorted(self.tiebreaks))}"
                             + (f"; presets: {', '.join(sorted(self.presets))}" if self.presets else ""))
        return rule

    def resolve_specs(self, texts: Iterable[str]) -> list[TiebreakSpec]:
        """Parse, expand presets and validate a list of tie-break specs."""
        specs: list[TiebreakSpec] = []
        for text in texts:
            text = text.strip()
            if not text:
                continue
            preset = self.presets.get(text.lower())
            if preset is not None:
                specs.extend(self.resolve_specs(preset.specs))
                continue
            spec = parse_spec(text)
            self.tiebreak(spec.code).validate(spec)
            specs.append(spec)
        return specs

    def spec_for_legend(self, text: str) -> str | None:
        """The tie-break spec a published legend line names ("Buchholz Cut 1" -> "BH/C1"), or None."""
        for legend in self.legends:
            if re.search(legend.pattern, text, re.IGNORECASE):
                return legend.spec
        return None

    def rating_system(self, name: str) -> RatingSystem:
        system = self.rating_systems.get(name.lower())
        if system is None:
            raise UsageError(f"unknown rating system {name!r}; known: {', '.join(sorted(self.rating_systems)) or 'none'}")
        return system

    def pairing_system(self, name: str) -> PairingSystem:
        system = self.pairing_systems.get(name.lower())
        if system is None:
            raise UsageError(f"unknown pairing system {name!r}; known: {', '.join(sorted(self.pairing_systems)) or 'none'}")
        return system

    def format_for(self, path: str | Path, name: str | None = None) -> TournamentFormat:
        """The format named, or the one whose extension the path has (TRF when nothing matches)."""
        if name:
            fmt = self.formats.get(name.lower())
            if fmt is None:
                raise UsageError(f"unknown format {name!r}; known: {', '.join(sorted(self.formats))}")
            return fmt
        suffix = Path(path).suffix.lower()
        for fmt in self.formats.values():
            if suffix in fmt.extensions and fmt.read is not None:
                return fmt
        return self.formats["trf"]

    def plugin_list(self) -> list[PluginInfo]:
        return sorted(self.infos.values(), key=lambda i: (not i.builtin, i.name))


def _wanted_third_party(env: str | None) -> set[str] | None:
    """None = load every third-party plugin; else the set of names allowed."""
    if env is None:
        return None
    return {name.strip().lower() for name in env.split(",") if name.strip() and name.strip().lower() != "builtin"}


def build_registry(environ: dict[str, str] | None = None,
                   extra_plugins: Iterable[tuple[str, object]] = ()) -> Registry:
    """Load plugins and return a fresh Registry (tests pass `environ` and `extra_plugins`)."""
    environ = os.environ if environ is None else environ
    allowed = _wanted_third_party(environ.get(PLUGINS_ENV))
    manager = pluggy.PluginManager("rulesengine")
    manager.add_hookspecs(hookspecs)
    infos: dict[str, PluginInfo] = {}

    entry_points = metadata.entry_points(group=ENTRY_POINT_GROUP)
    own = [ep for ep in entry_points if ep.dist is not None and ep.dist.name == OWN_DISTRIBUTION]
    builtin_modules = [(ep.name, ep.value) for ep in own] or list(BUILTIN_MODULES)
    version = _own_version()
    for name, module_name in builtin_modules:
        manager.register(importlib.import_module(module_name), name=name)
        infos[name] = PluginInfo(name, OWN_DISTRIBUTION, version, builtin=True)

    for ep in entry_points:
        dist = ep.dist.name if ep.dist is not None else "?"
        if dist == OWN_DISTRIBUTION:
            continue
        if allowed is not None and ep.name.lower() not in allowed and dist.lower() not in allowed:
            continue
        if ep.name in infos:
            raise PluginError(f"plugin name {ep.name!r} of distribution {dist!r} clashes with the plugin "
                              f"of that name from {infos[ep.name].distribution!r}")
        try:
            plugin = ep.load()
        except Exception as exc:  # a broken third-party plugin must not hide behind a traceback
            raise PluginError(f"plugin {ep.name!r} from distribution {dist!r} failed to load: {exc}") from exc
        manager.register(plugin, name=ep.name)
        infos[ep.name] = PluginInfo(ep.name, dist, ep.dist.version if ep.dist is not None else "?", builtin=False)

    for name, plugin in extra_plugins:
        manager.register(plugin, name=name)
        infos[name] = PluginInfo(name, "(registered in process)", "", builtin=False)
    return Registry(manager, infos)


def _own_version() -> str:
    try:
        return metadata.version(OWN_DISTRIBUTION)
    except metadata.PackageNotFoundError:
        from rulesengine import __version__
        return __version__


@lru_cache(maxsize=1)
def default_registry() -> Registry:
    """The registry of this process, loaded once."""
    return build_registry()
