"""The plugin registry: one pluggy PluginManager, plugins from the `rulesengine` entry-point group.

Built-in plugins (FIDE, US Chess, club ladder, TRF format, crosstable layouts) are entry points of
this project's own distribution, loaded exactly like third-party ones. `RULESENGINE_PLUGINS` limits
third-party loading: unset loads every plugin installed; `builtin` (or empty) loads only the
built-ins; a comma-separated list loads the built-ins plus the named entry points or
distributions (a name that matches no installed plugin is listed as "not installed").

The boundary. Everything a plugin hands over is checked here, once, at load time, and every
failure names the plugin, its distribution and version:

* a hook function the specs do not know (a misspelled `rulesengine_tiebreak`) or with the wrong
  arguments (pluggy's `check_pending` / registration check), a module that raises on import, a
  hook that raises or returns something other than a list of its record type, a record whose
  code `parse_spec` could not parse or whose modifiers are not single letters: the plugin is
  recorded as *broken* and contributes nothing. The other plugins keep working; a broken plugin
  is shown by `rulesengine plugins` and named when a command asks for a rule it may provide
  (`Registry.broken_note`). Built-in plugins are checked the same way.
* modifiers given as a string ("CMP") or a tuple are normalised to a frozenset at registration;
* every callable a record carries (`compute`, `explain`, `check_spec`, `rate`, `pair`, `read`,
  `detect`, ...) is wrapped: an exception escaping it becomes one `PluginError` naming the plugin
  and what it was doing, never a traceback. The engine's own errors (`InputError`, `UsageError`)
  pass through unchanged: they are a plugin's way of telling the user about bad input.
* two plugins registering the same name is fatal (`PluginError` naming both): which of the two a
  spec meant cannot be known, so no result would be trustworthy.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

import pluggy

from rulesengine import hookspecs
from rulesengine.collector import collector_paused
from rulesengine.errors import PluginError, RulesEngineError, UsageError
from rulesengine.tiebreak import (TiebreakLegend, TiebreakOutcome, TiebreakPreset, TiebreakRule, TiebreakSpec,
                                  parse_spec)

TYPE_CHECKING = False
if TYPE_CHECKING:   # imported when their hook is first collected (see `_Hook.record`), not at start-up
    from rulesengine.formats.base import TournamentFormat
    from rulesengine.pairing import PairingSystem
    from rulesengine.rating import RatingSystem
    from rulesengine.layout import CrosstableLayout

ENTRY_POINT_GROUP = "rulesengine"
PLUGINS_ENV = "RULESENGINE_PLUGINS"
OWN_DISTRIBUTION = "chess-rulesengine"
# Always registered, even when the installed metadata predates one of them (an editable install
# not reinstalled since a built-in was added) or the project runs from a source tree.
BUILTIN_MODULES = (
    ("trf", "rulesengine.formats.plugin"),
    ("fide", "rulesengine_fide.plugin"),
    # Before uschess, as in the installed metadata (alphabetical): its layouts are tried before the wall chart.
    ("layouts", "rulesengine.workbook.layouts.plugin"),
    ("team_layouts", "rulesengine.workbook.team.plugin"),
    ("uschess", "rulesengine_uschess.plugin"),
    ("club", "rulesengine_club.plugin"),
    ("ratings", "rulesengine_ratings.plugin"),
)
HOOK_PREFIX = "rulesengine_"


@dataclass
class PluginInfo:
    """What `rulesengine plugins` shows for one plugin. `broken` says why it contributes nothing."""

    name: str
    distribution: str
    version: str
    builtin: bool
    tiebreaks: list[str] = field(default_factory=list)
    team_tiebreaks: list[str] = field(default_factory=list)
    team_presets: list[str] = field(default_factory=list)
    presets: list[str] = field(default_factory=list)
    rating_systems: list[str] = field(default_factory=list)
    pairing_systems: list[str] = field(default_factory=list)
    team_pairing_systems: list[str] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)
    layouts: list[str] = field(default_factory=list)
    team_layouts: list[str] = field(default_factory=list)
    legends: int = 0
    broken: str = ""
    hooks_failed: bool = False  # broken by a hook's records (the plugin itself loaded)

    @property
    def label(self) -> str:
        """`plugin 'fide' (rulesengine 0.1.0)`: how every message names the plugin."""
        origin = f"{self.distribution} {self.version}".strip()
        return f"plugin {self.name!r} ({origin})"


# ---------------------------------------------------------------- the boundary: checking records


def _guarded(function: Callable | None, owner: PluginInfo, what: str, returns: type | None = None) -> Callable | None:
    """`function`, so that an exception escaping it (or a result of the wrong type) names the plugin.

    The one place the engine calls into a plugin, so also the one place the cyclic collector is
    paused for a plugin's computation (`rulesengine.collector`): plugins never do it themselves."""
    if function is None:
        return None

    @functools.wraps(function)
    def call(*args, **kwargs):
        try:
            with collector_paused():
                result = function(*args, **kwargs)
        except RulesEngineError:
            raise
        except Exception as exc:  # a plugin's bug must reach the user as one message, not a traceback
            raise PluginError(f"{owner.label} failed in {what}: {type(exc).__name__}: {exc}") from exc
        if returns is not None and not isinstance(result, returns):
            raise PluginError(f"{owner.label}: {what} returned {type(result).__name__}, "
                              f"not a {returns.__name__}")
        return result

    return call


def _text(record: Any, name: str, *, empty: bool = False) -> str:
    value = getattr(record, name)
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise ValueError(f"{name} must be a{'' if empty else ' non-empty'} string, got {value!r}")
    return value


def _callable(record: Any, name: str, *, optional: bool = False) -> None:
    value = getattr(record, name)
    if value is None and optional:
        return
    if not callable(value):
        raise ValueError(f"{name} must be a function, got {value!r}")


def _names(value: Any, what: str) -> tuple[str, ...]:
    """A tuple of strings from a tuple or list (a bare string is refused: its letters are not names)."""
    if isinstance(value, str) or not isinstance(value, (tuple, list)) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a tuple of strings, got {value!r}")
    return tuple(value)


def _descriptions(value: Any, what: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise ValueError(f"{what} must map names to one-line descriptions, got {value!r}")
    return dict(value)


def _modifier_letters(value: Any) -> frozenset[str]:
    """Modifiers as a frozenset of single capital letters; "CMP", ("C", "M") and {"C"} alike."""
    if isinstance(value, str):
        letters = list(value)
    elif isinstance(value, (frozenset, set, tuple, list)):
        letters = list(value)
    else:
        raise ValueError(f"modifiers must be letters (a frozenset such as frozenset('CM')), got {value!r}")
    for letter in letters:
        if not (isinstance(letter, str) and re.fullmatch(r"[A-Z]", letter)):
            raise ValueError(f"modifier {letter!r} is not a single capital letter (like C, M, P)")
    return frozenset(letters)


def _check_tiebreak(rule: TiebreakRule, owner: PluginInfo) -> TiebreakRule:
    code = _text(rule, "code")
    try:
        spec = parse_spec(code)
    except UsageError:
        spec = None
    if spec is None or spec.modifiers or spec.code != code:
        raise ValueError(f"code {code!r} is not a tie-break code `standings` can parse "
                         f"(a capital letter, then capitals or digits: BH, SB, QW, K2)")
    _text(rule, "name"), _text(rule, "article"), _text(rule, "description", empty=True)
    _callable(rule, "compute")
    for name in ("explain", "check_spec", "rule_set_in_force"):
        _callable(rule, name, optional=True)
    if not isinstance(rule.higher_is_better, bool):
        raise ValueError(f"higher_is_better must be True or False, got {rule.higher_is_better!r}")
    return dataclasses.replace(
        rule, modifiers=_modifier_letters(rule.modifiers),
        rule_sets=_names(rule.rule_sets, "rule_sets"), options=_descriptions(rule.options, "options"),
        compute=_guarded(rule.compute, owner, f"tie-break {code} compute", TiebreakOutcome),
        explain=_guarded(rule.explain, owner, f"tie-break {code} explain"),
        check_spec=_guarded(rule.check_spec, owner, f"tie-break {code} check_spec"),
        rule_set_in_force=_guarded(rule.rule_set_in_force, owner, f"tie-break {code} rule_set_in_force", str))


def _check_team_tiebreak(rule: Any, owner: PluginInfo) -> Any:
    code = _text(rule, "code")
    if not re.fullmatch(r"[A-Z][A-Z0-9]*", code):
        raise ValueError(f"team tie-break code {code!r} is not a capital letter, then capitals or digits")
    _text(rule, "name"), _text(rule, "article")
    _callable(rule, "compute")
    _callable(rule, "rule_set_in_force", optional=True)
    _callable(rule, "explain", optional=True)
    return dataclasses.replace(rule, compute=_guarded(rule.compute, owner, f"team tie-break {code} compute"),
                               explain=_guarded(rule.explain, owner, f"team tie-break {code} explain"),
                               rule_set_in_force=_guarded(rule.rule_set_in_force, owner,
                                                          f"team tie-break {code} rule_set_in_force", str))


def _check_team_preset(preset: Any, owner: PluginInfo) -> Any:
    """A team preset's name and its `specs_on` (called for each event's date: its codes are
    checked where it is used, among the team tie-breaks)."""
    name = _text(preset, "name")
    _text(preset, "description", empty=True)
    _callable(preset, "specs_on")
    if not isinstance(preset.default, bool):
        raise ValueError(f"default must be True or False, got {preset.default!r}")
    return dataclasses.replace(preset, specs_on=_guarded(preset.specs_on, owner, f"team preset {name} specs_on",
                                                         tuple))


def _check_preset(preset: TiebreakPreset, owner: PluginInfo) -> TiebreakPreset:
    _text(preset, "name"), _text(preset, "description", empty=True)
    specs = _names(preset.specs, "specs")
    for text in specs:
        parse_spec(text)  # the codes themselves are checked once every plugin is in (`_check_presets`)
    return dataclasses.replace(preset, specs=specs)


def _check_legend(legend: TiebreakLegend, owner: PluginInfo) -> TiebreakLegend:
    pattern = _text(legend, "pattern")
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"legend pattern {pattern!r} is not a regular expression: {exc}") from None
    parse_spec(_text(legend, "spec"))
    return legend


def _check_rating_system(system: RatingSystem, owner: PluginInfo) -> RatingSystem:
    from rulesengine.rating import RatingReport  # noqa: PLC0415 (with the rating records, see _Hook)
    name = _text(system, "name")
    _text(system, "description", empty=True)
    _callable(system, "rate")
    _callable(system, "explain", optional=True)
    return dataclasses.replace(
        system, rule_sets=_names(system.rule_sets, "rule_sets"), options=_descriptions(system.options, "options"),
        rate=_guarded(system.rate, owner, f"rating system {name} rate", RatingReport),
        explain=_guarded(system.explain, owner, f"rating system {name} explain"))


def _check_pairing_system(system: PairingSystem, owner: PluginInfo) -> PairingSystem:
    name = _text(system, "name")
    _callable(system, "pair")
    return dataclasses.replace(system, pair=_guarded(system.pair, owner, f"pairing system {name} pair", tuple))


def _check_team_pairing_system(system: Any, owner: PluginInfo) -> Any:
    name = _text(system, "name")
    _text(system, "description", empty=True)
    _callable(system, "pair_round")
    _callable(system, "check", optional=True)
    _callable(system, "explain", optional=True)
    return dataclasses.replace(system, pair_round=_guarded(system.pair_round, owner,
                                                           f"team pairing system {name} pair_round"),
                               check=_guarded(system.check, owner, f"team pairing system {name} check", list),
                               explain=_guarded(system.explain, owner, f"team pairing system {name} explain", str))


def _check_format(fmt: TournamentFormat, owner: PluginInfo) -> TournamentFormat:
    name = _text(fmt, "name")
    _callable(fmt, "read", optional=True)
    _callable(fmt, "write", optional=True)
    extensions = _names(fmt.extensions, "extensions")
    return dataclasses.replace(fmt, extensions=tuple(e.lower() for e in extensions),
                               read=_guarded(fmt.read, owner, f"format {name} read"),
                               write=_guarded(fmt.write, owner, f"format {name} write", str))


_LAYOUT_OPERATIONS = ("locate", "entry", "write", "export", "published")


def _check_layout(layout: CrosstableLayout, owner: PluginInfo) -> CrosstableLayout:
    name = _text(layout, "name")
    _text(layout, "description", empty=True)
    _text(layout, "round_columns")
    _text(layout, "unpaired")
    _callable(layout, "detect")
    _callable(layout, "read")
    for operation in _LAYOUT_OPERATIONS:
        _callable(layout, operation, optional=True)
    if len({getattr(layout, op) is None for op in ("locate", "entry", "write")}) > 1:
        raise ValueError("locate, entry and write come together (a layout paired round by round has all three)")
    return dataclasses.replace(layout, aliases=_names(layout.aliases, "aliases"),
                               detect=_guarded(layout.detect, owner, f"layout {name} detect", bool),
                               read=_guarded(layout.read, owner, f"layout {name} read"),
                               **{op: _guarded(getattr(layout, op), owner, f"layout {name} {op}")
                                  for op in _LAYOUT_OPERATIONS})


def _check_team_layout(layout: Any, owner: PluginInfo) -> Any:
    """A team layout's name, sheets and operations (detect and read required, export optional)."""
    name = _text(layout, "name")
    _text(layout, "description", empty=True)
    _callable(layout, "detect")
    _callable(layout, "read")
    _callable(layout, "export", optional=True)
    return dataclasses.replace(layout, aliases=_names(layout.aliases, "aliases"),
                               sheets=_names(layout.sheets, "sheets"),
                               detect=_guarded(layout.detect, owner, f"team layout {name} detect", bool),
                               read=_guarded(layout.read, owner, f"team layout {name} read"),
                               export=_guarded(layout.export, owner, f"team layout {name} export", dict))


@dataclass(frozen=True)
class _Hook:
    """One record-returning hook: its record type, where PluginInfo lists it, its key, its check.

    `record_type` is "module:Class": the module is imported when the hook's records are first
    collected, so a command that never asks for pairing systems or layouts does not import them.
    """

    name: str
    record_type: str
    info_field: str
    key: Callable[[Any], str]
    check: Callable[[Any, PluginInfo], Any]

    @property
    def record(self) -> type:
        module, _, name = self.record_type.partition(":")
        return getattr(importlib.import_module(module), name)


HOOKS = (
    _Hook("rulesengine_tiebreaks", "rulesengine.tiebreak:TiebreakRule", "tiebreaks", lambda r: r.code.upper(),
          _check_tiebreak),
    _Hook("rulesengine_team_tiebreaks", "rulesengine.team_tiebreak:TeamTiebreakRule", "team_tiebreaks",
          lambda r: r.code.upper(), _check_team_tiebreak),
    _Hook("rulesengine_team_tiebreak_presets", "rulesengine.team_tiebreak:TeamTiebreakPreset", "team_presets",
          lambda r: r.name.lower(), _check_team_preset),
    _Hook("rulesengine_tiebreak_presets", "rulesengine.tiebreak:TiebreakPreset", "presets", lambda r: r.name.lower(),
          _check_preset),
    _Hook("rulesengine_tiebreak_legends", "rulesengine.tiebreak:TiebreakLegend", "", lambda r: "", _check_legend),
    _Hook("rulesengine_rating_systems", "rulesengine.rating:RatingSystem", "rating_systems", lambda r: r.name.lower(),
          _check_rating_system),
    _Hook("rulesengine_pairing_systems", "rulesengine.pairing:PairingSystem", "pairing_systems",
          lambda r: r.name.lower(), _check_pairing_system),
    _Hook("rulesengine_team_pairing_systems", "rulesengine.team_pairing:TeamPairingSystem", "team_pairing_systems",
          lambda r: r.name.lower(), _check_team_pairing_system),
    _Hook("rulesengine_formats", "rulesengine.formats.base:TournamentFormat", "formats", lambda r: r.name.lower(),
          _check_format),
    _Hook("rulesengine_crosstable_layouts", "rulesengine.layout:CrosstableLayout", "layouts",
          lambda r: r.name.lower(), _check_layout),
    _Hook("rulesengine_team_layouts", "rulesengine.team_layout:TeamLayout", "team_layouts",
          lambda r: r.name.lower(), _check_team_layout),
)


def _records_of(plugin: Any, info: PluginInfo, manager: pluggy.PluginManager, hook: "_Hook") -> list:
    """Call one hook of the plugin and check what it returns; ValueError says what failed."""
    found: list = []
    record_type = None
    for impl in getattr(manager.hook, hook.name).get_hookimpls():
        if impl.plugin is not plugin:
            continue
        record_type = record_type or hook.record
        try:
            returned = impl.function()
        except RulesEngineError as exc:
            raise ValueError(f"hook {hook.name} failed: {exc}") from exc
        except Exception as exc:
            raise ValueError(f"hook {hook.name} raised {type(exc).__name__}: {exc}") from exc
        if returned is None:
            continue
        if isinstance(returned, (str, bytes, dict)) or not isinstance(returned, Iterable):
            raise ValueError(f"hook {hook.name} returned {type(returned).__name__}, "
                             f"not a list of {hook.record.__name__}")
        checked = []
        for position, record in enumerate(returned):
            if not isinstance(record, record_type):
                raise ValueError(f"hook {hook.name} item {position + 1} is a {type(record).__name__}, "
                                 f"not a {record_type.__name__}")
            try:
                checked.append(hook.check(record, info))
            except (ValueError, UsageError) as exc:
                raise ValueError(f"hook {hook.name}: {hook.record.__name__} "
                                 f"{_record_name(hook, record)}: {exc}") from exc
        found.extend(checked)
    return found


def _record_name(hook: _Hook, record: Any) -> str:
    try:
        return repr(hook.key(record)) if hook.info_field else repr(record.spec)
    except Exception:
        return "?"


class Registry:
    """Every rule the loaded plugins provide, by name, with who provided it.

    Each hook is called the first time its records are needed (`standings` never calls the
    rating hooks, so the rating modules are not imported): a hook that fails or returns a bad
    record then marks its plugin broken and that hook's records are refused. `plugin_list()` and
    `broken` call every hook, so `rulesengine plugins` shows every problem.
    """

    def __init__(self, manager: pluggy.PluginManager, infos: dict[str, PluginInfo],
                 plugins: dict[str, Any] | None = None):
        self.manager = manager
        self.infos = infos
        self._plugins = plugins if plugins is not None else {}
        self._collected: dict[str, Any] = {}

    def _records(self, hook: _Hook) -> dict[str, list]:
        """Each working plugin's checked records of one hook, in load order."""
        found: dict[str, list] = {}
        for plugin_name, plugin in self._plugins.items():
            info = self.infos[plugin_name]
            if info.broken and not info.hooks_failed:
                continue  # broken while loading: registered nothing
            try:
                found[plugin_name] = _records_of(plugin, info, self.manager, hook)
            except ValueError as exc:
                info.broken = "; ".join(filter(None, (info.broken, str(exc))))
                info.hooks_failed = True
        return found

    def _collect(self, hook_name: str) -> Any:
        if hook_name in self._collected:
            return self._collected[hook_name]
        hook = next(h for h in HOOKS if h.name == hook_name)
        records = self._records(hook)
        if not hook.info_field:  # legends: a list, tried in order
            result: Any = [legend for per_plugin in records.values() for legend in per_plugin]
            for plugin_name, per_plugin in records.items():
                self.infos[plugin_name].legends = len(per_plugin)
        else:
            result = {}
            owner: dict[str, str] = {}
            for plugin_name, per_plugin in records.items():
                for record in per_plugin:
                    name = hook.key(record)
                    if name in result:
                        first, second = self.infos[owner[name]], self.infos[plugin_name]
                        raise PluginError(f"{hook.info_field.replace('_', ' ')} name {name!r} is registered by both "
                                          f"{first.label} and {second.label}")
                    result[name] = record
                    owner[name] = plugin_name
                    getattr(self.infos[plugin_name], hook.info_field).append(name)
        self._collected[hook_name] = result
        if hook_name == "rulesengine_tiebreak_presets":
            self._check_presets()
        return result

    @property
    def tiebreaks(self) -> dict[str, TiebreakRule]:
        return self._collect("rulesengine_tiebreaks")

    @property
    def team_tiebreaks(self) -> dict[str, Any]:
        return self._collect("rulesengine_team_tiebreaks")

    @property
    def team_presets(self) -> dict[str, Any]:
        return self._collect("rulesengine_team_tiebreak_presets")

    @property
    def presets(self) -> dict[str, TiebreakPreset]:
        return self._collect("rulesengine_tiebreak_presets")

    @property
    def legends(self) -> list[TiebreakLegend]:
        return self._collect("rulesengine_tiebreak_legends")

    @property
    def rating_systems(self) -> dict[str, RatingSystem]:
        return self._collect("rulesengine_rating_systems")

    @property
    def pairing_systems(self) -> dict[str, PairingSystem]:
        return self._collect("rulesengine_pairing_systems")

    @property
    def team_pairing_systems(self) -> dict[str, Any]:
        return self._collect("rulesengine_team_pairing_systems")

    @property
    def formats(self) -> dict[str, TournamentFormat]:
        return self._collect("rulesengine_formats")

    @property
    def layouts(self) -> dict[str, CrosstableLayout]:
        return self._collect("rulesengine_crosstable_layouts")

    @property
    def team_layouts(self) -> dict[str, Any]:
        return self._collect("rulesengine_team_layouts")

    def load_everything(self) -> None:
        """Call every hook now (what listing the plugins needs); raises PluginError on a clash."""
        for hook in HOOKS:
            self._collect(hook.name)

    def _check_presets(self) -> None:
        presets = self._collected["rulesengine_tiebreak_presets"]
        for name, preset in list(presets.items()):
            unknown = [text for text in preset.specs if parse_spec(text).code not in self.tiebreaks
                       and text.lower() not in presets]
            if unknown:
                owner = next(i for i in self.infos.values() if name in i.presets)
                owner.broken = owner.broken or (f"preset {name!r} names tie-break(s) no plugin provides: "
                                                f"{', '.join(unknown)}")
                owner.presets.remove(name)
                del presets[name]

    # ------------------------------------------------------------ look-ups

    @property
    def broken(self) -> list[PluginInfo]:
        self.load_everything()
        return [info for info in self.infos.values() if info.broken]

    def broken_note(self) -> str:
        """"; broken plugins: ..." for messages about something not found, else ""."""
        if not self.broken:
            return ""
        return "; not loaded because broken: " + "; ".join(f"{i.label}: {i.broken}" for i in self.broken)

    def tiebreak(self, code: str) -> TiebreakRule:
        rule = self.tiebreaks.get(code.upper())
        if rule is None:
            raise UsageError(f"unknown tie-break code {code!r}; known codes: {', '.join(sorted(self.tiebreaks))}"
                             + (f"; presets: {', '.join(sorted(self.presets))}" if self.presets else "")
                             + self.broken_note())
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
            raise UsageError(f"unknown rating system {name!r}; known: {', '.join(sorted(self.rating_systems)) or 'none'}"
                             + self.broken_note())
        return system

    def pairing_system(self, name: str) -> PairingSystem:
        system = self.pairing_systems.get(name.lower())
        if system is None:
            raise UsageError(f"unknown pairing system {name!r}; known: {', '.join(sorted(self.pairing_systems)) or 'none'}"
                             + self.broken_note())
        return system

    def team_pairing_system(self, name: str) -> Any:
        system = self.team_pairing_systems.get(name.lower())
        if system is None:
            raise UsageError(f"unknown team pairing system {name!r}; known: "
                             f"{', '.join(sorted(self.team_pairing_systems)) or 'none'}" + self.broken_note())
        return system

    def layout(self, name: str) -> CrosstableLayout:
        """A crosstable layout by name or alias ("swiss-manager", "chess-results", "rr", ...)."""
        key = name.strip().lower()
        for layout in self.layouts.values():
            if key in {layout.name.lower(), layout.name.lower().replace("_", " "),
                       layout.name.lower().replace("_", "-"), *(a.lower() for a in layout.aliases)}:
                return layout
        raise UsageError(f"unknown crosstable layout {name!r}; known: {', '.join(self.layouts)}" + self.broken_note())

    def format_for(self, path: str | Path, name: str | None = None) -> TournamentFormat:
        """The format named, or the one whose extension the path has (TRF when nothing matches)."""
        if name:
            fmt = self.formats.get(name.lower())
            if fmt is None:
                raise UsageError(f"unknown format {name!r}; known: {', '.join(sorted(self.formats))}"
                                 + self.broken_note())
            return fmt
        suffix = Path(path).suffix.lower()
        for fmt in self.formats.values():
            if suffix in fmt.extensions and fmt.read is not None:
                return fmt
        if "trf" not in self.formats:
            raise UsageError(f"no format reads {suffix or 'files without an extension'}" + self.broken_note())
        return self.formats["trf"]

    def plugin_list(self) -> list[PluginInfo]:
        self.load_everything()
        return sorted(self.infos.values(), key=lambda i: (not i.builtin, i.name))

    def provider(self, info_field: str, name: str) -> PluginInfo | None:
        """The plugin that registered `name` among its `info_field` ("tiebreaks", "rating_systems", ...)."""
        getattr(self, info_field)
        for info in self.infos.values():
            if name in getattr(info, info_field):
                return info
        return None


# ---------------------------------------------------------------- loading


def _wanted_third_party(env: str | None) -> set[str] | None:
    """None = load every third-party plugin; else the set of names allowed."""
    if env is None:
        return None
    return {name.strip().lower() for name in env.split(",") if name.strip() and name.strip().lower() != "builtin"}


def _register(manager: pluggy.PluginManager, plugin: Any, info: PluginInfo) -> None:
    """Register one plugin and check its hook names; ValueError says what is wrong (its records are
    checked when the registry first needs them)."""
    known = sorted(name for name in dir(hookspecs) if name.startswith(HOOK_PREFIX))
    try:
        manager.register(plugin, name=info.name)
    except pluggy.PluginValidationError as exc:
        raise ValueError(f"{exc}") from None
    try:
        manager.check_pending()
    except pluggy.PluginValidationError:
        manager.unregister(plugin)
        raise ValueError(_unknown_hooks(plugin, known)) from None
    # A function named like a hook but without @hookimpl is ignored by pluggy: say so too.
    unmarked = [name for name in dir(plugin) if name.startswith(HOOK_PREFIX) and callable(getattr(plugin, name, None))
                and manager.parse_hookimpl_opts(plugin, name) is None]
    misspelled = [name for name in unmarked if name not in known]
    if misspelled:
        manager.unregister(plugin)
        raise ValueError(_unknown_hooks(plugin, known, misspelled))


def _unknown_hooks(plugin: Any, known: list[str], names: list[str] | None = None) -> str:
    names = names or [name for name in dir(plugin) if name.startswith(HOOK_PREFIX) and name not in known]
    return (f"{'hook' if len(names) == 1 else 'hooks'} {', '.join(names)} "
            f"{'is' if len(names) == 1 else 'are'} not a rulesengine hook; known hooks: {', '.join(known)}")


def _load(manager: pluggy.PluginManager, infos: dict[str, PluginInfo], plugins: dict[str, Any],
          info: PluginInfo, load: Callable[[], Any]) -> None:
    """Import and register one plugin; a failure marks it broken instead of stopping the others."""
    infos[info.name] = info
    try:
        plugin = load()
    except Exception as exc:  # a broken plugin must not hide behind a traceback, nor stop the others
        info.broken = f"failed to load: {type(exc).__name__}: {exc}"
        return
    try:
        _register(manager, plugin, info)
    except ValueError as exc:
        info.broken = str(exc)
        return
    plugins[info.name] = plugin


def build_registry(environ: dict[str, str] | None = None,
                   extra_plugins: Iterable[tuple[str, object]] = ()) -> Registry:
    """Load plugins and return a fresh Registry.

    Tests pass `environ` and `extra_plugins`: (name, plugin object or module name) pairs registered
    after the installed plugins, exactly as an installed plugin would be (a plugin's own test
    suite does the same, see examples/plugin-example/README.md).
    """
    from rulesengine.plugin_index import installed_entry_points  # noqa: PLC0415 (lighter than importlib.metadata)
    environ = os.environ if environ is None else environ
    allowed = _wanted_third_party(environ.get(PLUGINS_ENV))
    manager = pluggy.PluginManager("rulesengine")
    manager.add_hookspecs(hookspecs)
    infos: dict[str, PluginInfo] = {}
    plugins: dict[str, Any] = {}

    entry_points = installed_entry_points(ENTRY_POINT_GROUP)
    own = [ep for ep in entry_points if _is_own(ep.distribution)]
    builtin_modules = dict((ep.name, ep.value) for ep in own)
    for name, module_name in BUILTIN_MODULES:
        builtin_modules.setdefault(name, module_name)
    version = _own_version()
    for name, module_name in builtin_modules.items():
        _load(manager, infos, plugins, PluginInfo(name, OWN_DISTRIBUTION, version, builtin=True),
              functools.partial(importlib.import_module, module_name))

    matched: set[str] = set()
    for ep in entry_points:
        if _is_own(ep.distribution):
            continue
        if allowed is not None and ep.name.lower() not in allowed and ep.distribution.lower() not in allowed:
            continue
        matched |= {ep.name.lower(), ep.distribution.lower()}
        if ep.name in infos:
            raise PluginError(f"plugin name {ep.name!r} of distribution {ep.distribution!r} clashes with the plugin "
                              f"of that name from {infos[ep.name].distribution!r}")
        _load(manager, infos, plugins, PluginInfo(ep.name, ep.distribution, ep.version, builtin=False), ep.load)

    for name in sorted((allowed or set()) - matched):
        infos[name] = PluginInfo(name, "?", "", builtin=False,
                                 broken=f"named in {PLUGINS_ENV} but not installed (no entry point or distribution "
                                        f"{name!r} in the {ENTRY_POINT_GROUP!r} group)")

    for name, plugin in extra_plugins:  # an object, or a module name to import (its failure is a load failure)
        load = functools.partial(importlib.import_module, plugin) if isinstance(plugin, str) else (lambda p=plugin: p)
        _load(manager, infos, plugins, PluginInfo(name, "(registered in process)", "", builtin=False), load)
    return Registry(manager, infos, plugins)


def _is_own(distribution: str) -> bool:
    return re.sub(r"[-_.]+", "-", distribution).lower() == re.sub(r"[-_.]+", "-", OWN_DISTRIBUTION).lower()


def _own_version() -> str:
    from rulesengine import __version__
    return __version__


@lru_cache(maxsize=1)
def default_registry() -> Registry:
    """The registry of this process, loaded once."""
    return build_registry()
