"""Rebuild `rulesengine_td.xlam` from xlwings' own ribbon add-in template, with our ribbon labels.

    .venv/bin/pip install xlwings && .venv/bin/python excel/addin/build_addin.py

Runs `xlwings quickstart rulesengine_td --addin --ribbon` in a temporary folder (it only copies a
template shipped in the xlwings wheel, so it works on Linux) and rewrites `customUI/customUI.xml`
inside the .xlam: tab "Chess TD", one large button "Recalculate". The compiled VBA
(`xl/vbaProject.bin`) is copied unchanged; its `RibbonMyAddin.RunMain` runs
`import rulesengine_td; rulesengine_td.main()`, the module being named after the add-in file.
The module `rulesengine_td.py` here is ours, not the quickstart's sample.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

NAME = "rulesengine_td"
HERE = Path(__file__).resolve().parent
CUSTOM_UI = """<customUI xmlns="http://schemas.microsoft.com/office/2006/01/customui">
    <ribbon>
        <tabs>
            <tab id="rulesengineTab" label="Chess TD">
                <group id="rulesengineGroup" label="Tournament">
                    <button id="recalculateButton" label="Recalculate" size="large"
                            onAction="RibbonMyAddin.RunMain" imageMso="CalculateNow"
                            screentip="Recalculate standings, tie-breaks and ratings of the active workbook" />
                </group>
            </tab>
        </tabs>
    </ribbon>
</customUI>
"""


def build(target: Path) -> None:
    xlwings_cli = shutil.which("xlwings", path=str(Path(sys.executable).parent)) or shutil.which("xlwings")
    if xlwings_cli is None:
        raise SystemExit("xlwings is not installed: pip install xlwings")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([xlwings_cli, "quickstart", NAME, "--addin", "--ribbon"], cwd=tmp, check=True)
        source = Path(tmp) / NAME / f"{NAME}.xlam"
        with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
            for item in zin.infolist():
                data = zin.read(item.filename)
                if item.filename == "customUI/customUI.xml":
                    data = CUSTOM_UI.encode("utf-8")
                zout.writestr(item, data)


if __name__ == "__main__":
    build(HERE / f"{NAME}.xlam")
    print(f"wrote {HERE / (NAME + '.xlam')}")
