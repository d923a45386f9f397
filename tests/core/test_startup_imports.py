"""What each command imports at start-up (issue 11 target 3): nothing it does not use.

Checked in fresh processes with `-X importtime`: `--help` loads neither the errors module (and
so not dataclasses) nor the registry; `plugins` served from its cache loads no plugin; `standings`
loads no rating, pairing or audit module; `rate` loads no tie-break arithmetic. And every public
name of `rulesengine.plugins`, now imported on first use, is the object of its home module.
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rulesengine.plugins as plugins

EVENT = Path(__file__).resolve().parents[2] / "examples" / "riverside-open-2026.trf"


def imported(*args: str, env: dict[str, str] | None = None) -> set[str]:
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "rulesengine.cli", *args], capture_output=True,
                         text=True, env=env, cwd=EVENT.parent)
    assert run.returncode == 0, run.stderr[-2000:]
    return set(re.findall(r"^import time:\s*\d+ \|\s*\d+ \|\s*(\S+)$", run.stderr, re.MULTILINE))


def test_help_imports_no_errors_module_nor_registry():
    modules = imported("--help")
    assert "rulesengine.cli" in modules
    assert not modules & {"rulesengine.errors", "rulesengine.registry", "dataclasses", "pluggy"}


def test_plugins_from_its_cache_imports_no_plugin(tmp_path):
    env = dict(os.environ, RULESENGINE_CACHE_DIR=str(tmp_path))
    assert "rulesengine.registry" in imported("plugins", env=env)     # computed and kept
    modules = imported("plugins", env=env)
    assert "rulesengine.plugin_cache" in modules
    assert not {m for m in modules if m.startswith(("rulesengine_", "rulesengine.registry", "pluggy"))}


def test_standings_imports_no_rating_pairing_audit_or_us_chess_rating():
    modules = imported("standings", str(EVENT), "--tiebreaks", "BH/C1,SB,DE")
    assert "rulesengine_fide.tiebreaks.opposition" in modules          # what it uses
    unwanted = {m for m in modules if m.startswith(("rulesengine.pairing", "rulesengine.audit", "rulesengine.rating",
                                                    "rulesengine_fide.rating",
                                                    "rulesengine_uschess.rating", "rulesengine_ratings",
                                                    "rulesengine_fide.pairing", "rulesengine_club"))}
    assert unwanted == set()


def test_rate_imports_no_tiebreak_arithmetic_nor_other_systems_engines():
    modules = imported("rate", str(EVENT), "--system", "fide")
    assert "rulesengine_fide.rating.standard" in modules
    unwanted = {m for m in modules if m.startswith(("rulesengine_fide.tiebreaks", "rulesengine_uschess.tiebreaks",
                                                    "rulesengine.pairing", "rulesengine.audit",
                                                    "rulesengine_uschess.rating.event"))}
    assert unwanted == set()


@pytest.mark.parametrize("name", plugins.__all__)
def test_every_public_plugin_name_is_its_home_modules_object(name):
    value = getattr(plugins, name)
    if name in ("PUBLIC_MODULES", "hookimpl", "lazy"):
        return
    assert value is getattr(importlib.import_module(plugins._HOME[name]), name)


def test_plugins_names_are_exactly_the_public_ones():
    assert set(plugins._HOME) | {"PUBLIC_MODULES", "hookimpl", "lazy"} == set(plugins.__all__)
    with pytest.raises(AttributeError):
        plugins.NoSuchRecord  # noqa: B018
