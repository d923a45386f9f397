"""The team book printed as a TD prints it (LibreOffice -> PDF, read back with poppler): the Team
Standings of a recalculated event on one page with every team, value and the legend; every page
of the Matches sheet headed by its column names (PNG pages kept under tests/artifacts/render)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from fixture_data import fixture_files
from rulesengine import api
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.team.template import new_team_workbook
from tool_check import skip_unless_tool

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
POPPLER = all(shutil.which(tool) for tool in ("pdftotext", "pdfinfo", "pdftoppm"))
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "render"
TRF = next(p for p in fixture_files("team", "*.trf") if p.stem == "sw02_t9_b4_r5_pab")


def _pages(book: Path, sheet: str, tmp_path: Path) -> list[str]:
    """The sheet alone printed to PDF: each page's text (and a PNG of each page as an artifact)."""
    wb = openpyxl.load_workbook(book)
    for name in wb.sheetnames:
        if name != sheet:
            del wb[name]
    single = tmp_path / f"team_{sheet.replace(' ', '_').lower()}.xlsx"
    wb.save(single)
    out = tmp_path / "pdf"
    run = subprocess.run([SOFFICE, f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless",
                          "--norestore", "--convert-to", "pdf", "--outdir", str(out), str(single)],
                         capture_output=True, text=True, timeout=300, env={**os.environ, "HOME": str(tmp_path)})
    pdf = out / f"{single.stem}.pdf"
    assert run.returncode == 0 and pdf.exists(), run.stderr
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "50", str(pdf), str(ARTIFACTS / single.stem)], check=True, timeout=120)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))
    return [subprocess.run(["pdftotext", "-layout", "-f", str(k), "-l", str(k), str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout for k in range(1, count + 1)]


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    skip_unless_tool(None if SOFFICE else "LibreOffice (soffice) is not installed")
    skip_unless_tool(None if POPPLER else "poppler-utils (pdftotext, pdfinfo, pdftoppm) are not installed")
    tmp_path = tmp_path_factory.mktemp("team_render")
    book = tmp_path / "team.xlsx"
    new_team_workbook("team-swiss", book, event=read_team_trf(TRF))
    recalc_workbook(book)
    return {sheet: _pages(book, sheet, tmp_path) for sheet in ("Team Standings", "Matches")}


def test_the_team_standings_print_on_one_page_whole(printed):
    (page,) = printed["Team Standings"]
    run = api.team_standings(read_team_trf(TRF))
    lines = [" ".join(line.split()) for line in page.splitlines()]
    for row in run.standings.rows:
        values = " ".join(f"{float(v):g}" for v in (row.team.match_points, row.team.game_points,
                                                    *row.values.values()))
        assert f"{row.rank} {row.team.number} {row.team.name} {values}" in lines
    assert "Rank Team Name MP GP EMGSB/C1 GPTS BH:MP/C1" in lines
    assert any(line.startswith("Legend Rank: teams still tied") for line in lines)
    assert any(line.startswith("BH:MP/C1 Buchholz") for line in lines)


def test_every_matches_page_has_the_column_names(printed):
    pages = printed["Matches"]
    assert len(pages) >= 2
    for text in pages:
        head = " ".join(text.split("\n", 3)[:3])   # "Result (home-away)" and "Home colour" wrap in two lines
        assert re.search(r"Round\s+Board\s+Home", head) and "Result" in head and "(home-away)" in head
    assert "Linz Rooks" in " ".join(pages) and "PAB" in " ".join(pages)
