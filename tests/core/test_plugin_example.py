"""The example third-party plugin installs into a throw-away environment and works there."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from venv_helper import fresh_venv  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_PLUGIN = REPO / "examples" / "plugin-example"
EXAMPLE_EVENT = REPO / "examples" / "riverside-open-2026.trf"


@pytest.fixture(scope="module")
def throwaway_python(tmp_path_factory) -> Path:
    """A fresh venv that sees this project's installed packages and gets the example plugin."""
    return fresh_venv(tmp_path_factory.mktemp("plugin-env") / "venv", EXAMPLE_PLUGIN)


def run(python: Path, *args: str, plugins_env: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "RULESENGINE_PLUGINS"}
    if plugins_env is not None:
        env["RULESENGINE_PLUGINS"] = plugins_env
    return subprocess.run([str(python), "-m", "rulesengine.cli", *args], capture_output=True, text=True, env=env)


def test_example_plugin_is_listed(throwaway_python):
    result = run(throwaway_python, "plugins", "--format", "json")
    assert result.returncode == 0, result.stderr
    plugins = {p["name"]: p for p in json.loads(result.stdout)}
    assert plugins["quality_wins"]["distribution"] == "rulesengine-quality-wins"
    assert plugins["quality_wins"]["version"] == "1.0.0"
    assert plugins["quality_wins"]["tiebreaks"] == ["QW"] and plugins["quality_wins"]["builtin"] is False


def test_example_plugin_tiebreak_is_usable_in_standings(throwaway_python):
    result = run(throwaway_python, "standings", str(EXAMPLE_EVENT), "--tiebreaks", "qw,BH/C1", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["tiebreaks"] == ["QW", "BH/C1"]
    qw = {row["start_rank"]: row["tiebreaks"]["QW"] for row in data["standings"]}
    # Player 1 beat 2 (3/7), 8 (3.5/7), 4 (4.5/7), 9 (3.5/7) and 6 (3/7) over the board;
    # only player 4 finished above 50 %.
    assert qw[1] == 1


def test_environment_variable_disables_third_party_plugins(throwaway_python):
    result = run(throwaway_python, "plugins", "--format", "json", plugins_env="builtin")
    assert result.returncode == 0, result.stderr
    assert "quality_wins" not in {p["name"] for p in json.loads(result.stdout)}
    refused = run(throwaway_python, "standings", str(EXAMPLE_EVENT), "--tiebreaks", "QW", plugins_env="builtin")
    assert refused.returncode == 2 and "unknown tie-break code 'QW'" in refused.stderr
    allowed = run(throwaway_python, "plugins", "--format", "json", plugins_env="quality_wins")
    assert "quality_wins" in {p["name"] for p in json.loads(allowed.stdout)}


# ---------------------------------------------------------------- the README, followed literally

README = EXAMPLE_PLUGIN / "README.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)


def readme_commands() -> list[str]:
    """Every command line of the README's bash blocks, in order."""
    return [line for block in _blocks("bash") for line in block.splitlines() if line.strip()
            and not line.lstrip().startswith("#")]


def test_the_readme_shows_the_in_process_test_file_as_it_is():
    shown = [block for block in _blocks("python") if "def test_" in block]
    assert shown == [(EXAMPLE_PLUGIN / "tests" / "test_quality_wins.py").read_text(encoding="utf-8")]


@pytest.fixture(scope="module")
def readme_checkout(tmp_path_factory) -> Path:
    """A copy of the checkout's parts the README uses, with a fresh `.venv` holding rulesengine.

    Fresh: rulesengine is installed into it from a copy of this source tree (nothing is built in
    the real checkout); its dependencies and pytest come from the project's venv, as in
    `throwaway_python`.
    """
    root = tmp_path_factory.mktemp("readme") / "checkout"
    skip = shutil.ignore_patterns("*.egg-info", "build", "__pycache__", ".pytest_cache")
    for part in ("rulesengine", "plugins", "examples"):
        shutil.copytree(REPO / part, root / part, ignore=skip)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, root / name)
    fresh_venv(root / ".venv", root, cwd=root)
    shutil.rmtree(root / "build", ignore_errors=True)
    return root


def test_the_readme_commands_work_literally(readme_checkout):
    commands = readme_commands()
    assert commands[0] == ".venv/bin/pip install ./examples/plugin-example"
    env = {k: v for k, v in os.environ.items() if k not in ("RULESENGINE_PLUGINS", "PYTHONPATH")}
    outputs = []
    for command in commands:
        result = subprocess.run(command, shell=True, cwd=readme_checkout, env=env, capture_output=True, text=True)
        assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
        outputs.append(result.stdout)
    listed, table, tested = outputs[1], outputs[2], outputs[3]
    assert "quality_wins  (rulesengine-quality-wins 1.0.0, third-party)\n  tie-breaks: QW" in listed
    header = next(line for line in table.splitlines() if line.startswith("Rank"))
    assert header.split()[-2:] == ["QW", "BH/C1"]
    # The checkout's pytest settings add -q to the README's -q: one dot per test, no summary line.
    assert re.fullmatch(r"\.{3} +\[100%\]", tested.strip()), tested
