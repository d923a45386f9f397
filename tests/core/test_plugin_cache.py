"""The kept `rulesengine plugins` listing (rulesengine.plugin_cache): the same output as the live
registry, served without importing any plugin, and never once something it was computed from has
changed (a plugin installed, removed, upgraded, its code or entry points edited), never with a
broken plugin in it; safe when its folder cannot be written, when the file is damaged and when
processes write it at once.

Each test runs real CLI processes against a throw-away "site" folder on PYTHONPATH holding a small
installed distribution (a `*.dist-info` folder and its module), as pip would lay it out.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from rulesengine import plugin_cache

PLUGIN = '''\
from rulesengine.plugins import TiebreakOutcome, TiebreakRule, hookimpl


def _compute(spec, context):
    return TiebreakOutcome({{}})


@hookimpl
def rulesengine_tiebreaks():
    return [TiebreakRule("{code}", "Cache test", "test art. 1", _compute)]
'''


def install(site: Path, distribution: str, module: str, code: str, version: str = "1.0") -> None:
    """Lay out an installed distribution as pip does: its module and its dist-info folder."""
    (site / f"{module}.py").write_text(PLUGIN.format(code=code), encoding="utf-8")
    info = site / f"{distribution}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {version}\n\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[rulesengine]\n{module} = {module}\n", encoding="utf-8")


def uninstall(site: Path, distribution: str, module: str, version: str = "1.0") -> None:
    info = site / f"{distribution}-{version}.dist-info"
    for child in info.iterdir():
        child.unlink()
    info.rmdir()
    (site / f"{module}.py").unlink()


def edit(path: Path, old: str, new: str) -> None:
    """Change a file as an editor does, with a modification time that surely differs."""
    stamp = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 2_000_000_000))


@pytest.fixture
def world(tmp_path):
    site, cwd, cache = tmp_path / "site", tmp_path / "cwd", tmp_path / "cache"
    site.mkdir()
    cwd.mkdir()
    install(site, "cache-test-plugin", "cache_test_plugin", "QQA")
    env = {k: v for k, v in os.environ.items() if k not in ("RULESENGINE_PLUGINS", "PYTHONPATH")}
    env.update(PYTHONPATH=str(site), RULESENGINE_CACHE_DIR=str(cache), RULESENGINE_PLUGINS="builtin,cache-test-plugin")
    return site, cwd, cache, env


def plugins(world, *args: str, env: dict[str, str] | None = None) -> tuple[str, bool]:
    """`rulesengine plugins ARGS` output, and whether the live registry was loaded (a cache miss)."""
    _, cwd, _, base = world
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "rulesengine.cli", "plugins", *args],
                         capture_output=True, text=True, env=env or base, cwd=cwd)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout, re.search(r"\|\s+rulesengine\.registry$", run.stderr, re.MULTILINE) is not None


def listed(output: str) -> dict[str, dict]:
    return {row["name"]: row for row in json.loads(output)}


def test_the_second_run_is_served_from_the_cache_with_the_same_output(world):
    off = dict(world[3], RULESENGINE_CACHE_DIR="off")
    for form in ((), ("--format", "json")):
        live, computed = plugins(world, *form, env=off)
        assert computed
        assert plugins(world, *form)[0] == live            # computed and kept (or served: table first)
        assert plugins(world, *form) == (live, False)      # served: no plugin imported, byte for byte the same
    rows = listed(plugins(world, "--format", "json")[0])
    assert rows["cache_test_plugin"]["tiebreaks"] == ["QQA"] and rows["cache_test_plugin"]["version"] == "1.0"
    assert rows["cache_test_plugin"]["distribution"] == "cache-test-plugin"
    assert rows["fide"]["tiebreak_rule_sets"] == ["fide-2017-virtual-opponent", "fide-2024", "fide-2026"]
    assert not any(world[2].glob("*.tmp")) and len(list(world[2].glob("plugins-*.json"))) == 1


def test_an_edited_plugin_module_is_seen(world):
    site = world[0]
    plugins(world, "--format", "json")
    edit(site / "cache_test_plugin.py", '"QQA"', '"QQB"')
    output, computed = plugins(world, "--format", "json")
    assert computed and listed(output)["cache_test_plugin"]["tiebreaks"] == ["QQB"]
    assert plugins(world, "--format", "json") == (output, False)


def test_a_module_added_beside_a_plugin_is_seen(world):
    site = world[0]
    plugins(world)
    (site / "cache_test_helper.py").write_text("X = 1\n", encoding="utf-8")
    assert plugins(world)[1]


def test_installed_removed_and_upgraded_plugins_are_seen(world):
    site = world[0]
    plugins(world, "--format", "json")
    install(site, "cache-test-second", "cache_test_second", "QQC")
    env = dict(world[3], RULESENGINE_PLUGINS="builtin,cache-test-plugin,cache-test-second")
    output, computed = plugins(world, "--format", "json", env=env)
    assert computed and listed(output)["cache_test_second"]["tiebreaks"] == ["QQC"]
    assert not plugins(world, "--format", "json", env=env)[1]

    uninstall(site, "cache-test-second", "cache_test_second")
    output, computed = plugins(world, "--format", "json", env=env)
    assert computed and "cache-test-second" not in {r["distribution"] for r in json.loads(output)}

    uninstall(site, "cache-test-plugin", "cache_test_plugin")
    install(site, "cache-test-plugin", "cache_test_plugin", "QQA", version="2.0")
    output, computed = plugins(world, "--format", "json")
    assert computed and listed(output)["cache_test_plugin"]["version"] == "2.0"


def test_edited_entry_points_are_seen(world):
    site = world[0]
    plugins(world, "--format", "json")
    (site / "cache_test_other.py").write_text(PLUGIN.format(code="QQD"), encoding="utf-8")
    plugins(world, "--format", "json")   # the new module beside it: computed and kept again
    edit(site / "cache-test-plugin-1.0.dist-info" / "entry_points.txt", "= cache_test_plugin", "= cache_test_other")
    output, computed = plugins(world, "--format", "json")
    assert computed and listed(output)["cache_test_plugin"]["tiebreaks"] == ["QQD"]


def test_the_plugin_selection_is_part_of_the_key(world):
    with_it = listed(plugins(world, "--format", "json")[0])
    without, computed = plugins(world, "--format", "json", env=dict(world[3], RULESENGINE_PLUGINS="builtin"))
    assert "cache_test_plugin" in with_it and computed and "cache_test_plugin" not in listed(without)


def test_a_listing_with_a_broken_plugin_is_never_kept(world):
    site = world[0]
    edit(site / "cache_test_plugin.py", "from rulesengine.plugins", "import no_such_module_here\nfrom rulesengine.plugins")
    for _ in range(2):
        output, computed = plugins(world, "--format", "json")
        assert computed and "No module named 'no_such_module_here'" in listed(output)["cache_test_plugin"]["broken"]
    (site / "no_such_module_here.py").write_text("", encoding="utf-8")   # installing what it lacked mends it
    output, computed = plugins(world, "--format", "json")
    assert computed and listed(output)["cache_test_plugin"]["broken"] is None


def test_an_unwritable_cache_folder_only_means_no_cache(world, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    env = dict(world[3], RULESENGINE_CACHE_DIR=str(blocker / "cache"))
    expected = plugins(world, env=dict(world[3], RULESENGINE_CACHE_DIR="off"))[0]
    assert plugins(world, env=env) == (expected, True)
    assert plugins(world, env=env) == (expected, True)
    if os.geteuid() != 0:   # root writes anywhere: only the path above can refuse it
        folder = tmp_path / "read-only"
        folder.mkdir(mode=0o500)
        env = dict(world[3], RULESENGINE_CACHE_DIR=str(folder))
        assert plugins(world, env=env) == (expected, True) and not any(folder.iterdir())


def test_a_damaged_cache_file_is_replaced(world):
    cache = world[2]
    expected, _ = plugins(world)
    (kept,) = cache.glob("plugins-*.json")
    for damage in ("", "{", '{"format": 1}', "[1, 2]", '{"format": 1, "key": 3, "files": 4, "dirs": [], "rows": 5}'):
        kept.write_text(damage, encoding="utf-8")
        assert plugins(world) == (expected, True)
        assert plugins(world) == (expected, False)


def test_processes_writing_at_once_leave_one_whole_listing(world):
    cache = world[2]
    expected, _ = plugins(world, "--format", "json", env=dict(world[3], RULESENGINE_CACHE_DIR="off"))
    with ThreadPoolExecutor(max_workers=6) as pool:
        outputs = list(pool.map(lambda _: plugins(world, "--format", "json")[0], range(6)))
    assert outputs == [expected] * 6
    assert [p.name for p in cache.iterdir() if p.name.endswith(".tmp")] == []
    assert plugins(world, "--format", "json") == (expected, False)


def test_in_process_callers_get_the_live_registry(monkeypatch, tmp_path):
    # The registry is loaded in this process (tests, scripts): a kept listing could hide what they
    # registered in process, so the cache is not read, whatever the folder holds.
    monkeypatch.setenv("RULESENGINE_CACHE_DIR", str(tmp_path))
    import rulesengine.registry  # noqa: F401
    assert plugin_cache.load() is None


def test_cache_folder_choice(tmp_path):
    assert plugin_cache.cache_dir({"RULESENGINE_CACHE_DIR": "off"}) is None
    assert plugin_cache.cache_dir({"RULESENGINE_CACHE_DIR": ""}) is None
    assert plugin_cache.cache_dir({"RULESENGINE_CACHE_DIR": str(tmp_path)}) == str(tmp_path)
    assert plugin_cache.cache_dir({"XDG_CACHE_HOME": "/x/cache"}) == "/x/cache/rulesengine"
