"""The engine inside Pyodide, the Python of xlwings Lite: a small tournament, offline, under Node.

The project's wheel is built from the source tree (offline, with the build backend's wheels from
.ci/wheels/build), installed with micropip together with its pure-Python dependencies from
.ci/wheels/runtime, and `pyodide/smoke.py` runs standings with tie-breaks, the grid
recalculation and the Excel adapter on a fake book. The same script under this CPython must
print the same results. Skips when node, the npm `pyodide` package or the wheels are missing:
`bash scripts/ci_setup_excel.sh` provides them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import excel_sample as sample
from tool_check import SETUP, skip_unless_tool
from rulesengine.workbook.sheets.standings import standings_table

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PYODIDE = Path(os.environ.get("RULESENGINE_PYODIDE_DIR", REPO / ".ci" / "node" / "node_modules" / "pyodide"))
WHEELS = Path(os.environ.get("RULESENGINE_EXCEL_WHEELS", REPO / ".ci" / "wheels"))
SMOKE = HERE / "pyodide" / "smoke.py"
RUNNER = HERE / "pyodide" / "run_engine.mjs"
HELPERS = [HERE / "excel_sample.py", HERE / "fake_xlwings.py", HERE / "xlwings_json.py",
           REPO / "excel" / "lite" / "main.py"]
# The wheel is built from a copy of the tree (so no build/ folder is left in it), without these.
NOT_SOURCES_TOP = {".git", ".venv", ".ci", "node_modules", "build", "dist", ".pytest_cache", ".hypothesis",
                   "tests", "bench"}
NOT_SOURCES_ANYWHERE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def _not_sources(folder: str, names: list[str]) -> set[str]:
    ignored = set(NOT_SOURCES_ANYWHERE(folder, names))
    return ignored | (NOT_SOURCES_TOP & set(names) if Path(folder) == REPO else set())


def _missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (PYODIDE / "pyodide.mjs").exists():
        return f"the npm pyodide package is not in {PYODIDE} (run {SETUP})"
    if not list((WHEELS / "runtime").glob("micropip-*.whl")) or not list((WHEELS / "build").glob("setuptools-*.whl")):
        return f"the wheels for Pyodide are not in {WHEELS} (run {SETUP})"
    return None


@pytest.fixture(scope="module", autouse=True)
def _tools():
    skip_unless_tool(_missing())


def _last_json(output: str) -> dict:
    lines = [line for line in output.splitlines() if line.startswith("{")]
    assert lines, f"no JSON in the output:\n{output}"
    return json.loads(lines[-1])


@pytest.fixture(scope="module")
def project_wheel(tmp_path_factory, _tools) -> Path:
    source = tmp_path_factory.mktemp("tree") / "source"
    shutil.copytree(REPO, source, ignore=_not_sources)
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "--no-index",
                            "--find-links", str(WHEELS / "build"), "--disable-pip-version-check", "-q", "-w", str(out)],
                           capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stdout + build.stderr
    wheels = list(out.glob("chess_rulesengine-*-py3-none-any.whl"))
    assert len(wheels) == 1, "the engine must build as one pure-Python (py3-none-any) wheel"
    return out


def run_in_pyodide(project_wheel: Path, script: Path = SMOKE, helpers=HELPERS) -> dict:
    """`script` inside Pyodide with the project's wheel and `helpers` beside it: its last JSON line."""
    command = ["node", str(RUNNER), "--pyodide", str(PYODIDE), "--wheels", str(WHEELS / "runtime"),
               "--wheels", str(project_wheel), "--script", str(script), "--env", "XLWINGS_LICENSE_KEY"]
    if list((WHEELS / "lite").glob("xlwings-*-py3-none-any.whl")):
        command += ["--wheels", str(WHEELS / "lite")]
    for helper in helpers:
        command += ["--with", str(helper)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return _last_json(run.stdout)


def run_in_cpython(script: Path = SMOKE) -> dict:
    """The same script under this CPython, the helpers importable from this folder."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env,
                         cwd=HERE / "pyodide")
    assert run.returncode == 0, run.stdout + run.stderr
    return _last_json(run.stdout)


@pytest.fixture(scope="module")
def in_pyodide(project_wheel) -> dict:
    return run_in_pyodide(project_wheel)


@pytest.fixture(scope="module")
def in_cpython(_tools) -> dict:
    return run_in_cpython()


def test_engine_runs_in_pyodide_offline(in_pyodide):
    assert in_pyodide["platform"] == "emscripten"
    assert in_pyodide["entry_points"] == [
        "club=rulesengine_club.plugin", "fide=rulesengine_fide.plugin", "layouts=rulesengine.workbook.layouts.plugin",
        "ratings=rulesengine_ratings.plugin", "team_layouts=rulesengine.workbook.team.plugin", "trf=rulesengine.formats.plugin",
        "uschess=rulesengine_uschess.plugin"]
    assert in_pyodide["requirements_installed"] == ["anyascii", "defusedxml", "openpyxl", "pluggy"]
    assert in_pyodide["cli_libraries_loaded"] == []
    points = {row[2]: row[3] for row in in_pyodide["standings"]}
    assert points == {name: str(p) for name, p in sample.POINTS.items()} | {"Ana": "5/2"}


def test_pyodide_computes_what_cpython_computes(in_pyodide, in_cpython):
    different = {"python", "platform", "lite"}  # xlwings need not be installed on this side
    assert {k: v for k, v in in_pyodide.items() if k not in different} == \
           {k: v for k, v in in_cpython.items() if k not in different}
    assert len(in_pyodide["more_tiebreaks"]) > 6  # the uschess preset expanded


def test_workbook_route_matches_the_engine_in_pyodide(in_pyodide):
    """Crosstable sheet -> grid -> recalculate gives what the engine gives for the same games."""
    assert in_pyodide["recalc_standings"] == in_pyodide["standings"]
    assert in_pyodide["openpyxl_route_standings"] == in_pyodide["standings"]
    assert in_pyodide["recalc_sheets"] == ["Standings"]
    sheet = standings_table(in_pyodide["excel_standings_sheet"])
    assert sheet[0] == sample.STANDINGS_HEADER
    assert [row[2] for row in sheet[1:5]] == [row[2] for row in in_pyodide["standings"]]


def test_lite_script_runs_with_real_xlwings_in_pyodide(in_pyodide):
    if not list((WHEELS / "lite").glob("xlwings-*-py3-none-any.whl")):
        skip_unless_tool(f"no xlwings wheel for Pyodide in {WHEELS / 'lite'} (run {SETUP})")
    lite = in_pyodide["lite"]
    assert lite is not None, "xlwings or excel/lite/main.py did not load in Pyodide"
    assert lite["fake_book_standings"] == in_pyodide["excel_standings_sheet"]
    if os.environ.get("XLWINGS_LICENSE_KEY"):
        # xlwings' remote engine inside Pyodide: the closest to xlwings Lite without Excel.
        assert lite["json_book_standings"] == in_pyodide["excel_standings_sheet"]
