from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "data"
VEGA = DATA / "published" / "vega"


@pytest.fixture
def vega_dir():
    return VEGA
