"""The event day through the workbook, as a TD runs it (issue 23 item 4 and the bar): a 10-player
and a 40-player swiss from `new-workbook` to the final standings, with a late entry, two
requested byes, a withdrawal, a forbidden pair and one manual board, each honoured or warned
about at the right place (the cell, the Settings row, the Standings column, the TRF export)."""

from __future__ import annotations

import re


from rulesengine.pairing import draw_initial_colour

from event_day_cycle import Book, grids, res_cell, run, type_into

SEED = "Spring Open 2026, arbiter A. Berg"


def boards_of(paired: dict) -> list[tuple[int, int]]:
    return [(b["white"], b["black"]) for b in paired["pairings"]]


def met(pairs: list[tuple[int, int]], a: int, b: int) -> bool:
    return (a, b) in pairs or (b, a) in pairs


def test_a_ten_player_event_day_through_the_workbook(tmp_path, capsys):
    players = [(f"Player {i}", 2250 - 50 * i) for i in range(1, 10)]
    book = Book.new(tmp_path, capsys, players, 5, {
        "Event": "Spring Open", "Max half-point byes": 1, "No byes in last rounds": 1, "Late entries": "half",
        "Colour lot": SEED, "pair": (1, "Player 5")})
    played: list[tuple[int, int]] = []

    # Round 1: the forbidden pair (Settings, as TRF 260) is not paired although C.04.3 would pair 1-5;
    # the lot drew the initial colour of pairing number 1, reproducibly (C.04.3 E.5).
    code, paired, err = book.pair()
    assert code == 0, err
    assert not met(boards_of(paired), 1, 5)
    drawn = "white" if draw_initial_colour(SEED) == "W" else "black"
    assert f"initial colour drawn by lot (Settings!{book.settings_cell('Colour lot')} {SEED!r}): {drawn}" in err
    first = next(b for b in paired["pairings"] if 1 in (b["white"], b["black"]))
    assert (first["white"] == 1) == (drawn == "white")
    played += boards_of(paired)
    book.enter_results(1)
    assert book.recalc()[0] == 0

    # After round 1: a late entrant (rated highest: pairing number 1 by C.04.2), and two requested
    # half-point byes typed in their rounds' Res cells (player 4 in round 2, player 6 in round 3).
    book.type_players([("Late, Lena", 2400)], first=10)
    type_into(book.path, "Crosstable", {res_cell(4, 2): "H", res_cell(6, 3): "H"})
    code, paired, err = book.pair()
    assert code == 0, err
    assert ["player 10 Late, Lena enters in round 2: round 1 scored as half-point byes; the initial ranking "
            "(C.04.2) gives pairing number 1, the players after move down one"] == \
        [line.removeprefix("Note: ") for line in err.splitlines() if "enters in round" in line]
    assert {"player": 4, "kind": "HPB"} in paired["byes"]
    assert all(4 not in pair for pair in boards_of(paired)) and any(10 in pair for pair in boards_of(paired))
    # The Pairings sheet shows the late entrant with the half point of round 1.
    sheet_rows = grids(book.path)["Pairings"].rows
    row = next(r for r in sheet_rows[3:] if r and (len(r) > 7 and 10 in (r[1], r[7])))
    assert (row[3] if row[1] == 10 else row[5]) == 0.5
    played += boards_of(paired)
    book.enter_results(2)
    assert book.recalc()[0] == 0

    # A second half-point bye is beyond Settings' limit of 1: refused at its cell, nothing written.
    type_into(book.path, "Crosstable", {res_cell(4, 4): "H"})
    before = book.path.read_bytes()
    code, _, err = book.pair()
    assert code == 2
    limit = book.settings_cell("Max half-point byes")
    assert (f"Crosstable!{res_cell(4, 4)}: player 4 Player 4: a half-point bye in round 4 (round 4's column) is "
            f"refused: it is the second and the event allows at most 1 (Settings!{limit} 'Max half-point byes' 1); "
            f"round 3 was not paired") in err
    assert "was not changed" in err and book.path.read_bytes() == before
    type_into(book.path, "Crosstable", {res_cell(4, 4): ""})   # the TD takes it back

    # Round 3: player 6's requested bye is honoured; the TD swaps the colours of board 1 by hand.
    code, paired, err = book.pair()
    assert code == 0, err
    assert {"player": 6, "kind": "HPB"} in paired["byes"]
    sheet = book.sheet()
    top = sheet.boards[0]
    rows = grids(book.path)["Pairings"].rows
    at = next(i for i, r in enumerate(rows) if r and r[0] == 1 and len(r) > 7) + 1
    white_name, black_name = rows[at - 1][2], rows[at - 1][6]
    type_into(book.path, "Pairings", {f"B{at}": top.black, f"C{at}": black_name, f"G{at}": white_name,
                                      f"H{at}": top.white})
    book.enter_results(3)
    code, out, err = book.recalc()
    assert code == 0, err
    warning = next(line for line in err.splitlines() if "round 3 was paired by hand" in line)
    assert re.search(r"\(VCL4THP Q66-69\); the engine pairs .*\b" + f"{top.white}-{top.black}", warning)
    assert f"{top.black}-{top.white}" in warning.split("the round has ")[1]
    # The manual board went into the crosstable as typed.
    assert book.crosstable_entry(top.black, 3)[:2] == (top.white, "w")
    played += [(top.black, top.white)] + [(b.white, b.black) for b in sheet.boards[1:]]

    # Player 8 withdraws before round 4 (Players' "Withdrawn from round"): not paired from round 4 on.
    type_into(book.path, "Players", {"A2": 8, "B2": "Player 8", "J2": 4})
    for r in (4, 5):
        if r == 5:
            # No requested bye in the last round (Settings: none in the last 1): refused at the cell.
            type_into(book.path, "Crosstable", {res_cell(7, 5): "H"})
            code, _, err = book.pair()
            assert code == 2 and f"Crosstable!{res_cell(7, 5)}: player 7 Player 7: a half-point bye in round 5" in err
            assert "no requested bye in its last 1 round(s)" in err
            type_into(book.path, "Crosstable", {res_cell(7, 5): ""})
        code, paired, err = book.pair()
        assert code == 0, err
        assert all(8 not in pair for pair in boards_of(paired)) and all(b["player"] != 8 for b in paired["byes"])
        assert f"player 8 Player 8 is not paired in round {r}: withdrawn from round 4 (Players!J2)" in err
        played += boards_of(paired)
        book.enter_results(r)
        assert book.recalc()[0] == 0
    assert not met(played, 1, 5)

    # The final Standings mark the withdrawal (VCL4THP Q170); the byes scored as Settings say.
    rows, table = book.standings()
    assert rows[0][0] == "Spring Open - Standings after round 5 of 5 (final)"
    header = table[0]
    assert header[-1] == "Withdrawn"
    by_sno = {r[1]: r for r in table[1:]}
    gone = {s: (r + [None] * len(header))[len(header) - 1] for s, r in by_sno.items()}
    assert gone == {s: "from round 4" if s == 8 else None for s in range(1, 11)}
    assert len(by_sno) == 10

    # pair --check BOOK: only the round paired by hand differs; the TRF export marks it (### MPA).
    code, out, err = run(capsys, "pair", book.path, "--check")
    assert code == 1, err
    assert "Round 3: the recorded pairing differs" in out and "1 of 5 round(s) differ" in out
    export = tmp_path / "event.trf"
    code, _, err = run(capsys, "pair", book.path, "--check", "--format", "trf", "--output", export)
    assert code == 1
    # The file's start ranks are the pairing numbers (C.04.2): the late entrant is 1, the others moved down one.
    assert ("the TRF is numbered by the pairing numbers (C.04.2), not the book's SNo: 1 is 2, 2 is 3, 3 is 4, 4 is 5, "
            "5 is 6, 6 is 7, 7 is 8, 8 is 9, 9 is 10, 10 is 1") in err
    mpa = [line for line in export.read_text(encoding="utf-8").splitlines() if line.startswith("### MPA")]
    assert len(mpa) == 1 and mpa[0].startswith("### MPA @ Round 3: ")
    lines = export.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == ["012 Spring Open", "XXR 5", "260 1 5 2 6"]   # the Settings row (players 1 and 5)
    # The export is a TRF file the engine reads back: the same verdict on it.
    code, again, _ = run(capsys, "pair", export, "--check")
    assert code == 1 and "Round 3: the recorded pairing differs" in again and "1 of 5 round(s) differ" in again


def test_a_forty_player_event_day_through_the_workbook(tmp_path, capsys):
    names = [f"Member {i:02d}" for i in range(1, 41)]
    players = [(name, 2300 - 15 * i) for i, name in enumerate(names)]
    book = Book.new(tmp_path, capsys, players[:39], 7, {
        "Event": "Club Championship", "Max half-point byes": 2, "No byes in last rounds": 2, "Late entries": "zero",
        "pair": ("Member 03", "Member 23")})
    forbidden = (3, 23)

    def play(r: int) -> dict:
        code, paired, err = book.pair()
        assert code == 0, err
        assert paired["round"] == r and not met(boards_of(paired), *forbidden)
        said.append(err)
        return paired

    said: list[str] = []

    for r in (1, 2):
        play(r)
        book.enter_results(r)
        assert book.recalc()[0] == 0
    # After round 2: a late entrant rated between SNo 10 and 11, and two requested byes.
    book.type_players([("Late, Lars", 2160)], first=40)
    type_into(book.path, "Crosstable", {res_cell(12, 3): "H", res_cell(30, 4): "Z"})
    paired = play(3)
    assert {"player": 12, "kind": "HPB"} in paired["byes"] and any(40 in p for p in boards_of(paired))
    assert ("player 40 Late, Lars enters in round 3: rounds 1-2 scored as zero-point byes; the initial ranking "
            "(C.04.2) gives pairing number 11, the players after move down one") in said[-1]
    book.enter_results(3)
    assert book.recalc()[0] == 0
    # Round 4: the TD pairs the two club mates on the Pairings sheet by hand (swapping opponents).
    paired = play(4)
    assert {"player": 30, "kind": "ZPB"} in paired["byes"]
    sheet = book.sheet()
    (i, on_a), (j, on_b) = [(k, bd) for k, bd in enumerate(sheet.boards) if set(forbidden) & {bd.white, bd.black}]
    a, b = (on_a.white if on_a.white in forbidden else on_a.black), (on_b.white if on_b.white in forbidden else on_b.black)
    x = on_a.black if on_a.white == a else on_a.white     # a's opponent, who gets b's place

    def side(board, player, row: int) -> tuple[str, str]:   # (number cell, name cell) of a player's side
        return (f"B{row}", f"C{row}") if board.white == player else (f"H{row}", f"G{row}")

    number_a, name_a = side(on_a, x, 4 + i)
    number_b, name_b = side(on_b, b, 4 + j)
    cells = {number_a: b, name_a: names[b - 1], number_b: x, name_b: names[x - 1]}
    type_into(book.path, "Pairings", cells)
    book.enter_results(4)
    code, _, err = book.recalc()
    assert code == 0, err
    warnings = [line for line in err.splitlines() if "warning:" in line]
    pair = f"{a}-{b}" if on_a.white == a else f"{b}-{a}"
    (hand,) = [w for w in warnings if "round 4 was paired by hand" in w]
    assert f"{pair} is a forbidden pair (the forbidden pair of Settings!B" in hand and "treats as already met" in hand
    assert f"warning: round 4: {pair} is paired although the forbidden pair of Settings!B" in err
    # Member 35 withdraws from round 5.
    type_into(book.path, "Players", {"A2": 35, "J2": 5})
    for r in (5, 6, 7):
        paired = play(r)
        assert all(35 not in p for p in boards_of(paired))
        book.enter_results(r)
        assert book.recalc()[0] == 0
    _, table = book.standings()
    by_sno = {row[1]: row for row in table[1:]}
    assert by_sno[35][table[0].index("Withdrawn")] == "from round 5" and len(by_sno) == 40
    code, out, _ = run(capsys, "pair", book.path, "--check")
    assert code == 1 and "1 of 7 round(s) differ" in out and "Round 4:" in out
