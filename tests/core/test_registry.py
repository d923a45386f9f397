"""The plugin registry: built-ins through entry points, third-party limits, clashes, spec parsing."""

from __future__ import annotations

import types

import pytest

from rulesengine import hookimpl
from rulesengine.errors import PluginError, UsageError
from rulesengine.registry import build_registry
from rulesengine.tiebreak import TiebreakOutcome, TiebreakRule, parse_spec


def _plugin_with_code(code: str) -> types.SimpleNamespace:
    rule = TiebreakRule(code, "test rule", "test art. 1", lambda spec, ctx: TiebreakOutcome({}))

    @hookimpl
    def rulesengine_tiebreaks():
        return [rule]

    return types.SimpleNamespace(rulesengine_tiebreaks=rulesengine_tiebreaks)


def test_builtin_plugins_load_through_entry_points(registry):
    names = {info.name for info in registry.plugin_list() if info.builtin}
    assert {"fide", "uschess", "club", "ratings", "trf"} <= names
    fide = next(i for i in registry.plugin_list() if i.name == "fide")
    assert fide.distribution == "chess-rulesengine" and {"PTS", "BH", "SB"} <= set(fide.tiebreaks)
    assert "trf" in registry.formats


def test_two_plugins_with_the_same_code_is_an_error_naming_both():
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("federation_x", _plugin_with_code("BH"))])
    with pytest.raises(PluginError) as err:
        registry.tiebreaks  # hooks are called when their records are first needed
    assert "'BH'" in str(err.value) and "'fide'" in str(err.value) and "'federation_x'" in str(err.value)


def test_an_extra_plugin_adds_its_code():
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fedx", _plugin_with_code("XQ"))])
    assert registry.tiebreak("xq").name == "test rule"
    assert any(i.name == "fedx" and i.tiebreaks == ["XQ"] for i in registry.plugin_list())


@pytest.mark.parametrize("text", ["BH-C1", "BH/C1", "BH#C1", "bh/c1", " Bh-c1 "])
def test_spec_spellings_are_accepted_and_canonical(text):
    assert str(parse_spec(text)) == "BH/C1"


def test_koya_limit_with_a_minus_sign_survives_parsing():
    spec = parse_spec("KS-L-2")
    assert spec.code == "KS" and spec.modifiers == ("L-2",)
    assert parse_spec("ARO/C1/V0").modifiers == ("C1", "V0")


def test_unknown_code_lists_the_known_codes(registry):
    with pytest.raises(UsageError) as err:
        registry.resolve_specs(["NOPE"])
    message = str(err.value)
    assert "unknown tie-break code 'NOPE'" in message and "BH" in message and "SB" in message
    assert "\n" not in message


def test_modifier_not_allowed_is_refused(registry):
    with pytest.raises(UsageError, match="not allowed for PTS"):
        registry.resolve_specs(["PTS/C1"])


def test_bad_modifier_syntax_is_refused():
    with pytest.raises(UsageError, match="is not a modifier"):
        parse_spec("BH/C1X")


def test_a_plugin_computes_with_the_cyclic_collector_paused_and_finds_it_restored():
    """The one pause (`registry._guarded`, see `rulesengine.collector`): a plugin's computation
    runs with the collector off, which is as it was afterwards -- on, or off when the caller had
    turned it off -- also when the plugin fails."""
    import gc

    seen = []

    def compute(spec, context):
        seen.append(gc.isenabled())
        if len(seen) == 3:
            raise ValueError("a plugin's bug")
        return TiebreakOutcome({})

    @hookimpl
    def rulesengine_tiebreaks():
        return [TiebreakRule("XQ", "test rule", "test art. 1", compute)]

    plugin = types.SimpleNamespace(rulesengine_tiebreaks=rulesengine_tiebreaks)
    rule = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fedx", plugin)]).tiebreak("XQ")
    was = gc.isenabled()
    try:
        gc.enable()
        rule.compute(parse_spec("XQ"), None)
        assert gc.isenabled()
        gc.disable()
        rule.compute(parse_spec("XQ"), None)
        assert not gc.isenabled()
        gc.enable()
        with pytest.raises(PluginError):
            rule.compute(parse_spec("XQ"), None)
        assert gc.isenabled() and seen == [False, False, False]
    finally:
        (gc.enable if was else gc.disable)()
