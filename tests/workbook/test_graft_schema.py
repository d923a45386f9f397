"""The parts the graft writes validate against the ECMA-376 schemas (as the Open XML SDK checks them).

The validator is `openxml-audit` (PyPI; a pure-Python port of the Open XML SDK's validation),
run from its own throw-away venv so its lxml does not change how openpyxl writes in ours:

    python3 -m venv /work/peers/ooxml && /work/peers/ooxml/bin/pip install openxml-audit
    RULESENGINE_OOXML_VALIDATOR=/work/peers/ooxml/bin/openxml-audit pytest tests/workbook/test_graft_schema.py

Skips when no validator is found (it is a check for developers, not a runtime need). Every error
in a result must already be in the TD's own file: nothing we write adds one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.io.graft import prepare_graft
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.plan import STYLE_MARK, LineChart, SheetLook, SheetWrite

VALIDATOR = os.environ.get("RULESENGINE_OOXML_VALIDATOR") or shutil.which("openxml-audit") or next(
    (str(p) for p in (Path("/work/peers/ooxml/bin/openxml-audit"),) if p.exists()), None)
EVENT = tournament_from_text(["Zoë Ødegaard", "محمد الأحمد", "Пётр Иванов"], ["1-2 1-0", "2-3 =", "3-1 0-1"])


def findings(path: Path) -> set[tuple[str, str, str]]:
    run = subprocess.run([VALIDATOR, "-o", "json", "-m", "0", str(path)], capture_output=True, text=True, timeout=300)
    report = json.loads(run.stdout)[0]
    return {(e["part_uri"], e["path"], e["description"]) for e in report["errors"] if e["severity"] == "error"}


@pytest.fixture(autouse=True)
def _validator():
    if VALIDATOR is None:
        pytest.skip("no OOXML validator (set RULESENGINE_OOXML_VALIDATOR to openxml-audit's path)")


def test_recalc_adds_no_schema_error(tmp_path):
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(EVENT, "template")])
    before = findings(path)
    assert recalc_workbook(path).route == "graft"
    assert findings(path) <= before


def test_a_sheet_with_every_look_field_adds_no_schema_error(tmp_path):
    xlsxwriter = pytest.importorskip("xlsxwriter")
    path = tmp_path / "club.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    wb.add_worksheet("Notes").write("A1", "Prize fund", wb.add_format({"bold": True}))
    wb.close()
    rows = (("Club ladder",), ("Date", "Zoë", "Bo"), ("2026-01-01", 1500, 1400), ("2026-02-01", 1510.5, 1390))
    look = SheetLook(title_rows=(0,), header_rows=(1,), number_formats={1: "0.0", 2: "0.0"}, right_aligned=(1, 2),
                     column_widths={0: 12}, freeze_rows=2, repeat_rows=(0, 1), merge_rows=(0,),
                     cell_styles={(3, 1): STYLE_MARK}, comments={(3, 1): "provisional"},
                     charts=(LineChart("Ratings", 1, 2, 3, 0, (1, 2), "E2", y_title="Rating"),))
    before = findings(path)
    prepare_graft(path, [SheetWrite("Ladder", rows, look=look)])(str(tmp_path / "out.xlsx"))
    assert findings(tmp_path / "out.xlsx") <= before
