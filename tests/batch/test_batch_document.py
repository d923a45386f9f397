"""A batch run's files are the documents the one-file commands print: `<file>.standings.json` is
`rulesengine standings FILE --format json` with the run's tie-breaks and rule text (its `"rules"`
included), `<file>.rating.json` is `rulesengine rate FILE --system NAME --format json`, for every
format batch reads: TRF, workbooks (every layout), Vega pages, chess-results XML."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from rulesengine.batch.samples import FORMATS, write_archive
from rulesengine.cli import main
from rulesengine.formats.trf import write_trf
from rulesengine.inputs import WORKBOOK, discover
from rulesengine.registry import default_registry

# The flags both commands take; batch's workbooks go by the read-only route (--no-copies) in one.
RUNS = {"the run's tie-breaks": (["--tiebreaks", "BH/C1,BH,SB"], []),
        "and a rule text": (["--tiebreaks", "BH,SB,DE", "--rules", "fide-2024"], ["--no-copies"]),
        "each file's announced order": ([], [])}


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("archive")
    write_archive(folder, 2 * len(FORMATS), broken=0, seed=11)
    return folder


def _printed(argv: list[str]) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0, argv
    return json.loads(out.getvalue())


def _workbook_as_trf(book: Path, folder: Path) -> tuple[Path, list[str]]:
    """The event a workbook holds, as the recalculation reads it, written as a TRF file: the
    `standings` command reads no workbook, so its document of that event is the one of this file.
    With it the tie-break order the workbook's layout announces (a wall chart: US Chess's), which a
    TRF file written from it does not carry, as flags."""
    from rulesengine.workbook.io.fast_read import read_workbook_grids
    from rulesengine.workbook.recalc import recalculate, sheets_to_read

    sheet_names, grids = read_workbook_grids(book, sheets_to_read)
    tournament = recalculate(grids, sheet_names=sheet_names, with_writes=False).tournament
    path = folder / (book.name + ".trf")
    path.write_text(write_trf(tournament), encoding="utf-8")
    return path, (["--tiebreaks", ",".join(tournament.tiebreak_order)] if tournament.tiebreak_order else [])


@pytest.mark.parametrize("flags, batch_only", RUNS.values(), ids=RUNS.keys())
def test_each_standings_file_is_the_standings_commands_document(archive, tmp_path, flags, batch_only) -> None:
    out = tmp_path / "out"
    assert main(["batch", str(archive), "--out", str(out), "--jobs", "1", "--no-timings", *flags, *batch_only]) == 0
    inputs = discover([str(archive)])
    assert {item.kind for item in inputs} == {"trf", "workbook", "vega", "chess-results"}
    registry = default_registry()
    for item in inputs:
        written = json.loads((out / (item.relative + ".standings.json")).read_text(encoding="utf-8"))
        path, announced = _workbook_as_trf(item.path, tmp_path) if item.kind == WORKBOOK else (item.path, [])
        assert written == _printed(["standings", str(path), "--format", "json", *(flags or announced)]), item.relative
        # Which date and text each tie-break followed (the generated events all have a date); a rule
        # without dated texts (US Chess's, a wall chart's default order) follows none.
        dated = {spec for spec in written["tiebreaks"] if registry.tiebreak(spec.split("/")[0]).rule_sets}
        assert written["rules"]["date"] and set(written["rules"]["tiebreaks"]) == dated


def test_each_rating_file_is_the_rate_commands_document(archive, tmp_path) -> None:
    out = tmp_path / "out"
    assert main(["batch", str(archive), "--out", str(out), "--jobs", "1", "--no-timings", "--system", "fide"]) == 0
    rated = [item for item in discover([str(archive)]) if item.kind != WORKBOOK]
    assert {item.kind for item in rated} == {"trf", "vega", "chess-results"}
    for item in rated:
        written = json.loads((out / (item.relative + ".rating.json")).read_text(encoding="utf-8"))
        assert written == _printed(["rate", str(item.path), "--system", "fide", "--format", "json"]), item.relative
        assert written["players"]
