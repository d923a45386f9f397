"""A throw-away venv for end-to-end plugin tests: it sees the project's installed packages (so
rulesengine and its dependencies need no download) and gets the given local packages installed."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path


def fresh_venv(venv: Path, *packages: Path, cwd: Path | None = None) -> Path:
    """Create `venv`, let it import the project's venv, pip-install `packages`; its python."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    site_dir = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                              check=True, capture_output=True, text=True).stdout.strip()
    # Processing that venv's .pth files too: the editable install lives in one.
    ours = sysconfig.get_paths()["purelib"]
    Path(site_dir, "rulesengine_parent.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    for package in packages:  # each package's build backend comes from the package index, as for any user
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(package)], check=True,
                       cwd=cwd)
    return python
