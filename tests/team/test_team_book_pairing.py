"""`rulesengine pair BOOK.xlsx` on a team book (issue 22 item 2, issue 24 item 4): the next round
paired by the system the book's event names and typed into its Matches sheet.

A whole team swiss is run the way a TD runs it: pair, type the results (the test draws them),
recalc, pair the next round. The same event is kept as a TRF file beside it (`pair TEAM.trf
--format trf` writes each round in, the test types the same results into the 001 lines), and
every round the book pairs equals what `pair TEAM.trf` pairs on it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import openpyxl
import pytest

from fixture_data import fixture_files
from rulesengine import api
from rulesengine.cli import main
from rulesengine.workbook.team.export import export

TEAM_FILES = {p.stem: p for p in fixture_files("team", "*.trf")}
START = "2026/03/10"   # C.04.6 is in force from 2026-02-01
# A board's result as the book types it (home first) -> the two players' TRF result characters.
RESULTS = {"1-0": ("1", "0"), "½-½": ("=", "="), "0-1": ("0", "1"), "+/-": ("+", "-")}


def _bare_trf(stem: str, colour_model: str = "TYPEA", board_colours: str = "") -> tuple[str, int]:
    """The fixture's teams and players with no round played (the 330/300/240 records, the PAB
    teams of 320 and the 001 round blocks dropped), dated after C.04.6 came into force; its rounds."""
    lines, rounds = [], 0
    for line in TEAM_FILES[stem].read_text(encoding="utf-8").splitlines():
        code = line[:3]
        if code in ("330", "300", "240", "052", "202"):
            continue
        if code == "320":
            line = line[:13]   # the team PAB's match and game points, no round yet
        if code == "042":
            line = f"042 {START}"
        elif code == "192":
            line = line.replace("TYPEA", colour_model)
        elif code == "142":
            rounds = int(line[4:])
        elif code == "352" and board_colours:
            line = f"352 {board_colours}"
        elif code == "001":
            line = line[:80] + " 0.0"
        lines.append(line)
    return "\n".join(lines) + "\n", rounds


def _settings(book: Path, values: dict[str, object]) -> None:
    """Type Settings values (by label) into the book, as a TD does."""
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value in values:
            row[1].value = values[row[0].value]
    wb.save(book)


def _new_book(tmp_path: Path, trf: Path, rounds: int, kind: str = "team-swiss") -> Path:
    """A blank team book with the TRF's teams typed into Teams and its settings into Settings."""
    event = api.load_event(trf)
    book = tmp_path / "event.xlsx"
    assert main(["new-workbook", kind, str(book), "--teams", str(len(event.teams)), "--boards", str(event.boards),
                 "--rounds", str(rounds)]) == 0
    grids = export(event)
    wb = openpyxl.load_workbook(book)
    ws = wb["Teams"]
    ws.delete_rows(2, ws.max_row)
    for r, values in enumerate(grids["Teams"].rows[1:], start=2):
        for c, value in enumerate(values, start=1):
            ws.cell(r, c, value)
    wb.save(book)
    typed = {str(row[0]): row[1] for row in grids["Settings"].rows[1:] if row[1] not in (None, "")}
    _settings(book, {**typed, "Rounds": rounds})
    return book


def _json_out(capsys, argv: list[str]) -> dict:
    assert main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    return json.loads(out[out.index("{"):])


def _type_round(book: Path, trf_text: str, rnd: int, event, draw: random.Random) -> str:
    """Draw each board's result of round `rnd`, type it into the book's board rows and into the
    TRF's 001 lines (the same result for the same two players); the TRF text with the results."""
    by_name = {t.name.casefold(): t for t in event.teams}
    wb = openpyxl.load_workbook(book)
    ws = wb["Matches"]
    lines = trf_text.split("\n")   # "": the book only
    line_of = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001")}
    at = 98 + 10 * (rnd - 1)           # TRF-16: round 1's result in column 99
    rows = list(ws.iter_rows(min_row=2))
    for i, row in enumerate(rows):
        if row[0].value != rnd or row[2].value is None or str(row[4].value).upper() in ("PAB", "HPB", "FPB", "ZPB"):
            continue
        home, away = by_name[str(row[2].value).casefold()], by_name[str(row[4].value).casefold()]
        for board_row in rows[i + 1:i + 1 + event.boards]:
            board = board_row[1].value
            result = draw.choice(("1-0", "1-0", "½-½", "0-1", "0-1", "½-½", "+/-"))
            board_row[3].value = result
            mine, theirs = home.players[board - 1], away.players[board - 1]
            for sno, other, char in ((mine, theirs, RESULTS[result][0]), (theirs, mine, RESULTS[result][1])):
                if not trf_text:
                    break
                line = lines[line_of[sno]]
                assert int(line[at - 7:at - 3]) == other and line[at] == " "   # the round the TRF paired
                lines[line_of[sno]] = line[:at] + char + line[at + 1:]
    wb.save(book)
    return "\n".join(lines)


def _standings(document: dict) -> list[tuple]:
    return [(t["rank"], t["team"], t["mp"], t["gp"]) for t in document["teams"]]


def _book_standings(book: Path) -> list[tuple]:
    rows = list(openpyxl.load_workbook(book)["Team Standings"].iter_rows(values_only=True))
    start = next(i for i, row in enumerate(rows) if row[0] == "Rank")
    body = []
    for row in rows[start + 1:]:
        if row[0] is None:
            break
        body.append((row[0], row[1], row[3], row[4]))
    return body


@pytest.mark.parametrize(("stem", "model", "hpb", "colours"), [("sw02_t9_b4_r5_pab", "TYPEA", {}, ""),
                                                               ("sw06_t13_b4_r7_hpb", "TYPEB", {3: 5, 5: 2}, ""),
                                                               ("sw02_t9_b4_r5_pab", "-", {}, "BWBW")])
def test_a_team_swiss_run_in_the_book_pairs_as_the_trf(tmp_path, capsys, stem, model, hpb, colours):
    """Round by round: `pair BOOK` (the book's blocks filled), results typed, `recalc BOOK`; the
    same event as TRF paired by `pair TEAM.trf`. Every round's pairing, colours and PAB agree
    (C.04.6 with the book's colour model, its initial colour and team PAB), requested half-point
    byes typed ahead (record 240) included, and the final standings agree. Board colours BWBW
    (record 352): the team with White on board 1 is the away team of the book, the second-named of
    the TRF's match; the colour model "no colour" (art. 1.7) too."""
    text, rounds = _bare_trf(stem, model, colours)
    trf = tmp_path / "event.trf"
    trf.write_text(text, encoding="utf-8")
    book = _new_book(tmp_path, trf, rounds)
    event = api.load_event(trf)
    draw = random.Random(stem)
    for rnd in range(1, rounds + 1):
        if rnd in hpb:   # a team asks for a half-point bye in this round: 240 in TRF, HPB in the book
            at = text.index("\n310") + 1
            text = text[:at] + f"240 H {rnd:>3} {hpb[rnd]:>4}\n" + text[at:]
            trf.write_text(text, encoding="utf-8")
            wb = openpyxl.load_workbook(book)
            ws = wb["Matches"]
            row = next(r for r in ws.iter_rows(min_row=2) if r[0].value == rnd and r[2].value is None)
            row[2].value, row[4].value = hpb[rnd], "HPB"
            wb.save(book)
        from_book = _json_out(capsys, ["pair", str(book), "--format", "json"])
        from_trf = _json_out(capsys, ["pair", str(trf), "--format", "json"])
        assert from_book == from_trf
        assert from_book["round"] == rnd and from_book["pairings"]
        pab = [bye["team"] for bye in from_book["byes"] if bye["kind"] == "PAB"]
        assert len(pab) == (len(event.teams) - (rnd in hpb)) % 2   # an odd field: one PAB (art. 3.4)
        if rnd in hpb:
            assert {"team": hpb[rnd], "kind": "HPB"} in from_book["byes"]
        assert main(["pair", str(trf), "--format", "trf", "--output", str(tmp_path / "next.trf")]) == 0
        text = _type_round(book, (tmp_path / "next.trf").read_text(encoding="utf-8"), rnd, event, draw)
        trf.write_text(text, encoding="utf-8")
        (tmp_path / "next.trf").unlink()
        assert main(["recalc", str(book)]) == 0, capsys.readouterr().err
        capsys.readouterr()
    assert main(["pair", str(book), "--check"]) == 0   # every round as the rules pair it
    assert f"0 of {rounds} round(s) differ" in capsys.readouterr().out
    final = _book_standings(book)
    assert final == _standings(_json_out(capsys, ["standings", str(trf), "--format", "json"]))
    assert len(final) == len(event.teams) and sum(row[2] for row in final) > 0


# FIDE C.05 Annex 1: the Berger tables for 6 and 8 players (white first), as the Annex prints them.
BERGER_6 = ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"]
BERGER_8 = ["1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7",
            "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"]


@pytest.mark.parametrize(("stem", "table"), [("rr01_t6_b4_r5", BERGER_6), ("rr04_t7_b4_r7_odd", BERGER_8)])
def test_a_team_round_robin_book_follows_the_berger_table(tmp_path, capsys, stem, table):
    """A team round robin book is paired by the Berger table of C.05 Annex 1, round after round
    (results typed and recalculated between), team numbers as table numbers; with 7 teams number 8
    is the bye: its opponent has no match that round (a note, no block written for it)."""
    event = api.load_event(TEAM_FILES[stem])
    book = _new_book(tmp_path, TEAM_FILES[stem], len(table), "team-round-robin")
    _settings(book, {"Start date": "2026-03-10"})
    teams = len(event.teams)
    draw = random.Random(stem)
    for rnd, expected in enumerate(table, start=1):
        assert main(["pair", str(book)]) == 0
        out = capsys.readouterr().out
        assert "Berger tables, FIDE C.05 Annex 1" in out
        from_book = _json_out(capsys, ["pair", str(book), "--check", "--format", "json"])   # nothing to check yet
        pairs = [tuple(map(int, pair.split("-"))) for pair in expected.split()]
        wb = openpyxl.load_workbook(book)
        written = [(row[2], row[4]) for row in wb["Matches"].iter_rows(min_row=2, values_only=True)
                   if row[0] == rnd and row[2] is not None]
        names = {t.number: t.name for t in event.teams}
        assert written == [(names[w], names[b]) for w, b in pairs if b <= teams and w <= teams]
        idle = next((w if b > teams else b for w, b in pairs if max(w, b) > teams), None)
        if idle is not None:
            assert f"team {idle} {names[idle]} has no match in round {rnd} (the Berger table's bye" in out
        _type_round(book, "", rnd, event, draw)
        assert main(["recalc", str(book)]) == 0, capsys.readouterr().err
        capsys.readouterr()
        assert from_book["rounds"] == rnd - 1
    assert main(["pair", str(book), "--check"]) == 0
    assert f"0 of {len(table)} round(s) differ" in capsys.readouterr().out


def _small_book(tmp_path: Path, rounds: int, teams: int = 4) -> Path:
    """A team swiss book typed by hand: `teams` teams of two players, 2 boards, `rounds` rounds."""
    book = tmp_path / "small.xlsx"
    assert main(["new-workbook", "team-swiss", str(book), "--teams", str(teams), "--boards", "2",
                 "--rounds", str(rounds)]) == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Teams"]
    ws.delete_rows(2, ws.max_row)
    for t in range(teams):
        ws.append([t + 1, f"Équipe {chr(65 + t)}", None, 1, f"Joueur {t + 1}a", None, None, 2300 - 10 * t])
        ws.append([None, None, None, 2, f"Joueur {t + 1}b", None, None, 2250 - 10 * t])
    wb.save(book)
    _settings(book, {"Start date": "2026-03-10"})
    return book


def _play(book: Path, rnd: int, capsys) -> None:
    """Pair round `rnd`, type home wins on every board, recalc."""
    assert main(["pair", str(book)]) == 0, capsys.readouterr().err
    wb = openpyxl.load_workbook(book)
    for row in wb["Matches"].iter_rows(min_row=2):
        if row[1].value and row[2].value:
            row[3].value = "1-0"
    wb.save(book)
    assert main(["recalc", str(book)]) == 0, capsys.readouterr().err
    capsys.readouterr()


def test_pair_writes_only_the_rounds_cells_and_keeps_the_original(tmp_path, capsys):
    """Only the round's cells change: the TD's other sheet with its formula, the template's bold
    match rows, the other rounds' blocks stay; the book before the first change is kept beside it."""
    book = _small_book(tmp_path, 3)
    wb = openpyxl.load_workbook(book)
    wb.create_sheet("Notes")["A1"] = "=1+1"
    wb.save(book)
    before = book.read_bytes()
    assert main(["pair", str(book)]) == 0
    out = capsys.readouterr().out
    assert "Wrote round 1 to Matches of" in out and "small.original.xlsx" in out
    assert (tmp_path / "small.original.xlsx").read_bytes() == before
    wb = openpyxl.load_workbook(book)
    assert wb["Notes"]["A1"].value == "=1+1"
    rows = [[c.value for c in row[:6]] for row in wb["Matches"].iter_rows(min_row=2, max_row=7)]
    # C.04.6 round 1: top half against bottom half, 1-3 and 4-2 by the colours of art. 4.3.1 (team 1 White,
    # record 152 absent); the home team is the team with White on board 1, white on odd boards.
    assert rows == [[1, None, "Équipe A", None, "Équipe C", None], [None, 1, "Joueur 1a", None, "Joueur 3a", "w"],
                    [None, 2, "Joueur 1b", None, "Joueur 3b", "b"], [1, None, "Équipe D", None, "Équipe B", None],
                    [None, 1, "Joueur 4a", None, "Joueur 2a", "w"], [None, 2, "Joueur 4b", None, "Joueur 2b", "b"]]
    assert wb["Matches"]["C2"].font.b and wb["Matches"]["C5"].font.b   # the template's match rows, still bold
    assert [c.value for c in wb["Matches"][8]][:3] == [2, None, None]   # round 2's blocks untouched


def test_a_round_paired_already_or_typed_ahead_is_refused(tmp_path, capsys):
    """Round 1 paired and not played: pairing again is refused at each of its match rows; a round
    typed ahead of the results is refused too; nothing is written either time."""
    book = _small_book(tmp_path, 3)
    assert main(["pair", str(book)]) == 0
    capsys.readouterr()
    before = book.read_bytes()
    assert main(["pair", str(book)]) == 2
    err = capsys.readouterr().err
    assert ("Matches!C2: round 1 is paired already (Équipe A against Équipe C, no results yet): type its results "
            "and Recalculate, then pair round 2; to pair round 1 again, clear its match rows") in err
    assert "Matches!C5: round 1 is paired already" in err
    assert "was not changed (2 problems)" in err
    wb = openpyxl.load_workbook(book)
    ws = wb["Matches"]
    for row in ws.iter_rows(min_row=2, max_row=7):
        row[2].value = row[3].value = row[4].value = None   # round 1's two blocks cleared ...
    ws["C8"], ws["E8"] = "Équipe A", "Équipe B"                  # ... and round 2 typed
    wb.save(book)
    before = book.read_bytes()
    assert main(["pair", str(book)]) == 2
    assert ("Matches!C8: round 2 is typed (Équipe A against Équipe B) before round 1 has results: a swiss pairs "
            "each round from the results before it (C.04.6 art. 3.3.2); clear it") in capsys.readouterr().err
    assert book.read_bytes() == before


def test_a_round_after_the_last_is_refused_at_rounds(tmp_path, capsys):
    book = _small_book(tmp_path, 1)
    _play(book, 1, capsys)
    before = book.read_bytes()
    assert main(["pair", str(book)]) == 2
    err = capsys.readouterr().err
    assert "Settings!B6: round 2 is after the last round (Rounds is 1): every round is paired" in err
    assert book.read_bytes() == before
    # One more round scheduled: the sheet has no block for it, so its blocks go below the last row.
    _settings(book, {"Rounds": 2})
    assert main(["pair", str(book)]) == 0
    assert ("Note: 2 block(s) of round 2 written below the last row of Matches (the sheet had no empty block of "
            "the round left for them)") in capsys.readouterr().out
    rows = [[c.value for c in row[:6]] for row in openpyxl.load_workbook(book)["Matches"].iter_rows(min_row=8)]
    assert rows[0] == [None] * 6 and [row[0] for row in rows[1:8]] == [2, None, None, 2, None, None, None]
    assert main(["recalc", str(book)]) == 0   # the blocks read back (no results yet: a note)


def test_a_round_no_pairing_allows_is_left_to_the_chief_arbiter(tmp_path, capsys):
    """Four teams, four rounds: after three rounds every team has met every other, so no pairing of
    round 4 complies with [C1] (art. 2.1.1): C.04.6 art. 3.3.3 leaves it to the Chief Arbiter, and
    the book is not changed."""
    book = _small_book(tmp_path, 4)
    for rnd in (1, 2, 3):
        _play(book, rnd, capsys)
    before = book.read_bytes()
    assert main(["pair", str(book)]) == 2
    err = capsys.readouterr().err
    assert "round 4 cannot be paired" in err and "art. 3.3.3" in err
    assert book.read_bytes() == before


def test_flags_a_team_book_does_not_take(tmp_path, capsys):
    book = _small_book(tmp_path, 3)
    before = book.read_bytes()
    assert main(["pair", str(book), "--round", "2"]) == 2
    assert "--round 2: no round of this book has results, so round 1 is the one to pair" in capsys.readouterr().err
    assert main(["pair", str(book), "--layout", "template"]) == 2
    assert "--layout, --sheet: not for a team book" in capsys.readouterr().err
    assert book.read_bytes() == before


def test_explain_and_check_of_a_team_book(tmp_path, capsys):
    """`pair --explain BOOK` explains the next round as for a TRF (bracket by bracket, the colours'
    article); `pair --check BOOK` re-pairs the rounds with results."""
    book = _small_book(tmp_path, 3)
    _play(book, 1, capsys)
    assert main(["pair", str(book), "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 2: FIDE Swiss Team Pairing System C.04.6, colour model type A")
    assert "Board 1:" in out and "art. 4.3" in out
    assert main(["pair", str(book), "--check"]) == 0
    assert "Round 1: as the rules pair it" in capsys.readouterr().out


SCHEDULED = [stem for stem, path in TEAM_FILES.items() if stem.startswith("sw")
             and "\n142 " in path.read_text(encoding="utf-8")]


@pytest.mark.parametrize("stem", SCHEDULED)
def test_the_book_of_a_team_file_pairs_its_next_round_as_the_file(tmp_path, capsys, stem):
    """Every team swiss fixture with its schedule one round longer (record 142 + 1): `new-workbook
    --from` it, then `pair BOOK` pairs the extra round exactly as `pair TEAM.trf` does (forfeited
    matches, team PABs, half-point byes, game points primary, 3/1/0 among them), into the empty
    blocks `new-workbook --from` prepared for the scheduled round the file has not played; and
    `pair --check` gives the book's rounds the verdicts it gives the file's."""
    text = TEAM_FILES[stem].read_text(encoding="utf-8")
    rounds = int(text.split("\n142 ", 1)[1].split("\n", 1)[0])
    trf = tmp_path / "event.trf"
    trf.write_text(text.replace(f"\n142 {rounds}\n", f"\n142 {rounds + 1}\n"), encoding="utf-8")
    book = tmp_path / "event.xlsx"
    assert main(["new-workbook", "team-swiss", str(book), "--from", str(trf)]) == 0
    capsys.readouterr()
    checks = [main(["pair", str(path), "--check", "--format", "json"]) for path in (book, trf)]
    out = capsys.readouterr().out
    assert checks[0] == checks[1] and out[:len(out) // 2] == out[len(out) // 2:]   # --check: the same verdicts
    assert main(["pair", str(book), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "below the last row" not in captured.err
    from_book = json.loads(captured.out)
    assert from_book == _json_out(capsys, ["pair", str(trf), "--format", "json"])
    assert from_book["round"] == rounds + 1
    rows = list(openpyxl.load_workbook(book)["Matches"].iter_rows(values_only=True))
    assert sum(1 for row in rows if row[0] == rounds + 1) == len(from_book["pairings"]) + sum(
        1 for bye in from_book["byes"] if bye["kind"] == "PAB")


def test_colour_model_and_first_colour_are_read_at_their_cells(tmp_path, capsys):
    """Settings' Colour model (C.04.6 art. 1.7) and First colour (art. 4.1, record 152): a value
    neither names is refused at its cell; black for team 1 gives the top team Black in round 1
    (art. 4.3.1 draws from the initial colour), and the explanation names the model."""
    book = _small_book(tmp_path, 3)
    _settings(book, {"Colour model": "type C", "First colour": "red"})
    before = book.read_bytes()
    assert main(["pair", str(book)]) == 2
    err = capsys.readouterr().err
    assert "Settings!B14: Colour model: 'type C': want type A, type B or none (C.04.6 art. 1.7)" in err
    assert "Settings!B15: First colour: 'red': want white or black" in err
    assert book.read_bytes() == before
    _settings(book, {"Colour model": "type B", "First colour": "black"})
    assert main(["pair", str(book), "--explain"]) == 0
    assert "colour model type B" in capsys.readouterr().out
    paired = _json_out(capsys, ["pair", str(book), "--format", "json"])
    assert [(p["white"], p["black"]) for p in paired["pairings"]] == [(3, 1), (2, 4)]
