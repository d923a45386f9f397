"""The two ways a TD presses Recalculate, both ending in `rulesengine.excel.recalculate(book)`:
the xlwings Lite script (excel/lite/) and the ribbon add-in (excel/addin/).

Excel itself is not here, so the scripts run against the fake book, with a stand-in `xlwings`
module when xlwings is not installed; the .xlam is checked structurally (LibreOffice cannot open
add-ins, shared/docs/excel.md).
"""

from __future__ import annotations

import copy
import importlib.util
import re
import sys
import types
import zipfile
from pathlib import Path

import pytest

import excel_sample as sample
from fake_xlwings import FakeBook
from rulesengine.workbook.sheets.standings import standings_table

REPO = Path(__file__).resolve().parents[2]
LITE = REPO / "excel" / "lite"
ADDIN = REPO / "excel" / "addin"


def _load(path: Path, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def xlwings_module(monkeypatch):
    """The real xlwings when installed (its decorators are no-ops outside Excel), else a stand-in."""
    try:
        import xlwings
        return xlwings
    except ImportError:
        stub = types.ModuleType("xlwings")
        stub.script = lambda f=None, **kwargs: f if f is not None else (lambda g: g)
        stub.Book = type("Book", (), {})
        monkeypatch.setitem(sys.modules, "xlwings", stub)
        return stub


def _standings(book: FakeBook) -> list[list]:
    rows = book.after_script()["Standings"]
    return [row[:4] for row in standings_table(rows)[1:]]


def test_lite_script_recalculates_the_book_it_is_given(xlwings_module):
    main = _load(LITE / "main.py", "lite_main")
    book = FakeBook(copy.deepcopy(sample.SHEETS))
    main.recalculate(book)
    assert {row[2]: row[3] for row in _standings(book)} == sample.POINTS


def test_lite_requirements_do_not_name_the_unrelated_pypi_rulesengine():
    lines = [line.strip() for line in (LITE / "requirements.txt").read_text().splitlines()]
    packages = [line for line in lines if line and not line.startswith("#")]
    assert "xlwings" in packages
    # "rulesengine" on PyPI is someone else's project: the engine is chess-rulesengine (a wheel URL
    # until it is published).
    assert not any(re.fullmatch(r"rulesengine\s*([<>=!~].*)?", p) for p in packages)


def test_addin_button_recalculates_the_calling_workbook(monkeypatch):
    book = FakeBook(copy.deepcopy(sample.SHEETS))
    stub = types.ModuleType("xlwings")
    stub.Book = type("Book", (), {"caller": staticmethod(lambda: book)})
    monkeypatch.setitem(sys.modules, "xlwings", stub)
    addin = _load(ADDIN / "rulesengine_td.py", "rulesengine_td")
    addin.main()
    assert {row[2]: row[3] for row in _standings(book)} == sample.POINTS


def test_addin_ribbon_has_one_recalculate_button_wired_to_the_quickstart_vba():
    with zipfile.ZipFile(ADDIN / "rulesengine_td.xlam") as xlam:
        assert xlam.testzip() is None
        names = set(xlam.namelist())
        assert {"xl/vbaProject.bin", "customUI/customUI.xml", "[Content_Types].xml", "xl/workbook.xml"} <= names
        ui = xlam.read("customUI/customUI.xml").decode()
        content_types = xlam.read("[Content_Types].xml").decode()
    labels = re.findall(r'<button [^>]*label="([^"]+)"', ui)
    assert labels == ["Recalculate"]
    assert 'onAction="RibbonMyAddin.RunMain"' in ui  # the sub in the quickstart's compiled VBA
    assert 'label="Chess TD"' in ui
    assert "application/vnd.ms-excel.addin.macroEnabled.main+xml" in content_types
    # RunMain imports the module named after the add-in file.
    assert (ADDIN / "rulesengine_td.py").exists()


def test_addin_vba_project_holds_the_ribbon_module():
    with zipfile.ZipFile(ADDIN / "rulesengine_td.xlam") as xlam:
        vba = xlam.read("xl/vbaProject.bin")
    assert vba.startswith(bytes.fromhex("d0cf11e0a1b11ae1"))  # an OLE compound file
    assert "RibbonMyAddin".encode("utf-16-le") in vba  # its stream, named in the OLE directory


def test_lite_explain_script_writes_the_explain_sheet(xlwings_module):
    main = _load(LITE / "main.py", "lite_main")
    book = FakeBook(copy.deepcopy(sample.SHEETS))
    main.explain(book, "Kai, 1")
    explained = book.after_script()["Explain"]
    players = [row[2] for row in explained if row and row[0] == "Player"]
    assert players == ["Kai", "Ana"]


def test_build_addin_reproduces_the_committed_xlam(tmp_path):
    xlwings = pytest.importorskip("xlwings")
    hint = f"xlwings {xlwings.__version__} ships another add-in template: run excel/addin/build_addin.py"
    build = _load(ADDIN / "build_addin.py", "build_addin")
    build.build(tmp_path / "rulesengine_td.xlam")
    with zipfile.ZipFile(tmp_path / "rulesengine_td.xlam") as new, \
            zipfile.ZipFile(ADDIN / "rulesengine_td.xlam") as committed:
        assert new.namelist() == committed.namelist(), hint
        for name in new.namelist():
            assert new.read(name) == committed.read(name), f"{name}: {hint}"
