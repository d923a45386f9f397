"""The event day's pages printed (issue 23, the bar): the Pairings sheet of a round with a requested
bye and a withdrawal, and the Standings with the Withdrawn column, rendered by LibreOffice on the
book's A4 paper, at no less than 85 % of normal size, one page each, nothing cut."""

from __future__ import annotations

import openpyxl

from event_day_cycle import Book, res_cell, type_into
from test_render import only_sheet, page_size, pages, to_pdf, tools, with_paper, word_heights, words

__all__ = ["tools"]   # the fixture that skips without LibreOffice and poppler


def test_the_event_day_pages_print_at_full_size_on_a4(tools, tmp_path, capsys):
    players = [(f"Spieler {i}, Jürgen-Maximilian", 2250 - 50 * i) for i in range(1, 10)]
    book = Book.new(tmp_path, capsys, players, 5, {"Event": "Spring Open 2026 of the Riverside Chess Club",
                                                   "Late entries": "half", "pair": (1, 5)})
    with_paper(book.path, 9)
    for r in (1, 2, 3):
        if r == 2:
            book.type_players([("Late, Lena", 2400)], first=10)
        if r == 3:
            type_into(book.path, "Crosstable", {res_cell(4, 3): "H"})
            type_into(book.path, "Players", {"A2": 8, "J2": 3})
        code, _, err = book.pair()
        assert code == 0, err
        book.enter_results(r)
        assert book.recalc()[0] == 0
    sheets = {sheet: only_sheet(book.path, sheet, tmp_path / f"day-{sheet}.xlsx") for sheet in ("Pairings", "Standings")}
    normal = tmp_path / "normal.xlsx"
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Normal size"
    wb.active.page_setup.paperSize = 9
    wb.save(normal)
    pdfs = to_pdf([*sheets.values(), normal], tmp_path)
    full = max(word_heights(pdfs[normal.stem]))
    for sheet, path in sheets.items():
        pdf = pdfs[path.stem]
        assert page_size(pdf).endswith("(A4)"), sheet
        body = sorted(word_heights(pdf))
        assert body[len(body) // 2] >= 0.85 * full, (sheet, body[len(body) // 2], full)
        assert len(pages(pdf)) == 1, sheet
    pairings = words(pages(pdfs[sheets["Pairings"].stem])[0])
    assert "Round 3" in pairings and "HPB" in pairings and "Late, Lena" in pairings
    assert "Spieler 8," not in pairings   # withdrawn from round 3: not on the page at all
    standings = words(pages(pdfs[sheets["Standings"].stem])[0])
    assert "Withdrawn" in standings and "from round 3" in standings
