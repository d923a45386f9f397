"""Pair next round inside Pyodide (the Python of xlwings Lite), offline under Node: the Dutch
pairing, the Pairings sheet and the fold-in of its results run there and give what CPython gives.
Skips as test_excel_pyodide.py does (node, the npm pyodide package, the wheels)."""

from __future__ import annotations

import pytest

from test_excel_pyodide import HERE, _tools, project_wheel, run_in_cpython, run_in_pyodide  # noqa: F401 (fixtures)

SMOKE = HERE / "pyodide" / "pair_smoke.py"


@pytest.fixture(scope="module")
def in_pyodide(project_wheel) -> dict:
    return run_in_pyodide(project_wheel, SMOKE, [HERE / "fake_xlwings.py"])


@pytest.fixture(scope="module")
def in_cpython(_tools) -> dict:
    return run_in_cpython(SMOKE)


def test_pairing_and_fold_run_in_pyodide_as_in_cpython(in_pyodide, in_cpython):
    assert in_pyodide["platform"] == "emscripten"
    assert {k: v for k, v in in_pyodide.items() if k != "platform"} == \
           {k: v for k, v in in_cpython.items() if k != "platform"}
    assert in_pyodide["round"] == 1 and len(in_pyodide["boards"]) == 2 and in_pyodide["byes"][0][1] == "PAB"
    assert in_pyodide["pairings_title"] == "Lite cup - Round 1"
    assert in_pyodide["standings_title"] == "Lite cup - Standings after round 1 of 2"
    (white, black), _ = in_pyodide["boards"]
    row = in_pyodide["crosstable"][white - 1]
    assert row[4:7] == [black, "w", 1]
