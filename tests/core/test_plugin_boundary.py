"""The plugin boundary (issue 9): every way a plugin can be broken gives one message naming it.

The broken plugins are tiny modules under `broken_plugins/broken_rulesengine_plugins`, each with
one thing wrong. In-process they are registered by module name (so an import failure is a load
failure); `test_broken_plugins_installed_in_a_venv` installs them as a distribution and runs the
command line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from venv_helper import fresh_venv  # noqa: E402

from rulesengine import registry as registry_module  # noqa: E402
from rulesengine.cli import main
from rulesengine.errors import PluginError, UsageError
from rulesengine.registry import build_registry
from rulesengine.testing import tournament_from_text

BROKEN = Path(__file__).resolve().parent / "broken_plugins"
PACKAGE = "broken_rulesengine_plugins"
EXAMPLE_EVENT = Path(__file__).resolve().parents[2] / "examples" / "riverside-open-2026.trf"


@pytest.fixture
def load(monkeypatch):
    """`load("bad_code", ...)`: a registry of the built-ins plus the named broken modules."""
    monkeypatch.syspath_prepend(str(BROKEN))

    def build(*modules: str):
        return build_registry({"RULESENGINE_PLUGINS": "builtin"},
                              extra_plugins=[(m, f"{PACKAGE}.{m}") for m in modules])
    return build


@pytest.fixture
def cli_registry(monkeypatch, load):
    """Make the CLI's registry the built-ins plus the named broken modules."""
    def use(*modules: str):
        registry = load(*modules)
        monkeypatch.setattr(registry_module, "build_registry", lambda *a, **k: registry)
        registry_module.default_registry.cache_clear()
        return registry
    yield use
    registry_module.default_registry.cache_clear()


def broken(registry, name: str) -> str:
    registry.plugin_list()  # calls every hook: records are checked when first needed
    info = registry.infos[name]
    assert info.broken, f"{name} should be broken"
    return info.broken


def test_a_misspelled_hook_names_the_plugin_and_the_known_hooks(load):
    registry = load("misspelled_hook")
    message = broken(registry, "misspelled_hook")
    assert "rulesengine_tiebreak " in message and "not a rulesengine hook" in message
    assert "known hooks: rulesengine_audit_explainers, rulesengine_crosstable_layouts, rulesengine_formats" in message
    assert "rulesengine_tiebreaks" in message and "MSP" not in registry.tiebreaks
    assert "BH" in registry.tiebreaks  # the other plugins work


def test_a_misspelled_hook_without_hookimpl_is_not_silently_ignored(load):
    message = broken(load("unmarked_hook"), "unmarked_hook")
    assert "rulesengine_tiebreakz" in message and "known hooks:" in message


def test_a_plugin_that_raises_on_import_is_broken_not_fatal(load):
    registry = load("raises_on_import")
    assert broken(registry, "raises_on_import") == "failed to load: RuntimeError: federation database not reachable"
    assert registry.tiebreak("BH").code == "BH"


def test_a_hook_that_raises_is_broken(load):
    message = broken(load("hook_raises"), "hook_raises")
    assert message == "hook rulesengine_tiebreaks raised ZeroDivisionError: division by zero"


def test_a_code_standings_could_never_parse_is_refused_at_registration(load):
    registry = load("bad_code")
    message = broken(registry, "bad_code")
    assert "TiebreakRule 'XB-C1'" in message and "not a tie-break code `standings` can parse" in message
    assert "XB-C1" not in registry.tiebreaks


@pytest.mark.parametrize("module, expected", [
    ("wrong_record", "hook rulesengine_tiebreaks item 1 is a RatingSystem, not a TiebreakRule"),
    ("not_a_list", "hook rulesengine_tiebreaks returned dict, not a list of TiebreakRule"),
    ("bad_modifiers", "modifier 'C1' is not a single capital letter"),
])
def test_a_bad_record_is_refused_with_what_is_wrong(load, module, expected):
    assert expected in broken(load(module), module)


def test_modifiers_as_a_string_or_a_tuple_are_normalised_to_a_frozenset(load):
    registry = load("string_modifiers")
    assert not registry.broken
    assert registry.tiebreak("SMD").modifiers == frozenset("CM")
    assert registry.tiebreak("TMD").modifiers == frozenset("CP")
    # ...so validation works later, instead of "C" in "CM"-style surprises.
    assert [str(s) for s in registry.resolve_specs(["SMD/C1/M1"])] == ["SMD/C1/M1"]
    with pytest.raises(UsageError, match="modifier P is not allowed for SMD"):
        registry.resolve_specs(["SMD/P"])


def test_an_exception_inside_compute_explain_rate_or_pair_names_the_plugin(load):
    from rulesengine import api
    from rulesengine.pairing import PairingRequest
    registry = load("compute_raises", "pair_raises")
    t = tournament_from_text(4, ["1-2 1-0, 3-4 ="])
    label = "plugin 'compute_raises' ((registered in process))"
    with pytest.raises(PluginError) as err:
        api.standings(t, ["CRX"], registry)
    assert str(err.value) == f"{label} failed in tie-break CRX compute: KeyError: 'missing'"
    with pytest.raises(PluginError, match="failed in tie-break CRX explain: ValueError: no breakdown today"):
        api.explain_tiebreak(t, "CRX", 1, registry, within=[])
    with pytest.raises(PluginError, match="tie-break WRT compute returned dict, not a TiebreakOutcome"):
        api.standings(t, ["WRT"], registry)
    with pytest.raises(PluginError, match="failed in rating system broken-rating rate: ArithmeticError"):
        api.rate(t, "broken-rating", {}, registry=registry)
    with pytest.raises(PluginError, match="plugin 'pair_raises' .* failed in pairing system broken-pairing pair: "
                                          "IndexError: no players left"):
        registry.pairing_system("broken-pairing").pair(PairingRequest(t, 2))


def test_the_engine_s_own_errors_from_a_plugin_pass_through_unchanged(load):
    registry = load()
    with pytest.raises(UsageError, match="needs a limit"):  # the FIDE plugin's check_spec, not a PluginError
        registry.resolve_specs(["KS/L"])


def test_cli_a_failing_compute_is_one_line_exit_2_and_other_commands_work(capsys, cli_registry):
    cli_registry("compute_raises", "raises_on_import")
    assert main(["standings", str(EXAMPLE_EVENT), "--tiebreaks", "BH,CRX"]) == 2
    err = capsys.readouterr().err
    assert err == ("rulesengine: plugin 'compute_raises' ((registered in process)) failed in tie-break CRX "
                   "compute: KeyError: 'missing'\n")
    assert main(["standings", str(EXAMPLE_EVENT), "--tiebreaks", "BH"]) == 0  # unrelated: works
    capsys.readouterr()
    assert main(["explain", str(EXAMPLE_EVENT), "--player", "1", "--tiebreak", "CRX", "--tiebreaks", "BH"]) == 2
    assert "failed in tie-break CRX explain: ValueError" in capsys.readouterr().err


def test_cli_an_unknown_code_names_the_broken_plugins(capsys, cli_registry):
    cli_registry("raises_on_import")
    assert main(["standings", str(EXAMPLE_EVENT), "--tiebreaks", "QW"]) == 2
    err = capsys.readouterr().err
    assert "unknown tie-break code 'QW'" in err and "not loaded because broken: plugin 'raises_on_import'" in err
    assert err.count("\n") == 1


def test_cli_plugins_lists_broken_plugins_with_why(capsys, cli_registry):
    cli_registry("bad_code", "misspelled_hook")
    assert main(["plugins", "--format", "json"]) == 0
    listed = {p["name"]: p for p in json.loads(capsys.readouterr().out)}
    assert "not a tie-break code" in listed["bad_code"]["broken"] and listed["fide"]["broken"] is None
    assert listed["fide"]["tiebreak_rule_sets"] == ["fide-2017-virtual-opponent", "fide-2024", "fide-2026"]
    assert main(["plugins"]) == 0
    assert "misspelled_hook  ((registered in process), third-party)\n  BROKEN, not loaded: hook" in \
        capsys.readouterr().out


def test_plugins_env_naming_an_uninstalled_plugin_says_so(capsys):
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin,no_such_plugin"})
    assert "named in RULESENGINE_PLUGINS but not installed" in registry.infos["no_such_plugin"].broken
    assert "BH" in registry.tiebreaks


def test_clashing_names_are_fatal_when_used_and_name_both_plugins(load):
    import importlib
    import types
    load()  # puts the broken plugins on sys.path
    module = importlib.import_module(f"{PACKAGE}.string_modifiers")
    twin = types.SimpleNamespace(rulesengine_tiebreaks=module.rulesengine_tiebreaks)
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("a", module), ("b", twin)])
    assert "club" in registry.rating_systems  # a clash among tie-breaks does not stop rating
    with pytest.raises(PluginError) as err:
        registry.tiebreaks
    assert str(err.value) == ("tiebreaks name 'SMD' is registered by both plugin 'a' ((registered in process)) "
                              "and plugin 'b' ((registered in process))")


# ---------------------------------------------------------------- installed, end to end


@pytest.fixture(scope="module")
def broken_venv(tmp_path_factory) -> Path:
    return fresh_venv(tmp_path_factory.mktemp("broken-env") / "venv", BROKEN)


def _run(python: Path, *args: str, plugins_env: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "RULESENGINE_PLUGINS"}
    if plugins_env is not None:
        env["RULESENGINE_PLUGINS"] = plugins_env
    return subprocess.run([str(python), "-m", "rulesengine.cli", *args], capture_output=True, text=True, env=env,
                          cwd="/")


def test_broken_plugins_installed_in_a_venv(broken_venv):
    listed = _run(broken_venv, "plugins", "--format", "json")
    assert listed.returncode == 0 and "Traceback" not in listed.stderr
    plugins = {p["name"]: p for p in json.loads(listed.stdout)}
    assert plugins["raises_on_import"]["distribution"] == "rulesengine-broken-plugins"
    assert plugins["raises_on_import"]["version"] == "0.0.1"
    assert "RuntimeError: federation database not reachable" in plugins["raises_on_import"]["broken"]
    assert "not a rulesengine hook" in plugins["misspelled_hook"]["broken"]
    assert "not a tie-break code" in plugins["bad_code"]["broken"]
    assert plugins["compute_raises"]["broken"] is None

    works = _run(broken_venv, "standings", str(EXAMPLE_EVENT), "--tiebreaks", "BH/C1", "--format", "json")
    assert works.returncode == 0, works.stderr
    fails = _run(broken_venv, "standings", str(EXAMPLE_EVENT), "--tiebreaks", "CRX")
    assert fails.returncode == 2 and "Traceback" not in fails.stderr
    assert fails.stderr == ("rulesengine: plugin 'compute_raises' (rulesengine-broken-plugins 0.0.1) failed in "
                            "tie-break CRX compute: KeyError: 'missing'\n")
    rating = _run(broken_venv, "rate", str(EXAMPLE_EVENT), "--system", "broken-rating")
    assert rating.returncode == 2 and "failed in rating system broken-rating rate: ArithmeticError" in rating.stderr

    missing = _run(broken_venv, "standings", str(EXAMPLE_EVENT), "--tiebreaks", "BH", plugins_env="compute_rais")
    assert missing.returncode == 0
    assert ("warning: plugin 'compute_rais' (?): named in RULESENGINE_PLUGINS but not installed"
            in missing.stderr)


def test_explain_rating_shows_what_the_system_explains_of_itself(capsys, cli_registry, monkeypatch):
    """The front end lays out a system's `RatingExplanation`; it reads no `extra` key itself."""
    import dataclasses
    import types

    from rulesengine.plugins import RatingExplanation, hookimpl

    def explain(report, player):
        return RatingExplanation(rating_before="Z 7", game_columns=("Zc",),
                                 game_cells={g.round: (f"z{g.round}",) for g in player.games})

    registry = cli_registry()
    elo = registry.rating_system("elo")
    plugin = types.SimpleNamespace(rulesengine_rating_systems=hookimpl(
        lambda: [dataclasses.replace(elo, name="zelo", explain=explain)]))
    with_zelo = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("zelo", plugin)])
    monkeypatch.setattr(registry_module, "build_registry", lambda *a, **k: with_zelo)
    registry_module.default_registry.cache_clear()
    assert main(["explain-rating", str(EXAMPLE_EVENT), "--system", "zelo", "--player", "1"]) == 0
    out = capsys.readouterr().out
    assert "Rating before the event: 2561   Z 7" in out
    assert "  Rating  Zc  Used  " in out and " 2448  z1  2448 " in out
