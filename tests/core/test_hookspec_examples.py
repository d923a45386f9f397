"""Every hook is documented with an example (issue 9), and the examples are real: run together
as one plugin they register without a complaint from the boundary, and the tie-break computes."""

from __future__ import annotations

import inspect
import textwrap
import types

from rulesengine import hookspecs, plugins
from rulesengine.registry import build_registry
from rulesengine.testing import tournament_from_text

HOOKS = [name for name in dir(hookspecs) if name.startswith("rulesengine_")]


def _example(hook: str) -> str:
    doc = inspect.getdoc(getattr(hookspecs, hook))
    assert "Example::" in doc, f"{hook} has no example"
    return textwrap.dedent(doc.split("Example::", 1)[1])


def test_every_hook_has_an_example_that_runs_as_a_plugin():
    namespace = {name: getattr(plugins, name) for name in plugins.__all__}
    for hook in HOOKS:
        exec(compile(_example(hook), f"<example of {hook}>", "exec"), namespace)  # noqa: S102 (our own docs)
    example = types.SimpleNamespace(**{hook: namespace[hook] for hook in HOOKS})
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fedx", example)])
    info = next(i for i in registry.plugin_list() if i.name == "fedx")
    assert not info.broken
    assert (info.tiebreaks, info.presets, info.rating_systems, info.pairing_systems, info.formats, info.layouts) == (
        ["XBW"], ["fedx"], ["fedx"], ["fedx-accelerated"], ["fedx-csv"], ["fedx_sheet"])
    # Registered, after the built-ins' legends (FIDE's broad "black" pattern is tried first).
    assert info.legends == 1 and registry.legends[-1].spec == "XBW"
    t = tournament_from_text(4, ["1-2 0-1, 3-4 1-0", "2-1 0-1"])
    from rulesengine import api
    run = api.standings(t, ["fedx"], registry)
    assert [str(s) for s in run.specs] == ["XBW", "BH/C1", "SB"]
    assert run.standings.values["XBW"] == {1: 1, 2: 1, 3: 0, 4: 0}  # each won once with Black
