"""A team book's `Forbidden pair` and `Acceleration` rows (records 260 and 250 of a team swiss,
issue 22 item 1): `pair BOOK` pairs as `pair TEAM.trf` with the same records, a bad row is refused
at its cell, and a TRF's records come back as rows in a book made from it."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from rulesengine import api
from rulesengine.cli import main
from team.test_team_book_pairing import _bare_trf, _new_book

STEM = "sw06_t13_b4_r7_hpb"    # 13 teams, 4 boards


def _rows(book: Path, *rows: list) -> None:
    """Type Settings rows under the last one, as a TD adds them."""
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    for values in rows:
        r = ws.max_row + 1
        for c, value in enumerate(values, start=1):
            ws.cell(r, c, value)
    wb.save(book)


def _pairs(capsys, argv: list[str]) -> tuple[set[frozenset[int]], dict]:
    assert main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    document = json.loads(out[out.index("{"):])
    return {frozenset((p["white"], p["black"])) for p in document["pairings"]}, document


def _event(folder: Path, *records: str) -> tuple[Path, Path, int]:
    """In `folder`: the bare fixture (no round played) as TRF with `records` added, and a book of it
    without them; its rounds."""
    folder.mkdir(exist_ok=True)
    tmp_path = folder
    text, rounds = _bare_trf(STEM)
    trf = tmp_path / "event.trf"
    trf.write_text(text, encoding="utf-8")
    book = _new_book(tmp_path, trf, rounds)
    at = text.index("\n310") + 1
    trf.write_text(text[:at] + "".join(f"{r}\n" for r in records) + text[at:], encoding="utf-8")
    return trf, book, rounds


def test_a_forbidden_pair_of_teams_is_not_paired_and_the_book_pairs_as_the_trf(tmp_path, capsys):
    """Round 1 pairs the top half against the bottom half (C.04.6 art. 3); forbidding one of those
    pairs (record 260, [C1] art. 2.1.1) makes the book and the TRF pair round 1 otherwise, alike."""
    plain_trf, book, _ = _event(tmp_path / "plain")
    plain, _ = _pairs(capsys, ["pair", str(plain_trf), "--format", "json"])
    a, b = sorted(min(plain, key=min))
    names = {t.number: t.name for t in api.load_event(plain_trf).teams}
    trf, _, _ = _event(tmp_path / "forbidden", f"260   1  99 {a:>4} {b:>4}")
    _rows(book, ["Forbidden pair", a, names[b]])     # by number and by name
    from_book, document = _pairs(capsys, ["pair", str(book), "--format", "json"])
    from_trf, _ = _pairs(capsys, ["pair", str(trf), "--format", "json"])
    assert frozenset((a, b)) in plain and frozenset((a, b)) not in from_book
    assert from_book == from_trf and from_book != plain
    assert document["round"] == 1


def test_an_accelerated_round_pairs_as_the_trf_with_record_250(tmp_path, capsys):
    """Fictitious 1 MP and 2 GP for teams 1-6 in rounds 1-2 (C.04.7 art. 1.5): round 1 pairs the
    accelerated teams among themselves, as the TRF with the same record 250 does."""
    plain_trf, book, _ = _event(tmp_path / "plain")
    plain, _ = _pairs(capsys, ["pair", str(plain_trf), "--format", "json"])
    trf, _, _ = _event(tmp_path / "accelerated", "250    1    2   1   2    1    6")
    _rows(book, ["Acceleration", "1/2", "1-2", "1-6"])
    from_book, _ = _pairs(capsys, ["pair", str(book), "--format", "json"])
    from_trf, _ = _pairs(capsys, ["pair", str(trf), "--format", "json"])
    assert from_book == from_trf != plain
    top = [pair for pair in from_book if min(pair) <= 6]
    assert all(max(pair) <= 6 for pair in top) and len(top) == 3   # 1-6 meet among themselves


@pytest.mark.parametrize(("row", "cell", "says"), [
    (["Forbidden pair", 3, "Nobody FC"], "C", "'Nobody FC' is no team's number, name or nickname"),
    (["Forbidden pair", 3, 99], "C", "no team has the number 99"),
    (["Forbidden pair", 4, 4], "C", "the same team twice"),
    (["Forbidden pair", 4, 5, "3-1"], "D", "want a number or a range"),
    (["Acceleration", "1", "1-2", "1-6"], "B", "want the fictitious match points/game points"),
    (["Acceleration", "1/2", "1-2", "1-40"], "D", "within 1-13"),
])
def test_a_bad_pairing_row_is_refused_at_its_cell_and_nothing_is_written(tmp_path, capsys, row, cell, says):
    _, book, _ = _event(tmp_path)
    _rows(book, row)
    r = openpyxl.load_workbook(book)["Settings"].max_row
    before = book.read_bytes()
    assert main(["pair", str(book)]) != 0
    err = capsys.readouterr().err
    assert f"Settings!{cell}{r}" in err and says in err, err
    assert book.read_bytes() == before


def test_acceleration_with_game_points_first_is_refused_by_c047_art_1_4_4(tmp_path, capsys):
    _, book, _ = _event(tmp_path)
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    next(row for row in ws.iter_rows(min_row=2) if row[0].value == "Primary score")[1].value = "GP"
    wb.save(book)
    _rows(book, ["Acceleration", "1/2", "1", "1-6"])
    assert main(["pair", str(book)]) != 0
    err = capsys.readouterr().err
    assert "C.04.7 art. 1.4.4" in err and f"Settings!A{openpyxl.load_workbook(book)['Settings'].max_row}" in err


def test_a_trf_s_records_260_and_250_come_back_as_rows_and_pair_alike(tmp_path, capsys):
    """`new-workbook team-swiss --from TEAM.trf`: the 260 (three teams: three pairs) and 250 records
    become Settings rows, and the book pairs round 1 as the file does."""
    trf, _, _ = _event(tmp_path, "260   1   3    1    7    8", "250    1    2   1   1    1    4")
    book = tmp_path / "from.xlsx"
    assert main(["new-workbook", "team-swiss", str(book), "--from", str(trf)]) == 0, capsys.readouterr().err
    rows = [tuple(v for v in row if v not in (None, "")) for row in
            openpyxl.load_workbook(book)["Settings"].iter_rows(values_only=True) if row[0] in ("Forbidden pair",
                                                                                             "Acceleration")]
    assert rows == [("Forbidden pair", 1, 7, "1-3"), ("Forbidden pair", 1, 8, "1-3"),
                    ("Forbidden pair", 7, 8, "1-3"), ("Acceleration", "1/2", "1", "1-4")]
    capsys.readouterr()
    from_book, _ = _pairs(capsys, ["pair", str(book), "--format", "json"])
    from_trf, _ = _pairs(capsys, ["pair", str(trf), "--format", "json"])
    assert from_book == from_trf
    assert not {frozenset((1, 7)), frozenset((1, 8)), frozenset((7, 8))} & from_book


def test_a_round_robin_book_refuses_pairing_rows(tmp_path, capsys):
    book = tmp_path / "rr.xlsx"
    assert main(["new-workbook", "team-round-robin", str(book), "--teams", "6"]) == 0
    _rows(book, ["Forbidden pair", 1, 2])
    assert main(["recalc", str(book)]) != 0
    err = capsys.readouterr().err
    assert "Berger table" in err and "Settings!A" in err
