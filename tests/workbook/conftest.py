"""Shared helpers of the workbook tests."""

from __future__ import annotations


import pytest

from fixture_data import TIEBREAK_FIXTURES
FIXTURE_TRFS = sorted(TIEBREAK_FIXTURES.glob("*.trf"))


@pytest.fixture
def book(tmp_path):
    """Write grids to tmp_path/NAME as an .xlsx and return its path."""
    from rulesengine.workbook.openpyxl_io import write_workbook

    def make(grids, name="book.xlsx"):
        return write_workbook(tmp_path / name, grids)
    return make
