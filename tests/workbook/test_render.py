"""The look checked the way a person would: each template, and a recalculated book, printed by
LibreOffice to PDF (and PNG, kept under tests/artifacts/ for CI to publish), then read back with
poppler's pdftotext and pdfinfo: how many pages, whether every page has the header (one page
wide), whether every text is there whole (no truncated or overlapping cell).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from rulesengine.workbook.route import pair_workbook, recalc_workbook

from tool_check import skip_unless_tool
from typed_books import DATA, type_into_template

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "render"
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
POPPLER = all(shutil.which(tool) for tool in ("pdftotext", "pdfinfo", "pdftoppm"))


@pytest.fixture(scope="module")
def tools():
    skip_unless_tool(None if SOFFICE else "LibreOffice (soffice) is not installed")
    skip_unless_tool(None if POPPLER else "poppler-utils (pdftotext, pdfinfo, pdftoppm) are not installed")


def only_sheet(source: Path, sheet: str, out: Path) -> Path:
    """A copy of the workbook with one sheet, so its PDF pages are that sheet's alone."""
    wb = openpyxl.load_workbook(source)
    for name in wb.sheetnames:
        if name != sheet:
            del wb[name]
    wb.save(out)
    return out


def to_pdf(books: list[Path], tmp_path: Path) -> dict[str, Path]:
    out = tmp_path / "pdf"
    run = subprocess.run([SOFFICE, f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless",
                          "--norestore", "--convert-to", "pdf", "--outdir", str(out), *map(str, books)],
                         capture_output=True, text=True, timeout=300, env={**os.environ, "HOME": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    pdfs = {book.stem: out / f"{book.stem}.pdf" for book in books}
    for stem, pdf in pdfs.items():
        assert pdf.exists(), f"LibreOffice made no PDF of {stem}: {run.stdout} {run.stderr}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        subprocess.run(["pdftoppm", "-png", "-r", "50", str(pdf), str(ARTIFACTS / stem)], check=True, timeout=120)
    return pdfs


def pages(pdf: Path) -> list[str]:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))
    return [subprocess.run(["pdftotext", "-layout", "-f", str(k), "-l", str(k), str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout for k in range(1, count + 1)]


def words(text: str) -> str:
    return " ".join(text.split())


def cell_texts(path: Path, sheet: str, column: int, first_row: int = 1) -> list[str]:
    ws = openpyxl.load_workbook(path)[sheet]
    return [ws.cell(row=r, column=column).value for r in range(first_row, ws.max_row + 1)
            if isinstance(ws.cell(row=r, column=column).value, str)]


def test_templates_print_whole_and_one_page_wide(tools, tmp_path):
    books = {}
    for name, crosstable in (("swiss", "Crosstable"), ("round_robin", "Crosstable"), ("club_season", "Evening 1")):
        for sheet in ("Instructions", "Settings", crosstable):
            stem = f"{name}-{sheet.replace(' ', '_')}"
            books[(name, sheet)] = only_sheet(TEMPLATES / f"{name}.xlsx", sheet, tmp_path / f"{stem}.xlsx")
    pdfs = to_pdf(list(books.values()), tmp_path)
    for (name, sheet), book in books.items():
        printed = pages(pdfs[book.stem])
        if sheet == "Instructions":
            assert len(printed) == 1, name
            text = words(printed[0])
            for line in cell_texts(book, sheet, 2):  # every step whole: no row too short for its text
                assert words(line) in text, (name, line)
            assert "Berg, Ana" in text and "NOR" in text
        elif sheet == "Settings":
            assert len(printed) == 1, name  # explanations on the same page as their settings
            text = words(printed[0])
            for meaning in cell_texts(book, sheet, 3, first_row=2):
                assert words(meaning) in text, (name, meaning)
        else:
            # Many pages down, one across: every page repeats the header, Pts (the last column) included.
            assert all("SNo" in page or "No." in page for page in printed), name
            assert all("Pts" in page for page in printed), name


def test_the_standings_of_a_45_player_event_print_one_page_wide(tools, tmp_path):
    """The bar: a big event's Standings on one page wide, header and all tie-breaks on each page.
    Applying SheetLook (fit to width, landscape) is the adapters' part: until the openpyxl
    adapter applies it, a miss here is expected, not a failure."""
    book = type_into_template(tmp_path / "spring_open.xlsx", DATA / "sw21_n45_r9_forfeits.trf",
                              settings={"Event": "Spring Open 2026"})
    plan = recalc_workbook(book).plan
    assert plan.writes[0].look.fit_width  # asked for; the adapter applies it
    standings = only_sheet(book, "Standings", tmp_path / "spring_open-Standings.xlsx")
    printed = pages(to_pdf([standings], tmp_path)[standings.stem])
    look = plan.writes[0].look
    # Whether the adapter applied the look: its widths are on the sheet (the template's own print
    # setup would otherwise pass for the adapter's).
    applied = openpyxl.load_workbook(book)["Standings"].column_dimensions["C"].width == look.column_widths[2]
    header = [str(v) for v in plan.writes[0].rows[look.header_rows[0]]]
    # One page wide, header repeated: every page has the header's first and last labels.
    one_page_wide = all(all(label in page for label in ("Rank", header[-1])) for page in printed)
    if not one_page_wide and not applied:
        pytest.xfail("the openpyxl adapter does not apply SheetLook yet")
    assert one_page_wide
    text = words(" ".join(printed))
    assert "Spring Open 2026 - Standings after round 9 of 9 (final)" in text
    for row in plan.standings.rows:
        assert row.name in text


# ----------------------------------------------------------- the printed size (issue 23 item 2)

def word_heights(pdf: Path) -> list[float]:
    """The height of every word's box on the PDF's pages (points): the printed font size, scaled."""
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [float(m.group(2)) - float(m.group(1))
            for m in re.finditer(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', boxes)]


def page_size(pdf: Path) -> str:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return re.search(r"^Page size:\s+(.*)$", info, re.MULTILINE).group(1)


def with_paper(path: Path, paper: int | None) -> Path:
    """The TD's sheets set to print on `paper` (ECMA-376 paperSize: 1 Letter, 9 A4), as a TD's A4
    workbook is; None leaves them without one (the locale's paper)."""
    if paper is not None:
        wb = openpyxl.load_workbook(path)
        for ws in wb.worksheets:
            ws.page_setup.paperSize = paper
        wb.save(path)
    return path


@pytest.mark.parametrize("paper, printed_on", [(9, "A4"), (1, "letter")])
def test_every_engine_sheet_of_a_45_player_event_prints_at_full_size_on_the_books_paper(tools, tmp_path, paper,
                                                                                          printed_on):
    """The bar: Pairings, Standings and Explain of a big event, read back from LibreOffice's PDF,
    print on the workbook's paper at no less than 85 % of normal (the words' height beside a
    sheet printed at 100 %), on the pages expected, with their titles whole."""
    event = DATA / "sw21_n45_r9_forfeits.trf"
    name = "Spring Open 2026 at the Grand Hall of the Riverside Chess Club, Main Tournament"
    book = with_paper(type_into_template(tmp_path / f"open{paper}.xlsx", event, rounds=8,
                                         settings={"Event": name, "Rounds": 9}), paper)
    pair_workbook(book)
    recalc_workbook(book, explain=["1", "2"])
    sheets = {sheet: only_sheet(book, sheet, tmp_path / f"open{paper}-{sheet}.xlsx")
              for sheet in ("Pairings", "Standings", "Explain")}
    normal = tmp_path / f"normal{paper}.xlsx"   # the same font, surely at 100 %: one short line
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Normal size"
    wb.active.page_setup.paperSize = paper
    wb.save(normal)
    pdfs = to_pdf([*sheets.values(), normal], tmp_path)
    full = max(word_heights(pdfs[normal.stem]))
    for sheet, path in sheets.items():
        pdf = pdfs[path.stem]
        assert page_size(pdf).endswith(f"({printed_on})"), sheet
        body = sorted(word_heights(pdf))
        assert body[len(body) // 2] >= 0.85 * full, (sheet, body[len(body) // 2], full)   # the body text
        assert body[0] >= 0.85 * full * 0.9, (sheet, body[0], full)   # none much smaller (italic, bold)
    text = {sheet: pages(pdfs[path.stem]) for sheet, path in sheets.items()}
    assert len(text["Pairings"]) == 1   # the page pinned up: 22 boards and the bye on one page
    assert len(text["Standings"]) == 2 and len(text["Explain"]) <= 4
    for sheet in ("Pairings", "Standings"):
        assert name.split(",")[0] in words(text[sheet][0])   # the title wrapped, not cut
    standings = words(" ".join(text["Standings"]))
    assert "Round 9" in words(text["Pairings"][0]) and "Standings after round 8 of 9" in standings
    assert "Computed by rulesengine" in standings and "Legend" in standings
    # The legend's page starts with players under the repeated header, never with the legend alone.
    last = words(text["Standings"][-1])
    assert last.index("Legend") > last.index("Rank") + 40
