"""Shared helpers of the workbook tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fixture_data import TIEBREAK_FIXTURES

# Helper modules of these tests (typed_books) import by name under --import-mode=importlib.
sys.path.insert(0, str(Path(__file__).resolve().parent))
FIXTURE_TRFS = sorted(TIEBREAK_FIXTURES.glob("*.trf"))


@pytest.fixture
def book(tmp_path):
    """Write grids to tmp_path/NAME as an .xlsx and return its path."""
    from rulesengine.workbook.io.openpyxl_book import write_workbook

    def make(grids, name="book.xlsx"):
        return write_workbook(tmp_path / name, grids)
    return make
