"""Start-up cost: `rulesengine --help`, `rulesengine plugins` and small one-event commands against a
bare `python -c pass`.

    .venv/bin/python bench/startup.py [--repeat 7] [--no-bytecode]

Each command runs as a whole process, in turn with the bare interpreter so both see the same load
(issue 11 target: `--help` and `plugins` within 2x of bare Python). Prints the median child CPU
seconds (user + sys) of each and the ratio, and the modules each command imports that take
longest (`-X importtime`, self time), which is where a lazier start-up would come from.

As a user runs them: with bytecode caches (`__pycache__`, written by the warm-up run; a
`PYTHONDONTWRITEBYTECODE` in the environment is dropped for the children, else every run
would compile the project's sources and the bare interpreter, whose standard library comes
compiled, would not) and with the plugin listing cache (`rulesengine.plugin_cache`, in a
temporary folder: `plugins` is also timed with it turned off, as a first run after a change
sees it). `--no-bytecode` keeps `PYTHONDONTWRITEBYTECODE=1` for a comparison.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SMALL_EVENT = ROOT / "examples" / "riverside-open-2026.trf"
CLI = [sys.executable, "-m", "rulesengine.cli"]

COMMANDS = {
    "python -c pass": ([sys.executable, "-c", "pass"], {}),
    "rulesengine --help": ([*CLI, "--help"], {}),
    "rulesengine plugins": ([*CLI, "plugins"], {}),
    "rulesengine plugins (no cache)": ([*CLI, "plugins"], {"RULESENGINE_CACHE_DIR": "off"}),
    "standings riverside": ([*CLI, "standings", str(SMALL_EVENT)], {}),
    "rate riverside --system fide": ([*CLI, "rate", str(SMALL_EVENT), "--system", "fide"], {}),
}


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """Child CPU time (user + sys) of one run of `command`."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_utime + usage.ru_stime


def slowest_imports(command: list[str], env: dict[str, str], count: int = 6) -> list[tuple[int, str]]:
    """(self microseconds, module) of the slowest imports of `command`."""
    run = subprocess.run([command[0], "-X", "importtime", *command[1:]], capture_output=True, text=True, env=env,
                         cwd=ROOT)
    rows = []
    for line in run.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, module = line[len("import time:"):].split("|")
        rows.append((int(self_us), module.rstrip()))
    return sorted(rows, reverse=True)[:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each command (median)")
    parser.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE=1 (no .pyc)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rulesengine-cache-") as cache:
        env = dict(os.environ, RULESENGINE_PLUGINS="builtin", RULESENGINE_CACHE_DIR=cache)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if args.no_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        envs = {name: dict(env, **extra) for name, (_, extra) in COMMANDS.items()}
        for name, (command, _) in COMMANDS.items():   # warm-up: bytecode and the plugin listing written
            cpu_seconds(command, envs[name])
        times: dict[str, list[float]] = {name: [] for name in COMMANDS}
        for _ in range(args.repeat):       # interleaved: every command sees the same load
            for name, (command, _) in COMMANDS.items():
                times[name].append(cpu_seconds(command, envs[name]))
        bare = statistics.median(times["python -c pass"])
        print(f"bytecode caches: {'off (PYTHONDONTWRITEBYTECODE=1)' if args.no_bytecode else 'on'}")
        for name, values in times.items():
            median = statistics.median(values)
            print(f"{name:<32} {median * 1000:7.1f} ms CPU  {median / bare:5.2f}x bare python   "
                  f"(median of {args.repeat}; min {min(values) * 1000:.1f} ms)")
        for name in ("rulesengine plugins (no cache)", "standings riverside"):
            print(f"\nslowest imports of `{name}` (self time):")
            for self_us, module in slowest_imports(COMMANDS[name][0], envs[name]):
                print(f"  {self_us / 1000:7.1f} ms  {module.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
