"""The fuzz suite CI runs (issue 10 item 9): mutated real TRF files through `standings` and
`rate --system fide`, mutated workbooks through `recalc`, mutated chess-results XML through
`standings`, `audit` and `batch`, mutated Vega pages through `standings` and `audit`, and the committed corpus of the nastiest
cases found. Fails on any traceback, any run over 10 s, an unlocated or over-long exit-2 message,
or an input file changed by a failed run (harness.py). Bounded: under a minute in all.

A bigger campaign with new seeds: `python tests/fuzz/campaign.py --trf 3000 --workbooks 1000`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from .harness import run_cli
from .mutations import chess_results_mutation, trf_mutation, vega_mutation, workbook_mutation

CORPUS = Path(__file__).resolve().parent / "corpus"
FUZZ = settings(max_examples=40, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))


EXPECTED = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))


def check_trf(path: Path) -> list[int | None]:
    statuses = []
    for args in (["standings", str(path)], ["rate", "--system", "fide", str(path)]):
        outcome = run_cli(args, path)
        assert outcome.ok, f"{' '.join(args)}: {outcome.failure}\n{outcome.stderr[:2000]}"
        statuses.append(outcome.status)
    return statuses


def check_workbook(path: Path) -> list[int | None]:
    outcome = run_cli(["recalc", str(path)], path)
    assert outcome.ok, f"recalc {path.name}: {outcome.failure}\n{outcome.stderr[:2000]}"
    return [outcome.status]


@FUZZ
@given(text=trf_mutation())
def test_mutated_trf_files(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("trf") / "mutated.trf"
    path.write_text(text, encoding="utf-8", errors="surrogatepass", newline="")
    check_trf(path)


@settings(FUZZ, max_examples=15)
@given(book=workbook_mutation())
def test_mutated_workbooks(tmp_path_factory, book):
    data, _ = book
    path = tmp_path_factory.mktemp("xlsx") / "mutated.xlsx"
    path.write_bytes(data)
    check_workbook(path)


@settings(FUZZ, max_examples=30)
@given(text=chess_results_mutation())
def test_mutated_chess_results_files(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("xml") / "mutated.xml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for args in (["standings", str(path)], ["audit", str(path)]):
        outcome = run_cli(args, path)
        assert outcome.ok, f"{' '.join(args)}: {outcome.failure}\n{outcome.stderr[:2000]}"
    # batch reports per file in its summary: an error row names the file and where in it.
    out = path.parent / "out"
    outcome = run_cli(["batch", str(path), "--out", str(out)], path)
    assert outcome.failure == "" or outcome.failure.startswith("message without a location: ") \
        and "[1/1] error   mutated.xml: mutated.xml:" in outcome.failure, outcome.failure
    [row] = json.loads((out / "summary.json").read_text(encoding="utf-8"))["files"]
    assert row["status"] == "ok" or row["error"].startswith("mutated.xml:"), row


@settings(FUZZ, max_examples=30)
@given(mutated=vega_mutation())
def test_mutated_vega_pages(tmp_path_factory, mutated):
    import shutil
    source, name, text = mutated
    folder = tmp_path_factory.mktemp("vega") / "event"
    shutil.copytree(source, folder)
    (folder / name).write_text(text, encoding="utf-8")
    for args in (["standings", str(folder / "crosstable.html")], ["audit", str(folder)]):
        outcome = run_cli(args, folder / "crosstable.html")
        # A problem of the standings page is located in that page, beside the crosstable.
        assert outcome.ok or outcome.failure.startswith(f"message without a location: 'rulesengine: {folder}/"), \
            f"{' '.join(args)}: {outcome.failure}\n{outcome.stderr[:2000]}"


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.trf")), ids=lambda p: p.name)
def test_trf_corpus(tmp_path, path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    assert check_trf(copy) == EXPECTED[path.name]


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.xlsx")), ids=lambda p: p.name)
def test_workbook_corpus(tmp_path, path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    assert check_workbook(copy) == EXPECTED[path.name]
