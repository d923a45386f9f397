"""Build the workbook templates TDs start from: `python workbook_templates/build_templates.py [OUT_DIR]`.

The builder lives in the package (`rulesengine.workbook.templates`, also behind
`rulesengine new-workbook swiss|round-robin|season OUT.xlsx`); this script writes its default set
here. Commit the rebuilt files: tests/workbook/test_templates.py checks they are its output.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rulesengine.workbook.templates import build

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    for built in build(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE):
        print(built)
