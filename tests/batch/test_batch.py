"""`rulesengine batch`: a generated archive in every format, some files broken at known places."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulesengine.batch.manifest import MANIFEST_NAME
from rulesengine.batch.samples import FORMATS, write_archive
from rulesengine.cli import main
from rulesengine.output.standings import standings_document
from rulesengine.registry import default_registry
from rulesengine.standings import compute_standings

SPECS = "BH,SB"


def _hashes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _summary(out: Path) -> dict[str, dict]:
    with (out / "summary.csv").open(encoding="utf-8", newline="") as handle:
        return {row["file"]: row for row in csv.DictReader(handle)}


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    folder = tmp_path_factory.mktemp("archive")
    expected = write_archive(folder, 36, broken=3 / 36, seed=7)
    return folder, expected


def test_every_good_file_correct_every_broken_one_located_inputs_untouched(archive, tmp_path):
    folder, expected = archive
    before = _hashes(folder)
    out = tmp_path / "out"
    status = main(["batch", str(folder), "--out", str(out), "--tiebreaks", SPECS, "--jobs", "2"])
    assert status == 2  # some inputs had errors
    assert _hashes(folder) == before
    rows = _summary(out)
    assert sorted(rows) == sorted(e.relative for e in expected)
    assert {e.format for e in expected} == set(FORMATS)
    registry = default_registry()
    specs = registry.resolve_specs(SPECS.split(","))
    broken = [e for e in expected if e.error_at]
    assert len(broken) == 3
    for e in expected:
        row = rows[e.relative]
        if e.error_at:
            assert row["status"] == "error"
            assert row["error"].startswith(e.error_at + ": "), (e.relative, row["error"])
            continue
        assert row["status"] == "ok", row
        want = standings_document(compute_standings(e.tournament, specs, registry))
        got = json.loads((out / (e.relative + ".standings.json")).read_text(encoding="utf-8"))
        assert got["standings"] == want["standings"], e.relative
        assert got["tiebreaks"] == ["BH", "SB"]
        assert int(row["players"]) == len(e.tournament.players) and int(row["rounds"]) == e.tournament.rounds
        assert row["winner"] == " / ".join(r["name"] for r in want["standings"] if r["rank"] == 1)
        if e.relative.endswith(".xlsx"):
            import openpyxl
            copy = openpyxl.load_workbook(out / e.relative, read_only=True)
            assert "Standings" in copy.sheetnames
            assert row["format"].startswith("xlsx:")
    data = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert data["totals"] == {"inputs": 36, "ok": 33, "error": 3, "skipped": 0}
    assert [r["file"] for r in data["files"]] == sorted(rows)


def test_second_run_skips_what_is_done_and_options_or_contents_invalidate(archive, tmp_path):
    folder, expected = archive
    out = tmp_path / "out"
    trf_only = [str(folder / e.relative) for e in expected if e.format == "trf" and not e.error_at]
    assert main(["batch", *trf_only, "--out", str(out), "--tiebreaks", SPECS, "--jobs", "1"]) == 0
    assert {r["status"] for r in _summary(out).values()} == {"ok"}
    assert main(["batch", *trf_only, "--out", str(out), "--tiebreaks", SPECS, "--jobs", "1"]) == 0
    assert {r["status"] for r in _summary(out).values()} == {"skipped"}
    first = next(iter(_summary(out).values()))
    assert first["players"] and first["winner"]  # a skipped row still says what the result was
    # A changed option never reuses a stale result.
    assert main(["batch", *trf_only, "--out", str(out), "--tiebreaks", "BH/C1", "--jobs", "1"]) == 0
    assert {r["status"] for r in _summary(out).values()} == {"ok"}


def test_changed_file_is_redone(tmp_path):
    folder = tmp_path / "in"
    expected = write_archive(folder, 6, broken=0, seed=3)
    out = tmp_path / "out"
    assert main(["batch", str(folder), "--out", str(out), "--jobs", "1"]) == 0
    trf = next(e for e in expected if e.format == "trf")
    path = folder / trf.relative
    path.write_text(path.read_text(encoding="utf-8").replace("Event", "Renamed event", 1), encoding="utf-8")
    assert main(["batch", str(folder), "--out", str(out), "--jobs", "1"]) == 0
    rows = _summary(out)
    assert rows[trf.relative]["status"] == "ok"
    assert sorted(r["status"] for f, r in rows.items() if f != trf.relative) == ["skipped"] * 5


def _run_cli(args: list[str], **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "rulesengine.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True, **kwargs)


def _wait_for_lines(manifest: Path, at_least: int, process: subprocess.Popen, timeout: float = 120) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if manifest.is_file():
            lines = manifest.read_text(encoding="utf-8").count("\n")
            if lines >= at_least:
                return lines
        if process.poll() is not None:
            pytest.fail(f"the run ended before it could be killed: {process.stderr.read().decode()}")
        time.sleep(0.01)
    pytest.fail("no progress")


def test_killed_run_is_finished_by_a_rerun_without_redoing_the_done_part(tmp_path):
    folder = tmp_path / "in"
    expected = write_archive(folder, 60, broken=0, seed=11)
    out = tmp_path / "out"
    args = ["batch", str(folder), "--out", str(out), "--jobs", "1", "--no-copies"]
    process = _run_cli(args)
    _wait_for_lines(out / MANIFEST_NAME, 10, process)
    os.killpg(process.pid, signal.SIGKILL)  # no chance to clean up
    process.wait()
    done_before = {json.loads(line)["row"]["file"]
                   for line in (out / MANIFEST_NAME).read_text(encoding="utf-8").splitlines() if line.endswith("}")}
    assert 10 <= len(done_before) < 60
    assert main(args) == 0
    rows = _summary(out)
    assert len(rows) == 60
    skipped = {f for f, r in rows.items() if r["status"] == "skipped"}
    assert skipped == done_before
    assert {r["status"] for f, r in rows.items() if f not in done_before} == {"ok"}
    assert all((out / (e.relative + ".standings.json")).is_file() for e in expected)


def test_ctrl_c_stops_cleanly_with_a_summary_of_what_finished(tmp_path):
    folder = tmp_path / "in"
    write_archive(folder, 60, broken=0, seed=5)
    out = tmp_path / "out"
    process = _run_cli(["batch", str(folder), "--out", str(out), "--jobs", "2", "--no-copies"])
    _wait_for_lines(out / MANIFEST_NAME, 5, process)
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr.decode()
    assert b"Traceback" not in stderr
    assert b"Interrupted" in stderr
    data = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert data["interrupted"] is True
    assert 5 <= data["totals"]["inputs"] < 60
    assert {r["status"] for r in data["files"]} == {"ok"}


def test_no_timings_gives_identical_summaries(archive, tmp_path):
    folder, _ = archive
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        main(["batch", str(folder), "--out", str(out), "--jobs", jobs, "--no-copies", "--no-timings"])
        outs.append(out)
    for name in ("summary.csv", "summary.json"):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes()
    assert ",ok,trf," in (outs[0] / "summary.csv").read_text(encoding="utf-8")


def test_read_only_path_gives_the_same_standings_as_the_recalc_route_in_every_layout(archive, tmp_path):
    folder, expected = archive
    books = [str(folder / e.relative) for e in expected if e.relative.endswith(".xlsx") and not e.error_at]
    main(["batch", *books, "--out", str(tmp_path / "copies"), "--jobs", "1", "--tiebreaks", "BH/C1,SB,PS"])
    main(["batch", *books, "--out", str(tmp_path / "read"), "--jobs", "1", "--tiebreaks", "BH/C1,SB,PS",
          "--no-copies"])
    results = sorted((tmp_path / "copies").rglob("*.standings.json"))
    assert len(results) == len(books) > 0
    for result in results:
        assert (tmp_path / "read" / result.relative_to(tmp_path / "copies")).read_bytes() == result.read_bytes()
    assert not list((tmp_path / "read").rglob("*.xlsx"))


def test_bad_tiebreak_is_a_usage_error_before_any_work(archive, tmp_path, capsys):
    folder, _ = archive
    assert main(["batch", str(folder), "--out", str(tmp_path / "o"), "--tiebreaks", "XYZ"]) == 2
    assert "unknown tie-break code 'XYZ'" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_output_folder_that_would_overwrite_an_input_is_refused(tmp_path, capsys):
    folder = tmp_path / "in"
    write_archive(folder, 3, broken=0, seed=2)  # trf, template workbook, swiss-manager workbook
    book = next(folder.rglob("*.xlsx"))
    before = book.read_bytes()
    assert main(["batch", str(book), "--out", str(book.parent)]) == 2
    assert "results would overwrite it" in capsys.readouterr().err
    assert book.read_bytes() == before


def test_what_a_folder_scan_takes(tmp_path):
    from rulesengine.inputs import discover
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "README.txt").write_text("notes about the archive\n", encoding="utf-8")
    (tmp_path / "a" / "old.txt").write_text("012 Old event\n", encoding="utf-8")
    (tmp_path / "a" / "~$book.xlsx").write_bytes(b"lock")
    ev = tmp_path / "a" / "vega"
    ev.mkdir()
    for page in ("crosstable.html", "standings.html", "index.html", "pairs9.html"):
        (ev / page).write_text("<html></html>", encoding="utf-8")
    found = discover([str(tmp_path)], tmp_path / "out")
    assert [(i.relative, i.kind, [c.name for c in i.companions]) for i in found] == [
        ("old.txt", "trf", []), ("vega/crosstable.html", "vega", ["standings.html"])]
    # Named on the command line, a standings page stands for its event.
    named = discover([str(ev / "standings.html")], tmp_path / "out")
    assert [(i.relative, i.kind) for i in named] == [("crosstable.html", "vega")]


def test_glob_inputs_and_a_rating_system_for_every_event(tmp_path):
    folder = tmp_path / "in"
    expected = write_archive(folder, 12, broken=0, seed=19)
    out = tmp_path / "out"
    assert main(["batch", str(folder / "*" / "*.trf"), "--out", str(out), "--system", "fide", "--jobs", "1"]) == 0
    trfs = [e for e in expected if e.format == "trf"]
    rows = _summary(out)
    assert sorted(rows) == sorted(e.relative for e in trfs)  # they lie in two year folders
    assert len({Path(e.relative).parent for e in trfs}) == 2
    for name in rows:
        rating = json.loads((out / (name + ".rating.json")).read_text(encoding="utf-8"))
        assert rating["system"] == "fide" and rating["players"]


def test_progress_is_a_bar_on_a_terminal_and_lines_otherwise():
    import io
    from rulesengine.batch.progress import LineProgress, make_progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    plain = io.StringIO()
    assert isinstance(make_progress(plain), LineProgress)
    terminal = Terminal()
    bar = make_progress(terminal)
    pytest.importorskip("rich")
    assert type(bar).__name__ == "RichProgress"
    bar.start(2)
    bar.advance({"file": "a.trf", "status": "ok", "seconds": 0.1, "error": ""})
    bar.advance({"file": "b.trf", "status": "error", "seconds": 0.0, "error": "b.trf:3:90: bad"})
    bar.close()
    assert "error  b.trf: b.trf:3:90: bad" in terminal.getvalue()
    line = LineProgress(plain)
    line.start(1)
    line.advance({"file": "a.trf", "status": "error", "seconds": 0.0, "error": "a.trf:1: no player records"})
    assert plain.getvalue() == "[1/1] error   a.trf: a.trf:1: no player records\n"


def test_chunks_of_inputs_give_the_same_results_as_one_input_per_future(archive, tmp_path):
    from rulesengine.inputs import discover
    from rulesengine.batch.job import BatchOptions
    from rulesengine.batch.runner import InlineExecutor, chunk_size, run_batch

    folder, expected = archive
    inputs = discover([str(folder)])
    options = BatchOptions(tiebreaks=SPECS, copies=False)
    for chunk in (1, 5):
        outcome = run_batch(inputs, tmp_path / str(chunk), options, InlineExecutor(), timings=False, chunk=chunk)
        assert len(outcome.rows) == len(expected)
    one, five = _hashes(tmp_path / "1"), _hashes(tmp_path / "5")
    assert one.pop(MANIFEST_NAME) and five.pop(MANIFEST_NAME)  # its rows hold the seconds
    assert one == five  # every output and both summaries
    keys = [{json.loads(line)["key"] for line in (tmp_path / c / MANIFEST_NAME).read_text().splitlines()}
            for c in ("1", "5")]
    assert keys[0] == keys[1] and len(keys[0]) == sum(1 for e in expected if not e.error_at)
    assert (chunk_size(1000, 2), chunk_size(60, 2), chunk_size(200, 8)) == (8, 1, 1)


def test_a_failed_chunk_makes_each_of_its_inputs_an_error_row(archive, tmp_path):
    from concurrent.futures import Future

    from rulesengine.inputs import discover
    from rulesengine.batch.job import BatchOptions
    from rulesengine.batch.runner import InlineExecutor, run_batch

    class DyingWorker(InlineExecutor):
        def submit(self, fn, /, *args, **kwargs):
            future: Future = Future()
            future.set_exception(RuntimeError("killed"))
            return future

    folder, _ = archive
    inputs = discover([str(folder)])[:7]
    outcome = run_batch(inputs, tmp_path, BatchOptions(tiebreaks=SPECS), DyingWorker(), chunk=3)
    assert sorted((r["file"], r["status"]) for r in outcome.rows) == [(i.relative, "error") for i in inputs]
    assert all(r["error"] == f"{r['file']}: the worker failed: RuntimeError: killed" for r in outcome.rows)
    assert not (tmp_path / MANIFEST_NAME).exists()  # nothing recorded as done


def test_warm_up_writes_nothing_and_leaves_no_scratch(tmp_path, monkeypatch):
    import tempfile

    from rulesengine.batch.job import BatchOptions, warm_up
    from rulesengine.inputs import KINDS

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    warm_up(KINDS, BatchOptions(tiebreaks=SPECS, copies=False))
    warm_up(KINDS, BatchOptions(tiebreaks=SPECS, copies=True))
    leftovers = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert leftovers == []
