"""Shared helpers of the workbook tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

TIEBREAK_FIXTURES = Path(__file__).resolve().parents[2].parent / "shared" / "fixtures" / "tiebreak"
FIXTURE_TRFS = sorted(TIEBREAK_FIXTURES.glob("*.trf"))


@pytest.fixture
def book(tmp_path):
    """Write grids to tmp_path/NAME as an .xlsx and return its path."""
    from rulesengine.workbook.openpyxl_io import write_workbook

    def make(grids, name="book.xlsx"):
        return write_workbook(tmp_path / name, grids)
    return make


REQUIRE_ENV = "RULESENGINE_EXCEL_TOOLS"  # CI sets it to "require" (see .ci/run)


def skip_unless_tool(reason: str | None) -> None:
    """Skip with `reason` (when not None) on a developer's machine; fail in CI, where tools are required."""
    if reason is None:
        return
    if os.environ.get(REQUIRE_ENV) == "require":
        pytest.fail(f"{reason} (and {REQUIRE_ENV}=require)", pytrace=False)
    pytest.skip(reason)
