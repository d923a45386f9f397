"""Plugins import only the public core (`rulesengine.plugins.PUBLIC_MODULES`): every import of a
`rulesengine` module anywhere in a plugin's files (inside functions and under TYPE_CHECKING too)
names a module the plugin API documents. The engine's own modules (the registry, the collector
pause, the fast record constructors, the readers, the jobs) may change under a plugin's feet.
"""

from __future__ import annotations

import ast
from pathlib import Path

from rulesengine.plugins import PUBLIC_MODULES

ROOT = Path(__file__).resolve().parents[2]
PLUGIN_FOLDERS = (ROOT / "plugins", ROOT / "examples" / "plugin-example" / "rulesengine_quality_wins")


def undocumented_imports(source: str) -> list[tuple[int, str]]:
    """(line, module) of each `rulesengine` module `source` imports that is not public.

    `from rulesengine import name` imports the module `rulesengine.name` when it is one, and the
    package's own names (`hookimpl`) are reached through `rulesengine.plugins`: both are refused."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        else:
            continue
        for module in modules:
            if (module == "rulesengine" or module.startswith("rulesengine.")) and module not in PUBLIC_MODULES:
                found.append((node.lineno, module))
    return found


def test_plugins_import_only_the_documented_core_modules():
    found = [f"{path.relative_to(ROOT)}:{line}: {module}"
             for folder in PLUGIN_FOLDERS for path in sorted(folder.rglob("*.py"))
             for line, module in undocumented_imports(path.read_text(encoding="utf-8"))]
    assert not found, "plugins import modules rulesengine.plugins does not document:\n" + "\n".join(found)


def test_the_check_catches_a_planted_undocumented_import():
    planted = ("from rulesengine.plugins import lazy\n"
               "from rulesengine.model import Tournament\n"
               "from rulesengine.collector import collector_paused\n"
               "from rulesengine import hookimpl\n"
               "TYPE_CHECKING = False\n"
               "if TYPE_CHECKING:\n"
               "    import rulesengine.fast_init\n"
               "def read():\n"
               "    from rulesengine.formats.trf import parse_trf\n")
    assert undocumented_imports(planted) == [(3, "rulesengine.collector"), (4, "rulesengine"),
                                             (7, "rulesengine.fast_init"), (9, "rulesengine.formats.trf")]


def test_every_public_module_is_importable_and_documented():
    """The list names real modules, and the plugin API's docstring names each of them."""
    import importlib

    import rulesengine.plugins as plugins
    for module in PUBLIC_MODULES:
        importlib.import_module(module)
        assert f"`{module}`" in plugins.__doc__ or module == "rulesengine.plugins"
