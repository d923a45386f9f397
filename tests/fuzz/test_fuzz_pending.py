"""The fuzz suite on files with a pending round (paired, results blank: what `rulesengine pair
--format trf` writes): mutated, they go through `standings` and `rate --system fide` without a
traceback, an unlocated message or a changed input (harness.py)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings

from .harness import run_cli
from .mutations import trf_mutation
from .test_fuzz import FUZZ, check_trf

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-open-2026.trf"
FIRST_ROUND_COL, ROUND_WIDTH = 89, 10


def with_last_round_pending(text: str) -> str:
    """The example with its last round's results blanked (its pairings and byes kept)."""
    lines = text.split("\n")
    rounds = max((len(line) - FIRST_ROUND_COL) // ROUND_WIDTH for line in lines if line.startswith("001"))
    last = FIRST_ROUND_COL + ROUND_WIDTH * rounds - 1   # the result column of the last round
    out = []
    for line in lines:
        if line.startswith("001") and len(line) > last and line[last - 6:last - 2].strip("0 "):
            line = line[:last] + " " + line[last + 1:]
        out.append(line)
    return "\n".join(out)


PENDING_SEEDS = [with_last_round_pending(EXAMPLE.read_text(encoding="utf-8"))]


def test_the_seed_reads_with_a_pending_round(tmp_path):
    path = tmp_path / "pending.trf"
    path.write_text(PENDING_SEEDS[0], encoding="utf-8")
    assert check_trf(path) == [0, 0]
    outcome = run_cli(["standings", str(path), "--format", "json"], path)
    assert outcome.ok and outcome.status == 0


@settings(FUZZ, max_examples=25)
@given(text=trf_mutation(seeds=PENDING_SEEDS))
def test_mutated_files_with_a_pending_round(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("trf") / "pending.trf"
    path.write_text(text, encoding="utf-8", errors="surrogatepass", newline="")
    check_trf(path)
