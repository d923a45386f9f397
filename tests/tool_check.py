"""Skipping the tests that need LibreOffice, Pyodide or XlsxWriter, unless CI says the tools must be there.

CI runs scripts/ci_setup_excel.sh and sets RULESENGINE_EXCEL_TOOLS=require, so a missing tool
fails the run there instead of skipping quietly; on a developer's machine the tests skip.
"""

from __future__ import annotations

import os

import pytest

REQUIRE_ENV = "RULESENGINE_EXCEL_TOOLS"
SETUP = "bash scripts/ci_setup_excel.sh"


def skip_unless_tool(reason: str | None) -> None:
    """Skip (or, when tools are required, fail) with `reason` when it is not None."""
    if reason is None:
        return
    if os.environ.get(REQUIRE_ENV) == "require":
        pytest.fail(f"{reason} (and {REQUIRE_ENV}=require)", pytrace=False)
    pytest.skip(reason)
