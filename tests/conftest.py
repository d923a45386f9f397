"""Shared test setup: only built-in plugins load, and the shared fixtures are located once."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# Plain helper modules of the tests (tool_check) import by name under --import-mode=importlib.
sys.path.insert(0, str(Path(__file__).resolve().parent))

# Tests must not depend on whatever third-party plugins happen to be installed.
os.environ["RULESENGINE_PLUGINS"] = "builtin"
# The CLI processes tests start keep their plugin listing (rulesengine.plugin_cache) in a throw-away
# folder, not in the user's ~/.cache.
os.environ["RULESENGINE_CACHE_DIR"] = tempfile.mkdtemp(prefix="rulesengine-test-cache-")
atexit.register(shutil.rmtree, os.environ["RULESENGINE_CACHE_DIR"], True)

# Property tests draw the same examples on every run (a CI run must not fail on the luck of the
# draw); RULESENGINE_HYPOTHESIS=explore draws new ones each run, for a developer hunting bugs
# (a failure found that way becomes an @example of its test).
from hypothesis import settings  # noqa: E402

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("RULESENGINE_HYPOTHESIS") == "explore" else "repeatable")

# Fixture files live in tests/data/ (../shared, when present, is only an extra source): see fixture_data.
from fixture_data import RATING_VECTORS, TIEBREAK_FIXTURES, fixture_dir  # noqa: E402,F401

REPO = Path(__file__).resolve().parent.parent
PAIRING_FIXTURES = fixture_dir("pairing")


@pytest.fixture(scope="session")
def registry():
    from rulesengine.registry import build_registry
    return build_registry({"RULESENGINE_PLUGINS": "builtin"})
