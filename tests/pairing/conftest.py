"""Pairing tests: tests marked `slow` run only with RULESENGINE_SLOW_TESTS=1."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long runs (set RULESENGINE_SLOW_TESTS=1)")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("RULESENGINE_SLOW_TESTS") == "1":
        return
    skip = pytest.mark.skip(reason="slow: set RULESENGINE_SLOW_TESTS=1 to run")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
