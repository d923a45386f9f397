"""Small inputs for the batch attacks (tests/security/test_batch_*.py): events written as TRF or
chess-results files, and the summary a run wrote."""

from __future__ import annotations

import csv
from pathlib import Path

from rulesengine.formats.chess_results import write_chess_results
from rulesengine.formats.trf import write_trf
from rulesengine.testing import tournament_from_text

ROUNDS = ["1-2 1-0, 3-4 =", "1-3 1-0, 2-4 ="]


def event(names=("Ana", "Bo", "Cy", "Di")):
    return tournament_from_text(list(names), ROUNDS)


def trf_file(path: Path, names=("Ana", "Bo", "Cy", "Di")) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_trf(event(names)), encoding="utf-8")
    return path


def chess_results_file(path: Path, names=("Ana", "Bo", "Cy", "Di")) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(write_chess_results(event(names), {}).encode("utf-8"))
    return path


def summary_rows(out: Path) -> dict[str, dict[str, str]]:
    with (out / "summary.csv").open(encoding="utf-8", newline="") as handle:
        return {row["file"]: row for row in csv.DictReader(handle)}


def litter(out: Path) -> list[str]:
    """Every temporary or lock file a run left under `out`."""
    return sorted(str(p.relative_to(out)) for p in out.rglob("*")
                  if p.name.endswith((".tmp", ".lock")) or ".rulesengine-batch-" in p.name)
