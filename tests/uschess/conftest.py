"""The hand-worked Riverbend Open (see test_uschess_tiebreaks' docstring), shared by the US Chess tests."""

from __future__ import annotations

import pytest

from rulesengine.testing import tournament_from_text


def riverbend_open():
    return tournament_from_text(["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"], [
        "1-4 1-0, 2-5 1-0, 3-6 =, 7 U",
        "3-1 =, 6-2 -+, 5-7 0-1, 4 H",
        "1-2 0-1, 7-3 =, 4-6 =, 5 U",
        "1-5 =, 2-7 =, 3-4 1-0",
        "7-1 0-1, 3-2 =, 4-5 -+",
    ])


@pytest.fixture
def riverbend():
    return riverbend_open()
