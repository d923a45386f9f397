"""Spreadsheet-side tests: the xlwings adapter (fake and real JSON book), LibreOffice, Pyodide.

The helpers beside this file (fake_xlwings, excel_sample) are plain modules; pytest
runs with --import-mode=importlib, so this folder is put on sys.path for them.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
