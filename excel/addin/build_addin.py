"""Rebuild the ribbon add-ins from xlwings' own ribbon add-in template, with our ribbon labels.

    .venv/bin/pip install xlwings && .venv/bin/python excel/addin/build_addin.py

Runs `xlwings quickstart NAME --addin --ribbon` in a temporary folder (it only copies a
template shipped in the xlwings wheel, so it works on Linux) and rewrites `customUI/customUI.xml`
inside the .xlam. The compiled VBA (`xl/vbaProject.bin`) is copied unchanged; its one ribbon
callback `RibbonMyAddin.RunMain` runs `import NAME; NAME.main()`, NAME being the add-in file's
name. Changing the VBA needs Excel (there is no VBA compiler here), so each button is its own
add-in file with its own module, and both put their button on one shared tab "Chess TD"
(`idQ` in a shared namespace, so Excel merges the tabs and groups of the two add-ins):

- `rulesengine_td.xlam`   -> `rulesengine_td.main()`: "Recalculate";
- `rulesengine_pair.xlam` -> `rulesengine_pair.main()`: "Pair next round".

The modules `rulesengine_td.py` and `rulesengine_pair.py` here are ours, not the quickstart's sample.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

NAME = "rulesengine_td"
PAIR_NAME = "rulesengine_pair"
HERE = Path(__file__).resolve().parent
_UI = """<customUI xmlns="http://schemas.microsoft.com/office/2006/01/customui" xmlns:td="urn:rulesengine:chess-td">
    <ribbon>
        <tabs>
            <tab idQ="td:rulesengineTab" label="Chess TD">
                <group idQ="td:rulesengineGroup" label="Tournament">
                    {button}
                </group>
            </tab>
        </tabs>
    </ribbon>
</customUI>
"""
BUTTONS = {
    NAME: """<button id="recalculateButton" label="Recalculate" size="large"
                            onAction="RibbonMyAddin.RunMain" imageMso="CalculateNow"
                            screentip="Recalculate standings, tie-breaks and ratings of the active workbook; results entered on its Pairings sheet go into the crosstable" />""",
    PAIR_NAME: """<button id="pairNextRoundButton" label="Pair next round" size="large"
                            onAction="RibbonMyAddin.RunMain" imageMso="TableInsert"
                            screentip="Pair the next round (FIDE Dutch system) onto the Pairings sheet of the active workbook" />""",
}
CUSTOM_UI = _UI.format(button=BUTTONS[NAME])


def custom_ui(name: str) -> str:
    """The ribbon of add-in `name`: its one button on the shared Chess TD tab."""
    return _UI.format(button=BUTTONS[name])


def build(target: Path) -> None:
    """Build the add-in named by `target`'s file name (rulesengine_td.xlam or rulesengine_pair.xlam)."""
    name = target.stem
    xlwings_cli = shutil.which("xlwings", path=str(Path(sys.executable).parent)) or shutil.which("xlwings")
    if xlwings_cli is None:
        raise SystemExit("xlwings is not installed: pip install xlwings")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([xlwings_cli, "quickstart", name, "--addin", "--ribbon"], cwd=tmp, check=True,
                       capture_output=True)
        source = Path(tmp) / name / f"{name}.xlam"
        with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
            for item in zin.infolist():
                data = zin.read(item.filename)
                if item.filename == "customUI/customUI.xml":
                    data = custom_ui(name).encode("utf-8")
                zout.writestr(item, data)


if __name__ == "__main__":
    for add_in in (NAME, PAIR_NAME):
        build(HERE / f"{add_in}.xlam")
        print(f"wrote {HERE / (add_in + '.xlam')}")
