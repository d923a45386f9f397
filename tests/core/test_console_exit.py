"""The console script ends a print-only command's process at once after flushing (cli.console_main):
everything printed must still arrive, in order, with the command's exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulesengine.formats.trf import write_trf
from rulesengine.testing import tournament_from_text

# The console script as pip installs it: `sys.exit(console_main())` with argv[1:] the command.
SCRIPT = "import sys; from rulesengine.cli import console_main; sys.argv[0] = 'rulesengine'; sys.exit(console_main())"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, timeout=120)


@pytest.fixture
def event(tmp_path):
    names = [f"Игрок {i:03d}, Ñandú" for i in range(1, 201)]
    rounds = [", ".join(f"{i}-{i + 1} {'1-0' if (i + r) % 3 else '='}" for i in range(1, 200, 2)) for r in range(3)]
    path = tmp_path / "big.trf"
    path.write_text(write_trf(tournament_from_text(names, rounds, name="Exit test")), encoding="utf-8")
    return path


def test_a_large_json_output_arrives_whole_with_status_0(event):
    done = _run("standings", str(event), "--tiebreaks", "BH/C1,SB", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)  # cut short, it would not parse
    assert len(data["standings"]) == 200
    assert {row["name"] for row in data["standings"]} == {f"Игрок {i:03d}, Ñandú" for i in range(1, 201)}


def test_an_error_keeps_its_message_and_status_2(tmp_path):
    done = _run("standings", str(tmp_path / "missing.trf"))
    assert done.returncode == 2
    assert "missing.trf" in done.stderr and "Traceback" not in done.stderr


def test_a_reader_that_goes_away_is_no_traceback(event):
    pipe = subprocess.Popen([sys.executable, "-c", SCRIPT, "standings", str(event), "--format", "csv"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    pipe.stdout.read(10)
    pipe.stdout.close()  # like `| head -c 10`
    _, err = pipe.communicate(timeout=120)
    assert b"Traceback" not in err
    assert pipe.returncode in (0, 120)  # 120: Python's own flush failure at exit, never a traceback


def test_main_in_process_leaves_the_collector_as_it_found_it(capsys):
    """One-event commands pause the cyclic collector from the start (their imports too); called
    in-process, `main` gives it back, also when argparse exits for --help or a usage error."""
    import gc

    from rulesengine.cli import main

    example = str(Path(__file__).resolve().parents[2] / "examples" / "riverside-open-2026.trf")
    assert gc.isenabled()
    for argv in (["standings", "--help"], ["standings"], ["rate", "--nonsense"]):
        with pytest.raises(SystemExit):
            main(argv)
        assert gc.isenabled(), argv
    assert main(["standings", example]) == 0 and gc.isenabled()
    gc.disable()
    try:
        main(["standings", example])
        assert not gc.isenabled()   # a caller that paused it keeps it paused
    finally:
        gc.enable()
    capsys.readouterr()
