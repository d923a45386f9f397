"""Start-up cost: `rulesengine --help` and `rulesengine plugins` against a bare `python -c pass`.

    .venv/bin/python bench/startup.py [--repeat 7]

Each command runs as a whole process, in turn with the bare interpreter so both see the same load
(issue 11 target: within 2x of bare Python). Prints the median child CPU seconds (user + sys) of
each and the ratio, and the modules `rulesengine plugins` imports that take longest (`-X importtime`,
self time), which is where a lazier start-up would come from.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "rulesengine --help": [sys.executable, "-m", "rulesengine.cli", "--help"],
    "rulesengine plugins": [sys.executable, "-m", "rulesengine.cli", "plugins"],
}


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """Child CPU time (user + sys) of one run of `command`."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_utime + usage.ru_stime


def slowest_imports(env: dict[str, str], count: int = 8) -> list[tuple[int, str]]:
    """(self microseconds, module) of the slowest imports of `rulesengine plugins`."""
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "rulesengine.cli", "plugins"],
                         capture_output=True, text=True, env=env)
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
    args = parser.parse_args(argv)
    env = dict(os.environ, RULESENGINE_PLUGINS="builtin")
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.repeat):       # interleaved: every command sees the same load
        for name, command in COMMANDS.items():
            times[name].append(cpu_seconds(command, env))
    bare = statistics.median(times["python -c pass"])
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<22} {median * 1000:7.1f} ms CPU  {median / bare:5.1f}x bare python   "
              f"(median of {args.repeat}; min {min(values) * 1000:.1f} ms)")
    print("\nslowest imports of `rulesengine plugins` (self time):")
    for self_us, module in slowest_imports(env):
        print(f"  {self_us / 1000:7.1f} ms  {module.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
