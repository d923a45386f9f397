"""The example third-party plugin installs into a throw-away environment and works there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_PLUGIN = REPO / "examples" / "plugin-example"
EXAMPLE_EVENT = REPO / "examples" / "riverside-open-2026.trf"


@pytest.fixture(scope="module")
def throwaway_python(tmp_path_factory) -> Path:
    """A fresh venv that sees this project's installed packages and gets the example plugin."""
    venv = tmp_path_factory.mktemp("plugin-env") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    site_dir = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                              check=True, capture_output=True, text=True).stdout.strip()
    # Let the throw-away venv import rulesengine and its dependencies from the project's venv,
    # processing that venv's .pth files too (the editable install lives in one).
    ours = sysconfig.get_paths()["purelib"]
    Path(site_dir, "rulesengine_parent.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    # The plugin's own build backend comes from the package index, as for any user.
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(EXAMPLE_PLUGIN)], check=True)
    return python


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
